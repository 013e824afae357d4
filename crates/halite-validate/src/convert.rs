//! Conversions between halite values and minijinja values.

use halite_value::{Map, Value};
use minijinja::value::{Value as MjValue, ValueKind};

/// halite value -> minijinja value (maps keep their order).
pub fn to_mj(v: &Value) -> MjValue {
    match v {
        Value::Null => MjValue::from(()),
        Value::Bool(b) => MjValue::from(*b),
        Value::Int(i) => MjValue::from(*i),
        Value::Float(f) => MjValue::from(*f),
        Value::Str(s) => MjValue::from(s.as_str()),
        Value::List(l) => MjValue::from(l.iter().map(to_mj).collect::<Vec<_>>()),
        Value::Map(m) => MjValue::from_iter(m.iter().map(|(k, v)| (to_mj(k), to_mj(v)))),
    }
}

/// minijinja value -> halite value. Objects that are not maps or sequences become their
/// rendered text (what Python's `str()` would give for idem's parameter objects).
pub fn from_mj(v: &MjValue) -> Value {
    match v.kind() {
        ValueKind::Undefined | ValueKind::None => Value::Null,
        ValueKind::Bool => Value::Bool(v.is_true()),
        ValueKind::Number => match i64::try_from(v.clone()) {
            Ok(i) if !is_float(v) => Value::Int(i),
            _ => f64::try_from(v.clone())
                .map(Value::Float)
                .unwrap_or(Value::Null),
        },
        ValueKind::String | ValueKind::Bytes => Value::Str(v.to_string().into()),
        ValueKind::Seq => Value::List(
            v.try_iter()
                .map(|it| it.map(|x| from_mj(&x)).collect())
                .unwrap_or_default(),
        ),
        ValueKind::Map
            if v.as_object()
                .is_some_and(|o| o.repr() == minijinja::value::ObjectRepr::Map) =>
        {
            let mut m = Map::new();
            if let Ok(keys) = v.try_iter() {
                for k in keys {
                    let val = v.get_item(&k).unwrap_or_default();
                    m.insert(from_mj(&k), from_mj(&val));
                }
            }
            Value::Map(m)
        }
        _ => Value::Str(v.to_string().into()),
    }
}

fn is_float(v: &MjValue) -> bool {
    !v.is_integer()
}
