//! `file.accumulated` and the accumulator data `file.managed` templates (`accumulator`) and
//! `file.blockreplace` read, kept for the run in [`crate::TemplateEngines`].

use crate::{StateCall, StateError};
use halite_value::{Map, Value};

fn list_mut<'a>(m: &'a mut Map, key: &Value) -> &'a mut halite_value::List {
    if !matches!(m.get_value(key), Some(Value::List(_))) {
        m.insert(key.clone(), Value::List(Default::default()));
    }
    match m.get_value_mut(key) {
        Some(Value::List(l)) => l,
        _ => unreachable!("just inserted a list"),
    }
}

fn map_mut<'a>(m: &'a mut Map, key: &Value) -> &'a mut Map {
    if !matches!(m.get_value(key), Some(Value::Map(_))) {
        m.insert(key.clone(), Value::Map(Map::new()));
    }
    match m.get_value_mut(key) {
        Some(Value::Map(inner)) => inner,
        _ => unreachable!("just inserted a map"),
    }
}

/// `file.accumulated(name, filename, text)`.
pub fn accumulated(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let mut ret = Map::new();
    ret.insert("name", name.clone());
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("result", Value::Bool(true));
    ret.insert("comment", Value::str(""));
    if !name.truthy() {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str("Must provide name to file.accumulated"),
        );
        return Ok(ret);
    }
    let Some(text) = call.arg("text").cloned() else {
        ret.insert("result", Value::Bool(false));
        ret.insert("comment", Value::str("No text supplied for accumulator"));
        return Ok(ret);
    };
    let as_list = |k: &str| -> Vec<Value> {
        match call.low.get(k) {
            Some(Value::List(l)) => l.iter().cloned().collect(),
            _ => Vec::new(),
        }
    };
    let mut deps = as_list("require_in");
    deps.extend(as_list("watch_in"));
    // `"file" in x`: a key of a dict, a substring of a string.
    let names_file = |x: &Value| match x {
        Value::Map(m) => m.contains_key("file"),
        Value::Str(s) => s.contains("file"),
        Value::List(l) => l.iter().any(|i| i.as_str() == Some("file")),
        _ => false,
    };
    if !deps.iter().any(names_file) {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str(format!(
                "Orphaned accumulator {} in {}:{}",
                name.py_str(),
                call.low
                    .get("__sls__")
                    .map(Value::py_str)
                    .unwrap_or_default(),
                call.low
                    .get("__id__")
                    .map(Value::py_str)
                    .unwrap_or_default()
            )),
        );
        return Ok(ret);
    }
    let chunks: Vec<Value> = match &text {
        Value::List(l) => l.iter().cloned().collect(),
        other => vec![other.clone()],
    };
    let filename = call.low.get("filename").cloned().unwrap_or(Value::Null);
    let mut acc = call.templates.accumulators();
    {
        let file_deps = map_mut(&mut acc.deps, &filename);
        let ids = list_mut(file_deps, &name);
        for d in &deps {
            match d {
                Value::Map(m) => ids.extend(m.values().cloned()),
                Value::Str(s) => ids.extend(s.chars().map(|c| Value::str(c.to_string()))),
                Value::List(l) => ids.extend(l.iter().cloned()),
                _ => {}
            }
        }
    }
    let file_data = map_mut(&mut acc.data, &filename);
    let texts = list_mut(file_data, &name);
    for chunk in chunks {
        if !texts.iter().any(|t| t == &chunk) {
            texts.push(chunk);
            ret.insert(
                "comment",
                Value::str(format!(
                    "Accumulator {} for file {} was charged by text",
                    name.py_str(),
                    filename.py_str()
                )),
            );
        }
    }
    Ok(ret)
}

/// `context["accumulator"] = accum_data[name]` when accumulators target `name`.
pub(crate) fn template_context(call: &StateCall, name: &str, vars: &mut Map) {
    let acc = call.templates.accumulators();
    if let Some(m) = acc.data.get(name) {
        vars.insert("accumulator", m.clone());
    }
}

/// The lines `file.blockreplace` adds to its content from the accumulators that target
/// `name`: those required by this state, or all of them.
pub(crate) fn block_lines(call: &StateCall, name: &str) -> Vec<String> {
    let acc = call.templates.accumulators();
    let Some(Value::Map(accumulator)) = acc.data.get(name) else {
        return Vec::new();
    };
    let id = call.low.get("__id__").cloned().unwrap_or(Value::Null);
    let mut filtered: Vec<Value> = match acc.deps.get(name) {
        Some(Value::Map(deps)) => deps
            .iter()
            .filter(|(a, ids)| {
                ids.as_list().is_some_and(|l| l.contains(&id)) && accumulator.contains_value_key(a)
            })
            .map(|(a, _)| a.clone())
            .collect(),
        _ => Vec::new(),
    };
    if filtered.is_empty() {
        filtered = accumulator.keys().cloned().collect();
    }
    let mut out = Vec::new();
    for a in filtered {
        if let Some(Value::List(lines)) = accumulator.get_value(&a) {
            out.extend(lines.iter().map(Value::py_str));
        }
    }
    out
}
