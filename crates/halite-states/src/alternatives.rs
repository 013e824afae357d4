//! Salt's `alternatives` state module (salt/states/alternatives.py): `install`, `remove`,
//! `auto`, `set`, through the `alternatives.*` execution functions.

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::Args;
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register(
        "alternatives.install",
        install,
        &["name", "link", "path", "priority"],
    );
    r.register("alternatives.remove", remove, &["name", "path"]);
    r.register("alternatives.auto", auto, &["name"]);
    r.register("alternatives.set", set, &["name", "path"]);
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>) -> Result<Value, StateError> {
    call.exec
        .call(call.ctx, fun, &Args::new(args, Map::new()))
        .map_err(|e| StateError::Command(e.to_string()))
}

fn arg(call: &StateCall, key: &str) -> Value {
    call.low.get(key).cloned().unwrap_or(Value::Null)
}

fn s(text: String) -> Value {
    Value::str(text)
}

/// `alternatives.install(name, link, path, priority)`.
pub fn install(call: &StateCall) -> Result<Map, StateError> {
    let (name, link, path, priority) = (
        arg(call, "name"),
        arg(call, "link"),
        arg(call, "path"),
        arg(call, "priority"),
    );
    let (n, p, prio) = (name.py_str(), path.py_str(), priority.py_str());
    let mut ret = Map::new();
    ret.insert("name", name.clone());
    ret.insert("link", link.clone());
    ret.insert("path", path.clone());
    ret.insert("priority", priority.clone());
    ret.insert("result", Value::Bool(true));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    let np = vec![name.clone(), path.clone()];
    if exec(call, "alternatives.check_exists", np.clone())?.truthy() {
        ret.insert(
            "comment",
            s(format!("Alternative {p} for {n} is already registered")),
        );
        return Ok(ret);
    }
    if call.test {
        ret.insert(
            "comment",
            s(format!(
                "Alternative will be set for {n} to {p} with priority {prio}"
            )),
        );
        ret.insert("result", Value::Null);
        return Ok(ret);
    }
    let out = exec(
        call,
        "alternatives.install",
        vec![name.clone(), link.clone(), path.clone(), priority.clone()],
    )?;
    if exec(call, "alternatives.check_exists", np.clone())?.truthy() {
        let comment = if exec(call, "alternatives.check_installed", np)?.truthy() {
            format!("Alternative for {n} set to path {p} with priority {prio}")
        } else {
            format!(
                "Alternative {p} for {n} registered with priority {prio} and not set to default"
            )
        };
        ret.insert("comment", s(comment));
        let mut changes = Map::new();
        changes.insert("name", name);
        changes.insert("link", link);
        changes.insert("path", path);
        changes.insert("priority", priority);
        ret.insert("changes", Value::Map(changes));
    } else {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            s(format!(
                "Alternative for {n} not installed: {}",
                out.py_str()
            )),
        );
    }
    Ok(ret)
}

fn name_path_ret(name: &Value, path: &Value) -> Map {
    let mut ret = Map::new();
    ret.insert("name", name.clone());
    ret.insert("path", path.clone());
    ret.insert("result", Value::Bool(true));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    ret
}

/// `alternatives.remove(name, path)`.
pub fn remove(call: &StateCall) -> Result<Map, StateError> {
    let (name, path) = (arg(call, "name"), arg(call, "path"));
    let n = name.py_str();
    let mut ret = name_path_ret(&name, &path);
    let np = vec![name.clone(), path.clone()];
    if exec(call, "alternatives.check_exists", np.clone())?.truthy() {
        if call.test {
            ret.insert("comment", s(format!("Alternative for {n} will be removed")));
            ret.insert("result", Value::Null);
            return Ok(ret);
        }
        exec(call, "alternatives.remove", np)?;
        let current = exec(call, "alternatives.show_current", vec![name.clone()])?;
        if current.truthy() {
            ret.insert("result", Value::Bool(true));
            ret.insert(
                "comment",
                s(format!(
                    "Alternative for {n} removed. Falling back to path {}",
                    current.py_str()
                )),
            );
            let mut changes = Map::new();
            changes.insert("path", current);
            ret.insert("changes", Value::Map(changes));
            return Ok(ret);
        }
        ret.insert("comment", s(format!("Alternative for {n} removed")));
        ret.insert("changes", Value::Map(Map::new()));
        return Ok(ret);
    }
    let current = exec(call, "alternatives.show_current", vec![name.clone()])?;
    if current.truthy() {
        ret.insert("result", Value::Bool(true));
        ret.insert(
            "comment",
            s(format!(
                "Alternative for {n} is set to it's default path {}",
                current.py_str()
            )),
        );
        return Ok(ret);
    }
    ret.insert("result", Value::Bool(false));
    ret.insert("comment", s(format!("Alternative for {n} doesn't exist")));
    Ok(ret)
}

/// `alternatives.auto(name)`.
pub fn auto(call: &StateCall) -> Result<Map, StateError> {
    let name = arg(call, "name");
    let n = name.py_str();
    let mut ret = Map::new();
    ret.insert("name", name.clone());
    ret.insert("result", Value::Bool(true));
    ret.insert("comment", Value::str(""));
    ret.insert("changes", Value::Map(Map::new()));
    let display = exec(call, "alternatives.display", vec![name.clone()])?.py_str();
    // `display.splitlines()[0]`: an empty display raises IndexError
    let Some(line) = display.lines().next() else {
        return Err(StateError::Other(
            "IndexError: list index out of range".into(),
        ));
    };
    if line.ends_with(" auto mode") {
        ret.insert("comment", s(format!("{n} already in auto mode")));
        return Ok(ret);
    }
    if call.test {
        ret.insert("comment", s(format!("{n} will be put in auto mode")));
        ret.insert("result", Value::Null);
        return Ok(ret);
    }
    let out = exec(call, "alternatives.auto", vec![name])?;
    let mut changes = Map::new();
    changes.insert("result", out);
    ret.insert("changes", Value::Map(changes));
    Ok(ret)
}

/// `alternatives.set(name, path)`.
pub fn set(call: &StateCall) -> Result<Map, StateError> {
    let (name, path) = (arg(call, "name"), arg(call, "path"));
    let (n, p) = (name.py_str(), path.py_str());
    let mut ret = name_path_ret(&name, &path);
    let current = exec(call, "alternatives.show_current", vec![name.clone()])?;
    if current == path {
        ret.insert(
            "comment",
            s(format!("Alternative for {n} already set to {p}")),
        );
        return Ok(ret);
    }
    let display = exec(call, "alternatives.display", vec![name.clone()])?.py_str();
    if !display.lines().any(|l| l.starts_with(&p)) {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            s(format!("Alternative {p} for {n} doesn't exist")),
        );
        return Ok(ret);
    }
    if call.test {
        ret.insert(
            "comment",
            s(format!("Alternative for {n} will be set to path {p}")),
        );
        ret.insert("result", Value::Null);
        return Ok(ret);
    }
    exec(call, "alternatives.set", vec![name.clone(), path.clone()])?;
    let current = exec(call, "alternatives.show_current", vec![name])?;
    if current == path {
        ret.insert(
            "comment",
            s(format!(
                "Alternative for {n} set to path {}",
                current.py_str()
            )),
        );
        let mut changes = Map::new();
        changes.insert("path", current);
        ret.insert("changes", Value::Map(changes));
    } else {
        ret.insert("comment", s(format!("Alternative for {n} not updated")));
    }
    Ok(ret)
}
