//! `salt.modules.mount` on Linux, the parts the `mount.swap` and `mount.unmounted` states use:
//! `active`, `fstab`, `swaps`, `set_fstab`, `rm_fstab`. halite mounts nothing (no `mount`,
//! `umount`, `swapon`).

use super::cmd;
use crate::salt_utils::bind_with;
use crate::{Args, ExecContext, ExecError};
use halite_value::{List, Map, Value};

const FSTAB_KEYS: [&str; 6] = ["device", "name", "fstype", "opts", "dump", "pass_num"];
const COMPAT_KEYS: [&str; 6] = ["device", "name", "fstype", "opts", "dump", "pass"];

fn strs(v: &[&str]) -> Value {
    Value::List(v.iter().map(|s| Value::str(*s)).collect())
}

/// `_fstab_entry.dict_from_line`: `None` for a comment or a line of the wrong length.
fn dict_from_line(line: &str, keys: &[&str; 6]) -> Option<Vec<(String, String)>> {
    if line.starts_with('#') {
        return None;
    }
    let mut comps: Vec<String> = line.split_whitespace().map(str::to_string).collect();
    if comps.len() < 4 || comps.len() > 6 {
        return None;
    }
    while comps.len() < 6 {
        comps.push("0".into());
    }
    Some(keys.iter().map(|k| k.to_string()).zip(comps).collect())
}

/// `mount.fstab(config="/etc/fstab")`: `{mount point: {device, fstype, opts: [...], dump,
/// pass}}`; a repeated mount point gets `_` appended.
pub fn fstab(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.fstab", a, &["config"], 0, false)?;
    let config = b
        .opt(0)
        .map(Value::py_str)
        .unwrap_or_else(|| "/etc/fstab".into());
    Ok(Value::Map(read_fstab(&config)))
}

fn read_fstab(config: &str) -> Map {
    let mut ret = Map::new();
    if !std::path::Path::new(config).is_file() {
        return ret;
    }
    let text = std::fs::read_to_string(config).unwrap_or_default();
    for line in text.split_inclusive('\n') {
        let Some(entry) = dict_from_line(line, &COMPAT_KEYS) else {
            continue;
        };
        let mut name = String::new();
        let mut m = Map::new();
        for (k, v) in entry {
            match k.as_str() {
                "name" => name = v,
                "opts" => {
                    let opts: Vec<&str> = v.split(',').collect();
                    m.insert("opts", strs(&opts));
                }
                _ => {
                    m.insert(k.as_str(), Value::str(v));
                }
            }
        }
        while ret.contains_key(&name) {
            name.push('_');
        }
        ret.insert(name.as_str(), Value::Map(m));
    }
    ret
}

/// `mount.swaps()`: /proc/swaps as `{file: {type, size, used, priority}}`.
pub fn swaps(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind_with("mount.swaps", a, &[], 0, false)?;
    let text = std::fs::read_to_string("/proc/swaps")
        .map_err(|e| ExecError::Failed(format!("[Errno 2] {e}: '/proc/swaps'")))?;
    let mut ret = Map::new();
    for line in text.lines() {
        if line.starts_with("Filename") {
            continue;
        }
        let c: Vec<&str> = line.split_whitespace().collect();
        if c.len() < 5 {
            continue;
        }
        let mut m = Map::new();
        m.insert("type", Value::str(c[1]));
        m.insert("size", Value::str(c[2]));
        m.insert("used", Value::str(c[3]));
        m.insert("priority", Value::str(c[4]));
        ret.insert(c[0], Value::Map(m));
    }
    Ok(Value::Map(ret))
}

/// `_list_mounts`: `mount -l`'s third word to its first.
fn list_mounts(ctx: &ExecContext) -> Result<Map, ExecError> {
    let out = cmd::run_stdout(ctx, &Args::new(vec![Value::str("mount -l")], Map::new()))?.py_str();
    let mut ret = Map::new();
    for line in out.split('\n') {
        let c: Vec<&str> = line.split_whitespace().collect();
        if c.len() >= 3 {
            ret.insert(c[2], Value::str(c[0]));
        }
    }
    Ok(ret)
}

/// `_resolve_user_group_names`: `uid=N`/`gid=N` options with the user or group name.
fn resolve_names(opts: &str) -> Value {
    let out: Vec<Value> = opts
        .split(',')
        .map(|o| {
            if let Some(n) = o.strip_prefix("uid=").and_then(|v| v.parse::<u32>().ok()) {
                if let Some(user) = super::useradd::passwd_entries()
                    .into_iter()
                    .find(|p| p.uid == n)
                {
                    return Value::str(format!("uid={}", user.name));
                }
            }
            if let Some(n) = o.strip_prefix("gid=").and_then(|v| v.parse::<u32>().ok()) {
                if let Some(group) = super::useradd::group_entries()
                    .into_iter()
                    .find(|g| g.gid == n)
                {
                    return Value::str(format!("gid={}", group.name));
                }
            }
            Value::str(o)
        })
        .collect();
    Value::List(out.into_iter().collect::<List>())
}

/// `mount.active(extended=False)`: the mounted file systems by mount point (/proc/self/mounts,
/// or /proc/self/mountinfo with `extended`; the device's UUID and label are not looked up).
pub fn active(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.active", a, &["extended"], 0, false)?;
    let list = list_mounts(ctx)?;
    let mut ret = Map::new();
    if b.truthy(0) {
        if let Ok(text) = std::fs::read_to_string("/proc/self/mountinfo") {
            for line in text.lines() {
                let c: Vec<&str> = line.split_whitespace().collect();
                let Some(sep) = c.iter().position(|w| *w == "-") else {
                    continue;
                };
                if c.len() < sep + 4 || c.len() < 6 {
                    continue;
                }
                let (major, minor) = c[2].split_once(':').unwrap_or((c[2], ""));
                let mut m = Map::new();
                m.insert("mountid", Value::str(c[0]));
                m.insert("parentid", Value::str(c[1]));
                m.insert("major", Value::str(major));
                m.insert("minor", Value::str(minor));
                m.insert("root", Value::str(c[3]));
                m.insert("opts", resolve_names(c[5]));
                m.insert("fstype", Value::str(c[sep + 1]));
                m.insert("device", Value::str(c[sep + 2].replace("\\040", "\\ ")));
                m.insert("alt_device", list.get(c[4]).cloned().unwrap_or(Value::Null));
                m.insert("superopts", resolve_names(c[sep + 3]));
                m.insert("device_uuid", Value::Null);
                m.insert("device_label", Value::Null);
                ret.insert(c[4], Value::Map(m));
            }
            return Ok(Value::Map(ret));
        }
    }
    let text = std::fs::read_to_string("/proc/self/mounts")
        .map_err(|_| ExecError::Command("File not readable /proc/self/mounts".into()))?;
    for line in text.lines() {
        let c: Vec<&str> = line.split_whitespace().collect();
        if c.len() < 4 {
            continue;
        }
        let mut m = Map::new();
        m.insert("device", Value::str(c[0]));
        m.insert("alt_device", list.get(c[1]).cloned().unwrap_or(Value::Null));
        m.insert("fstype", Value::str(c[2]));
        m.insert("opts", resolve_names(c[3]));
        ret.insert(c[1], Value::Map(m));
    }
    Ok(Value::Map(ret))
}

/// An `_fstab_entry`'s criteria: (key, value) pairs, `None` values left out.
type Criteria = Vec<(String, String)>;

/// `_fstab_entry.match(line)`; `None` when the line does not parse.
fn matches(criteria: &Criteria, line: &str) -> Option<bool> {
    let entry = dict_from_line(line, &FSTAB_KEYS)?;
    let get = |k: &str| entry.iter().find(|(ek, _)| ek == k).map(|(_, v)| v.clone());
    for (k, v) in criteria {
        if k == "opts" {
            let mut have: Vec<String> = get("opts")
                .unwrap_or_default()
                .split(',')
                .map(str::to_string)
                .collect();
            let mut want: Vec<String> = v.split(',').map(str::to_string).collect();
            have.sort();
            want.sort();
            if have != want {
                return Some(false);
            }
        } else if get(k).as_deref() != Some(v.as_str()) {
            return Some(false);
        }
    }
    Some(true)
}

fn entry_line(e: &Criteria) -> String {
    let get = |k: &str| {
        e.iter()
            .find(|(ek, _)| ek == k)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    };
    format!(
        "{}\t\t{}\t{}\t{}\t{} {}\n",
        get("device"),
        get("name"),
        get("fstype"),
        get("opts"),
        get("dump"),
        get("pass_num")
    )
}

/// `mount.rm_fstab(name, device, config="/etc/fstab")`.
pub fn rm_fstab(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.rm_fstab", a, &["name", "device", "config"], 2, false)?;
    let mut criteria = vec![("name".to_string(), b.str_or(0, ""))];
    if let Some(d) = b.opt(1) {
        criteria.push(("device".into(), d.py_str()));
    }
    let config = b
        .opt(2)
        .map(Value::py_str)
        .unwrap_or_else(|| "/etc/fstab".into());
    let text = std::fs::read_to_string(&config)
        .map_err(|e| ExecError::Command(format!("Couldn't read from {config}: {e}")))?;
    let mut lines = Vec::new();
    let mut modified = false;
    for line in text.split_inclusive('\n') {
        if matches(&criteria, line) == Some(true) {
            modified = true;
        } else {
            lines.push(line);
        }
    }
    if modified {
        std::fs::write(&config, lines.concat())
            .map_err(|e| ExecError::Command(format!("Couldn't write to {config}: {e}")))?;
    }
    Ok(Value::Bool(true))
}

/// `mount.set_fstab(name, device, fstype, opts="defaults", dump=0, pass_num=0,
/// config="/etc/fstab", test=False, match_on="auto", not_change=False)`: "present", "change"
/// or "new".
pub fn set_fstab(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "mount.set_fstab",
        a,
        &[
            "name",
            "device",
            "fstype",
            "opts",
            "dump",
            "pass_num",
            "config",
            "test",
            "match_on",
            "not_change",
        ],
        3,
        true,
    )?;
    let opts = match b.opt(3) {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect::<Vec<_>>().join(","),
        Some(v) => v.py_str(),
        None => "defaults".into(),
    };
    let fstype = b.str_or(2, "");
    let entry: Criteria = vec![
        ("name".into(), b.str_or(0, "")),
        ("device".into(), b.str_or(1, "").replace("\\ ", "\\040")),
        ("fstype".into(), fstype.clone()),
        ("opts".into(), opts.replace("\\ ", "\\040")),
        (
            "dump".into(),
            b.opt(4).map(Value::py_str).unwrap_or_else(|| "0".into()),
        ),
        (
            "pass_num".into(),
            b.opt(5).map(Value::py_str).unwrap_or_else(|| "0".into()),
        ),
    ];
    let config = b
        .opt(6)
        .map(Value::py_str)
        .unwrap_or_else(|| "/etc/fstab".into());
    let match_on: Vec<String> = match b.opt(8) {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(Value::Str(s)) if &**s != "auto" => vec![s.to_string()],
        Some(Value::Str(_)) | None => {
            const SPECIAL: [&str; 13] = [
                "none",
                "tmpfs",
                "sysfs",
                "proc",
                "fusectl",
                "debugfs",
                "securityfs",
                "devtmpfs",
                "cgroup",
                "nfs",
                "nfs4",
                "glusterfs",
                "btrfs",
            ];
            vec![if SPECIAL.contains(&fstype.as_str()) {
                "name"
            } else {
                "device"
            }
            .into()]
        }
        Some(_) => {
            return Err(ExecError::Command(
                "match_on must be a string or list of strings".into(),
            ))
        }
    };
    let mut criteria = Criteria::new();
    for k in &match_on {
        match entry.iter().find(|(ek, _)| ek == k) {
            Some(kv) => criteria.push(kv.clone()),
            None => {
                return Err(ExecError::Command(format!(
                    "Unrecognized keys in match_on: \"{k}\""
                )))
            }
        }
    }
    if !std::path::Path::new(&config).is_file() {
        return Err(ExecError::Command(format!("Bad config file \"{config}\"")));
    }
    let text = std::fs::read_to_string(&config)
        .map_err(|e| ExecError::Command(format!("Couldn't read from {config}: {e}")))?;
    let mut lines: Vec<String> = Vec::new();
    let mut ret: Option<&str> = None;
    for line in text.split_inclusive('\n') {
        if matches(&criteria, line) == Some(true) {
            ret = Some("present");
            if matches(&entry, line) == Some(true) || b.truthy(9) {
                lines.push(line.to_string());
            } else {
                ret = Some("change");
                lines.push(entry_line(&entry));
            }
        } else {
            lines.push(line.to_string());
        }
    }
    let ret = match ret {
        Some(r) => r,
        None => {
            lines.push(entry_line(&entry));
            "new"
        }
    };
    let test = b.truthy(7)
        || ctx
            .opts
            .as_map()
            .and_then(|o| o.get("test"))
            .is_some_and(Value::truthy);
    if ret != "present" && !test {
        std::fs::write(&config, lines.concat())
            .map_err(|_| ExecError::Command(format!("File not writable {config}")))?;
    }
    Ok(Value::str(ret))
}
