//! Running shell commands the way Salt's `cmd.run_all(cmd, python_shell=True)` does
//! (salt/modules/cmdmod.py `_run`): `Popen(cmd, shell=True, executable=shell)`, so `$0` is
//! `/bin/sh`; output decoded and right-stripped; `success_retcodes` map to 0; a timeout kills
//! the process and reports "CMD : Timed out after N seconds" in stdout with retcode 1.

use halite_value::{Map, Value};
use std::io::Read;
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

/// Run `cmd` through the shell; `Err` carries Salt's `CommandExecutionError` text.
pub fn run_all(cmd: &str, opts: &CmdOptions) -> Result<CmdResult, String> {
    if let Some(user) = &opts.runas {
        if current_user().as_deref() != Some(user.as_str()) {
            return Err(format!("User '{user}' is not available"));
        }
    }
    let cwd = opts.cwd.clone().unwrap_or_else(home_dir);
    if !cwd.starts_with('/') || !std::path::Path::new(&cwd).is_dir() {
        return Err(format!(
            "Specified cwd '{cwd}' either not absolute or does not exist"
        ));
    }
    let shell = if opts.shell.is_empty() {
        "/bin/sh"
    } else {
        opts.shell.as_str()
    };
    let mut command = Command::new(shell);
    command
        .arg("-c")
        .arg(cmd)
        .current_dir(&cwd)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in &opts.env {
        command.env(k, v);
    }
    if let Some(mask) = opts.umask {
        // SAFETY: umask is async-signal-safe and only affects the child.
        unsafe {
            command.pre_exec(move || {
                libc::umask(mask as libc::mode_t);
                Ok(())
            });
        }
    }
    let mut child = command.spawn().map_err(|e| {
        format!("Unable to run command '{cmd}' with the context '{{}}', reason: {e}")
    })?;
    let pid = child.id();
    let mut out_pipe = child.stdout.take();
    let mut err_pipe = child.stderr.take();
    let out_t = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(p) = out_pipe.as_mut() {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    });
    let err_t = std::thread::spawn(move || {
        let mut buf = Vec::new();
        if let Some(p) = err_pipe.as_mut() {
            let _ = p.read_to_end(&mut buf);
        }
        buf
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => break Some(st),
            Ok(None) => {}
            Err(e) => return Err(e.to_string()),
        }
        if let Some(t) = opts.timeout {
            if started.elapsed() >= Duration::from_secs_f64(t.max(0.0)) {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
        }
        std::thread::sleep(Duration::from_millis(2));
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
    let out = out_t.join().unwrap_or_default();
    let err = err_t.join().unwrap_or_default();
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
