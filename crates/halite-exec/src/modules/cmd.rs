//! `salt.modules.cmdmod` (virtual name `cmd`): real subprocesses.
//!
//! Mirrors Salt 3007.8: `python_shell` defaults to False (even from the CLI) unless the minion
//! sets `cmd_safe: False`, so the command is split with `shlex.split` and run directly; with
//! `python_shell=True` (and always for `cmd.shell`) it runs through `$SHELL -c`. `cwd` defaults
//! to the home directory, the environment gets the `LC_*=C` defaults of `reset_system_locale`,
//! and outputs are `rstrip()`ed. `cmd.run` merges stderr into stdout.

use crate::pipes::{drain, wait_until};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::os::fd::OwnedFd;
use std::process::{Command, Stdio};

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

struct Output {
    pid: u32,
    retcode: i64,
    stdout: String,
    stderr: String,
    /// Salt's `TimedProcTimeoutError`: the command was killed after `timeout` seconds.
    timed_out: bool,
}

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

fn home_dir() -> String {
    std::env::var("HOME")
        .ok()
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "/".into())
}

/// Salt's `_run`, reduced to what a local, non-runas call does. Like Salt it records the
/// exit code in `__context__['retcode']` (0 with `ignore_retcode`).
fn run(
    ctx: &ExecContext,
    b: &crate::salt_utils::Bound<'_>,
    force_shell: bool,
    merge_stderr: bool,
) -> Result<Output, ExecError> {
    let out = run_command(ctx, b, force_shell, merge_stderr)?;
    ctx.retcode.set(if b.truthy(18) { 0 } else { out.retcode });
    Ok(out)
}

fn run_command(
    ctx: &ExecContext,
    b: &crate::salt_utils::Bound<'_>,
    force_shell: bool,
    merge_stderr: bool,
) -> Result<Output, ExecError> {
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
    let mut command = if python_shell {
        let shell = b.opt(5).map(Value::py_str).unwrap_or_else(default_shell);
        let mut c = Command::new(shell);
        c.arg("-c").arg(&cmd);
        c
    } else {
        let argv = shlex_split(&cmd)?;
        let Some((prog, rest)) = argv.split_first() else {
            return Err(ExecError::Failed(format!(
                "Unable to run command '{}' with the context '{{}}', reason: command is empty",
                py_list(&argv)
            )));
        };
        let mut c = Command::new(prog);
        c.args(rest);
        c
    };
    let cwd = b.opt(1).map(Value::py_str).unwrap_or_else(home_dir);
    command.current_dir(&cwd);
    if b.truthy(8) {
        command.env_clear();
    }
    command.env_remove("NOTIFY_SOCKET");
    let user_env: Map = b
        .opt(7)
        .and_then(Value::as_map)
        .cloned()
        .unwrap_or_default();
    if b.get(17).is_none_or(Value::truthy) {
        for k in [
            "LC_CTYPE",
            "LC_NUMERIC",
            "LC_TIME",
            "LC_COLLATE",
            "LC_MONETARY",
            "LC_MESSAGES",
            "LC_PAPER",
            "LC_NAME",
            "LC_ADDRESS",
            "LC_TELEPHONE",
            "LC_MEASUREMENT",
            "LC_IDENTIFICATION",
            "LANGUAGE",
        ] {
            if !user_env.contains_key(k) {
                command.env(k, "C");
            }
        }
    }
    for (k, v) in user_env.iter() {
        command.env(k.py_str(), v.py_str());
    }
    if let Some(p) = b.opt(25) {
        let path = std::env::var("PATH").unwrap_or_default();
        command.env("PATH", format!("{}:{}", p.py_str(), path));
    }
    let stdin = b.opt(2).map(Value::py_str);
    command.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    // Salt's cmd.run passes stderr=STDOUT: one channel for both, so the text interleaves as
    // the command wrote it. A socketpair stands in for the shared pipe.
    let merged = if merge_stderr {
        let (reader, writer) =
            std::os::unix::net::UnixStream::pair().map_err(|e| ExecError::Failed(e.to_string()))?;
        let writer2 = writer
            .try_clone()
            .map_err(|e| ExecError::Failed(e.to_string()))?;
        command.stdout(Stdio::from(std::os::fd::OwnedFd::from(writer)));
        command.stderr(Stdio::from(std::os::fd::OwnedFd::from(writer2)));
        Some(reader)
    } else {
        command.stdout(Stdio::piped());
        command.stderr(Stdio::piped());
        None
    };
    let mut child =
        command.spawn().map_err(|e| {
            let argv = if python_shell {
                vec![cmd.clone()]
            } else {
                shlex_split(&cmd).unwrap_or_default()
            };
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => format!(
                    "[Errno 2] No such file or directory: {}",
                    Value::str(argv.first().cloned().unwrap_or_default()).py_repr()
                ),
                std::io::ErrorKind::PermissionDenied => format!(
                    "[Errno 13] Permission denied: {}",
                    Value::str(argv.first().cloned().unwrap_or_default()).py_repr()
                ),
                _ => e.to_string(),
            };
            ExecError::Failed(format!(
            "Unable to run command '{}' with the context '{{'cwd': {}, 'shell': {}}}', reason: {}",
            if python_shell { cmd.clone() } else { py_list(&argv) },
            Value::str(cwd.clone()).py_repr(),
            if python_shell { "True" } else { "False" },
            reason
        ))
        })?;
    // Our copies of the write ends must close, or reading the merged channel never ends.
    drop(command);
    let pid = child.id();
    let stdin_thread = match (stdin, child.stdin.take()) {
        (Some(text), Some(mut sin)) => Some(
            std::thread::Builder::new()
                .spawn(move || {
                    use std::io::Write;
                    // A command that does not read its stdin closes the pipe; not an error.
                    let _ = sin.write_all(text.as_bytes());
                })
                .map_err(|e| ExecError::Failed(e.to_string()))?,
        ),
        _ => None,
    };
    let out_fd: Option<OwnedFd> = match merged {
        Some(r) => Some(r.into()),
        None => child.stdout.take().map(OwnedFd::from),
    };
    let err_fd: Option<OwnedFd> = child.stderr.take().map(OwnedFd::from);
    // `timeout` (seconds): Salt's TimedProc kills the command and reports
    // "<cmd> : Timed out after <timeout> seconds" with retcode 1.
    let timeout = b.opt(16).filter(|t| t.truthy());
    let deadline = timeout.map(|t| {
        let secs = t
            .as_f64()
            .or_else(|| t.py_str().parse().ok())
            .unwrap_or(0.0)
            .max(0.0);
        std::time::Instant::now() + std::time::Duration::from_secs_f64(secs)
    });
    let drained = drain(&mut child, [out_fd, err_fd], deadline)
        .map_err(|e| ExecError::Failed(e.to_string()))?;
    let timed_out = match (drained.is_none(), deadline) {
        (true, _) => true,
        (false, Some(deadline)) => {
            !wait_until(&mut child, deadline).map_err(|e| ExecError::Failed(e.to_string()))?
        }
        (false, None) => false,
    };
    if timed_out {
        let _ = child.kill();
        let _ = child.wait();
        let shown = if python_shell {
            cmd.clone()
        } else {
            py_list(&shlex_split(&cmd).unwrap_or_default())
        };
        return Ok(Output {
            pid,
            retcode: 1,
            stdout: format!(
                "{shown} : Timed out after {} seconds",
                timeout.map(Value::py_str).unwrap_or_default()
            ),
            stderr: String::new(),
            timed_out: true,
        });
    }
    let [out_buf, err_buf] = drained.unwrap_or_default();
    if let Some(t) = stdin_thread {
        let _ = t.join();
    }
    let status = child.wait().map_err(|e| ExecError::Failed(e.to_string()))?;
    let retcode = status.code().map(i64::from).unwrap_or_else(|| {
        use std::os::unix::process::ExitStatusExt;
        -(status.signal().unwrap_or(0) as i64)
    });
    let mut stdout = String::from_utf8_lossy(&out_buf).into_owned();
    let mut stderr = String::from_utf8_lossy(&err_buf).into_owned();
    if b.get(10).is_none_or(Value::truthy) {
        stdout.truncate(stdout.trim_end().len());
        stderr.truncate(stderr.trim_end().len());
    }
    let mut retcode = retcode;
    if let Some(codes) = b.opt(26) {
        let ok = match codes {
            Value::List(l) => l.iter().any(|c| c.as_i64() == Some(retcode)),
            other => other.as_i64() == Some(retcode),
        };
        if ok {
            retcode = 0;
        }
    }
    if retcode != 0 && !b.truthy(18) {
        tracing::error!("Command '{}' failed with return code: {}", cmd, retcode);
    }
    Ok(Output {
        pid,
        retcode,
        stdout,
        stderr,
        timed_out: false,
    })
}

fn py_list(v: &[String]) -> String {
    Value::List(v.iter().map(|s| Value::str(s.clone())).collect()).py_repr()
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
    let mut m = Map::new();
    if out.timed_out {
        // Salt builds this dict in a different order on a timeout.
        m.insert("stdout", Value::Str(out.stdout));
        m.insert("stderr", Value::Str(out.stderr));
        m.insert("retcode", Value::Int(out.retcode));
        m.insert("pid", Value::Int(out.pid as i64));
        return Ok(Value::Map(m));
    }
    m.insert("pid", Value::Int(out.pid as i64));
    m.insert("retcode", Value::Int(out.retcode));
    m.insert("stdout", Value::Str(out.stdout));
    m.insert("stderr", Value::Str(out.stderr));
    Ok(Value::Map(m))
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
