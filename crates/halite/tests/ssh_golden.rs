//! salt-ssh golden cases (tests/ssh-cases/NAME, recorded by scripts/oracle/ssh_record.py:
//! `expected/` from salt-ssh 3007.8, `expected-3008/` from salt-ssh 3008.4): the same fleet
//! (h1 and h2, each its own thin_dir, on an sshd of the test's own on a free loopback port)
//! gets the same commands through `halite ssh --out json --static`, with the master config's
//! `salt_compat` naming the release of the recording replayed (`HALITE_GOLDEN_COMPAT=3007`
//! or `3008` replays one release only), and the outputs must be equal apart from times,
//! durations, pids and the sandbox folder (@ROOT@). `grains.items` is compared as
//! halite-grains' oracle test compares grains: the keys Salt reports (less its Python and
//! Salt installation keys) must all be there; values the test's setup decides must equal
//! the recording's, and values this host decides (kernel, hostname, machine-id, CPUs, the
//! distribution) are computed from this host, never taken from the recording machine. Root only; skipped with the reason otherwise.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

fn skip_reason() -> Option<String> {
    if unsafe { libc::geteuid() } != 0 {
        return Some("not root (sshd must run as root)".into());
    }
    for tool in ["/usr/sbin/sshd", "/usr/bin/ssh", "/usr/bin/ssh-keygen"] {
        if !Path::new(tool).exists() {
            return Some(format!(
                "{tool} is missing (openssh-server / openssh-client)"
            ));
        }
    }
    None
}

struct Sshd(Child);

impl Drop for Sshd {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn keygen(path: &Path) {
    let ok = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-f"])
        .arg(path)
        .status()
        .expect("ssh-keygen")
        .success();
    assert!(ok, "ssh-keygen failed");
}

/// The recorder's sandbox (scripts/oracle/ssh_record.py `start_sshd` and `sandbox`).
fn sandbox(case: &Path, root: &Path, compat: &str) -> (Sshd, PathBuf) {
    keygen(&root.join("hostkey"));
    keygen(&root.join("client"));
    std::fs::copy(root.join("client.pub"), root.join("authorized_keys")).expect("copy");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    let r = root.display();
    std::fs::write(
        root.join("sshd_config"),
        format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {r}/hostkey\nAuthorizedKeysFile {r}/authorized_keys\nPidFile {r}/sshd.pid\nStrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\nPasswordAuthentication no\nMaxSessions 100\nMaxStartups 100:30:200\n"
        ),
    )
    .expect("sshd_config");
    std::fs::create_dir_all("/run/sshd").expect("privsep dir");
    let child = Command::new("/usr/sbin/sshd")
        .args(["-D", "-e", "-f"])
        .arg(root.join("sshd_config"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(root.join("sshd.log")).expect("log"))
        .spawn()
        .expect("sshd");
    let sshd = Sshd(child);
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "sshd did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let hostkey = std::fs::read_to_string(root.join("hostkey.pub")).expect("hostkey");
    let key: Vec<&str> = hostkey.split_whitespace().take(2).collect();
    std::fs::write(
        root.join("known_hosts"),
        format!("[127.0.0.1]:{port} {}\n", key.join(" ")),
    )
    .expect("known_hosts");
    copy_tree(
        &case.join("srv"),
        &root.join("srv"),
        &root.display().to_string(),
    );
    let conf = root.join("conf");
    std::fs::create_dir_all(&conf).expect("conf");
    let mut roster = String::new();
    for h in ["h1", "h2"] {
        roster.push_str(&format!(
            "{h}:\n  host: 127.0.0.1\n  port: {port}\n  user: root\n  thin_dir: {r}/thin-{h}\n"
        ));
    }
    std::fs::write(conf.join("roster"), roster).expect("roster");
    std::fs::write(
        conf.join("master"),
        format!(
            "file_roots:\n  base: [{r}/srv/salt]\npillar_roots:\n  base: [{r}/srv/pillar]\ncachedir: {r}/cache\nroster_file: {r}/conf/roster\nssh_priv: {r}/client\nknown_hosts_file: {r}/known_hosts\nsalt_compat: \"{compat}\"\n"
        ),
    )
    .expect("master");
    (sshd, conf)
}

/// Copies the case's tree, `@ROOT@` standing for the sandbox folder.
fn copy_tree(from: &Path, to: &Path, root: &str) {
    std::fs::create_dir_all(to).expect("mkdir");
    for e in std::fs::read_dir(from).expect("read_dir").flatten() {
        let p = e.path();
        let dest = to.join(e.file_name());
        if p.is_dir() {
            copy_tree(&p, &dest, root);
        } else {
            let text = std::fs::read_to_string(&p).expect("read");
            std::fs::write(dest, text.replace("@ROOT@", root)).expect("write");
        }
    }
}

fn shlex(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Times, durations and pids differ run to run.
fn normalize(v: &mut Value) {
    match v {
        Value::Object(m) => {
            for key in ["start_time", "duration", "pid"] {
                if m.contains_key(key) {
                    m.insert(key.into(), Value::String("<volatile>".into()));
                }
            }
            m.values_mut().for_each(normalize);
        }
        Value::Array(a) => a.iter_mut().for_each(normalize),
        _ => {}
    }
}

/// Keys of salt-ssh's grains that describe its Python and Salt installation or the
/// process, not the host (the deployed halite has no Python).
const PROCESS_GRAINS: &[&str] = &[
    "cwd",
    "pid",
    "path",
    "ps",
    "pythonexecutable",
    "pythonpath",
    "pythonversion",
    "saltpath",
    "saltversion",
    "saltversioninfo",
];

/// Grains the test's own setup decides (the roster id, the master's default, the root
/// login): equal to the recording's on any machine.
const SETUP_GRAINS: &[&str] = &[
    "id",
    "kernel",
    "username",
    "uid",
    "gid",
    "groupname",
    "master",
];

/// Grains this host decides, computed here from the live host without halite's code
/// (the recording machine's kernel, hostname, machine-id and CPU count are not this one's).
fn live_grain(key: &str) -> Option<Value> {
    let read = |p: &str| std::fs::read_to_string(p).ok();
    let uname = |flag: &str| {
        Command::new("uname")
            .arg(flag)
            .output()
            .ok()
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    Some(match key {
        "kernelrelease" => Value::String(read("/proc/sys/kernel/osrelease")?.trim().into()),
        "nodename" | "localhost" => Value::String(uname("-n")?),
        "cpuarch" => Value::String(uname("-m")?),
        "machine_id" => Value::String(
            ["/etc/machine-id", "/var/lib/dbus/machine-id"]
                .iter()
                .find_map(|p| read(p))?
                .trim()
                .into(),
        ),
        "num_cpus" => Value::from(
            read("/proc/cpuinfo")?
                .lines()
                .filter(|l| l.split(':').next().map(str::trim) == Some("processor"))
                .count(),
        ),
        _ => return None,
    })
}
const LIVE_GRAINS: &[&str] = &[
    "kernelrelease",
    "nodename",
    "localhost",
    "cpuarch",
    "machine_id",
    "num_cpus",
];

/// Grains of the distribution and init system: the host's, as `halite grains.items` run
/// locally reports them (halite-grains' oracle test pins those against this host), so the
/// host side of a fleet run must report the same.
const LOCAL_GRAINS: &[&str] = &[
    "os",
    "os_family",
    "osarch",
    "osrelease",
    "oscodename",
    "osfullname",
    "osmajorrelease",
    "host",
    "init",
];

/// `halite grains.items` run locally on this host (not over ssh).
fn local_grains(root: &Path) -> Value {
    let conf = root.join("local-conf");
    std::fs::create_dir_all(&conf).expect("local conf");
    std::fs::write(
        conf.join("minion"),
        format!(
            "id: local\ncachedir: {}\n",
            root.join("local-cache").display()
        ),
    )
    .expect("local minion");
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .arg("-c")
        .arg(&conf)
        .args(["--out", "json", "grains.items"])
        .stdin(Stdio::null())
        .output()
        .expect("halite grains.items");
    let v: Value = serde_json::from_slice(&out.stdout).expect("local grains JSON");
    v["local"].clone()
}

fn compare_grains(salt: &Value, halite: &Value, local: &Value, id: &str) -> Vec<String> {
    let mut problems = Vec::new();
    let (Some(s), Some(h)) = (salt[id].as_object(), halite[id].as_object()) else {
        return vec![format!("{id}: no grains mapping: {halite}")];
    };
    for k in s.keys() {
        if !PROCESS_GRAINS.contains(&k.as_str()) && !h.contains_key(k) {
            problems.push(format!("{id}: grain {k} missing"));
        }
    }
    // Each grain against its source: the recording for what the setup decides, this host
    // for what the machine decides (where it can be read here), the local run otherwise.
    let expected = SETUP_GRAINS
        .iter()
        .map(|k| (*k, "salt-ssh", s.get(*k).cloned()))
        .chain(
            LIVE_GRAINS
                .iter()
                .filter_map(|k| live_grain(k).map(|v| (*k, "this host", Some(v)))),
        )
        .chain(
            LOCAL_GRAINS
                .iter()
                .map(|k| (*k, "halite locally", local.get(*k).cloned())),
        );
    for (k, from, want) in expected {
        if want.as_ref() != h.get(k) {
            problems.push(format!(
                "{id}: grain {k}: {from} {want:?}, halite ssh {:?}",
                h.get(k)
            ));
        }
    }
    problems
}

#[test]
fn ssh_cases_match_salt_ssh() {
    if let Some(why) = skip_reason() {
        halite_testkit::skip("ssh_cases_match_salt_ssh (tests/ssh-cases)", &why);
        return;
    }
    let cases_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/ssh-cases");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&cases_dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    cases.sort();
    let filter = std::env::var("HALITE_GOLDEN").ok();
    // (release, the case's folder of its recordings)
    let releases: Vec<(&str, &str)> = match std::env::var("HALITE_GOLDEN_COMPAT").as_deref() {
        Err(_) => vec![("3007", "expected"), ("3008", "expected-3008")],
        Ok("3007") => vec![("3007", "expected")],
        Ok("3008") => vec![("3008", "expected-3008")],
        Ok(v) => panic!("HALITE_GOLDEN_COMPAT={v}: not a release (3007 or 3008)"),
    };
    let mut failures = Vec::new();
    let mut replayed = 0;
    for (case, (compat, expected_dir)) in cases
        .iter()
        .flat_map(|c| releases.iter().map(move |r| (c, *r)))
    {
        let name = case
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        if !case.join(expected_dir).is_dir() {
            failures.push(format!(
                "{name}: no {expected_dir}/ (scripts/oracle/ssh_record.py)"
            ));
            continue;
        }
        replayed += 1;
        let root = tempfile::Builder::new()
            .prefix("halitetest-ssh-gold.")
            .tempdir_in("/tmp")
            .expect("tempdir");
        let (_sshd, conf) = sandbox(case, root.path(), compat);
        let rootstr = root.path().display().to_string();
        let commands = std::fs::read_to_string(case.join("commands")).expect("commands");
        let lines = commands
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        for (i, line) in lines.enumerate() {
            let n = format!("{:02}", i + 1);
            let argv = shlex(line);
            let out = Command::new(env!("CARGO_BIN_EXE_halite"))
                .arg("ssh")
                .arg("-c")
                .arg(&conf)
                .args(["--out", "json", "--static", "-l", "quiet"])
                .args(&argv)
                .current_dir(root.path())
                .stdin(Stdio::null())
                .output()
                .expect("halite ssh");
            let stdout = String::from_utf8_lossy(&out.stdout).replace(&rootstr, "@ROOT@");
            let expected = std::fs::read_to_string(case.join(format!("{expected_dir}/{n}.json")))
                .expect("json");
            let rc: i32 = std::fs::read_to_string(case.join(format!("{expected_dir}/{n}.rc")))
                .expect("rc")
                .trim()
                .parse()
                .expect("rc number");
            let what = format!("{name} {n}@{compat} ({line})");
            if out.status.code() != Some(rc) {
                failures.push(format!(
                    "{what}: exit {:?}, salt-ssh {rc}\n{}",
                    out.status.code(),
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
            let (Ok(mut want), Ok(mut got)) = (
                serde_json::from_str::<Value>(&expected),
                serde_json::from_str::<Value>(&stdout),
            ) else {
                failures.push(format!("{what}: not JSON:\n{stdout}"));
                continue;
            };
            if argv.iter().any(|a| a == "grains.items") {
                let local = local_grains(root.path());
                for id in want
                    .as_object()
                    .map(|m| m.keys().cloned().collect::<Vec<_>>())
                    .unwrap_or_default()
                {
                    failures.extend(
                        compare_grains(&want, &got, &local, &id)
                            .into_iter()
                            .map(|p| format!("{what}: {p}")),
                    );
                }
                continue;
            }
            normalize(&mut want);
            normalize(&mut got);
            if want != got {
                failures.push(format!(
                    "{what}: differs\n--- salt-ssh\n{}\n+++ halite\n{}",
                    serde_json::to_string_pretty(&want).unwrap_or_default(),
                    serde_json::to_string_pretty(&got).unwrap_or_default()
                ));
            }
        }
    }
    assert!(replayed > 0 || filter.is_some(), "no ssh case found");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}
