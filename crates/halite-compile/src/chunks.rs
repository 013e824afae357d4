//! `State.compile_high_data` and `State.order_chunks`: high data to sorted low chunks.
use crate::py::{is_dunder, num_add, py_iter};
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
        let mut meta = Map::with_capacity(3);
        for key in ["__sls__", "__env__", "__sls_included_from__"] {
            if let Some(v) = body.get(key) {
                meta.insert(key, v.clone());
            }
        }
        for (state, run) in body {
            if is_dunder(&state) {
                continue;
            }
            compile_state(&name, &meta, state, run, &mut chunks);
        }
    }
    let mut chunks = order_chunks(chunks);
    // Chunks live through the whole run: no spare capacity.
    chunks.iter_mut().for_each(Map::shrink_to_fit);
    chunks
}

/// The chunks of one state declaration (`ID: {state: [args]}`); `meta` holds the body's
/// `__sls__`, `__env__` and `__sls_included_from__`.
fn compile_state(name: &Value, meta: &Map, state: Value, run: Value, chunks: &mut Vec<Map>) {
    let mut chunk = Map::with_capacity(12);
    chunk.insert("state", state);
    chunk.insert("name", name.clone());
    for (k, v) in meta.iter() {
        chunk.insert(k.clone(), v.clone());
    }
    chunk.insert("__id__", name.clone());
    // Salt collects functions in a set; with more than one, verify_high has already failed.
    let mut funcs: Vec<Value> = Vec::new();
    let mut names: Vec<Value> = Vec::new();
    let Value::List(run) = run else { return };
    for arg in run {
        match arg {
            Value::Str(_) if !funcs.contains(&arg) => funcs.push(arg),
            Value::Map(arg) => {
                for (key, val) in arg {
                    match key.as_str() {
                        Some("names") => {
                            for n in py_iter(&val) {
                                if !names.contains(&n) {
                                    names.push(n);
                                }
                            }
                        }
                        // Don't pass down a state override.
                        Some("state") => {}
                        // Invalid name, fall back to ID.
                        Some("name") if val.as_str().is_none() => {
                            chunk.insert("name", name.clone());
                        }
                        _ => {
                            chunk.insert(key, val);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    if names.is_empty() {
        if let Some((last, rest)) = funcs.split_last() {
            for fun in rest {
                let mut live = chunk.clone();
                live.insert("fun", fun.clone());
                chunks.push(live);
            }
            chunk.insert("fun", last.clone());
            chunks.push(chunk);
        }
        return;
    }
    for (i, entry) in names.iter().enumerate() {
        let mut live = chunk.clone();
        match entry {
            Value::Map(entry) => {
                if let Some((low_name, overrides)) = entry.first() {
                    live.insert("name", low_name.clone());
                    // `list(map(live.update, entry[low_name]))`
                    for upd in overrides.as_list().into_iter().flatten() {
                        if let Some(upd) = upd.as_map() {
                            for (k, v) in upd.iter() {
                                live.insert(k.clone(), v.clone());
                            }
                        }
                    }
                }
            }
            other => {
                live.insert("name", other.clone());
            }
        }
        live.insert("name_order", Value::Int(i as i64 + 1));
        if let Some((last, rest)) = funcs.split_last() {
            for fun in rest {
                let mut out = live.clone();
                out.insert("fun", fun.clone());
                chunks.push(out);
            }
            live.insert("fun", last.clone());
            chunks.push(live);
        }
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
    for chunk in chunks.iter_mut() {
        resolve_order(chunk, cap);
    }
    // Sort small keys (stable, as Python's sort), then move each chunk once.
    let mut keyed: Vec<(Value, String, usize)> = chunks
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let order = c.get("order").cloned().unwrap_or(Value::Int(cap));
            (order, sort_tag(c), i)
        })
        .collect();
    keyed.sort_by(|a, b| cmp_num(&a.0, &b.0).then_with(|| a.1.cmp(&b.1)));
    let mut slots: Vec<Option<Map>> = chunks.into_iter().map(Some).collect();
    keyed
        .into_iter()
        .filter_map(|(_, _, i)| slots.get_mut(i).and_then(Option::take))
        .collect()
}

fn resolve_order(chunk: &mut Map, cap: i64) {
    let Some(order) = chunk.get("order").cloned() else {
        chunk.insert("order", Value::Int(cap));
        return;
    };
    let mut order = match order {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => order,
        Value::Str(s) if s == "last" => Value::Int(cap.saturating_add(1_000_000)),
        Value::Str(s) if s == "first" => Value::Int(0),
        _ => Value::Int(cap),
    };
    if let Some(name_order) = chunk.remove("name_order") {
        let frac = Value::Float(name_order.as_f64().unwrap_or(0.0) / 10000.0);
        order = num_add(&order, &frac);
    }
    if order.as_f64().unwrap_or(0.0) < 0.0 {
        order = num_add(&Value::Int(cap.saturating_add(1_000_000)), &order);
    }
    chunk.insert("order", order);
}

/// `"{0[state]}{0[name]}{0[fun]}".format(chunk)`.
fn sort_tag(chunk: &Map) -> String {
    let part = |k: &str| chunk.get(k).map(Value::py_str).unwrap_or_default();
    format!("{}{}{}", part("state"), part("name"), part("fun"))
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
