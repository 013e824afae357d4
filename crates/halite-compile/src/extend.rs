//! `State.reconcile_extend`: merge `__extend__` into the high data.
use crate::find::{find_name, NameIndex};
use crate::py::{first_key, first_key_of, fmt, get_fmt, is_dunder, py_iter};
use crate::STATE_REQUISITE_KEYWORDS;
use halite_value::{Map, Value};

/// Pops `__extend__` and merges each extension into its target, as Salt's
/// `State.reconcile_extend(high, strict)` does; returns the error strings.
///
/// Salt's rules: a plain argument replaces the same argument, a requisite list is appended
/// to, a function string replaces the function, a `name` replaces `names`, and a state type
/// the ID lacks is added. Targets that are not IDs are looked up by argument value
/// (`find_name`); an extension declared in an excluded sls is dropped.
pub fn reconcile_extend(high: &mut Map, strict: bool) -> Vec<String> {
    let mut errors = Vec::new();
    let Some(ext) = high.remove("__extend__") else {
        return errors;
    };
    let sls_excludes = sls_excludes(high);
    let mut index: Option<NameIndex> = None;
    for ext_chunk in ext.as_list().into_iter().flatten() {
        let Some(ext_chunk) = ext_chunk.as_map() else {
            continue;
        };
        for (name, body) in ext_chunk.iter() {
            let Some(body) = body.as_map() else { continue };
            let Some(state_type) = body.keys().find(|k| !is_dunder(k)) else {
                continue;
            };
            let target = match resolve_target(name, state_type, high, strict, &mut index) {
                Some(t) => t,
                None => {
                    errors.push(cannot_extend_message(name, body));
                    continue;
                }
            };
            if body
                .get("__sls__")
                .is_some_and(|s| sls_excludes.contains(s))
            {
                // Salt logs "Cannot extend ID ... because ... is excluded." at debug level.
                continue;
            }
            merge_extension(high, &target, body, &mut index);
        }
    }
    errors
}

/// The sls names in `__exclude__` (plain strings and `{sls: ...}` entries).
fn sls_excludes(high: &Map) -> Vec<Value> {
    let mut out = Vec::new();
    for exclude in high
        .get("__exclude__")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
    {
        match exclude {
            Value::Str(_) => out.push(exclude.clone()),
            Value::Map(m) => {
                if let Some(s) = m.get("sls").filter(|s| s.truthy()) {
                    out.push(s.clone());
                }
            }
            _ => {}
        }
    }
    out
}

/// The ID an extension applies to: the name itself when it is an ID with that state type,
/// else the single match of `find_name`.
fn resolve_target(
    name: &Value,
    state_type: &Value,
    high: &Map,
    strict: bool,
    index: &mut Option<NameIndex>,
) -> Option<Value> {
    let direct = high
        .get_value(name)
        .is_some_and(|b| crate::find::contains(b, state_type));
    if direct {
        return Some(name.clone());
    }
    let ids = find_name(name, state_type, high, strict, index);
    if ids.len() != 1 {
        return None;
    }
    ids.into_iter().next().map(|(id, _)| id)
}

fn cannot_extend_message(name: &Value, body: &Map) -> String {
    let name = fmt(name);
    let env = get_fmt(body, "__env__", "base");
    let sls = get_fmt(body, "__sls__", "base");
    format!(
        "Cannot extend ID '{name}' in '{env}:{sls}'. It is not part of the high state.\n\
         This is likely due to a missing include statement or an incorrectly typed ID.\n\
         Ensure that a state with an ID of '{name}' is available\n\
         in environment '{env}' and to SLS '{sls}'"
    )
}

/// Merges one extension body into `high[target]`, keeping the name index in step.
fn merge_extension(high: &mut Map, target: &Value, body: &Map, index: &mut Option<NameIndex>) {
    let Some(pos) = high.inner().get_index_of(target) else {
        return;
    };
    let Some(tbody) = high.get_value_mut(target).and_then(Value::as_map_mut) else {
        return;
    };
    for (state, run) in body.iter().filter(|(k, _)| !is_dunder(k)) {
        if let (Some(idx), Some(old)) = (index.as_mut(), tbody.get_value(state)) {
            idx.remove_run(pos, state, old);
        }
        match tbody.get_value_mut(state) {
            None => {
                tbody.insert(state.clone(), run.clone());
            }
            Some(Value::List(list)) => extend_state_args(list, run),
            Some(_) => {}
        }
        if let (Some(idx), Some(new)) = (index.as_mut(), tbody.get_value(state)) {
            idx.add_run(pos, state, new);
        }
    }
}

/// The per-argument merge of Salt's `reconcile_extend`.
fn extend_state_args(list: &mut Vec<Value>, run: &Value) {
    for arg in py_iter(run) {
        let mut update = false;
        for slot in list.iter_mut() {
            if arg.as_str().is_some() && slot.as_str().is_some() {
                // Replacing the function.
                *slot = arg.clone();
                update = true;
                continue;
            }
            let (Some(amap), true) = (arg.as_map(), slot.as_map().is_some()) else {
                continue;
            };
            let Some(argfirst) = first_key(amap) else {
                continue;
            };
            if first_key_of(slot) == Some(argfirst) {
                let is_req = argfirst
                    .as_str()
                    .is_some_and(|k| STATE_REQUISITE_KEYWORDS.contains(&k));
                if is_req {
                    let addition = amap.get_value(argfirst).map(py_iter).unwrap_or_default();
                    if let Some(Value::List(existing)) =
                        slot.as_map_mut().and_then(|m| m.get_value_mut(argfirst))
                    {
                        existing.extend(addition);
                    }
                } else {
                    *slot = arg.clone();
                }
                update = true;
            }
            if argfirst.as_str() == Some("name")
                && first_key_of(slot).and_then(Value::as_str) == Some("names")
            {
                // Names are overwritten by name.
                *slot = arg.clone();
            }
        }
        if !update {
            list.push(arg);
        }
    }
}
