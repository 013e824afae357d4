//! `params` with real values (a normal run): `--params FILE` YAML data, read through the
//! same `params.get('a').get('b', default)` / `params['a']` expressions. A parameter with
//! no value and no default renders as a marker; after YAML parsing the marker is attributed
//! to its state so the error can name the SLS, the ID and the parameter.

use crate::b64;
use crate::convert::to_mj;
use halite_value::{Map, Value};
use minijinja::value::{Enumerator, Object, ObjectRepr, Value as MjValue};
use minijinja::{Error, ErrorKind, State};
use regex::Regex;
use std::fmt;
use std::sync::{Arc, OnceLock};

const MARK: &str = "--halite-missing-param--";

/// The marker printed for a missing parameter path.
fn marker(path: &str) -> String {
    format!("{MARK}{}{MARK}", b64::encode(path.as_bytes()))
}

fn marker_regex() -> &'static Regex {
    static RE: OnceLock<Regex> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"--halite-missing-param--([A-Za-z0-9+/=]*)--halite-missing-param--")
            .expect("static regex")
    })
}

/// The missing parameter paths printed into `text`, in order.
pub fn missing_in(text: &str) -> Vec<String> {
    marker_regex()
        .captures_iter(text)
        .filter_map(|c| c.get(1))
        .filter_map(|m| b64::decode(m.as_str()))
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .collect()
}

/// `text` with each marker replaced by `<missing:path>` (for naming an ID in errors).
pub fn strip_markers(text: &str) -> String {
    marker_regex()
        .replace_all(text, |c: &regex::Captures| {
            let path = c
                .get(1)
                .and_then(|m| b64::decode(m.as_str()))
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            format!("<missing:{path}>")
        })
        .into_owned()
}

fn child_path(path: &str, key: &MjValue) -> String {
    match key.as_i64() {
        Some(i) if key.is_integer() => format!("{path}[{i}]"),
        _ if path.is_empty() => key.to_string(),
        _ => format!("{path}.{key}"),
    }
}

/// A mapping of real parameter values.
#[derive(Debug)]
pub struct RealParams {
    map: Map,
    path: String,
}

impl RealParams {
    /// The root `params` object.
    pub fn root(values: &Value) -> MjValue {
        let map = values.as_map().cloned().unwrap_or_default();
        MjValue::from_object(RealParams {
            map,
            path: String::new(),
        })
    }

    fn wrap(&self, key: &MjValue, v: &Value) -> MjValue {
        match v {
            Value::Map(m) => MjValue::from_object(RealParams {
                map: m.clone(),
                path: child_path(&self.path, key),
            }),
            other => to_mj(other),
        }
    }

    fn lookup(&self, key: &MjValue) -> Option<&Value> {
        let k = crate::convert::from_mj(key);
        self.map.get_value(&k)
    }

    fn missing(&self, key: &MjValue) -> MjValue {
        MjValue::from_object(Missing {
            path: child_path(&self.path, key),
        })
    }
}

impl Object for RealParams {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        Some(match self.lookup(key) {
            Some(v) => self.wrap(key, v),
            None => self.missing(key),
        })
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(self.map.keys().map(to_mj).collect())
    }

    fn call_method(
        self: &Arc<Self>,
        _state: &mut State<'_, '_>,
        method: &str,
        args: &[MjValue],
    ) -> Result<MjValue, Error> {
        let items = || -> Vec<MjValue> {
            self.map
                .iter()
                .map(|(k, v)| MjValue::from(vec![to_mj(k), self.wrap(&to_mj(k), v)]))
                .collect()
        };
        match method {
            "get" => {
                let key = args.first().ok_or_else(|| {
                    Error::new(
                        ErrorKind::MissingArgument,
                        "get expected at least 1 argument",
                    )
                })?;
                Ok(match (self.lookup(key), args.get(1)) {
                    (Some(v), _) => self.wrap(key, v),
                    (None, Some(default)) => default.clone(),
                    (None, None) => self.missing(key),
                })
            }
            "items" => Ok(MjValue::from(items())),
            "keys" => Ok(MjValue::from(
                self.map.keys().map(to_mj).collect::<Vec<_>>(),
            )),
            "values" => Ok(MjValue::from(
                items()
                    .into_iter()
                    .filter_map(|p| p.get_item_by_index(1).ok())
                    .collect::<Vec<_>>(),
            )),
            _ => Err(Error::from(ErrorKind::UnknownMethod)),
        }
    }

    /// Python `str(dict)`.
    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&Value::Map(self.map.clone()).py_repr())
    }
}

/// A parameter (or sub-parameter) with no value: further `.get()` calls with a default
/// give the default; printing it leaves a marker.
#[derive(Debug)]
pub struct Missing {
    path: String,
}

impl Object for Missing {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        Some(MjValue::from_object(Missing {
            path: child_path(&self.path, key),
        }))
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Empty
    }

    fn is_true(self: &Arc<Self>) -> bool {
        false
    }

    fn call_method(
        self: &Arc<Self>,
        _state: &mut State<'_, '_>,
        method: &str,
        args: &[MjValue],
    ) -> Result<MjValue, Error> {
        match (method, args.first(), args.get(1)) {
            ("get", _, Some(default)) => Ok(default.clone()),
            ("get", Some(key), None) => Ok(MjValue::from_object(Missing {
                path: child_path(&self.path, key),
            })),
            _ => Err(Error::from(ErrorKind::UnknownMethod)),
        }
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&marker(&self.path))
    }
}
