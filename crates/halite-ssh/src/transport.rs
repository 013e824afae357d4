//! The transport: the system `ssh`, one connection a host for the whole run. The first
//! process is the ControlMaster (`ssh -M -N`, our child); every command after it goes over
//! that connection (`ssh -S SOCKET -o ControlMaster=no`), so a host costs one TCP
//! connection and one authentication a run, whatever the number of commands.

use crate::roster::Target;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The options every connection of a run shares (master config and command line).
#[derive(Debug, Clone)]
pub struct SshConfig {
    pub ssh_bin: PathBuf,
    pub privkey: Option<PathBuf>,
    pub user: Option<String>,
    pub port: Option<u16>,
    /// Connect timeout in seconds (salt-ssh's `ssh_timeout`, `--timeout`).
    pub timeout: u64,
    pub known_hosts: Option<PathBuf>,
    /// `-i`: accept an unknown host key (and remember it).
    pub ignore_host_keys: bool,
    /// `--no-host-keys`: no host key checking and no known_hosts file at all.
    pub no_host_keys: bool,
    pub sudo: bool,
    pub user_from_cli: bool,
    /// Keep each host's connection this many seconds after the run (ssh's
    /// `ControlPersist`), for the next run to reuse; `None`: the connection ends with the
    /// run.
    pub control_persist: Option<u64>,
}

impl Default for SshConfig {
    fn default() -> Self {
        SshConfig {
            ssh_bin: PathBuf::from("ssh"),
            privkey: None,
            user: None,
            port: None,
            timeout: 60,
            known_hosts: None,
            ignore_host_keys: false,
            no_host_keys: false,
            sudo: false,
            user_from_cli: false,
            control_persist: None,
        }
    }
}

/// What a remote command gave back.
#[derive(Debug, Clone, Default)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    /// The remote exit status; 255 when ssh itself failed, as ssh reports it.
    pub code: i32,
}

/// One host's open connection.
pub struct Connection {
    target: Target,
    base: Vec<String>,
    control: PathBuf,
    master: Option<Child>,
    /// The connection outlives the run (`control_persist`): not ours to end.
    persistent: bool,
    sudo: bool,
    ssh_bin: PathBuf,
}

/// `'...'` quoting for a POSIX shell.
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        return s.to_string();
    }
    format!("'{}'", s.replace('\'', "'\\''"))
}

impl Connection {
    /// Opens the host's ControlMaster; the error is ssh's own output (exit status 255 for
    /// an unreachable host, a refused key, an unknown host key).
    pub fn open(target: &Target, cfg: &SshConfig, control: &Path) -> Result<Connection, Output> {
        let mut base: Vec<String> = vec![
            "-o".into(),
            "BatchMode=yes".into(),
            "-o".into(),
            format!("ConnectTimeout={}", target.timeout.unwrap_or(cfg.timeout)),
            "-o".into(),
            "ServerAliveInterval=5".into(),
            "-o".into(),
            "ServerAliveCountMax=3".into(),
            "-o".into(),
            "LogLevel=ERROR".into(),
        ];
        if cfg.no_host_keys {
            base.extend([
                "-o".into(),
                "StrictHostKeyChecking=no".into(),
                "-o".into(),
                "UserKnownHostsFile=/dev/null".into(),
            ]);
        } else {
            base.extend([
                "-o".into(),
                format!(
                    "StrictHostKeyChecking={}",
                    if cfg.ignore_host_keys { "no" } else { "yes" }
                ),
            ]);
            if let Some(kh) = &cfg.known_hosts {
                base.extend(["-o".into(), format!("UserKnownHostsFile={}", kh.display())]);
            }
        }
        let privkey = target.privkey.as_ref().or(cfg.privkey.as_ref());
        if let Some(key) = privkey {
            base.extend([
                "-i".into(),
                key.display().to_string(),
                "-o".into(),
                "IdentitiesOnly=yes".into(),
            ]);
        }
        if let Some(port) = target.port.or(cfg.port) {
            base.extend(["-p".into(), port.to_string()]);
        }
        let user = if cfg.user_from_cli {
            cfg.user.clone()
        } else {
            target.user.clone().or_else(|| cfg.user.clone())
        };
        if let Some(user) = user {
            base.extend(["-l".into(), user]);
        }
        for opt in &target.ssh_options {
            base.extend(["-o".into(), opt.clone()]);
        }
        base.extend(["-S".into(), control.display().to_string()]);
        if let Some(secs) = cfg.control_persist {
            return Self::open_persistent(target, cfg, control, base, secs);
        }
        let (errlog, errfile) = master_errlog(control)?;
        let mut master = Command::new(&cfg.ssh_bin)
            .args(&base)
            .args(["-M", "-N", "-o", "ControlPersist=no", "--", &target.host])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(errfile)
            .spawn()
            .map_err(|e| Output {
                stderr: format!("cannot run {}: {e}", cfg.ssh_bin.display()),
                code: 255,
                ..Default::default()
            })?;
        let deadline =
            Instant::now() + Duration::from_secs(target.timeout.unwrap_or(cfg.timeout) + 5);
        loop {
            if control.exists() {
                break;
            }
            if let Ok(Some(status)) = master.try_wait() {
                let stderr = std::fs::read_to_string(&errlog).unwrap_or_default();
                return Err(Output {
                    stdout: String::new(),
                    stderr,
                    code: status.code().unwrap_or(255),
                });
            }
            if Instant::now() > deadline {
                let _ = master.kill();
                let _ = master.wait();
                return Err(Output {
                    stdout: String::new(),
                    stderr: format!(
                        "ssh: connect to host {} port {}: Connection timed out",
                        target.host,
                        target.port.or(cfg.port).unwrap_or(22)
                    ),
                    code: 255,
                });
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        Ok(Connection {
            target: target.clone(),
            base,
            control: control.to_path_buf(),
            master: Some(master),
            persistent: false,
            sudo: cfg.sudo || target.sudo,
            ssh_bin: cfg.ssh_bin.clone(),
        })
    }

    /// A connection kept between runs: reused when its master still answers on
    /// `control`, else opened in the background (`ssh -f -M -N -o ControlPersist=SECS`,
    /// which returns once the host let us in and then lives on its own).
    fn open_persistent(
        target: &Target,
        cfg: &SshConfig,
        control: &Path,
        base: Vec<String>,
        secs: u64,
    ) -> Result<Connection, Output> {
        let conn = Connection {
            target: target.clone(),
            base,
            control: control.to_path_buf(),
            master: None,
            persistent: true,
            sudo: cfg.sudo || target.sudo,
            ssh_bin: cfg.ssh_bin.clone(),
        };
        if std::os::unix::net::UnixStream::connect(control).is_ok() {
            return Ok(conn);
        }
        // A socket nobody listens on (a master that died) would stop a new one.
        let _ = std::fs::remove_file(control);
        let (errlog, errfile) = master_errlog(control)?;
        let status = Command::new(&cfg.ssh_bin)
            .args(&conn.base)
            .args(["-f", "-M", "-N", "-o", &format!("ControlPersist={secs}")])
            .args(["--", &target.host])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(errfile)
            .status();
        let stderr = std::fs::read_to_string(&errlog).unwrap_or_default();
        let _ = std::fs::remove_file(&errlog);
        match status {
            Ok(s) if s.success() => Ok(conn),
            Ok(s) => Err(Output {
                stdout: String::new(),
                stderr,
                code: s.code().unwrap_or(255),
            }),
            Err(e) => Err(Output {
                stderr: format!("cannot run {}: {e}", cfg.ssh_bin.display()),
                code: 255,
                ..Default::default()
            }),
        }
    }

    /// The remote command for `script`: run by `/bin/sh` with the roster's `set_path`
    /// first; under `sudo -n [-u USER]` when asked, found (as salt-ssh's shim finds it)
    /// on that `set_path`, which is set again inside, since sudo may reset `PATH`.
    fn remote_command(&self, script: &str) -> String {
        let path = self
            .target
            .set_path
            .as_ref()
            .map(|p| format!("PATH={}; export PATH; ", shell_quote(p)))
            .unwrap_or_default();
        let body = format!("{path}{script}");
        if !self.sudo {
            return format!("/bin/sh -c {}", shell_quote(&body));
        }
        let mut sudo = String::from("exec sudo -n ");
        if let Some(u) = &self.target.sudo_user {
            sudo.push_str(&format!("-u {} ", shell_quote(u)));
        }
        let outer = format!("{path}{sudo}/bin/sh -c {}", shell_quote(&body));
        format!("/bin/sh -c {}", shell_quote(&outer))
    }

    /// Runs `script` on the host over the open connection, `stdin` fed to it.
    pub fn run(&self, script: &str, stdin: Option<&[u8]>) -> Output {
        let mut child = match Command::new(&self.ssh_bin)
            .args(&self.base)
            .args(["-o", "ControlMaster=no", "--", &self.target.host])
            .arg(self.remote_command(script))
            .stdin(if stdin.is_some() {
                Stdio::piped()
            } else {
                Stdio::null()
            })
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
        {
            Ok(c) => c,
            Err(e) => {
                return Output {
                    stderr: format!("cannot run ssh: {e}"),
                    code: 255,
                    ..Default::default()
                }
            }
        };
        let feeder = stdin.map(|data| {
            let data = data.to_vec();
            let mut pipe = child.stdin.take();
            std::thread::spawn(move || {
                if let Some(p) = pipe.as_mut() {
                    let _ = p.write_all(&data);
                }
                drop(pipe);
            })
        });
        let mut out = Vec::new();
        let mut err = Vec::new();
        let mut so = child.stdout.take();
        let mut se = child.stderr.take();
        let errt = std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(s) = se.as_mut() {
                let _ = s.read_to_end(&mut buf);
            }
            buf
        });
        if let Some(s) = so.as_mut() {
            let _ = s.read_to_end(&mut out);
        }
        if let Ok(b) = errt.join() {
            err = b;
        }
        if let Some(f) = feeder {
            let _ = f.join();
        }
        let code = child.wait().ok().and_then(|s| s.code()).unwrap_or(255);
        Output {
            stdout: String::from_utf8_lossy(&out).into_owned(),
            stderr: String::from_utf8_lossy(&err).into_owned(),
            code,
        }
    }

    /// The master's process id (for tests that kill a host's connection).
    pub fn master_pid(&self) -> Option<u32> {
        self.master.as_ref().map(Child::id)
    }
}

impl Drop for Connection {
    /// Ends the master (and with it the connection); the socket goes with it.
    fn drop(&mut self) {
        if self.persistent {
            return;
        }
        if let Some(mut m) = self.master.take() {
            let _ = m.kill();
            let _ = m.wait();
        }
        let _ = std::fs::remove_file(&self.control);
        let _ = std::fs::remove_file(self.control.with_extension("err"));
    }
}

/// The file a ControlMaster's stderr goes to (beside its socket), created for writing.
fn master_errlog(control: &Path) -> Result<(PathBuf, std::fs::File), Output> {
    let errlog = control.with_extension("err");
    let errfile = std::fs::File::create(&errlog).map_err(|e| Output {
        stderr: format!("cannot create {}: {e}", errlog.display()),
        code: 255,
        ..Default::default()
    })?;
    Ok((errlog, errfile))
}
