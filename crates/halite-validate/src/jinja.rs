//! idem's Jinja environment (`rend/rend/jinja.py`): sandboxed, `StrictUndefined`, the `do`
//! and `loopcontrols` extensions, `b64encode`/`b64decode` filters, and only `params` (and
//! `hub`) in the context. Python `str`/`dict`/`list` methods are provided for the common
//! cases through minijinja's unknown-method callback.

use crate::b64;
use minijinja::value::{Value as MjValue, ValueKind};
use minijinja::{Environment, Error, ErrorKind, State, UndefinedBehavior};

/// Builds the environment used for every SLS render.
pub fn environment() -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    env.add_filter("b64encode", |s: Option<String>| {
        b64::encode(s.unwrap_or_default().as_bytes())
    });
    env.add_filter("b64decode", |s: Option<String>| -> Result<String, Error> {
        let s = s.unwrap_or_default();
        b64::decode(&s)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .ok_or_else(|| Error::new(ErrorKind::InvalidOperation, "Incorrect padding"))
    });
    env.set_unknown_method_callback(python_method);
    env
}

/// Renders `source` with `params` bound; `hub` is present but opaque.
pub fn render(env: &Environment<'static>, source: &str, params: MjValue) -> Result<String, Error> {
    let ctx = minijinja::context! { params => params, hub => MjValue::from(()) };
    env.render_str(source, ctx)
}

fn arg_str(args: &[MjValue], i: usize) -> Option<String> {
    args.get(i).filter(|v| !v.is_none()).map(|v| v.to_string())
}

fn python_method(
    _state: &mut State,
    value: &MjValue,
    method: &str,
    args: &[MjValue],
) -> Result<MjValue, Error> {
    match value.kind() {
        ValueKind::String => str_method(&value.to_string(), method, args),
        ValueKind::Map => map_method(value, method, args),
        ValueKind::Seq => seq_method(value, method, args),
        _ => Err(Error::from(ErrorKind::UnknownMethod)),
    }
}

fn str_list(items: Vec<&str>) -> MjValue {
    MjValue::from(items.into_iter().map(MjValue::from).collect::<Vec<_>>())
}

/// `str.split` / `str.rsplit` with Python's whitespace rule when no separator is given.
fn split(s: &str, sep: Option<String>, maxsplit: i64, right: bool) -> MjValue {
    let parts: Vec<&str> = match (sep, maxsplit < 0, right) {
        (None, true, _) => s.split_whitespace().collect(),
        (None, false, _) => {
            // maxsplit with whitespace: approximate with splitn on whitespace runs
            let mut out: Vec<&str> = Vec::new();
            let mut rest = s.trim_start();
            while !rest.is_empty() && (out.len() as i64) < maxsplit {
                match rest.find(char::is_whitespace) {
                    Some(i) => {
                        out.push(&rest[..i]);
                        rest = rest[i..].trim_start();
                    }
                    None => break,
                }
            }
            if !rest.is_empty() {
                out.push(rest);
            }
            out
        }
        (Some(sep), true, _) => s.split(sep.as_str()).collect(),
        (Some(sep), false, false) => s.splitn(maxsplit as usize + 1, sep.as_str()).collect(),
        (Some(sep), false, true) => {
            let mut v: Vec<&str> = s.rsplitn(maxsplit as usize + 1, sep.as_str()).collect();
            v.reverse();
            v
        }
    };
    str_list(parts)
}

fn str_method(s: &str, method: &str, args: &[MjValue]) -> Result<MjValue, Error> {
    let chars = arg_str(args, 0);
    let strip_set = |c: char| {
        chars
            .as_deref()
            .map_or(c.is_whitespace(), |set| set.contains(c))
    };
    let maxsplit = args.get(1).and_then(|v| v.as_i64()).unwrap_or(-1);
    Ok(match method {
        "split" => split(s, arg_str(args, 0), maxsplit, false),
        "rsplit" => split(s, arg_str(args, 0), maxsplit, true),
        "strip" => MjValue::from(s.trim_matches(strip_set)),
        "lstrip" => MjValue::from(s.trim_start_matches(strip_set)),
        "rstrip" => MjValue::from(s.trim_end_matches(strip_set)),
        "upper" => MjValue::from(s.to_uppercase()),
        "lower" => MjValue::from(s.to_lowercase()),
        "replace" => {
            let (from, to) = (
                arg_str(args, 0).unwrap_or_default(),
                arg_str(args, 1).unwrap_or_default(),
            );
            MjValue::from(s.replace(&from, &to))
        }
        "startswith" => MjValue::from(s.starts_with(&arg_str(args, 0).unwrap_or_default())),
        "endswith" => MjValue::from(s.ends_with(&arg_str(args, 0).unwrap_or_default())),
        "splitlines" => str_list(s.lines().collect()),
        "join" => {
            let items = args
                .first()
                .ok_or_else(|| Error::from(ErrorKind::MissingArgument))?;
            let parts: Vec<String> = items.try_iter()?.map(|v| v.to_string()).collect();
            MjValue::from(parts.join(s))
        }
        "find" => {
            let needle = arg_str(args, 0).unwrap_or_default();
            MjValue::from(
                s.find(&needle)
                    .map_or(-1, |i| s[..i].chars().count() as i64),
            )
        }
        "count" => MjValue::from(s.matches(&arg_str(args, 0).unwrap_or_default()).count()),
        "isdigit" => MjValue::from(!s.is_empty() && s.chars().all(|c| c.is_ascii_digit())),
        "title" => MjValue::from(title(s)),
        "capitalize" => {
            let mut c = s.chars();
            MjValue::from(match c.next() {
                Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
                None => String::new(),
            })
        }
        _ => return Err(Error::from(ErrorKind::UnknownMethod)),
    })
}

fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_alpha = false;
    for c in s.chars() {
        if prev_alpha {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_alpha = c.is_alphabetic();
    }
    out
}

fn map_method(value: &MjValue, method: &str, args: &[MjValue]) -> Result<MjValue, Error> {
    let keys: Vec<MjValue> = value.try_iter()?.collect();
    Ok(match method {
        "get" => {
            let key = args
                .first()
                .ok_or_else(|| Error::from(ErrorKind::MissingArgument))?;
            match value.get_item_opt_public(key) {
                Some(v) => v,
                None => args.get(1).cloned().unwrap_or(MjValue::from(())),
            }
        }
        "keys" => MjValue::from(keys),
        "values" => MjValue::from(
            keys.iter()
                .map(|k| value.get_item(k).unwrap_or_default())
                .collect::<Vec<_>>(),
        ),
        "items" => MjValue::from(
            keys.iter()
                .map(|k| MjValue::from(vec![k.clone(), value.get_item(k).unwrap_or_default()]))
                .collect::<Vec<_>>(),
        ),
        _ => return Err(Error::from(ErrorKind::UnknownMethod)),
    })
}

fn seq_method(value: &MjValue, method: &str, args: &[MjValue]) -> Result<MjValue, Error> {
    let items: Vec<MjValue> = value.try_iter()?.collect();
    let needle = args.first().cloned().unwrap_or_default();
    Ok(match method {
        "count" => MjValue::from(items.iter().filter(|v| **v == needle).count()),
        "index" => match items.iter().position(|v| *v == needle) {
            Some(i) => MjValue::from(i),
            None => {
                return Err(Error::new(
                    ErrorKind::InvalidOperation,
                    "ValueError: not in list",
                ))
            }
        },
        _ => return Err(Error::from(ErrorKind::UnknownMethod)),
    })
}

/// Map lookup that tells "missing" apart from a stored `None`.
trait GetItemOpt {
    fn get_item_opt_public(&self, key: &MjValue) -> Option<MjValue>;
}

impl GetItemOpt for MjValue {
    fn get_item_opt_public(&self, key: &MjValue) -> Option<MjValue> {
        let found = self.try_iter().ok()?.any(|k| k == *key);
        if found {
            self.get_item(key).ok()
        } else {
            None
        }
    }
}
