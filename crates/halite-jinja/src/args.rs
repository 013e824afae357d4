//! Splitting template call arguments into Python-style positional and keyword arguments.

use indexmap::IndexMap;
use minijinja::value::{Kwargs, Value};
use minijinja::{Error, ErrorKind};

pub struct PyArgs {
    pub pos: Vec<Value>,
    pub kw: IndexMap<String, Value>,
}

impl PyArgs {
    pub fn new(args: &[Value]) -> PyArgs {
        let mut pos = Vec::with_capacity(args.len());
        let mut kw = IndexMap::new();
        for a in args {
            if a.is_kwargs() {
                if let Ok(keys) = a.try_iter() {
                    for k in keys {
                        let v = a.get_item(&k).unwrap_or_default();
                        kw.insert(k.as_str().unwrap_or_default().to_string(), v);
                    }
                }
            } else {
                pos.push(a.clone());
            }
        }
        PyArgs { pos, kw }
    }

    /// From a filter's/test's `Rest<Value>` and `Kwargs` (marking every keyword used).
    pub fn from_parts(rest: &[Value], kwargs: &Kwargs) -> PyArgs {
        let mut a = PyArgs::new(rest);
        let keys: Vec<String> = kwargs.args().map(str::to_string).collect();
        for k in keys {
            if let Ok(v) = kwargs.get::<Value>(&k) {
                a.kw.insert(k, v);
            }
        }
        a
    }

    /// The argument at `idx` or the keyword `name`.
    pub fn get(&self, idx: usize, name: &str) -> Option<Value> {
        self.pos
            .get(idx)
            .cloned()
            .or_else(|| self.kw.get(name).cloned())
    }

    /// Like [`get`](Self::get), treating `None` as absent.
    pub fn get_some(&self, idx: usize, name: &str) -> Option<Value> {
        self.get(idx, name)
            .filter(|v| !v.is_none() && !v.is_undefined())
    }

    pub fn str_at(&self, idx: usize, name: &str) -> Option<String> {
        self.get_some(idx, name).map(|v| crate::repr::py_str(&v))
    }

    pub fn int_at(&self, idx: usize, name: &str) -> Result<Option<i64>, Error> {
        match self.get_some(idx, name) {
            None => Ok(None),
            Some(v) => v.as_i64().map(Some).ok_or_else(|| {
                type_error(format!(
                    "'{}' object cannot be interpreted as an integer",
                    py_type(&v)
                ))
            }),
        }
    }

    pub fn bool_at(&self, idx: usize, name: &str, default: bool) -> bool {
        self.get(idx, name).map(|v| v.is_true()).unwrap_or(default)
    }

    pub fn require(&self, idx: usize, name: &str, func: &str) -> Result<Value, Error> {
        self.get(idx, name).ok_or_else(|| {
            type_error(format!(
                "{func}() missing required argument: '{name}' (pos {})",
                idx + 1
            ))
        })
    }
}

pub fn type_error(msg: impl Into<String>) -> Error {
    Error::new(ErrorKind::InvalidOperation, msg.into())
}

/// Python's type name for a template value.
pub fn py_type(v: &Value) -> &'static str {
    use minijinja::value::ValueKind;
    match v.kind() {
        ValueKind::Undefined => "Undefined",
        ValueKind::None => "NoneType",
        ValueKind::Bool => "bool",
        ValueKind::Number => {
            if v.is_integer() {
                "int"
            } else {
                "float"
            }
        }
        ValueKind::String => "str",
        ValueKind::Bytes => "bytes",
        ValueKind::Seq => {
            if v.is_tuple() {
                "tuple"
            } else {
                "list"
            }
        }
        ValueKind::Map => "dict",
        _ => "object",
    }
}
