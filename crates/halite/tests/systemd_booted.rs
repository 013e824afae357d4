//! The systemd cases (`tests/systemd-cases/*`): `systemd_service` and the service states
//! against a booted systemd, and the mount states mounting in its mount namespace
//! (`mount_tmpfs`), compared with Salt 3007.8 (`expected/`) and 3008.4
//! (`expected-3008/`), recorded by scripts/oracle/systemd_record.sh.
//!
//! The systemd is the isolated one of tests/host-fixtures/systemd-ns.sh (its own PID, mount,
//! UTS, IPC, network and cgroup namespaces, an overlay root over the host's `/` whose writes
//! vanish with it, private /run, /tmp, /dev). The test boots it once, copies
//! tests/systemd-cases and tests/host-fixtures into its shared folder (`/halitetestsd`
//! inside), and for each case and release runs `sh reset` inside, every command through
//! halite inside (same minion config as record.py, the case folder as seen inside), and
//! `sh reset after`; then stops it. A case layout is the golden one (srv/, commands, env,
//! minion, reset, expected*/). Skipped, saying why, where the environment cannot be built
//! (not root, no unshare/nsenter/setpriv/pivot_root, no overlayfs, no cgroup2 hierarchy, no
//! systemd binary: `systemd-ns.sh check`).
//!
//! `HALITE_SYSTEMD=substring` runs only the cases whose name contains it;
//! `HALITE_GOLDEN_COMPAT=3007|3008` one release. Known failures are keyed `NAME/NN`
//! (`NAME/NN@3008`) in tests/known-failures.txt, as the golden test's.

mod support;

use halite_value::{Map, SaltCompat, Value};
use std::path::{Path, PathBuf};
use std::process::Command;
use support::{case_env, expected_dir, job_key, known_failures, lines, repo_root, shlex_split};

/// The shared folder as systemd-ns.sh mounts it inside.
const INSIDE: &str = "/halitetestsd";

fn ns_script(root: &Path) -> PathBuf {
    root.join("tests/host-fixtures/systemd-ns.sh")
}

/// The namespace's name (its state folder /tmp/NAME and its cgroup): one of this test
/// process's own, so that a recording or another checkout's test running at the same time
/// keeps its own.
fn ns_name() -> String {
    format!("halitetestsd-ns-test{}", std::process::id())
}

/// `sh systemd-ns.sh ARGS...` for this test's namespace: (exit status, stdout, stderr).
fn ns_command(root: &Path) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg(ns_script(root)).env("HALITETESTSD_NS", ns_name());
    cmd
}

fn ns(root: &Path, args: &[&str]) -> (i32, String, String) {
    match ns_command(root).args(args).output() {
        Ok(o) => (
            o.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        ),
        Err(e) => (-1, String::new(), e.to_string()),
    }
}

/// Stops the namespace (kills its systemd, removes its cgroup and folder) when dropped,
/// also when the test panics.
struct Booted<'a> {
    root: &'a Path,
}

impl Drop for Booted<'_> {
    fn drop(&mut self) {
        let (rc, _, err) = ns(self.root, &["stop"]);
        if rc != 0 {
            eprintln!("systemd_booted: systemd-ns.sh stop failed: {err}");
        }
    }
}

/// The minion config of scripts/oracle/record.py `minion_config()` for the case folder
/// CASE as seen inside the namespace (`srv/salt` only: the systemd cases use no other
/// environment) with caches under SCRATCH (also as seen inside).
fn minion_config(host_case: &Path, case: &str, scratch: &str, compat: SaltCompat) -> Map {
    let mut conf = Map::new();
    let s = |p: &str| Value::str(format!("{scratch}/{p}"));
    let one = |p: String| {
        let mut m = Map::new();
        m.insert("base", Value::List(vec![Value::str(p)].into()));
        Value::Map(m)
    };
    conf.insert("file_client", Value::str("local"));
    conf.insert("id", Value::str("testminion"));
    conf.insert("file_roots", one(format!("{case}/srv/salt")));
    conf.insert("pillar_roots", one(format!("{case}/srv/pillar")));
    conf.insert("cachedir", s("cache"));
    conf.insert("pki_dir", s("pki"));
    conf.insert("sock_dir", s("run"));
    conf.insert("log_file", s("log/minion"));
    let mut grains = Map::new();
    grains.insert("roles", Value::List(vec![Value::str("web")].into()));
    conf.insert("grains", Value::Map(grains));
    conf.insert("salt_compat", Value::str(compat.name()));
    if let Ok(extra) = std::fs::read_to_string(host_case.join("minion")) {
        let extra = extra.replace("@CASE@", case);
        match halite_yaml::load(&extra, halite_yaml::Schema::Salt) {
            Ok(Value::Map(extra)) => {
                for (k, v) in extra {
                    conf.insert(k, v);
                }
            }
            _ => panic!("{}: the minion file is not a YAML map", host_case.display()),
        }
    }
    conf
}

/// `run-rHEX.scope`: the transient scope unit `systemd-run --scope` names at random (in
/// `systemctl mask`'s output that a failing `service.mask` quotes).
fn scope_names(s: &str) -> Option<String> {
    if !s.contains("run-r") {
        return None;
    }
    let mut out = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("run-r") {
        out.push_str(&rest[..i + 5]);
        let after = &rest[i + 5..];
        let hex = after.bytes().take_while(u8::is_ascii_hexdigit).count();
        if hex > 0 && after[hex..].starts_with(".scope") {
            out.push_str("<normalized>");
            rest = &after[hex..];
        } else {
            rest = after;
        }
    }
    out.push_str(rest);
    Some(out)
}

/// Times, durations, pids and scope unit names differ run to run; a dict of several
/// {"old", "new"} dicts (pkg changes) comes in Python's set order: compared sorted.
fn normalize(text: &str) -> String {
    fn walk(v: &mut Value) {
        match v {
            Value::Str(s) => {
                if let Some(n) = scope_names(s) {
                    *s = n.into();
                }
            }
            Value::Map(m) => {
                if m.len() > 1
                    && m.values().all(|v| {
                        v.as_map()
                            .is_some_and(|m| m.len() == 2 && m.contains_key("old"))
                    })
                {
                    m.sort_keys();
                }
                for (k, val) in m.iter_mut() {
                    match k.as_str() {
                        Some("start_time") | Some("duration") | Some("pid") => {
                            *val = Value::str("<normalized>")
                        }
                        _ => walk(val),
                    }
                }
            }
            Value::List(l) => l.iter_mut().for_each(walk),
            _ => {}
        }
    }
    match Value::from_json_str(text) {
        Ok(mut v) => {
            walk(&mut v);
            v.to_json()
        }
        Err(_) => text.trim().to_string(),
    }
}

struct Ctx<'a> {
    root: &'a Path,
    share: PathBuf,
    halite: String,
}

impl Ctx<'_> {
    /// Runs `sh reset [after]` of a case inside.
    fn reset(&self, case: &str, after: bool) -> Result<(), String> {
        let mut args = vec!["exec", case, "sh", "reset"];
        if after {
            args.push("after");
        }
        let (rc, out, err) = ns(self.root, &args);
        if rc == 0 {
            Ok(())
        } else {
            Err(format!("{case}: reset failed ({rc}): {out}{err}"))
        }
    }

    /// One command through halite inside, as record.py's run_command runs salt-call.
    fn run(
        &self,
        host_case: &Path,
        case: &str,
        n: usize,
        argv: &[String],
        compat: SaltCompat,
    ) -> (i32, String) {
        let scratch_name = format!("scratch-{n}");
        let host_scratch = self.share.join(&scratch_name);
        let _ = std::fs::remove_dir_all(&host_scratch);
        std::fs::create_dir_all(host_scratch.join("conf")).expect("scratch folder");
        let scratch = format!("{INSIDE}/{scratch_name}");
        let conf = Value::Map(minion_config(host_case, case, &scratch, compat));
        std::fs::write(host_scratch.join("conf/minion"), conf.to_json()).expect("minion config");
        let mut cmd = ns_command(self.root);
        cmd.args(["exec", case, &self.halite, "--local", "-c"])
            .arg(format!("{scratch}/conf"))
            .args(["--out", "json", "-l", "quiet"])
            .args(argv)
            .env("HALITE_SCRATCH", &scratch)
            .env("SHELL", "/bin/bash");
        cmd.envs(case_env(host_case));
        let out = cmd.output().expect("run halite inside the namespace");
        let _ = std::fs::remove_dir_all(&host_scratch);
        let stdout = String::from_utf8_lossy(&out.stdout)
            .replace(&scratch, "@SCRATCH@")
            .replace(case, "@CASE@");
        (out.status.code().unwrap_or(-1), stdout)
    }
}

/// The host's mounts this test could have made or removed, from `/proc/self/mountinfo`:
/// every mount systemd-ns.sh and the cases' states make names `halitetest` in its mount
/// point or its source (the state folder /tmp/halitetestsd-ns-testPID, the sources
/// halitetestsd-*, the cases' /mnt/halitetestmt-*), kept whole; and the host's root mount
/// (mount id, parent, mount point: its options may change under another process), which the
/// namespace's pivot_root and lazy unmount of the old root would take with them if they
/// reached the host. Mounts other processes make or remove while the test runs do not count.
fn test_mounts(mountinfo: &str) -> Vec<String> {
    let mut kept = Vec::new();
    for line in mountinfo.lines() {
        let fields: Vec<&str> = line.split(' ').collect();
        // ID PARENT MAJ:MIN ROOT MOUNT_POINT OPTIONS [OPTIONAL...] - FSTYPE SOURCE SUPER_OPTIONS
        let (Some(&id), Some(&parent), Some(&point)) =
            (fields.first(), fields.get(1), fields.get(4))
        else {
            continue;
        };
        let source = fields
            .iter()
            .position(|f| *f == "-")
            .and_then(|sep| fields.get(sep + 2))
            .copied()
            .unwrap_or("");
        if point.contains("halitetest") || source.contains("halitetest") {
            kept.push(line.to_string());
        } else if point == "/" {
            kept.push(format!("{id} {parent} /"));
        }
    }
    kept
}

/// What the booted systemd must leave as it was on the host: the mounts it could have made
/// ([`test_mounts`]), the hostname, the network addresses and /run/systemd (which a host
/// systemd would fill).
fn host_snapshot() -> Vec<(String, String)> {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_else(|e| format!("<{e}>"));
    let run_systemd = Command::new("find")
        .args(["/run/systemd", "-maxdepth", "2"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    let addrs = Command::new("ip")
        .args(["-o", "addr"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    vec![
        (
            "/proc/self/mountinfo (the mounts the test could make)".into(),
            test_mounts(&read("/proc/self/mountinfo")).join("\n"),
        ),
        ("hostname".into(), read("/proc/sys/kernel/hostname")),
        ("ip -o addr".into(), addrs),
        ("find /run/systemd".into(), run_systemd),
    ]
}

#[test]
fn systemd_cases_match_salt() {
    let root = repo_root();
    let cases_dir = root.join("tests/systemd-cases");
    let filter = std::env::var("HALITE_SYSTEMD").unwrap_or_default();
    let releases: Vec<SaltCompat> = match std::env::var("HALITE_GOLDEN_COMPAT") {
        Ok(v) if !v.is_empty() => match SaltCompat::parse(&Value::str(v.clone())) {
            Some(c) => vec![c],
            None => panic!("HALITE_GOLDEN_COMPAT={v}: not a release (3007 or 3008)"),
        },
        _ => SaltCompat::ALL.to_vec(),
    };
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&cases_dir)
        .map(|rd| {
            rd.flatten()
                .map(|e| e.path())
                .filter(|p| p.join("commands").is_file())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().contains(&filter))
                })
                .collect()
        })
        .unwrap_or_default();
    cases.sort();
    if cases.is_empty() {
        eprintln!("systemd_booted: no case matches HALITE_SYSTEMD={filter:?}");
        return;
    }
    let (rc, why, err) = ns(&root, &["check"]);
    if rc != 0 {
        halite_testkit::skip(
            &format!(
                "systemd_booted: {} systemd cases (tests/systemd-cases)",
                cases.len()
            ),
            &format!(
                "the isolated booted systemd of tests/host-fixtures/systemd-ns.sh cannot be \
                 built here: {}",
                format!("{why}{err}").trim()
            ),
        );
        return;
    }
    let before = host_snapshot();
    let (rc, _, err) = ns(&root, &["start"]);
    let booted = Booted { root: &root };
    assert_eq!(rc, 0, "systemd-ns.sh start failed: {err}");
    let (_, share, _) = ns(&root, &["share"]);
    let share = PathBuf::from(share.trim());
    let tests = share.join("tests");
    std::fs::create_dir_all(&tests).expect("shared folder");
    let copied = Command::new("cp")
        .arg("-r")
        .arg(&cases_dir)
        .arg(root.join("tests/host-fixtures"))
        .arg(&tests)
        .status()
        .expect("cp");
    assert!(
        copied.success(),
        "cannot copy the cases into {}",
        tests.display()
    );
    // The binary goes into the shared folder too: inside, /tmp is a fresh tmpfs, so a
    // checkout under /tmp (a CI clone) is not visible at its own path.
    let host_halite =
        std::env::var("HALITE_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_halite").to_string());
    let shared_halite = share.join("halite");
    let _ = std::fs::remove_file(&shared_halite);
    if std::fs::hard_link(&host_halite, &shared_halite).is_err() {
        std::fs::copy(&host_halite, &shared_halite).expect("copy halite into the shared folder");
    }
    let ctx = Ctx {
        root: &root,
        share,
        halite: format!("{INSIDE}/halite"),
    };
    let known = known_failures(&root);
    let mut failures = Vec::new();
    let mut still_listed = Vec::new();
    let mut ran = 0;
    for host_case in &cases {
        let name = host_case
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let case = format!("{INSIDE}/tests/systemd-cases/{name}");
        let commands: Vec<Vec<String>> = lines(&host_case.join("commands"))
            .iter()
            .map(|l| shlex_split(l))
            .collect();
        for &compat in &releases {
            let exp = host_case.join(expected_dir(compat));
            if !exp.is_dir() {
                continue;
            }
            if let Err(e) = ctx.reset(&case, false) {
                failures.push(e);
                continue;
            }
            for (n, argv) in commands.iter().enumerate() {
                ran += 1;
                let key = job_key(&name, n, compat);
                let (Ok(want), Ok(want_rc)) = (
                    std::fs::read_to_string(exp.join(format!("{n:02}.json"))),
                    std::fs::read_to_string(exp.join(format!("{n:02}.rc"))),
                ) else {
                    failures.push(format!(
                        "{key}: no recorded output (scripts/oracle/systemd_record.sh tests/systemd-cases/{name})"
                    ));
                    continue;
                };
                let want_rc: i32 = want_rc.trim().parse().unwrap_or(-1);
                let (rc, got) = ctx.run(host_case, &case, n, argv, compat);
                let (want, have) = (normalize(&want), normalize(&got));
                let same = want == have && want_rc == rc;
                eprintln!(
                    "systemd_booted {key} {}",
                    if same { "ok" } else { "differs" }
                );
                match (same, known.contains_key(&key)) {
                    (true, true) => still_listed.push(key),
                    (false, false) => {
                        let diff = similar::TextDiff::from_lines(&want, &have)
                            .unified_diff()
                            .header("salt", "halite")
                            .to_string();
                        failures.push(format!(
                            "{key} `{}`: exit salt={want_rc} halite={rc}\n{diff}",
                            argv.join(" ")
                        ));
                    }
                    _ => {}
                }
            }
            if let Err(e) = ctx.reset(&case, true) {
                failures.push(e);
            }
        }
    }
    drop(booted);
    eprintln!("systemd_booted: {ran} commands against a booted systemd");
    for ((what, was), (_, now)) in before.iter().zip(host_snapshot()) {
        assert_eq!(
            *was, now,
            "the host's {what} changed while the test systemd ran (tests/host-fixtures/systemd-ns.sh)"
        );
    }
    // its cgroup: under the hybrid hierarchy's cgroup2 mount, or a cgroup2-only host's
    let left = [
        format!("/sys/fs/cgroup/unified/{}", ns_name()),
        format!("/sys/fs/cgroup/{}", ns_name()),
        format!("/tmp/{}", ns_name()),
    ];
    assert!(
        !left.iter().any(|p| Path::new(p).exists()),
        "systemd-ns.sh stop left its cgroup or its folder behind"
    );
    assert!(
        still_listed.is_empty(),
        "listed in tests/known-failures.txt but now matching Salt (remove them): {still_listed:?}"
    );
    assert!(
        failures.is_empty(),
        "{} systemd case commands differ from Salt:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn only_the_mounts_the_test_could_make_are_compared() {
    let host = "22 1 254:1 / / rw,relatime shared:1 - ext4 /dev/vda rw\n\
                30 22 0:26 / /proc rw,nosuid shared:12 - proc proc rw\n";
    let other = format!("{host}41 22 0:40 / /mnt/backup rw shared:20 - tmpfs tmpfs rw\n");
    // another process mounting, or the root's options changing, is not the test's doing
    assert_eq!(test_mounts(host), test_mounts(&other));
    let remounted = host.replace("/ / rw,relatime", "/ / ro,relatime");
    assert_eq!(test_mounts(host), test_mounts(&remounted));
    assert_eq!(test_mounts(host), vec!["22 1 /".to_string()]);
    // a mount the test or its cases could have made, by mount point or by source
    let leaked = format!("{host}42 22 0:41 / /mnt/halitetestmt-same rw - tmpfs tmpfs rw\n");
    assert_ne!(test_mounts(host), test_mounts(&leaked));
    let by_source = format!("{host}43 22 0:42 / /tmp/x rw - tmpfs halitetestsd-ovl rw,size=1g\n");
    assert_ne!(test_mounts(host), test_mounts(&by_source));
    // the root unmounted (the old root's lazy unmount reaching the host)
    assert_ne!(
        test_mounts(host),
        test_mounts("30 22 0:26 / /proc rw - proc proc rw\n")
    );
}
