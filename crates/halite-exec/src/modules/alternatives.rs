//! `salt.modules.alternatives`: `update-alternatives` (`alternatives` on RedHat), run as
//! Salt runs it.

use super::cmd::run_all_argv;
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `__virtual__`: /etc/alternatives is a directory.
pub(crate) fn available() -> bool {
    std::path::Path::new("/etc/alternatives").is_dir()
}

fn os_family(ctx: &ExecContext) -> String {
    ctx.grains
        .as_map()
        .and_then(|g| g.get("os_family"))
        .map(Value::py_str)
        .unwrap_or_default()
}

/// `_get_cmd`.
fn tool(ctx: &ExecContext) -> String {
    if os_family(ctx) == "RedHat" {
        "alternatives".into()
    } else {
        "update-alternatives".into()
    }
}

fn run(ctx: &ExecContext, args: &[&str], ignore_retcode: bool) -> Result<Map, ExecError> {
    let mut argv = vec![tool(ctx)];
    argv.extend(args.iter().map(|s| s.to_string()));
    let kw: &[(&str, Value)] = if ignore_retcode {
        &[("ignore_retcode", Value::Bool(true))]
    } else {
        &[]
    };
    run_all_argv(ctx, &argv, kw)
}

fn field(out: &Map, key: &str) -> String {
    out.get(key).map(Value::py_str).unwrap_or_default()
}

fn rc(out: &Map) -> i64 {
    match out.get("retcode") {
        Some(Value::Int(n)) => *n,
        _ => 1,
    }
}

/// stderr when the tool failed and said something (`install`, `display`), else stdout.
fn stderr_if_failed(out: &Map, need_stderr: bool) -> Value {
    let stderr = field(out, "stderr");
    if rc(out) > 0 && (!need_stderr || !stderr.is_empty()) {
        Value::str(stderr)
    } else {
        Value::str(field(out, "stdout"))
    }
}

/// `alternatives.display(name)`.
pub fn display(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind("alternatives.display", a, &["name"], 1)?.str_or(0, "");
    Ok(stderr_if_failed(
        &run(ctx, &["--display", &name], true)?,
        true,
    ))
}

/// `alternatives.show_link(name)`: the master link (`--query`'s `Link:`; RedHat and Suse read
/// the administrative file).
pub fn show_link(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind("alternatives.show_link", a, &["name"], 1)?.str_or(0, "");
    let dir = match os_family(ctx).as_str() {
        "RedHat" => Some("/var/lib/alternatives"),
        "Suse" => Some("/var/lib/rpm/alternatives"),
        _ => None,
    };
    if let Some(dir) = dir {
        return Ok(match std::fs::read_to_string(format!("{dir}/{name}")) {
            Ok(text) => text
                .split_inclusive('\n')
                .nth(1)
                .map(|l| Value::str(l.trim_end_matches('\n')))
                .unwrap_or(Value::Bool(false)),
            Err(_) => {
                tracing::error!("alternatives: {} does not exist", name);
                Value::Bool(false)
            }
        });
    }
    let out = run(ctx, &["--query", &name], true)?;
    if rc(&out) > 0 && !field(&out, "stderr").is_empty() {
        return Ok(Value::Bool(false));
    }
    let stdout = field(&out, "stdout");
    let first = stdout.split("\n\n").next().unwrap_or("");
    Ok(first
        .split('\n')
        .find_map(|l| l.strip_prefix("Link:"))
        .map(|l| Value::str(l.trim()))
        .unwrap_or(Value::Bool(false)))
}

/// The target of /etc/alternatives/NAME.
fn read_link(name: &str) -> std::io::Result<String> {
    std::fs::read_link(format!("/etc/alternatives/{name}"))
        .map(|p| p.to_string_lossy().into_owned())
}

/// `alternatives.show_current(name)`: the target of /etc/alternatives/<name>, or False.
pub fn show_current(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("alternatives.show_current", a, &["name"], 1)?;
    let name = b.str_or(0, "");
    match read_link(&name) {
        Ok(p) => Ok(Value::str(p)),
        Err(_) => {
            tracing::error!("alternative: {} does not exist", name);
            Ok(Value::Bool(false))
        }
    }
}

/// `alternatives.check_exists(name, path)`: a `--display` line starts with the path.
pub fn check_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("alternatives.check_exists", a, &["name", "path"], 2)?;
    Ok(Value::Bool(exists(
        ctx,
        &b.str_or(0, ""),
        &b.str_or(1, ""),
    )?))
}

pub(crate) fn exists(ctx: &ExecContext, name: &str, path: &str) -> Result<bool, ExecError> {
    let out = run(ctx, &["--display", name], true)?;
    if rc(&out) > 0 && !field(&out, "stderr").is_empty() {
        return Ok(false);
    }
    Ok(field(&out, "stdout").lines().any(|l| l.starts_with(path)))
}

/// `alternatives.check_installed(name, path)`: /etc/alternatives/NAME points to the path.
pub fn check_installed(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("alternatives.check_installed", a, &["name", "path"], 2)?;
    Ok(Value::Bool(
        read_link(&b.str_or(0, "")).is_ok_and(|p| p == b.str_or(1, "")),
    ))
}

/// `alternatives.install(name, link, path, priority)`.
pub fn install(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "alternatives.install",
        a,
        &["name", "link", "path", "priority"],
        4,
    )?;
    let (name, link, path, prio) = (
        b.str_or(0, ""),
        b.str_or(1, ""),
        b.str_or(2, ""),
        b.str_or(3, ""),
    );
    let out = run(ctx, &["--install", &link, &name, &path, &prio], false)?;
    Ok(stderr_if_failed(&out, true))
}

/// `alternatives.remove(name, path)`.
pub fn remove(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("alternatives.remove", a, &["name", "path"], 2)?;
    let out = run(
        ctx,
        &["--remove", &b.str_or(0, ""), &b.str_or(1, "")],
        false,
    )?;
    Ok(stderr_if_failed(&out, false))
}

/// `alternatives.auto(name)`.
pub fn auto(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let name = bind("alternatives.auto", a, &["name"], 1)?.str_or(0, "");
    Ok(stderr_if_failed(
        &run(ctx, &["--auto", &name], false)?,
        false,
    ))
}

/// `alternatives.set(name, path)` (`set_` in Salt's source).
pub fn set(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("alternatives.set_", a, &["name", "path"], 2)?;
    let out = run(ctx, &["--set", &b.str_or(0, ""), &b.str_or(1, "")], false)?;
    Ok(stderr_if_failed(&out, false))
}
