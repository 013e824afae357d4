//! salt-ssh's side of a fleet run, without Salt's thin: the roster and targeting
//! ([`roster`]), the transport over the system `ssh` with one multiplexed connection a host
//! ([`transport`]), deploying the halite binary into a host's `thin_dir` ([`run_deployed`]), the
//! controller's grains cache ([`cache`]) and the fan-out over hosts ([`fan_out`]).
//!
//! It knows nothing about rendering or compiling: the CLI compiles each host's catalog
//! (halite-catalog) from the grains this crate brings back and hands the archive to
//! [`transport::Connection::run`].

pub mod cache;
pub mod roster;
pub mod transport;

pub use roster::{Target, TargetKind};
pub use transport::{shell_quote, Connection, Output, SshConfig};

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

/// salt-ssh's default `thin_dir` is `/var/tmp/.<user>_<fqdn-hash>_salt`; halite's is
/// `/var/tmp/.halite_<user>` unless the roster or the master config names one.
pub fn default_thin_dir(user: Option<&str>) -> String {
    format!("/var/tmp/.halite_{}", user.unwrap_or("root"))
}

/// What [`run_deployed`] prints and exits with when the host lacks the build.
const DEPLOY_MARK: &str = "HALITE_DEPLOY_NEEDED";
const DEPLOY_EXIT: i32 = 97;
/// What the shipping form of [`run_deployed`] prints (stderr) and exits with when the
/// copy itself failed.
const COPY_FAILED_MARK: &str = "HALITE_COPY_FAILED";
const COPY_FAILED_EXIT: i32 = 96;
/// What the host prints (stderr, then the reason) and exits with when its thin_dir or
/// binary is not safe to run: salt's `EX_CANTCREAT`, the code its shim gives a thin path
/// it cannot use.
const UNSAFE_MARK: &str = "halite ssh: refusing the thin_dir";
const UNSAFE_EXIT: i32 = 73;

/// Why the host refused its thin_dir (the shell check of [`run_deployed`]), if it did:
/// the thin_dir or the binary is a symbolic link, is owned by someone other than the
/// connecting user or root, or is writable by its group or others.
pub fn thin_refusal(out: &Output) -> Option<String> {
    if out.code != UNSAFE_EXIT {
        return None;
    }
    out.stderr
        .lines()
        .find(|l| l.starts_with(UNSAFE_MARK))
        .map(|l| l.trim_end().to_string())
}

/// The shell that refuses (exit [`UNSAFE_EXIT`], the reason on stderr) unless each of
/// `paths` exists, is no symbolic link, is owned by the effective user or root and is not
/// writable by its group or others. The owner is shell builtins (`[ -O ]`; `find` only
/// when that fails, to allow root); the modes cost one `find` (no shell builtin reads
/// them).
fn safety_check(paths: &[String]) -> String {
    let list = paths
        .iter()
        .map(|p| shell_quote(p))
        .collect::<Vec<_>>()
        .join(" ");
    let refuse =
        |why: &str| format!("{{ echo \"{UNSAFE_MARK}: {why}\" >&2; exit {UNSAFE_EXIT}; }}");
    format!(
        "for halite_p in {list}; do \
if [ -h \"$halite_p\" ]; then {link}; fi; \
if [ ! -e \"$halite_p\" ]; then {missing}; fi; \
if [ ! -O \"$halite_p\" ] && [ -z \"$(find \"$halite_p\" -prune -user 0 -print 2>/dev/null)\" ]; then {owner}; fi; \
done; \
halite_w=$(find {list} -prune \\( -perm -020 -o -perm -002 \\) -print) || {nocheck}; \
if [ -n \"$halite_w\" ]; then {writable}; fi",
        link = refuse("$halite_p is a symbolic link"),
        missing = refuse("$halite_p is missing"),
        owner = refuse("$halite_p is owned by another user than the connecting user or root"),
        nocheck = refuse(&format!("cannot read the modes of {list}")),
        // Unquoted: one line for all the paths found.
        writable = refuse("\"$halite_w\" is writable by group or others"),
    )
}

/// The halite build a run deploys, read from disk only when a host needs a copy (a
/// no-change run of hosts that have it never reads the ~15 MB file).
pub struct ThinBinary {
    path: PathBuf,
    bytes: OnceLock<Result<Arc<[u8]>, String>>,
}

impl ThinBinary {
    pub fn new(path: PathBuf) -> ThinBinary {
        ThinBinary {
            path,
            bytes: OnceLock::new(),
        }
    }

    /// A build whose bytes the caller already read.
    pub fn read(path: PathBuf, bytes: Vec<u8>) -> ThinBinary {
        let b = ThinBinary::new(path);
        let _ = b.bytes.set(Ok(Arc::from(bytes)));
        b
    }

    pub fn bytes(&self) -> Result<&[u8], String> {
        self.bytes
            .get_or_init(|| {
                std::fs::read(&self.path)
                    .map(Arc::from)
                    .map_err(|e| format!("reading {}: {e}", self.path.display()))
            })
            .as_deref()
            .map_err(String::clone)
    }

    /// The bytes, or the failed command's output that says why they could not be read.
    fn bytes_or_output(&self) -> Result<&[u8], Output> {
        self.bytes().map_err(|e| Output {
            stdout: String::new(),
            stderr: format!("halite ssh: {e}"),
            code: 1,
        })
    }
}

/// The build a host must run: where it goes and what it is.
#[derive(Clone, Copy)]
pub struct Thin<'a> {
    pub dir: &'a str,
    pub binary: &'a ThinBinary,
    /// The binary's sha256 (hex), recorded beside it as `THIN/halite.sha256`.
    pub sum: &'a str,
}

/// How [`run_deployed`] went about the binary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deployed {
    /// The host already had this exact build.
    Current,
    /// The binary was copied (with the command, or after it asked for it).
    Copied,
}

/// The shell that writes `THIN/halite` from stdin, then records its sum. THIN is created
/// (its parents with `mkdir -p`, itself with `mkdir -m 700`) when missing, and whether new
/// or found it must pass [`safety_check`] before anything is written into it: a thin_dir
/// someone else made (or a link to one) is refused, never written into or followed. The
/// binary is written beside and renamed into place, so a killed copy never leaves a
/// half-written `halite`.
fn copy_script(thin: &Thin) -> String {
    let dir = shell_quote(thin.dir);
    let parent = std::path::Path::new(thin.dir)
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .filter(|p| !p.is_empty() && p != "/");
    let mkparent = match parent {
        Some(p) => format!("mkdir -p {}; ", shell_quote(&p)),
        None => String::new(),
    };
    format!(
        "if [ ! -e {dir} ] && [ ! -h {dir} ]; then {mkparent}mkdir -m 700 {dir}; fi; {check}; cat > {dir}/halite.new && chmod 700 {dir}/halite.new && mv -f {dir}/halite.new {dir}/halite && echo {sum} > {dir}/halite.sha256",
        check = safety_check(&[thin.dir.to_string()]),
        sum = thin.sum
    )
}

/// Copies the binary into `THIN` over the connection (one command, the binary on stdin);
/// `Err` is the failed copy or the thin_dir refused ([`thin_refusal`]).
fn copy(conn: &Connection, thin: &Thin) -> Result<(), Output> {
    let out = conn.run(
        &format!("umask 077; {}", copy_script(thin)),
        Some(thin.binary.bytes_or_output()?),
    );
    if out.code != 0 {
        return Err(out);
    }
    Ok(())
}

/// Runs `script` with `THIN/halite` guaranteed to be the build `thin` names, in one round
/// trip either way:
/// - `ship` (the controller has no record that the host has this build, e.g. first
///   contact) and no `stdin`: the binary goes on the command's stdin and is written into
///   place before the script runs (salt-ssh would ask first, then copy, then run again).
/// - otherwise the script is guarded by the version check (salt-ssh's thin check), and
///   only when that fails is the binary copied and the script run again (three commands,
///   the price of a host that lost its copy or a new build with a stale record).
///
/// `script` runs with the login's own umask (a state run's new files get the modes they
/// get under salt-ssh); the halite commands it holds write the host's minion config
/// themselves. Before `script` runs, the thin_dir and the binary must pass
/// [`safety_check`] (salt-ssh's shim checks the owner and mode of a thin_dir it creates).
/// `Err` is a failed copy, or the thin_dir refused ([`thin_refusal`]): nothing of `script`
/// ran.
pub fn run_deployed(
    conn: &Connection,
    thin: &Thin,
    script: &str,
    stdin: Option<&[u8]>,
    ship: bool,
) -> Result<(Output, Deployed), Output> {
    if ship && stdin.is_none() {
        // The copy runs in a subshell, so that its refusal's `exit` ends the copy alone
        // and is passed on as it is.
        let shipped = format!(
            "halite_umask=$(umask); umask 077; ( {copy} ); halite_rc=$?; if [ $halite_rc = {UNSAFE_EXIT} ]; then exit {UNSAFE_EXIT}; elif [ $halite_rc != 0 ]; then echo {COPY_FAILED_MARK} >&2; exit {COPY_FAILED_EXIT}; fi\numask $halite_umask\n{script}",
            copy = copy_script(thin)
        );
        let out = conn.run(&shipped, Some(thin.binary.bytes_or_output()?));
        if (out.code == COPY_FAILED_EXIT && out.stderr.contains(COPY_FAILED_MARK))
            || thin_refusal(&out).is_some()
        {
            return Err(out);
        }
        return Ok((out, Deployed::Copied));
    }
    // The version check is shell builtins (`read`, not `$(cat ...)`); the safety check
    // forks one `find`.
    let dir = shell_quote(thin.dir);
    let guarded = format!(
        "if [ -f {dir}/halite ] && [ -x {dir}/halite ] && {{ read -r halite_sum < {dir}/halite.sha256; }} 2>/dev/null && [ \"$halite_sum\" = {sum} ]; then :; else echo {DEPLOY_MARK}; exit {DEPLOY_EXIT}; fi\n{check}\n{script}",
        sum = thin.sum,
        check = safety_check(&[thin.dir.to_string(), format!("{}/halite", thin.dir)]),
    );
    let out = conn.run(&guarded, stdin);
    if thin_refusal(&out).is_some() {
        return Err(out);
    }
    if out.code != DEPLOY_EXIT || out.stdout.trim() != DEPLOY_MARK {
        return Ok((out, Deployed::Current));
    }
    copy(conn, thin)?;
    let out = conn.run(&guarded, stdin);
    if thin_refusal(&out).is_some() {
        return Err(out);
    }
    Ok((out, Deployed::Copied))
}

/// Several commands as one script (one round trip), each one's stdout and stderr
/// followed by a line holding `mark` (and, on stdout, the command's exit status), which
/// [`split_batch`] cuts apart again.
pub fn batch_script(commands: &[String], mark: &str) -> String {
    let mut s = String::new();
    for c in commands {
        s.push_str(c);
        s.push_str(&format!(
            "\nprintf '\\n%s %s\\n' {mark} \"$?\"; printf '\\n%s\\n' {mark} >&2\n"
        ));
    }
    s
}

/// The outputs of a [`batch_script`] run, one a command; `None` when the host's output
/// does not hold them all (the batch was cut short: ssh failed, the shell died).
pub fn split_batch(out: &Output, mark: &str, n: usize) -> Option<Vec<Output>> {
    let mut outs = Vec::with_capacity(n);
    let mut stdout = out.stdout.as_str();
    let mut stderr = out.stderr.as_str();
    let out_mark = format!("\n{mark} ");
    let err_mark = format!("\n{mark}\n");
    for _ in 0..n {
        let at = stdout.find(&out_mark)?;
        let text = &stdout[..at];
        let rest = &stdout[at + out_mark.len()..];
        let eol = rest.find('\n').unwrap_or(rest.len());
        let code = rest[..eol].trim().parse().ok()?;
        stdout = rest.get(eol + 1..).unwrap_or("");
        let (etext, erest) = match stderr.find(&err_mark) {
            Some(e) => (&stderr[..e], &stderr[e + err_mark.len()..]),
            None => (stderr, ""),
        };
        stderr = erest;
        outs.push(Output {
            stdout: text.to_string(),
            stderr: etext.to_string(),
            code,
        });
    }
    Some(outs)
}

/// Runs `work` on each item, at most `max_procs` at once, and hands each result to
/// `done` on the calling thread as it arrives (completion order), so one slow or failing
/// host never holds back the report of the others.
pub fn fan_out<T, R>(
    items: Vec<T>,
    max_procs: usize,
    work: impl Fn(T) -> R + Sync,
    mut done: impl FnMut(R),
) where
    T: Send,
    R: Send,
{
    let n = items.len();
    if n == 0 {
        return;
    }
    let slots: Vec<std::sync::Mutex<Option<T>>> = items
        .into_iter()
        .map(|t| std::sync::Mutex::new(Some(t)))
        .collect();
    let next = AtomicUsize::new(0);
    let (tx, rx) = std::sync::mpsc::channel::<R>();
    std::thread::scope(|s| {
        for _ in 0..max_procs.clamp(1, n) {
            let tx = tx.clone();
            let (slots, next, work) = (&slots, &next, &work);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(slot) = slots.get(i) else { break };
                let item = slot.lock().ok().and_then(|mut g| g.take());
                if let Some(item) = item {
                    if tx.send(work(item)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        for r in rx {
            done(r);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fan_out_bounds_concurrency_and_reports_everything() {
        let running = AtomicUsize::new(0);
        let peak = AtomicUsize::new(0);
        let mut got = Vec::new();
        fan_out(
            (0..12).collect(),
            3,
            |i: usize| {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                peak.fetch_max(now, Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(10));
                running.fetch_sub(1, Ordering::SeqCst);
                i * 2
            },
            |r| got.push(r),
        );
        got.sort();
        assert_eq!(got, (0..12).map(|i| i * 2).collect::<Vec<_>>());
        assert!(peak.load(Ordering::SeqCst) <= 3);
    }

    #[test]
    fn a_batch_splits_back_into_each_commands_output() {
        let cmds = vec![
            "echo one; echo err1 >&2".to_string(),
            "printf 'no newline'; false".to_string(),
            "echo three".to_string(),
        ];
        let script = batch_script(&cmds, "MARK1234");
        let out = std::process::Command::new("/bin/sh")
            .arg("-c")
            .arg(&script)
            .output()
            .unwrap();
        let out = Output {
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
            code: out.status.code().unwrap_or(-1),
        };
        let parts = split_batch(&out, "MARK1234", 3).expect("three parts");
        assert_eq!(parts[0].stdout, "one\n");
        assert_eq!(parts[0].stderr, "err1\n");
        assert_eq!(parts[0].code, 0);
        assert_eq!(parts[1].stdout, "no newline");
        assert_eq!(parts[1].code, 1);
        assert_eq!(parts[2].stdout, "three\n");
        // A batch cut short is no batch.
        let cut = Output {
            stdout: out.stdout[..out.stdout.find("no newline").unwrap()].to_string(),
            ..out.clone()
        };
        assert!(split_batch(&cut, "MARK1234", 3).is_none());
    }

    #[test]
    fn shell_quote_survives_quotes() {
        assert_eq!(shell_quote("a b'c"), "'a b'\\''c'");
        assert_eq!(shell_quote("/var/tmp/x"), "/var/tmp/x");
    }
}
