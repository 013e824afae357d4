//! Running a command the way Salt's `cmdmod._run` does (salt/modules/cmdmod.py), shared by the
//! `cmd.*` execution functions, the `cmd` states and the runtime's `onlyif`/`unless`.
//!
//! - [`Program`] is what `subprocess.Popen` gets: a string through `<shell> -c` (python_shell),
//!   a list through the shell (`Popen(list, shell=True)`: `<shell> -c <first> <rest>...`, so the
//!   rest become `$0`, `$1`... of the `-c` string, which is how `cmd.script` runs), or a list run
//!   directly.
//! - The environment is halite's own plus `env` (only `env` with `clean_env`), with
//!   `LC_*`/`LANGUAGE` defaulting to `C` (`reset_system_locale`) and `NOTIFY_SOCKET` dropped.
//! - `runas` (and `group`), as Salt on Linux: the user's login environment (read through
//!   `su -s <shell> - <user>`) under `env`, `USER` and `HOME` forced to the user's, the working
//!   directory defaulting to the user's home (`/` when it cannot be read), and the command run
//!   with the user's uid, primary gid (or `group`'s) and groups
//!   (`salt.utils.user.chugid_and_umask`). `group` needs `sudo` on the host, as in Salt.
//! - Output is decoded and right-stripped; `success_retcodes`/`success_stdout`/`success_stderr`
//!   map the exit code to 0; a timeout kills the process group the command leads (Salt
//!   kills the direct child alone, leaving what it started running) and reports
//!   "<cmd> : Timed out after N seconds" in stdout with retcode 1.

use halite_value::Value;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// What `subprocess.Popen` runs.
#[derive(Debug, Clone)]
pub enum Program {
    /// `Popen(cmd, shell=True, executable=shell)`: `<shell> -c <cmd>`.
    Shell(String),
    /// `Popen([first, *rest], shell=True, executable=shell)`: `<shell> -c <first> <rest>...`.
    ShellList(Vec<String>),
    /// `Popen(argv)`: run directly, found on `PATH`.
    Argv(Vec<String>),
}

impl Program {
    /// `str(args)` as Salt shows the command (`TimedProcTimeoutError`, error messages).
    pub fn display(&self) -> String {
        match self {
            Program::Shell(cmd) => cmd.clone(),
            Program::ShellList(argv) | Program::Argv(argv) => py_list(argv),
        }
    }

    fn uses_shell(&self) -> bool {
        !matches!(self, Program::Argv(_))
    }
}

/// Python's `repr()` of a list of strings.
pub fn py_list(v: &[String]) -> String {
    Value::List(v.iter().map(|s| Value::str(s.clone())).collect()).py_repr()
}

/// A `timeout` argument: seconds, and the text `str(timeout)` gives in Salt's message.
#[derive(Debug, Clone)]
pub struct Timeout {
    pub secs: f64,
    pub text: String,
}

impl Timeout {
    /// Salt's reading of `timeout`: None or 0 mean none; ints and floats count; anything else
    /// makes TimedProc raise "Error: timeout X must be a number".
    pub fn from_value(v: Option<&Value>) -> Result<Option<Timeout>, String> {
        let Some(v) = v.filter(|v| v.truthy()) else {
            return Ok(None);
        };
        match v {
            Value::Int(i) => Ok(Some(Timeout {
                secs: *i as f64,
                text: i.to_string(),
            })),
            Value::Float(f) => Ok(Some(Timeout {
                secs: *f,
                text: v.py_str(),
            })),
            Value::Bool(_) => Ok(Some(Timeout {
                secs: 1.0,
                text: v.py_str(),
            })),
            other => Err(format!(
                "Error: timeout {} must be a number",
                other.py_str()
            )),
        }
    }
}

/// The keyword arguments of `cmdmod._run` halite honours.
#[derive(Debug, Clone, Default)]
pub struct CmdOptions {
    /// The shell for [`Program::Shell`]/[`Program::ShellList`] (empty: `/bin/sh`). When set,
    /// it must be an executable file ("The shell X is not available").
    pub shell: String,
    pub cwd: Option<String>,
    /// Environment overrides, in order.
    pub env: Vec<(String, String)>,
    /// `clean_env=True`: only `env` (and the locale defaults) reach the command.
    pub clean_env: bool,
    /// `reset_system_locale=False`: no `LC_*=C` defaults.
    pub keep_locale: bool,
    pub prepend_path: Option<String>,
    pub stdin: Option<String>,
    /// `stderr=subprocess.STDOUT` (`cmd.run`): one channel for both, interleaved.
    pub merge_stderr: bool,
    /// `rstrip=False`.
    pub no_rstrip: bool,
    pub timeout: Option<Timeout>,
    pub success_retcodes: Vec<i64>,
    pub success_stdout: Vec<String>,
    pub success_stderr: Vec<String>,
    pub hide_output: bool,
    pub runas: Option<String>,
    pub group: Option<String>,
    pub umask: Option<u32>,
}

#[derive(Debug, Clone)]
pub struct CmdResult {
    pub pid: u32,
    pub retcode: i64,
    pub stdout: String,
    pub stderr: String,
    /// Timed out: Salt builds the dict in another key order (stdout, stderr, retcode, pid).
    pub timed_out: bool,
}

impl CmdResult {
    /// The `cmd.run_all` dict.
    pub fn to_map(&self) -> halite_value::Map {
        let mut m = halite_value::Map::new();
        if self.timed_out {
            m.insert("stdout", Value::str(self.stdout.clone()));
            m.insert("stderr", Value::str(self.stderr.clone()));
            m.insert("retcode", Value::Int(self.retcode));
            m.insert("pid", Value::Int(self.pid as i64));
        } else {
            m.insert("pid", Value::Int(self.pid as i64));
            m.insert("retcode", Value::Int(self.retcode));
            m.insert("stdout", Value::str(self.stdout.clone()));
            m.insert("stderr", Value::str(self.stderr.clone()));
        }
        m
    }
}

use crate::accounts::getpwuid;
/// Python's `shlex.quote`.
pub fn shlex_quote(s: &str) -> String {
    if s.is_empty() {
        return "''".into();
    }
    let safe = s
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_@%+=:,./-".contains(c));
    if safe {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\"'\"'"))
}

pub use crate::accounts::{getpwnam, Passwd};

/// The user this process runs as (`getpass.getuser()` on a normal host).
pub fn current_user() -> Option<Passwd> {
    // SAFETY: geteuid takes no arguments and cannot fail.
    getpwuid(unsafe { libc::geteuid() })
}

/// `grp.getgrnam(group).gr_gid`.
pub fn getgrnam(group: &str) -> Option<libc::gid_t> {
    crate::accounts::getgrnam(group).map(|g| g.gid)
}

/// `file.user_to_uid(user)`: the uid of `user` (the current user when `None`); `None` when
/// there is no such user (Salt returns `''`).
pub fn user_to_uid(user: Option<&str>) -> Option<u32> {
    match user {
        None => current_user().map(|p| p.uid),
        Some(u) => getpwnam(u).map(|p| p.uid),
    }
}

/// The user's groups (`getgrouplist`, the primary one included), without repeats.
fn group_list(user: &str, gid: libc::gid_t) -> Vec<libc::gid_t> {
    let Ok(c) = std::ffi::CString::new(user) else {
        return vec![gid];
    };
    let mut n: libc::c_int = 64;
    loop {
        let mut groups: Vec<libc::gid_t> = vec![0; n as usize];
        let mut count = n;
        // SAFETY: `groups` has room for `count` entries; getgrouplist writes at most that many
        // and reports the number needed.
        let r = unsafe { libc::getgrouplist(c.as_ptr(), gid, groups.as_mut_ptr(), &mut count) };
        if r >= 0 {
            groups.truncate(count.max(0) as usize);
            let mut seen = std::collections::HashSet::new();
            groups.retain(|g| seen.insert(*g));
            return groups;
        }
        if count <= n || n > 65_536 {
            return vec![gid];
        }
        n = count;
    }
}

/// The login environment of `user` as Salt reads it (`su -s <shell> - <user> -c <python>`
/// printing `os.environ` between markers); empty when it cannot be read.
fn login_env(user: &str, shell: &str) -> Vec<(String, String)> {
    const MARK: &str = "<<<halite-env>>>";
    let script = format!("printf '%s' '{MARK}'; env -0; printf '%s' '{MARK}'");
    let mut command = Command::new("su");
    if shell.is_empty() {
        command.args(["-", user, "-c", &script]);
    } else {
        command.args(["-s", shell, "-", user, "-c", &script]);
    }
    let out = command.stdin(Stdio::null()).stderr(Stdio::null()).output();
    let Ok(out) = out else {
        return Vec::new();
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let parts: Vec<&str> = text.split(MARK).collect();
    if parts.len() != 3 {
        return Vec::new();
    }
    parts[1]
        .split('\0')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// `dict.__setitem__` on an ordered list of pairs.
fn set_pair(env: &mut Vec<(String, String)>, k: &str, v: &str) {
    match env.iter_mut().find(|(ek, _)| ek == k) {
        Some(slot) => slot.1 = v.to_string(),
        None => env.push((k.to_string(), v.to_string())),
    }
}

/// `reset_system_locale`: the locale variables Salt defaults to `C` unless `env` sets them.
const LOCALE_DEFAULTS: [&str; 13] = [
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
];

/// `salt.utils.path.which(name)` for an absolute-or-PATH lookup of an executable.
fn which(name: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let path = std::env::var("PATH").unwrap_or_default();
    let found = path
        .split(':')
        .chain(["/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin"])
        .filter(|d| !d.is_empty())
        .map(|d| std::path::Path::new(d).join(name))
        .any(|p| {
            p.is_file()
                && std::fs::metadata(&p)
                    .map(|m| m.permissions().mode() & 0o111 != 0)
                    .unwrap_or(false)
        });
    found
}

fn is_executable_file(path: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(path) else {
        return false;
    };
    // SAFETY: valid C string; access only reads it.
    std::path::Path::new(path).is_file() && unsafe { libc::access(c.as_ptr(), libc::X_OK) } == 0
}

fn readable(path: &str) -> bool {
    let Ok(c) = std::ffi::CString::new(path) else {
        return false;
    };
    // SAFETY: valid C string; access only reads it.
    unsafe { libc::access(c.as_ptr(), libc::R_OK) == 0 }
}

/// Who the child becomes: uid (when switching user), gid, supplementary groups.
#[derive(Debug, Clone)]
struct Identity {
    uid: Option<libc::uid_t>,
    gid: libc::gid_t,
    groups: Vec<libc::gid_t>,
}

/// Run `program`; `Err` carries the text of Salt's `CommandExecutionError`.
pub fn run(program: &Program, opts: &CmdOptions) -> Result<CmdResult, String> {
    let shell = if opts.shell.is_empty() {
        "/bin/sh".to_string()
    } else {
        opts.shell.clone()
    };
    if !opts.shell.is_empty() && !is_executable_file(&opts.shell) {
        return Err(format!("The shell {} is not available", opts.shell));
    }
    let runas = opts.runas.as_deref().filter(|r| !r.is_empty());
    let group = opts.group.as_deref().filter(|g| !g.is_empty());
    let runas_pw = match runas {
        Some(user) => {
            Some(getpwnam(user).ok_or_else(|| format!("User '{user}' is not available"))?)
        }
        None => None,
    };
    let group_gid =
        match group {
            Some(g) => {
                if !which("sudo") {
                    return Err("group argument requires sudo but not found".into());
                }
                // Salt's message names `runas` here, not the group.
                Some(getgrnam(g).ok_or_else(|| {
                    format!("Group '{}' is not available", runas.unwrap_or("None"))
                })?)
            }
            None => None,
        };
    // The default working directory: the home of `runas` (or this process's), `/` when it
    // cannot be read.
    let home = match &runas_pw {
        Some(pw) => pw.dir.clone(),
        None => std::env::var("HOME")
            .ok()
            .filter(|h| !h.is_empty())
            .or_else(|| current_user().map(|p| p.dir))
            .unwrap_or_else(|| "/".into()),
    };
    let mut env: Vec<(String, String)> = opts.env.clone();
    let me = current_user();
    let mut identity = None;
    if runas.is_some() || group.is_some() {
        let user_pw = match &runas_pw {
            Some(pw) => pw.clone(),
            None => me.clone().ok_or("Unable to determine the current user")?,
        };
        let mut login = login_env(&user_pw.name, &opts.shell);
        for (k, v) in &opts.env {
            set_pair(&mut login, k, v);
        }
        set_pair(&mut login, "USER", &user_pw.name);
        set_pair(&mut login, "HOME", &user_pw.dir);
        env = login;
        // chugid_and_umask: switch when the user or the group differ from the current ones.
        let switch_user = me.as_ref().is_none_or(|m| m.name != user_pw.name);
        let current_gid = me.as_ref().map(|m| m.gid);
        let gid = group_gid.unwrap_or(user_pw.gid);
        let switch_group = match group_gid {
            Some(g) => Some(g) != current_gid,
            None => switch_user,
        };
        if switch_user || switch_group {
            identity = Some(Identity {
                uid: switch_user.then_some(user_pw.uid),
                gid,
                groups: group_list(&user_pw.name, user_pw.gid),
            });
        }
    }
    if !opts.keep_locale {
        for k in LOCALE_DEFAULTS {
            if !env.iter().any(|(ek, _)| ek == k) {
                env.push((k.to_string(), "C".to_string()));
            }
        }
    }
    let cwd = match &opts.cwd {
        Some(c) => c.clone(),
        None if readable(&home) => home,
        None => "/".to_string(),
    };
    if !cwd.starts_with('/') || !std::path::Path::new(&cwd).is_dir() {
        return Err(format!(
            "Specified cwd '{cwd}' either not absolute or does not exist"
        ));
    }
    let (mut command, argv0) = match program {
        Program::Shell(cmd) => {
            let mut c = Command::new(&shell);
            c.arg("-c").arg(cmd);
            (c, cmd.clone())
        }
        Program::ShellList(argv) => {
            let mut c = Command::new(&shell);
            c.arg("-c").args(argv);
            (c, argv.first().cloned().unwrap_or_default())
        }
        Program::Argv(argv) => {
            let Some((prog, rest)) = argv.split_first() else {
                return Err(format!(
                    "Unable to run command '{}' with the context '{{}}', reason: command is empty",
                    py_list(argv)
                ));
            };
            let mut c = Command::new(prog);
            c.args(rest);
            (c, prog.clone())
        }
    };
    command.current_dir(&cwd);
    if opts.clean_env {
        command.env_clear();
    }
    if !env.iter().any(|(k, _)| k == "NOTIFY_SOCKET") {
        command.env_remove("NOTIFY_SOCKET");
    }
    for (k, v) in &env {
        command.env(k, v);
    }
    if let Some(p) = &opts.prepend_path {
        let path = env
            .iter()
            .rev()
            .find(|(k, _)| k == "PATH")
            .map(|(_, v)| v.clone())
            .or_else(|| {
                (!opts.clean_env)
                    .then(|| std::env::var("PATH").ok())
                    .flatten()
            })
            .unwrap_or_default();
        command.env("PATH", format!("{p}:{path}"));
    }
    // A command with a timeout leads its own process group, so that the timeout ends
    // everything it started (`sh -c "sleep 100 & sleep 100"`), not only the shell. (Salt's
    // TimedProc kills the direct child alone; without a timeout the command stays in
    // halite's group, where the terminal's Ctrl-C reaches it.)
    if opts.timeout.is_some() {
        command.process_group(0);
    }
    let umask = opts.umask;
    if identity.is_some() || umask.is_some() {
        let identity = identity.clone();
        // SAFETY: only async-signal-safe calls (setgid, setgroups, setuid, umask) on data
        // prepared before the fork.
        unsafe {
            command.pre_exec(move || {
                if let Some(id) = &identity {
                    if libc::setgid(id.gid) != 0
                        || libc::setgroups(id.groups.len() as _, id.groups.as_ptr()) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                    if let Some(uid) = id.uid {
                        if libc::setuid(uid) != 0 {
                            return Err(std::io::Error::last_os_error());
                        }
                    }
                }
                if let Some(mask) = umask {
                    libc::umask(mask as libc::mode_t);
                }
                Ok(())
            });
        }
    }
    command.stdin(if opts.stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    });
    // Salt's cmd.run passes stderr=STDOUT: one channel for both, so the text interleaves as
    // the command wrote it. A socketpair stands in for the shared pipe.
    let merged = if opts.merge_stderr {
        let (reader, writer) = std::os::unix::net::UnixStream::pair().map_err(|e| e.to_string())?;
        let writer2 = writer.try_clone().map_err(|e| e.to_string())?;
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
            let reason = match e.kind() {
                std::io::ErrorKind::NotFound => format!(
                    "[Errno 2] No such file or directory: {}",
                    Value::str(argv0.clone()).py_repr()
                ),
                std::io::ErrorKind::PermissionDenied => format!(
                    "[Errno 13] Permission denied: {}",
                    Value::str(argv0.clone()).py_repr()
                ),
                _ => e.to_string(),
            };
            format!(
            "Unable to run command '{}' with the context '{{'cwd': {}, 'shell': {}}}', reason: {}",
            program.display(),
            Value::str(cwd.clone()).py_repr(),
            if program.uses_shell() { "True" } else { "False" },
            reason
        )
        })?;
    // Our copies of the write ends must close, or reading the merged channel never ends.
    drop(command);
    let pid = child.id();
    let stdin_thread = match (opts.stdin.clone(), child.stdin.take()) {
        (Some(text), Some(mut sin)) => Some(std::thread::spawn(move || {
            use std::io::Write;
            // Salt's TimedProc turns a literal `\n` into a newline.
            let text = text.replace("\\n", "\n");
            // A command that does not read its stdin closes the pipe; not an error.
            let _ = sin.write_all(text.as_bytes());
        })),
        _ => None,
    };
    let out_fd: Option<std::os::fd::OwnedFd> = match merged {
        Some(r) => Some(r.into()),
        None => child.stdout.take().map(Into::into),
    };
    let err_fd: Option<std::os::fd::OwnedFd> = child.stderr.take().map(Into::into);
    let deadline = opts
        .timeout
        .as_ref()
        .map(|t| Instant::now() + Duration::from_secs_f64(t.secs.max(0.0)));
    let drained =
        crate::pipes::drain(&mut child, [out_fd, err_fd], deadline).map_err(|e| e.to_string())?;
    let finished = match (&drained, deadline) {
        (None, _) => false,
        (Some(_), Some(deadline)) => {
            crate::pipes::wait_until(&mut child, deadline).map_err(|e| e.to_string())?
        }
        (Some(_), None) => true,
    };
    let status = if finished {
        Some(child.wait().map_err(|e| e.to_string())?)
    } else {
        // The whole group (see `process_group` above), then the child itself in case it
        // left the group.
        if let Ok(pgid) = libc::pid_t::try_from(pid) {
            // SAFETY: kill(2) with a negative pid signals that process group only.
            unsafe { libc::kill(-pgid, libc::SIGKILL) };
        }
        let _ = child.kill();
        let _ = child.wait();
        None
    };
    let Some(status) = status else {
        let text = opts.timeout.as_ref().map(|t| t.text.clone());
        let (stdout, stderr) = if opts.hide_output {
            (String::new(), String::new())
        } else {
            (
                format!(
                    "{} : Timed out after {} seconds",
                    program.display(),
                    text.unwrap_or_default()
                ),
                String::new(),
            )
        };
        return Ok(CmdResult {
            pid,
            retcode: 1,
            stdout,
            stderr,
            timed_out: true,
        });
    };
    let [out, err] = drained.unwrap_or_default();
    if let Some(t) = stdin_thread {
        let _ = t.join();
    }
    use std::os::unix::process::ExitStatusExt;
    let mut retcode = match status.code() {
        Some(c) => c as i64,
        None => -(status.signal().unwrap_or(0) as i64),
    };
    let mut stdout = String::from_utf8_lossy(&out).into_owned();
    let mut stderr = String::from_utf8_lossy(&err).into_owned();
    if !opts.no_rstrip {
        stdout.truncate(stdout.trim_end().len());
        stderr.truncate(stderr.trim_end().len());
    }
    if retcode == 0 || opts.success_retcodes.contains(&retcode) {
        retcode = 0;
    }
    if opts
        .success_stdout
        .iter()
        .any(|s| stdout.contains(s.as_str()))
        || opts
            .success_stderr
            .iter()
            .any(|s| stderr.contains(s.as_str()))
    {
        retcode = 0;
    }
    if opts.hide_output {
        stdout.clear();
        stderr.clear();
    }
    Ok(CmdResult {
        pid,
        retcode,
        stdout,
        stderr,
        timed_out: false,
    })
}

/// `cmd.run_all(cmd, python_shell=True, ...)`.
pub fn run_all(cmd: &str, opts: &CmdOptions) -> Result<CmdResult, String> {
    run(&Program::Shell(cmd.to_string()), opts)
}

/// `cmd.retcode(cmd, ignore_retcode=True, python_shell=True)`.
///
/// A guard (`onlyif`/`unless`/`check_cmd`) is very often a file test (`test -e /path`,
/// `[ -d /path ]`): starting a shell for it costs 1-2 ms of CPU, most of a no-change run's
/// time. [`shell_file_test`] answers the forms whose result the shell's `test` builtin
/// computes from one `stat`, with the same answer, and only when nothing else about the run
/// could be observed (default options, the stock shell); anything else goes to the shell.
pub fn retcode(cmd: &str, opts: &CmdOptions) -> Result<i64, String> {
    if let Some(rc) = shell_file_test(cmd, opts) {
        return Ok(rc);
    }
    run_all(cmd, opts).map(|r| r.retcode)
}

/// The shell's `test`/`[` builtin for `test [!] OP PATH` and `[ [!] OP PATH ]` with OP one of
/// `-e -f -d -s -L -h` and PATH an absolute path of plain characters: the exit status bash
/// or dash would return, or None when the command is anything else (a character the shell
/// would expand or treat specially, another operator, a relative path whose meaning depends
/// on `cwd`, a path under /dev/ which bash special-cases) or the options could change what
/// the shell sees (cwd, env, runas, group, umask, prepend_path, stdin, success codes or
/// strings) or the shell is not bash or sh.
pub fn shell_file_test(cmd: &str, opts: &CmdOptions) -> Option<i64> {
    let default_opts = opts.cwd.is_none()
        && opts.env.is_empty()
        && opts.prepend_path.is_none()
        && opts.stdin.is_none()
        && opts.runas.is_none()
        && opts.group.is_none()
        && opts.umask.is_none()
        && opts.success_retcodes.is_empty()
        && opts.success_stdout.is_empty()
        && opts.success_stderr.is_empty();
    let stock_shell = matches!(
        opts.shell.as_str(),
        "" | "/bin/sh" | "/bin/bash" | "/usr/bin/bash" | "/usr/bin/sh"
    );
    // BASH_ENV (bash) and ENV (sh) name a file the shell reads first, which could redefine
    // `test`.
    let startup_file = std::env::var_os("BASH_ENV").is_some() || std::env::var_os("ENV").is_some();
    if !default_opts || !stock_shell || startup_file {
        return None;
    }
    // The shell must exist for run_all not to fail with "The shell ... is not available".
    if !opts.shell.is_empty() && !std::path::Path::new(&opts.shell).is_file() {
        return None;
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._+,:@%=![]-".contains(c) || c == ' ';
    if !cmd.chars().all(plain) {
        return None;
    }
    let mut words: Vec<&str> = cmd.split(' ').filter(|w| !w.is_empty()).collect();
    match words.first() {
        Some(&"test") => {}
        Some(&"[") if words.last() == Some(&"]") => {
            words.pop();
        }
        _ => return None,
    }
    let negate = words.get(1) == Some(&"!");
    let rest = &words[if negate { 2 } else { 1 }..];
    let [op, path] = rest else {
        return None;
    };
    if !path.starts_with('/')
        || path.contains(['!', '[', ']'])
        || path.starts_with("/dev/")
        || path.starts_with("/proc/self/fd")
    {
        return None;
    }
    let stat = || std::fs::metadata(path);
    let holds = match *op {
        "-e" => stat().is_ok(),
        "-f" => stat().is_ok_and(|m| m.is_file()),
        "-d" => stat().is_ok_and(|m| m.is_dir()),
        "-s" => stat().is_ok_and(|m| m.len() > 0),
        "-L" | "-h" => std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()),
        _ => return None,
    };
    Some(i64::from(holds == negate))
}

/// `salt.utils.args.split_input(value)`: a list as is, a string split on commas (stripped).
pub fn split_input(v: &Value) -> Vec<Value> {
    match v {
        Value::List(l) => l.to_vec(),
        Value::Str(s) => s.split(',').map(|p| Value::str(p.trim())).collect(),
        other => vec![other.clone()],
    }
}

/// `success_retcodes`: `[int(i) for i in split_input(v)]`, "success_retcodes must be a list
/// of integers" when one is not.
pub fn success_retcodes(v: Option<&Value>) -> Result<Vec<i64>, String> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(Vec::new());
    };
    split_input(v)
        .iter()
        .map(|c| match c {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(i64::from(*b)),
            Value::Float(f) => Some(f.trunc() as i64),
            Value::Str(s) => s.trim().parse().ok(),
            _ => None,
        })
        .collect::<Option<Vec<i64>>>()
        .ok_or_else(|| "success_retcodes must be a list of integers".to_string())
}

/// `success_stdout`/`success_stderr`: `split_input(v)`, as strings.
pub fn success_strings(v: Option<&Value>) -> Vec<String> {
    v.filter(|v| !v.is_null())
        .map(|v| split_input(v).iter().map(Value::py_str).collect())
        .unwrap_or_default()
}

/// `umask`: octal digits; "Zero umask is not allowed." / "Invalid umask: 'x'".
pub fn parse_umask(v: Option<&Value>) -> Result<Option<u32>, String> {
    let Some(v) = v.filter(|v| !v.is_null()) else {
        return Ok(None);
    };
    let text = v.py_str();
    let digits = text.trim_start_matches('0');
    if digits.is_empty() {
        return Err("Zero umask is not allowed.".into());
    }
    u32::from_str_radix(digits, 8)
        .map(Some)
        .map_err(|_| format!("Invalid umask: '{text}'"))
}

/// The `env` argument as cmdmod reads it (`_parse_env`): a dict, or a list of one-key dicts
/// (`repack_dictlist`); values become strings (`None` an empty one).
pub fn env_pairs(env: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut push_map = |m: &halite_value::Map| {
        for (k, v) in m.iter() {
            let val = if v.is_null() {
                String::new()
            } else {
                v.py_str()
            };
            out.push((k.py_str(), val));
        }
    };
    match env {
        Value::Map(m) => push_map(m),
        Value::List(l) => {
            for item in l {
                if let Value::Map(m) = item {
                    push_map(m);
                }
            }
        }
        _ => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form `shell_file_test` answers, on every kind of path, gives the exit status
    /// the real shell gives for the same command; forms it does not answer go to the shell.
    #[test]
    fn shell_file_test_answers_as_the_shell_does() {
        let dir = tempfile::tempdir().unwrap();
        let d = dir.path();
        std::fs::write(d.join("file"), "x").unwrap();
        std::fs::write(d.join("empty"), "").unwrap();
        std::fs::create_dir(d.join("dir")).unwrap();
        std::os::unix::fs::symlink(d.join("file"), d.join("link")).unwrap();
        std::os::unix::fs::symlink(d.join("nowhere"), d.join("dangling")).unwrap();
        std::os::unix::fs::symlink(d.join("dir"), d.join("dirlink")).unwrap();
        let names = [
            "file", "empty", "dir", "link", "dangling", "dirlink", "missing", "file/x",
        ];
        let mut checked = 0;
        for shell in ["/bin/bash", "/bin/sh"] {
            let opts = CmdOptions {
                shell: shell.into(),
                ..CmdOptions::default()
            };
            for name in names {
                let path = format!("{}/{name}", d.display());
                for op in ["-e", "-f", "-d", "-s", "-L", "-h"] {
                    for form in [
                        format!("test {op} {path}"),
                        format!("test ! {op} {path}"),
                        format!("[ {op} {path} ]"),
                        format!("  [ !  {op} {path} ]  "),
                    ] {
                        let fast = shell_file_test(&form, &opts)
                            .unwrap_or_else(|| panic!("{form:?} not answered"));
                        let real = run_all(&form, &opts).unwrap().retcode;
                        assert_eq!(fast, real, "{shell} -c {form:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 2 * 8 * 6 * 4);
        let opts = CmdOptions {
            shell: "/bin/bash".into(),
            ..CmdOptions::default()
        };
        for other in [
            "test -e relative",
            "test -x /bin/sh",
            "test -e /tmp/*",
            "test -e $HOME",
            "test -e /tmp && true",
            "[ -e /tmp",
            "test -e /dev/stdin",
            "test -e '/tmp'",
            "/usr/bin/test -e /tmp",
            "test -e /tmp /tmp",
        ] {
            assert_eq!(shell_file_test(other, &opts), None, "{other:?}");
        }
        let with_cwd = CmdOptions {
            shell: "/bin/bash".into(),
            cwd: Some("/".into()),
            ..CmdOptions::default()
        };
        assert_eq!(shell_file_test("test -e /tmp", &with_cwd), None);
        let zsh = CmdOptions {
            shell: "/bin/zsh".into(),
            ..CmdOptions::default()
        };
        assert_eq!(shell_file_test("test -e /tmp", &zsh), None);
    }

    #[test]
    fn timeouts_as_salt_reads_them() {
        assert!(Timeout::from_value(None).unwrap().is_none());
        assert!(Timeout::from_value(Some(&Value::Int(0))).unwrap().is_none());
        let t = Timeout::from_value(Some(&Value::Float(0.5)))
            .unwrap()
            .unwrap();
        assert_eq!((t.secs, t.text.as_str()), (0.5, "0.5"));
        assert_eq!(
            Timeout::from_value(Some(&Value::str("5"))).unwrap_err(),
            "Error: timeout 5 must be a number"
        );
    }

    #[test]
    fn umask_and_retcodes() {
        assert_eq!(parse_umask(Some(&Value::str("077"))), Ok(Some(0o77)));
        assert_eq!(parse_umask(Some(&Value::Int(22))), Ok(Some(0o22)));
        assert_eq!(
            parse_umask(Some(&Value::str("0"))),
            Err("Zero umask is not allowed.".into())
        );
        assert_eq!(
            parse_umask(Some(&Value::str("9x"))),
            Err("Invalid umask: '9x'".into())
        );
        assert_eq!(success_retcodes(Some(&Value::str("2, 3"))), Ok(vec![2, 3]));
        assert!(success_retcodes(Some(&Value::List(vec![Value::str("a")].into()))).is_err());
    }

    #[test]
    fn runs_through_the_shell() {
        let opts = CmdOptions {
            shell: "/bin/sh".into(),
            cwd: Some("/".into()),
            env: vec![("GREETING".into(), "hi".into())],
            success_retcodes: vec![3],
            ..CmdOptions::default()
        };
        let r = run_all("echo $GREETING $LC_CTYPE; exit 3", &opts).unwrap();
        assert_eq!((r.retcode, r.stdout.as_str()), (0, "hi C"));
        // Popen(list, shell=True): the words after the first are $0, $1... of `-c`.
        let r = run(
            &Program::ShellList(vec!["echo \"$0|$1\"".into(), "a".into(), "b".into()]),
            &opts,
        )
        .unwrap();
        assert_eq!(r.stdout, "a|b");
        assert_eq!(
            run_all(
                "true",
                &CmdOptions {
                    shell: "/nonexistent/sh".into(),
                    ..opts
                }
            )
            .unwrap_err(),
            "The shell /nonexistent/sh is not available"
        );
    }
}
