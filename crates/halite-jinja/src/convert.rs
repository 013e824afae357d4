//! Conversions between halite's [`halite_value::Value`] and minijinja values. Data entering
//! a template (grains, pillar, opts, function results) becomes mutable dicts and lists;
//! data leaving it (function arguments, serializers) becomes plain `Value`s.

use crate::mutable::{MutList, MutMap};
use halite_value::{Map, Value as HValue};
use indexmap::IndexMap;
use minijinja::value::{ObjectRepr, Value, ValueKind};

/// halite value -> template value (dicts and lists become mutable objects).
pub fn to_mj(v: &HValue) -> Value {
    match v {
        HValue::Null => Value::from(()),
        HValue::Bool(b) => Value::from(*b),
        HValue::Int(i) => Value::from(*i),
        HValue::Float(f) => Value::from(*f),
        HValue::Str(s) => Value::from(s.as_str()),
        HValue::List(l) => MutList::new(l.iter().map(to_mj).collect()).into_value(),
        HValue::Map(m) => map_to_mj(m),
    }
}

pub fn map_to_mj(m: &Map) -> Value {
    let mut out = IndexMap::with_capacity(m.len());
    for (k, v) in m.iter() {
        out.insert(to_mj(k), to_mj(v));
    }
    MutMap::new(out).into_value()
}

/// Like [`to_mj`], with every dict a Salt `OrderedDict` (compiled pillar data).
pub fn to_mj_ordered(v: &HValue) -> Value {
    match v {
        HValue::List(l) => MutList::new(l.iter().map(to_mj_ordered).collect()).into_value(),
        HValue::Map(m) => {
            let mut out = IndexMap::with_capacity(m.len());
            for (k, v) in m.iter() {
                out.insert(to_mj(k), to_mj_ordered(v));
            }
            MutMap::new_ordered(out).into_value()
        }
        other => to_mj(other),
    }
}

/// template value -> halite value. Undefined becomes `None`; callables and other opaque
/// objects become their string form.
pub fn from_mj(v: &Value) -> HValue {
    from_mj_depth(v, 0)
}

fn from_mj_depth(v: &Value, depth: usize) -> HValue {
    if depth > 200 {
        return HValue::Null;
    }
    match v.kind() {
        ValueKind::Undefined | ValueKind::None => HValue::Null,
        ValueKind::Bool => HValue::Bool(v.is_true()),
        ValueKind::Number => number(v),
        ValueKind::String => HValue::Str(v.as_str().unwrap_or_default().to_string()),
        ValueKind::Bytes => {
            HValue::Str(String::from_utf8_lossy(v.as_bytes().unwrap_or_default()).into())
        }
        ValueKind::Seq | ValueKind::Iterable => {
            let items = v
                .try_iter()
                .map(|it| it.map(|x| from_mj_depth(&x, depth + 1)).collect());
            HValue::List(items.unwrap_or_default())
        }
        ValueKind::Map => map_from_mj(v, depth),
        _ => match v.as_object().map(|o| o.repr()) {
            Some(ObjectRepr::Map) => map_from_mj(v, depth),
            _ => HValue::Str(v.to_string()),
        },
    }
}

fn map_from_mj(v: &Value, depth: usize) -> HValue {
    let mut m = Map::new();
    if let Some(mm) = crate::mutable::as_mut_map(v) {
        for (k, val) in mm.entries() {
            m.insert(from_mj_depth(&k, depth + 1), from_mj_depth(&val, depth + 1));
        }
        return HValue::Map(m);
    }
    if let Some(pairs) = v.as_object().and_then(|o| o.try_iter_pairs()) {
        for (k, val) in pairs {
            m.insert(from_mj_depth(&k, depth + 1), from_mj_depth(&val, depth + 1));
        }
    }
    HValue::Map(m)
}

fn number(v: &Value) -> HValue {
    if v.is_integer() {
        if let Some(i) = v.as_i64() {
            return HValue::Int(i);
        }
        // Larger than i64: keep the digits as a float (rare in templates).
        return HValue::Float(f64::try_from(v.clone()).unwrap_or(0.0));
    }
    HValue::Float(f64::try_from(v.clone()).unwrap_or(0.0))
}
