//! High data -> low chunks as idem compiles them (`idem/idem/ccomps/low.py`). idem's
//! `verify.high` errors are overwritten by the next compiler stage, so they are not modelled. Requisite `_in`, `extend`, `exclude`, `arg_bind` and
//! transparent requisites are not modelled (they do not change plain state trees).

use halite_value::{Map, Value};

/// `ccomps.low.compile`.
pub fn compile(high: &Map) -> Vec<Map> {
    let mut chunks: Vec<Map> = Vec::new();
    for (name, body) in high.iter() {
        if name.py_str().starts_with("__") {
            continue;
        }
        let Value::Map(body) = body else { continue };
        for (state, run) in body.iter() {
            if state.py_str().starts_with("__") {
                continue;
            }
            let Value::List(run) = run else { continue };
            chunks.extend(compile_state(name, body, state, run));
        }
    }
    order_chunks(chunks)
}

fn compile_state(name: &Value, body: &Map, state: &Value, run: &[Value]) -> Vec<Map> {
    let mut funcs: Vec<Value> = Vec::new();
    let mut names: Vec<Value> = Vec::new();
    let mut chunk = Map::new();
    chunk.insert("state", state.clone());
    chunk.insert("name", name.clone());
    for key in ["__sls__", "__env__"] {
        if let Some(v) = body.get(key) {
            chunk.insert(key, v.clone());
        }
    }
    chunk.insert("__id__", name.clone());
    for arg in run {
        match arg {
            Value::Str(_) if !funcs.contains(arg) => funcs.push(arg.clone()),
            Value::Str(_) => {}
            Value::Map(m) => {
                for (key, val) in m.iter() {
                    match key.as_str() {
                        Some("names") => {
                            for n in val.as_list().map(|l| l.as_slice()).unwrap_or(&[]) {
                                if !names.contains(n) {
                                    names.push(n.clone());
                                }
                            }
                        }
                        Some("state") => {}
                        Some("name") if !matches!(val, Value::Str(_)) => {
                            chunk.insert("name", name.clone());
                        }
                        _ => {
                            chunk.insert(key.clone(), val.clone());
                        }
                    }
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if names.is_empty() {
        // one chunk per function: copies of `chunk`, the last one `chunk` itself
        let last = funcs.pop();
        for fun in funcs {
            let mut live = chunk.clone();
            live.insert("fun", fun);
            out.push(live);
        }
        if let Some(fun) = last {
            chunk.insert("fun", fun);
            out.push(chunk);
        }
        return out;
    }
    for (i, entry) in names.iter().enumerate() {
        let mut live = chunk.clone();
        live.insert("name", entry.clone());
        live.insert("resource_name", entry.clone());
        live.insert("name_order", Value::Int(i as i64 + 1));
        for fun in &funcs {
            let mut l = live.clone();
            l.insert("fun", fun.clone());
            out.push(l);
        }
    }
    out
}

fn order_num(v: &Value) -> Option<f64> {
    match v {
        Value::Int(i) => Some(*i as f64),
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

/// `ccomps.low.order_chunks`.
fn order_chunks(mut chunks: Vec<Map>) -> Vec<Map> {
    let mut cap: i64 = 1;
    for chunk in &chunks {
        if let Some(Value::Int(o)) = chunk.get("order") {
            if *o > cap - 1 && *o > 0 {
                cap = o + 100;
            }
        }
    }
    for chunk in &mut chunks {
        let Some(order) = chunk.get("order").cloned() else {
            chunk.insert("order", Value::Int(cap));
            cap += 1;
            continue;
        };
        let mut order = match order {
            Value::Int(_) | Value::Float(_) | Value::Bool(_) => order,
            Value::Str(s) if s == "last" => Value::Int(cap + 1_000_000),
            Value::Str(s) if s == "first" => Value::Int(0),
            _ => {
                cap += 1;
                Value::Int(cap - 1)
            }
        };
        if let Some(n) = chunk.remove("name_order").and_then(|v| v.as_i64()) {
            order = Value::Float(order_num(&order).unwrap_or(0.0) + n as f64 / 10000.0);
        }
        if order_num(&order).is_some_and(|o| o < 0.0) {
            order = match order {
                Value::Int(i) => Value::Int(cap + 1_000_000 + i),
                other => Value::Float(cap as f64 + 1_000_000.0 + order_num(&other).unwrap_or(0.0)),
            };
        }
        chunk.insert("order", order);
    }
    // the sort keys, computed once per chunk (a stable sort, as Python's)
    let mut keyed: Vec<(f64, String, Map)> = chunks
        .into_iter()
        .map(|c| {
            let order = c.get("order").and_then(order_num).unwrap_or(0.0);
            (order, sort_name(&c), c)
        })
        .collect();
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.cmp(&b.1)));
    keyed.into_iter().map(|(_, _, c)| c).collect()
}

fn sort_name(c: &Map) -> String {
    let part = |k: &str| c.get(k).map(Value::py_str).unwrap_or_default();
    format!("{}{}{}", part("state"), part("name"), part("fun"))
}
