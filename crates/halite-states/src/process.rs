//! Running shell commands the way Salt's `cmd.run_all(cmd, python_shell=True)` does
//! (salt/modules/cmdmod.py `_run`): `Popen(cmd, shell=True, executable=shell)`, so `$0` is
//! `/bin/sh`; output decoded and right-stripped; `success_retcodes` map to 0; a timeout kills
//! the process and reports "CMD : Timed out after N seconds" in stdout with retcode 1.
//!
//! The environment is halite's own plus `env`, with `LC_*`/`LANGUAGE` defaulting to `C`
//! (`reset_system_locale`). With `runas`, as Salt: the user's login environment (read through
//! `su -s <shell> - <user>`) under `env`, `USER` and `HOME` forced to the user's, the working
//! directory defaulting to the user's home (`/` when it is not there), and the command run with
//! the user's uid, primary gid and groups (`salt.utils.user.chugid_and_umask`).

use halite_exec::pipes::{drain, wait_until};
use halite_value::{Map, Value};
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Default)]
pub struct CmdOptions {
    pub shell: String,
    pub cwd: Option<String>,
    /// Environment overrides, in order.
    pub env: Vec<(String, String)>,
    pub timeout: Option<f64>,
    pub success_retcodes: Vec<i64>,
    pub hide_output: bool,
    pub runas: Option<String>,
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
    pub fn to_map(&self) -> Map {
        let mut m = Map::new();
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

fn home_dir() -> String {
    std::env::var("HOME").unwrap_or_else(|_| "/root".into())
}

fn current_user() -> Option<String> {
    // SAFETY: getpwuid returns a pointer into static storage or null; we copy the name at once.
    unsafe {
        let pw = libc::getpwuid(libc::geteuid());
        if pw.is_null() {
            return None;
        }
        let name = std::ffi::CStr::from_ptr((*pw).pw_name);
        Some(name.to_string_lossy().into_owned())
    }
}

/// The `pwd` entry of a user: name, uid, primary gid, home.
struct Passwd {
    uid: libc::uid_t,
    gid: libc::gid_t,
    dir: String,
}

fn getpwnam(user: &str) -> Option<Passwd> {
    let c = std::ffi::CString::new(user).ok()?;
    // SAFETY: valid C string; getpwnam returns static storage or null; fields are copied at once.
    unsafe {
        let pw = libc::getpwnam(c.as_ptr());
        if pw.is_null() {
            return None;
        }
        Some(Passwd {
            uid: (*pw).pw_uid,
            gid: (*pw).pw_gid,
            dir: std::ffi::CStr::from_ptr((*pw).pw_dir)
                .to_string_lossy()
                .into_owned(),
        })
    }
}

/// The user's groups (`getgrouplist`, the primary one included).
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
    let out = Command::new("su")
        .args(["-s", shell, "-", user, "-c", &script])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output();
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

/// Run `cmd` through the shell; `Err` carries Salt's `CommandExecutionError` text.
pub fn run_all(cmd: &str, opts: &CmdOptions) -> Result<CmdResult, String> {
    let shell = if opts.shell.is_empty() {
        "/bin/sh"
    } else {
        opts.shell.as_str()
    };
    let mut env: Vec<(String, String)> = opts.env.clone();
    let mut runas_ids = None;
    let mut default_cwd = home_dir();
    if let Some(user) = &opts.runas {
        let Some(pw) = getpwnam(user) else {
            return Err(format!("User '{user}' is not available"));
        };
        let mut login = login_env(user, shell);
        for (k, v) in &opts.env {
            set_pair(&mut login, k, v);
        }
        set_pair(&mut login, "USER", user);
        set_pair(&mut login, "HOME", &pw.dir);
        env = login;
        // `~user`, or `/` when it cannot be read.
        default_cwd = match std::ffi::CString::new(pw.dir.clone()) {
            // SAFETY: valid C string; access only reads it.
            Ok(c) if unsafe { libc::access(c.as_ptr(), libc::R_OK) } == 0 => pw.dir.clone(),
            _ => "/".to_string(),
        };
        if current_user().as_deref() != Some(user.as_str()) {
            runas_ids = Some((pw.uid, pw.gid, group_list(user, pw.gid)));
        }
    }
    for k in LOCALE_DEFAULTS {
        if !env.iter().any(|(ek, _)| ek == k) {
            env.push((k.to_string(), "C".to_string()));
        }
    }
    let cwd = opts.cwd.clone().unwrap_or(default_cwd);
    if !cwd.starts_with('/') || !std::path::Path::new(&cwd).is_dir() {
        return Err(format!(
            "Specified cwd '{cwd}' either not absolute or does not exist"
        ));
    }
    let mut command = Command::new(shell);
    command
        .arg("-c")
        .arg(cmd)
        .current_dir(&cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if !env.iter().any(|(k, _)| k == "NOTIFY_SOCKET") {
        command.env_remove("NOTIFY_SOCKET");
    }
    for (k, v) in &env {
        command.env(k, v);
    }
    let umask = opts.umask;
    if runas_ids.is_some() || umask.is_some() {
        // SAFETY: only async-signal-safe calls (setgid, setgroups, setuid, umask) on data
        // prepared before the fork.
        unsafe {
            command.pre_exec(move || {
                if let Some((uid, gid, groups)) = &runas_ids {
                    if libc::setgid(*gid) != 0
                        || libc::setgroups(groups.len() as _, groups.as_ptr()) != 0
                        || libc::setuid(*uid) != 0
                    {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                if let Some(mask) = umask {
                    libc::umask(mask as libc::mode_t);
                }
                Ok(())
            });
        }
    }
    let mut child = command.spawn().map_err(|e| {
        format!("Unable to run command '{cmd}' with the context '{{}}', reason: {e}")
    })?;
    let pid = child.id();
    let fds = [
        child.stdout.take().map(std::os::fd::OwnedFd::from),
        child.stderr.take().map(std::os::fd::OwnedFd::from),
    ];
    let deadline = opts
        .timeout
        .map(|t| Instant::now() + Duration::from_secs_f64(t.max(0.0)));
    let drained = drain(&mut child, fds, deadline).map_err(|e| e.to_string())?;
    let finished = match (&drained, deadline) {
        (None, _) => false,
        (Some(_), Some(deadline)) => wait_until(&mut child, deadline).map_err(|e| e.to_string())?,
        (Some(_), None) => true,
    };
    let status = if finished {
        Some(child.wait().map_err(|e| e.to_string())?)
    } else {
        let _ = child.kill();
        let _ = child.wait();
        None
    };
    let Some(status) = status else {
        let t = opts.timeout.unwrap_or(0.0);
        let t_str = if t.fract() == 0.0 {
            format!("{}", t as i64)
        } else {
            format!("{t}")
        };
        return Ok(CmdResult {
            pid,
            retcode: 1,
            stdout: format!("{cmd} : Timed out after {t_str} seconds"),
            stderr: String::new(),
            timed_out: true,
        });
    };
    let [out, err] = drained.unwrap_or_default();
    use std::os::unix::process::ExitStatusExt;
    let mut retcode = match status.code() {
        Some(c) => c as i64,
        None => -(status.signal().unwrap_or(0) as i64),
    };
    if opts.success_retcodes.contains(&retcode) || retcode == 0 {
        retcode = 0;
    }
    let (stdout, stderr) = if opts.hide_output {
        (String::new(), String::new())
    } else {
        (
            String::from_utf8_lossy(&out).trim_end().to_string(),
            String::from_utf8_lossy(&err).trim_end().to_string(),
        )
    };
    Ok(CmdResult {
        pid,
        retcode,
        stdout,
        stderr,
        timed_out: false,
    })
}

/// `cmd.retcode(cmd, ignore_retcode=True, python_shell=True)`.
pub fn retcode(cmd: &str, opts: &CmdOptions) -> Result<i64, String> {
    run_all(cmd, opts).map(|r| r.retcode)
}
