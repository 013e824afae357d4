//! `State.compile_high_data` and `State.order_chunks`: high data to sorted low chunks.
use crate::py::{is_dunder, num_add, py_into_iter};
use halite_value::{Map, Value};
use std::cmp::Ordering;

/// Builds the low chunks of the high data and sorts them, as Salt's
/// `State.compile_high_data` does. Keys of each chunk are in Salt's order: `state`, `name`,
/// `__sls__`, `__env__`, `__sls_included_from__`, `__id__`, the arguments, then
/// `name_order` (for `names`) and `fun`; `order_chunks` appends `order` when missing.
pub fn compile_high_data(high: &Map) -> Vec<Map> {
    compile_high_data_owned(high.clone())
}

/// [`compile_high_data`] consuming the high data, so arguments move into the chunks
/// instead of being copied (Salt deep-copies, but discards the high data afterwards).
pub fn compile_high_data_owned(high: Map) -> Vec<Map> {
    let mut chunks = Vec::with_capacity(high.len());
    for (name, body) in high {
        if is_dunder(&name) {
            continue;
        }
        let Value::Map(body) = body else { continue };
        // One pass over the owned body: the state declarations in order, and the three
        // entries every chunk copies, in Salt's key order whatever the body's order.
        let mut meta: [Option<(Value, Value)>; 3] = [None, None, None];
        let mut states: Vec<(Value, Value)> = Vec::with_capacity(body.len());
        for (key, val) in body {
            let slot = match key.as_str() {
                Some("__sls__") => 0,
                Some("__env__") => 1,
                Some("__sls_included_from__") => 2,
                _ if is_dunder(&key) => continue,
                _ => {
                    states.push((key, val));
                    continue;
                }
            };
            meta[slot] = Some((key, val));
        }
        let mut meta: Vec<(Value, Value)> = meta.into_iter().flatten().collect();
        let count = states.len();
        for (i, (state, run)) in states.into_iter().enumerate() {
            // The last state of the ID takes the meta entries themselves.
            let meta = if i + 1 == count {
                std::mem::take(&mut meta)
            } else {
                meta.clone()
            };
            compile_state(&name, meta, state, run, &mut chunks);
        }
    }
    // Each chunk was allocated at its final size (see `ChunkBuf::into_map`): no spare
    // capacity to shrink, although chunks live through the whole run.
    order_chunks(chunks)
}

/// A low chunk being built, with Python dict semantics (a replaced key keeps its position)
/// on a small vector: a chunk has about ten keys, so a linear search is cheaper than hashing,
/// `names` copies are plain vector clones, and the final `Map` is allocated once.
#[derive(Clone, Default)]
struct ChunkBuf(Vec<(Value, Value)>);

impl ChunkBuf {
    /// `chunk[key] = value` for a string key, allocating the key only when it is new.
    fn set_str(&mut self, key: &str, value: Value) {
        match self.0.iter_mut().find(|(k, _)| k.as_str() == Some(key)) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((Value::str(key), value)),
        }
    }

    /// `chunk[key] = value`, keys compared as the `Map` compares them (Python equality).
    fn set(&mut self, key: Value, value: Value) {
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((key, value)),
        }
    }

    /// The chunk as a `Map` with room for the `order` key `order_chunks` adds when missing.
    fn into_map(self) -> Map {
        let order = usize::from(!self.0.iter().any(|(k, _)| k.as_str() == Some("order")));
        let mut map = Map::with_capacity(self.0.len() + order);
        map.extend(self.0);
        map
    }
}

/// The chunks of one state declaration (`ID: {state: [args]}`); `meta` holds the body's
/// `__sls__`, `__env__` and `__sls_included_from__` entries.
fn compile_state(
    name: &Value,
    meta: Vec<(Value, Value)>,
    state: Value,
    run: Value,
    chunks: &mut Vec<Map>,
) {
    let Value::List(run) = run else { return };
    let mut chunk = ChunkBuf(Vec::with_capacity(8 + meta.len() + run.len()));
    chunk.0.push((Value::str("state"), state));
    chunk.0.push((Value::str("name"), name.clone()));
    chunk.0.extend(meta);
    chunk.0.push((Value::str("__id__"), name.clone()));
    // Salt collects functions in a set; with more than one, verify_high has already failed.
    let mut funcs: Vec<Value> = Vec::new();
    let mut names: Vec<Value> = Vec::new();
    for arg in run {
        match arg {
            Value::Str(_) if !funcs.contains(&arg) => funcs.push(arg),
            Value::Map(arg) => {
                for (key, val) in arg {
                    match key.as_str() {
                        Some("names") => {
                            for n in py_into_iter(val) {
                                if !names.contains(&n) {
                                    names.push(n);
                                }
                            }
                        }
                        // Don't pass down a state override.
                        Some("state") => {}
                        // Invalid name, fall back to ID.
                        Some("name") if val.as_str().is_none() => {
                            chunk.set_str("name", name.clone());
                        }
                        _ => chunk.set(key, val),
                    }
                }
            }
            _ => {}
        }
    }
    // Without a function no chunk is made (verify_high reported it).
    let Some(last_fun) = funcs.pop() else { return };
    if names.is_empty() {
        for fun in funcs {
            let mut live = chunk.clone();
            live.set_str("fun", fun);
            chunks.push(live.into_map());
        }
        chunk.set_str("fun", last_fun);
        chunks.push(chunk.into_map());
        return;
    }
    let count = names.len();
    for (i, entry) in names.into_iter().enumerate() {
        let mut live = if i + 1 == count {
            std::mem::take(&mut chunk)
        } else {
            chunk.clone()
        };
        match entry {
            Value::Map(entry) => {
                if let Some((low_name, overrides)) = entry.into_iter().next() {
                    live.set_str("name", low_name);
                    // `list(map(live.update, entry[low_name]))`
                    if let Value::List(overrides) = overrides {
                        for upd in overrides {
                            if let Value::Map(upd) = upd {
                                for (k, v) in upd {
                                    live.set(k, v);
                                }
                            }
                        }
                    }
                }
            }
            other => live.set_str("name", other),
        }
        live.set_str("name_order", Value::Int(i as i64 + 1));
        for fun in &funcs {
            let mut out = live.clone();
            out.set_str("fun", fun.clone());
            chunks.push(out.into_map());
        }
        live.set_str("fun", last_fun.clone());
        chunks.push(live.into_map());
    }
}

/// Where Salt's `compile_high_data` raises: a `names` entry `- name:` with a trailing colon
/// (`map(live.update, None)`: TypeError). Returns the Python exception text.
pub fn compile_high_data_crash(high: &Map) -> Option<String> {
    for (name, body) in high.iter() {
        if is_dunder(name) {
            continue;
        }
        let Some(body) = body.as_map() else { continue };
        for (state, run) in body.iter() {
            if is_dunder(state) {
                continue;
            }
            for arg in run.as_list().into_iter().flatten() {
                let Some(names) = arg.get("names").and_then(Value::as_list) else {
                    continue;
                };
                let none_entry = names
                    .iter()
                    .filter_map(Value::as_map)
                    .any(|entry| entry.first().is_some_and(|(_, v)| v.is_null()));
                if none_entry {
                    return Some("TypeError: 'NoneType' object is not iterable".to_string());
                }
            }
        }
    }
    None
}

/// Salt's `cap`: starting at 1, each integer order above `cap - 1` (and above 0) moves the
/// cap to `order + 100`, in chunk order; floats and strings do not count.
fn order_cap(chunks: &[Map]) -> i64 {
    let mut cap: i64 = 1;
    for chunk in chunks {
        let order = match chunk.get("order") {
            Some(Value::Int(i)) => *i,
            Some(Value::Bool(b)) => *b as i64,
            _ => continue,
        };
        if order > cap - 1 && order > 0 {
            cap = order.saturating_add(100);
        }
    }
    cap
}

/// Resolves every chunk's order to a number and sorts by `(order, state + name + fun)`, as
/// Salt's `State.order_chunks` does: missing -> cap (and `name_order` stays in the chunk),
/// `first` -> 0, `last` -> cap + 1000000, other non-numbers -> cap, `names` add
/// `name_order / 10000`, negative orders count back from cap + 1000000.
pub fn order_chunks(mut chunks: Vec<Map>) -> Vec<Map> {
    let cap = order_cap(&chunks);
    // Sort precomputed keys (stable, as Python's sort), then move each chunk once.
    let mut keyed: Vec<(Value, String, usize)> = chunks
        .iter_mut()
        .enumerate()
        .map(|(i, c)| (resolve_order(c, cap), sort_tag(c), i))
        .collect();
    keyed.sort_by(|a, b| cmp_num(&a.0, &b.0).then_with(|| a.1.cmp(&b.1)));
    let mut slots: Vec<Option<Map>> = chunks.into_iter().map(Some).collect();
    keyed
        .into_iter()
        .filter_map(|(_, _, i)| slots.get_mut(i).and_then(Option::take))
        .collect()
}

/// Sets the chunk's numeric `order` and returns it.
fn resolve_order(chunk: &mut Map, cap: i64) -> Value {
    let mut order = match chunk.get("order") {
        None => {
            chunk.insert("order", Value::Int(cap));
            return Value::Int(cap);
        }
        Some(order @ (Value::Int(_) | Value::Float(_) | Value::Bool(_))) => order.clone(),
        Some(Value::Str(s)) if s == "last" => Value::Int(cap.saturating_add(1_000_000)),
        Some(Value::Str(s)) if s == "first" => Value::Int(0),
        Some(_) => Value::Int(cap),
    };
    if let Some(name_order) = chunk.remove("name_order") {
        let frac = Value::Float(name_order.as_f64().unwrap_or(0.0) / 10000.0);
        order = num_add(&order, &frac);
    }
    if order.as_f64().unwrap_or(0.0) < 0.0 {
        order = num_add(&Value::Int(cap.saturating_add(1_000_000)), &order);
    }
    // The key exists: replace the value in place (no key allocation).
    if let Some(slot) = chunk.get_mut("order") {
        *slot = order.clone();
    }
    order
}

/// `"{0[state]}{0[name]}{0[fun]}".format(chunk)`.
fn sort_tag(chunk: &Map) -> String {
    let parts = ["state", "name", "fun"].map(|key| chunk.get(key));
    let len = parts
        .iter()
        .map(|p| p.and_then(Value::as_str).map_or(0, str::len))
        .sum();
    let mut tag = String::with_capacity(len);
    for part in parts {
        match part {
            Some(Value::Str(s)) => tag.push_str(s),
            Some(other) => tag.push_str(&other.py_str()),
            None => {}
        }
    }
    tag
}

/// Python's numeric comparison of int / float / bool orders.
fn cmp_num(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        _ => {
            let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
    }
}
