//! Salt's `SerializerExtension` filters: `json`, `yaml`, `python`, `load_yaml`, `load_json`,
//! `load_text`, and Salt's `tojson`.

use crate::args::type_error;
use crate::convert::{from_mj, to_mj};
use crate::repr::py_str;
use halite_value::{JsonStyle, Value as HValue};
use minijinja::value::{Kwargs, Value, ValueKind};
use minijinja::{Error, ErrorKind};

/// The text of a value given to a `load_*` filter (an imported template module is its
/// rendered output).
fn text_of(v: &Value) -> String {
    if v.as_str().is_some() {
        return py_str(v);
    }
    v.to_string()
}

/// `load_yaml`: `salt.utils.yaml.safe_load` with Salt's error text.
pub fn load_yaml(v: Value) -> Result<Value, Error> {
    let text = text_of(&v);
    match halite_yaml::load(&text, halite_yaml::Schema::Salt) {
        Ok(data) => Ok(to_mj(&data)),
        Err(e) => {
            let ctx = crate::errors::get_context(&text, e.line, "    <======================");
            Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("Encountered error loading yaml: {}\n{ctx}", e.problem),
            ))
        }
    }
}

/// `load_json`: `json.loads`.
pub fn load_json(v: Value) -> Result<Value, Error> {
    let text = text_of(&v);
    HValue::from_json_str(&text)
        .map(|d| to_mj(&d))
        .map_err(|_| {
            Error::new(
                ErrorKind::InvalidOperation,
                format!("Unable to load json from {text}"),
            )
        })
}

pub fn load_text(v: Value) -> Value {
    Value::from(text_of(&v))
}

/// `|json`: `json.dumps(value, sort_keys=True)` (Python's `", "` / `": "` separators).
pub fn json(v: Value, kwargs: Kwargs) -> Result<Value, Error> {
    let sort_keys: Option<bool> = kwargs.get("sort_keys")?;
    let indent: Option<Value> = kwargs.get("indent")?;
    let mut data = from_mj(&v);
    if sort_keys.unwrap_or(true) {
        sort_recursive(&mut data);
    }
    Ok(Value::from(
        dump_json(&data, indent.as_ref())?.trim().to_string(),
    ))
}

/// Salt's `|tojson`: `json.dumps(val, ensure_ascii=True)` keeping key order, with HTML
/// characters escaped.
pub fn tojson(v: Value, indent: Option<Value>, kwargs: Kwargs) -> Result<Value, Error> {
    let sort_keys: Option<bool> = kwargs.get("sort_keys")?;
    let indent = match indent {
        Some(i) => Some(i),
        None => kwargs.get::<Option<Value>>("indent")?,
    };
    let mut data = from_mj(&v);
    if sort_keys.unwrap_or(false) {
        sort_recursive(&mut data);
    }
    let text = ensure_ascii(&dump_json(&data, indent.as_ref())?);
    Ok(Value::from(
        text.replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026")
            .replace('\'', "\\u0027"),
    ))
}

/// `json.dumps(..., ensure_ascii=True)`: non-ASCII characters as `\uXXXX` escapes
/// (UTF-16 surrogate pairs above the BMP).
fn ensure_ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            let mut buf = [0u16; 2];
            for unit in c.encode_utf16(&mut buf) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

fn dump_json(data: &HValue, indent: Option<&Value>) -> Result<String, Error> {
    let style = match indent.filter(|v| !v.is_none()) {
        Some(i) => match i.as_i64() {
            Some(n) => JsonStyle::Pretty(n.max(0) as usize),
            None => return Err(type_error("indent must be an integer")),
        },
        None => JsonStyle::Compact,
    };
    Ok(data.to_json_styled(style))
}

fn sort_recursive(v: &mut HValue) {
    match v {
        HValue::Map(m) => {
            m.sort_keys();
            for val in m.values_mut() {
                sort_recursive(val);
            }
        }
        HValue::List(l) => l.iter_mut().for_each(sort_recursive),
        _ => {}
    }
}

/// `|python`: `pprint.pformat(value)`: dict keys sorted (one line; pprint's wrapping of
/// values longer than 80 characters is not reproduced).
pub fn python(v: Value) -> Value {
    Value::from(crate::repr::py_repr(&to_mj(&sorted_for_pprint(&v))))
}

fn sorted_for_pprint(v: &Value) -> HValue {
    let mut data = from_mj(v);
    sort_recursive(&mut data);
    data
}

/// Python's `sorted(mapping.items())`, as PyYAML's `sort_keys` calls it: only keys that
/// compare with each other sort (all strings, or all numbers and booleans); keys of mixed
/// types (an int and a str, a None) make `sorted` raise TypeError, which PyYAML catches and
/// keeps the dict's insertion order.
fn py_sort_entries(entries: &mut [(Value, Value)]) {
    let number = |k: &Value| match k.kind() {
        ValueKind::Bool => Some(f64::from(u8::from(k.is_true()))),
        ValueKind::Number => f64::try_from(k.clone()).ok(),
        _ => None,
    };
    if entries.iter().all(|(k, _)| k.kind() == ValueKind::String) {
        entries.sort_by(|a, b| a.0.as_str().cmp(&b.0.as_str()));
    } else if entries.iter().all(|(k, _)| number(k).is_some()) {
        entries.sort_by(|a, b| match (a.0.as_i64(), b.0.as_i64()) {
            (Some(x), Some(y)) if a.0.kind() == b.0.kind() => x.cmp(&y),
            _ => number(&a.0)
                .partial_cmp(&number(&b.0))
                .unwrap_or(std::cmp::Ordering::Equal),
        });
    }
}

/// A value for a YAML dumper: plain dicts get their keys sorted (PyYAML's `sort_keys` on
/// `dict`), Salt's OrderedDicts keep their order.
fn for_dump(v: &Value) -> HValue {
    if let Some(m) = crate::mutable::as_mut_map(v) {
        let mut entries = m.entries();
        if !m.is_ordered() {
            py_sort_entries(&mut entries);
        }
        let mut out = halite_value::Map::new();
        for (k, val) in entries {
            out.insert(from_mj(&k), for_dump(&val));
        }
        return HValue::Map(out);
    }
    if let Some(items) = crate::methods::seq_items(v).filter(|_| v.as_str().is_none()) {
        return HValue::List(items.iter().map(for_dump).collect());
    }
    if v.kind() == minijinja::value::ValueKind::Map {
        let mut entries: Vec<(Value, Value)> = crate::methods::map_entries(v).unwrap_or_default();
        py_sort_entries(&mut entries);
        let mut out = halite_value::Map::new();
        for (k, val) in entries {
            out.insert(from_mj(&k), for_dump(&val));
        }
        return HValue::Map(out);
    }
    from_mj(v)
}

/// `|yaml(flow_style=True)`: Salt's `format_yaml`, `safe_dump(...).strip()` without a
/// trailing document end marker.
pub fn yaml(v: Value, flow_style: Option<Value>) -> Value {
    let flow = flow_style.map(|f| f.is_true()).unwrap_or(true);
    let data = for_dump(&v);
    if flow {
        return Value::from(halite_yaml::salt_yaml_filter(&data, false));
    }
    let opts = halite_yaml::DumpOptions {
        default_flow_style: Some(false),
        ..Default::default()
    };
    let text = halite_yaml::dump(&data, opts);
    let text = text.trim();
    Value::from(text.strip_suffix("\n...").unwrap_or(text).to_string())
}

/// `|yaml_encode`: a scalar as YAML text.
pub fn yaml_encode(v: Value) -> Result<Value, Error> {
    halite_yaml::yaml_encode(&from_mj(&v))
        .map(Value::from)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::InvalidOperation,
                "yaml_encode: collections are not supported",
            )
        })
}

pub fn yaml_dquote(v: Value) -> Value {
    Value::from(halite_yaml::yaml_dquote(&py_str(&v)))
}

pub fn yaml_squote(v: Value) -> Value {
    Value::from(halite_yaml::yaml_squote(&py_str(&v)))
}
