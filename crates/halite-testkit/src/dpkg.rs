//! dpkg's locks, as a test that installs packages sees them: another apt or dpkg (apt-daily,
//! unattended-upgrades, an administrator) holding them makes the test's own apt-get fail
//! with "Could not get lock", which is the host's state, not a difference from Salt.
//!
//! apt and dpkg take `/var/lib/dpkg/lock-frontend` and `/var/lib/dpkg/lock` (apt-get
//! update also `/var/lib/apt/lists/lock`, a download `/var/cache/apt/archives/lock`) with
//! fcntl write locks on the whole file. [`holder`] asks the kernel who holds one (`F_GETLK`, on a
//! read-only descriptor): it never takes the lock, so a real apt starting meanwhile is not
//! disturbed. [`wait_free`] polls until no other process holds any of them, for a bound, as
//! apt's own `-o DPkg::Lock::Timeout=SECONDS` waits.

use std::fmt;
use std::os::unix::io::AsRawFd;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The locks apt and dpkg take, dpkg's frontend first (the order apt takes them); the
/// package lists' lock too, which the cases' `apt-get update` shares with the host's
/// (their APT_CONFIG confines the sources, not the lists folder).
pub const LOCKS: &[&str] = &[
    "/var/lib/dpkg/lock-frontend",
    "/var/lib/dpkg/lock",
    "/var/lib/apt/lists/lock",
    "/var/cache/apt/archives/lock",
];

/// How long a case waits for the locks unless `HALITE_DPKG_LOCK_WAIT` (seconds) says.
pub const DEFAULT_WAIT: Duration = Duration::from_secs(120);

/// Another process's lock on a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Holder {
    pub path: PathBuf,
    /// The holder's pid as `F_GETLK` reports it (0 or less: not visible from here, e.g. a
    /// process of another PID namespace or an open file description lock).
    pub pid: i32,
    /// `/proc/PID/comm` of the holder, when readable.
    pub command: Option<String>,
}

impl fmt::Display for Holder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is held by ", self.path.display())?;
        match (self.pid, &self.command) {
            (pid, Some(c)) if pid > 0 => write!(f, "process {pid} ({c})"),
            (pid, None) if pid > 0 => write!(f, "process {pid}"),
            _ => write!(f, "a process not visible from here"),
        }
    }
}

/// Who holds a write-conflicting fcntl lock on `path`, if anyone (`None` too when the file
/// does not exist: nothing can hold it). Locks of this process do not count, as for apt.
pub fn holder(path: &Path) -> std::io::Result<Option<Holder>> {
    let file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(e),
    };
    // SAFETY: an all-zero `flock` is a valid value of this plain C struct.
    let mut probe: libc::flock = unsafe { std::mem::zeroed() };
    probe.l_type = libc::F_WRLCK as libc::c_short;
    probe.l_whence = libc::SEEK_SET as libc::c_short;
    probe.l_start = 0;
    probe.l_len = 0;
    // SAFETY: the descriptor is open for the call's duration and `probe` is a valid,
    // exclusively borrowed `flock` the kernel fills in.
    let rc = unsafe { libc::fcntl(file.as_raw_fd(), libc::F_GETLK, &mut probe) };
    if rc == -1 {
        return Err(std::io::Error::last_os_error());
    }
    if probe.l_type == libc::F_UNLCK as libc::c_short {
        return Ok(None);
    }
    let pid = probe.l_pid;
    let command = (pid > 0)
        .then(|| std::fs::read_to_string(format!("/proc/{pid}/comm")).ok())
        .flatten()
        .map(|c| c.trim().to_string());
    Ok(Some(Holder {
        path: path.to_path_buf(),
        pid,
        command,
    }))
}

/// The first of `paths` another process holds.
fn first_held(paths: &[&Path]) -> std::io::Result<Option<Holder>> {
    for p in paths {
        if let Some(h) = holder(p)? {
            return Ok(Some(h));
        }
    }
    Ok(None)
}

/// Why a wait for the locks gave up.
#[derive(Debug)]
pub enum Busy {
    /// Still held when the bound ran out.
    Held(Holder, Duration),
    /// A lock file could not be probed (not readable by this user, ...).
    Probe(PathBuf, std::io::Error),
}

impl fmt::Display for Busy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Busy::Held(h, waited) => write!(
                f,
                "another apt or dpkg holds its lock: {h}, still after {} s \
                 (HALITE_DPKG_LOCK_WAIT=SECONDS waits longer)",
                waited.as_secs()
            ),
            Busy::Probe(p, e) => write!(f, "cannot probe dpkg's lock {}: {e}", p.display()),
        }
    }
}

/// Waits until no other process holds any of `paths`, asking every `poll`, for at most
/// `bound`; returns how long it waited.
pub fn wait_free(paths: &[&Path], bound: Duration, poll: Duration) -> Result<Duration, Busy> {
    let start = Instant::now();
    loop {
        let held = match first_held(paths) {
            Ok(h) => h,
            Err(e) => {
                let p = paths.first().map(|p| p.to_path_buf()).unwrap_or_default();
                return Err(Busy::Probe(p, e));
            }
        };
        let Some(h) = held else {
            return Ok(start.elapsed());
        };
        let waited = start.elapsed();
        if waited >= bound {
            return Err(Busy::Held(h, waited));
        }
        std::thread::sleep(poll.min(bound - waited));
    }
}

/// [`wait_free`] on apt's and dpkg's [`LOCKS`] for `HALITE_DPKG_LOCK_WAIT` seconds (default
/// [`DEFAULT_WAIT`]), asking twice a second.
pub fn wait_for_dpkg() -> Result<Duration, Busy> {
    let bound = std::env::var("HALITE_DPKG_LOCK_WAIT")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok())
        .map_or(DEFAULT_WAIT, Duration::from_secs);
    let paths: Vec<&Path> = LOCKS.iter().map(Path::new).collect();
    wait_free(&paths, bound, Duration::from_millis(500))
}

/// The messages apt and dpkg give when another process holds their lock.
const LOCK_MESSAGES: &[&str] = &[
    "Could not get lock /var/",
    "Unable to acquire the dpkg frontend lock",
    "Unable to lock the administration directory (/var/lib/dpkg/)",
    "dpkg frontend lock was locked by another process",
    "dpkg status database is locked by another process",
];

/// Where `text` (a command's output, or a JSON text holding it) says apt or dpkg found its
/// lock held by another process: that message, to the end of its line (a newline, a JSON
/// `\n` or the closing quote), at most 200 characters. apt's names the holder ("It is held
/// by process 4242 (unattended-upgr)").
pub fn lock_message(text: &str) -> Option<String> {
    let at = LOCK_MESSAGES.iter().filter_map(|m| text.find(m)).min()?;
    let rest = &text[at..];
    let end = ["\n", "\\n", "\""]
        .iter()
        .filter_map(|e| rest.find(e))
        .min()
        .unwrap_or(rest.len());
    Some(rest[..end].chars().take(200).collect())
}

/// Whether `text` says apt or dpkg found its lock held by another process ([`lock_message`]).
pub fn is_lock_failure(text: &str) -> bool {
    lock_message(text).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};

    /// A child process holding an fcntl write lock on `path` (Python's `fcntl.lockf`, the
    /// lock apt and dpkg take) until its stdin closes.
    fn hold(path: &Path) -> Option<std::process::Child> {
        let script = "import fcntl, sys\n\
                      f = open(sys.argv[1], 'w')\n\
                      fcntl.lockf(f, fcntl.LOCK_EX)\n\
                      print('held', flush=True)\n\
                      sys.stdin.read()\n";
        let mut child = Command::new("python3")
            .args(["-c", script])
            .arg(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .ok()?;
        let mut line = String::new();
        let out = child.stdout.take()?;
        BufReader::new(out).read_line(&mut line).ok()?;
        (line.trim() == "held").then_some(child)
    }

    #[test]
    fn a_lock_held_by_another_process_is_seen_and_waited_for_with_a_bound() {
        let dir = std::env::temp_dir().join(format!("halitetest-dpkglock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch dir");
        let lock = dir.join("lock-frontend");
        std::fs::write(&lock, "").expect("scratch lock file");
        assert_eq!(holder(&lock).expect("probe"), None, "nobody holds it yet");
        assert_eq!(holder(&dir.join("missing")).expect("probe"), None);
        let Some(mut child) = hold(&lock) else {
            let _ = std::fs::remove_dir_all(&dir);
            crate::skip_this_test("no python3 to hold an fcntl lock from another process");
            return;
        };
        let pid = i32::try_from(child.id()).expect("pid");
        let seen = holder(&lock).expect("probe");
        let paths = [lock.as_path()];
        let waited = wait_free(
            &paths,
            Duration::from_millis(300),
            Duration::from_millis(50),
        );
        // the probe did not take the lock: the holder still has it
        let still = holder(&lock).expect("probe");
        drop(child.stdin.take());
        let _ = child.wait();
        let after = wait_free(&paths, Duration::from_secs(5), Duration::from_millis(50));
        let _ = std::fs::remove_dir_all(&dir);
        let seen = seen.expect("the child's lock is seen");
        assert_eq!(seen.pid, pid);
        assert_eq!(
            seen.command.as_deref().map(|c| c.starts_with("python")),
            Some(true)
        );
        match waited {
            Err(Busy::Held(h, w)) => {
                assert_eq!(h.pid, pid);
                assert!(w >= Duration::from_millis(300), "gave up after {w:?}");
                let why = Busy::Held(h, w).to_string();
                assert!(why.contains(&format!("process {pid}")), "{why}");
            }
            other => panic!("a held lock must make the wait give up: {other:?}"),
        }
        assert_eq!(still.map(|h| h.pid), Some(pid));
        assert!(
            after.is_ok(),
            "the lock is free once its holder exits: {after:?}"
        );
    }

    #[test]
    fn lock_failures_of_apt_and_dpkg_are_recognised() {
        assert!(is_lock_failure(
            "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)"
        ));
        assert!(is_lock_failure(
            "dpkg: error: dpkg frontend lock was locked by another process with pid 4242"
        ));
        assert!(!is_lock_failure(
            "E: Unable to locate package halitetest-pkg-nope"
        ));
        // inside a JSON text, up to the end of apt's line
        assert_eq!(
            lock_message(
                r#""comment": "W: x\nE: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)\nE: y""#
            )
            .as_deref(),
            Some("Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 4242 (apt-get)")
        );
    }
}
