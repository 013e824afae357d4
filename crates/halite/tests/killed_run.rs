//! A state run killed mid-way (-9, or by the kernel mid-write) leaves its proc file
//! (`cachedir/proc/<jid>`) and the temp files it had made; the next run removes both (the proc file as Salt's
//! salt.utils.minion.running does: its pid is gone; the temp files because the dead run
//! noted them in its journal, `cachedir/halite-temp/<jid>-<pid>`).

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn write(p: &Path, text: &str) {
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

fn halite(conf: &Path, args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_halite"));
    c.args(["--local", "-c"])
        .arg(conf)
        .args(["--out", "json", "-l", "quiet"])
        .args(args)
        .stdin(Stdio::null());
    c
}

#[test]
fn killed_runs_proc_file_and_temp_files_are_cleaned_by_next_run() {
    let root = tempfile::tempdir().expect("tempdir");
    let r = root.path();
    let (conf, cache, work, tmp) = (
        r.join("conf"),
        r.join("cache"),
        r.join("work"),
        r.join("tmp"),
    );
    std::fs::create_dir_all(&work).expect("mkdir");
    std::fs::create_dir_all(&tmp).expect("mkdir");
    write(
        &conf.join("minion"),
        &format!(
            "file_client: local\nfile_roots:\n  base: [{srv}]\ncachedir: {cache}\n",
            srv = r.join("srv").display(),
            cache = cache.display()
        ),
    );
    // check_cmd runs on the new contents in a temp file (in tmp_dir) before the target is
    // written: the run is killed while the check sleeps.
    write(
        &r.join("srv/slow.sls"),
        &format!(
            "slow:\n  file.managed:\n    - name: {t}\n    - contents: new\n    - tmp_dir: {d}\n    - check_cmd: sh -c \"touch {m}; sleep 60\"\n",
            t = work.join("target").display(),
            d = tmp.display(),
            m = r.join("checking").display()
        ),
    );
    write(&r.join("srv/quick.sls"), "quick:\n  test.nop\n");
    // In a process group of its own, so the kill ends the run's check_cmd too.
    let mut run = halite(&conf, &["state.sls", "slow"])
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("halite");
    // Wait until the check runs: the run holds its proc file and its temp file.
    let deadline = Instant::now() + Duration::from_secs(60);
    while !r.join("checking").exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let left_tmp = names(&tmp);
    let left_proc = names(&cache.join("proc"));
    // SAFETY: kill(2) on the process group of the child we spawned.
    unsafe { libc::kill(-(run.id() as i32), libc::SIGKILL) };
    let _ = run.wait();
    assert_eq!(
        left_tmp.len(),
        1,
        "the run's check_cmd temp file: {left_tmp:?}"
    );
    assert!(left_tmp[0].starts_with("__salt.tmp."), "{left_tmp:?}");
    assert_eq!(left_proc.len(), 1, "the run's proc file: {left_proc:?}");
    assert!(!work.join("target").exists());
    // The kill left them.
    assert_eq!(names(&tmp), left_tmp);
    assert_eq!(names(&cache.join("proc")), left_proc);
    // The next run (not blocked: the holder is dead) clears them.
    let out = halite(&conf, &["state.sls", "quick"])
        .output()
        .expect("halite");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(names(&tmp), Vec::<String>::new(), "temp file left");
    assert_eq!(
        names(&cache.join("proc")),
        Vec::<String>::new(),
        "proc file left"
    );
    assert_eq!(
        names(&cache.join("halite-temp")),
        Vec::<String>::new(),
        "journals left"
    );
}

#[test]
fn killed_runs_partial_temp_file_beside_target_is_cleaned_by_next_run() {
    let root = tempfile::tempdir().expect("tempdir");
    let r = root.path();
    let (conf, cache, work) = (r.join("conf"), r.join("cache"), r.join("work"));
    std::fs::create_dir_all(&work).expect("mkdir");
    write(
        &conf.join("minion"),
        &format!(
            "file_client: local\nfile_roots:\n  base: [{srv}]\ncachedir: {cache}\n",
            srv = r.join("srv").display(),
            cache = cache.display()
        ),
    );
    // 2 MB of text, written through a temp file beside the target and renamed over it.
    let line = "0123456789abcdef".repeat(4) + "\n";
    write(
        &r.join("srv/files/big.txt"),
        &line.repeat(2 * 1024 * 1024 / line.len()),
    );
    write(
        &r.join("srv/big.sls"),
        &format!(
            "big:\n  file.managed:\n    - name: {t}\n    - source: salt://files/big.txt\n",
            t = work.join("target").display()
        ),
    );
    write(&r.join("srv/quick.sls"), "quick:\n  test.nop\n");
    // The kernel ends the run in the middle of writing the temp file: no file may grow past
    // 1 MB (SIGXFSZ), and no core file is written.
    let mut cmd = halite(&conf, &["state.sls", "big"]);
    cmd.stdout(Stdio::null()).stderr(Stdio::null());
    // SAFETY: setrlimit is async-signal-safe and only touches the child.
    unsafe {
        cmd.pre_exec(|| {
            let fsize = libc::rlimit {
                rlim_cur: 1024 * 1024,
                rlim_max: 1024 * 1024,
            };
            let core = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &fsize) != 0
                || libc::setrlimit(libc::RLIMIT_CORE, &core) != 0
            {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let status = cmd.status().expect("halite");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGXFSZ), "{status:?}");
    let left = names(&work);
    assert_eq!(left.len(), 1, "the partial temp file: {left:?}");
    assert!(left[0].starts_with(".target.halite-"), "{left:?}");
    assert_eq!(names(&cache.join("proc")).len(), 1);
    // Someone else's file of a similar name is not touched.
    let lookalike = work.join(".target.halite-notours");
    std::fs::write(&lookalike, "keep").expect("write");
    let out = halite(&conf, &["state.sls", "quick"])
        .output()
        .expect("halite");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(names(&work), vec![".target.halite-notours".to_string()]);
    assert_eq!(
        names(&cache.join("proc")),
        Vec::<String>::new(),
        "proc file left"
    );
}
