//! A running `state.*` call's proc file is one Salt counts: salt-call's format at
//! `cachedir/proc/<jid>`, naming a pid that lives and whose command line holds `salt`
//! (salt.utils.minion._check_cmdline; halite re-executes itself with `salt` in argv[0] when
//! no argument has it). The format itself is checked against a Salt-written file in
//! crates/halite-runtime/tests/proc_files.rs.

use halite_runtime::lock::decode_proc_file;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn write(p: &Path, text: &str) {
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

#[test]
fn state_lock_seen_by_salt_while_the_run_lasts() {
    let root = tempfile::tempdir().expect("tempdir");
    let r = root.path();
    // No argument of the call holds "salt".
    assert!(!r.to_string_lossy().contains("salt"));
    let (conf, cache) = (r.join("conf"), r.join("cache"));
    write(
        &conf.join("minion"),
        &format!(
            "file_client: local\nfile_roots:\n  base: [{srv}]\ncachedir: {cache}\n",
            srv = r.join("srv").display(),
            cache = cache.display()
        ),
    );
    let marker = r.join("running");
    write(
        &r.join("srv/slow.sls"),
        &format!(
            "slow:\n  cmd.run:\n    - name: touch {}; sleep 60\n",
            marker.display()
        ),
    );
    let mut run = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["--local", "-c"])
        .arg(&conf)
        .args(["--out", "json", "-l", "quiet", "state.sls", "slow"])
        .process_group(0)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("halite");
    let deadline = Instant::now() + Duration::from_secs(60);
    while !marker.exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let files: Vec<_> = std::fs::read_dir(cache.join("proc"))
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    let seen = files.first().map(|p| {
        let data = decode_proc_file(&std::fs::read(p).expect("read")).expect("Salt's format");
        let cmdline = std::fs::read(format!("/proc/{}/cmdline", data.pid)).unwrap_or_default();
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        (data, name, cmdline)
    });
    // SAFETY: kill(2) on the process group of the child we spawned.
    unsafe { libc::kill(-(run.id() as i32), libc::SIGKILL) };
    let _ = run.wait();
    assert_eq!(files.len(), 1, "{files:?}");
    let (data, name, cmdline) = seen.expect("proc file");
    assert_eq!(data.fun, "state.sls");
    assert_eq!(data.pid, i64::from(run.id()), "the run's own pid");
    assert_eq!(name, data.jid, "named after the jid");
    assert!(
        cmdline.windows(4).any(|w| w == b"salt"),
        "Salt drops a proc file whose pid's command line lacks 'salt': {:?}",
        String::from_utf8_lossy(&cmdline)
    );
}
