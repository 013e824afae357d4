//! Python methods on template values: `dict.update`, `list.append`, `str.split`... Jinja2
//! exposes the Python object's methods; minijinja only calls what we provide here.

use crate::args::{py_type, type_error, PyArgs};
use crate::mutable::{make_mutable, MutList, MutMap};
use crate::repr::{py_repr, py_str};
use crate::{pyformat, pystr};
use minijinja::value::{ObjectRepr, Value, ValueKind};
use minijinja::{Error, ErrorKind, State};
use std::sync::Arc;

fn unknown(v: &Value, method: &str) -> Error {
    Error::new(
        ErrorKind::UndefinedError,
        format!("{} has no attribute '{}'", jinja_type_repr(v), method),
    )
}

fn key_error(k: &Value) -> Error {
    Error::new(
        ErrorKind::InvalidOperation,
        format!("KeyError: {}", py_repr(k)),
    )
}

/// Entries of any mapping-like value (mutable or not).
pub fn map_entries(v: &Value) -> Option<Vec<(Value, Value)>> {
    if let Some(m) = crate::mutable::as_mut_map(v) {
        return Some(m.entries());
    }
    let obj = v.as_object()?;
    if obj.repr() != ObjectRepr::Map {
        return None;
    }
    Some(obj.try_iter_pairs()?.collect())
}

/// Items of any sequence-like value.
pub fn seq_items(v: &Value) -> Option<Vec<Value>> {
    if let Some(l) = crate::mutable::as_mut_list(v) {
        return Some(l.items());
    }
    match v.kind() {
        ValueKind::Seq | ValueKind::Iterable => v.try_iter().ok().map(|i| i.collect()),
        _ => None,
    }
}

pub fn dict_method(
    _state: &mut State,
    m: &Arc<MutMap>,
    method: &str,
    args: &[Value],
) -> Result<Value, Error> {
    let a = PyArgs::new(args);
    match method {
        "get" => {
            let k = a.require(0, "key", "get")?;
            Ok(m.get(&k)
                .unwrap_or_else(|| a.get(1, "default").unwrap_or(Value::from(()))))
        }
        "items" => Ok(MutList::new(
            m.entries()
                .into_iter()
                .map(|(k, v)| Value::from((k, v)))
                .collect(),
        )
        .into_value()),
        "keys" => Ok(MutList::new(m.keys()).into_value()),
        "values" => Ok(MutList::new(m.values()).into_value()),
        "update" => {
            if let Some(other) = a.pos.first() {
                update_from(m, other)?;
            }
            for (k, v) in a.kw {
                m.insert(Value::from(k), v);
            }
            Ok(Value::from(()))
        }
        "copy" => Ok(m.copy().into_value()),
        "setdefault" => {
            let k = a.require(0, "key", "setdefault")?;
            if let Some(v) = m.get(&k) {
                return Ok(v);
            }
            let d = a.get(1, "default").unwrap_or(Value::from(()));
            m.insert(k, d.clone());
            Ok(d)
        }
        "pop" => {
            let k = a.require(0, "key", "pop")?;
            match m.remove(&k) {
                Some(v) => Ok(v),
                None => a.get(1, "default").ok_or_else(|| key_error(&k)),
            }
        }
        "popitem" => m.pop_last().map(Value::from).ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidOperation,
                "KeyError: 'popitem(): dictionary is empty'",
            )
        }),
        "clear" => {
            m.clear();
            Ok(Value::from(()))
        }
        _ => Err(Error::new(
            ErrorKind::UnknownMethod,
            format!("'dict object' has no attribute '{method}'"),
        )),
    }
}

/// `dict.update(other)`: from a mapping or an iterable of pairs.
fn update_from(m: &MutMap, other: &Value) -> Result<(), Error> {
    if let Some(entries) = map_entries(other) {
        for (k, v) in entries {
            m.insert(k, v);
        }
        return Ok(());
    }
    let items = seq_items(other)
        .ok_or_else(|| type_error(format!("'{}' object is not iterable", py_type(other))))?;
    for pair in items {
        let kv = seq_items(&pair).unwrap_or_default();
        if kv.len() != 2 {
            return Err(type_error(
                "dictionary update sequence element has wrong length; 2 is required",
            ));
        }
        m.insert(kv[0].clone(), kv[1].clone());
    }
    Ok(())
}

pub fn list_method(
    _state: &mut State,
    l: &Arc<MutList>,
    method: &str,
    args: &[Value],
) -> Result<Value, Error> {
    let a = PyArgs::new(args);
    let none = Value::from(());
    match method {
        "append" => {
            l.push(a.require(0, "object", "append")?);
            Ok(none)
        }
        "extend" => {
            let src = a.require(0, "iterable", "extend")?;
            let items = seq_items(&src)
                .or_else(|| map_entries(&src).map(|e| e.into_iter().map(|(k, _)| k).collect()))
                .or_else(|| {
                    src.as_str()
                        .map(|s| s.chars().map(|c| Value::from(c.to_string())).collect())
                })
                .ok_or_else(|| type_error(format!("'{}' object is not iterable", py_type(&src))))?;
            l.extend(items);
            Ok(none)
        }
        "insert" => {
            let idx = a.int_at(0, "index")?.unwrap_or(0);
            let v = a.require(1, "object", "insert")?;
            l.with_mut(|items| {
                let len = items.len() as i64;
                let i = if idx < 0 {
                    (idx + len).max(0)
                } else {
                    idx.min(len)
                };
                items.insert(i as usize, v);
            });
            Ok(none)
        }
        "pop" => {
            let idx = a.int_at(0, "index")?.unwrap_or(-1);
            l.with_mut(|items| {
                let len = items.len() as i64;
                let i = if idx < 0 { idx + len } else { idx };
                if items.is_empty() {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        "IndexError: pop from empty list",
                    ));
                }
                if i < 0 || i >= len {
                    return Err(Error::new(
                        ErrorKind::InvalidOperation,
                        "IndexError: pop index out of range",
                    ));
                }
                Ok(items.remove(i as usize))
            })
        }
        "remove" => {
            let v = a.require(0, "value", "remove")?;
            l.with_mut(|items| match items.iter().position(|x| *x == v) {
                Some(p) => {
                    items.remove(p);
                    Ok(Value::from(()))
                }
                None => Err(Error::new(
                    ErrorKind::InvalidOperation,
                    "ValueError: list.remove(x): x not in list",
                )),
            })
        }
        "index" => {
            let v = a.require(0, "value", "index")?;
            l.items()
                .iter()
                .position(|x| *x == v)
                .map(Value::from)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidOperation,
                        format!("ValueError: {} is not in list", py_repr(&v)),
                    )
                })
        }
        "count" => {
            let v = a.require(0, "value", "count")?;
            Ok(Value::from(l.items().iter().filter(|x| **x == v).count()))
        }
        "sort" => {
            let reverse = a.bool_at(99, "reverse", false);
            l.with_mut(|items| {
                items.sort();
                if reverse {
                    items.reverse();
                }
            });
            Ok(none)
        }
        "reverse" => {
            l.with_mut(|items| items.reverse());
            Ok(none)
        }
        "copy" => Ok(MutList::new(l.items()).into_value()),
        "clear" => {
            l.with_mut(Vec::clear);
            Ok(none)
        }
        _ => Err(Error::new(
            ErrorKind::UnknownMethod,
            format!("'list object' has no attribute '{method}'"),
        )),
    }
}

/// The environment's unknown-method callback: methods on strings, and on immutable maps and
/// sequences (values built by minijinja filters), which are first made mutable copies.
pub fn unknown_method(
    state: &mut State,
    value: &Value,
    method: &str,
    args: &[Value],
) -> Result<Value, Error> {
    if value.is_undefined() {
        // Jinja2 fails on the lookup that produced the undefined value
        return Err(crate::errors::undefined_use());
    }
    if let Some(s) = value.as_str() {
        return string_method(state, s, method, args);
    }
    if value.kind() == ValueKind::Map || value.kind() == ValueKind::Seq {
        if value.is_tuple() {
            return tuple_method(value, method, args);
        }
        let copy = make_mutable(value);
        if let Some(m) = crate::mutable::as_mut_map(&copy) {
            return dict_method(state, &m, method, args);
        }
        if let Some(l) = crate::mutable::as_mut_list(&copy) {
            return list_method(state, &l, method, args);
        }
    }
    if value.is_number() && method == "is_integer" {
        let f = f64::try_from(value.clone()).unwrap_or(0.0);
        return Ok(Value::from(f.fract() == 0.0));
    }
    Err(Error::new(
        ErrorKind::UnknownMethod,
        format!("{} has no attribute '{}'", jinja_type_repr(value), method),
    ))
}

/// Calls the Python method `method` on any template value (for Salt's `method_call`).
pub fn call_python_method(value: &Value, method: &str, args: &[Value]) -> Result<Value, Error> {
    let env = minijinja::Environment::new();
    let mut state = env.empty_state();
    if let Some(m) = crate::mutable::as_mut_map(value) {
        return dict_method(&mut state, &m, method, args);
    }
    if let Some(l) = crate::mutable::as_mut_list(value) {
        return list_method(&mut state, &l, method, args);
    }
    unknown_method(&mut state, value, method, args)
}

/// Jinja2's `object_type_repr`: `None` is `'None'`, others `'int object'`...
fn jinja_type_repr(v: &Value) -> String {
    if v.is_none() {
        "'None'".to_string()
    } else {
        format!("'{} object'", py_type(v))
    }
}

fn tuple_method(value: &Value, method: &str, args: &[Value]) -> Result<Value, Error> {
    let a = PyArgs::new(args);
    let items = seq_items(value).unwrap_or_default();
    match method {
        "index" => {
            let v = a.require(0, "value", "index")?;
            items
                .iter()
                .position(|x| *x == v)
                .map(Value::from)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::InvalidOperation,
                        "ValueError: tuple.index(x): x not in tuple",
                    )
                })
        }
        "count" => {
            let v = a.require(0, "value", "count")?;
            Ok(Value::from(items.iter().filter(|x| **x == v).count()))
        }
        _ => Err(unknown(value, method)),
    }
}

fn string_method(state: &mut State, s: &str, method: &str, args: &[Value]) -> Result<Value, Error> {
    let a = PyArgs::new(args);
    let sv = |x: String| Value::from(x);
    Ok(match method {
        "upper" => sv(s.to_uppercase()),
        "lower" | "casefold" => sv(s.to_lowercase()),
        "title" => sv(pystr::title(s)),
        "capitalize" => sv(pystr::capitalize(s)),
        "swapcase" => sv(s.chars().map(pystr::swapcase_char).collect()),
        "strip" => sv(pystr::strip(s, a.str_at(0, "chars").as_deref(), true, true)),
        "lstrip" => sv(pystr::strip(
            s,
            a.str_at(0, "chars").as_deref(),
            true,
            false,
        )),
        "rstrip" => sv(pystr::strip(
            s,
            a.str_at(0, "chars").as_deref(),
            false,
            true,
        )),
        "split" => str_list(pystr::split(
            s,
            a.str_at(0, "sep").as_deref(),
            a.int_at(1, "maxsplit")?.unwrap_or(-1),
        )),
        "rsplit" => str_list(pystr::rsplit(
            s,
            a.str_at(0, "sep").as_deref(),
            a.int_at(1, "maxsplit")?.unwrap_or(-1),
        )),
        "splitlines" => str_list(pystr::splitlines(s, a.bool_at(0, "keepends", false))),
        "startswith" => Value::from(affix_match(s, &a.require(0, "prefix", "startswith")?, true)),
        "endswith" => Value::from(affix_match(s, &a.require(0, "suffix", "endswith")?, false)),
        "replace" => {
            let old = a.str_at(0, "old").unwrap_or_default();
            let new = a.str_at(1, "new").unwrap_or_default();
            let count = a.int_at(2, "count")?.unwrap_or(-1);
            sv(pystr::replace(s, &old, &new, count))
        }
        "join" => {
            let items = iter_values(&a.require(0, "iterable", "join")?)?;
            let parts: Result<Vec<String>, Error> = items
                .iter()
                .map(|v| {
                    v.as_str().map(str::to_string).ok_or_else(|| {
                        type_error(format!(
                            "sequence item 0: expected str instance, {} found",
                            py_type(v)
                        ))
                    })
                })
                .collect();
            sv(parts?.join(s))
        }
        "find" => Value::from(pystr::find(
            s,
            &a.str_at(0, "sub").unwrap_or_default(),
            false,
        )),
        "rfind" => Value::from(pystr::find(
            s,
            &a.str_at(0, "sub").unwrap_or_default(),
            true,
        )),
        "index" | "rindex" => {
            let i = pystr::find(
                s,
                &a.str_at(0, "sub").unwrap_or_default(),
                method == "rindex",
            );
            if i < 0 {
                return Err(Error::new(
                    ErrorKind::InvalidOperation,
                    "ValueError: substring not found",
                ));
            }
            Value::from(i)
        }
        "count" => {
            let sub = a.str_at(0, "sub").unwrap_or_default();
            Value::from(if sub.is_empty() {
                s.chars().count() + 1
            } else {
                s.matches(sub.as_str()).count()
            })
        }
        "isdigit" | "isnumeric" | "isdecimal" => {
            Value::from(!s.is_empty() && s.chars().all(|c| c.is_ascii_digit()))
        }
        "isalpha" => Value::from(!s.is_empty() && s.chars().all(char::is_alphabetic)),
        "isalnum" => Value::from(!s.is_empty() && s.chars().all(char::is_alphanumeric)),
        "isspace" => Value::from(!s.is_empty() && s.chars().all(char::is_whitespace)),
        "islower" => {
            Value::from(s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase))
        }
        "isupper" => {
            Value::from(s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase))
        }
        "zfill" => sv(pystr::zfill(s, a.int_at(0, "width")?.unwrap_or(0))),
        "center" | "ljust" | "rjust" => {
            let width = a.int_at(0, "width")?.unwrap_or(0);
            let fill = a
                .str_at(1, "fillchar")
                .and_then(|f| f.chars().next())
                .unwrap_or(' ');
            sv(pystr::justify(s, method, width, fill))
        }
        "partition" | "rpartition" => {
            let sep = a.str_at(0, "sep").unwrap_or_default();
            let (x, y, z) = pystr::partition(s, &sep, method == "rpartition");
            Value::from((x, y, z))
        }
        "removeprefix" => sv(s
            .strip_prefix(a.str_at(0, "prefix").unwrap_or_default().as_str())
            .unwrap_or(s)
            .to_string()),
        "removesuffix" => sv(s
            .strip_suffix(a.str_at(0, "suffix").unwrap_or_default().as_str())
            .unwrap_or(s)
            .to_string()),
        "format" => sv(pyformat::str_format(state, s, &a)?),
        "encode" => sv(s.to_string()),
        "decode" => sv(s.to_string()),
        _ => {
            return Err(Error::new(
                ErrorKind::UnknownMethod,
                format!("'str object' has no attribute '{method}'"),
            ))
        }
    })
}

fn str_list(v: Vec<String>) -> Value {
    MutList::new(v.into_iter().map(Value::from).collect()).into_value()
}

fn affix_match(s: &str, arg: &Value, prefix: bool) -> bool {
    let check = |p: &str| {
        if prefix {
            s.starts_with(p)
        } else {
            s.ends_with(p)
        }
    };
    match arg.as_str() {
        Some(p) => check(p),
        None => seq_items(arg)
            .unwrap_or_default()
            .iter()
            .any(|p| check(&py_str(p))),
    }
}

/// Values of an iterable (for a mapping: its keys, as Python iterates).
pub fn iter_values(v: &Value) -> Result<Vec<Value>, Error> {
    if let Some(m) = crate::mutable::as_mut_map(v) {
        return Ok(m.keys());
    }
    if let Some(s) = v.as_str() {
        return Ok(s.chars().map(|c| Value::from(c.to_string())).collect());
    }
    v.try_iter()
        .map(|i| i.collect())
        .map_err(|_| type_error(format!("'{}' object is not iterable", py_type(v))))
}
