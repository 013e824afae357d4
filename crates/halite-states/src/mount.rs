//! Salt's `mount` state module (salt/states/mount.py): `mounted`, `swap` and `unmounted`.
//! halite never mounts, unmounts or activates swap: in a real run that would, the state fails
//! saying so, and `mounted` on a mount point that is already mounted (Salt's option
//! comparison and remount) is not implemented (docs/compat.md); test mode and the fstab
//! bookkeeping (`config:`) are Salt's.

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::Args;
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("mount.mounted", mounted, &["name", "device", "fstype"]);
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
        set(
            &mut ret,
            Value::Null,
            format!("Swap {name} is set to be activated"),
        );
    } else {
        set(
            &mut ret,
            Value::Bool(false),
            format!("halite does not activate swap ({name})"),
        );
        return Ok(ret);
    }
    if !call.flag("persist", true) {
        return Ok(ret);
    }
    let config = config_arg(call);
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
        set(
            &mut ret,
            Value::Null,
            format!("Mount point {name} is mounted but should not be"),
        );
        return Ok(ret);
    } else {
        set(
            &mut ret,
            Value::Bool(false),
            format!("halite does not unmount file systems ({name})"),
        );
        return Ok(ret);
    }
    if !call.flag("persist", false) {
        return Ok(ret);
    }
    let config = config_arg(call);
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
        set(&mut ret, Value::Null, format!(
                "Mount point {name} is unmounted but needs to be purged from {} to be made persistent",
                config.py_str()
            ));
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
        set(
            &mut ret,
            Value::Bool(false),
            format!("{c}. Failed to persist purge"),
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

/// The `config` argument with Salt's default, `/etc/fstab` (the same in `swap`, `unmounted`
/// and `mounted`).
fn config_arg(call: &StateCall) -> Value {
    call.arg("config")
        .cloned()
        .unwrap_or_else(|| Value::str("/etc/fstab"))
}

fn set(ret: &mut Map, result: Value, comment: String) {
    ret.insert("result", result);
    ret.insert("comment", Value::str(comment));
}

/// `mount.mounted(name, device, fstype, mkmnt=False, opts="defaults", dump=0, pass_num=0,
/// config="/etc/fstab", persist=True, mount=True, user=None, match_on="auto", ...)` for a mount
/// point that is not mounted.
pub fn mounted(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = crate::ret_ncrc(call.name(), Value::Bool(true), "");
    let raw_name = call.name_str();
    let device = call.arg_str("device").unwrap_or_default();
    let fstype = call.arg_str("fstype").unwrap_or_default();
    if raw_name.is_empty() {
        set(
            &mut ret,
            Value::Bool(false),
            "Must provide name to mount.mounted".into(),
        );
        return Ok(ret);
    }
    if device.is_empty() {
        set(
            &mut ret,
            Value::Bool(false),
            "Must provide device to mount.mounted".into(),
        );
        return Ok(ret);
    }
    if fstype.is_empty() {
        set(
            &mut ret,
            Value::Bool(false),
            "Must provide fstype to mount.mounted".into(),
        );
        return Ok(ret);
    }
    let opts: Vec<Value> = match call.arg("opts") {
        None => vec![Value::str("defaults")],
        Some(Value::List(l)) => l.iter().cloned().collect(),
        Some(v) => v.py_str().split(',').map(Value::str).collect(),
    };
    let name = if raw_name == "/" {
        raw_name.clone()
    } else {
        raw_name.trim_end_matches('/').to_string()
    };
    let mut kw = Map::new();
    kw.insert("extended", Value::Bool(true));
    let active = exec(call, "mount.active", vec![], kw)?;
    let real_name = std::fs::canonicalize(&name)
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_else(|_| name.clone());
    let comp_real_name = real_name.replace(' ', "\\040");
    if device.to_uppercase().starts_with("LABEL=") {
        let label = device.split('=').nth(1).unwrap_or("");
        let res = exec(
            call,
            "cmd.run_all",
            vec![Value::str(format!("blkid -t LABEL={label}"))],
            Map::new(),
        )?;
        if !matches!(
            res.as_map().and_then(|m| m.get("retcode")),
            Some(Value::Int(0))
        ) {
            set(
                &mut ret,
                Value::Bool(false),
                format!("Unable to find device with label {label}."),
            );
            return Ok(ret);
        }
    }
    if active
        .as_map()
        .is_some_and(|m| m.contains_key(&comp_real_name))
    {
        return Err(StateError::Other(format!(
            "halite: mount.mounted on a mounted file system ({name}) is not implemented"
        )));
    }
    let mount = call.flag("mount", true);
    let mkmnt = call.flag("mkmnt", false);
    let exists = std::path::Path::new(&name).exists();
    if mount {
        if call.test {
            let c = if exists {
                format!("{name} would be mounted")
            } else if mkmnt {
                format!("{name} would be created and mounted")
            } else {
                format!("{name} does not exist and would not be created")
            };
            set(&mut ret, Value::Null, c);
            return Ok(ret);
        }
        if !exists && !mkmnt {
            set(
                &mut ret,
                Value::Bool(false),
                "Mount directory is not present".into(),
            );
            return Ok(ret);
        }
        set(
            &mut ret,
            Value::Bool(false),
            format!("halite does not mount file systems ({name})"),
        );
        return Ok(ret);
    } else if !exists {
        if call.test {
            let c = if mkmnt {
                format!("{name} would be created, but not mounted")
            } else {
                format!("{name} does not exist and would neither be created nor mounted")
            };
            set(&mut ret, Value::Null, c);
        } else if mkmnt {
            std::fs::create_dir_all(&name)
                .map_err(|e| StateError::Command(format!("{name}: {e}")))?;
            ret.insert(
                "comment",
                Value::str(format!("{name} was created, not mounted")),
            );
        } else {
            ret.insert(
                "comment",
                Value::str(format!("{name} not present and not mounted")),
            );
        }
    } else if call.test {
        ret.insert(
            "comment",
            Value::str(format!("{name} would not be mounted")),
        );
    } else {
        ret.insert("comment", Value::str(format!("{name} not mounted")));
    }
    if !call.flag("persist", true) {
        return Ok(ret);
    }
    let config = config_arg(call);
    let mut kw = Map::new();
    if call.test {
        kw.insert("test", Value::Bool(true));
    }
    kw.insert(
        "match_on",
        call.arg("match_on")
            .cloned()
            .unwrap_or_else(|| Value::str("auto")),
    );
    let out = exec(
        call,
        "mount.set_fstab",
        vec![
            Value::str(name.clone()),
            Value::str(device),
            Value::str(fstype),
            Value::List(opts.into_iter().collect()),
            call.low.get("dump").cloned().unwrap_or(Value::Int(0)),
            call.low.get("pass_num").cloned().unwrap_or(Value::Int(0)),
            config,
        ],
        kw,
    )?
    .py_str();
    let c = comment(&ret);
    if call.test && out != "present" {
        ret.insert("result", Value::Null);
        let extra = match out.as_str() {
            "new" => {
                format!("{name} needs to be written to the fstab in order to be made persistent.")
            }
            "change" => format!("The {name} fstab entry must be updated."),
            other => {
                ret.insert("result", Value::Bool(false));
                format!("Unable to detect fstab status for mount point {name} due to unexpected output '{other}' from call to mount.set_fstab. This is most likely a bug.")
            }
        };
        ret.insert("comment", Value::str(format!("{c}. {extra}")));
        return Ok(ret);
    }
    let mut changes = ret
        .get("changes")
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    let (persist, text) = match out.as_str() {
        "present" => (None, ". Entry already exists in the fstab."),
        "new" => (Some("new"), ". Added new entry to the fstab."),
        "change" => (Some("update"), ". Updated the entry in the fstab."),
        "bad config" => {
            ret.insert("result", Value::Bool(false));
            (None, ". However, the fstab was not found.")
        }
        _ => return Ok(ret),
    };
    if let Some(p) = persist {
        changes.insert("persist", Value::str(p));
        ret.insert("changes", Value::Map(changes));
    }
    ret.insert("comment", Value::str(format!("{c}{text}")));
    Ok(ret)
}
