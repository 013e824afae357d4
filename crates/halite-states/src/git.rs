//! Salt's `git` state module (salt/states/git.py): `git.cloned`, `git.latest`,
//! `git.config_set` and `git.config_unset`, running the system `git` with the commands Salt's
//! git execution module runs.
//!
//! `git.latest` covers a fresh clone (rev `HEAD`, a branch, a tag or a SHA1; `branch`,
//! `depth`, `remote`, `force_clone`) and an existing checkout (up to date, switched to
//! `branch`, fast-forward after a fetch, `force_reset` over local changes or a
//! non-fast-forward, tag and upstream tracking updates, a changed remote URL), in test mode
//! and for real, as `user` when given, with `identity` key files (Salt's ssh wrapper as
//! `GIT_SSH`, each key tried in turn, `salt://` keys copied from the file roots). Not covered
//! yet, each failing with a message that says so: `password` and the https credentials,
//! `bare`/`mirror`, `submodules` (docs/compat.md).
//!
//! `git.config_set`/`git.config_unset` call the `git.config_*` execution functions as Salt's
//! states do.

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::{Args, ExecError};
use halite_value::{Map, Value};
use std::path::Path;
use std::process::Command;

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("git.latest", latest, &["name", "target"]);
    r.register("git.cloned", cloned, &["name", "target"]);
    r.register("git.config_set", config_set, &["name"]);
    r.register("git.config_unset", config_unset, &["name"]);
}

/// Runs git as Salt's git module does (`cmd.run_all` with `runas=user`).
#[derive(Clone, Default)]
struct Git {
    /// `user`: git runs with its uid, gid and home.
    user: Option<halite_exec::process::Passwd>,
    /// The user was named but does not exist: every command fails as `runas` does.
    missing_user: Option<String>,
    /// `identity`: the key files the commands that reach the remote try in turn.
    identity: Vec<String>,
    /// Where `salt://` keys are found: the file roots and the state's saltenv.
    roots: Option<(halite_exec::FileRoots, String)>,
}

impl Git {
    fn for_user(user: Option<String>) -> Git {
        match user {
            None => Git::default(),
            Some(u) => match halite_exec::process::getpwnam(&u) {
                Some(pw) => Git {
                    user: Some(pw),
                    ..Git::default()
                },
                None => Git {
                    missing_user: Some(u),
                    ..Git::default()
                },
            },
        }
    }

    /// Keys to try for the commands that reach the remote (`identity`).
    fn with_identity(mut self, call: &StateCall, identity: Vec<String>) -> Git {
        self.identity = identity;
        self.roots = Some((call.ctx.file_roots.clone(), state_saltenv(call)));
        self
    }

    /// A git command's result: stdout (rstripped) or the error Salt's `_strip_exc` leaves.
    fn run(
        &self,
        args: &[&str],
        cwd: Option<&str>,
        redirect_stderr: bool,
    ) -> Result<String, String> {
        match self.attempt(args, cwd, redirect_stderr, &[]) {
            halite_exec::GitAttempt::Ok(out) => Ok(out),
            halite_exec::GitAttempt::Failed(e) | halite_exec::GitAttempt::Raised(e) => Err(e),
        }
    }

    /// [`Git::run`] for a command that reaches the remote (`ls-remote`, `fetch`, `clone`):
    /// with `identity`, once per key until one works (Salt's `_git_run`), the error then
    /// being Salt's "Unable to authenticate using identity file: ..." in full.
    fn run_remote(
        &self,
        args: &[&str],
        cwd: Option<&str>,
        redirect_stderr: bool,
    ) -> Result<String, String> {
        if self.identity.is_empty() {
            return self.run(args, cwd, redirect_stderr);
        }
        // A missing user fails only when a key is found and the command runs.
        let Some((roots, saltenv)) = &self.roots else {
            return self.run(args, cwd, redirect_stderr);
        };
        halite_exec::git_run_with_identity(
            roots,
            saltenv,
            &self.identity,
            self.user.as_ref().map(|pw| pw.uid),
            |env| self.attempt(args, cwd, redirect_stderr, env),
        )
    }

    /// Salt's exception before the first command that reaches the remote: a `user` that
    /// does not exist with an identity key that is found (`os.chown` of the key or of the
    /// ssh wrapper to `file.user_to_uid(user)`, which is '').
    fn identity_raises(&self) -> Result<(), StateError> {
        if let (Some(_), Some((roots, saltenv))) = (&self.missing_user, &self.roots) {
            if halite_exec::git_identity_found(roots, saltenv, &self.identity) {
                return Err(StateError::Other(
                    "TypeError: uid should be integer, not str".into(),
                ));
            }
        }
        Ok(())
    }

    /// One run of git with extra environment variables.
    fn attempt(
        &self,
        args: &[&str],
        cwd: Option<&str>,
        redirect_stderr: bool,
        env: &[(String, String)],
    ) -> halite_exec::GitAttempt {
        use halite_exec::GitAttempt;
        if let Some(u) = &self.missing_user {
            return GitAttempt::Raised(format!("User '{u}' is not available"));
        }
        let mut cmd = Command::new("git");
        cmd.args(args);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let home = match &self.user {
            Some(pw) => pw.dir.clone(),
            None => std::env::var("HOME").unwrap_or_else(|_| "/".into()),
        };
        let dir = cwd.map(str::to_string).unwrap_or_else(|| home.clone());
        // A user whose home does not exist (nobody's /nonexistent) runs from /.
        cmd.current_dir(if Path::new(&dir).is_dir() {
            dir.as_str()
        } else {
            "/"
        });
        cmd.env("LC_ALL", "C").env("GIT_TERMINAL_PROMPT", "0");
        if let Some(pw) = &self.user {
            use std::os::unix::process::CommandExt;
            cmd.uid(pw.uid)
                .gid(pw.gid)
                .env("HOME", &home)
                .env("USER", &pw.name);
        }
        let out = match cmd.output() {
            Ok(out) => out,
            Err(e) => return GitAttempt::Raised(format!("git: {e}")),
        };
        let stdout = String::from_utf8_lossy(&out.stdout).trim_end().to_string();
        let stderr = String::from_utf8_lossy(&out.stderr).trim_end().to_string();
        let text = if redirect_stderr {
            let mut both = String::from_utf8_lossy(&out.stdout).into_owned();
            both.push_str(&String::from_utf8_lossy(&out.stderr));
            both.trim_end().to_string()
        } else {
            stdout
        };
        if out.status.success() {
            GitAttempt::Ok(text)
        } else if redirect_stderr {
            GitAttempt::Failed(text)
        } else {
            GitAttempt::Failed(stderr)
        }
    }

    fn ok(&self, args: &[&str], cwd: &str) -> Option<String> {
        self.run(args, Some(cwd), false).ok()
    }
}

/// `os.path.expanduser`: `~` is this process's home, `~user` that user's.
fn expanduser(p: &str) -> String {
    let Some(rest) = p.strip_prefix('~') else {
        return p.to_string();
    };
    let (who, tail) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, ""),
    };
    let home = if who.is_empty() {
        std::env::var("HOME").ok()
    } else {
        halite_exec::process::getpwnam(who).map(|pw| pw.dir)
    };
    match home {
        Some(h) => {
            let joined = format!("{}{tail}", h.trim_end_matches('/'));
            if joined.is_empty() {
                "/".to_string()
            } else {
                joined
            }
        }
        None => p.to_string(),
    }
}

/// `__env__`: the saltenv the state runs in (where `salt://` identity files are found).
fn state_saltenv(call: &StateCall) -> String {
    call.low
        .get("__env__")
        .map(Value::py_str)
        .unwrap_or_else(|| call.ctx.saltenv.clone())
}

fn short(s: &Option<String>) -> String {
    s.as_deref()
        .map(|x| x.chars().take(7).collect())
        .unwrap_or_else(|| "None".into())
}

fn format_comments(c: &[String]) -> String {
    let mut s = c.join(". ");
    if c.len() > 1 {
        s.push('.');
    }
    s
}

fn new_ret(name: &Value, result: bool) -> Map {
    let mut m = Map::new();
    m.insert("name", name.clone());
    m.insert("result", Value::Bool(result));
    m.insert("comment", Value::str(""));
    m.insert("changes", Value::Map(Map::new()));
    m
}

fn set(ret: &mut Map, key: &str, v: Value) {
    crate::file::changes_mut(ret).insert(key, v);
}

/// `ret["changes"]["revision"] = {"old": old, "new": new}`, a missing revision as None.
fn set_revision(ret: &mut Map, old: Option<String>, new: Option<String>) {
    let mut m = Map::new();
    m.insert("old", old.map(Value::str).unwrap_or(Value::Null));
    m.insert("new", new.map(Value::str).unwrap_or(Value::Null));
    set(ret, "revision", Value::Map(m));
}

fn fail(mut ret: Map, msg: impl Into<String>, comments: &[String]) -> Result<Map, StateError> {
    let mut msg = msg.into();
    if !comments.is_empty() {
        msg.push_str("\n\nChanges already made: ");
        msg.push_str(&format_comments(comments));
    }
    ret.insert("result", Value::Bool(false));
    ret.insert("comment", Value::str(msg));
    Ok(ret)
}

fn neutral(mut ret: Map, comment: impl Into<String>) -> Result<Map, StateError> {
    ret.insert("result", Value::Null);
    ret.insert("comment", Value::str(comment.into()));
    Ok(ret)
}

fn uptodate(
    mut ret: Map,
    target: &str,
    comments: &[String],
    local_changes: bool,
    test: bool,
) -> Result<Map, StateError> {
    let mut c = format!("Repository {target} is up-to-date");
    if local_changes {
        c.push_str(
            ", but with uncommitted changes. Set 'force_reset' to True to purge uncommitted \
             changes.",
        );
    }
    if !comments.is_empty() {
        c.push_str(&format!(
            "\n\nChanges {}made: {}",
            if test { "that would be " } else { "" },
            format_comments(comments)
        ));
    }
    ret.insert("comment", Value::str(c));
    Ok(ret)
}

fn opt_str(call: &StateCall, key: &str) -> Option<String> {
    call.arg(key).map(Value::py_str)
}

fn unsupported(call: &StateCall, ret: &Map, keys: &[&str]) -> Option<String> {
    let _ = ret;
    keys.iter()
        .find(|k| call.arg(k).is_some_and(Value::truthy))
        .map(|k| format!("halite: the git states do not support '{k}' yet"))
}

/// `git.cloned`.
pub fn cloned(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let name_s = name.py_str();
    let ret = new_ret(&name, false);
    if let Some(msg) = unsupported(call, &ret, &["password", "https_user", "https_pass"]) {
        return fail(ret, msg, &[]);
    }
    // `git.clone(identity=identity)`: passed on as given (a string or a list).
    let identity: Vec<String> = match call.arg("identity") {
        None => Vec::new(),
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(v) => vec![v.py_str()],
    };
    let g = Git::for_user(opt_str(call, "user")).with_identity(call, identity);
    let Some(target) = opt_str(call, "target") else {
        return fail(ret, "'target' argument is required", &[]);
    };
    if !target.starts_with('/') {
        return fail(ret, "'target' path must be absolute", &[]);
    }
    let branch = opt_str(call, "branch");
    if branch.as_deref() == Some("") {
        return fail(ret, "Invalid 'branch' argument", &[]);
    }
    let need_clone = !Path::new(&target).exists();
    if !need_clone {
        if let Err(e) = g.run(&["status", "-z", "--porcelain"], Some(&target), false) {
            let msg = if g.missing_user.is_some() {
                e
            } else {
                format!("Command 'git status -z --porcelain' failed: {e}")
            };
            return fail(ret, msg, &[]);
        }
    }
    let with_branch = branch
        .as_ref()
        .map(|b| format!(" with branch '{b}'"))
        .unwrap_or_default();
    let mut ret = ret;
    if need_clone {
        set(&mut ret, "new", Value::str(format!("{name_s} => {target}")));
        if call.test {
            return neutral(
                ret,
                format!("{name_s} would be cloned to {target}{with_branch}"),
            );
        }
        let mut args = vec!["clone"];
        if let Some(b) = &branch {
            args.extend(["--branch", b.as_str()]);
        }
        args.extend(["--", name_s.as_str(), target.as_str()]);
        g.identity_raises()?;
        if let Err(e) = g.run_remote(&args, Some("/tmp"), false) {
            let mut r = ret;
            r.insert("changes", Value::Map(Map::new()));
            return fail(r, format!("Clone failed: {e}"), &[]);
        }
        ret.insert(
            "comment",
            Value::str(format!("{name_s} cloned to {target}{with_branch}")),
        );
        ret.insert("result", Value::Bool(true));
        return Ok(ret);
    }
    let already = |mut ret: Map, branch: Option<&str>| {
        ret.insert("result", Value::Bool(true));
        ret.insert(
            "comment",
            Value::str(format!(
                "Repository already exists at {target}{}",
                branch
                    .map(|b| format!(" and is checked out to branch '{b}'"))
                    .unwrap_or_default()
            )),
        );
        Ok(ret)
    };
    let Some(branch) = branch else {
        return already(ret, None);
    };
    let current = g
        .run(&["rev-parse", "--abbrev-ref", "HEAD"], Some(&target), false)
        .unwrap_or_default();
    if current == branch {
        return already(ret, Some(&branch));
    }
    let mut change = Map::new();
    change.insert("old", Value::str(current.as_str()));
    change.insert("new", Value::str(branch.as_str()));
    if call.test {
        set(&mut ret, "branch", Value::Map(change));
        return neutral(ret, format!("Branch would be changed to '{branch}'"));
    }
    let local = g.ok(&["rev-parse", &branch], &target).is_some();
    let remote_branch = format!("origin/{branch}");
    let args: Vec<&str> = if local {
        vec!["checkout", &branch]
    } else {
        vec!["checkout", "-b", &branch, &remote_branch]
    };
    if let Err(e) = g.run(&args, Some(&target), false) {
        return fail(
            ret,
            format!(
                "Failed to change branch to '{branch}': Command 'git {}' failed: {e}",
                args.join(" ")
            ),
            &[],
        );
    }
    set(&mut ret, "branch", Value::Map(change));
    ret.insert(
        "comment",
        Value::str(format!("Branch changed to '{branch}'")),
    );
    ret.insert("result", Value::Bool(true));
    Ok(ret)
}

#[derive(PartialEq, Clone, Copy)]
enum RevType {
    Sha1,
    Branch,
    Tag,
    None,
}

fn revs_equal(a: &Option<String>, b: &Option<String>, t: RevType) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => {
            if t == RevType::Sha1 {
                a.starts_with(b.as_str())
            } else {
                a == b
            }
        }
        _ => false,
    }
}

/// `git ls-remote URL` as a map of ref name to SHA1, in output order.
fn remote_refs(
    g: &Git,
    url: &str,
    cwd: Option<&str>,
    tags_only: bool,
) -> Result<Vec<(String, String)>, String> {
    let mut args = vec!["ls-remote"];
    if tags_only {
        args.push("--tags");
    }
    args.push(url);
    let out = g.run_remote(&args, cwd, false)?;
    Ok(out
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let sha = it.next()?;
            let name = it.next()?;
            Some((name.to_string(), sha.to_string()))
        })
        .collect())
}

/// `git.latest`.
pub fn latest(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name();
    let name_s = name.py_str();
    let mut ret = new_ret(&name, true);
    let test = call.test;

    const PARAMS: &[&str] = &[
        "name",
        "target",
        "rev",
        "branch",
        "user",
        "password",
        "update_head",
        "force_checkout",
        "force_clone",
        "force_fetch",
        "force_reset",
        "submodules",
        "bare",
        "mirror",
        "remote",
        "fetch_tags",
        "sync_tags",
        "depth",
        "identity",
        "https_user",
        "https_pass",
        "refspec_branch",
        "refspec_tag",
        "output_encoding",
    ];
    let extra = crate::util::extra_kwargs(call.low, PARAMS);
    let extra: Vec<(String, String)> = extra
        .iter()
        .map(|(k, v)| (k.py_str(), v.py_str()))
        .filter(|(k, _)| !k.starts_with("__"))
        .collect();
    if !extra.is_empty() {
        let list: Vec<String> = extra.iter().map(|(k, v)| format!("{k}={v}")).collect();
        return fail(
            ret,
            format!(
                "The following keyword arguments are not valid: {}",
                list.join(", ")
            ),
            &[],
        );
    }
    if let Some(msg) = unsupported(
        call,
        &ret,
        &[
            "password",
            "https_user",
            "https_pass",
            "submodules",
            "bare",
            "mirror",
        ],
    ) {
        return fail(ret, msg, &[]);
    }
    let user = opt_str(call, "user");
    let remote = call
        .low
        .get("remote")
        .cloned()
        .unwrap_or(Value::str("origin"));
    if !remote.truthy() {
        return fail(ret, "'remote' argument is required", &[]);
    }
    let remote = remote.py_str();
    let Some(target) = call.arg("target").filter(|v| v.truthy()).map(Value::py_str) else {
        return fail(ret, "'target' argument is required", &[]);
    };
    let rev_v = call.low.get("rev").cloned().unwrap_or(Value::str("HEAD"));
    if !rev_v.truthy() {
        return fail(
            ret,
            format!(
                "'{}' is not a valid value for the 'rev' argument",
                rev_v.py_str()
            ),
            &[],
        );
    }
    // force_reset: True, False or 'remote-changes'.
    #[derive(PartialEq, Clone, Copy)]
    enum Reset {
        No,
        Yes,
        RemoteChanges,
    }
    let force_reset = match call.low.get("force_reset") {
        None | Some(Value::Bool(false)) => Reset::No,
        Some(Value::Bool(true)) => Reset::Yes,
        Some(Value::Int(0)) => Reset::No,
        Some(Value::Int(1)) => Reset::Yes,
        Some(Value::Str(s)) if &**s == "remote-changes" => Reset::RemoteChanges,
        _ => {
            return fail(
                ret,
                "'force_reset' must be one of True, False, or 'remote-changes'",
                &[],
            )
        }
    };
    let mut rev = rev_v.py_str();
    if !target.starts_with('/') {
        return fail(
            ret,
            format!("target '{target}' is not an absolute path"),
            &[],
        );
    }
    // identity: a string or a list of key files, `~` expanded; a `salt://` key must be in
    // the file roots (`cp.cache_file`), any other must be an absolute path.
    let identity: Vec<String> = match call.arg("identity") {
        None => Vec::new(),
        Some(Value::Str(s)) => vec![expanduser(s)],
        Some(Value::List(l)) => l.iter().map(|v| expanduser(&v.py_str())).collect(),
        Some(_) => return fail(ret, "identity must be either a list or a string", &[]),
    };
    for ident in &identity {
        let mut path = ident.clone();
        if ident.contains("salt://") {
            match call.ctx.file_roots.find(&state_saltenv(call), ident) {
                Some(p) => path = p.to_string_lossy().into_owned(),
                // `cp.cache_file` answers False, and `os.path.isabs(False)` raises.
                None => {
                    return Err(StateError::Other(
                        "TypeError: expected str, bytes or os.PathLike object, not bool".into(),
                    ))
                }
            }
        }
        if !path.starts_with('/') {
            return fail(
                ret,
                format!("identity '{path}' is not an absolute path"),
                &[],
            );
        }
    }
    let g = Git::for_user(user).with_identity(call, identity);
    let branch = opt_str(call, "branch");
    if Path::new(&target).is_file() {
        return fail(
            ret,
            format!("Target '{target}' exists and is a regular file, cannot proceed"),
            &[],
        );
    }
    let update_head = call.flag("update_head", true);
    let force_clone = call.flag("force_clone", false);
    let force_fetch = call.flag("force_fetch", false);
    let fetch_tags = call.flag("fetch_tags", true);
    let sync_tags = call.flag("sync_tags", true);
    let depth = call.arg("depth").map(Value::py_str);
    let refspec_branch = opt_str(call, "refspec_branch").unwrap_or_else(|| "*".into());
    let refspec_tag = opt_str(call, "refspec_tag").unwrap_or_else(|| "*".into());
    let refspecs: Vec<String> = if fetch_tags {
        vec![
            format!("refs/heads/{refspec_branch}:refs/remotes/{remote}/{refspec_branch}"),
            format!("+refs/tags/{refspec_tag}:refs/tags/{refspec_tag}"),
        ]
    } else {
        Vec::new()
    };

    g.identity_raises()?;
    let all_remote_refs = match remote_refs(&g, &name_s, None, false) {
        Ok(r) => r,
        Err(e) => return fail(ret, format!("Failed to check remote refs: {e}"), &[]),
    };
    let lookup = |k: &str| {
        all_remote_refs
            .iter()
            .find(|(n, _)| n == k)
            .map(|(_, s)| s.clone())
    };
    let head_rev = lookup("HEAD");
    let default_branch = head_rev.as_ref().and_then(|h| {
        all_remote_refs
            .iter()
            .find(|(n, s)| n.starts_with("refs/heads/") && s == h)
            .map(|(n, _)| n["refs/heads/".len()..].to_string())
    });
    // desired_upstream: None (follow whatever), Some(False) (none), Some(branch).
    let mut desired_upstream: Option<Option<String>> = Some(None);
    let (remote_rev, rev_type) = if rev == "HEAD" {
        match &head_rev {
            Some(h) => {
                desired_upstream = None;
                (Some(h.clone()), RevType::Sha1)
            }
            None => (None, RevType::None),
        }
    } else if let Some(s) = lookup(&format!("refs/heads/{rev}")) {
        desired_upstream = Some(Some(format!("{remote}/{rev}")));
        (Some(s), RevType::Branch)
    } else if let Some(s) = lookup(&format!("refs/tags/{rev}^{{}}")) {
        (Some(s), RevType::Tag)
    } else if let Some(s) = lookup(&format!("refs/tags/{rev}")) {
        (Some(s), RevType::Tag)
    } else if rev.len() <= 40 && rev.chars().all(|c| c.is_ascii_hexdigit()) {
        rev = rev.to_lowercase();
        (Some(rev.clone()), RevType::Sha1)
    } else {
        (None, RevType::None)
    };
    let desired_upstream_name: Option<String> = desired_upstream.clone().flatten();
    let remote_loc = match (&remote_rev, rev_type) {
        (Some(r), RevType::Sha1) if rev == "HEAD" => {
            format!("remote HEAD ({})", &r[..7.min(r.len())])
        }
        (Some(r), RevType::Sha1) => r.chars().take(7).collect(),
        (Some(r), RevType::Branch) => format!(
            "{} ({})",
            desired_upstream_name.clone().unwrap_or_default(),
            &r[..7.min(r.len())]
        ),
        (Some(r), _) => format!("{rev} ({})", &r[..7.min(r.len())]),
        (None, _) => "None".to_string(),
    };
    if depth.is_some() && !matches!(rev_type, RevType::Branch | RevType::Tag) {
        return fail(
            ret,
            "When 'depth' is used, 'rev' must be set to the name of a branch or tag on the \
             remote repository",
            &[],
        );
    }
    if remote_rev.is_none() && rev != "HEAD" {
        return fail(
            ret,
            format!("No revision matching '{rev}' exists in the remote repository"),
            &[],
        );
    }

    let mut comments: Vec<String> = Vec::new();
    if Path::new(&format!("{target}/.git")).is_dir() {
        let t = target.as_str();
        let all_local_tags: std::collections::BTreeSet<String> = g
            .ok(&["tag"], t)
            .map(|o| o.lines().map(str::to_string).collect())
            .unwrap_or_default();
        let local_rev = g.ok(&["rev-parse", "HEAD"], t);
        let local_branch = g.ok(&["rev-parse", "--abbrev-ref", "HEAD"], t);
        if remote_rev.is_none() && local_rev.is_some() {
            return fail(
                ret,
                "Remote repository is empty, cannot update from a non-empty to an empty \
                 repository",
                &[],
            );
        }
        let all_local_branches: Vec<String> = g
            .ok(
                &[
                    "for-each-ref",
                    "--format",
                    "%(refname:short)",
                    "refs/heads/",
                ],
                t,
            )
            .map(|o| o.lines().map(str::to_string).collect())
            .unwrap_or_default();
        let need_branch_change = branch.is_some() && branch != local_branch;
        let branch_is_local = branch
            .as_ref()
            .is_some_and(|b| all_local_branches.contains(b));
        let mut base_rev = local_rev.clone();
        let mut base_branch = local_branch.clone();
        if need_branch_change {
            let b = branch.clone().unwrap_or_default();
            if !branch_is_local {
                // A new branch: it starts at the remote rev.
                base_rev = remote_rev.clone();
            } else {
                base_branch = Some(b.clone());
                match g.run(&["rev-parse", &format!("{b}^{{commit}}")], Some(t), false) {
                    Ok(r) => base_rev = Some(r),
                    Err(e) => {
                        return fail(
                            ret,
                            format!("Unable to get position of local branch '{b}': {e}"),
                            &comments,
                        )
                    }
                }
            }
        }
        let fetch_url = g.ok(&["remote", "--verbose"], t).and_then(|o| {
            o.lines().find_map(|l| {
                let mut it = l.split_whitespace();
                let (r, url, kind) = (it.next()?, it.next()?, it.next()?);
                (r == remote && kind == "(fetch)").then(|| url.to_string())
            })
        });
        let revs_match = revs_equal(&local_rev, &remote_rev, rev_type);
        let local_changes = g.ok(&["diff", "HEAD"], t).is_some_and(|d| !d.is_empty());
        if local_changes && revs_match {
            if force_reset == Reset::Yes {
                let msg = format!(
                    "{target} is up-to-date, but with uncommitted changes. Since 'force_reset' \
                     is set to True, these local changes would be reset. To only reset when \
                     there are changes in the remote repository, set 'force_reset' to \
                     'remote-changes'."
                );
                if test {
                    set(&mut ret, "forced update", Value::Bool(true));
                    return neutral(ret, msg);
                }
            } else {
                return uptodate(ret, &target, &comments, local_changes, test);
            }
        }
        let mut has_remote_rev = false;
        if let Some(rr) = &remote_rev {
            if rev_type == RevType::Sha1
                && base_rev
                    .as_ref()
                    .is_some_and(|b| b.starts_with(rr.as_str()))
            {
                has_remote_rev = true;
            } else if g
                .ok(&["rev-parse", &format!("{rr}^{{commit}}")], t)
                .is_some()
            {
                match rev_type {
                    RevType::Branch => {
                        if let Some(up) = &desired_upstream_name {
                            if g.ok(&["rev-parse", up], t).as_ref() == Some(rr) {
                                has_remote_rev = true;
                            }
                        }
                    }
                    RevType::Tag => {
                        if all_local_tags.contains(&rev) {
                            let local_tag = g.ok(&["rev-parse", &format!("{rev}^{{commit}}")], t);
                            if local_tag.as_ref() == Some(rr) {
                                has_remote_rev = true;
                            } else if force_reset == Reset::No {
                                return fail(
                                    ret,
                                    format!(
                                        "'{rev}' is a tag, but the remote SHA1 for this tag ({}) \
                                         doesn't match the local SHA1 ({}). Set 'force_reset' to \
                                         True to force this update.",
                                        short(&remote_rev),
                                        short(&local_tag)
                                    ),
                                    &[],
                                );
                            }
                        }
                    }
                    RevType::Sha1 => has_remote_rev = true,
                    RevType::None => {}
                }
            }
        }
        let mut fast_forward: Option<bool> = if local_changes && force_reset != Reset::RemoteChanges
        {
            Some(false)
        } else {
            None
        };
        let is_ancestor = |a: &str, b: &str| {
            g.run(&["merge-base", "--is-ancestor", a, b], Some(t), false)
                .is_ok()
        };
        let head_not_updated = |local: &Option<String>| {
            format!(
                "{} is already present and local HEAD ({}) does not match, but \
                 update_head=False. HEAD has not been updated locally.",
                if rev == "HEAD" {
                    capitalize(&remote_loc)
                } else {
                    remote_loc.clone()
                },
                short(local)
            )
        };
        if has_remote_rev {
            if !revs_match && !update_head {
                ret.insert("comment", Value::str(head_not_updated(&local_rev)));
                return Ok(ret);
            }
            if fast_forward != Some(false) {
                fast_forward = Some(match &base_rev {
                    None => true,
                    Some(b) => is_ancestor(b, remote_rev.as_deref().unwrap_or_default()),
                });
            }
        }
        let not_ff =
            |ret: Map, comments: &[String]| {
                let mut branch_msg = String::new();
                if branch.is_none() {
                    if rev != "HEAD" {
                        if local_branch.as_deref() != Some(rev.as_str()) {
                            branch_msg = format!(
                            " The desired rev ({rev}) differs from the name of the local branch \
                             ({}), if the desired rev is a branch name then a forced update \
                             could possibly be avoided by setting the 'branch' argument to \
                             '{rev}' instead.",
                            local_branch.clone().unwrap_or_else(|| "None".into())
                        );
                        }
                    } else if let Some(db) = &default_branch {
                        if local_branch.as_deref() != Some(db.as_str()) {
                            branch_msg = format!(
                                " The default remote branch ({db}) differs from the local branch \
                             ({0}). This could be caused by changing the default remote branch, \
                             or if the local branch was manually changed. Rather than forcing an \
                             update, it may be advisable to set the 'branch' argument to '{db}' \
                             instead. To ensure that this state follows the '{db}' branch \
                             instead of the remote HEAD, set the 'rev' argument to '{db}'.",
                                local_branch.clone().unwrap_or_else(|| "None".into())
                            );
                        }
                    }
                }
                let pre = short(&base_rev);
                let post = short(&remote_rev);
                fail(
                    ret,
                    format!(
                    "Repository would be updated {}, but {}. Set 'force_reset' to True{} to force \
                     this update{}.{}",
                    if local_changes && pre != post {
                        format!("from {pre} to {post}")
                    } else {
                        format!("to {post}")
                    },
                    if local_changes {
                        "there are uncommitted changes"
                    } else {
                        "this is not a fast-forward merge"
                    },
                    if local_changes { " (or 'remote-changes')" } else { "" },
                    if local_changes { " and discard these changes" } else { "" },
                    branch_msg
                ),
                    comments,
                )
            };
        if fast_forward == Some(false) && force_reset == Reset::No {
            return not_ff(ret, &comments);
        }
        let merge_action = match fast_forward {
            Some(false) => "hard-reset",
            Some(true) => "fast-forwarded",
            None => "updated",
        };
        // upstream: None without a local branch, Some(None) when unset.
        let upstream: Option<Option<String>> = base_branch.as_ref().map(|b| {
            g.ok(
                &["rev-parse", "--abbrev-ref", &format!("{b}@{{upstream}}")],
                t,
            )
        });
        let upstream_set = matches!(&upstream, Some(Some(_)));
        let upstream_name = upstream.clone().flatten();
        if remote_rev.is_some() && fetch_url.as_deref() != Some(name_s.as_str()) {
            let old_url = fetch_url.clone().unwrap_or_else(|| "None".into());
            if test {
                let mut actions = vec![format!(
                    "Remote '{remote}' would be changed from {old_url} to {name_s}"
                )];
                if !has_remote_rev {
                    actions.push("Remote would be fetched".into());
                }
                if !revs_match && update_head {
                    set_revision(&mut ret, local_rev.clone(), remote_rev.clone());
                    if fast_forward == Some(false) {
                        set(&mut ret, "forced update", Value::Bool(true));
                    }
                    actions.push(format!(
                        "Repository would be {merge_action} to {}",
                        short(&remote_rev)
                    ));
                }
                let changed = ret
                    .get("changes")
                    .and_then(Value::as_map)
                    .is_some_and(|m| !m.is_empty());
                if changed {
                    return neutral(ret, format_comments(&actions));
                }
                if !revs_match && !update_head {
                    ret.insert("comment", Value::str(format_comments(&actions)));
                    return Ok(ret);
                }
                return uptodate(ret, &target, &actions, false, test);
            }
            // git.remote_set: the remote is removed and added again.
            if fetch_url.is_some() {
                if let Err(e) = g.run(&["remote", "rm", &remote], Some(t), false) {
                    return fail(ret, e, &comments);
                }
            }
            if let Err(e) = g.run(&["remote", "add", &remote, &name_s], Some(t), false) {
                return fail(ret, e, &comments);
            }
            if fetch_url.is_none() {
                comments.push(format!("Remote '{remote}' set to {name_s}"));
                set(&mut ret, "new", Value::str(format!("{name_s} => {remote}")));
            } else {
                comments.push(format!(
                    "Remote '{remote}' changed from {old_url} to {name_s}"
                ));
            }
        }
        if remote_rev.is_some() {
            if test {
                let mut actions = Vec::new();
                if !has_remote_rev {
                    actions.push(format!("Remote '{remote}' would be fetched"));
                }
                if !revs_match && (update_head || need_branch_change) {
                    set_revision(&mut ret, local_rev.clone(), remote_rev.clone());
                }
                if need_branch_change {
                    let b = branch.clone().unwrap_or_default();
                    if !branch_is_local {
                        actions.push(format!(
                            "New branch '{b}' would be checked out, with {remote_loc} as a \
                             starting point"
                        ));
                        if let Some(Some(d)) = &desired_upstream {
                            actions.push(format!("Tracking branch would be set to {d}"));
                        }
                    } else {
                        actions.push(format!(
                            "Branch '{b}' would be checked out and {merge_action} to {}",
                            short(&remote_rev)
                        ));
                    }
                } else if !revs_match {
                    if update_head {
                        if fast_forward == Some(true) {
                            actions.push(format!(
                                "Repository would be fast-forwarded from {} to {}",
                                short(&local_rev),
                                short(&remote_rev)
                            ));
                        } else {
                            actions.push(format!(
                                "Repository would be {} from {} to {}",
                                if force_reset != Reset::No && has_remote_rev {
                                    "hard-reset"
                                } else {
                                    "updated"
                                },
                                short(&local_rev),
                                short(&remote_rev)
                            ));
                        }
                    } else {
                        actions.push(format!(
                            "Local HEAD ({}) does not match {remote_loc} but update_head=False, \
                             HEAD would not be updated locally",
                            short(&local_rev)
                        ));
                    }
                }
                match &desired_upstream {
                    Some(Some(d)) if !upstream_set => {
                        actions.push(format!("Tracking branch would be set to {d}"))
                    }
                    Some(None) if upstream_set => {
                        actions.push("Tracking branch would be unset".to_string())
                    }
                    Some(Some(d)) if upstream_name.as_ref() != Some(d) => {
                        actions.push(format!("Tracking branch would be updated to {d}"))
                    }
                    _ => {}
                }
                let changed = ret
                    .get("changes")
                    .and_then(Value::as_map)
                    .is_some_and(|m| !m.is_empty());
                if changed {
                    return neutral(ret, format_comments(&actions));
                }
                let formatted = format_comments(&actions);
                if !revs_match && !update_head && !formatted.is_empty() {
                    ret.insert("comment", Value::str(formatted));
                    return Ok(ret);
                }
                return uptodate(ret, &target, &actions, false, test);
            }
            let (upstream_action, branch_opts): (String, Option<Vec<String>>) =
                match &desired_upstream {
                    Some(Some(d)) if !upstream_set => (
                        format!("Tracking branch was set to {d}"),
                        Some(vec!["--set-upstream-to".into(), d.clone()]),
                    ),
                    Some(None) if upstream_set => (
                        "Tracking branch was unset".into(),
                        Some(vec!["--unset-upstream".into()]),
                    ),
                    Some(Some(d)) if upstream_name.as_ref() != Some(d) => (
                        format!("Tracking branch was updated to {d}"),
                        Some(vec!["--set-upstream-to".into(), d.clone()]),
                    ),
                    _ => (String::new(), None),
                };
            // _get_branch_opts: a branch the checkout creates gets its upstream from it.
            let branch_opts = if branch.is_some() && !branch_is_local {
                None
            } else {
                branch_opts
            };
            if branch_opts.is_some() && local_branch.is_none() {
                return fail(
                    ret,
                    "Cannot set/unset upstream tracking branch, local HEAD refers to nonexistent \
                     branch. This may have been caused by cloning a remote repository for which \
                     the default branch was renamed or deleted. If you are unable to fix the \
                     remote repository, you can work around this by setting the 'branch' \
                     argument (which will ensure that the named branch is created if it does \
                     not already exist).",
                    &comments,
                );
            }
            let remote_tags: std::collections::BTreeSet<String> =
                remote_refs(&g, &remote, Some(t), true)
                    .unwrap_or_default()
                    .into_iter()
                    .map(|(n, _)| n.trim_start_matches("refs/tags/").to_string())
                    .filter(|n| !n.contains("^{}"))
                    .collect();
            if all_local_tags != remote_tags {
                has_remote_rev = false;
                let new_tags: Vec<String> = remote_tags
                    .difference(&all_local_tags)
                    .map(|s| Value::str(s.as_str()).py_repr())
                    .collect();
                if !new_tags.is_empty() {
                    // A Python set, which Salt's JSON outputter prints as its repr (in set
                    // order, which varies; halite sorts).
                    set(
                        &mut ret,
                        "new_tags",
                        Value::str(format!("{{{}}}", new_tags.join(", "))),
                    );
                }
                let deleted: Vec<String> =
                    all_local_tags.difference(&remote_tags).cloned().collect();
                if sync_tags && !deleted.is_empty() {
                    let mut done = Vec::new();
                    for tag in deleted {
                        if g.run(&["tag", "-d", &tag], Some(t), false).is_ok() {
                            done.push(tag);
                        }
                    }
                    if !done.is_empty() {
                        comments.push(format!(
                            "The following tags were removed from the local checkout: {}",
                            done.join(", ")
                        ));
                        set(
                            &mut ret,
                            "deleted_tags",
                            Value::List(
                                done.iter()
                                    .map(|s| Value::str(s.as_str()))
                                    .collect::<Vec<_>>()
                                    .into(),
                            ),
                        );
                    }
                }
            }
            if !has_remote_rev {
                let mut args: Vec<String> = vec!["fetch".into()];
                if force_fetch {
                    args.push("--force".into());
                }
                args.push(remote.clone());
                args.extend(refspecs.iter().cloned());
                let argv: Vec<&str> = args.iter().map(String::as_str).collect();
                match g.run_remote(&argv, Some(t), true) {
                    Err(e) => {
                        return fail(
                            ret,
                            format!(
                                "Fetch failed. Set 'force_fetch' to True to force the fetch if \
                                 the failure was due to not being able to fast-forward. Output \
                                 of the fetch command follows:\n\n{e}"
                            ),
                            &comments,
                        )
                    }
                    Ok(out) => {
                        if fetch_updated_refs(&out) {
                            comments
                                .push(format!("{name_s} was fetched, resulting in updated refs"));
                        }
                    }
                }
                let rr = remote_rev.clone().unwrap_or_default();
                if let Err(e) = g.run(&["rev-parse", &format!("{rr}^{{commit}}")], Some(t), false) {
                    return fail(
                        ret,
                        format!(
                            "Fetch did not successfully retrieve rev '{rev}' from {name_s}: \
                             Command 'git rev-parse {rr}^{{commit}}' failed: {e}"
                        ),
                        &[],
                    );
                }
                if !revs_match && !update_head {
                    ret.insert("comment", Value::str(head_not_updated(&local_rev)));
                    return Ok(ret);
                }
                fast_forward = Some(match &base_rev {
                    None => true,
                    Some(b) => is_ancestor(b, &rr),
                });
                if (fast_forward == Some(false) && force_reset == Reset::No)
                    || (fast_forward == Some(true) && local_changes && force_reset == Reset::No)
                {
                    return not_ff(ret, &comments);
                }
            }
            let rr = remote_rev.clone().unwrap_or_default();
            let run = |args: &[&str]| -> Result<String, String> { g.run(args, Some(t), false) };
            let step = |res: Result<String, String>, args: &[&str]| -> Result<(), String> {
                res.map(|_| ())
                    .map_err(|e| format!("Command 'git {}' failed: {e}", args.join(" ")))
            };
            if need_branch_change && local_changes && !call.flag("force_checkout", false) {
                return fail(
                    ret,
                    format!(
                        "Local branch '{}' has uncommitted changes. Set 'force_checkout' to True \
                         to discard them and proceed.",
                        local_branch.clone().unwrap_or_else(|| "None".into())
                    ),
                    &[],
                );
            }
            let outcome: Result<(), String> = (|| {
                if need_branch_change {
                    let b = branch.clone().unwrap_or_default();
                    let (checkout_rev, new_branch) = if !branch_is_local {
                        let r = if rev == "HEAD" {
                            rr.clone()
                        } else {
                            desired_upstream_name.clone().unwrap_or_else(|| rev.clone())
                        };
                        (r, true)
                    } else {
                        (b.clone(), false)
                    };
                    let mut args = vec!["checkout"];
                    if call.flag("force_checkout", false) {
                        args.push("--force");
                    }
                    if new_branch {
                        args.extend(["-b", b.as_str()]);
                    }
                    args.push(checkout_rev.as_str());
                    step(run(&args), &args)?;
                    if new_branch {
                        comments.push(format!(
                            "New branch '{b}' was checked out, with {remote_loc} as a starting point"
                        ));
                    } else {
                        comments.push(format!("'{checkout_rev}' was checked out"));
                    }
                }
                if fast_forward == Some(false) {
                    step(run(&["reset", "--hard", &rr]), &["reset", "--hard", &rr])?;
                    set(&mut ret, "forced update", Value::Bool(true));
                    if local_changes {
                        comments.push("Uncommitted changes were discarded".into());
                    }
                    comments.push(format!("Repository was hard-reset to {remote_loc}"));
                } else if fast_forward == Some(true) && local_changes && force_reset != Reset::No {
                    step(run(&["checkout", "--", "."]), &["checkout", "--", "."])?;
                    comments.push("Uncommitted changes were discarded".into());
                }
                if let Some(opts) = &branch_opts {
                    let mut args = vec!["branch"];
                    args.extend(opts.iter().map(String::as_str));
                    step(run(&args), &args)?;
                    comments.push(upstream_action.clone());
                }
                if fast_forward == Some(true) && !revs_equal(&base_rev, &remote_rev, rev_type) {
                    if desired_upstream_name.is_some() || rev == "HEAD" {
                        if run(&["symbolic-ref", "--quiet", "HEAD"]).is_ok() {
                            step(
                                run(&["merge", "--ff-only", &rr]),
                                &["merge", "--ff-only", &rr],
                            )?;
                            comments.push(format!("Repository was fast-forwarded to {remote_loc}"));
                        } else {
                            return Err("Unable to fast-forward, HEAD is detached".into());
                        }
                    } else {
                        let to = if rev == "HEAD" {
                            rr.clone()
                        } else {
                            rev.clone()
                        };
                        step(run(&["reset", "--hard", &to]), &["reset", "--hard", &to])?;
                        comments.push(format!("Repository was reset to {rev} (fast-forward)"));
                    }
                }
                Ok(())
            })();
            if let Err(e) = outcome {
                let e = strip_exc(&e);
                return fail(ret, e, &comments);
            }
        }
        let new_rev = g.ok(&["rev-parse", "HEAD"], t);
        if !revs_equal(&new_rev, &remote_rev, rev_type) {
            return fail(ret, "Failed to update repository", &comments);
        }
        if local_rev != new_rev {
            ret.insert("comment", Value::str(format_comments(&comments)));
            set_revision(&mut ret, local_rev, new_rev);
            return Ok(ret);
        }
        return uptodate(ret, &target, &comments, false, test);
    }

    // Not a git checkout: clone.
    if Path::new(&target).is_dir() {
        let contents: Vec<_> = std::fs::read_dir(&target)
            .map(|rd| rd.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        if force_clone {
            if test {
                set(&mut ret, "forced clone", Value::Bool(true));
                set(&mut ret, "new", Value::str(format!("{name_s} => {target}")));
                return neutral(
                    ret,
                    format!(
                        "Target directory {target} exists. Since force_clone=True, the contents \
                         of {target} would be deleted, and {name_s} would be cloned into this \
                         directory."
                    ),
                );
            }
            for p in contents {
                let r = if p.is_dir() && !p.is_symlink() {
                    std::fs::remove_dir_all(&p)
                } else {
                    std::fs::remove_file(&p)
                };
                if let Err(e) = r {
                    return fail(
                        ret,
                        format!("Unable to remove\n  {}\n    {e}", p.display()),
                        &comments,
                    );
                }
            }
            set(&mut ret, "forced clone", Value::Bool(true));
        } else if !contents.is_empty() {
            return fail(
                ret,
                format!(
                    "Target '{target}' exists, is non-empty and is not a git repository. Set the \
                     'force_clone' option to True to remove this directory's contents and \
                     proceed with cloning the remote repository"
                ),
                &[],
            );
        }
    }
    if test {
        set(&mut ret, "new", Value::str(format!("{name_s} => {target}")));
        return neutral(
            ret,
            format!("Repository {name_s} would be cloned to {target}"),
        );
    }
    let mut args: Vec<String> = vec!["clone".into()];
    if remote != "origin" {
        args.extend(["--origin".into(), remote.clone()]);
    }
    if let Some(d) = &depth {
        args.extend(["--depth".into(), d.clone(), "--branch".into(), rev.clone()]);
    }
    args.extend(["--".into(), name_s.clone(), target.clone()]);
    let argv: Vec<&str> = args.iter().map(String::as_str).collect();
    if let Err(e) = g.run_remote(&argv, Some("/tmp"), false) {
        return fail(ret, format!("Clone failed: {e}"), &comments);
    }
    set(&mut ret, "new", Value::str(format!("{name_s} => {target}")));
    comments.push(format!("{name_s} cloned to {target}"));
    let t = target.as_str();
    if remote_rev.is_none() {
        if rev != "HEAD" {
            return fail(
                ret,
                format!(
                    "Repository was cloned but is empty, so {remote}/{rev} cannot be checked out"
                ),
                &comments,
            );
        }
    } else {
        let rr = remote_rev.clone().unwrap_or_default();
        if rev_type == RevType::Tag {
            let tags = g.ok(&["tag"], t).unwrap_or_default();
            if !tags.lines().any(|l| l == rev) {
                return fail(
                    ret,
                    format!("Revision '{rev}' does not exist in clone"),
                    &comments,
                );
            }
        }
        let list_branches = || -> Vec<String> {
            g.ok(
                &[
                    "for-each-ref",
                    "--format",
                    "%(refname:short)",
                    "refs/heads/",
                ],
                t,
            )
            .map(|o| o.lines().map(str::to_string).collect())
            .unwrap_or_default()
        };
        if let Some(b) = &branch {
            if !list_branches().contains(b) {
                let checkout_rev = if rev == "HEAD" {
                    rr.clone()
                } else {
                    desired_upstream_name.clone().unwrap_or_else(|| rev.clone())
                };
                if let Err(e) = g.run(&["checkout", "-b", b, &checkout_rev], Some(t), false) {
                    return fail(ret, e, &comments);
                }
                comments.push(format!(
                    "Branch '{b}' checked out, with {remote_loc} as a starting point"
                ));
            }
        }
        let local_rev = g.ok(&["rev-parse", "HEAD"], t);
        let local_branch = g.ok(&["rev-parse", "--abbrev-ref", "HEAD"], t);
        if local_branch.is_none() && lookup("HEAD").is_none() {
            return fail(
                ret,
                "Remote HEAD refers to a ref that does not exist. This can happen when the \
                 default branch on the remote repository is renamed or deleted. If you are \
                 unable to fix the remote repository, you can work around this by setting the \
                 'branch' argument (which will ensure that the named branch is created if it \
                 does not already exist).",
                &comments,
            );
        }
        if !revs_equal(&local_rev, &remote_rev, rev_type) {
            if let Err(e) = g.run(&["reset", "--hard", &rr], Some(t), false) {
                return fail(ret, e, &comments);
            }
            comments.push(format!("Repository was reset to {remote_loc}"));
        }
        let lb = local_branch.clone().unwrap_or_else(|| "None".into());
        let upstream = g.ok(
            &["rev-parse", "--abbrev-ref", &format!("{lb}@{{upstream}}")],
            t,
        );
        let opts: Option<(String, Vec<String>)> = match &desired_upstream {
            Some(Some(d)) if upstream.is_none() => {
                branch_opts(&branch, &list_branches()).then(|| {
                    (
                        format!("Tracking branch was set to {d}"),
                        vec!["--set-upstream-to".into(), d.clone()],
                    )
                })
            }
            Some(None) if upstream.is_some() => Some((
                "Tracking branch was unset".into(),
                vec!["--unset-upstream".into()],
            )),
            Some(Some(d)) if upstream.as_ref() != Some(d) => branch_opts(&branch, &list_branches())
                .then(|| {
                    (
                        format!("Tracking branch was updated to {d}"),
                        vec!["--set-upstream-to".into(), d.clone()],
                    )
                }),
            _ => None,
        };
        if let Some((action, opts)) = opts {
            let mut args = vec!["branch"];
            args.extend(opts.iter().map(String::as_str));
            if let Err(e) = g.run(&args, Some(t), false) {
                return fail(ret, e, &comments);
            }
            comments.push(action);
        }
    }
    let new_rev = g.ok(&["rev-parse", "HEAD"], t);
    ret.insert("comment", Value::str(format_comments(&comments)));
    if let Some(n) = new_rev {
        let mut m = Map::new();
        m.insert("old", Value::Null);
        m.insert("new", Value::str(n));
        set(&mut ret, "revision", Value::Map(m));
    }
    Ok(ret)
}

/// `_get_branch_opts`: whether upstream is set with `git branch` (not when the branch is
/// about to be created by a checkout, which sets it).
fn branch_opts(branch: &Option<String>, local_branches: &[String]) -> bool {
    match branch {
        Some(b) => local_branches.contains(b),
        None => true,
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + &c.as_str().to_lowercase(),
        None => String::new(),
    }
}

/// `_strip_exc`: drops the "Command '...' failed: " prefix.
fn strip_exc(e: &str) -> String {
    if let Some(rest) = e.strip_prefix("Command '") {
        if let Some(i) = rest.find("' failed: ") {
            return rest[i + "' failed: ".len()..].to_string();
        }
    }
    e.to_string()
}

/// Whether `git fetch` output names an updated or new ref (Salt's `git.fetch` return).
fn fetch_updated_refs(out: &str) -> bool {
    let re = regex::Regex::new(
        r"^[\s*]*(?:([0-9a-f]+)\.\.([0-9a-f]+)|\[(?:new (tag|branch)|tag update)\])\s+(.+)->",
    );
    match re {
        Ok(re) => out.lines().any(|l| re.is_match(l)),
        Err(_) => false,
    }
}

/// The config states' `ret`: `{"name", "changes", "result", "comment"}` in that order.
fn config_ret(name: &Value, comment: &str) -> Map {
    let mut m = Map::new();
    m.insert("name", name.clone());
    m.insert("changes", Value::Map(Map::new()));
    m.insert("result", Value::Bool(true));
    m.insert("comment", Value::str(comment));
    m
}

/// An execution function's exception the git states do not catch.
fn raised(e: ExecError) -> StateError {
    match e {
        ExecError::Command(m) => StateError::Command(m),
        ExecError::Failed(m) => StateError::Invocation(m),
        ExecError::NotAvailable(f) => StateError::Other(format!("KeyError: '{f}'")),
    }
}

/// The `git.config_*` states' `**kwargs`: `clean_kwargs`, then `global` and `own` popped;
/// the rest is `invalid_kwargs`' message.
fn config_kwargs(call: &StateCall, params: &[&str], own: &[&str]) -> Result<(Value, Map), String> {
    let mut global = Value::Bool(false);
    let mut taken = Map::new();
    let mut invalid = Vec::new();
    for (k, v) in crate::util::extra_kwargs(call.low, params).iter() {
        let key = k.py_str();
        if key.starts_with("__") {
            continue;
        }
        if key == "global" {
            global = v.clone();
        } else if own.contains(&key.as_str()) {
            taken.insert(key.as_str(), v.clone());
        } else {
            invalid.push(format!("{key}={}", v.py_str()));
        }
    }
    if invalid.is_empty() {
        Ok((global, taken))
    } else {
        Err(format!(
            "The following keyword arguments are not valid: {}",
            invalid.join(", ")
        ))
    }
}

/// The keyword arguments every `git.config_*` call of the states passes on.
fn config_call_kwargs(call: &StateCall, global: &Value) -> Map {
    let mut kw = Map::new();
    kw.insert("cwd", call.low.get("repo").cloned().unwrap_or(Value::Null));
    for k in ["user", "password"] {
        kw.insert(k, call.low.get(k).cloned().unwrap_or(Value::Null));
    }
    kw.insert(
        "output_encoding",
        call.low
            .get("output_encoding")
            .cloned()
            .unwrap_or(Value::Null),
    );
    kw.insert("global", global.clone());
    kw
}

fn exec_git(call: &StateCall, fun: &str, kw: Map) -> Result<Value, ExecError> {
    call.exec.call(call.ctx, fun, &Args::new(Vec::new(), kw))
}

/// `git.config_set(name, value=None, multivar=None, repo=None, user=None, password=None,
/// output_encoding=None, **kwargs)`.
pub fn config_set(call: &StateCall) -> Result<Map, StateError> {
    const PARAMS: &[&str] = &[
        "name",
        "value",
        "multivar",
        "repo",
        "user",
        "password",
        "output_encoding",
    ];
    let name_v = call.name();
    let mut ret = config_ret(&name_v, "");
    let value = call.arg("value");
    let multivar = call.arg("multivar");
    if value.is_some() && multivar.is_some() {
        return fail(ret, "Only one of 'value' and 'multivar' is permitted", &[]);
    }
    let (global, _) = match config_kwargs(call, PARAMS, &[]) {
        Ok(k) => k,
        Err(msg) => return fail(ret, msg, &[]),
    };
    let is_global = global.truthy();
    if !is_global && !call.low.get("repo").is_some_and(Value::truthy) {
        return fail(
            ret,
            "Non-global config options require the 'repo' argument to be set",
            &[],
        );
    }
    let name = name_v.py_str();
    // (value_comment, desired, the value or multivar passed on)
    let wanted: Option<(String, Vec<String>)> = match (value, multivar) {
        (Some(v), _) => {
            let v = v.py_str();
            Some((format!("'{v}'"), vec![v]))
        }
        (None, Some(m)) => {
            let list = halite_exec::git_multivar(m);
            let repr = Value::from(
                list.iter()
                    .map(|s| Value::str(s.as_str()))
                    .collect::<Vec<_>>(),
            )
            .py_repr();
            Some((repr, list))
        }
        (None, None) => None,
    };
    let mut kw = config_call_kwargs(call, &global);
    kw.insert("key", Value::str(name.as_str()));
    kw.insert("ignore_retcode", Value::Bool(true));
    kw.insert("all", Value::Bool(true));
    let pre = exec_git(call, "git.config_get", kw).map_err(raised)?;
    let Some((value_comment, desired)) = wanted else {
        return Err(StateError::Other(
            "UnboundLocalError: cannot access local variable 'desired' where it is not \
             associated with a value"
                .into(),
        ));
    };
    let desired_v = Value::from(
        desired
            .iter()
            .map(|s| Value::str(s.as_str()))
            .collect::<Vec<_>>(),
    );
    let global_key = if is_global { "Global key " } else { "" };
    if desired_v == pre {
        ret.insert(
            "comment",
            Value::str(format!(
                "{global_key}'{name}' is already set to {value_comment}"
            )),
        );
        return Ok(ret);
    }
    let verb = |done: &str| {
        if pre.is_null() {
            format!("{done} added as")
        } else {
            format!("{done} set to")
        }
    };
    if call.test {
        let mut ch = Map::new();
        ch.insert("old", pre.clone());
        ch.insert("new", desired_v);
        ret.insert("changes", Value::Map(ch));
        return neutral(
            ret,
            format!("{global_key}'{name}' {} {value_comment}", verb("would be")),
        );
    }
    let mut kw = config_call_kwargs(call, &global);
    kw.insert("key", Value::str(name.as_str()));
    kw.insert(
        "value",
        value.map(|v| Value::str(v.py_str())).unwrap_or(Value::Null),
    );
    kw.insert(
        "multivar",
        if value.is_none() {
            desired_v.clone()
        } else {
            Value::Null
        },
    );
    let lower_global = if is_global { "global key " } else { "" };
    let post = match exec_git(call, "git.config_set", kw) {
        Ok(v) => v,
        Err(ExecError::Command(e)) => {
            return fail(
                ret,
                format!(
                    "Failed to set {lower_global}'{name}' to {value_comment}: {}",
                    strip_exc(&e)
                ),
                &[],
            )
        }
        Err(e) => return Err(raised(e)),
    };
    if pre != post {
        let mut ch = Map::new();
        ch.insert("old", pre.clone());
        ch.insert("new", post.clone());
        set(&mut ret, &name, Value::Map(ch));
    }
    if post != desired_v {
        return fail(
            ret,
            format!("Failed to set {lower_global}'{name}' to {value_comment}"),
            &[],
        );
    }
    ret.insert(
        "comment",
        Value::str(format!(
            "{global_key}'{name}' {} {value_comment}",
            verb("was")
        )),
    );
    Ok(ret)
}

/// `{key: [values]}` as Salt lists it in messages: `key (v1, v2)`.
fn key_values(k: &Value, v: &Value) -> String {
    let vals: Vec<String> = match v {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        other => vec![other.py_str()],
    };
    format!("{} ({})", k.py_str(), vals.join(", "))
}

fn list_len(v: &Value) -> usize {
    match v {
        Value::List(l) => l.len(),
        _ => 0,
    }
}

/// `git.config_unset(name, value_regex=None, repo=None, user=None, password=None,
/// output_encoding=None, **kwargs)` with `global` and `all`.
pub fn config_unset(call: &StateCall) -> Result<Map, StateError> {
    const PARAMS: &[&str] = &[
        "name",
        "value_regex",
        "repo",
        "user",
        "password",
        "output_encoding",
    ];
    let name_v = call.name();
    let mut ret = config_ret(&name_v, "No matching keys are set");
    let (global, own) = match config_kwargs(call, PARAMS, &["all"]) {
        Ok(k) => k,
        Err(msg) => return fail(ret, msg, &[]),
    };
    let all = own.get("all").cloned().unwrap_or(Value::Bool(false));
    if !global.truthy() && !call.low.get("repo").is_some_and(Value::truthy) {
        return fail(
            ret,
            "Non-global config options require the 'repo' argument to be set",
            &[],
        );
    }
    let name = name_v.py_str();
    let value_regex = call.arg("value_regex").map(|v| Value::str(v.py_str()));
    // The key regex must match the whole key name.
    let key = format!("^{}$", name.trim_start_matches('^').trim_end_matches('$'));
    let get_regexp = |value_regex: Option<&Value>| -> Result<Map, StateError> {
        let mut kw = config_call_kwargs(call, &global);
        kw.insert("key", Value::str(key.as_str()));
        kw.insert("value_regex", value_regex.cloned().unwrap_or(Value::Null));
        kw.insert("ignore_retcode", Value::Bool(true));
        match exec_git(call, "git.config_get_regexp", kw).map_err(raised)? {
            Value::Map(m) => Ok(m),
            _ => Ok(Map::new()),
        }
    };
    let pre_matches = get_regexp(value_regex.as_ref())?;
    if pre_matches.is_empty() {
        return Ok(ret);
    }
    if !all.truthy() {
        let greedy: Vec<String> = pre_matches
            .iter()
            .filter(|(_, v)| list_len(v) > 1)
            .map(|(k, v)| key_values(k, v))
            .collect();
        if !greedy.is_empty() {
            let msg = if value_regex.is_some() {
                format!(
                    "Multiple values are matched by value_regex for the following keys (set \
                     'all' to True to force removal): {}",
                    greedy.join("; ")
                )
            } else {
                format!(
                    "Multivar(s) matched by the key expression (set 'all' to True to force \
                     removal): {}",
                    greedy.join("; ")
                )
            };
            return fail(ret, msg, &[]);
        }
    }
    if call.test {
        let n = pre_matches.len();
        ret.insert("changes", Value::Map(pre_matches));
        return neutral(ret, format!("{n} key(s) would have value(s) unset"));
    }
    let pre = if value_regex.is_none() {
        pre_matches.clone()
    } else {
        get_regexp(None)?
    };
    let mut failed = Vec::new();
    for (key_name, _) in pre_matches.iter() {
        let mut kw = config_call_kwargs(call, &global);
        kw.insert("key", Value::str(name.as_str()));
        kw.insert("value_regex", value_regex.clone().unwrap_or(Value::Null));
        kw.insert("all", all.clone());
        match exec_git(call, "git.config_unset", kw) {
            Ok(_) => {}
            // Salt logs the reason and names the key.
            Err(ExecError::Command(e)) => {
                tracing::error!("Failed to unset '{}': {}", key_name.py_str(), strip_exc(&e));
                failed.push(key_name.py_str());
            }
            Err(e) => return Err(raised(e)),
        }
    }
    if !failed.is_empty() {
        return fail(
            ret,
            format!(
                "Error(s) occurred unsetting values for the following keys (see the minion \
                 log for details): {}",
                failed.join(", ")
            ),
            &[],
        );
    }
    let post = get_regexp(None)?;
    for (key_name, pre_values) in pre.iter() {
        let key_s = key_name.py_str();
        if post.get(&key_s).is_none() {
            set(&mut ret, &key_name.py_str(), pre_values.clone());
        }
        // `post[key_name]`: a key unset entirely raises KeyError in Salt.
        let Some(post_values) = post.get(&key_s) else {
            return Err(StateError::Other(format!(
                "KeyError: {}",
                key_name.py_repr()
            )));
        };
        let unset: Vec<Value> = match pre_values {
            Value::List(l) => l
                .iter()
                .filter(|x| match post_values {
                    Value::List(p) => !p.contains(x),
                    _ => true,
                })
                .cloned()
                .collect(),
            _ => Vec::new(),
        };
        if !unset.is_empty() {
            set(&mut ret, &key_name.py_str(), Value::from(unset));
        }
    }
    let post_matches = if value_regex.is_none() {
        post
    } else {
        get_regexp(value_regex.as_ref())?
    };
    if !post_matches.is_empty() {
        let failed: Vec<String> = post_matches.iter().map(|(k, v)| key_values(k, v)).collect();
        return fail(
            ret,
            format!("Failed to unset value(s): {}", failed.join("; ")),
            &[],
        );
    }
    ret.insert("comment", Value::str("Value(s) successfully unset"));
    Ok(ret)
}
