//! `salt.modules.debian_service` (virtual name `service`): SysV init scripts in /etc/init.d,
//! run through `service NAME ACTION`; boot links through `update-rc.d` (and `insserv`, which
//! Salt's `enable` runs first).

use super::cmd;
use crate::salt_utils::{bind, bind_with, fnmatchcase};
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `__virtual__`: Debian-like `os` grain and systemd not booted (`salt.utils.systemd.booted`).
pub(crate) fn virtual_(grains: &Value) -> bool {
    let os = grains.as_map().and_then(|g| g.get("os")).map(Value::py_str);
    matches!(
        os.as_deref(),
        Some("Debian" | "Raspbian" | "Devuan" | "NILinuxRT")
    ) && !super::systemd_service::booted()
}

/// The functions as Salt's loader names them (`reload_` is aliased to `reload`).
pub(crate) const FUNCTIONS: &[(&str, crate::ExecFn)] = &[
    ("service.available", available),
    ("service.disable", disable),
    ("service.disabled", disabled),
    ("service.enable", enable),
    ("service.enabled", enabled),
    ("service.force_reload", force_reload),
    ("service.get_all", get_all),
    ("service.get_disabled", get_disabled),
    ("service.get_enabled", get_enabled),
    ("service.missing", missing),
    ("service.reload", reload),
    ("service.restart", restart),
    ("service.start", start),
    ("service.status", status),
    ("service.stop", stop),
];

/// `__salt__["cmd.retcode"](cmd, **kwargs)`.
fn retcode(ctx: &ExecContext, command: &str, kwargs: &[(&str, Value)]) -> Result<i64, ExecError> {
    let mut kw = Map::new();
    for (k, v) in kwargs {
        kw.insert(*k, v.clone());
    }
    let out = cmd::retcode(ctx, &Args::new(vec![Value::str(command)], kw))?;
    Ok(match out {
        Value::Int(n) => n,
        _ => 1,
    })
}

/// `_get_runlevel`: `runlevel`'s second word; "unknown" (a container) counts as 2.
fn runlevel(ctx: &ExecContext) -> Result<String, ExecError> {
    let out = cmd::run_(ctx, &Args::new(vec![Value::str("runlevel")], Map::new()))?.py_str();
    if out.contains("unknown") {
        return Ok("2".into());
    }
    out.split_whitespace()
        .nth(1)
        .map(str::to_string)
        .ok_or_else(|| ExecError::Failed("list index out of range".into()))
}

/// Names of `/etc/rc[S<runlevel>].d/S*` links, the digits stripped.
fn enabled_names(ctx: &ExecContext) -> Result<Vec<String>, ExecError> {
    let level = runlevel(ctx)?;
    let mut names = Vec::new();
    for dir in ["S", level.as_str()] {
        let Ok(rd) = std::fs::read_dir(format!("/etc/rc{dir}.d")) else {
            continue;
        };
        for entry in rd.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            if let Some(rest) = file.strip_prefix('S') {
                // re.split(r"\d+", line)[-1]
                let name = file
                    .rsplit(|c: char| c.is_ascii_digit())
                    .next()
                    .unwrap_or(rest);
                names.push(name.to_string());
            }
        }
    }
    names.sort();
    names.dedup();
    Ok(names)
}

fn all_names(ctx: &ExecContext) -> Result<Vec<String>, ExecError> {
    let mut names: Vec<String> = std::fs::read_dir("/etc/init.d")
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|n| n != "README" && !n.starts_with('.'))
                .collect()
        })
        .unwrap_or_default();
    names.extend(enabled_names(ctx)?);
    names.sort();
    names.dedup();
    Ok(names)
}

fn list(names: Vec<String>) -> Value {
    Value::List(names.into_iter().map(Value::from).collect())
}

fn name_arg(fun: &str, a: &Args) -> Result<String, ExecError> {
    Ok(bind(fun, a, &["name"], 1)?.str_or(0, ""))
}

/// `service.get_enabled()`.
pub fn get_enabled(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("service.get_enabled", a, &[], 0)?;
    Ok(list(enabled_names(ctx)?))
}

/// `service.get_disabled()`: every service without a start link.
pub fn get_disabled(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("service.get_disabled", a, &[], 0)?;
    Ok(list(disabled_names(ctx)?))
}

fn disabled_names(ctx: &ExecContext) -> Result<Vec<String>, ExecError> {
    let enabled = enabled_names(ctx)?;
    Ok(all_names(ctx)?
        .into_iter()
        .filter(|n| !enabled.contains(n))
        .collect())
}

/// `service.get_all()`.
pub fn get_all(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("service.get_all", a, &[], 0)?;
    Ok(list(all_names(ctx)?))
}

/// `service.available(name)`.
pub fn available(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = name_arg("service.available", a)?;
    Ok(Value::Bool(all_names(ctx)?.contains(&name)))
}

/// `service.missing(name)`.
pub fn missing(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = name_arg("service.missing", a)?;
    Ok(Value::Bool(!all_names(ctx)?.contains(&name)))
}

/// `service NAME ACTION`, true when it exits 0.
fn action(ctx: &ExecContext, fun: &str, a: &Args, verb: &str) -> Result<Value, ExecError> {
    let name = name_arg(fun, a)?;
    Ok(Value::Bool(
        retcode(ctx, &format!("service {name} {verb}"), &[])? == 0,
    ))
}

/// `service.start(name)`.
pub fn start(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    action(ctx, "service.start", a, "start")
}

/// `service.stop(name)`.
pub fn stop(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    action(ctx, "service.stop", a, "stop")
}

/// `service.restart(name)`.
pub fn restart(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    action(ctx, "service.restart", a, "restart")
}

/// `service.reload(name)` (`reload_` in Salt's source).
pub fn reload(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    action(ctx, "service.reload_", a, "reload")
}

/// `service.force_reload(name)`.
pub fn force_reload(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    action(ctx, "service.force_reload", a, "force-reload")
}

/// `service.status(name, sig=None)`: `service NAME status` exits 0; a glob in the name gives
/// a dict of every matching service; `sig` looks for a process instead (`status.pid`).
pub fn status(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("service.status", a, &["name", "sig"], 1)?;
    let name = b.str_or(0, "");
    if let Some(sig) = b.opt(1) {
        return Ok(Value::Bool(
            !super::status::pids(ctx, &sig.py_str())?.is_empty(),
        ));
    }
    let globbing = has_glob(&name);
    let services: Vec<String> = if globbing {
        all_names(ctx)?
            .into_iter()
            .filter(|s| fnmatchcase(s, &name))
            .collect()
    } else {
        vec![name.clone()]
    };
    let mut results = Map::new();
    for service in services {
        let rc = retcode(
            ctx,
            &format!("service {service} status"),
            &[("ignore_retcode", Value::Bool(true))],
        )?;
        results.insert(service.as_str(), Value::Bool(rc == 0));
    }
    if globbing {
        return Ok(Value::Map(results));
    }
    Ok(results.get(&name).cloned().unwrap_or(Value::Bool(false)))
}

/// `re.search(r"\*|\?|\[.+\]", name)`.
pub(crate) fn has_glob(name: &str) -> bool {
    if name.contains(['*', '?']) {
        return true;
    }
    name.find('[')
        .is_some_and(|i| name[i + 1..].find(']').is_some_and(|j| j > 0))
}

/// `service.enable(name, **kwargs)`: `insserv NAME && update-rc.d NAME enable` in a shell.
pub fn enable(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind_with("service.enable", a, &["name"], 1, true)?.str_or(0, "");
    let quoted = super::cmd::shlex_quote(&name);
    let command = format!("insserv {quoted} && update-rc.d {quoted} enable");
    Ok(Value::Bool(
        retcode(ctx, &command, &[("python_shell", Value::Bool(true))])? == 0,
    ))
}

/// `service.disable(name, **kwargs)`: `update-rc.d NAME disable`.
pub fn disable(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind_with("service.disable", a, &["name"], 1, true)?.str_or(0, "");
    Ok(Value::Bool(
        retcode(ctx, &format!("update-rc.d {name} disable"), &[])? == 0,
    ))
}

/// `service.enabled(name, **kwargs)`: a start link in the current runlevel.
pub fn enabled(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind_with("service.enabled", a, &["name"], 1, true)?.str_or(0, "");
    Ok(Value::Bool(enabled_names(ctx)?.contains(&name)))
}

/// `service.disabled(name)`: installed and without a start link.
pub fn disabled(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = name_arg("service.disabled", a)?;
    Ok(Value::Bool(disabled_names(ctx)?.contains(&name)))
}

#[cfg(test)]
mod tests {
    use super::has_glob;

    #[test]
    fn glob_detection_follows_salts_regex() {
        assert!(has_glob("salt*"));
        assert!(has_glob("ss?"));
        assert!(has_glob("s[ab]"));
        assert!(!has_glob("s[]"));
        assert!(!has_glob("cron"));
    }
}
