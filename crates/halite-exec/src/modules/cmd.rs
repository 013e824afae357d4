//! `salt.modules.cmdmod` (virtual name `cmd`): real subprocesses.
//!
//! Mirrors Salt 3007.8: `python_shell` defaults to False (even from the CLI) unless the minion
//! sets `cmd_safe: False`, so the command is split with `shlex.split` and run directly; with
//! `python_shell=True` (and always for `cmd.shell`) it runs through `$SHELL -c`. `cwd` defaults
//! to the home directory, the environment gets the `LC_*=C` defaults of `reset_system_locale`,
//! and outputs are `rstrip()`ed. `cmd.run` merges stderr into stdout.

use crate::process::{self, CmdOptions, CmdResult, Program, Timeout};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

const NAMES: &[&str] = &[
    "cmd",
    "cwd",
    "stdin",
    "runas",
    "group",
    "shell",
    "python_shell",
    "env",
    "clean_env",
    "template",
    "rstrip",
    "umask",
    "output_encoding",
    "output_loglevel",
    "log_callback",
    "hide_output",
    "timeout",
    "reset_system_locale",
    "ignore_retcode",
    "saltenv",
    "use_vt",
    "bg",
    "password",
    "encoded_cmd",
    "raise_err",
    "prepend_path",
    "success_retcodes",
    "success_stdout",
    "success_stderr",
];

/// `shlex.split(s)` (POSIX mode, no comments).
pub(crate) fn shlex_split(s: &str) -> Result<Vec<String>, ExecError> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(ch) => cur.push(ch),
                        None => return Err(ExecError::Failed("No closing quotation".into())),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(n @ ('\\' | '"' | '$' | '`' | '\n')) => cur.push(n),
                            Some(n) => {
                                cur.push('\\');
                                cur.push(n);
                            }
                            None => return Err(ExecError::Failed("No closing quotation".into())),
                        },
                        Some(ch) => cur.push(ch),
                        None => return Err(ExecError::Failed("No closing quotation".into())),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(n) => cur.push(n),
                    None => return Err(ExecError::Failed("No escaped character".into())),
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        out.push(cur);
    }
    Ok(out)
}

fn default_shell() -> String {
    std::env::var("SHELL")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "/bin/sh".into())
}

/// Salt's `_run`, as the `cmd.*` functions call it. Like Salt it records the exit code in
/// `__context__['retcode']` (0 with `ignore_retcode`).
fn run(
    ctx: &ExecContext,
    b: &crate::salt_utils::Bound<'_>,
    force_shell: bool,
    merge_stderr: bool,
) -> Result<CmdResult, ExecError> {
    let out = run_command(ctx, b, force_shell, merge_stderr)?;
    ctx.retcode.set(if b.truthy(18) { 0 } else { out.retcode });
    Ok(out)
}

/// The `_run` keyword arguments shared by every `cmd.*` function, from their common signature
/// ([`NAMES`]).
fn cmd_options(b: &crate::salt_utils::Bound<'_>) -> Result<CmdOptions, ExecError> {
    let failed = ExecError::Failed;
    Ok(CmdOptions {
        shell: String::new(),
        cwd: b.opt(1).map(Value::py_str),
        env: b.opt(7).map(process::env_pairs).unwrap_or_default(),
        clean_env: b.truthy(8),
        keep_locale: !b.get(17).is_none_or(Value::truthy),
        prepend_path: b.opt(25).map(Value::py_str),
        stdin: b.opt(2).map(Value::py_str),
        merge_stderr: false,
        no_rstrip: !b.get(10).is_none_or(Value::truthy),
        timeout: Timeout::from_value(b.opt(16)).map_err(failed)?,
        success_retcodes: process::success_retcodes(b.opt(26)).map_err(failed)?,
        success_stdout: process::success_strings(b.opt(27)),
        success_stderr: process::success_strings(b.opt(28)),
        hide_output: b.truthy(15),
        runas: b.opt(3).map(Value::py_str),
        group: b.opt(4).map(Value::py_str),
        umask: process::parse_umask(b.opt(11)).map_err(failed)?,
    })
}

fn run_command(
    ctx: &ExecContext,
    b: &crate::salt_utils::Bound<'_>,
    force_shell: bool,
    merge_stderr: bool,
) -> Result<CmdResult, ExecError> {
    let cmd = b.str_or(0, "");
    let python_shell = if force_shell {
        b.get(6).is_none_or(Value::truthy)
    } else {
        match b.get(6) {
            Some(Value::Null) | None => ctx
                .opts
                .get("cmd_safe")
                .is_some_and(|v| matches!(v, Value::Bool(false))),
            Some(v) => v.truthy(),
        }
    };
    let mut opts = cmd_options(b)?;
    // `shell=DEFAULT_SHELL` in every signature: checked even without python_shell.
    opts.shell = b.opt(5).map(Value::py_str).unwrap_or_else(default_shell);
    opts.merge_stderr = merge_stderr;
    let program = if python_shell {
        Program::Shell(cmd.clone())
    } else {
        Program::Argv(shlex_split(&cmd)?)
    };
    let out = process::run(&program, &opts).map_err(ExecError::Failed)?;
    if out.retcode != 0 && !b.truthy(18) {
        tracing::error!("Command '{}' failed with return code: {}", cmd, out.retcode);
    }
    Ok(out)
}

fn bound<'a>(fun: &str, a: &'a Args) -> Result<crate::salt_utils::Bound<'a>, ExecError> {
    // Salt's cmd functions take **kwargs: unknown keywords are ignored, not errors.
    crate::salt_utils::bind_with(fun, a, NAMES, 1, true)
}

/// `cmd.run(cmd, ...)`: stdout and stderr together, rstripped.
pub fn run_(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.run", a)?;
    let out = run(ctx, &b, false, true)?;
    if b.truthy(15) {
        return Ok(Value::str(""));
    }
    if out.retcode != 0 && b.truthy(24) {
        return Err(ExecError::Failed(out.stdout));
    }
    Ok(Value::Str(out.stdout))
}

/// `cmd.shell(cmd, ...)`: `cmd.run` with `python_shell=True`.
pub fn shell(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.shell", a)?;
    let out = run(ctx, &b, true, true)?;
    Ok(Value::Str(if b.truthy(15) {
        String::new()
    } else {
        out.stdout
    }))
}

/// `cmd.run_stdout(cmd, ...)`.
pub fn run_stdout(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.run_stdout", a)?;
    Ok(Value::Str(run(ctx, &b, false, false)?.stdout))
}

/// `cmd.run_stderr(cmd, ...)`.
pub fn run_stderr(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.run_stderr", a)?;
    Ok(Value::Str(run(ctx, &b, false, false)?.stderr))
}

/// `cmd.run_all(cmd, ...)`: `{pid, retcode, stdout, stderr}`.
pub fn run_all(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.run_all", a)?;
    let redirect = a.kwargs.get("redirect_stderr").is_some_and(Value::truthy);
    let out = run(ctx, &b, false, redirect)?;
    Ok(Value::Map(out.to_map()))
}

/// `cmd.retcode(cmd, ...)`.
pub fn retcode(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.retcode", a)?;
    Ok(Value::Int(run(ctx, &b, false, false)?.retcode))
}

/// `salt.utils.path.which`: the first executable `name` on PATH (then Salt's default dirs).
pub(crate) fn which_path(name: &str) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let is_exec = |p: &std::path::Path| {
        p.is_file()
            && std::fs::metadata(p)
                .map(|m| m.permissions().mode() & 0o111 != 0)
                .unwrap_or(false)
    };
    if name.contains('/') {
        return is_exec(std::path::Path::new(name)).then(|| name.to_string());
    }
    let path = std::env::var("PATH").unwrap_or_default();
    let mut dirs: Vec<String> = path
        .split(':')
        .filter(|d| !d.is_empty())
        .map(String::from)
        .collect();
    for d in ["/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin"] {
        if !dirs.iter().any(|x| x == d) {
            dirs.push(d.into());
        }
    }
    dirs.iter()
        .map(|d| std::path::Path::new(d).join(name))
        .find(|p| is_exec(p))
        .map(|p| p.to_string_lossy().into_owned())
}

/// `cmd.which(cmd)`: full path or None.
pub fn which(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cmd.which", a, &["cmd"], 1)?;
    Ok(which_path(&b.str_or(0, ""))
        .map(Value::Str)
        .unwrap_or(Value::Null))
}

/// `cmd.has_exec(cmd)`.
pub fn has_exec(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cmd.has_exec", a, &["cmd"], 1)?;
    Ok(Value::Bool(which_path(&b.str_or(0, "")).is_some()))
}
