//! Salt's `mount` state module (salt/states/mount.py): `swap` and `unmounted`. halite never
//! mounts, unmounts or activates swap: in a real run that would, the state fails saying so
//! (docs/compat.md); test mode and the fstab bookkeeping (`config:`) are Salt's.

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::Args;
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("mount.swap", swap, &["name"]);
    r.register("mount.unmounted", unmounted, &["name"]);
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>, kwargs: Map) -> Result<Value, StateError> {
    call.exec
        .call(call.ctx, fun, &Args::new(args, kwargs))
        .map_err(|e| StateError::Command(e.to_string()))
}

fn comment(ret: &Map) -> String {
    ret.get("comment").map(Value::py_str).unwrap_or_default()
}

/// `mount.swap(name, persist=True, config="/etc/fstab")`.
pub fn swap(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = crate::ret_ncrc(call.name(), Value::Bool(true), "");
    let on = exec(call, "mount.swaps", vec![], Map::new())?;
    let on = on.as_map().cloned().unwrap_or_default();
    let real = match std::fs::symlink_metadata(&name) {
        Ok(m) if m.file_type().is_symlink() => {
            let target = std::fs::read_link(&name)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default();
            if target.starts_with('/') {
                target
            } else {
                let base = target.rsplit('/').next().unwrap_or("");
                format!("/dev/{base}")
            }
        }
        _ => name.clone(),
    };
    if on.contains_key(&real) {
        ret.insert("comment", Value::str(format!("Swap {name} already active")));
    } else if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::str(format!("Swap {name} is set to be activated")),
        );
    } else {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str(format!("halite does not activate swap ({name})")),
        );
        return Ok(ret);
    }
    if !call.flag("persist", true) {
        return Ok(ret);
    }
    let config = call
        .arg("config")
        .cloned()
        .unwrap_or_else(|| Value::str("/etc/fstab"));
    let fstab = exec(call, "mount.fstab", vec![config.clone()], Map::new())?;
    let fstab = fstab.as_map().cloned().unwrap_or_default();
    if call.test {
        let listed = fstab.contains_key(&name)
            || fstab.values().any(|e| {
                e.as_map()
                    .and_then(|m| m.get("device"))
                    .is_some_and(|d| d.py_str() == name)
            });
        if !listed {
            ret.insert("result", Value::Null);
            if on.contains_key(&name) {
                ret.insert(
                    "comment",
                    Value::str(format!(
                        "Swap {name} is set to be added to the fstab and to be activated"
                    )),
                );
            }
        }
        return Ok(ret);
    }
    if let Some(Value::Map(none)) = fstab.get("none") {
        let device = none.get("device").map(Value::py_str).unwrap_or_default();
        let fstype = none.get("fstype").map(Value::py_str).unwrap_or_default();
        if device == name && fstype != "swap" {
            return Ok(ret);
        }
    }
    let out = exec(
        call,
        "mount.set_fstab",
        vec![
            Value::str("none"),
            call.name(),
            Value::str("swap"),
            Value::List(vec![Value::str("defaults")].into_iter().collect()),
            Value::Int(0),
            Value::Int(0),
            config,
        ],
        Map::new(),
    )?
    .py_str();
    let mut changes = ret
        .get("changes")
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    match out.as_str() {
        "new" => {
            changes.insert("persist", Value::str("new"));
            ret.insert("changes", Value::Map(changes));
            let c = comment(&ret);
            ret.insert(
                "comment",
                Value::str(format!("{c}. Added new entry to the fstab.")),
            );
        }
        "change" => {
            changes.insert("persist", Value::str("update"));
            ret.insert("changes", Value::Map(changes));
            let c = comment(&ret);
            ret.insert(
                "comment",
                Value::str(format!("{c}. Updated the entry in the fstab.")),
            );
        }
        "bad config" => {
            ret.insert("result", Value::Bool(false));
            let c = comment(&ret);
            ret.insert(
                "comment",
                Value::str(format!("{c}. However, the fstab was not found.")),
            );
        }
        _ => {}
    }
    Ok(ret)
}

/// `mount.unmounted(name, device=None, config="/etc/fstab", persist=False, user=None)`.
pub fn unmounted(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = crate::ret_ncrc(call.name(), Value::Bool(true), "");
    if name.is_empty() {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str("Must provide name to mount.unmounted"),
        );
        return Ok(ret);
    }
    let mut kw = Map::new();
    kw.insert("extended", Value::Bool(true));
    let active = exec(call, "mount.active", vec![], kw)?;
    let comp_name = name.replace(' ', "\\040");
    let mounted = active.as_map().is_some_and(|m| m.contains_key(&comp_name));
    if !mounted {
        ret.insert("comment", Value::str("Target was already unmounted"));
    } else if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::str(format!("Mount point {name} is mounted but should not be")),
        );
        return Ok(ret);
    } else {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str(format!("halite does not unmount file systems ({name})")),
        );
        return Ok(ret);
    }
    if !call.flag("persist", false) {
        return Ok(ret);
    }
    let config = call
        .arg("config")
        .cloned()
        .unwrap_or_else(|| Value::str("/etc/fstab"));
    let fstab = exec(call, "mount.fstab", vec![config.clone()], Map::new())?;
    let Some(entry) = fstab.as_map().and_then(|m| m.get(&name)).cloned() else {
        let c = comment(&ret);
        ret.insert("comment", Value::str(format!("{c}. fstab entry not found")));
        return Ok(ret);
    };
    let device = call.arg("device").cloned();
    if let Some(d) = &device {
        let have = entry
            .as_map()
            .and_then(|m| m.get("device"))
            .map(Value::py_str);
        if have.as_deref() != Some(d.py_str().as_str()) {
            let c = comment(&ret);
            ret.insert(
                "comment",
                Value::str(format!(
                    "{c}. fstab entry for device {} not found",
                    d.py_str()
                )),
            );
            return Ok(ret);
        }
    }
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::str(format!(
                "Mount point {name} is unmounted but needs to be purged from {} to be made persistent",
                config.py_str()
            )),
        );
        return Ok(ret);
    }
    let out = exec(
        call,
        "mount.rm_fstab",
        vec![call.name(), device.unwrap_or(Value::Null), config],
        Map::new(),
    )?;
    let c = comment(&ret);
    if out != Value::Bool(true) {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::str(format!("{c}. Failed to persist purge")),
        );
    } else {
        ret.insert(
            "comment",
            Value::str(format!("{c}. Removed target from fstab")),
        );
        let mut changes = Map::new();
        changes.insert("persist", Value::str("purged"));
        ret.insert("changes", Value::Map(changes));
    }
    Ok(ret)
}
