//! `salt.modules.git`, the read-only queries templates use. Loaded only when `git` exists.

use crate::salt_utils::bind_with;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

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

/// `_git_run(command, cwd)`: stdout (rstripped) or Salt's "Command '...' failed: <stderr>".
fn git_run(cwd: &str, args: &[&str]) -> Result<String, ExecError> {
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
    git_run(
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
    git_run(&expand(&b.str_or(0, "")), &args).map(Value::from)
}
