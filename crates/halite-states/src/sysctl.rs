//! Salt's `sysctl` state module (salt/states/sysctl.py): `present`, through the `sysctl.*`
//! execution functions.

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::{Args, ExecError};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("sysctl.present", present, &["name", "value"]);
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Value, ExecError> {
    call.exec.call(call.ctx, fun, &Args::new(args, kwargs))
}

fn uncaught(e: ExecError) -> StateError {
    StateError::Command(e.to_string())
}

/// `re.sub(" +|\t+", " ", s)`.
fn squeeze(s: &str) -> String {
    let mut out = String::new();
    let mut prev: Option<char> = None;
    for c in s.chars() {
        if (c == ' ' || c == '\t') && prev == Some(c) {
            continue;
        }
        out.push(if c == '\t' { ' ' } else { c });
        prev = Some(c);
    }
    out
}

/// `sysctl.present(name, value, config=None)`.
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let value = call.low.get("value").cloned().unwrap_or(Value::Null);
    let v = value.py_str();
    let mut ret = Map::new();
    ret.insert("name", call.name());
    ret.insert("result", Value::Bool(true));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    let config = match call.arg("config") {
        Some(c) => c.clone(),
        None if call.exec.contains("sysctl.default_config") => {
            exec(call, "sysctl.default_config", vec![], Map::new()).map_err(uncaught)?
        }
        None => Value::str("/etc/sysctl.conf"),
    };
    let mut set = |result: Value, comment: String| {
        ret.insert("result", result);
        ret.insert("comment", Value::str(comment));
        ret.clone()
    };
    if call.test {
        let mut kw = Map::new();
        kw.insert("config_file", config.clone());
        let configured = exec(call, "sysctl.show", vec![], kw).map_err(uncaught)?;
        if configured.is_null() {
            return Ok(set(Value::Null, format!("Sysctl option {name} might be changed, we failed to check config file at {}. The file is either unreadable, or missing.", config.py_str())));
        }
        let in_config = match &configured {
            Value::Map(m) => m.contains_key(&name),
            Value::List(l) => l.iter().any(|x| x.py_str() == name),
            _ => false,
        };
        let current = exec(
            call,
            "sysctl.get",
            vec![Value::str(name.clone())],
            Map::new(),
        )
        .map_err(uncaught)?
        .py_str();
        if !current.is_empty() {
            if in_config {
                let want: Vec<&str> = v.split_whitespace().collect();
                let have: Vec<&str> = current.split_whitespace().collect();
                if want == have {
                    return Ok(set(
                        Value::Bool(true),
                        format!("Sysctl value {name} = {v} is already set"),
                    ));
                }
            } else if squeeze(&current) != squeeze(&v) {
                return Ok(set(
                    Value::Null,
                    format!("Sysctl option {name} set to be changed to {v}"),
                ));
            } else {
                return Ok(set(Value::Null, format!("Sysctl value is currently set on the running system but not in a config file. Sysctl option {name} set to be changed to {v} in config file.")));
            }
        } else if in_config {
            return Ok(set(Value::Null, format!("Sysctl value {name} is present in configuration file but is not present in the running config. The value {name} is set to be changed to {v}")));
        }
        return Ok(set(
            Value::Null,
            format!("Sysctl option {name} would be changed to {v}"),
        ));
    }
    let update = match exec(
        call,
        "sysctl.persist",
        vec![Value::str(name.clone()), value.clone(), config],
        Map::new(),
    ) {
        Ok(u) => u.py_str(),
        Err(ExecError::Command(e)) => {
            return Ok(set(
                Value::Bool(false),
                format!("Failed to set {name} to {v}: {e}"),
            ));
        }
        Err(e) => return Err(uncaught(e)),
    };
    if update == "Updated" {
        let mut changes = Map::new();
        changes.insert(name.as_str(), value);
        ret.insert("changes", Value::Map(changes));
        ret.insert(
            "comment",
            Value::str(format!("Updated sysctl value {name} = {v}")),
        );
    } else if update == "Already set" {
        ret.insert(
            "comment",
            Value::str(format!("Sysctl value {name} = {v} is already set")),
        );
    }
    Ok(ret)
}
