//! `State.apply_exclude`: drop excluded IDs and sls from the high data.
use crate::py::{fnmatch, is_dunder};
use halite_value::{Map, Value};
use std::collections::HashSet;

/// Pops `__exclude__` and removes the excluded IDs, as Salt's `State.apply_exclude` does:
/// a plain string or `{sls: pattern}` excludes every ID whose `__sls__` matches the
/// pattern (`fnmatch`), `{id: name}` excludes one ID; other entries are ignored.
pub fn apply_exclude(high: &mut Map) {
    let Some(exclude) = high.remove("__exclude__") else {
        return;
    };
    let mut ex_sls: Vec<String> = Vec::new();
    let mut ex_id: HashSet<Value> = HashSet::new();
    for exc in exclude.as_list().into_iter().flatten() {
        match exc {
            Value::Str(s) => ex_sls.push(s.to_string()),
            Value::Map(m) if m.len() == 1 => {
                if let Some((key, val)) = m.first() {
                    match key.as_str() {
                        Some("sls") => {
                            if let Some(s) = val.as_str() {
                                ex_sls.push(s.to_string());
                            }
                        }
                        Some("id") => {
                            ex_id.insert(val.clone());
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    if !ex_sls.is_empty() {
        for (name, body) in high.iter() {
            if is_dunder(name) {
                continue;
            }
            let sls = body.get("__sls__").and_then(Value::as_str).unwrap_or("");
            if sls.is_empty() {
                continue;
            }
            if ex_sls.iter().any(|pat| fnmatch(sls, pat)) {
                ex_id.insert(name.clone());
            }
        }
    }
    if !ex_id.is_empty() {
        high.retain(|k, _| !ex_id.contains(k));
    }
}
