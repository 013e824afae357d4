//! `salt.modules.environ`: the minion process's environment.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `environ.get(key, default='')`: False for a non-str key.
pub fn get(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("environ.get", a, &["key", "default"], 1)?;
    let Some(Value::Str(key)) = b.get(0) else {
        return Ok(Value::Bool(false));
    };
    Ok(match std::env::var(key) {
        Ok(v) => Value::Str(v.into()),
        Err(_) => b.get(1).cloned().unwrap_or(Value::str("")),
    })
}

/// `environ.has_value(key, value=None)`.
pub fn has_value(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("environ.has_value", a, &["key", "value"], 1)?;
    let Some(Value::Str(key)) = b.get(0) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(match std::env::var(key) {
        Ok(cur) => match b.opt(1) {
            Some(v) => *v == Value::Str(cur.into()),
            None => true,
        },
        Err(_) => false,
    }))
}

/// `environ.item(keys, default='')`: `{key: value}` for a str or a list of keys.
pub fn item(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("environ.item", a, &["keys", "default"], 1)?;
    let default = b.get(1).cloned().unwrap_or(Value::str(""));
    let keys: Vec<Value> = match b.get(0) {
        Some(Value::Str(s)) => vec![Value::Str(s.clone())],
        Some(Value::List(l)) => l.to_vec(),
        _ => vec![],
    };
    let mut m = Map::new();
    for k in keys {
        let v = std::env::var(k.py_str())
            .map(Value::from)
            .unwrap_or_else(|_| default.clone());
        m.insert(k, v);
    }
    Ok(Value::Map(m))
}

/// `environ.items()`.
pub fn items(_: &ExecContext, _a: &Args) -> Result<Value, ExecError> {
    Ok(Value::Map(
        std::env::vars()
            .map(|(k, v)| (Value::Str(k.into()), Value::Str(v.into())))
            .collect(),
    ))
}
