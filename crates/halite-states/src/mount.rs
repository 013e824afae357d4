//! Salt's `mount` state module (salt/states/mount.py): `mounted`, `swap` and `unmounted`.
//! `mounted` and `unmounted` are Salt's: the comparison of the active mount with the state
//! (device, options with Salt's invisible/ignored/translated options), the remount, mount
//! and unmount through `mount.remount`/`mount.mount`/`mount.umount`, the mount cache and the
//! fstab bookkeeping (`persist`, `config:`). `swap` activates swap through `mount.swapon` as
//! Salt does (docs/compat.md: the tests run only its refusal path for real).

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::Args;
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("mount.mounted", mounted, &["name", "device", "fstype"]);
    r.register("mount.swap", swap, &["name"]);
    r.register("mount.unmounted", unmounted, &["name"]);
    r.register("mount.mod_watch", mod_watch, &["name"]);
    r.register(
        "mount.fstab_present",
        fstab_present,
        &["name", "fs_file", "fs_vfstype"],
    );
    r.register("mount.fstab_absent", fstab_absent, &["name", "fs_file"]);
}

/// `_convert_to(maybe_device, convert_to)`: the fs_spec for `mount_by` (`device`, `uuid`,
/// `label`, ... through `disk.blkid`); `None` when blkid does not name one device.
fn convert_to(
    call: &StateCall,
    device: &str,
    to: Option<&str>,
) -> Result<Option<String>, StateError> {
    let Some(to) = to.filter(|t| !t.is_empty()) else {
        return Ok(Some(device.to_string()));
    };
    if (to == "device" && device.starts_with('/'))
        || device.starts_with(&format!("{}=", to.to_uppercase()))
    {
        return Ok(Some(device.to_string()));
    }
    let mut kw = Map::new();
    let args = if device.starts_with('/') {
        vec![Value::str(device)]
    } else {
        kw.insert("token", Value::str(device));
        vec![]
    };
    let blkid = exec(call, "disk.blkid", args, kw)?;
    let blkid = blkid.as_map().cloned().unwrap_or_default();
    if blkid.len() != 1 {
        return Ok(None);
    }
    let Some((dev, info)) = blkid.iter().next() else {
        return Ok(None);
    };
    if to == "device" {
        return Ok(Some(dev.py_str()));
    }
    let key = to.to_uppercase();
    match info.as_map().and_then(|m| m.get(key.as_str())) {
        Some(v) => Ok(Some(format!("{key}={}", v.py_str()))),
        None => Err(StateError::Other(format!("KeyError: '{key}'"))),
    }
}

fn fs_file_arg(call: &StateCall) -> String {
    let f = call.arg_str("fs_file").unwrap_or_default();
    if f == "/" {
        f
    } else {
        f.trim_end_matches('/').to_string()
    }
}

fn list_ret(name: Value, result: Value, comments: Vec<String>, changes: Map) -> Map {
    let mut m = Map::new();
    m.insert("name", name);
    m.insert("result", result);
    m.insert("changes", Value::Map(changes));
    m.insert(
        "comment",
        Value::List(comments.into_iter().map(Value::str).collect()),
    );
    m
}

/// `mount.fstab_present(name, fs_file, fs_vfstype, fs_mntops="defaults", fs_freq=0,
/// fs_passno=0, mount_by=None, config="/etc/fstab", mount=True, match_on="auto",
/// not_change=False, fs_mount=True)` on Linux: the entry through `mount.set_fstab`; a new
/// entry is mounted with `mount.mount(fs_file)` (mount reads /etc/fstab).
pub fn fstab_present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let fs_file = fs_file_arg(call);
    let config = config_arg(call).py_str();
    let mut comments = Vec::new();
    let Some(fs_spec) = convert_to(call, &name, call.arg_str("mount_by").as_deref())? else {
        comments.push(format!(
            "Device {name} cannot be converted to {}",
            call.arg_str("mount_by").unwrap_or_else(|| "None".into())
        ));
        return Ok(list_ret(
            call.name(),
            Value::Bool(false),
            comments,
            Map::new(),
        ));
    };
    let mut kw = Map::new();
    kw.insert("name", Value::str(fs_file.as_str()));
    kw.insert("device", Value::str(fs_spec.as_str()));
    kw.insert(
        "fstype",
        call.low.get("fs_vfstype").cloned().unwrap_or(Value::Null),
    );
    kw.insert(
        "opts",
        call.low
            .get("fs_mntops")
            .cloned()
            .unwrap_or_else(|| Value::str("defaults")),
    );
    kw.insert(
        "dump",
        call.low.get("fs_freq").cloned().unwrap_or(Value::Int(0)),
    );
    kw.insert(
        "pass_num",
        call.low.get("fs_passno").cloned().unwrap_or(Value::Int(0)),
    );
    kw.insert("config", Value::str(config.as_str()));
    if call.test {
        kw.insert("test", Value::Bool(true));
    }
    kw.insert(
        "match_on",
        call.low
            .get("match_on")
            .cloned()
            .unwrap_or_else(|| Value::str("auto")),
    );
    kw.insert(
        "not_change",
        call.low
            .get("not_change")
            .cloned()
            .unwrap_or(Value::Bool(false)),
    );
    let out = exec(call, "mount.set_fstab", vec![], kw)?.py_str();
    let mount = call.flag("mount", true);
    let mut changes = Map::new();
    if call.test {
        let mut result = Value::Null;
        match out.as_str() {
            "present" => {
                comments.push(format!("{fs_file} entry is already in {config}."));
                // Salt 3008's fstab_present sets result True for an entry already present
                // in test mode; 3007 leaves it None
                if call.salt_compat().is_3008() {
                    result = Value::Bool(true);
                }
            }
            "new" => {
                comments.push(format!("{fs_file} entry will be written in {config}."));
                if mount {
                    comments.push(format!("Will mount {name} on {fs_file}"));
                }
            }
            "change" => comments.push(format!("{fs_file} entry will be updated in {config}.")),
            other => {
                result = Value::Bool(false);
                comments.push(format!(
                    "{fs_file} entry cannot be created in {config}: {other}."
                ));
            }
        }
        return Ok(list_ret(call.name(), result, comments, changes));
    }
    let mut result = Value::Bool(true);
    match out.as_str() {
        "present" => comments.push(format!("{fs_file} entry was already in {config}.")),
        "new" => {
            changes.insert("persist", Value::str("new"));
            comments.push(format!("{fs_file} entry added in {config}."));
            if mount {
                let out = exec(
                    call,
                    "mount.mount",
                    vec![Value::str(fs_file.as_str())],
                    Map::new(),
                )?;
                if let Value::Str(err) = &out {
                    result = Value::Bool(false);
                    let Some((_, rest)) = err.split_once(':') else {
                        return Err(StateError::Other(
                            "IndexError: list index out of range".into(),
                        ));
                    };
                    comments.push(format!("Error while mounting {rest}"));
                } else {
                    comments.push(format!("Mounted {name} on {fs_file}"));
                }
            }
        }
        "change" => {
            changes.insert("persist", Value::str("change"));
            comments.push(format!("{fs_file} entry updated in {config}."));
        }
        other => {
            result = Value::Bool(false);
            comments.push(format!(
                "{fs_file} entry cannot be changed in {config}: {other}."
            ));
        }
    }
    Ok(list_ret(call.name(), result, comments, changes))
}

/// `mount.fstab_absent(name, fs_file, mount_by=None, config="/etc/fstab")` on Linux.
pub fn fstab_absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let fs_file = fs_file_arg(call);
    let config = config_arg(call);
    let fs_spec = convert_to(call, &name, call.arg_str("mount_by").as_deref())?;
    let fstab = exec(call, "mount.fstab", vec![config.clone()], Map::new())?;
    let listed = fstab.as_map().is_some_and(|m| m.contains_key(&fs_file));
    let config = config.py_str();
    if call.test {
        let c = if listed {
            format!("{fs_file} entry will be removed from {config}.")
        } else {
            format!("{fs_file} entry is already missing in {config}.")
        };
        return Ok(list_ret(call.name(), Value::Null, vec![c], Map::new()));
    }
    if !listed {
        return Ok(list_ret(
            call.name(),
            Value::Bool(true),
            vec![format!("{fs_file} entry is already missing in {config}.")],
            Map::new(),
        ));
    }
    let mut kw = Map::new();
    kw.insert("name", Value::str(fs_file.as_str()));
    kw.insert("device", fs_spec.map(Value::str).unwrap_or(Value::Null));
    kw.insert("config", Value::str(config.as_str()));
    let out = exec(call, "mount.rm_fstab", vec![], kw)?;
    if out != Value::Bool(true) {
        return Ok(list_ret(
            call.name(),
            Value::Bool(false),
            vec![format!(
                "{fs_file} entry failed when removing from {config}."
            )],
            Map::new(),
        ));
    }
    let mut changes = Map::new();
    changes.insert("persist", Value::str("removed"));
    Ok(list_ret(
        call.name(),
        Value::Bool(true),
        vec![format!("{fs_file} entry removed from {config}.")],
        changes,
    ))
}

/// `mount.mod_watch(name, user=None, **kwargs)`: for `mounted`, `mount.remount(name, device,
/// False, fstype, opts, user=user)` with the watching state's arguments (a missing one is
/// Salt's KeyError); any `out` that is true (also mount's stderr) reads "NAME remounted".
pub fn mod_watch(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = crate::ret_ncrc(call.name(), Value::Bool(true), "");
    let sfun = call
        .low
        .get("sfun")
        .map(Value::py_str)
        .unwrap_or_else(|| "None".into());
    if sfun != "mounted" {
        ret.insert(
            "comment",
            Value::str(format!("Watch not supported in {sfun} at this time")),
        );
        return Ok(ret);
    }
    let kwarg = |k: &str| {
        call.low
            .get(k)
            .cloned()
            .ok_or_else(|| StateError::Other(format!("KeyError: '{k}'")))
    };
    let args = vec![
        call.name(),
        kwarg("device")?,
        Value::Bool(false),
        kwarg("fstype")?,
        kwarg("opts")?,
    ];
    let mut kw = Map::new();
    kw.insert("user", call.low.get("user").cloned().unwrap_or(Value::Null));
    let out = exec(call, "mount.remount", args, kw)?;
    if out.truthy() {
        ret.insert("comment", Value::str(format!("{name} remounted")));
    } else {
        set(
            &mut ret,
            Value::Bool(false),
            format!("{name} failed to remount: {}", out.py_str()),
        );
    }
    Ok(ret)
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
        exec(
            call,
            "mount.swapon",
            vec![Value::str(real.clone())],
            Map::new(),
        )?;
        let on = exec(call, "mount.swaps", vec![], Map::new())?;
        match on.as_map().and_then(|m| m.get(real.as_str())) {
            Some(stats) => {
                ret.insert("comment", Value::str(format!("Swap {name} activated")));
                ret.insert("changes", stats.clone());
            }
            None => set(
                &mut ret,
                Value::Bool(false),
                format!("Swap {name} failed to activate"),
            ),
        }
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
        let mut kw = Map::new();
        if let Some(u) = call.arg("user") {
            kw.insert("user", u.clone());
        }
        let mut args = vec![call.name()];
        if let Some(d) = call.arg("device").filter(|d| d.truthy()) {
            args.push(d.clone());
        }
        let out = exec(call, "mount.umount", args, kw)?;
        match out {
            Value::Str(_) => set(&mut ret, Value::Bool(false), out.py_str()),
            Value::Bool(true) => {
                ret.insert("comment", Value::str("Target was successfully unmounted"));
                let mut changes = Map::new();
                changes.insert("umount", Value::Bool(true));
                ret.insert("changes", Value::Map(changes));
            }
            _ => set(
                &mut ret,
                Value::Bool(true),
                "Execute set to False, Target was not unmounted".into(),
            ),
        }
        exec(
            call,
            "mount.delete_mount_cache",
            vec![call.name()],
            Map::new(),
        )?;
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
        changes_insert(&mut ret, "persist", Value::str("purged"));
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

/// `os.path.realpath(path)` (not strict): relative to the working folder, symlinks of the
/// parts that exist resolved, the rest kept.
fn realpath(path: &str) -> String {
    let abs = if path.starts_with('/') {
        path.to_string()
    } else {
        let cwd = std::env::current_dir()
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_else(|_| "/".into());
        format!("{}/{path}", cwd.trim_end_matches('/'))
    };
    resolve(&abs, 0)
}

fn resolve(abs: &str, depth: usize) -> String {
    let mut out = String::new();
    let parts: Vec<&str> = abs.split('/').collect();
    for (i, part) in parts.iter().enumerate() {
        match *part {
            "" | "." => {}
            ".." => {
                if let Some(j) = out.rfind('/') {
                    out.truncate(j);
                }
            }
            p => {
                let candidate = format!("{out}/{p}");
                match std::fs::read_link(&candidate) {
                    Ok(target) if depth < 40 => {
                        let t = target.to_string_lossy();
                        let joined = if t.starts_with('/') {
                            t.into_owned()
                        } else {
                            format!("{out}/{t}")
                        };
                        out = resolve(&joined, depth + 1);
                        if out == "/" {
                            out.clear();
                        }
                    }
                    // a path that does not exist: the rest as written
                    Err(_) if std::fs::symlink_metadata(&candidate).is_err() => {
                        out = candidate;
                        for rest in &parts[i + 1..] {
                            match *rest {
                                "" | "." => {}
                                ".." => {
                                    if let Some(j) = out.rfind('/') {
                                        out.truncate(j);
                                    }
                                }
                                r => {
                                    out.push('/');
                                    out.push_str(r);
                                }
                            }
                        }
                        break;
                    }
                    _ => out = candidate,
                }
            }
        }
    }
    if out.is_empty() {
        "/".into()
    } else {
        out
    }
}

/// `os.path.dirname` of an absolute path.
fn dirname(p: &str) -> String {
    match p.rfind('/') {
        Some(i) => {
            let head = p[..i].trim_end_matches('/');
            if head.is_empty() {
                "/".into()
            } else {
                head.to_string()
            }
        }
        None => String::new(),
    }
}

/// `re.match(r"size=(?P<size_value>[0-9]+)(?P<size_unit>k|m|g)", opt)` and
/// `_size_convert`: the size in KiB.
fn size_kib(opt: &str) -> Option<u64> {
    let rest = opt.strip_prefix("size=")?;
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let n: u64 = rest[..digits].parse().ok()?;
    match rest.as_bytes().get(digits) {
        Some(b'k') => Some(n),
        Some(b'm') => Some(n * 1024),
        Some(b'g') => Some(n * 1024 * 1024),
        _ => None,
    }
}

fn strings(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(Value::Null) | None => Vec::new(),
        Some(v) => v.py_str().split(',').map(str::to_string).collect(),
    }
}

fn opts_value(opts: &[String]) -> Value {
    Value::List(opts.iter().map(|o| Value::str(o.as_str())).collect())
}

fn changes_insert(ret: &mut Map, key: &str, v: Value) {
    let mut changes = ret
        .get("changes")
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    changes.insert(key, v);
    ret.insert("changes", Value::Map(changes));
}

/// `uid=NAME`/`gid=NAME` with the number `user.info`/`group.info` gives (Salt's state does
/// the same conversion as `mount.active`).
fn numeric_id(call: &StateCall, opt: &str) -> Result<String, StateError> {
    let parts: Vec<&str> = opt.split('=').collect();
    let fun = match parts[0] {
        "uid" => "user.info",
        "gid" => "group.info",
        _ => return Ok(opt.to_string()),
    };
    if parts.len() < 2 {
        return Ok(opt.to_string());
    }
    let given = parts[1];
    let mut id = given.to_string();
    if given.is_empty() || !given.bytes().all(|c| c.is_ascii_digit()) {
        let info = exec(call, fun, vec![Value::str(given)], Map::new())?;
        if let Some(v) = info.as_map().and_then(|m| m.get(parts[0])) {
            id = v.py_str();
        }
    }
    Ok(format!("{}={id}", parts[0]))
}

/// `mount.mounted(name, device, fstype, mkmnt=False, opts="defaults", dump=0, pass_num=0,
/// config="/etc/fstab", persist=True, mount=True, user=None, match_on="auto",
/// device_name_regex=None, extra_mount_invisible_options=None, extra_mount_invisible_keys=None,
/// extra_mount_ignore_fs_keys=None, extra_mount_translate_options=None, hidden_opts=None,
/// bind_mount_copy_active_opts=True)` on Linux.
pub fn mounted(call: &StateCall) -> Result<Map, StateError> {
    let mut ret = crate::ret_ncrc(call.name(), Value::Bool(true), "");
    let raw_name = call.name_str();
    let device = call.arg_str("device").unwrap_or_default();
    let fstype = call.arg_str("fstype").unwrap_or_default();
    for (empty, what) in [
        (raw_name.is_empty(), "name"),
        (device.is_empty(), "device"),
        (fstype.is_empty(), "fstype"),
    ] {
        if empty {
            set(
                &mut ret,
                Value::Bool(false),
                format!("Must provide {what} to mount.mounted"),
            );
            return Ok(ret);
        }
    }
    let device_name_regex = strings(call.arg("device_name_regex"));
    let mut opts: Vec<String> = match call.low.get("opts") {
        None => vec!["defaults".into()],
        Some(v) => strings(Some(v)),
    };
    let hidden_opts = strings(call.arg("hidden_opts"));
    let mount = call.flag("mount", true);
    let mkmnt = call.flag("mkmnt", false);
    let user = call.arg("user").cloned();
    let name = if raw_name == "/" {
        raw_name.clone()
    } else {
        raw_name.trim_end_matches('/').to_string()
    };
    let mut update_mount_cache = false;
    let mut device_list: Vec<String> = Vec::new();
    let active_now = |call: &StateCall| -> Result<Map, StateError> {
        let mut kw = Map::new();
        kw.insert("extended", Value::Bool(true));
        Ok(exec(call, "mount.active", vec![], kw)?
            .as_map()
            .cloned()
            .unwrap_or_default())
    };
    let mut active = active_now(call)?;
    let real_name = realpath(&name);
    let comp_real_name = real_name.replace(' ', "\\040");
    let field = |m: &Map, mp: &str, k: &str| -> Option<Value> {
        m.get(mp)
            .and_then(Value::as_map)
            .and_then(|e| e.get(k))
            .cloned()
    };
    let mut append_bind = false;
    let real_device: String;
    if device.starts_with('/') {
        if opts.iter().any(|o| o == "bind") && active.contains_key(&comp_real_name) {
            let mut dev = device.replace(' ', "\\040");
            let copy = call.flag("bind_mount_copy_active_opts", true);
            let merge_opts = |opts: &mut Vec<String>, m: &Map, d: &str| {
                if copy {
                    let mut all: Vec<String> = opts.clone();
                    all.extend(strings(field(m, d, "opts").as_ref()));
                    all.extend(strings(field(m, d, "superopts").as_ref()));
                    all.sort();
                    all.dedup();
                    *opts = all;
                }
            };
            let cur = field(&active, &comp_real_name, "device")
                .map(|v| v.py_str())
                .unwrap_or_default();
            if cur.starts_with('/') {
                // the device the bind really points at
                loop {
                    if active.contains_key(&dev) {
                        let d = field(&active, &dev, "device")
                            .map(|v| v.py_str())
                            .unwrap_or_default();
                        merge_opts(&mut opts, &active, &dev);
                        append_bind = true;
                        real_device = d;
                        break;
                    }
                    let next = dirname(&dev.replace("\\040", " "));
                    if next == dev {
                        return Err(StateError::Other(format!(
                            "mount.mounted: no active mount holds {device}"
                        )));
                    }
                    dev = next;
                }
            } else {
                if active.contains_key(&dev) {
                    merge_opts(&mut opts, &active, &dev);
                    append_bind = true;
                }
                real_device = cur;
            }
        } else {
            real_device = realpath(&device);
        }
    } else if device.to_uppercase().starts_with("UUID=") {
        real_device = device
            .split('=')
            .nth(1)
            .unwrap_or("")
            .trim_matches('"')
            .to_lowercase();
    } else if device.to_uppercase().starts_with("LABEL=") {
        let label = device.split('=').nth(1).unwrap_or("");
        let res = exec(
            call,
            "cmd.run_all",
            vec![Value::str(format!("blkid -t LABEL={label}"))],
            Map::new(),
        )?;
        let res = res.as_map().cloned().unwrap_or_default();
        if res.get("retcode").is_some_and(|r| r.truthy()) {
            set(
                &mut ret,
                Value::Bool(false),
                format!("Unable to find device with label {label}."),
            );
            return Ok(ret);
        }
        // Salt iterates the stdout string: one entry a character
        let stdout = res.get("stdout").map(Value::py_str).unwrap_or_default();
        for ch in stdout.chars() {
            let c = ch.to_string();
            device_list.push(c.split(':').next().unwrap_or("").to_string());
        }
        let Some(first) = device_list.first().cloned() else {
            return Err(StateError::Other(
                "IndexError: list index out of range".into(),
            ));
        };
        real_device = first;
    } else {
        real_device = device.clone();
    }
    let mut real_device = real_device;
    if append_bind {
        if let Some(Value::Map(e)) = active.get(&comp_real_name).cloned() {
            let mut e = e;
            let mut o = strings(e.get("opts"));
            o.push("bind".into());
            e.insert("opts", opts_value(&o));
            active.insert(comp_real_name.as_str(), Value::Map(e));
        }
    }
    // LVM's /dev/VG/LV is shown as /dev/mapper/VG-LV (dashes doubled)
    if let Some(rest) = device.strip_prefix("/dev/") {
        let p: Vec<&str> = rest.split('/').collect();
        if p.len() == 2 && !p[0].is_empty() && !p[1].is_empty() {
            let mapper = format!(
                "/dev/mapper/{}-{}",
                p[0].replace('-', "--"),
                p[1].replace('-', "--")
            );
            if std::path::Path::new(&mapper).exists() {
                real_device = mapper;
            }
        }
    }
    // FUSE: `sshfs#host:/path` is listed as `host:/path`
    if let Some(i) = device.find('#') {
        let head = &device[..i];
        if !head.is_empty()
            && head.chars().all(|c| c.is_alphanumeric() || c == '_')
            && i + 1 < device.len()
        {
            real_device = device[i + 1..].to_string();
        }
    }

    let test = call.test;
    if mount && active.contains_key(&comp_real_name) {
        let entry = active
            .get(&comp_real_name)
            .and_then(Value::as_map)
            .cloned()
            .unwrap_or_default();
        let cur_dev = entry.get("device").map(Value::py_str).unwrap_or_default();
        device_list.push(cur_dev);
        let first = device_list[0].clone();
        device_list.push(realpath(&first));
        for k in ["alt_device", "device_uuid", "device_label"] {
            if let Some(v) = entry.get(k).filter(|v| v.truthy()) {
                let v = v.py_str();
                if !device_list.contains(&v) {
                    device_list.push(v);
                }
            }
        }
        if !opts.is_empty() {
            if let Some(r) = remount_if_needed(
                call,
                &mut ret,
                &entry,
                &mut opts,
                &hidden_opts,
                &real_name,
                &device,
                &fstype,
                mkmnt,
                &mut update_mount_cache,
            )? {
                return Ok(r);
            }
        }
        if !device_list.contains(&real_device) {
            // the mount point matches but the device does not: unmount
            let mut ignored = None;
            'outer: for rx in &device_name_regex {
                let re = regex::Regex::new(&format!("^(?:{rx})"))
                    .map_err(|e| StateError::Other(format!("device_name_regex {rx:?}: {e}")))?;
                for d in &device_list {
                    if re.is_match(d) {
                        ignored = Some(d.clone());
                        break 'outer;
                    }
                }
            }
            if let Some(d) = ignored {
                set(
                    &mut ret,
                    Value::Bool(true),
                    format!("An umount will not be forced because device matched device_name_regex: {d}"),
                );
            } else if test {
                set(
                    &mut ret,
                    Value::Null,
                    format!("An umount would have been forced because devices do not match.  Watched: {device}"),
                );
            } else {
                let mut msg =
                    format!("Forced unmount because devices don't match. Wanted: {device}");
                if real_device != device {
                    msg.push_str(&format!(" ({real_device})"));
                }
                msg.push_str(&format!(", current: {}", device_list.join(", ")));
                changes_insert(&mut ret, "umount", Value::str(msg));
                let mut kw = Map::new();
                kw.insert("user", user.clone().unwrap_or(Value::Null));
                exec(
                    call,
                    "mount.umount",
                    vec![Value::str(real_name.as_str())],
                    kw,
                )?;
                active = active_now(call)?;
                if active.contains_key(&comp_real_name) {
                    set(&mut ret, Value::Bool(false), "Unable to unmount".into());
                    return Ok(ret);
                }
                update_mount_cache = true;
            }
        } else {
            ret.insert("comment", Value::str("Target was already mounted"));
        }
    }
    let exists = std::path::Path::new(&name).exists();
    if !active.contains_key(&comp_real_name) {
        if mount {
            if test {
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
            let mut kw = Map::new();
            kw.insert("user", user.clone().unwrap_or(Value::Null));
            let out = exec(
                call,
                "mount.mount",
                vec![
                    Value::str(name.as_str()),
                    Value::str(device.as_str()),
                    Value::Bool(mkmnt),
                    Value::str(fstype.as_str()),
                    opts_value(&opts),
                ],
                kw,
            )?;
            active = active_now(call)?;
            update_mount_cache = true;
            if let Value::Str(_) = out {
                set(&mut ret, Value::Bool(false), out.py_str());
                return Ok(ret);
            } else if active.contains_key(&comp_real_name) {
                ret.insert("comment", Value::str("Target was successfully mounted"));
                changes_insert(&mut ret, "mount", Value::Bool(true));
            }
        } else if !exists {
            if test {
                let c = if mkmnt {
                    format!("{name} would be created, but not mounted")
                } else {
                    format!("{name} does not exist and would neither be created nor mounted")
                };
                set(&mut ret, Value::Null, c);
            } else if mkmnt {
                let mut args = vec![Value::str(name.as_str())];
                if let Some(u) = &user {
                    args.push(u.clone());
                }
                exec(call, "file.mkdir", args, Map::new())?;
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
        } else if test {
            ret.insert(
                "comment",
                Value::str(format!("{name} would not be mounted")),
            );
        } else {
            ret.insert("comment", Value::str(format!("{name} not mounted")));
        }
    }
    if !call.flag("persist", true) {
        return Ok(ret);
    }
    let config = config_arg(call);
    let mut kw = Map::new();
    if test {
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
            Value::str(device.as_str()),
            Value::str(fstype.as_str()),
            opts_value(&opts),
            call.low.get("dump").cloned().unwrap_or(Value::Int(0)),
            call.low.get("pass_num").cloned().unwrap_or(Value::Int(0)),
            config,
        ],
        kw,
    )?
    .py_str();
    let c = comment(&ret);
    if test && out != "present" {
        ret.insert("result", Value::Null);
        let extra = match (out.as_str(), mount) {
            ("new", true) => format!(
                "{name} is mounted, but needs to be written to the fstab in order to be made persistent."
            ),
            ("new", false) => {
                format!("{name} needs to be written to the fstab in order to be made persistent.")
            }
            ("change", true) => format!("{name} is mounted, but its fstab entry must be updated."),
            ("change", false) => format!("The {name} fstab entry must be updated."),
            (other, _) => {
                ret.insert("result", Value::Bool(false));
                format!("Unable to detect fstab status for mount point {name} due to unexpected output '{other}' from call to mount.set_fstab. This is most likely a bug.")
            }
        };
        ret.insert("comment", Value::str(format!("{c}. {extra}")));
        return Ok(ret);
    }
    if update_mount_cache {
        exec(
            call,
            "mount.write_mount_cache",
            vec![
                Value::str(real_name.as_str()),
                Value::str(device.as_str()),
                Value::Bool(mkmnt),
                Value::str(fstype.as_str()),
                opts_value(&opts),
            ],
            Map::new(),
        )?;
    }
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
        changes_insert(&mut ret, "persist", Value::str(p));
    }
    ret.insert("comment", Value::str(format!("{c}{text}")));
    Ok(ret)
}

/// The option comparison of `mounted` on a mounted point, the remount it forces (or the
/// unmount and mount for nfs, cvfs and fuse), and the mount cache's check. `Some(ret)` when
/// the state returns there.
#[allow(clippy::too_many_arguments)]
fn remount_if_needed(
    call: &StateCall,
    ret: &mut Map,
    entry: &Map,
    opts: &mut Vec<String>,
    hidden_opts: &[String],
    real_name: &str,
    device: &str,
    fstype: &str,
    mkmnt: bool,
    update_mount_cache: &mut bool,
) -> Result<Option<Map>, StateError> {
    const INVISIBLE: [&str; 23] = [
        "_netdev",
        "actimeo",
        "bg",
        "comment",
        "defaults",
        "delay_connect",
        "direct-io-mode",
        "intr",
        "loop",
        "nointr",
        "nobootwait",
        "nofail",
        "password",
        "reconnect",
        "retry",
        "soft",
        "auto",
        "users",
        "bind",
        "nonempty",
        "transform_symlinks",
        "port",
        "backup-volfile-servers",
    ];
    const INVISIBLE_KEYS: [&str; 8] = [
        "actimeo",
        "comment",
        "credentials",
        "direct-io-mode",
        "password",
        "port",
        "retry",
        "secretfile",
    ];
    let mut invisible: Vec<String> = INVISIBLE.iter().map(|s| s.to_string()).collect();
    invisible.extend(strings(call.arg("extra_mount_invisible_options")));
    invisible.extend(hidden_opts.iter().cloned());
    let mut invisible_keys: Vec<String> = INVISIBLE_KEYS.iter().map(|s| s.to_string()).collect();
    invisible_keys.extend(strings(call.arg("extra_mount_invisible_keys")));
    let mut ignore_fs_keys: Vec<(String, Vec<String>)> =
        vec![("ramfs".into(), vec!["size".into()])];
    if let Some(Value::Map(m)) = call.arg("extra_mount_ignore_fs_keys") {
        for (k, v) in m.iter() {
            let k = k.py_str();
            ignore_fs_keys.retain(|(f, _)| *f != k);
            ignore_fs_keys.push((k, strings(Some(v))));
        }
    }
    let ignored_here: Vec<String> = ignore_fs_keys
        .iter()
        .find(|(f, _)| f == fstype)
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let mut translate: Vec<(String, String)> = vec![
        ("tcp".into(), "proto=tcp".into()),
        ("udp".into(), "proto=udp".into()),
    ];
    if let Some(Value::Map(m)) = call.arg("extra_mount_translate_options") {
        for (k, v) in m.iter() {
            let k = k.py_str();
            translate.retain(|(f, _)| *f != k);
            translate.push((k, v.py_str()));
        }
    }
    let active_opts = strings(entry.get("opts"));
    let mut superopts = strings(entry.get("superopts"));
    let mut trigger: Vec<String> = Vec::new();
    // the loop variable after the loop (Salt's message for a cache-forced remount uses it)
    let mut last_opt = String::new();
    for o in opts.iter() {
        let mut opt = o.clone();
        if let Some((_, t)) = translate.iter().find(|(k, _)| *k == opt) {
            opt = t.clone();
        }
        let key = opt.split('=').next().unwrap_or("").to_string();
        if invisible_keys.contains(&key) {
            opt = key;
        }
        if let Some(kib) = size_kib(&opt) {
            opt = format!("size={kib}k");
        }
        if fstype == "cifs" && opt.split('=').next() == Some("user") {
            opt = format!("username={}", opt.split('=').nth(1).unwrap_or(""));
        }
        let key = opt.split('=').next().unwrap_or("").to_string();
        if ignored_here.contains(&key) {
            opt = key;
        }
        opt = numeric_id(call, &opt)?;
        // Salt's loop over the active superopts: a size there replaces the option being
        // compared (whatever it is) with that size, which is then found among the superopts
        let mut idx = 0;
        while idx < superopts.len() {
            if let Some(kib) = size_kib(&superopts[idx]) {
                opt = format!("size={kib}k");
                superopts.remove(idx);
                superopts.push(format!("size={kib}k"));
                // the list shifted under Python's iterator: the next element is at idx
                idx += 1;
                continue;
            }
            idx += 1;
        }
        if !active_opts.contains(&opt)
            && !superopts.contains(&opt)
            && !invisible.contains(&opt)
            && !ignored_here.contains(&opt)
            && !invisible_keys.contains(&opt)
        {
            trigger.push(opt.clone());
        }
        last_opt = opt;
    }
    let fuse_like = ["nfs", "cvfs"].contains(&fstype) || fstype.starts_with("fuse");
    if !trigger.is_empty() {
        trigger.sort();
        let list = trigger.join(",");
        if call.test {
            set(
                ret,
                Value::Null,
                format!("Remount would be forced because options ({list}) changed"),
            );
            return Ok(Some(ret.clone()));
        }
        if fuse_like {
            changes_insert(
                ret,
                "umount",
                Value::str(format!(
                    "Forced unmount and mount because options ({list}) changed"
                )),
            );
            if let Some(r) = unmount_and_mount(
                call,
                ret,
                opts,
                real_name,
                device,
                fstype,
                mkmnt,
                Some(&list),
            )? {
                return Ok(Some(r));
            }
        } else {
            changes_insert(
                ret,
                "umount",
                Value::str(format!("Forced remount because options ({list}) changed")),
            );
            remount(call, ret, opts, real_name, device, fstype, mkmnt)?;
        }
        *update_mount_cache = true;
    }
    let cache = exec(
        call,
        "mount.read_mount_cache",
        vec![Value::str(real_name)],
        Map::new(),
    )?;
    match cache.as_map().and_then(|m| m.get("opts")) {
        Some(cached) => {
            let missing: Vec<String> = strings(Some(cached))
                .into_iter()
                .filter(|o| !opts.contains(o))
                .collect();
            if !missing.is_empty() {
                if call.test {
                    set(
                        ret,
                        Value::Null,
                        format!(
                            "Remount would be forced because options ({})changed",
                            missing.join(",")
                        ),
                    );
                    return Ok(Some(ret.clone()));
                }
                if fuse_like {
                    changes_insert(
                        ret,
                        "umount",
                        Value::str(format!(
                            "Forced unmount and mount because options ({last_opt}) changed"
                        )),
                    );
                    if let Some(r) =
                        unmount_and_mount(call, ret, opts, real_name, device, fstype, mkmnt, None)?
                    {
                        return Ok(Some(r));
                    }
                } else {
                    changes_insert(
                        ret,
                        "umount",
                        Value::str(format!(
                            "Forced remount because options ({last_opt}) changed"
                        )),
                    );
                    remount(call, ret, opts, real_name, device, fstype, mkmnt)?;
                }
                *update_mount_cache = true;
            }
        }
        None => *update_mount_cache = true,
    }
    Ok(None)
}

/// `FUN(real_name, device, mkmnt=..., fstype=..., opts=opts)`, as the state calls
/// `mount.remount` and `mount.mount` for an active mount.
fn mount_call(
    call: &StateCall,
    fun: &str,
    real_name: &str,
    device: &str,
    fstype: &str,
    mkmnt: bool,
    opts: &[String],
) -> Result<Value, StateError> {
    let mut kw = Map::new();
    kw.insert("mkmnt", Value::Bool(mkmnt));
    kw.insert("fstype", Value::str(fstype));
    kw.insert("opts", opts_value(opts));
    exec(
        call,
        fun,
        vec![Value::str(real_name), Value::str(device)],
        kw,
    )
}

/// `mount.remount(real_name, device, mkmnt=..., fstype=..., opts=opts)`; its result is the
/// state's result (`True` or mount's stderr). Salt's remount appends `remount` to the very
/// list the state holds, and the state then removes it.
fn remount(
    call: &StateCall,
    ret: &mut Map,
    opts: &mut Vec<String>,
    real_name: &str,
    device: &str,
    fstype: &str,
    mkmnt: bool,
) -> Result<(), StateError> {
    let out = mount_call(
        call,
        "mount.remount",
        real_name,
        device,
        fstype,
        mkmnt,
        opts,
    )?;
    ret.insert("result", out);
    if let Some(i) = opts.iter().position(|o| o == "remount") {
        opts.remove(i);
    }
    Ok(())
}

/// nfs, cvfs and fuse: `mount.umount` then `mount.mount`, again with a lazy unmount when the
/// first fails. `Some(ret)` when the state returns (the unmount failed twice).
#[allow(clippy::too_many_arguments)]
fn unmount_and_mount(
    call: &StateCall,
    ret: &mut Map,
    opts: &[String],
    real_name: &str,
    device: &str,
    fstype: &str,
    mkmnt: bool,
    lazy_list: Option<&str>,
) -> Result<Option<Map>, StateError> {
    let do_mount = |ret: &mut Map| -> Result<(), StateError> {
        let out = mount_call(call, "mount.mount", real_name, device, fstype, mkmnt, opts)?;
        ret.insert("result", out);
        Ok(())
    };
    let out = exec(
        call,
        "mount.umount",
        vec![Value::str(real_name)],
        Map::new(),
    )?;
    if out == Value::Bool(true) {
        do_mount(ret)?;
        return Ok(None);
    }
    if let Some(list) = lazy_list {
        changes_insert(
            ret,
            "umount",
            Value::str(format!("Forced a lazy unmount and mount because the previous unmount failed and because the options ({list}) changed")),
        );
    }
    let mut kw = Map::new();
    kw.insert("lazy", Value::Bool(true));
    let out = exec(call, "mount.umount", vec![Value::str(real_name)], kw)?;
    if out == Value::Bool(true) {
        do_mount(ret)?;
        return Ok(None);
    }
    set(
        ret,
        Value::Bool(false),
        format!("Unable to unmount {real_name}: {}.", out.py_str()),
    );
    Ok(Some(ret.clone()))
}

#[cfg(test)]
mod tests {
    use super::{dirname, realpath, size_kib};

    #[test]
    fn size_options_convert_to_kib_as_salts_size_convert() {
        assert_eq!(size_kib("size=2m"), Some(2048));
        assert_eq!(size_kib("size=1g"), Some(1024 * 1024));
        assert_eq!(size_kib("size=512k"), Some(512));
        // re.match: a prefix is enough
        assert_eq!(size_kib("size=10mb"), Some(10240));
        assert_eq!(size_kib("size=50%"), None);
        assert_eq!(size_kib("nr_inodes=5m"), None);
    }

    #[test]
    fn realpath_keeps_missing_parts_like_python() {
        let cwd = std::env::current_dir().expect("cwd");
        let cwd = cwd.canonicalize().expect("canonical cwd");
        assert_eq!(
            realpath("halitetest-no-such-device"),
            format!("{}/halitetest-no-such-device", cwd.display())
        );
        assert_eq!(realpath("/halitetest-none/a/../b/"), "/halitetest-none/b");
        assert_eq!(realpath("/"), "/");
        assert_eq!(dirname("/mnt/a"), "/mnt");
        assert_eq!(dirname("/mnt"), "/");
    }
}
