//! Salt's `salt.payload` format (msgpack) for halite's values: what Salt writes into its
//! cache files (`grains.cache.p`, ...) and its msgpack serializer.

use crate::{Map, Value};

/// `msgpack.packb(data)` as Salt's msgpack 1.x packs it (`use_bin_type=True`): the most
/// compact integer form, floats as float64, text as `str`.
pub fn encode(data: &Value) -> Vec<u8> {
    fn to_rmpv(v: &Value) -> rmpv::Value {
        match v {
            Value::Null => rmpv::Value::Nil,
            Value::Bool(b) => rmpv::Value::Boolean(*b),
            Value::Int(i) => rmpv::Value::Integer((*i).into()),
            Value::Float(f) => rmpv::Value::F64(*f),
            Value::Str(s) => rmpv::Value::String(s.to_string().into()),
            Value::List(l) => rmpv::Value::Array(l.iter().map(to_rmpv).collect()),
            Value::Map(m) => {
                rmpv::Value::Map(m.iter().map(|(k, v)| (to_rmpv(k), to_rmpv(v))).collect())
            }
        }
    }
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = rmpv::encode::write_value(&mut out, &to_rmpv(data));
    out
}

/// `salt.utils.data.decode(salt.payload.loads(bytes))`: bytes and text both come back as
/// text (invalid UTF-8 replaced), tuples as lists; `None` for bytes that are not one whole
/// msgpack value or that hold an extension type.
pub fn decode(bytes: &[u8]) -> Option<Value> {
    fn from_rmpv(v: rmpv::Value) -> Option<Value> {
        Some(match v {
            rmpv::Value::Nil => Value::Null,
            rmpv::Value::Boolean(b) => Value::Bool(b),
            rmpv::Value::Integer(i) => match i.as_i64() {
                Some(n) => Value::Int(n),
                // Beyond i64: a u64, which halite's ints cannot hold.
                None => Value::Float(i.as_f64()?),
            },
            rmpv::Value::F32(f) => Value::Float(f64::from(f)),
            rmpv::Value::F64(f) => Value::Float(f),
            rmpv::Value::String(s) => {
                Value::str(String::from_utf8_lossy(s.as_bytes()).into_owned())
            }
            rmpv::Value::Binary(b) => Value::str(String::from_utf8_lossy(&b).into_owned()),
            rmpv::Value::Array(a) => {
                Value::List(a.into_iter().map(from_rmpv).collect::<Option<_>>()?)
            }
            rmpv::Value::Map(entries) => {
                let mut m = Map::new();
                for (k, v) in entries {
                    m.insert(from_rmpv(k)?, from_rmpv(v)?);
                }
                Value::Map(m)
            }
            rmpv::Value::Ext(..) => return None,
        })
    }
    let mut rd = bytes;
    let value = rmpv::decode::read_value(&mut rd).ok()?;
    if !rd.is_empty() {
        return None;
    }
    from_rmpv(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_comes_back_as_it_went_in() {
        let mut m = Map::new();
        m.insert("os", Value::str("Debian"));
        m.insert("num_cpus", Value::Int(2));
        m.insert("mem", Value::Int(1 << 40));
        m.insert("load", Value::Float(0.5));
        m.insert(
            "ipv4",
            Value::List(vec![Value::str("127.0.0.1")].into_iter().collect()),
        );
        m.insert("none", Value::Null);
        m.insert("virtual", Value::Bool(false));
        let v = Value::Map(m);
        assert_eq!(decode(&encode(&v)), Some(v));
    }

    #[test]
    fn truncated_or_trailing_bytes_are_refused() {
        let bytes = encode(&Value::str("abc"));
        assert_eq!(decode(&bytes[..bytes.len() - 1]), None);
        let mut more = bytes.clone();
        more.push(0xc0);
        assert_eq!(decode(&more), None);
    }
}
