//! `salt.modules.git`: the queries templates use and the `git config` functions the
//! `git.config_set`/`git.config_unset` states call. Loaded only when `git` exists.

use crate::process::{self, CmdOptions, CmdResult, Program};
use crate::salt_utils::bind_with;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

pub(crate) fn available() -> bool {
    super::cmd::which_path("git").is_some()
}

/// `_expand_path(cwd, user)`: `os.path.join(os.path.expanduser('~'), cwd)`.
fn expand(cwd: &str) -> String {
    if cwd.starts_with('/') {
        return cwd.to_string();
    }
    let home = std::env::var("HOME").unwrap_or_else(|_| "/".into());
    format!("{}/{}", home.trim_end_matches('/'), cwd)
}

/// `_git_run(command, cwd)` for the read-only queries: stdout (rstripped) or Salt's "Command '...' failed: <stderr>".
fn git_query(cwd: &str, args: &[&str]) -> Result<String, ExecError> {
    let out = std::process::Command::new("git")
        .args(args)
        .current_dir(cwd)
        .stdin(std::process::Stdio::null())
        .output()
        .map_err(|e| {
            ExecError::Failed(format!(
                "Unable to run command '{}', reason: {e}",
                args.join(" ")
            ))
        })?;
    let stdout = String::from_utf8_lossy(&out.stdout).trim_end().to_string();
    if out.status.success() {
        return Ok(stdout);
    }
    let err = String::from_utf8_lossy(&out.stderr).trim_end().to_string();
    let mut msg = format!("Command 'git {}' failed", args.join(" "));
    if !err.is_empty() {
        msg.push_str(": ");
        msg.push_str(&err);
    }
    Err(ExecError::Failed(msg))
}

/// `git.current_branch(cwd, user=None, password=None, ignore_retcode=False, ...)`.
pub fn current_branch(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "git.current_branch",
        a,
        &[
            "cwd",
            "user",
            "password",
            "ignore_retcode",
            "output_encoding",
        ],
        1,
        true,
    )?;
    git_query(
        &expand(&b.str_or(0, "")),
        &["rev-parse", "--abbrev-ref", "HEAD"],
    )
    .map(Value::from)
}

/// `git.revision(cwd, rev='HEAD', short=False, ...)`.
pub fn revision(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with(
        "git.revision",
        a,
        &[
            "cwd",
            "rev",
            "short",
            "user",
            "password",
            "ignore_retcode",
            "output_encoding",
        ],
        1,
        true,
    )?;
    let rev = b.str_or(1, "HEAD");
    let mut args = vec!["rev-parse"];
    if b.truthy(2) {
        args.push("--short");
    }
    args.push(&rev);
    git_query(&expand(&b.str_or(0, "")), &args).map(Value::from)
}

/// Salt's `_git_run` keyword arguments (besides the command).
#[derive(Default)]
pub struct GitRun<'a> {
    pub cwd: Option<&'a str>,
    /// `runas`: the command runs with this user's uid, groups and login environment.
    pub user: Option<&'a str>,
    pub ignore_retcode: bool,
    /// Raise on a non-zero exit ("Command 'git ...' failed: STDERR").
    pub failhard: bool,
}

/// `_git_run(command, ...)` without `identity`: `cmd.run_all` (records the exit code in
/// `__context__['retcode']`, 0 with `ignore_retcode`); with `failhard` a non-zero exit is
/// Salt's CommandExecutionError.
pub fn git_run(ctx: &ExecContext, args: &[String], o: &GitRun) -> Result<CmdResult, ExecError> {
    let mut argv = vec!["git".to_string()];
    argv.extend(args.iter().cloned());
    let opts = CmdOptions {
        cwd: o.cwd.map(str::to_string),
        runas: o.user.map(str::to_string),
        ..CmdOptions::default()
    };
    let out = process::run(&Program::Argv(argv.clone()), &opts).map_err(ExecError::Command)?;
    ctx.retcode
        .set(if o.ignore_retcode { 0 } else { out.retcode });
    if out.retcode != 0 && o.failhard {
        let mut msg = format!("Command '{}' failed", argv.join(" "));
        if !out.stderr.is_empty() {
            msg.push_str(": ");
            msg.push_str(&out.stderr);
        }
        return Err(ExecError::Command(msg));
    }
    Ok(out)
}

/// Salt's `SaltInvocationError(msg)`: salt-call reports it as "Passed invalid arguments".
fn invocation(msg: impl Into<String>) -> ExecError {
    crate::note_invocation_error();
    ExecError::Failed(msg.into())
}

/// `_expand_path(cwd, user)`: `os.path.join(os.path.expanduser('~user' or '~'), cwd)`.
fn expand_for(cwd: &str, user: Option<&str>) -> String {
    if cwd.starts_with('/') {
        return cwd.to_string();
    }
    let home = match user {
        Some(u) => match crate::process::getpwnam(u) {
            Some(pw) => pw.dir,
            // expanduser leaves an unknown user's `~name` as it is.
            None => format!("~{u}"),
        },
        None => std::env::var("HOME").unwrap_or_else(|_| "/".into()),
    };
    if cwd.is_empty() {
        return format!("{}/", home.trim_end_matches('/'));
    }
    format!("{}/{}", home.trim_end_matches('/'), cwd)
}

/// The `**kwargs` the `git.config_*` functions take: `clean_kwargs` (Salt's injected `__*`
/// keys dropped), `global` and the function's own (`all`, `add`) popped, anything left is
/// `invalid_kwargs` ("The following keyword arguments are not valid: k=v, ...").
fn config_kwargs(a: &Args, names: &[&str], own: &[&str]) -> Result<Map, ExecError> {
    let mut taken = Map::new();
    let mut invalid = Vec::new();
    for (k, v) in a.kwargs.iter() {
        let key = k.py_str();
        if key.starts_with("__") || names.contains(&key.as_str()) {
            continue;
        }
        if key == "global" || own.contains(&key.as_str()) {
            taken.insert(key.as_str(), v.clone());
        } else {
            invalid.push(format!("{key}={}", v.py_str()));
        }
    }
    if !invalid.is_empty() {
        return Err(invocation(format!(
            "The following keyword arguments are not valid: {}",
            invalid.join(", ")
        )));
    }
    Ok(taken)
}

/// The arguments shared by the `git.config_*` functions.
struct ConfigArgs {
    cwd: Option<String>,
    user: Option<String>,
    ignore_retcode: bool,
    global: bool,
}

impl ConfigArgs {
    fn new(
        cwd: Option<&Value>,
        user: Option<&Value>,
        ignore_retcode: bool,
        global: bool,
    ) -> Result<ConfigArgs, ExecError> {
        let user = user.map(Value::py_str);
        let cwd = match cwd {
            None if !global => {
                return Err(invocation("'cwd' argument required unless global=True"))
            }
            None => None,
            Some(c) => Some(expand_for(&c.py_str(), user.as_deref())),
        };
        Ok(ConfigArgs {
            cwd,
            user,
            ignore_retcode,
            global,
        })
    }

    fn run(&self, args: Vec<String>, failhard: bool) -> GitRunOwned<'_> {
        GitRunOwned {
            c: self,
            args,
            failhard,
        }
    }

    /// `_which_git_config`: `--global`, else `--local` (git >= 1.7.10.2).
    fn which(&self) -> String {
        if self.global { "--global" } else { "--local" }.to_string()
    }
}

struct GitRunOwned<'a> {
    c: &'a ConfigArgs,
    args: Vec<String>,
    failhard: bool,
}

impl GitRunOwned<'_> {
    fn go(&self, ctx: &ExecContext) -> Result<CmdResult, ExecError> {
        git_run(
            ctx,
            &self.args,
            &GitRun {
                cwd: self.c.cwd.as_deref(),
                user: self.c.user.as_deref(),
                ignore_retcode: self.c.ignore_retcode,
                failhard: self.failhard,
            },
        )
    }
}

const CONFIG_GET: &[&str] = &[
    "key",
    "cwd",
    "user",
    "password",
    "ignore_retcode",
    "output_encoding",
];

/// `_config_getter(get_opt, key, value_regex, ...)`: `git config --local|--global GET_OPT KEY
/// [VALUE_REGEX]`, never failing on the exit code.
fn config_getter(
    ctx: &ExecContext,
    c: &ConfigArgs,
    get_opt: &str,
    key: &str,
    value_regex: Option<String>,
) -> Result<CmdResult, ExecError> {
    let mut args = vec!["config".to_string(), c.which(), get_opt.to_string()];
    args.push(key.to_string());
    args.extend(value_regex);
    c.run(args, false).go(ctx)
}

/// `config_get`'s result from `git config --get-all`: None when the key is not set (exit
/// 1), else the lines (the last one without `all`, "" when there is none).
fn config_get_value(out: &CmdResult, all: bool) -> Value {
    if out.retcode == 1 {
        return Value::Null;
    }
    let lines: Vec<Value> = out.stdout.lines().map(Value::str).collect();
    if all {
        Value::from(lines)
    } else {
        lines.last().cloned().unwrap_or_else(|| Value::str(""))
    }
}

/// `git.config_get(key, cwd=None, user=None, password=None, ignore_retcode=False,
/// output_encoding=None, **kwargs)` with `all` and `global` among the kwargs.
pub fn config_get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("git.config_get", a, CONFIG_GET, 1, true)?;
    let kw = config_kwargs(a, CONFIG_GET, &["all"])?;
    let c = ConfigArgs::new(
        b.opt(1),
        b.opt(2),
        b.truthy(4),
        kw.get("global").is_some_and(Value::truthy),
    )?;
    let out = config_getter(ctx, &c, "--get-all", &b.str_or(0, ""), None)?;
    Ok(config_get_value(
        &out,
        kw.get("all").is_some_and(Value::truthy),
    ))
}

/// The arguments of `git.config_get_regexp` and `git.config_unset` (the same in Salt).
const KEY_VALUE_REGEX_ARGS: &[&str] = &[
    "key",
    "value_regex",
    "cwd",
    "user",
    "password",
    "ignore_retcode",
    "output_encoding",
];

/// `git --get-regexp` output as `{key: [values]}` (lines without a value are skipped).
fn regexp_map(out: &CmdResult) -> Map {
    let mut ret = Map::new();
    if out.retcode == 1 {
        return ret;
    }
    for line in out.stdout.lines() {
        // Python's `line.split(None, 1)`.
        let trimmed = line.trim_start();
        let Some(i) = trimmed.find(char::is_whitespace) else {
            continue;
        };
        let (param, value) = (&trimmed[..i], trimmed[i..].trim_start());
        if value.is_empty() {
            continue;
        }
        match ret.get_mut(param) {
            Some(Value::List(l)) => l.push(Value::str(value)),
            _ => {
                ret.insert(param, Value::from(vec![Value::str(value)]));
            }
        }
    }
    ret
}

/// `git.config_get_regexp(key, value_regex=None, cwd=None, user=None, password=None,
/// ignore_retcode=False, output_encoding=None, **kwargs)` (also `git.config_get_regex`).
pub fn config_get_regexp(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("git.config_get_regexp", a, KEY_VALUE_REGEX_ARGS, 1, true)?;
    let kw = config_kwargs(a, KEY_VALUE_REGEX_ARGS, &[])?;
    let c = ConfigArgs::new(
        b.opt(2),
        b.opt(3),
        b.truthy(5),
        kw.get("global").is_some_and(Value::truthy),
    )?;
    let out = config_getter(
        ctx,
        &c,
        "--get-regexp",
        &b.str_or(0, ""),
        b.opt(1).map(Value::py_str),
    )?;
    Ok(Value::Map(regexp_map(&out)))
}

const CONFIG_SET: &[&str] = &[
    "key",
    "value",
    "multivar",
    "cwd",
    "user",
    "password",
    "ignore_retcode",
    "output_encoding",
];

/// A `multivar` as Salt reads it: a list's items as strings, anything else split on commas.
pub fn multivar_list(v: &Value) -> Vec<String> {
    match v {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        other => other.py_str().split(',').map(str::to_string).collect(),
    }
}

/// `git.config_set(key, value=None, multivar=None, cwd=None, user=None, password=None,
/// ignore_retcode=False, output_encoding=None, **kwargs)` with `add` and `global`: `git
/// config [--global] --replace-all|--add KEY VALUE` (once per multivar item), then the
/// key's values (`config_get(all=True)`).
pub fn config_set(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("git.config_set", a, CONFIG_SET, 1, true)?;
    let kw = config_kwargs(a, CONFIG_SET, &["add"])?;
    let global = kw.get("global").is_some_and(Value::truthy);
    let c = ConfigArgs::new(b.opt(3), b.opt(4), b.truthy(6), global)?;
    let key = b.str_or(0, "");
    if b.opt(1).is_some() && b.opt(2).is_some() {
        return Err(invocation(
            "Only one of 'value' and 'multivar' is permitted",
        ));
    }
    let mut prefix = vec!["config".to_string()];
    if global {
        prefix.push("--global".into());
    }
    if let Some(value) = b.opt(1) {
        let mut args = prefix.clone();
        args.push(if kw.get("add").is_some_and(Value::truthy) {
            "--add".into()
        } else {
            "--replace-all".into()
        });
        args.extend([key.clone(), value.py_str()]);
        c.run(args, true).go(ctx)?;
    } else {
        let Some(multivar) = b.opt(2) else {
            // `enumerate(None)`.
            return Err(invocation("'NoneType' object is not iterable"));
        };
        for (i, item) in multivar_list(multivar).into_iter().enumerate() {
            let mut args = prefix.clone();
            args.push(if i == 0 { "--replace-all" } else { "--add" }.into());
            args.extend([key.clone(), item]);
            c.run(args, true).go(ctx)?;
        }
    }
    let out = config_getter(ctx, &c, "--get-all", &key, None)?;
    Ok(config_get_value(&out, true))
}

/// `git.config_unset(key, value_regex=None, cwd=None, user=None, password=None,
/// ignore_retcode=False, output_encoding=None, **kwargs)` with `all` and `global`: `git
/// config --unset|--unset-all --local|--global KEY [VALUE_REGEX]`, git's exit codes turned
/// into Salt's messages.
pub fn config_unset(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind_with("git.config_unset", a, KEY_VALUE_REGEX_ARGS, 1, true)?;
    let kw = config_kwargs(a, KEY_VALUE_REGEX_ARGS, &["all"])?;
    let global = kw.get("global").is_some_and(Value::truthy);
    let mut c = ConfigArgs::new(b.opt(2), b.opt(3), b.truthy(5), global)?;
    let key = b.str_or(0, "");
    let value_regex = b.opt(1).map(Value::py_str);
    let mut args = vec![
        "config".to_string(),
        if kw.get("all").is_some_and(Value::truthy) {
            "--unset-all"
        } else {
            "--unset"
        }
        .to_string(),
        c.which(),
        key.clone(),
    ];
    args.extend(value_regex.clone());
    // `cwd=cwd if cwd != "global" else None`.
    let cwd = c.cwd.clone();
    if cwd.as_deref() == Some("global") {
        c.cwd = None;
    }
    let out = c.run(args, false).go(ctx)?;
    c.cwd = cwd;
    match out.retcode {
        0 => Ok(Value::Bool(true)),
        1 => Err(ExecError::Command("Section or key is invalid".into())),
        5 => {
            // `config_get(key, cwd=cwd, ...)`: local, whatever `global` was.
            let local = ConfigArgs::new(
                c.cwd.as_ref().map(|s| Value::str(s.as_str())).as_ref(),
                c.user.as_ref().map(|s| Value::str(s.as_str())).as_ref(),
                c.ignore_retcode,
                false,
            )?;
            let got = config_getter(ctx, &local, "--get-all", &key, None)?;
            if config_get_value(&got, false).is_null() {
                Err(ExecError::Command(format!("Key '{key}' does not exist")))
            } else {
                let mut msg = format!("Multiple values exist for key '{key}'");
                if value_regex.is_some() {
                    msg.push_str(" and value_regex matches multiple values");
                }
                Err(ExecError::Command(msg))
            }
        }
        6 => Err(ExecError::Command("The value_regex is invalid".into())),
        rc => {
            let mut msg =
                format!("Failed to unset key '{key}', git config returned exit code {rc}");
            if !out.stderr.is_empty() {
                msg.push_str("; ");
                msg.push_str(&out.stderr);
            }
            Err(ExecError::Command(msg))
        }
    }
}

/// Salt's `templates/git/ssh-id-wrapper`: what `GIT_SSH` runs when an identity is given.
const SSH_ID_WRAPPER: &str = r#"#!/usr/bin/env sh
OPTS="-oStrictHostKeyChecking=no -oPasswordAuthentication=no -oKbdInteractiveAuthentication=no -oChallengeResponseAuthentication=no"
if test -n "$GIT_IDENTITY"; then
    OPTS="$OPTS -i $GIT_IDENTITY"
fi
exec ssh $OPTS "$@"
"#;

/// Whether [`run_with_identity`] finds one of the keys (a `salt://` key in the file roots,
/// a local file): with a `user` that does not exist, Salt then raises `TypeError: uid should
/// be integer, not str` (`os.chown(path, file.user_to_uid(user))` of the key or of its ssh
/// wrapper) instead of running git.
pub fn identity_found(file_roots: &crate::FileRoots, saltenv: &str, identity: &[String]) -> bool {
    identity.iter().any(|k| {
        if k.contains("salt://") {
            file_roots.find(saltenv, k).is_some()
        } else {
            std::path::Path::new(k).is_file()
        }
    })
}

/// One git command's outcome for [`run_with_identity`].
pub enum GitAttempt {
    /// Exit 0: the output.
    Ok(String),
    /// A non-zero exit: the text Salt collects (stderr, or stdout with `redirect_stderr`).
    Failed(String),
    /// The command could not run (`cmd.run_all` raised): no other identity is tried.
    Raised(String),
}

/// A temp file removed when dropped.
struct TempFile(String);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `_git_run` with `identity` (a list of key files): the command runs once per key, with
/// `GIT_SSH` set to Salt's ssh wrapper and `GIT_IDENTITY` to the key, until one succeeds. A
/// `salt://` key is copied from the file roots to a 0600 temp file (owned by `user`), a
/// missing local key is skipped and named at the end (a `user` that does not exist must be
/// refused by the caller before: Salt's `os.chown` raises once a key is found, see
/// [`identity_found`]); when every key failed the error is
/// "Unable to authenticate using identity file:\n\nERRORS" (and "The following identity
/// file(s) were not found: ..."). `run` gets the extra environment.
pub fn run_with_identity(
    file_roots: &crate::FileRoots,
    saltenv: &str,
    identity: &[String],
    user_uid: Option<u32>,
    mut run: impl FnMut(&[(String, String)]) -> GitAttempt,
) -> Result<String, String> {
    let mut errors: Vec<String> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    for id_file in identity {
        let mut tmp_key = None;
        let key = if id_file.contains("salt://") {
            let Some(src) = file_roots.find(saltenv, id_file) else {
                tracing::error!("identity {id_file} does not exist.");
                continue;
            };
            let path = crate::files::mkstemp(None, "").map_err(|e| e.to_string())?;
            let tmp = TempFile(path.clone());
            std::fs::copy(&src, &path).map_err(|e| format!("{path}: {e}"))?;
            {
                use std::os::unix::fs::PermissionsExt;
                let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600));
            }
            if let Some(uid) = user_uid {
                let _ = std::os::unix::fs::chown(&path, Some(uid), None);
            }
            tmp_key = Some(tmp);
            path
        } else {
            if !std::path::Path::new(id_file).is_file() {
                tracing::error!("identity {id_file} does not exist.");
                missing.push(id_file.clone());
                continue;
            }
            id_file.clone()
        };
        // Salt runs its installed wrapper, or, for a `user` who could not reach it, a copy in
        // a temp file (mode 0500, owned by the user); halite has no installed copy, so it
        // always writes the temp file (0700 for this process's own user).
        let wrapper_path = crate::files::mkstemp(None, "").map_err(|e| e.to_string())?;
        let wrapper = TempFile(wrapper_path.clone());
        std::fs::write(&wrapper_path, SSH_ID_WRAPPER)
            .map_err(|e| format!("{wrapper_path}: {e}"))?;
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = if user_uid.is_some() { 0o500 } else { 0o700 };
            std::fs::set_permissions(&wrapper_path, std::fs::Permissions::from_mode(mode))
                .map_err(|e| format!("{wrapper_path}: {e}"))?;
        }
        if let Some(uid) = user_uid {
            std::os::unix::fs::chown(&wrapper_path, Some(uid), None)
                .map_err(|e| format!("{wrapper_path}: {e}"))?;
        }
        tracing::info!("Attempting git authentication using identity file {key}");
        let env = vec![
            ("GIT_IDENTITY".to_string(), key.clone()),
            ("GIT_SSH".to_string(), wrapper.0.clone()),
        ];
        let outcome = run(&env);
        drop(wrapper);
        drop(tmp_key);
        match outcome {
            GitAttempt::Ok(out) => return Ok(out),
            GitAttempt::Failed(err) => {
                if !err.is_empty() {
                    errors.push(err);
                }
            }
            GitAttempt::Raised(msg) => return Err(msg),
        }
    }
    let mut msg = format!(
        "Unable to authenticate using identity file:\n\n{}",
        errors.join("\n")
    );
    if !missing.is_empty() {
        if !errors.is_empty() {
            msg.push_str("\n\n");
        }
        msg.push_str(&format!(
            "The following identity file(s) were not found: {}",
            missing.join(", ")
        ));
    }
    Err(msg)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn out(stdout: &str, retcode: i64) -> CmdResult {
        CmdResult {
            pid: 0,
            retcode,
            stdout: stdout.into(),
            stderr: String::new(),
            timed_out: false,
        }
    }

    /// Expected values from Python's `line.split(None, 1)` loop in `config_get_regexp`.
    #[test]
    fn config_get_regexp_splits_lines_as_python() {
        let m = regexp_map(&out("a.b x\na.c  two  words \na.d\n  a.e lead\na.b y", 0));
        let repr = Value::Map(m).py_repr();
        assert_eq!(
            repr,
            "{'a.b': ['x', 'y'], 'a.c': ['two  words '], 'a.e': ['lead']}"
        );
        assert!(regexp_map(&out("a.b x", 1)).is_empty());
    }

    /// `config_get`: exit 1 is None; another failure has no lines ("" or []).
    #[test]
    fn config_get_value_by_exit_code() {
        assert!(config_get_value(&out("", 1), false).is_null());
        assert_eq!(config_get_value(&out("", 128), false), Value::str(""));
        assert_eq!(
            config_get_value(&out("", 128), true),
            Value::from(Vec::new())
        );
        assert_eq!(config_get_value(&out("a\nb", 0), false), Value::str("b"));
    }

    /// `multivar.split(",")` keeps empty items.
    #[test]
    fn multivar_string_splits_on_every_comma() {
        assert_eq!(multivar_list(&Value::str("1,2,,3")), ["1", "2", "", "3"]);
        assert_eq!(
            multivar_list(&Value::from(vec![Value::Int(1), Value::str("x")])),
            ["1", "x"]
        );
    }
}
