//! salt-ssh's side of a fleet run, without Salt's thin: the roster and targeting
//! ([`roster`]), the transport over the system `ssh` with one multiplexed connection a host
//! ([`transport`]), deploying the halite binary into a host's `thin_dir` ([`deploy`]), the
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

use std::sync::atomic::{AtomicUsize, Ordering};

/// salt-ssh's default `thin_dir` is `/var/tmp/.<user>_<fqdn-hash>_salt`; halite's is
/// `/var/tmp/.halite_<user>` unless the roster or the master config names one.
pub fn default_thin_dir(user: Option<&str>) -> String {
    format!("/var/tmp/.halite_{}", user.unwrap_or("root"))
}

/// What [`deploy`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deployed {
    /// The host already had this exact build (same sha256).
    Current,
    /// The binary was copied.
    Copied,
}

/// Makes sure `THIN/halite` is the build whose sha256 is `sum` (salt-ssh's thin version
/// check): one round trip when it is, a copy over the open connection when not. `THIN`
/// is created mode 0700; the binary is written beside and renamed into place, so a
/// killed copy never leaves a half-written `halite`.
pub fn deploy(
    conn: &Connection,
    thin_dir: &str,
    binary: &[u8],
    sum: &str,
) -> Result<Deployed, Output> {
    let thin = shell_quote(thin_dir);
    let check = format!(
        "umask 077; mkdir -p {thin} && chmod 700 {thin} && if [ -x {thin}/halite ] && [ \"$(cat {thin}/halite.sha256 2>/dev/null)\" = {sum} ]; then echo current; else echo missing; fi"
    );
    let out = conn.run(&check, None);
    if out.code != 0 {
        return Err(out);
    }
    if out.stdout.trim() == "current" {
        return Ok(Deployed::Current);
    }
    copy(conn, thin_dir, binary, sum)?;
    Ok(Deployed::Copied)
}

/// Copies the binary into `THIN` (created 0700) over the connection: written beside and
/// renamed into place, then its sum recorded.
fn copy(conn: &Connection, thin_dir: &str, binary: &[u8], sum: &str) -> Result<(), Output> {
    let thin = shell_quote(thin_dir);
    let copy = format!(
        "umask 077; mkdir -p {thin} && chmod 700 {thin} && cat > {thin}/halite.new && chmod 700 {thin}/halite.new && mv -f {thin}/halite.new {thin}/halite && echo {sum} > {thin}/halite.sha256"
    );
    let out = conn.run(&copy, Some(binary));
    if out.code != 0 {
        return Err(out);
    }
    Ok(())
}

/// What [`run_deployed`] prints and exits with when the host lacks the build.
const DEPLOY_MARK: &str = "HALITE_DEPLOY_NEEDED";
const DEPLOY_EXIT: i32 = 97;

/// Runs `script` with `THIN/halite` guaranteed to be the build whose sha256 is `sum`, in
/// one round trip when it already is: the script is guarded by the version check, and
/// only when that fails is the binary copied ([`deploy`]) and the script run again.
/// `setup` (shell, run after the check, umask 077) writes per-run files such as the
/// minion config; `script` runs with the login's own umask (a state run's new files get
/// the modes they get under salt-ssh).
pub fn run_deployed(
    conn: &Connection,
    thin_dir: &str,
    binary: &[u8],
    sum: &str,
    setup: &str,
    script: &str,
    stdin: Option<&[u8]>,
) -> Result<Output, Output> {
    let thin = shell_quote(thin_dir);
    let guarded = format!(
        "halite_umask=$(umask); umask 077; if [ -x {thin}/halite ] && [ \"$(cat {thin}/halite.sha256 2>/dev/null)\" = {sum} ]; then :; else echo {DEPLOY_MARK}; exit {DEPLOY_EXIT}; fi; {setup}\numask $halite_umask\n{script}"
    );
    let out = conn.run(&guarded, stdin);
    if out.code != DEPLOY_EXIT || out.stdout.trim() != DEPLOY_MARK {
        return Ok(out);
    }
    copy(conn, thin_dir, binary, sum)?;
    Ok(conn.run(&guarded, stdin))
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
    fn shell_quote_survives_quotes() {
        assert_eq!(shell_quote("a b'c"), "'a b'\\''c'");
        assert_eq!(shell_quote("/var/tmp/x"), "/var/tmp/x");
    }
}
