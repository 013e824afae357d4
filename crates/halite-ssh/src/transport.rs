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
    /// `-i`: accept an unknown host key (and remember it); a changed one is still refused
    /// (ssh's `StrictHostKeyChecking=accept-new`).
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
                    if cfg.ignore_host_keys {
                        "accept-new"
                    } else {
                        "yes"
                    }
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
        let mut cmd = Command::new(&cfg.ssh_bin);
        end_with_parent(&mut cmd);
        let mut master = cmd
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

/// Makes the child (a run's own ControlMaster) get SIGTERM when the thread that starts it
/// ends, however it ends (`PR_SET_PDEATHSIG`): a controller killed with SIGKILL leaves no
/// master behind, and ssh removes its socket as it exits. Linux only; elsewhere a killed
/// controller's masters live on until their host closes the connection. The thread that
/// opens a [`Connection`] must outlive it (fan-out's worker threads drop each host's
/// connection before they take the next host).
fn end_with_parent(cmd: &mut Command) {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::CommandExt;
        let parent = std::process::id();
        // SAFETY: the closure runs in the forked child before exec and calls only
        // async-signal-safe functions (prctl, getppid, raise).
        unsafe {
            cmd.pre_exec(move || {
                if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM as libc::c_ulong) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                // The parent may have died before the prctl took effect.
                if libc::getppid() as u32 != parent {
                    libc::raise(libc::SIGTERM);
                }
                Ok(())
            });
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = cmd;
}

/// The prefix of a run's folder for its control sockets: `/tmp/hssh.PID.START.XXXXXX`,
/// naming the controller process that owns it (its pid and start time, so a reused pid is
/// not taken for it).
const CONTROL_PREFIX: &str = "hssh.";

/// A process's start time (clock ticks after boot, `/proc/PID/stat` field 22); `None`
/// when there is no such process (or no /proc).
fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces.
    let rest = stat.rsplit_once(')')?.1;
    rest.split_whitespace().nth(19)?.parse().ok()
}

/// Whether the controller that made a control folder (its pid and start time) still runs.
fn controller_alive(pid: u32, start: u64) -> bool {
    if Path::new("/proc/self/stat").exists() {
        return process_start(pid) == Some(start);
    }
    // No /proc: the pid alone (a reused pid keeps the folder: the safe side).
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: signal 0 only checks that the process exists.
    let r = unsafe { libc::kill(pid, 0) };
    r == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Removes the control folders in `tmp` of controllers that are gone (killed before they
/// could remove their own): only folders of this user (not symbolic links) whose name
/// says which process made them, and only when that process no longer runs. Returns the
/// folders removed.
pub fn remove_stale_control_dirs(tmp: &Path) -> Vec<PathBuf> {
    use std::os::unix::fs::MetadataExt;
    // SAFETY: geteuid has no preconditions.
    let uid = unsafe { libc::geteuid() };
    let mut removed = Vec::new();
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return removed;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let Some(rest) = name.strip_prefix(CONTROL_PREFIX) else {
            continue;
        };
        let mut parts = rest.split('.');
        let (Some(Ok(pid)), Some(Ok(start))) = (
            parts.next().map(str::parse::<u32>),
            parts.next().map(str::parse::<u64>),
        ) else {
            continue;
        };
        let Ok(meta) = std::fs::symlink_metadata(e.path()) else {
            continue;
        };
        if !meta.is_dir() || meta.uid() != uid || controller_alive(pid, start) {
            continue;
        }
        if std::fs::remove_dir_all(e.path()).is_ok() {
            removed.push(e.path());
        }
    }
    removed
}

/// A run's folder for its hosts' control sockets (0700, in `tmp`, named by this process:
/// see [`remove_stale_control_dirs`], which runs first).
pub fn control_dir(tmp: &Path) -> std::io::Result<tempfile::TempDir> {
    remove_stale_control_dirs(tmp);
    let pid = std::process::id();
    let start = process_start(pid).unwrap_or(0);
    tempfile::Builder::new()
        .prefix(&format!("{CONTROL_PREFIX}{pid}.{start}."))
        .tempdir_in(tmp)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_control_dirs_of_gone_controllers_are_removed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let mut child = Command::new("true").spawn().expect("true");
        let gone = child.id();
        child.wait().expect("wait");
        let me = std::process::id();
        let my_start = process_start(me).unwrap_or(0);
        let stale = tmp.path().join(format!("hssh.{gone}.1.abc"));
        let mine = tmp.path().join(format!("hssh.{me}.{my_start}.abc"));
        // The pid of this very process, started at another time: a reused pid.
        let reused = tmp.path().join(format!("hssh.{me}.{}.abc", my_start + 1));
        let unnamed = tmp.path().join("hssh0Ab12");
        for d in [&stale, &mine, &reused, &unnamed] {
            std::fs::create_dir(d).expect("mkdir");
        }
        std::fs::write(stale.join("0.err"), "").expect("write");
        let link = tmp.path().join(format!("hssh.{gone}.2.lnk"));
        std::os::unix::fs::symlink(&mine, &link).expect("symlink");
        let mut removed = remove_stale_control_dirs(tmp.path());
        removed.sort();
        let mut want = vec![stale.clone()];
        if Path::new("/proc/self/stat").exists() {
            want.push(reused.clone());
        }
        want.sort();
        assert_eq!(removed, want);
        assert!(mine.exists() && unnamed.exists() && link.exists());
        let made = control_dir(tmp.path()).expect("control dir");
        let name = made.path().file_name().expect("name").to_string_lossy();
        assert!(
            name.starts_with(&format!("hssh.{me}.{my_start}.")),
            "{name}"
        );
    }
}
