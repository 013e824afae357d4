//! Bounds on hostile or broken input (issue 34, "Bounds"; `halite_value::limits`): an
//! archive that inflates far past its size streams to disk or is refused, an input file
//! past the limit gets a clear error naming it (not an allocation abort), a diagnostic never
//! echoes a huge ID whole; and file.managed's owner and mode reach the new contents before
//! its name does.

use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::{Command, Stdio};

fn halite() -> Command {
    Command::new(env!("CARGO_BIN_EXE_halite"))
}

/// A minion config in `dir` whose roots are `dir/srv` and cache `dir/cache`.
fn minion(dir: &Path) {
    std::fs::create_dir_all(dir.join("srv")).expect("srv");
    std::fs::write(
        dir.join("minion"),
        format!(
            "file_client: local\nid: boundsminion\ncachedir: {0}/cache\nfile_roots: {{base: [{0}/srv]}}\npillar_roots: {{base: []}}\n",
            dir.display()
        ),
    )
    .expect("minion");
}

/// A catalog archive made with the system tar: `lowstate.json` (one test.nop) and a
/// salt:// member of `size` zero bytes, which gzip shrinks ~1000 times.
fn zero_archive(dir: &Path, size: u64) -> std::path::PathBuf {
    let tree = dir.join("tree");
    std::fs::create_dir_all(tree.join("base")).expect("tree");
    std::fs::write(
        tree.join("lowstate.json"),
        r#"[{"state":"test","__id__":"nop","name":"nop","fun":"nop","__sls__":"b","__env__":"base","order":1}]"#,
    )
    .expect("lowstate");
    let f = std::fs::File::create(tree.join("base/zeros.bin")).expect("zeros");
    f.set_len(size).expect("set_len");
    let archive = dir.join("bomb.tgz");
    let st = Command::new("tar")
        .arg("-C")
        .arg(&tree)
        .args(["-czf"])
        .arg(&archive)
        .args(["lowstate.json", "base"])
        .status()
        .expect("tar");
    assert!(st.success(), "tar failed");
    std::fs::remove_dir_all(&tree).expect("rm tree");
    archive
}

/// Runs `cmd`, returning its exit code, stdout+stderr and its own peak RSS in KiB (wait4,
/// which reaps the child: std's `wait` is not called).
#[allow(clippy::zombie_processes)]
fn run_measured(cmd: &mut Command) -> (i32, String, i64) {
    use std::io::Read;
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let mut out = String::new();
    let mut err = String::new();
    let mut so = child.stdout.take().expect("stdout");
    let mut se = child.stderr.take().expect("stderr");
    let t = std::thread::spawn(move || {
        let mut e = String::new();
        let _ = se.read_to_string(&mut e);
        e
    });
    let _ = so.read_to_string(&mut out);
    err.push_str(&t.join().unwrap_or_default());
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid out-parameter; the pid is our own child's.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    let pid = child.id() as libc::pid_t;
    let rc = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(rc, pid, "wait4");
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        128 + libc::WTERMSIG(status)
    };
    (code, format!("{out}{err}"), usage.ru_maxrss)
}

/// No `halite-pkg.*` folder left beside the archive.
fn leftovers(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .expect("read_dir")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("halite-pkg."))
        .collect()
}

#[test]
fn archive_bomb_is_streamed_not_held_in_memory() {
    let scratch = tempfile::tempdir().expect("tempdir");
    minion(scratch.path());
    // 256 MiB of salt:// file in a ~250 KB archive, under the default 512 MiB bound
    let archive = zero_archive(scratch.path(), 256 << 20);
    let (code, out, rss_kib) = run_measured(
        halite()
            .args(["catalog", "apply"])
            .arg(&archive)
            .args(["-c"])
            .arg(scratch.path())
            .args(["--out", "json", "-l", "quiet"])
            .arg("test=True"),
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("\"result\": true"), "{out}");
    // held in memory it would need 256 MiB and more
    assert!(
        rss_kib < 128 * 1024,
        "peak RSS {rss_kib} KiB for a 256 MiB member: it was not streamed"
    );
    assert!(leftovers(scratch.path()).is_empty());
}

#[test]
fn archive_bomb_past_the_bound_is_refused_clearly() {
    let scratch = tempfile::tempdir().expect("tempdir");
    minion(scratch.path());
    let archive = zero_archive(scratch.path(), 64 << 20);
    let (code, out, _) = run_measured(
        halite()
            .env("HALITE_MAX_CATALOG_BYTES", (16u64 << 20).to_string())
            .args(["catalog", "apply"])
            .arg(&archive)
            .args(["-c"])
            .arg(scratch.path())
            .args(["--out", "json", "-l", "quiet"]),
    );
    assert_ne!(code, 0, "{out}");
    assert!(
        out.contains("unpacks to more than 16777216 bytes")
            && out.contains("HALITE_MAX_CATALOG_BYTES"),
        "{out}"
    );
    assert!(leftovers(scratch.path()).is_empty(), "nothing left behind");
}

#[test]
fn oversized_sls_is_refused_with_its_name() {
    let scratch = tempfile::tempdir().expect("tempdir");
    minion(scratch.path());
    let sls = scratch.path().join("srv/big.sls");
    // one line of 2 MiB + 1 byte, past a 2 MiB bound (the default is 64 MiB)
    std::fs::write(&sls, format!("{}: {{}}\n", "x".repeat((2 << 20) - 3))).expect("sls");
    let (code, out, _) = run_measured(
        halite()
            .env("HALITE_MAX_INPUT_BYTES", (2u64 << 20).to_string())
            .args(["-c"])
            .arg(scratch.path())
            .args(["--out", "json", "-l", "quiet", "state.show_sls", "big"]),
    );
    assert_ne!(code, 0, "{}", &out[..out.len().min(2000)]);
    assert!(
        out.contains(&sls.display().to_string())
            && out.contains("past halite's limit of 2097152 bytes")
            && out.contains("HALITE_MAX_INPUT_BYTES"),
        "{}",
        &out[..out.len().min(2000)]
    );
    assert!(
        out.len() < 4096,
        "the refusal echoes no input: {} bytes",
        out.len()
    );
}

#[test]
fn diagnostic_echo_of_a_huge_id_is_bounded() {
    let scratch = tempfile::tempdir().expect("tempdir");
    minion(scratch.path());
    // a 1 MB ID whose state is not a dict: Salt's error text names the ID (stdout keeps
    // it whole, as Salt's), the diagnostic on stderr shows it cut
    let id = "i".repeat(1 << 20);
    // (an explicit key: PyYAML, and so halite, allow no implicit key past 1024 characters)
    std::fs::write(
        scratch.path().join("srv/huge.sls"),
        format!("? {id}\n: 5\n"),
    )
    .expect("sls");
    let out = halite()
        .args(["-c"])
        .arg(scratch.path())
        .args(["--out", "json", "-l", "quiet", "state.show_sls", "huge"])
        .output()
        .expect("halite");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&out.stdout).contains(&id),
        "Salt's text is kept"
    );
    assert!(!stderr.is_empty(), "a diagnostic is printed");
    assert!(stderr.len() < 8192, "stderr echoed {} bytes", stderr.len());
    assert!(stderr.contains("…[1048"), "the ID is shown cut: {stderr}");
}

/// file.managed replacing a 0644 file with secret contents and mode 0600: a watcher
/// polling the name must never see the new contents' inode with another mode.
#[test]
fn managed_perms_are_set_before_the_name_appears() {
    let scratch = tempfile::tempdir().expect("tempdir");
    minion(scratch.path());
    let name = scratch.path().join("secret.conf");
    std::fs::write(
        scratch.path().join("srv/secret.sls"),
        format!(
            "secret:\n  file.managed:\n    - name: {}\n    - mode: '0600'\n    - contents: {{{{ pillar.get('n', 'x') }}}}\n",
            name.display()
        ),
    )
    .expect("sls");
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let seen_loose = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut runs = 0;
    let watcher = {
        let (stop, seen_loose, name) = (stop.clone(), seen_loose.clone(), name.clone());
        std::thread::spawn(move || {
            use std::io::Read;
            // one descriptor for the mode and the contents: the same inode
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                let Ok(mut f) = std::fs::File::open(&name) else {
                    continue;
                };
                let loose = f.metadata().is_ok_and(|md| md.mode() & 0o7777 != 0o600);
                let mut text = String::new();
                if loose && f.read_to_string(&mut text).is_ok() && text.starts_with("secret") {
                    seen_loose.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                }
            }
        })
    };
    for n in 0..60 {
        // before each run the file is a loose 0644 one with other contents
        std::fs::write(&name, "old").expect("old");
        std::fs::set_permissions(&name, std::os::unix::fs::PermissionsExt::from_mode(0o644))
            .expect("chmod");
        let out = halite()
            .args(["-c"])
            .arg(scratch.path())
            .args(["--out", "json", "-l", "quiet", "state.apply", "secret"])
            .arg(format!("pillar={{\"n\": \"secret{n}\"}}"))
            .output()
            .expect("halite");
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
        runs += 1;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    watcher.join().expect("watcher");
    assert_eq!(runs, 60);
    assert_eq!(
        seen_loose.load(std::sync::atomic::Ordering::Relaxed),
        0,
        "the new contents were visible under the name with a mode other than 0600"
    );
    assert_eq!(std::fs::metadata(&name).expect("md").mode() & 0o7777, 0o600);
}
