//! Node graph -> `Value` for `Schema::Yaml12`: serde_yaml 0.9's `Value` deserialization
//! followed by `Value::apply_merge` (what reclass-rs does).

use crate::compose::{Graph, NodeId, NodeKind, TAG_MAP, TAG_SEQ, TAG_STR};
use crate::error::{ErrorKind, Mark, YamlError};
use crate::resolve::{parse_float12, parse_int12, TAG_BOOL, TAG_FLOAT, TAG_INT, TAG_NULL};
use halite_value::{List, Map, Value};

const MAX_VALUES: usize = 3_000_000;

pub(crate) fn construct(g: &Graph<'_>) -> Result<Value, YamlError> {
    let Some(root) = g.root else {
        return Ok(Value::Null);
    };
    let mut budget = 0usize;
    let mut v = build(g, root, &mut budget)?;
    apply_merge(&mut v).map_err(|p| YamlError::new(ErrorKind::Constructor, p, Mark::default()))?;
    Ok(v)
}

fn build(g: &Graph<'_>, id: NodeId, budget: &mut usize) -> Result<Value, YamlError> {
    let Some(node) = g.nodes.get(id) else {
        return Ok(Value::Null);
    };
    *budget += 1;
    if *budget > MAX_VALUES {
        return Err(YamlError::new(
            ErrorKind::Other,
            "document too large (alias expansion)",
            node.start,
        ));
    }
    match &node.kind {
        NodeKind::Scalar { value, .. } => scalar(&node.tag, value)
            .map_err(|p| YamlError::new(ErrorKind::Constructor, p, node.start)),
        NodeKind::Seq(items) => {
            let mut out = List::with_capacity(items.len());
            for i in items {
                out.push(build(g, *i, budget)?);
            }
            Ok(Value::List(out))
        }
        NodeKind::Map(pairs) => {
            let mut map = Map::with_capacity(pairs.len());
            for (k, v) in pairs {
                let key = build(g, *k, budget)?;
                if map.contains_value_key(&key) {
                    // serde_yaml reports the mapping's position, not the key's.
                    let mark = node.start;
                    let p = format!("duplicate entry with key {}", key_repr(&key));
                    return Err(YamlError::new(ErrorKind::Constructor, p, mark));
                }
                let value = build(g, *v, budget)?;
                map.insert(key, value);
            }
            Ok(Value::Map(map))
        }
    }
}

/// serde_yaml's DuplicateKeyError wording: strings quoted, other scalars plain.
fn key_repr(key: &Value) -> String {
    match key {
        Value::Str(s) => format!("{s:?}"),
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        other => other.py_str(),
    }
}

fn scalar(tag: &str, text: &str) -> Result<Value, String> {
    Ok(match tag {
        TAG_NULL => Value::Null,
        TAG_BOOL => Value::Bool(matches!(text, "true" | "True" | "TRUE")),
        TAG_INT => match parse_int12(text) {
            // serde_yaml yields i128/u128 here, which reclass-rs's values cannot hold.
            Some(n) if n > i128::from(u64::MAX) => return Err(too_big(n, "u128")),
            Some(n) if n < i128::from(i64::MIN) => return Err(too_big(n, "i128")),
            // Value::Int is i64: u64 values above i64::MAX become floats.
            Some(n) => i64::try_from(n)
                .map(Value::Int)
                .unwrap_or(Value::Float(n as f64)),
            None => parse_float12(text)
                .map(Value::Float)
                .unwrap_or_else(|| Value::str(text)),
        },
        TAG_FLOAT => parse_float12(text)
            .map(Value::Float)
            .unwrap_or_else(|| Value::str(text)),
        TAG_STR | TAG_SEQ | TAG_MAP => Value::str(text),
        _ => Value::str(text),
    })
}

fn too_big(n: i128, ty: &str) -> String {
    format!("invalid type: integer `{n}` as {ty}, expected any YAML value")
}

/// `<<` merge keys as reclass-rs resolves them (its yaml-merge-keys crate): the merged mappings' entries come first (an
/// earlier mapping wins over a later one), then the node's own entries, which replace a
/// merged value in place or are appended.
fn apply_merge(v: &mut Value) -> Result<(), String> {
    let mut stack: Vec<&mut Value> = vec![v];
    while let Some(node) = stack.pop() {
        match node {
            Value::Map(map) => {
                if let Some(merge) = map.remove("<<") {
                    let own = std::mem::take(map);
                    merge_into(map, merge)?;
                    for (k, v) in own {
                        map.insert(k, v);
                    }
                }
                stack.extend(map.values_mut());
            }
            Value::List(items) => stack.extend(items.iter_mut()),
            _ => {}
        }
    }
    Ok(())
}

fn merge_into(map: &mut Map, merge: Value) -> Result<(), String> {
    match merge {
        Value::Map(m) => {
            insert_missing(map, m);
            Ok(())
        }
        Value::List(items) => {
            for item in items {
                match item {
                    Value::Map(m) => insert_missing(map, m),
                    Value::List(_) => {
                        return Err("expected a mapping for merging, but found sequence".into())
                    }
                    _ => return Err("expected a mapping for merging, but found scalar".into()),
                }
            }
            Ok(())
        }
        _ => Err("expected a mapping or list of mappings for merging, but found scalar".into()),
    }
}

fn insert_missing(map: &mut Map, from: Map) {
    for (k, v) in from {
        if !map.contains_value_key(&k) {
            map.insert(k, v);
        }
    }
}
