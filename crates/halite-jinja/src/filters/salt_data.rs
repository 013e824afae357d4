//! Salt's data filters that mutate or build dicts (salt/utils/dictupdate.py) and other
//! deterministic helpers: `set_dict_key_value`, `update_dict_key_value`,
//! `append_dict_key_value`, `extend_dict_key_value`, `uuid`, `human_to_bytes`,
//! `method_call`, `substring_in_list`, `check_whitelist_blacklist`, `mysql_to_dict`,
//! `json_encode_dict`/`json_encode_list` (and their `json_decode_*` aliases).

use super::{add, to_list, FilterResult};
use crate::args::{type_error, PyArgs};
use crate::mutable::{as_mut_list, as_mut_map, MutList, MutMap};
use crate::repr::py_str;
use minijinja::value::Value;
use minijinja::{Environment, Error, ErrorKind, State};
use std::sync::Arc;

pub fn register(env: &mut Environment<'static>) {
    add(env, "set_dict_key_value", |_, v, a| {
        let (ptr, last) = rpartition(&v, &a)?;
        ptr.insert(
            Value::from(last),
            a.require(1, "value", "set_dict_key_value")?,
        );
        Ok(v)
    });
    add(env, "update_dict_key_value", |_, v, a| {
        let (ptr, last) = rpartition(&v, &a)?;
        let target = child_or_insert(&ptr, &last, || MutMap::default().into_value());
        let m = as_mut_map(&target)
            .ok_or_else(|| invocation("The last key contains a value, which cannot update."))?;
        let update = a.require(1, "value", "update_dict_key_value")?;
        for (k, x) in crate::methods::map_entries(&update)
            .ok_or_else(|| invocation("Cannot update a dict with a non-dict."))?
        {
            m.insert(k, x);
        }
        Ok(v)
    });
    add(env, "append_dict_key_value", |_, v, a| {
        let (ptr, last) = rpartition(&v, &a)?;
        let target = child_or_insert(&ptr, &last, || MutList::default().into_value());
        let l = as_mut_list(&target)
            .ok_or_else(|| invocation("The last key contains a value, which cannot append."))?;
        l.push(a.require(1, "value", "append_dict_key_value")?);
        Ok(v)
    });
    add(env, "extend_dict_key_value", |_, v, a| {
        let (ptr, last) = rpartition(&v, &a)?;
        let target = child_or_insert(&ptr, &last, || MutList::default().into_value());
        let l = as_mut_list(&target)
            .ok_or_else(|| invocation("The last key contains a value, which cannot extend."))?;
        l.extend(to_list(&a.require(1, "value", "extend_dict_key_value")?)?);
        Ok(v)
    });
    add(env, "uuid", |_, v, _| Ok(Value::from(uuid5(&py_str(&v)))));
    // salt.utils.data.compare_dicts(old, new): {key: {"old", "new"}} for each added, removed
    // or changed key (Salt iterates a set of the keys: its order is Python's, per process)
    add(env, "compare_dicts", |_, v, a| {
        let old = crate::methods::map_entries(&v).unwrap_or_default();
        let new = a
            .get_some(0, "new")
            .and_then(|n| crate::methods::map_entries(&n))
            .unwrap_or_default();
        let out = MutMap::default().into_value();
        let m = as_mut_map(&out).ok_or_else(|| invocation("compare_dicts"))?;
        let change = |o: Value, n: Value| {
            let c = MutMap::default().into_value();
            if let Some(cm) = as_mut_map(&c) {
                cm.insert(Value::from("old"), o);
                cm.insert(Value::from("new"), n);
            }
            c
        };
        for (k, nv) in &new {
            match old.iter().find(|(ok, _)| ok == k) {
                None => m.insert(k.clone(), change(Value::from(""), nv.clone())),
                Some((_, ov)) if ov != nv => m.insert(k.clone(), change(ov.clone(), nv.clone())),
                Some(_) => {}
            }
        }
        for (k, ov) in &old {
            if !new.iter().any(|(nk, _)| nk == k) {
                // a removed key: Salt writes {"new": "", "old": ...} in that order
                let c = MutMap::default().into_value();
                if let Some(cm) = as_mut_map(&c) {
                    cm.insert(Value::from("new"), Value::from(""));
                    cm.insert(Value::from("old"), ov.clone());
                }
                m.insert(k.clone(), c);
            }
        }
        Ok(out)
    });
    add(env, "human_to_bytes", |_, v, a| {
        let default_unit = a.str_at(0, "default_unit").unwrap_or_else(|| "B".into());
        Ok(Value::from(human_to_bytes(
            &py_str(&v),
            &default_unit,
            a.bool_at(1, "handle_metric", false),
        )))
    });
    add(env, "method_call", method_call);
    add(env, "substring_in_list", |_, v, a| {
        let s = py_str(&v);
        let items = to_list(&a.require(0, "list_", "substring_in_list")?)?;
        Ok(Value::from(items.iter().any(|x| py_str(x).contains(&s))))
    });
    add(env, "check_whitelist_blacklist", check_whitelist_blacklist);
    // stringutils.to_bytes(s): a string as its UTF-8 bytes
    add(env, "to_bytes", |_, v, _| match v.kind() {
        minijinja::value::ValueKind::Bytes => Ok(v),
        minijinja::value::ValueKind::String => Ok(Value::from_bytes(
            v.as_str().unwrap_or_default().as_bytes().to_vec(),
        )),
        _ => Err(type_error(format!(
            "expected str, bytes, or bytearray not <class '{}'>",
            crate::args::py_type(&v)
        ))),
    });
    add(env, "mysql_to_dict", mysql_to_dict);
    // data.encode_dict / data.encode_list: every string (keys too) as bytes. The `decode`
    // names are registered on the same functions ("Remove this for Aluminium").
    add(env, "json_encode_dict", |_, v, _| encode_dict(&v));
    add(env, "json_decode_dict", |_, v, _| encode_dict(&v));
    add(env, "json_encode_list", |_, v, _| encode_list(&v));
    add(env, "json_decode_list", |_, v, _| encode_list(&v));
}

/// `salt.utils.data.encode_dict(data)`: keys and values that are strings become bytes,
/// lists (and tuples) and dicts below are encoded the same way, anything else is kept.
fn encode_dict(v: &Value) -> FilterResult {
    let Some(entries) = crate::methods::map_entries(v) else {
        return Err(Error::new(
            ErrorKind::InvalidOperation,
            format!(
                "'{}' object has no attribute 'items'",
                crate::args::py_type(v)
            ),
        ));
    };
    let out = MutMap::default();
    for (k, val) in entries {
        let key = if k.is_tuple() {
            encode_list(&k)?
        } else {
            encode_scalar(k)
        };
        out.insert(key, encode_value(val)?);
    }
    Ok(out.into_value())
}

/// `salt.utils.data.encode_list(data)`.
fn encode_list(v: &Value) -> FilterResult {
    let items = to_list(v)?;
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(encode_value(item)?);
    }
    Ok(MutList::new(out).into_value())
}

fn encode_value(v: Value) -> FilterResult {
    if crate::methods::map_entries(&v).is_some() {
        return encode_dict(&v);
    }
    if matches!(v.kind(), minijinja::value::ValueKind::Seq) {
        return encode_list(&v);
    }
    Ok(encode_scalar(v))
}

fn encode_scalar(v: Value) -> Value {
    match v.as_str() {
        Some(s) => Value::from_bytes(s.as_bytes().to_vec()),
        None => v,
    }
}

/// `salt.utils.stringutils.check_whitelist_blacklist(value, whitelist=None, blacklist=None)`:
/// each list a string or a list of patterns, each pattern an fnmatch glob or else a regular
/// expression matching the whole value.
fn check_whitelist_blacklist(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let list = |idx: usize, name: &str| -> Result<Vec<Value>, Error> {
        match a.get(idx, name) {
            Some(l) if l.is_true() => {
                if l.as_str().is_some() {
                    return Ok(vec![l]);
                }
                to_list(&l).map_err(|_| {
                    type_error(format!(
                        "Expecting iterable {name}, but got {} ({})",
                        crate::args::py_type(&l),
                        py_str(&l)
                    ))
                })
            }
            _ => Ok(Vec::new()),
        }
    };
    let whitelist = list(0, "whitelist")?;
    let blacklist = list(1, "blacklist")?;
    let black = blacklist.iter().any(|e| expr_match(&v, e));
    let white = whitelist.iter().any(|e| expr_match(&v, e));
    Ok(Value::from(
        match (whitelist.is_empty(), blacklist.is_empty()) {
            (true, false) => !black,
            (false, true) => white,
            (false, false) => !black && white,
            (true, true) => true,
        },
    ))
}

/// `salt.utils.stringutils.expr_match(line, expr)`: fnmatch, then `re.match(\A{expr}\Z)`;
/// a value or pattern that is not a string matches nothing (Salt logs the TypeError).
fn expr_match(line: &Value, expr: &Value) -> bool {
    let (Some(line), Some(expr)) = (line.as_str(), expr.as_str()) else {
        return false;
    };
    if halite_value::fnmatch(line, expr) {
        return true;
    }
    regex::Regex::new(&format!(r"\A{expr}\z")).is_ok_and(|re| re.is_match(line))
}

/// `salt.utils.data.mysql_to_dict(data, key)`: the rows of a MySQL table printout, each a
/// dict of the header's columns (values through `to_num`), keyed by the row's `key` column.
fn mysql_to_dict(state: &State, v: Value, a: PyArgs) -> FilterResult {
    let key = a.require(0, "key", "mysql_to_dict")?;
    let out = MutMap::default();
    let mut headers: Vec<String> = vec![String::new()];
    for line in to_list(&v)? {
        let line = py_str(&line);
        if line.is_empty() || line.starts_with('+') {
            continue;
        }
        let comps: Vec<String> = line.split('|').map(|c| py_strip(c).to_string()).collect();
        if headers.len() > 1 {
            let row = MutMap::default();
            for (field, header) in headers.iter().enumerate().take(headers.len() - 1).skip(1) {
                let cell = comps.get(field).ok_or_else(|| {
                    Error::new(ErrorKind::InvalidOperation, "list index out of range")
                })?;
                let num =
                    super::strings::to_num(state, Value::from(cell.as_str()), PyArgs::new(&[]))?;
                row.insert(Value::from(header.as_str()), num);
            }
            let id = row.get(&key).ok_or_else(|| {
                Error::new(ErrorKind::InvalidOperation, crate::repr::py_repr(&key))
            })?;
            out.insert(id, row.into_value());
        } else {
            headers = comps;
        }
    }
    Ok(out.into_value())
}

/// Python's `str.strip()` (Unicode whitespace).
fn py_strip(s: &str) -> &str {
    s.trim_matches(char::is_whitespace)
}

fn invocation(msg: &str) -> Error {
    Error::new(
        ErrorKind::InvalidOperation,
        format!("{}{msg}", crate::salt::EXEC_ERROR_PREFIX),
    )
}

/// `_dict_rpartition`: makes sure all but the last key exist (as dicts) and returns the
/// dict holding the last key.
fn rpartition(v: &Value, a: &PyArgs) -> Result<(Arc<MutMap>, String), Error> {
    let keys = a.str_at(0, "keys").unwrap_or_default();
    let delim = a.str_at(2, "delimiter").unwrap_or_else(|| ":".into());
    let mut ptr = as_mut_map(v).ok_or_else(|| type_error("in_dict must be a dict"))?;
    let parts: Vec<&str> = keys.split(delim.as_str()).collect();
    let (last, init) = parts
        .split_last()
        .ok_or_else(|| type_error("keys must not be empty"))?;
    for k in init {
        let child = child_or_insert(&ptr, k, || MutMap::default().into_value());
        ptr = as_mut_map(&child)
            .ok_or_else(|| invocation(&format!("Cannot create key '{k}' in a non-dict")))?;
    }
    Ok((ptr, last.to_string()))
}

fn child_or_insert(m: &MutMap, key: &str, make: impl FnOnce() -> Value) -> Value {
    let k = Value::from(key);
    match m.get(&k) {
        Some(x) if !x.is_none() => x,
        _ => {
            let x = make();
            m.insert(k, x.clone());
            x
        }
    }
}

/// Salt's `method_call(obj, f_name, *args, **kwargs)`: `getattr(obj, f_name)(...)`, or
/// `None` when there is no such method.
fn method_call(state: &State, v: Value, a: PyArgs) -> FilterResult {
    let name = a.str_at(0, "f_name").unwrap_or_default();
    let mut args: Vec<Value> = a.pos.iter().skip(1).cloned().collect();
    if !a.kw.is_empty() {
        args.push(Value::from_iter(
            a.kw.iter().map(|(k, x)| (k.clone(), x.clone())),
        ));
    }
    let _ = state;
    let out = crate::methods::call_python_method(&v, &name, &args);
    Ok(out.unwrap_or_else(|_| Value::from(())))
}

/// `salt.utils.stringutils.human_to_bytes`.
fn human_to_bytes(size: &str, default_unit: &str, handle_metric: bool) -> i64 {
    let s = size.trim();
    let split = s
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(s.len());
    let (num, unit) = s.split_at(split);
    let unit = unit.trim_start().to_lowercase();
    let unit = if unit.is_empty() {
        default_unit.to_lowercase()
    } else {
        unit
    };
    let value: f64 = match num.parse::<i64>() {
        Ok(i) => i as f64,
        Err(_) => match num.parse::<f64>() {
            Ok(f) => f,
            Err(_) => return 0,
        },
    };
    let first = unit.chars().next().unwrap_or('b');
    let Some(p) = "bkmgtpezy".find(first) else {
        return 0;
    };
    let metric_form = unit.len() == 2 && unit.ends_with('b') && first != 'b';
    let binary_form = unit == "b" || (unit.len() == 1) || (unit.len() == 3 && unit.ends_with("ib"));
    if !metric_form && !binary_form {
        return 0;
    }
    let factor = if metric_form && handle_metric {
        10f64.powi(3 * p as i32)
    } else {
        2f64.powi(10 * p as i32)
    };
    (value * factor) as i64
}

/// `uuid.uuid5(GLOBAL_UUID, val)` as Salt's `uuid` filter computes it.
fn uuid5(name: &str) -> String {
    const NAMESPACE: [u8; 16] = [
        0x91, 0x63, 0x3E, 0xBF, 0x1C, 0x86, 0x5E, 0x33, 0x93, 0x5A, 0x28, 0x06, 0x1F, 0x4B, 0x48,
        0x0E,
    ];
    let mut data = NAMESPACE.to_vec();
    data.extend_from_slice(name.as_bytes());
    let digest = halite_exec::hashes::sha1_digest(&data);
    let mut b = [0u8; 16];
    b.copy_from_slice(&digest[..16]);
    b[6] = (b[6] & 0x0f) | 0x50;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
}
