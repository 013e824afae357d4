//! The state-run lock's proc files are Salt's (`cachedir/proc/<jid>`, msgpack): halite writes
//! what salt-call writes, reads what salt-call writes, and clears what a dead run left, as
//! salt.utils.minion.running does. `tests/data/salt_proc_file` was written by Salt 3007.8's
//! salt-call during a state run (scripts/oracle/proc_record.sh).

use halite_runtime::lock::{acquire, decode_proc_file, encode_proc_file, jid_to_time};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};

fn salt_fixture() -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/salt_proc_file");
    std::fs::read(p).expect("the recorded Salt proc file")
}

/// A live process whose command line starts with `argv0` (Salt only counts a live pid whose
/// command line holds "salt").
struct Holder(Child);

impl Holder {
    fn start(argv0: &str) -> Holder {
        let h = Holder(
            Command::new("sleep")
                .arg0(argv0)
                .arg("60")
                .spawn()
                .expect("sleep"),
        );
        // Until the exec completes the new process's command line reads empty.
        let cmdline = format!("/proc/{}/cmdline", h.pid());
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while std::fs::read(&cmdline).map_or(true, |c| !c.starts_with(argv0.as_bytes()))
            && std::time::Instant::now() < deadline
        {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        h
    }
    fn pid(&self) -> i64 {
        i64::from(self.0.id())
    }
}

impl Drop for Holder {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn proc_dir(cachedir: &Path) -> PathBuf {
    let d = cachedir.join("proc");
    std::fs::create_dir_all(&d).expect("proc dir");
    d
}

#[test]
fn proc_file_is_written_in_salts_format() {
    let salt = salt_fixture();
    let data = decode_proc_file(&salt).expect("Salt's proc file decodes");
    assert!(data.fun.starts_with("state."), "{data:?}");
    assert_eq!(data.jid.len(), 20, "{data:?}");
    // Byte for byte what salt-call wrote for the same job.
    assert_eq!(encode_proc_file(&data.fun, data.pid, &data.jid), salt);
}

#[test]
fn state_run_writes_a_proc_file_salt_can_read_and_removes_it() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lock = acquire(dir.path(), "state.apply", false).expect("lock");
    let path = dir.path().join("proc").join(&lock.jid);
    let bytes = std::fs::read(&path).expect("proc file named after the jid");
    let data = decode_proc_file(&bytes).expect("decodes");
    assert_eq!(data.fun, "state.apply");
    assert_eq!(data.pid, i64::from(std::process::id()));
    assert_eq!(data.jid, lock.jid);
    drop(lock);
    assert!(!path.exists(), "the proc file outlived the run");
}

#[test]
fn live_salt_run_blocks_a_state_run() {
    let dir = tempfile::tempdir().expect("tempdir");
    let salt = Holder::start("/usr/bin/python3 /usr/bin/salt-call");
    // Salt's own bytes, with the live holder's pid in place of the recorded one.
    let recorded = decode_proc_file(&salt_fixture()).expect("decodes");
    let file = proc_dir(dir.path()).join(&recorded.jid);
    std::fs::write(
        &file,
        encode_proc_file(&recorded.fun, salt.pid(), &recorded.jid),
    )
    .expect("write");
    let err = acquire(dir.path(), "state.apply", false).expect_err("refused");
    assert_eq!(
        err,
        vec![format!(
            "The function \"{}\" is running as PID {} and was started at {} with jid {}",
            recorded.fun,
            salt.pid(),
            jid_to_time(&recorded.jid),
            recorded.jid
        )]
    );
    assert!(file.exists());
    // concurrent=True runs anyway.
    assert!(acquire(dir.path(), "state.apply", true).is_ok());
}

#[test]
fn dead_runs_proc_file_is_removed() {
    let dir = tempfile::tempdir().expect("tempdir");
    // The recorded salt-call has long exited.
    let salt = salt_fixture();
    let recorded = decode_proc_file(&salt).expect("decodes");
    let dead = proc_dir(dir.path()).join(&recorded.jid);
    std::fs::write(&dead, &salt).expect("write");
    // A live process that is not Salt (a recycled pid) does not count either.
    let other = Holder::start("not-the-minion");
    let recycled = proc_dir(dir.path()).join("20200101000000000000");
    std::fs::write(
        &recycled,
        encode_proc_file("state.sls", other.pid(), "20200101000000000000"),
    )
    .expect("write");
    // An empty file, and halite's old text format of a dead pid.
    let empty = proc_dir(dir.path()).join("20200101000000000001");
    std::fs::write(&empty, b"").expect("write");
    let legacy = proc_dir(dir.path()).join("halite-20200101000000000002-999999999");
    std::fs::write(&legacy, "999999999\n20200101000000000002\nstate.apply\n").expect("write");
    let lock = acquire(dir.path(), "state.apply", false).expect("nothing live holds the lock");
    for f in [&dead, &recycled, &empty, &legacy] {
        assert!(!f.exists(), "{} was left", f.display());
    }
    drop(lock);
}
