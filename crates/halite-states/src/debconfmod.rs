//! Salt's `debconf` state module (salt/states/debconfmod.py): `set`, through the
//! `debconf.*` execution functions (which need debconf-utils' `debconf-get-selections`).

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::Args;
use halite_value::{List, Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("debconf.set", set, &["name", "data"]);
    r.register("debconf.set_file", set_file, &["name", "source"]);
}

/// `debconf.set_file(name, source, template=None, context=None, defaults=None)`.
pub fn set_file(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = crate::ret_ncrc(call.name(), Value::Bool(true), "");
    let fail = |mut ret: Map, text: &str| {
        ret.insert("result", Value::Bool(false));
        ret.insert("comment", Value::str(text));
        Ok(ret)
    };
    let context = match call.arg("context") {
        None => Value::Map(Map::new()),
        Some(v @ Value::Map(_)) => v.clone(),
        Some(_) => return fail(ret, "Context must be formed as a dict"),
    };
    let defaults = match call.arg("defaults") {
        None => Value::Map(Map::new()),
        Some(v @ Value::Map(_)) => v.clone(),
        Some(_) => return fail(ret, "Defaults must be formed as a dict"),
    };
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::str("Debconf selections would have been set."),
        );
        return Ok(ret);
    }
    let source = call.arg("source").cloned().unwrap_or(Value::Null);
    let saltenv = call
        .low
        .get("__env__")
        .cloned()
        .unwrap_or(Value::str("base"));
    let mut kw = Map::new();
    kw.insert("saltenv", saltenv);
    let result = match call.arg("template").filter(|t| t.truthy()) {
        Some(template) => call.exec.call(
            call.ctx,
            "debconf.set_template",
            &Args::new(vec![source, template.clone(), context, defaults], kw),
        ),
        None => call
            .exec
            .call(call.ctx, "debconf.set_file", &Args::new(vec![source], kw)),
    }
    .map_err(|e| StateError::Command(e.to_string()))?;
    if result.truthy() {
        ret.insert("comment", Value::str("Debconf selections were set."));
        Ok(ret)
    } else {
        fail(ret, "Unable to set debconf selections from file.")
    }
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>) -> Result<Value, StateError> {
    call.exec
        .call(call.ctx, fun, &Args::new(args, Map::new()))
        .map_err(|e| StateError::Command(e.to_string()))
}

/// `debconf.set(name, data)`: `data` maps questions to `{type, value}`.
pub fn set(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let mut ret = crate::ret_ncrc(name.clone(), Value::Bool(true), "");
    let current = exec(call, "debconf.show", vec![name.clone()])?;
    let Some(Value::Map(data)) = call.low.get("data") else {
        return Err(StateError::Other(
            "AttributeError: 'data' has no attribute 'items'".into(),
        ));
    };
    let mut changes = Map::new();
    let mut comment = String::new();
    for (key, args) in data.iter() {
        let key_s = key.py_str();
        let Some(args) = args.as_map() else {
            return Err(StateError::Other(
                "TypeError: string indices must be integers, not 'str'".into(),
            ));
        };
        let type_ = args.get("type").map(Value::py_str).unwrap_or_default();
        let mut value = args.get("value").cloned().unwrap_or(Value::Null);
        if type_ == "boolean" {
            value = Value::str(if value.truthy() { "true" } else { "false" });
        }
        let wanted = Value::List(List::from(vec![
            Value::str(key_s.clone()),
            Value::str(type_.clone()),
            Value::str(value.py_str()),
        ]));
        let present = matches!(&current, Value::List(l) if l.contains(&wanted));
        if present {
            if comment.is_empty() {
                comment = "Unchanged answers: ".into();
            }
            comment.push_str(&format!("{key_s} "));
        } else if call.test {
            ret.insert("result", Value::Null);
            changes.insert(
                key_s.as_str(),
                Value::str(format!("New value: {}", value.py_str())),
            );
        } else if exec(
            call,
            "debconf.set",
            vec![
                name.clone(),
                Value::str(key_s.clone()),
                Value::str(type_.clone()),
                value.clone(),
            ],
        )?
        .truthy()
        {
            let shown = if type_ == "password" {
                "(password hidden)".to_string()
            } else {
                value.py_str()
            };
            changes.insert(key_s.as_str(), Value::str(shown));
        } else {
            ret.insert("result", Value::Bool(false));
            comment = "Some settings failed to be applied.".into();
            changes.insert(key_s.as_str(), Value::str("Failed to set!"));
        }
    }
    if changes.is_empty() {
        comment = "All specified answers are already set".into();
    }
    ret.insert("changes", Value::Map(changes));
    ret.insert("comment", Value::str(comment));
    Ok(ret)
}
