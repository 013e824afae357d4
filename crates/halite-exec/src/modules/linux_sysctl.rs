//! `salt.modules.linux_sysctl` (virtual name `sysctl`): `sysctl -n`/`-a`/`-w` and the
//! `name = value` config file Salt persists values in.

use super::cmd;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `__virtual__`: a Linux kernel.
pub(crate) fn available(grains: &Value) -> bool {
    grains
        .as_map()
        .and_then(|g| g.get("kernel"))
        .is_some_and(|k| k.py_str() == "Linux")
}

fn which_sysctl() -> Result<String, ExecError> {
    cmd::which_path("sysctl")
        .ok_or_else(|| ExecError::Command("Command 'sysctl' cannot be found".into()))
}

/// `sysctl.default_config()`: /etc/sysctl.d/99-salt.conf under a booted systemd >= 207, else
/// /etc/sysctl.conf.
pub fn default_config(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind("sysctl.default_config", a, &[], 0)?;
    Ok(Value::str(default_config_path()))
}

fn default_config_path() -> &'static str {
    let version = || -> Option<i64> {
        let out = std::process::Command::new("systemctl")
            .arg("--version")
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines().next()?.split_whitespace().nth(1)?.parse().ok()
    };
    if super::systemd_service::booted() && version().is_some_and(|v| v >= 207) {
        "/etc/sysctl.d/99-salt.conf"
    } else {
        "/etc/sysctl.conf"
    }
}

/// `sysctl.show(config_file=False)`: `sysctl -a`, or the `key = value` lines of a file
/// (`[]` when it does not exist).
pub fn show(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("sysctl.show", a, &["config_file"], 0)?;
    match b.get(0).filter(|v| v.truthy()) {
        Some(path) => Ok(show_file(&path.py_str())),
        None => {
            let sysctl = which_sysctl()?;
            let out = cmd::run_stdout(
                ctx,
                &Args::new(vec![Value::str(format!("{sysctl} -a"))], Map::new()),
            )?
            .py_str();
            let mut ret = Map::new();
            for line in out.lines() {
                if let Some((k, v)) = line.split_once(" = ") {
                    ret.insert(k, Value::str(v));
                }
            }
            Ok(Value::Map(ret))
        }
    }
}

fn show_file(path: &str) -> Value {
    if !std::path::Path::new(path).exists() {
        return Value::List(Default::default());
    }
    let Ok(text) = std::fs::read_to_string(path) else {
        tracing::error!("Could not open sysctl file");
        return Value::Null;
    };
    let mut ret = Map::new();
    for line in text.lines() {
        let line = line.trim();
        if !line.starts_with('#') {
            if let Some((k, v)) = line.split_once('=') {
                ret.insert(k.trim_end(), Value::str(v.trim_start()));
            }
        }
    }
    Value::Map(ret)
}

/// `sysctl.get(name)`: `sysctl -n NAME` (stdout and stderr, as `cmd.run` gives them).
pub fn get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind("sysctl.get", a, &["name"], 1)?.str_or(0, "");
    get_value(ctx, &name).map(Value::str)
}

fn get_value(ctx: &ExecContext, name: &str) -> Result<String, ExecError> {
    let argv = [which_sysctl()?, "-n".into(), name.to_string()];
    let line: Vec<String> = argv.iter().map(|a| cmd::shlex_quote(a)).collect();
    let mut kw = Map::new();
    kw.insert("python_shell", Value::Bool(false));
    Ok(cmd::run_(ctx, &Args::new(vec![Value::str(line.join(" "))], kw))?.py_str())
}

/// `sysctl.assign(name, value)`: `sysctl -w NAME=VALUE`, `{name: new value}`.
pub fn assign(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("sysctl.assign", a, &["name", "value"], 2)?;
    assign_value(ctx, &b.str_or(0, ""), &b.str_or(1, "")).map(Value::Map)
}

fn assign_value(ctx: &ExecContext, name: &str, value: &str) -> Result<Map, ExecError> {
    let tran: String = name
        .chars()
        .map(|c| match c {
            '.' => '/',
            '/' => '.',
            c => c,
        })
        .collect();
    if !std::path::Path::new(&format!("/proc/sys/{tran}")).exists() {
        return Err(ExecError::Command(format!("sysctl {name} does not exist")));
    }
    let argv = [which_sysctl()?, "-w".into(), format!("{name}={value}")];
    let data = cmd::run_all_argv(ctx, &argv, &[])?;
    let get = |k: &str| data.get(k).map(Value::py_str).unwrap_or_default();
    let (out, err) = (get("stdout"), get("stderr"));
    // ^NAME\s+=\s+VALUE$
    let matches = out
        .strip_prefix(name)
        .map(|rest| {
            let rest = rest.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
            let had_space = rest.len() < out.len() - name.len();
            had_space
                && rest.strip_prefix('=').is_some_and(|r| {
                    let v = r.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
                    v.len() < r.len() && (v == value || v.strip_suffix('\n') == Some(value))
                })
        })
        .unwrap_or(false);
    if !matches || err.contains("Invalid argument") {
        let rc = matches!(data.get("retcode"), Some(Value::Int(n)) if *n != 0);
        let error = if rc && !err.is_empty() { err } else { out };
        return Err(ExecError::Command(format!("sysctl -w failed: {error}")));
    }
    let mut ret = Map::new();
    if let Some((k, v)) = out.split_once(" = ") {
        ret.insert(k, Value::str(v));
    }
    Ok(ret)
}

/// `_sanitize_sysctl_value`: whitespace runs become one tab.
fn sanitize(v: &str) -> String {
    let mut out = String::new();
    let mut in_ws = false;
    for c in v.chars() {
        if c.is_whitespace() {
            if !in_ws {
                out.push('\t');
            }
            in_ws = true;
        } else {
            out.push(c);
            in_ws = false;
        }
    }
    out
}

/// `sysctl.persist(name, value, config=None)`: writes `name = value` into the config file and
/// assigns it; "Already set" when file and kernel agree, else "Updated".
pub fn persist(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("sysctl.persist", a, &["name", "value", "config"], 2)?;
    let name = b.str_or(0, "");
    let value = b.str_or(1, "");
    let config = b
        .opt(2)
        .map(Value::py_str)
        .unwrap_or_else(|| default_config_path().to_string());
    persist_value(ctx, &name, &value, &config).map(Value::str)
}

pub(crate) fn persist_value(
    ctx: &ExecContext,
    name: &str,
    value: &str,
    config: &str,
) -> Result<&'static str, ExecError> {
    let path = std::path::Path::new(config);
    if !path.is_file() {
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            if !dir.exists() {
                std::fs::create_dir_all(dir).map_err(|e| ExecError::Command(e.to_string()))?;
            }
        }
        std::fs::write(path, "#\n# Kernel sysctl configuration\n#\n")
            .map_err(|_| ExecError::Command(format!("Could not write to file: {config}")))?;
    }
    let text = std::fs::read_to_string(path)
        .map_err(|_| ExecError::Command(format!("Could not read from file: {config}")))?;
    let mut nlines: Vec<String> = Vec::new();
    let mut edited = false;
    for line in text.split_inclusive('\n') {
        let Some((k, v)) = line.split_once('=') else {
            nlines.push(line.to_string());
            continue;
        };
        let (k, v) = (k.trim(), v.trim());
        if k.starts_with('#') {
            nlines.push(line.to_string());
            continue;
        }
        if k == name {
            let wanted = sanitize(value);
            if sanitize(v) == wanted {
                if sanitize(&get_value(ctx, name)?) != wanted {
                    assign_value(ctx, name, value)?;
                    return Ok("Updated");
                }
                return Ok("Already set");
            }
            nlines.push(format!("{name} = {value}\n"));
            edited = true;
        } else {
            nlines.push(line.to_string());
        }
    }
    if !edited {
        nlines.push(format!("{name} = {value}\n"));
    }
    std::fs::write(path, nlines.concat())
        .map_err(|_| ExecError::Command(format!("Could not write to file: {config}")))?;
    assign_value(ctx, name, value)?;
    Ok("Updated")
}
