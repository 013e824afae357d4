//! `salt.modules.mount` on Linux, the parts the `mount` states use: `active`, `fstab`,
//! `swaps`, `set_fstab`, `rm_fstab`, `mount`, `remount`, `umount`, `is_mounted` and the mount
//! cache (`read_mount_cache`, `write_mount_cache`, `delete_mount_cache`: YAML in
//! `CACHEDIR/mounts`). The commands are Salt's (`mount -o OPTS -t FSTYPE 'DEVICE' 'NAME'`,
//! `umount 'NAME'`) through `cmd.run_all`; swap is never activated (no `swapon`).

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

/// `_resolve_user_group_names`: a `uid=NAME`/`gid=NAME` option with the user's or group's
/// number (`user.info`/`group.info`; a name that is not found stays), and every `\040` as
/// `\ `.
pub(crate) fn resolve_names(opts: &str) -> Vec<String> {
    opts.split(',').map(resolve_name).collect()
}

/// One option of [`resolve_names`] (the states' option comparison converts a state's
/// `uid=NAME` the same way).
pub(crate) fn resolve_name(o: &str) -> String {
    let mut out = o.to_string();
    let (key, value) = o.split_once('=').unwrap_or((o, ""));
    if (key == "uid" || key == "gid") && o.contains('=') {
        // Salt takes the second `=`-separated word
        let given = value.split('=').next().unwrap_or("");
        let mut id = given.to_string();
        if given.is_empty() || !given.bytes().all(|c| c.is_ascii_digit()) {
            if key == "uid" {
                if let Some(p) = super::useradd::passwd_entries()
                    .into_iter()
                    .find(|p| p.name == given)
                {
                    id = p.uid.to_string();
                }
            } else if let Some(g) = super::useradd::group_entries()
                .into_iter()
                .find(|g| g.name == given)
            {
                id = g.gid.to_string();
            }
        }
        out = format!("{key}={id}");
    }
    out.replace("\\040", "\\ ")
}

fn str_list(v: &[String]) -> Value {
    Value::List(v.iter().map(|s| Value::str(s.as_str())).collect::<List>())
}

/// `__context__["disk.blkid"]`: `disk.blkid()` once a run, as Salt keeps it.
fn blkid_info(ctx: &ExecContext) -> &'static Map {
    static BLKID: std::sync::OnceLock<Map> = std::sync::OnceLock::new();
    BLKID.get_or_init(|| super::disk::blkid_argv(ctx, &["blkid".to_string()]).unwrap_or_default())
}

/// `mount.active(extended=False)`: the mounted file systems by mount point (/proc/self/mounts,
/// or /proc/self/mountinfo with `extended`, where the device's UUID and label come from
/// `disk.blkid`).
pub fn active(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.active", a, &["extended"], 0, false)?;
    let list = list_mounts(ctx)?;
    let mut ret = Map::new();
    if b.truthy(0) {
        if let Ok(text) = std::fs::read_to_string("/proc/self/mountinfo") {
            let blkid = blkid_info(ctx);
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
                m.insert("opts", str_list(&resolve_names(c[5])));
                m.insert("fstype", Value::str(c[sep + 1]));
                m.insert("device", Value::str(c[sep + 2].replace("\\040", "\\ ")));
                m.insert("alt_device", list.get(c[4]).cloned().unwrap_or(Value::Null));
                m.insert("superopts", str_list(&resolve_names(c[sep + 3])));
                let dev = c[sep + 2];
                let attr = |k: &str| {
                    blkid
                        .get(dev)
                        .and_then(Value::as_map)
                        .and_then(|i| i.get(k))
                        .cloned()
                        .filter(Value::truthy)
                };
                let uuid = attr("UUID").map(|u| Value::str(u.py_str().to_lowercase()));
                m.insert("device_uuid", uuid.unwrap_or(Value::Null));
                m.insert("device_label", attr("LABEL").unwrap_or(Value::Null));
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
        m.insert("opts", str_list(&resolve_names(c[3])));
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

/// `opts` as Salt's functions take it: a string is split at commas, a list kept, `None`
/// stays `None`.
fn opts_list(v: Option<&Value>, default: &str) -> Option<Vec<String>> {
    match v {
        None => Some(default.split(',').map(str::to_string).collect()),
        Some(Value::Null) => None,
        Some(Value::List(l)) => Some(l.iter().map(Value::py_str).collect()),
        Some(v) => Some(v.py_str().split(',').map(str::to_string).collect()),
    }
}

/// `cmd.run_all(CMD, runas=user, python_shell=False)`: `True` or the command's stderr.
fn run_mount_cmd(ctx: &ExecContext, line: &str, user: Option<&Value>) -> Result<Value, ExecError> {
    let mut kw = Map::new();
    kw.insert("python_shell", Value::Bool(false));
    if let Some(u) = user {
        kw.insert("runas", u.clone());
    }
    let out = cmd::run_all(ctx, &Args::new(vec![Value::str(line)], kw))?;
    let m = out.as_map().cloned().unwrap_or_default();
    if m.get("retcode").is_some_and(Value::truthy) {
        return Ok(m.get("stderr").cloned().unwrap_or_else(|| Value::str("")));
    }
    Ok(Value::Bool(true))
}

fn is_active(ctx: &ExecContext, name: &str) -> Result<bool, ExecError> {
    let active = active(ctx, &Args::new(vec![], Map::new()))?;
    Ok(active.as_map().is_some_and(|m| m.contains_key(name)))
}

/// `mount.mount(name, device=False, mkmnt=False, fstype="", opts="defaults", user=None,
/// util="mount")`: `mount -o OPTS -t FSTYPE 'DEVICE' 'NAME' `; `True` or mount's stderr.
pub fn mount(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "mount.mount",
        a,
        &["name", "device", "mkmnt", "fstype", "opts", "user", "util"],
        1,
        false,
    )?;
    let util = b.str_or(6, "mount");
    if util != "mount" {
        return Err(ExecError::Failed(format!(
            "halite's mount.mount mounts with util=mount only, not {util}"
        )));
    }
    let name = b.str_or(0, "");
    let opts = opts_list(b.get(4), "defaults");
    mount_with(
        ctx,
        &name,
        b.get(1),
        b.truthy(2),
        &b.str_or(3, ""),
        opts,
        b.opt(5),
    )
}

fn mount_with(
    ctx: &ExecContext,
    name: &str,
    device: Option<&Value>,
    mkmnt: bool,
    fstype: &str,
    opts: Option<Vec<String>>,
    user: Option<&Value>,
) -> Result<Value, ExecError> {
    if !std::path::Path::new(name).exists() && mkmnt {
        let mut args = vec![Value::str(name)];
        if let Some(u) = user {
            args.push(u.clone());
        }
        super::file::mkdir(ctx, &Args::new(args, Map::new()))?;
    }
    let mut args = String::new();
    if let Some(o) = &opts {
        args = format!("-o {}", o.join(","));
    }
    if !fstype.is_empty() {
        args.push_str(&format!(" -t {fstype}"));
    }
    let mut line = "mount ".to_string();
    match device.filter(|d| d.truthy()) {
        Some(d) => line.push_str(&format!("{args} '{}' '{name}' ", d.py_str())),
        None => line.push_str(&format!("'{name}' ")),
    }
    run_mount_cmd(ctx, &line, user)
}

/// `mount.remount(name, device, mkmnt=False, fstype="", opts="defaults", user=None)`: on a
/// mounted point `mount -o OPTS,remount -t FSTYPE 'DEVICE' 'NAME' `, else `mount.mount`.
pub fn remount(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "mount.remount",
        a,
        &["name", "device", "mkmnt", "fstype", "opts", "user"],
        2,
        false,
    )?;
    let name = b.str_or(0, "");
    let fstype = b.str_or(3, "");
    let mut opts = opts_list(b.get(4), "defaults").unwrap_or_default();
    if !is_active(ctx, &name)? {
        return mount_with(
            ctx,
            &name,
            b.get(1),
            b.truthy(2),
            &fstype,
            Some(opts),
            b.opt(5),
        );
    }
    if !opts.iter().any(|o| o == "remount") {
        opts.push("remount".into());
    }
    let mut args = String::new();
    if !opts.is_empty() {
        args = format!("-o {}", opts.join(","));
    }
    if !fstype.is_empty() {
        args.push_str(&format!(" -t {fstype}"));
    }
    let device = b.get(1).map(Value::py_str).unwrap_or_else(|| "None".into());
    run_mount_cmd(ctx, &format!("mount {args} '{device}' '{name}' "), b.opt(5))
}

/// `mount.swapon(name, priority=None)`: `swapon 'NAME' [-p PRIORITY]` unless /proc/swaps
/// lists it; `{"stats": ..., "new": bool}` once it is listed, `{}` when it is not.
pub fn swapon(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.swapon", a, &["name", "priority"], 1, false)?;
    let name = b.str_or(0, "");
    let listed = |ctx: &ExecContext| -> Result<Option<Value>, ExecError> {
        let on = swaps(ctx, &Args::new(vec![], Map::new()))?;
        Ok(on.as_map().and_then(|m| m.get(name.as_str()).cloned()))
    };
    let stats = |stats: Value, new: bool| {
        let mut ret = Map::new();
        ret.insert("stats", stats);
        ret.insert("new", Value::Bool(new));
        Value::Map(ret)
    };
    if let Some(s) = listed(ctx)? {
        return Ok(stats(s, false));
    }
    let mut line = format!("swapon '{name}'");
    if let Some(p) = b.opt(1).filter(|p| p.truthy()) {
        line.push_str(&format!(" -p {}", p.py_str()));
    }
    run_mount_cmd(ctx, &line, None)?;
    Ok(match listed(ctx)? {
        Some(s) => stats(s, true),
        None => Value::Map(Map::new()),
    })
}

/// `mount.swapoff(name)`: `swapoff 'NAME'` when /proc/swaps lists it; `True` once it is gone,
/// `False` when it is still listed, `None` when it was not active.
pub fn swapoff(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.swapoff", a, &["name"], 1, false)?;
    let name = b.str_or(0, "");
    let active = |ctx: &ExecContext| -> Result<bool, ExecError> {
        let on = swaps(ctx, &Args::new(vec![], Map::new()))?;
        Ok(on.as_map().is_some_and(|m| m.contains_key(name.as_str())))
    };
    if !active(ctx)? {
        return Ok(Value::Null);
    }
    run_mount_cmd(ctx, &format!("swapoff '{name}'"), None)?;
    Ok(Value::Bool(!active(ctx)?))
}

/// `mount.umount(name, device=None, user=None, util="mount", lazy=False)`: `umount [-l]
/// 'NAME'` (or `'DEVICE'`); `True`, umount's stderr, or "NAME does not have anything
/// mounted".
pub fn umount(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "mount.umount",
        a,
        &["name", "device", "user", "util", "lazy"],
        1,
        false,
    )?;
    let util = b.str_or(3, "mount");
    if util != "mount" {
        return Err(ExecError::Failed(format!(
            "halite's mount.umount unmounts with util=mount only, not {util}"
        )));
    }
    let name = b.str_or(0, "");
    if !is_active(ctx, &name)? {
        return Ok(Value::str(format!("{name} does not have anything mounted")));
    }
    let mut line = "umount".to_string();
    if b.truthy(4) {
        line.push_str(" -l");
    }
    match b.opt(1).filter(|d| d.truthy()) {
        Some(d) => line.push_str(&format!(" '{}'", d.py_str())),
        None => line.push_str(&format!(" '{name}'")),
    }
    run_mount_cmd(ctx, &line, b.opt(2))
}

/// `mount.is_mounted(name)`.
pub fn is_mounted(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.is_mounted", a, &["name"], 1, false)?;
    Ok(Value::Bool(is_active(ctx, &b.str_or(0, ""))?))
}

/// `salt.utils.mount.get_cache`: `CACHEDIR/mounts`.
fn cache_file(ctx: &ExecContext) -> Option<std::path::PathBuf> {
    let dir = ctx.opts.get("cachedir").map(Value::py_str)?;
    Some(std::path::Path::new(&dir).join("mounts"))
}

/// `salt.utils.mount.read_cache`: the YAML of the cache file, `{}` when it cannot be read.
fn read_cache(ctx: &ExecContext) -> Map {
    let Some(path) = cache_file(ctx) else {
        return Map::new();
    };
    let Ok(text) = std::fs::read_to_string(path) else {
        return Map::new();
    };
    match halite_yaml::load(&text, halite_yaml::Schema::Salt) {
        Ok(Value::Map(m)) => m,
        _ => Map::new(),
    }
}

fn write_cache(ctx: &ExecContext, cache: &Map) -> bool {
    let Some(path) = cache_file(ctx) else {
        return false;
    };
    let opts = halite_yaml::DumpOptions {
        sort_keys: true,
        ..Default::default()
    };
    let text = halite_yaml::dump(&Value::Map(cache.clone()), opts);
    std::fs::write(path, text).is_ok()
}

/// `mount.read_mount_cache(name)`: the cached mount of NAME, `{}` when none.
pub fn read_mount_cache(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.read_mount_cache", a, &["name"], 1, false)?;
    let name = b.str_or(0, "");
    let cache = read_cache(ctx);
    Ok(cache
        .get("mounts")
        .and_then(Value::as_map)
        .and_then(|m| m.get(&name))
        .cloned()
        .unwrap_or_else(|| Value::Map(Map::new())))
}

/// `mount.write_mount_cache(real_name, device, mkmnt, fstype, mount_opts)`.
pub fn write_mount_cache(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "mount.write_mount_cache",
        a,
        &["real_name", "device", "mkmnt", "fstype", "mount_opts"],
        5,
        false,
    )?;
    let mut cache = read_cache(ctx);
    let mut mounts = cache
        .get("mounts")
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    let mut entry = Map::new();
    let arg = |i: usize| b.get(i).cloned().unwrap_or(Value::Null);
    entry.insert("device", arg(1));
    entry.insert("fstype", arg(3));
    entry.insert("mkmnt", arg(2));
    entry.insert("opts", arg(4));
    mounts.insert(b.str_or(0, "").as_str(), Value::Map(entry));
    cache.insert("mounts", Value::Map(mounts));
    if write_cache(ctx, &cache) {
        Ok(Value::Bool(true))
    } else {
        Err(ExecError::Command("Unable to write mount cache.".into()))
    }
}

/// `mount.delete_mount_cache(real_name)`.
pub fn delete_mount_cache(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("mount.delete_mount_cache", a, &["real_name"], 1, false)?;
    let name = b.str_or(0, "");
    let mut cache = read_cache(ctx);
    if let Some(Value::Map(mounts)) = cache.get("mounts") {
        if mounts.contains_key(&name) {
            let mut mounts = mounts.clone();
            mounts.remove(&name);
            cache.insert("mounts", Value::Map(mounts));
            if !write_cache(ctx, &cache) {
                return Err(ExecError::Command("Unable to write mount cache.".into()));
            }
        }
    }
    Ok(Value::Bool(true))
}
