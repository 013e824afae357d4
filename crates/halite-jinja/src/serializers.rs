//! Salt's `SerializerExtension` filters: `json`, `yaml`, `python`, `load_yaml`, `load_json`,
//! `load_text`, and Salt's `tojson`.

use crate::args::type_error;
use crate::convert::{from_mj, to_mj};
use crate::repr::py_str;
use halite_value::{JsonStyle, Value as HValue};
use minijinja::value::{Kwargs, Value};
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
    let mut data = from_mj(&v);
    if sort_keys.unwrap_or(false) {
        sort_recursive(&mut data);
    }
    let text = dump_json(&data, indent.as_ref())?;
    Ok(Value::from(
        text.replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026")
            .replace('\'', "\\u0027"),
    ))
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

/// `|python`: `pprint.pformat(value)` (approximated by `repr` for short values).
pub fn python(v: Value) -> Value {
    Value::from(crate::repr::py_repr(&v))
}
