//! Small Python-semantics helpers shared by the compile steps.
use halite_value::{Map, Value};

/// `key.startswith("__")` for a dict key; non-string keys never start with it.
pub(crate) fn is_dunder(key: &Value) -> bool {
    matches!(key, Value::Str(s) if s.starts_with("__"))
}

/// `next(iter(d))`: the first key of a dict.
pub(crate) fn first_key(map: &Map) -> Option<&Value> {
    map.first().map(|(k, _)| k)
}

/// The first key of a dict value, when the value is a non-empty dict.
pub(crate) fn first_key_of(value: &Value) -> Option<&Value> {
    value.as_map().and_then(first_key)
}

/// `str(value)` as `"{}".format(value)` prints it, for rendered SLS data: Salt's YAML
/// renderer builds `OrderedDict`s, so dicts print as `OrderedDict([('a', 1)])` (Python 3.11).
pub(crate) fn fmt(value: &Value) -> String {
    match value {
        Value::Str(s) => s.to_string(),
        other => {
            let mut out = String::new();
            ordered_repr(other, &mut out);
            out
        }
    }
}

/// `repr()` with every dict an `OrderedDict`.
fn ordered_repr(value: &Value, out: &mut String) {
    match value {
        Value::Map(m) if m.is_empty() => out.push_str("OrderedDict()"),
        Value::Map(m) => {
            out.push_str("OrderedDict([");
            for (i, (k, v)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                out.push('(');
                ordered_repr(k, out);
                out.push_str(", ");
                ordered_repr(v, out);
                out.push(')');
            }
            out.push_str("])");
        }
        Value::List(l) => {
            out.push('[');
            for (i, v) in l.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                ordered_repr(v, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.py_repr()),
    }
}

/// `body.get(key, default)` formatted with `str()`.
pub(crate) fn get_fmt(body: &Map, key: &str, default: &str) -> String {
    body.get(key)
        .map(fmt)
        .unwrap_or_else(|| default.to_string())
}

/// `body["__sls__"]` as it appears in Salt's messages.
pub(crate) fn sls_of(body: &Map) -> String {
    get_fmt(body, "__sls__", "None")
}

/// A single-key dict `{key: value}`.
pub(crate) fn single(key: impl Into<Value>, value: Value) -> Value {
    let mut m = Map::with_capacity(1);
    m.insert(key, value);
    Value::Map(m)
}

/// The items Python's `for x in value` yields: list items, dict keys, string characters.
pub(crate) fn py_iter(value: &Value) -> Vec<Value> {
    match value {
        Value::List(l) => l.to_vec(),
        Value::Map(m) => m.keys().cloned().collect(),
        Value::Str(s) => s
            .chars()
            .map(|c| Value::Str(c.to_string().into()))
            .collect(),
        _ => Vec::new(),
    }
}

/// [`py_iter`] of an owned value: list items are moved out.
pub(crate) fn py_into_iter(value: Value) -> Vec<Value> {
    match value {
        Value::List(l) => l.into_vec(),
        Value::Map(m) => m.into_iter().map(|(k, _)| k).collect(),
        other => py_iter(&other),
    }
}

/// Python `a + b` for numbers (int + int stays int, anything with a float is a float).
pub(crate) fn num_add(a: &Value, b: &Value) -> Value {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => match x.checked_add(*y) {
            Some(s) => Value::Int(s),
            None => Value::Float(*x as f64 + *y as f64),
        },
        (Value::Int(_) | Value::Bool(_), Value::Int(_) | Value::Bool(_)) => {
            Value::Int(a.as_i64().unwrap_or(0) + b.as_i64().unwrap_or(0))
        }
        _ => Value::Float(a.as_f64().unwrap_or(0.0) + b.as_f64().unwrap_or(0.0)),
    }
}

/// Python `fnmatch.fnmatch` (one implementation for the workspace, in halite-value).
pub use halite_value::fnmatch;

#[cfg(test)]
mod tests {
    use super::fnmatch;

    #[test]
    fn fnmatch_like_python() {
        assert!(fnmatch("apps.one", "apps.*"));
        assert!(!fnmatch("apps", "apps.*"));
        assert!(fnmatch("a", "a"));
        assert!(fnmatch("abc", "a?c"));
        assert!(fnmatch("abc", "a[a-c]c"));
        assert!(!fnmatch("abc", "a[!b]c"));
        assert!(fnmatch("a[c", "a[c"));
        assert!(fnmatch("x.y.z", "*.z"));
        assert!(fnmatch("", "*"));
    }
}
