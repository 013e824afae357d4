//! `salt.modules.cmdmod` (virtual name `cmd`): real subprocesses.
//!
//! Mirrors Salt 3007.8: `python_shell` defaults to False (even from the CLI) unless the minion
//! sets `cmd_safe: False`, so the command is split with `shlex.split` and run directly; with
//! `python_shell=True` (and always for `cmd.shell`) it runs through `$SHELL -c`. `cwd` defaults
//! to the home directory, the environment gets the `LC_*=C` defaults of `reset_system_locale`,
//! and outputs are `rstrip()`ed. `cmd.run` merges stderr into stdout. `runas`, `group`,
//! `umask`, `env`, `clean_env`, `stdin`, `timeout` and the `success_*` arguments are Salt's
//! `_run`'s, through [`crate::process`] (shared with the cmd states). `cmd.script` copies the
//! script to a temp file and runs that ([`script_call`]).

use crate::process::{self, CmdOptions, CmdResult, Program, Timeout};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

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
    let program = match b.get(0) {
        // A list runs as its argv (Salt's `archive.extracted` passes `["tar", ...]`).
        Some(Value::List(items)) if !python_shell => {
            Program::Argv(items.iter().map(Value::py_str).collect())
        }
        _ if python_shell => Program::Shell(cmd.clone()),
        _ => Program::Argv(shlex_split(&cmd)?),
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
    Ok(Value::Str(out.stdout.into()))
}

/// `cmd.shell(cmd, ...)`: `cmd.run` with `python_shell=True`.
pub fn shell(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.shell", a)?;
    let out = run(ctx, &b, true, true)?;
    Ok(Value::Str(if b.truthy(15) {
        String::new().into()
    } else {
        out.stdout.into()
    }))
}

/// `cmd.run_stdout(cmd, ...)`.
pub fn run_stdout(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.run_stdout", a)?;
    Ok(Value::Str((run(ctx, &b, false, false)?.stdout).into()))
}

/// `cmd.run_stderr(cmd, ...)`.
pub fn run_stderr(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bound("cmd.run_stderr", a)?;
    Ok(Value::Str((run(ctx, &b, false, false)?.stderr).into()))
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
pub fn which_path(name: &str) -> Option<String> {
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
        .map(Value::from)
        .unwrap_or(Value::Null))
}

/// `cmd.has_exec(cmd)`.
pub fn has_exec(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("cmd.has_exec", a, &["cmd"], 1)?;
    Ok(Value::Bool(which_path(&b.str_or(0, "")).is_some()))
}

/// The signature of `cmd.script` (and `cmd.script_retcode`), in order; `**kwargs` go to the
/// template as variables and are otherwise ignored.
const SCRIPT_NAMES: &[&str] = &[
    "source",
    "args",
    "cwd",
    "stdin",
    "runas",
    "group",
    "shell",
    "python_shell",
    "env",
    "template",
    "umask",
    "output_encoding",
    "output_loglevel",
    "log_callback",
    "hide_output",
    "timeout",
    "reset_system_locale",
    "saltenv",
    "use_vt",
    "bg",
    "password",
    "success_retcodes",
    "success_stdout",
    "success_stderr",
];

/// How `cmd.script` failed, split the way the `cmd.script` state splits it.
#[derive(Debug, Clone)]
pub enum ScriptError {
    /// A `CommandExecutionError`, `SaltRenderError` or `OSError`: the state's comment.
    Caught(String),
    /// Any other exception (`TypeError: ...`): the state fails with it.
    Raised(String),
}

impl std::fmt::Display for ScriptError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ScriptError::Caught(m) | ScriptError::Raised(m) => f.write_str(m),
        }
    }
}

/// `os.path.splitext(path)[1]`: the extension of the last path component (a leading dot
/// does not start one).
fn splitext_ext(path: &str) -> &str {
    let base = &path[path.rfind('/').map_or(0, |i| i + 1)..];
    let stem_start = base.len() - base.trim_start_matches('.').len();
    match base[stem_start..].rfind('.') {
        Some(i) => &base[stem_start + i..],
        None => "",
    }
}

/// A temp file removed when dropped (`_cleanup_tempfile`).
struct TempScript(String);

impl Drop for TempScript {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// What `cmd.script` returns when the script cannot be cached or rendered.
fn cache_error() -> Map {
    let mut m = Map::new();
    m.insert("pid", Value::Int(0));
    m.insert("retcode", Value::Int(1));
    m.insert("stdout", Value::str(""));
    m.insert("stderr", Value::str(""));
    m.insert("cache_error", Value::Bool(true));
    m
}

/// `cp.cache_file(source, saltenv)` for what halite's file client reaches: a `salt://` file
/// from the file roots, an `http(s)://`/`ftp://` file fetched into the cache (its
/// `MinionError` is not caught) or a local file (`None` when it is not there).
pub(crate) fn cache_script(
    ctx: &ExecContext,
    source: &str,
    saltenv: &str,
) -> Result<Option<String>, ScriptError> {
    if crate::http::FETCHED.contains(&crate::http::scheme(source).as_str()) {
        return super::cp::cache_path(ctx, source, saltenv, &crate::http::Fetch::default())
            .map(|p| p.map(|p| p.to_string_lossy().into_owned()))
            .map_err(|e| ScriptError::Raised(format!("salt.exceptions.MinionError: {e}")));
    }
    if source.starts_with("salt://") {
        return Ok(ctx
            .file_roots
            .find(saltenv, source)
            .map(|p| p.to_string_lossy().into_owned()));
    }
    let local = source.strip_prefix("file://").unwrap_or(source);
    if let Some((scheme, _)) = local.split_once("://") {
        return Err(ScriptError::Caught(format!(
            "halite does not fetch {scheme}:// URLs (cmd.script source '{source}')"
        )));
    }
    Ok(
        (local.starts_with('/') && std::path::Path::new(local).is_file())
            .then(|| local.to_string()),
    )
}

/// `cmdmod.script`: the script copied (or rendered with `template`) to a temp file named
/// `__salt.tmp.XXXXXXXX<ext>` in `cwd` (the temp folder without one), mode 0500 and owned by
/// `runas`, then run. With `python_shell` (the default when `shell` is given, as the state
/// does) it runs as `<shell> -c <path> <args>`, so on Linux the script gets no arguments (Salt
/// 3007.8's `Popen(list, shell=True)`); without, it runs directly with `args` as one argument
/// (or a list's items). A failing run (unknown user, missing sudo for `group`...) gives `{}`.
pub fn script_call(ctx: &ExecContext, a: &Args) -> Result<Map, ScriptError> {
    let b = crate::salt_utils::bind_with("cmd.script", a, SCRIPT_NAMES, 1, true)
        .map_err(|e| ScriptError::Raised(format!("TypeError: {e}")))?;
    let source = b.str_or(0, "");
    let saltenv = match b.opt(17) {
        Some(v) => v.py_str(),
        None => ctx
            .opts
            .get("saltenv")
            .filter(|v| !v.is_null())
            .map(Value::py_str)
            .unwrap_or_else(|| "base".into()),
    };
    let shell = b.opt(6).map(Value::py_str);
    let salt3008 = halite_value::SaltCompat::of_value(&ctx.opts).is_3008();
    let cmd_safe_off = || {
        ctx.opts
            .get("cmd_safe")
            .is_some_and(|v| matches!(v, Value::Bool(false)))
    };
    // _python_shell_default. Salt 3008 no longer turns python_shell on because a `shell` is
    // given (only a remote job's `__pub_jid` or `cmd_safe: False` do), and any `args` turn
    // it off: the script runs directly with the arguments split as a shell would.
    let python_shell = match (shell.is_some(), b.get(7)) {
        (_, Some(v)) if !v.is_null() => v.truthy() && !(salt3008 && b.truthy(1)),
        _ if salt3008 => cmd_safe_off() && !b.truthy(1),
        (true, _) => true,
        _ => cmd_safe_off(),
    };
    let cwd = b.opt(2).map(Value::py_str);
    let (path_part, _) = crate::fileserver::split_salt_url(&source, &saltenv);
    let ext = if source.starts_with("salt://") {
        splitext_ext(&path_part).to_string()
    } else {
        splitext_ext(source.split('?').next().unwrap_or(&source)).to_string()
    };
    // salt.utils.files.mkstemp(dir=cwd, suffix=ext): the temp folder without a cwd.
    let path = crate::files::mkstemp(cwd.as_deref(), &ext).map_err(|e| {
        ScriptError::Caught(format!(
            "[Errno {}] {}: '{}'",
            e.raw_os_error().unwrap_or(0),
            e.to_string().split(" (os error").next().unwrap_or_default(),
            cwd.clone().unwrap_or_default()
        ))
    })?;
    let tmp = TempScript(path.clone());
    let cached = cache_script(ctx, &source, &saltenv)?;
    let Some(cached) = cached else {
        return Ok(cache_error());
    };
    let template = b.opt(9).filter(|t| t.truthy()).map(Value::py_str);
    if let Some(engine) = &template {
        // cp.get_template: the keyword arguments cmd.script does not take are the template's
        // variables, `context` merged over them.
        let mut vars = Map::new();
        for (k, v) in a.kwargs.iter() {
            let key = k.py_str();
            if !SCRIPT_NAMES.contains(&key.as_str()) && key != "context" && key != "__env__" {
                vars.insert(k.clone(), v.clone());
            }
        }
        vars.insert("saltenv", Value::str(saltenv.clone()));
        if let Some(Value::Map(c)) = a.kwargs.get("context") {
            for (k, v) in c.iter() {
                vars.insert(k.clone(), v.clone());
            }
        }
        let text = match std::fs::read(&cached) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(_) => return Ok(cache_error()),
        };
        const KNOWN: [&str; 6] = ["jinja", "mako", "wempy", "genshi", "cheetah", "py"];
        if !KNOWN.contains(&engine.as_str()) {
            tracing::error!("Attempted to render template with unavailable engine {engine}");
            return Ok(cache_error());
        }
        let renderer = ctx.renderer.as_ref().ok_or_else(|| {
            ScriptError::Caught("cmd.script: no template renderer is available here".into())
        })?;
        let rendered = renderer
            .render_template(ctx, engine, &text, &vars)
            .map_err(|e| ScriptError::Caught(e.to_string()))?;
        std::fs::write(&path, rendered).map_err(|e| ScriptError::Caught(e.to_string()))?;
    } else if let Err(e) = std::fs::copy(&cached, &path) {
        tracing::error!("cmd.script: cannot copy {cached} to {path}: {e}");
        return Ok(cache_error());
    }
    let runas = b.opt(4).map(Value::py_str);
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o500))
            .map_err(|e| ScriptError::Caught(e.to_string()))?;
        // file.user_to_uid gives '' for an unknown user, which os.chown refuses.
        let uid = process::user_to_uid(runas.as_deref()).ok_or_else(|| {
            ScriptError::Raised("TypeError: uid should be integer, not str".into())
        })?;
        std::os::unix::fs::chown(&path, Some(uid), None)
            .map_err(|e| ScriptError::Caught(e.to_string()))?;
    }
    let mut argv = vec![path.clone()];
    match b.opt(1) {
        Some(Value::List(l)) => argv.extend(l.iter().map(Value::py_str)),
        // Salt 3008: `args = salt.utils.args.shlex_split(args)` for a string.
        Some(Value::Str(a)) if salt3008 && !a.is_empty() => {
            argv.extend(shlex_split(a).map_err(|e| ScriptError::Raised(e.to_string()))?)
        }
        Some(v) if v.truthy() => argv.push(v.py_str()),
        _ => {}
    }
    let run_opts = || -> Result<CmdOptions, String> {
        Ok(CmdOptions {
            shell: shell.clone().unwrap_or_else(|| {
                if python_shell {
                    default_shell()
                } else {
                    String::new()
                }
            }),
            cwd: cwd.clone(),
            env: b.opt(8).map(process::env_pairs).unwrap_or_default(),
            keep_locale: !b.get(16).is_none_or(Value::truthy),
            stdin: b.opt(3).map(Value::py_str),
            timeout: Timeout::from_value(b.opt(15))?,
            success_retcodes: process::success_retcodes(b.opt(21))?,
            success_stdout: process::success_strings(b.opt(22)),
            success_stderr: process::success_strings(b.opt(23)),
            runas: runas.clone(),
            group: b.opt(5).map(Value::py_str),
            umask: process::parse_umask(b.opt(10))?,
            ..CmdOptions::default()
        })
    };
    let program = if python_shell {
        Program::ShellList(argv)
    } else {
        Program::Argv(argv)
    };
    let mut ret = match run_opts().and_then(|o| process::run(&program, &o)) {
        Ok(out) => {
            ctx.retcode.set(out.retcode);
            out.to_map()
        }
        Err(e) => {
            tracing::error!(
                "cmd.script: Unable to run script '{}': {e}",
                program.display()
            );
            Map::new()
        }
    };
    drop(tmp);
    if b.truthy(14) {
        ret.insert("stdout", Value::str(""));
        ret.insert("stderr", Value::str(""));
    }
    Ok(ret)
}

/// `cmd.script(source, args=None, ...)`.
pub fn script(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    script_call(ctx, a)
        .map(Value::Map)
        .map_err(|e| ExecError::Failed(e.to_string()))
}

/// `cmd.script_retcode(source, ...)`: `cmd.script(...)["retcode"]`, with `template` defaulting
/// to `jinja`.
pub fn script_retcode(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let mut a = a.clone();
    let has_template = a.args.len() > 9 || a.kwargs.contains_key("template");
    if !has_template {
        a.kwargs.insert("template", Value::str("jinja"));
    }
    let ret = script_call(ctx, &a).map_err(|e| ExecError::Failed(e.to_string()))?;
    ret.get("retcode")
        .cloned()
        .ok_or_else(|| ExecError::Failed("'retcode'".into()))
}

pub(crate) use crate::process::shlex_quote;

/// `cmd.run_all(argv_list, python_shell=False, **kwargs)` as Salt's modules call it with a
/// list: the words are quoted for [`shlex_split`], which gives the same argv back.
pub(crate) fn run_all_argv(
    ctx: &ExecContext,
    argv: &[String],
    kwargs: &[(&str, Value)],
) -> Result<halite_value::Map, ExecError> {
    let line: Vec<String> = argv.iter().map(|a| shlex_quote(a)).collect();
    let mut kw = halite_value::Map::new();
    kw.insert("python_shell", Value::Bool(false));
    for (k, v) in kwargs {
        kw.insert(*k, v.clone());
    }
    match run_all(ctx, &Args::new(vec![Value::str(line.join(" "))], kw))? {
        Value::Map(m) => Ok(m),
        _ => Ok(halite_value::Map::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::splitext_ext;

    #[test]
    fn splitext_like_python() {
        assert_eq!(splitext_ext("scripts/run.sh"), ".sh");
        assert_eq!(splitext_ext("salt://a.b/run"), "");
        assert_eq!(splitext_ext("dir/.bashrc"), "");
        assert_eq!(splitext_ext("dir/..x.tar.gz"), ".gz");
        assert_eq!(splitext_ext("run.sh x y"), ".sh x y");
    }
}
