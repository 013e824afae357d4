//! `halite ssh` end to end against real OpenSSH: the test starts its own sshd on a free
//! loopback port (its own config, host key and authorized_keys in a temp folder; never
//! the system's sshd), and a roster of simulated hosts (separate ids and thin_dirs, all
//! on that sshd). Root only (sshd must run as root to log a user in); skipped with the
//! reason otherwise.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
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

struct Sshd {
    child: Child,
    port: u16,
}

impl Drop for Sshd {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn write(p: &Path, text: &str) {
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(p, text).expect("write");
}

/// Adds `text` at the end of a file of the fleet's (the master config, the roster).
fn append(p: &Path, text: &str) {
    let old = std::fs::read_to_string(p).expect("read");
    write(p, &format!("{old}{text}"));
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

fn start_sshd(dir: &Path) -> Sshd {
    keygen(&dir.join("hostkey"));
    keygen(&dir.join("client"));
    std::fs::copy(dir.join("client.pub"), dir.join("authorized_keys")).expect("copy");
    let port = TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port();
    write(
        &dir.join("sshd_config"),
        &format!(
            "Port {port}\nListenAddress 127.0.0.1\nHostKey {d}/hostkey\nAuthorizedKeysFile {d}/authorized_keys\nPidFile {d}/sshd.pid\nStrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\nPasswordAuthentication no\nMaxSessions 100\nMaxStartups 100:30:200\nLogLevel VERBOSE\n",
            d = dir.display()
        ),
    );
    std::fs::create_dir_all("/run/sshd").expect("privsep dir");
    let child = Command::new("/usr/sbin/sshd")
        .args(["-D", "-e", "-f"])
        .arg(dir.join("sshd_config"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(dir.join("sshd.log")).expect("log"))
        .spawn()
        .expect("sshd");
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "sshd did not start");
        std::thread::sleep(Duration::from_millis(20));
    }
    let hostkey = std::fs::read_to_string(dir.join("hostkey.pub")).expect("hostkey");
    let key: Vec<&str> = hostkey.split_whitespace().take(2).collect();
    write(
        &dir.join("known_hosts"),
        &format!("[127.0.0.1]:{port} {}\n", key.join(" ")),
    );
    Sshd { child, port }
}

struct Fleet {
    _root: tempfile::TempDir,
    dir: PathBuf,
    sshd: Sshd,
}

impl Fleet {
    fn new() -> Fleet {
        let root = tempfile::Builder::new()
            .prefix("halitetest-ssh")
            .tempdir_in("/tmp")
            .expect("tempdir");
        let dir = root.path().to_path_buf();
        let sshd = start_sshd(&dir);
        let d = dir.display();
        let port = sshd.port;
        let mut roster = String::new();
        for id in ["h1", "h2", "h3"] {
            roster.push_str(&format!(
                "{id}:\n  host: 127.0.0.1\n  port: {port}\n  user: root\n  thin_dir: {d}/thin-{id}\n"
            ));
        }
        // The same sshd under a name known_hosts does not list: an unknown host key.
        roster.push_str(&format!(
            "newkey:\n  host: localhost\n  port: {port}\n  user: root\n  thin_dir: {d}/thin-newkey\n"
        ));
        write(&dir.join("conf/roster"), &roster);
        write(
            &dir.join("conf/master"),
            &format!(
                "file_roots:\n  base: [{d}/srv/salt]\npillar_roots:\n  base: [{d}/srv/pillar]\ncachedir: {d}/cache\nroster_file: {d}/conf/roster\nssh_priv: {d}/client\nknown_hosts_file: {d}/known_hosts\nmine_functions:\n  hostid:\n    - mine_function: grains.get\n    - id\n"
            ),
        );
        write(
            &dir.join("srv/salt/mine.sls"),
            &format!(
                "{d}/out/{{{{ grains['id'] }}}}/peers:\n  file.managed:\n    - makedirs: True\n    - contents: \"{{{{ salt['mine.get']('h*', 'hostid') | dictsort | map('join', '=') | join(',') }}}}\"\n"
            ),
        );
        write(&dir.join("srv/salt/top.sls"), "base:\n  'h*':\n    - app\n");
        write(
            &dir.join("srv/salt/app/init.sls"),
            &format!(
                r#"{{% set over = salt['cmd.run']("sh -c 'echo ${{SSH_CONNECTION:+over-ssh}}'") %}}
{d}/out/{{{{ grains['id'] }}}}/motd:
  file.managed:
    - source: salt://app/motd.j2
    - template: jinja
    - makedirs: True
{d}/out/{{{{ grains['id'] }}}}/where:
  file.managed:
    - contents: "{{{{ over }}}}"
{{% if grains['id'] == 'h3' %}}
slow:
  cmd.run:
    - name: sleep 4 && touch {d}/out/h3/slept
    - creates: {d}/out/h3/slept
{{% endif %}}
"#
            ),
        );
        write(
            &dir.join("srv/salt/app/motd.j2"),
            "welcome to {{ grains['id'] }}, {{ pillar['greeting'] }}\n",
        );
        write(
            &dir.join("srv/salt/plain.sls"),
            "plain:\n  test.succeed_without_changes:\n    - name: {{ pillar['greeting'] }}\n",
        );
        write(
            &dir.join("srv/pillar/top.sls"),
            "base:\n  '*':\n    - common\n",
        );
        write(
            &dir.join("srv/pillar/common.sls"),
            "greeting: hello fleet\n",
        );
        Fleet {
            _root: root,
            dir,
            sshd,
        }
    }

    fn halite(&self, args: &[&str]) -> Command {
        let mut c = Command::new(env!("CARGO_BIN_EXE_halite"));
        c.arg("ssh")
            .arg("-c")
            .arg(self.dir.join("conf"))
            .args(["--out", "json", "--static"])
            .args(args)
            .stdin(Stdio::null());
        c
    }

    /// A fleet, or None (the reason printed) where the test cannot run.
    fn start() -> Option<Fleet> {
        if let Some(why) = skip_reason() {
            halite_testkit::skip_this_test(&why);
            return None;
        }
        Some(Fleet::new())
    }

    fn run(&self, args: &[&str]) -> (serde_json::Value, i32, String) {
        let out = self.halite(args).output().expect("halite ssh");
        parse(out)
    }

    /// Runs `halite ssh ARGS`, which must exit 0 printing `want`.
    fn expect(&self, args: &[&str], want: serde_json::Value) {
        let (v, rc, err) = self.run(args);
        assert_eq!((v, rc), (want, 0), "halite ssh {args:?}\n{err}");
    }
}

fn parse(out: Output) -> (serde_json::Value, i32, String) {
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let v = serde_json::from_str(&stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {stdout}\nstderr: {stderr}"));
    (v, out.status.code().unwrap_or(-1), stderr)
}

fn all_true(host: &serde_json::Value) -> bool {
    host.as_object()
        .is_some_and(|m| !m.is_empty() && m.values().all(|s| s["result"] == true))
}

fn changed(host: &serde_json::Value) -> usize {
    host.as_object()
        .map(|m| {
            m.values()
                .filter(|s| s["changes"].as_object().is_some_and(|c| !c.is_empty()))
                .count()
        })
        .unwrap_or(0)
}

/// The ssh ControlMaster of roster entry `index` among `parent`'s children.
fn master_of(parent: u32, index: usize) -> Option<u32> {
    for entry in std::fs::read_dir("/proc").ok()?.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
            continue;
        };
        let ppid = stat
            .rsplit(')')
            .next()
            .and_then(|s| s.split_whitespace().nth(1))
            .and_then(|p| p.parse::<u32>().ok());
        if ppid != Some(parent) {
            continue;
        }
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let args: Vec<String> = cmdline
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        let is_master = args.iter().any(|a| a == "-M");
        let socket = args
            .windows(2)
            .find(|w| w[0] == "-S")
            .map(|w| w[1].clone())
            .unwrap_or_default();
        if is_master && socket.ends_with(&format!("/{index}")) {
            return Some(pid);
        }
    }
    None
}

#[test]
fn fleet_apply_converges_survives_a_killed_host_and_refuses_unknown_host_keys() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();

    // test.ping on every host: the binary is deployed into each thin_dir (mode 0700).
    let (v, rc, err) = fleet.run(&["h*", "test.ping"]);
    assert_eq!(rc, 0, "{v} {err}");
    for id in ["h1", "h2", "h3"] {
        assert_eq!(v[id], true, "{v}");
        let thin = d.join(format!("thin-{id}"));
        let meta = std::fs::metadata(&thin).expect("thin_dir");
        assert_eq!(
            std::os::unix::fs::PermissionsExt::mode(&meta.permissions()) & 0o777,
            0o700
        );
        assert!(thin.join("halite").exists());
    }
    let deployed_at = std::fs::metadata(d.join("thin-h1/halite"))
        .and_then(|m| m.modified())
        .expect("mtime");

    // Kill h3's connection while its slow state runs; h1 and h2 converge regardless.
    let child = fleet
        .halite(&["h*", "state.apply"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let parent = child.id();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut killed = false;
    while Instant::now() < deadline {
        // h3's slow state is running once h1's and h2's files exist and h3's master is up.
        if d.join("out/h1/motd").exists() && d.join("out/h2/motd").exists() {
            if let Some(pid) = master_of(parent, 2) {
                std::thread::sleep(Duration::from_millis(500));
                unsafe { libc::kill(pid as i32, libc::SIGKILL) };
                killed = true;
                break;
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(killed, "never saw h3's connection to kill");
    let (v, rc, err) = parse(child.wait_with_output().expect("wait"));
    assert_eq!(rc, 20, "a host failed: salt-ssh's EX_AGGREGATE\n{v}\n{err}");
    assert!(all_true(&v["h1"]), "{v}");
    assert!(all_true(&v["h2"]), "{v}");
    assert!(!all_true(&v["h3"]), "h3 was killed: {v}");
    assert_eq!(
        std::fs::read_to_string(d.join("out/h1/motd")).expect("motd"),
        "welcome to h1, hello fleet\n"
    );
    // The template's cmd.run ran on the target, over the ssh connection.
    assert_eq!(
        std::fs::read_to_string(d.join("out/h2/where")).expect("where"),
        "over-ssh\n"
    );
    // Let h3's orphaned remote run finish before the next one.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.join("out/h3/slept").exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(300));

    // A re-run converges h3; nothing is copied again (same build), no archive is left.
    let (v, rc, err) = fleet.run(&["h*", "state.apply"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    for id in ["h1", "h2", "h3"] {
        assert!(all_true(&v[id]), "{id}: {v}");
    }
    assert_eq!(changed(&v["h1"]), 0, "h1 was converged: {v}");
    assert_eq!(
        std::fs::read_to_string(d.join("out/h3/motd")).expect("motd"),
        "welcome to h3, hello fleet\n"
    );
    let again = std::fs::metadata(d.join("thin-h1/halite"))
        .and_then(|m| m.modified())
        .expect("mtime");
    assert_eq!(deployed_at, again, "the same build was copied again");
    for id in ["h1", "h2", "h3"] {
        let leftovers: Vec<String> = std::fs::read_dir(d.join(format!("thin-{id}")))
            .expect("thin")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.starts_with("run."))
            .collect();
        assert!(
            leftovers.is_empty(),
            "{id}: archive folders left: {leftovers:?}"
        );
    }
    // The grains were cached on the controller, with the time they took.
    let cached = std::fs::read_to_string(d.join("cache/minions/h2/grains.json")).expect("cache");
    let cached: serde_json::Value = serde_json::from_str(&cached).expect("json");
    assert_eq!(cached["data"]["id"], "h2");
    assert!(cached["seconds"].is_number());

    // test mode: nothing to change, results True.
    let (v, rc, _) = fleet.run(&["h1", "state.apply", "test=True"]);
    assert_eq!(rc, 0);
    assert!(all_true(&v["h1"]), "{v}");

    // An unknown host key is refused without -i, accepted with it.
    let (v, rc, _) = fleet.run(&["newkey", "test.ping"]);
    assert_eq!(rc, 20, "{v}");
    let msg = v["newkey"]["stdout"].as_str().unwrap_or_default();
    assert!(
        msg.contains("host key needs to be accepted"),
        "unexpected refusal: {v}"
    );
    let (v, rc, err) = fleet.run(&["-i", "newkey", "test.ping"]);
    assert_eq!(
        (rc, &v["newkey"]),
        (0, &serde_json::Value::Bool(true)),
        "{err}"
    );

    // An unreachable host is reported for that host only.
    let roster = std::fs::read_to_string(d.join("conf/roster")).expect("roster");
    write(
        &d.join("conf/roster"),
        &format!(
            "{roster}down:\n  host: 127.0.0.1\n  port: {}\n  user: root\n",
            free_port()
        ),
    );
    let (v, rc, _) = fleet.run(&["-L", "h1,down", "test.ping"]);
    assert_eq!(rc, 20);
    assert_eq!(v["h1"], true);
    assert!(
        v["down"]["stderr"]
            .as_str()
            .is_some_and(|s| s.contains("Connection refused")),
        "{v}"
    );
    assert_eq!(v["down"]["retcode"], 255, "{v}");

    // A key the host does not accept: that host's return says so, the others go on.
    keygen(&d.join("otherkey"));
    let roster = std::fs::read_to_string(d.join("conf/roster")).expect("roster");
    write(
        &d.join("conf/roster"),
        &format!(
            "{roster}nokey:\n  host: 127.0.0.1\n  port: {}\n  user: root\n  priv: {}\n",
            fleet.sshd.port,
            d.join("otherkey").display()
        ),
    );
    let (v, rc, _) = fleet.run(&["-L", "h2,nokey", "test.ping"]);
    assert_eq!(rc, 20);
    assert_eq!(v["h2"], true);
    assert_eq!(v["nokey"]["_error"], "Permission denied", "{v}");
    assert_eq!(v["nokey"]["retcode"], 255, "{v}");
    let _ = &fleet.sshd;
}

#[test]
fn mine_functions_run_on_each_host_and_mine_get_answers_from_the_cache() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let (v, rc, err) = fleet.run(&["h*", "mine.update"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let mine = std::fs::read_to_string(d.join("cache/minions/h2/mine.json")).expect("mine cache");
    let mine: serde_json::Value = serde_json::from_str(&mine).expect("json");
    assert_eq!(mine["data"]["hostid"], "h2");
    let (v, rc, err) = fleet.run(&["h1", "state.sls", "mine"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("out/h1/peers")).expect("peers"),
        "h1=h1,h2=h2,h3=h3\n"
    );
    // A run folder left by a run killed days ago (its archive holds the pillar) goes.
    let stale = d.join("thin-h1/run.stale");
    std::fs::create_dir_all(&stale).expect("mkdir");
    let ok = Command::new("touch")
        .args(["-d", "3 days ago"])
        .arg(&stale)
        .status()
        .expect("touch")
        .success();
    assert!(ok);
    let (_, rc, err) = fleet.run(&["h1", "test.ping"]);
    assert_eq!(rc, 0, "{err}");
    assert!(!stale.exists(), "the stale run folder is still there");
    // pillar= on the command line is merged on the controller and shipped in the archive.
    let (v, rc, err) = fleet.run(&[
        "h2",
        "state.sls",
        "plain",
        r#"pillar={"greeting": "hi override"}"#,
    ]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let names: Vec<&str> = v["h2"]
        .as_object()
        .map(|m| m.values().filter_map(|s| s["name"].as_str()).collect())
        .unwrap_or_default();
    assert_eq!(names, ["hi override"], "{v}");
    // Started as `halite-ssh`, targeting by the cached grains (-G).
    let link = d.join("halite-ssh");
    std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_halite"), &link).expect("symlink");
    let out = Command::new(&link)
        .arg("-c")
        .arg(d.join("conf"))
        .args(["-G", "id:h[23]", "test.ping", "--out", "json", "--static"])
        .stdin(Stdio::null())
        .output()
        .expect("halite-ssh");
    let (v, rc, err) = parse(out);
    assert_eq!(rc, 0, "{err}");
    assert_eq!(v, serde_json::json!({"h2": true, "h3": true}));
}

/// How many connections and remote commands sshd has logged so far.
fn sshd_counts(dir: &Path) -> (usize, usize) {
    // sshd logs a session as it starts; the last one may land just after the client ends.
    std::thread::sleep(Duration::from_millis(300));
    let log = std::fs::read_to_string(dir.join("sshd.log")).unwrap_or_default();
    (
        log.matches("Accepted publickey for").count(),
        log.matches("Starting session: command").count(),
    )
}

#[test]
fn a_state_run_is_one_connection_and_one_command_a_host_and_first_contact_two_commands() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    // Without mine functions first (they cost a command of their own, below).
    let master = d.join("conf/master");
    let with_mine = std::fs::read_to_string(&master).expect("master");
    let without = with_mine
        .split("mine_functions:")
        .next()
        .expect("master text")
        .to_string();
    write(&master, &without);
    let before = sshd_counts(&d);
    // First contact: no binary on the hosts, no grains cached. The binary travels with
    // the grains command; the catalog goes with the apply.
    let (v, rc, err) = fleet.run(&["h[12]", "state.sls", "plain"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    assert!(all_true(&v["h1"]) && all_true(&v["h2"]), "{v}");
    let first = sshd_counts(&d);
    assert_eq!(
        (first.0 - before.0, first.1 - before.1),
        (2, 4),
        "connections and commands for two hosts' first run"
    );
    let again_v = fleet.run(&["h[12]", "state.sls", "plain"]);
    assert_eq!(again_v.1, 0, "{}", again_v.2);
    let again = sshd_counts(&d);
    assert_eq!(
        (again.0 - first.0, again.1 - first.1),
        (2, 2),
        "connections and commands for two hosts' no-change run"
    );
    // mine_functions run on each host before the compile: one more command a host.
    write(&master, &with_mine);
    let (v, rc, err) = fleet.run(&["h[12]", "state.sls", "plain"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let mined = sshd_counts(&d);
    assert_eq!((mined.0 - again.0, mined.1 - again.1), (2, 4));
    let again = mined;
    // The record of the deploy is only a hint: a host that lost its binary gets it again
    // behind the version check (the command, the copy, the command again).
    std::fs::remove_file(d.join("thin-h1/halite")).expect("rm");
    fleet.expect(&["h1", "test.ping"], serde_json::json!({"h1": true}));
    let lost = sshd_counts(&d);
    assert_eq!((lost.0 - again.0, lost.1 - again.1), (1, 3));
}

#[test]
fn control_persist_keeps_the_connection_for_the_next_run() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let before = sshd_counts(&d);
    // The kept connection ends by itself 20 s after its last use (or with this test's sshd).
    fleet.expect(
        &["--control-persist", "20", "h[12]", "test.ping"],
        serde_json::json!({"h1": true, "h2": true}),
    );
    let first = sshd_counts(&d);
    assert_eq!((first.0 - before.0, first.1 - before.1), (2, 2));
    fleet.expect(
        &["--control-persist", "20", "h[12]", "test.ping"],
        serde_json::json!({"h1": true, "h2": true}),
    );
    let again = sshd_counts(&d);
    assert_eq!(
        (again.0 - first.0, again.1 - first.1),
        (0, 2),
        "the second run opened connections of its own"
    );
    // Without the option a run opens its own connections, as before.
    let (_, rc, err) = fleet.run(&["h1", "test.ping"]);
    assert_eq!(rc, 0, "{err}");
    let plain = sshd_counts(&d);
    assert_eq!((plain.0 - again.0, plain.1 - again.1), (1, 1));
}

/// Issue 32: a `root_dir` in the master config puts the controller's cache below it, as
/// salt-ssh's `prepend_root_dir` does (the config's `cachedir: D/cache` becomes
/// `D/root/D/cache`; crates/halite/tests/fixtures/root_dir.json has Salt's answers).
#[test]
fn root_dir_in_the_master_config_moves_the_cache_below_it() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    append(
        &d.join("conf/master"),
        &format!("root_dir: {}/root\n", d.display()),
    );
    let (v, rc, err) = fleet.run(&["h1", "grains.item", "id"]);
    assert_eq!(
        (&v["h1"]["id"], rc),
        (&serde_json::json!("h1"), 0),
        "{v}\n{err}"
    );
    let below = d.join(format!("root{}/cache/minions/h1", d.display()));
    let cached: Vec<String> = std::fs::read_dir(&below)
        .unwrap_or_else(|e| panic!("no cache at {}: {e}", below.display()))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(cached.iter().any(|n| n == "grains.json"), "{cached:?}");
    assert!(
        !d.join("cache/minions/h1").exists(),
        "the cache outside root_dir was used"
    );
}

#[test]
fn compound_and_nodegroup_targets_match_ids_and_cached_grains() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let master = d.join("conf/master");
    append(&master, "nodegroups:\n  odd: L@h1,h3\n  oddish: N@odd and not h3\nssh_list_nodegroups:\n  pair: [h2, h3]\n  odd: h2\n");
    // Nothing cached yet: a grain word matches nothing, ids still do.
    fleet.expect(
        &["-C", "G@id:h1 or L@h3", "test.ping"],
        serde_json::json!({"h3": true}),
    );
    let (v, rc, err) = fleet.run(&["h*", "grains.item", "os"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let os = v["h1"]["os"].as_str().expect("os grain").to_string();
    fleet.expect(
        &["-C", "G@id:h1 or L@h3", "test.ping"],
        serde_json::json!({"h1": true, "h3": true}),
    );
    let expr = format!("G@os:{os} and not E@h[12]");
    fleet.expect(&["-C", &expr, "test.ping"], serde_json::json!({"h3": true}));
    fleet.expect(
        &["-C", "( h1 or h2 ) and not G@os:NoSuchOS*", "test.ping"],
        serde_json::json!({"h1": true, "h2": true}),
    );
    fleet.expect(
        &["-N", "oddish", "test.ping"],
        serde_json::json!({"h1": true}),
    );
    // salt-ssh's own list groups come first.
    fleet.expect(
        &["-N", "pair", "test.ping"],
        serde_json::json!({"h2": true, "h3": true}),
    );
    fleet.expect(&["-N", "odd", "test.ping"], serde_json::json!({"h2": true}));
    // No match: salt-ssh's message, nothing run.
    let out = fleet
        .halite(&["-C", "G@os:NoSuchOS", "test.ping"])
        .output()
        .expect("halite ssh");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stderr).contains("No matching targets found"));
}

#[test]
fn sudo_wraps_every_command_in_sudo_found_on_the_roster_set_path() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    // This machine has no sudo: a stand-in first on set_path logs its arguments and runs
    // the command as sudo -n would (the test logs in as root already).
    let log = d.join("sudo.log");
    let fake = d.join("fakebin/sudo");
    write(
        &fake,
        &format!(
            "#!/bin/sh\nprintf 'CALL %s\\n' \"$*\" >> {log}\n[ \"$1\" = -n ] || exit 99\nshift\nif [ \"$1\" = -u ]; then shift 2; fi\nexec \"$@\"\n",
            log = log.display()
        ),
    );
    let ok = Command::new("chmod")
        .arg("755")
        .arg(&fake)
        .status()
        .expect("chmod")
        .success();
    assert!(ok);
    let roster = d.join("conf/roster");
    let mut text = std::fs::read_to_string(&roster).expect("roster");
    for (id, sudo) in [("s1", "  sudo: True\n  sudo_user: root\n"), ("s2", "")] {
        text.push_str(&format!(
            "{id}:\n  host: 127.0.0.1\n  port: {port}\n  user: root\n  thin_dir: {d}/thin-{id}\n  set_path: {d}/fakebin:/usr/bin:/bin\n{sudo}",
            port = fleet.sshd.port,
            d = d.display()
        ));
    }
    write(&roster, &text);
    let lines = || -> Vec<String> {
        std::fs::read_to_string(&log)
            .unwrap_or_default()
            .split("CALL ")
            .skip(1)
            .map(String::from)
            .collect()
    };
    let before = sshd_counts(&d);
    let (v, rc, err) = fleet.run(&["s1", "state.sls", "plain"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    assert!(all_true(&v["s1"]), "{v}");
    let after = sshd_counts(&d);
    // Every remote command went through sudo: first contact's grains and mine functions
    // (with the binary) and the apply.
    let got = lines();
    assert_eq!(got.len(), after.1 - before.1, "{got:?}");
    assert_eq!(got.len(), 2, "{got:?}");
    for l in &got {
        assert!(l.starts_with("-n -u root /bin/sh -c "), "{l}");
        assert!(
            l.contains(&format!("PATH={}/fakebin:/usr/bin:/bin", d.display())),
            "{l}"
        );
    }
    // Without sudo in the roster: not wrapped, unless --sudo says so.
    fleet.expect(&["s2", "test.ping"], serde_json::json!({"s2": true}));
    assert_eq!(lines().len(), 2);
    fleet.expect(
        &["--sudo", "s2", "test.ping"],
        serde_json::json!({"s2": true}),
    );
    let got = lines();
    assert_eq!(got.len(), 3, "{got:?}");
    assert!(got[2].starts_with("-n /bin/sh -c "), "{}", got[2]);
    // The master's ssh_sudo_user is the default of a roster entry without sudo_user;
    // s1's own sudo_user wins over it.
    let master = d.join("conf/master");
    append(&master, "ssh_sudo_user: daemon\n");
    fleet.expect(
        &["--sudo", "s1,s2", "-L", "test.ping"],
        serde_json::json!({"s1": true, "s2": true}),
    );
    let mut got = lines()[3..].to_vec();
    got.sort();
    assert_eq!(got.len(), 2, "{got:?}");
    assert!(got[0].starts_with("-n -u daemon /bin/sh -c "), "{}", got[0]);
    assert!(got[1].starts_with("-n -u root /bin/sh -c "), "{}", got[1]);
    // A sudo that refuses (as sudo -n without NOPASSWD does) fails the host, not the run.
    write(
        &fake,
        "#!/bin/sh\necho 'sudo: a password is required' >&2\nexit 1\n",
    );
    let (v, rc, _) = fleet.run(&["s1", "test.ping"]);
    assert_eq!(rc, 20, "{v}");
    assert!(
        v["s1"].to_string().contains("a password is required"),
        "{v}"
    );
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}

#[test]
fn catalog_compile_is_byte_identical_and_refuses_target_calls_without_a_connection() {
    let root = tempfile::Builder::new()
        .prefix("halitetest-ssh")
        .tempdir_in("/tmp")
        .expect("tempdir");
    let d = root.path();
    write(
        &d.join("conf/master"),
        &format!(
            "file_roots:\n  base: [{d}/srv/salt]\npillar_roots:\n  base: [{d}/srv/pillar]\ncachedir: {d}/cache\n",
            d = d.display()
        ),
    );
    write(&d.join("srv/salt/top.sls"), "base:\n  '*':\n    - web\n");
    write(
        &d.join("srv/salt/web.sls"),
        "{{ pillar['path'] }}:\n  file.managed:\n    - source: salt://files/index.html\n    - makedirs: True\n",
    );
    write(&d.join("srv/salt/files/index.html"), "hi\n");
    write(
        &d.join("srv/salt/impure.sls"),
        "x:\n  test.nop:\n    - name: {{ salt['cmd.run']('hostname') }}\n",
    );
    write(&d.join("srv/pillar/top.sls"), "base:\n  '*':\n    - p\n");
    write(
        &d.join("srv/pillar/p.sls"),
        &format!("path: {}/out/index.html\n", d.display()),
    );
    write(
        &d.join("grains.json"),
        "{\"id\": \"web1\", \"os\": \"Debian\"}",
    );
    let compile = |out: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_halite"))
            .args(["catalog", "compile", "-c"])
            .arg(d.join("conf"))
            .args(["--id", "web1", "--grains"])
            .arg(d.join("grains.json"))
            .arg("-o")
            .arg(d.join(out))
            .args(extra)
            .output()
            .expect("compile")
    };
    let a = compile("a.tgz", &[]);
    assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
    let b = compile("b.tgz", &[]);
    assert!(b.status.success());
    let (ba, bb) = (
        std::fs::read(d.join("a.tgz")).expect("a"),
        std::fs::read(d.join("b.tgz")).expect("b"),
    );
    assert_eq!(ba, bb, "same inputs, different bytes");
    assert_eq!(
        String::from_utf8_lossy(&a.stdout).trim(),
        sha256_of(&d.join("a.tgz"))
    );
    let diff = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["catalog", "diff"])
        .arg(d.join("a.tgz"))
        .arg(d.join("b.tgz"))
        .output()
        .expect("diff");
    assert_eq!(diff.status.code(), Some(0));
    // A changed file shows in the diff.
    write(&d.join("srv/salt/files/index.html"), "bye\n");
    assert!(compile("c.tgz", &[]).status.success());
    let diff = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["catalog", "diff"])
        .arg(d.join("a.tgz"))
        .arg(d.join("c.tgz"))
        .output()
        .expect("diff");
    assert_eq!(diff.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&diff.stdout).trim(),
        "~ file base/files/index.html"
    );
    // Applying it here (a scratch minion config) writes the file from the archive.
    write(
        &d.join("minion/minion"),
        &format!(
            "file_client: local\nfile_roots:\n  base: []\npillar_roots:\n  base: []\ncachedir: {}/mcache\n",
            d.display()
        ),
    );
    let apply = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["catalog", "apply"])
        .arg(d.join("c.tgz"))
        .arg("-c")
        .arg(d.join("minion"))
        .args(["--out", "json"])
        .output()
        .expect("apply");
    assert!(
        apply.status.success(),
        "{}{}",
        String::from_utf8_lossy(&apply.stdout),
        String::from_utf8_lossy(&apply.stderr)
    );
    assert_eq!(
        std::fs::read_to_string(d.join("out/index.html")).expect("applied"),
        "bye\n"
    );
    // A template asking the target, with no connection: the compile fails, naming it.
    let i = compile("i.tgz", &["state.sls", "impure"]);
    assert!(!i.status.success());
    let text = String::from_utf8_lossy(&i.stdout);
    assert!(text.contains("cmd.run"), "{text}");
    assert!(!d.join("i.tgz").exists());
}

/// Times, durations and pids differ run to run.
fn normalize(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            for key in ["start_time", "duration", "pid"] {
                if m.contains_key(key) {
                    m.insert(key.into(), "<volatile>".into());
                }
            }
            m.values_mut().for_each(normalize);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(normalize),
        _ => {}
    }
}

/// A catalog records the Salt release it was compiled for (the master config's
/// `salt_compat`, or `--salt-compat`) and `catalog apply` runs it as that release whatever
/// the applying minion's config says. The state run is fleet_errors' `bad` (a failing
/// command and a test.nop requiring it); its expected return is salt-ssh's own for h2 in
/// tests/ssh-cases/fleet_errors/expected{,-3008}/01.json (3008 adds `__state_ran__`).
#[test]
fn catalog_apply_runs_as_the_release_the_catalog_was_compiled_for() {
    let case = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/ssh-cases/fleet_errors");
    let root = tempfile::Builder::new()
        .prefix("halitetest-ssh")
        .tempdir_in("/tmp")
        .expect("tempdir");
    let d = root.path();
    let bad = std::fs::read_to_string(case.join("srv/salt/bad.sls")).expect("bad.sls");
    write(&d.join("srv/salt/bad.sls"), &bad);
    write(
        &d.join("srv/pillar/top.sls"),
        "base: {}
",
    );
    write(
        &d.join("grains.json"),
        "{\"id\": \"h2\", \"os\": \"Debian\"}",
    );
    let master = |compat: &str| {
        format!(
            "file_roots:\n  base: [{d}/srv/salt]\npillar_roots:\n  base: [{d}/srv/pillar]\ncachedir: {d}/cache\nsalt_compat: \"{compat}\"\n",
            d = d.display()
        )
    };
    let minion = |compat: &str| {
        format!(
            "file_client: local\nfile_roots:\n  base: []\npillar_roots:\n  base: []\ncachedir: {}/mcache\nsalt_compat: \"{compat}\"\n",
            d.display()
        )
    };
    let compile = |conf: &str, out: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_halite"))
            .args(["catalog", "compile", "-c"])
            .arg(d.join(conf))
            .args(["--id", "h2", "--grains"])
            .arg(d.join("grains.json"))
            .arg("-o")
            .arg(d.join(out))
            .args(extra)
            .args(["state.sls", "bad"])
            .output()
            .expect("compile")
    };
    let apply = |file: &str, conf: &str, extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_halite"))
            .args(["catalog", "apply"])
            .arg(d.join(file))
            .arg("-c")
            .arg(d.join(conf))
            .args(["--out", "json"])
            .args(extra)
            .output()
            .expect("apply")
    };
    let recorded = |dir: &str| {
        let text = std::fs::read_to_string(case.join(dir).join("01.json")).expect("recording");
        let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
        let mut h2 = v["h2"].take();
        normalize(&mut h2);
        h2
    };
    write(&d.join("m3007/master"), &master("3007"));
    write(&d.join("m3008/master"), &master("3008"));
    write(&d.join("n3007/minion"), &minion("3007"));
    write(&d.join("n3008/minion"), &minion("3008"));
    // (catalog, how it was compiled, the applying minion: the other release, the recording)
    let runs = [
        (
            "c7.tgz",
            compile("m3007", "c7.tgz", &[]),
            "n3008",
            "expected",
        ),
        (
            "c8.tgz",
            compile("m3007", "c8.tgz", &["--salt-compat", "3008"]),
            "n3007",
            "expected-3008",
        ),
    ];
    for (file, out, minion_conf, expected) in runs {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let got = apply(file, minion_conf, &[]);
        assert_eq!(
            got.status.code(),
            Some(1),
            "{}",
            String::from_utf8_lossy(&got.stderr)
        );
        let mut v: serde_json::Value =
            serde_json::from_slice(&got.stdout).expect("apply prints JSON");
        let mut local = v["local"].take();
        normalize(&mut local);
        assert_eq!(local, recorded(expected), "{file} applied by {minion_conf}");
    }
    // Asking to apply a catalog as another release than it was compiled for is refused.
    let refused = apply("c7.tgz", "n3007", &["--salt-compat", "3008"]);
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("compiled for Salt 3007.8"), "{err}");
    assert!(refused.stdout.is_empty());
}

fn sha256_of(p: &Path) -> String {
    let out = Command::new("sha256sum")
        .arg(p)
        .output()
        .expect("sha256sum");
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A host applies its catalog with the grains its first contact gathered, kept in its
/// thin_dir as Salt's grains cache (`grains_cache`, 0600), instead of gathering them again
/// on every run; `--refresh` gathers them anew on the host and rewrites that cache.
#[test]
fn a_host_applies_with_the_grains_its_first_contact_cached() {
    use std::os::unix::fs::PermissionsExt;
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    write(
        &d.join("srv/salt/gc.sls"),
        "marker:\n  module.run:\n    - grains.get:\n      - marker\n",
    );
    let (v, rc, err) = fleet.run(&["h1", "state.sls", "plain"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let cache = d.join("thin-h1/cache/grains.cache.p");
    let mode = std::fs::metadata(&cache)
        .expect("the host's grains cache")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    // Salt's bytes for {"id": "h1", "marker": "cached"} (salt.payload.dumps).
    std::fs::write(&cache, b"\x82\xa2id\xa2h1\xa6marker\xa6cached".as_slice())
        .expect("write cache");
    let ret_of = |v: &serde_json::Value| {
        v["h1"]
            .as_object()
            .and_then(|m| m.values().next())
            .map(|st| st["changes"]["grains.get"].clone())
    };
    let (v, rc, err) = fleet.run(&["h1", "state.sls", "gc"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    assert_eq!(ret_of(&v), Some(serde_json::json!("cached")), "{v}");
    let (v, rc, err) = fleet.run(&["--refresh", "h1", "state.sls", "gc"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    assert_ne!(ret_of(&v), Some(serde_json::json!("cached")), "{v}");
}

/// The host side of a command: `THIN/minion` written 0600 by halite itself, a state run's
/// folder gone after the run, and a run folder a killed run left more than a day ago
/// removed by the next command (its catalog holds the pillar); a younger one is kept.
#[test]
fn a_host_keeps_its_minion_config_private_and_no_run_folder_behind() {
    use std::os::unix::fs::PermissionsExt;
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let (v, rc, err) = fleet.run(&["h1", "state.sls", "plain"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let thin = d.join("thin-h1");
    let mode = std::fs::metadata(thin.join("minion"))
        .expect("THIN/minion")
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
    let runs = |dir: &Path| -> Vec<String> {
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with("run."))
                    .collect()
            })
            .unwrap_or_default();
        v.sort();
        v
    };
    assert_eq!(runs(&thin.join("cache")), Vec::<String>::new());
    let day_old = std::time::SystemTime::now() - std::time::Duration::from_secs(25 * 3600);
    for dir in [thin.join("run.killed"), thin.join("cache/run.killed")] {
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("salt_state.tgz"), "x").expect("write");
        std::fs::File::open(&dir)
            .expect("open")
            .set_modified(day_old)
            .expect("mtime");
    }
    std::fs::create_dir_all(thin.join("cache/run.recent")).expect("mkdir");
    let (v, rc, err) = fleet.run(&["h1", "state.sls", "plain"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    assert_eq!(runs(&thin), Vec::<String>::new());
    assert_eq!(runs(&thin.join("cache")), vec!["run.recent".to_string()]);
}

/// The master's `ssh_options` reach every host's ssh command line, as salt-ssh's target
/// defaults do (an option ssh does not know fails that host with ssh's own message).
#[test]
fn master_ssh_options_are_every_hosts_default() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let master = fleet.dir.join("conf/master");
    let text = std::fs::read_to_string(&master).expect("master");
    write(
        &master,
        &format!("{text}ssh_options:\n  - KexAlgorithms=curve25519-sha256\n"),
    );
    fleet.expect(&["h1", "test.ping"], serde_json::json!({"h1": true}));
    write(
        &master,
        &format!("{text}ssh_options:\n  - NoSuchOption=1\n"),
    );
    let (v, rc, _) = fleet.run(&["h1", "test.ping"]);
    assert_ne!(rc, 0, "{v}");
    assert!(
        v["h1"]
            .to_string()
            .contains("Bad configuration option: nosuchoption"),
        "{v}"
    );
}

/// A `halitetest` user for the time of a test (removed on drop), or None (the reason
/// printed) where this machine cannot make one.
struct TestUser(String);

impl TestUser {
    fn new(name: &str, home: &Path) -> Option<TestUser> {
        let made = Command::new("useradd")
            .args(["-M", "-s", "/bin/sh", "-d"])
            .arg(home)
            .arg(name)
            .status()
            .is_ok_and(|s| s.success());
        if !made {
            eprintln!("skipped: useradd {name} failed");
            return None;
        }
        let user = TestUser(name.to_string());
        // A locked account ("!" in shadow) is refused by sshd without PAM: no password,
        // not locked.
        let unlocked = Command::new("usermod")
            .args(["-p", "*", name])
            .status()
            .is_ok_and(|s| s.success());
        let homed = std::fs::create_dir_all(home).is_ok()
            && Command::new("chown")
                .arg(name)
                .arg(home)
                .status()
                .is_ok_and(|s| s.success());
        (unlocked && homed).then_some(user)
    }
}

impl Drop for TestUser {
    fn drop(&mut self) {
        let _ = Command::new("userdel").arg(&self.0).status();
    }
}

/// Issue 34: a state template's `salt['file.read']` (and the other functions that read
/// the host) is answered by the target over the host's connection, never by the
/// controller. The target logs in as a user who may not read the controller's root-only
/// file: salt-ssh's "Permission denied" comes back, and the file's text is in no return.
#[test]
fn a_root_only_controller_file_read_by_a_state_template_never_reaches_the_return() {
    use std::os::unix::fs::PermissionsExt;
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    // The user's sshd reads the shared authorized_keys as that user.
    std::fs::set_permissions(&d, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    std::fs::set_permissions(
        d.join("authorized_keys"),
        std::fs::Permissions::from_mode(0o644),
    )
    .expect("chmod");
    let name = format!("halitetest-t34-{}", std::process::id());
    let Some(_user) = TestUser::new(&name, &d.join("home-u1")) else {
        return;
    };
    let secret = "controller-only-secret-34";
    let secret_file = d.join("secret/c.txt");
    write(&secret_file, &format!("{secret}\n"));
    std::fs::set_permissions(&secret_file, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    let roster = d.join("conf/roster");
    let mut text = std::fs::read_to_string(&roster).expect("roster");
    text.push_str(&format!(
        "u1:\n  host: 127.0.0.1\n  port: {port}\n  user: {name}\n  thin_dir: {d}/home-u1/thin\n",
        port = fleet.sshd.port,
        d = d.display()
    ));
    write(&roster, &text);
    write(
        &d.join("srv/salt/readsecret.sls"),
        &format!(
            "{{% set v = salt['file.read']('{f}') %}}\nread:\n  test.nop:\n    - name: \"{{{{ v }}}}\"\n",
            f = secret_file.display()
        ),
    );
    let before = sshd_counts(&d);
    let (v, _, err) = fleet.run(&["u1", "state.sls", "readsecret"]);
    let all = format!("{v}{err}");
    assert!(
        !all.contains(secret),
        "the controller's file reached the return: {all}"
    );
    assert!(all.contains("Permission denied"), "{all}");
    // The call went over the connection: first contact (grains), the file.read (whose
    // error text the template got, as salt-ssh's wrapper gives it), the apply.
    let after = sshd_counts(&d);
    assert_eq!(after.1 - before.1, 3, "{all}");
    // A root login reads it on the target (the loopback host is this machine): the same
    // call, answered there over the connection, not here.
    write(
        &d.join("srv/salt/readsecret.sls"),
        &format!(
            "{{% set v = salt['file.read']('{f}') %}}\n{{% set e = salt['environ.get']('SSH_CONNECTION') %}}\nread:\n  test.nop:\n    - name: \"{{{{ v | trim }}}} {{{{ 'over-ssh' if e else 'here' }}}}\"\n",
            f = secret_file.display()
        ),
    );
    let (v, rc, err) = fleet
        .halite(&["h1", "state.sls", "readsecret"])
        .env_remove("SSH_CONNECTION")
        .output()
        .map(parse)
        .expect("halite ssh");
    assert_eq!(rc, 0, "{v}\n{err}");
    assert!(v.to_string().contains(&format!("{secret} over-ssh")), "{v}");
}

/// Issue 34: state templates see the host's minion options (salt-ssh's minion opts: the
/// roster's `minion_opts`, the id, the defaults), never the master config's: no `ssh_priv`,
/// no ext_pillar credential, no other master-only option, in `opts`, `config.get` or
/// `config.items`, in a `halite ssh` return or a `halite catalog compile` catalog.
#[test]
fn master_config_secrets_never_reach_a_state_templates_opts_or_config_get() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let master = d.join("conf/master");
    append(&master, "master_db_password: master-secret-34\next_pillar:\n  - git:\n      - https://fleet:ext-pillar-secret-34@git.invalid/pillar.git\n");
    let roster = d.join("conf/roster");
    let mut text = std::fs::read_to_string(&roster).expect("roster");
    text = text.replacen(
        "  thin_dir:",
        "  minion_opts:\n    roster_marker: from-the-roster\n  thin_dir:",
        1,
    );
    write(&roster, &text);
    write(
        &d.join("srv/salt/showopts.sls"),
        "show-opts:\n  test.nop:\n    - name: {{ opts | tojson | yaml_dquote }}\nshow-items:\n  test.nop:\n    - name: {{ salt['config.items']() | tojson | yaml_dquote }}\nshow-got:\n  test.nop:\n    - name: \"got {{ salt['config.get']('master_db_password', 'unset') }} {{ salt['config.option']('ssh_priv', 'unset') }} {{ opts.get('ext_pillar', 'none') }} {{ opts['id'] }} {{ opts.get('roster_marker') }}\"\n",
    );
    let ssh_priv = format!("{}/client", d.display());
    let secrets = [
        "master-secret-34",
        "ext-pillar-secret-34",
        ssh_priv.as_str(),
    ];
    let (v, rc, err) = fleet.run(&["h1", "state.sls", "showopts"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let all = format!("{v}{err}");
    for s in secrets {
        assert!(!all.contains(s), "{s} reached the return");
    }
    assert!(
        all.contains("got unset unset none h1 from-the-roster"),
        "{err}"
    );
    // The same states compiled with no connection, from the grains h1 cached.
    let out = d.join("h1.tgz");
    let compiled = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["catalog", "compile", "-c"])
        .arg(d.join("conf"))
        .args(["--id", "h1", "-o"])
        .arg(&out)
        .args(["state.sls", "showopts"])
        .output()
        .expect("compile");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&compiled.stdout),
        String::from_utf8_lossy(&compiled.stderr)
    );
    assert!(compiled.status.success(), "{said}");
    let unpacked = Command::new("tar")
        .arg("-xzOf")
        .arg(&out)
        .output()
        .expect("tar");
    let catalog = format!("{}{said}", String::from_utf8_lossy(&unpacked.stdout));
    assert!(catalog.contains("got unset unset none h1"), "{said}");
    for s in secrets {
        assert!(!catalog.contains(s), "{s} reached the catalog");
    }
    // A host read has no host to ask there: the compile fails naming it, and no catalog
    // holds the controller's answer.
    write(
        &d.join("srv/salt/readhost.sls"),
        &format!(
            "x:\n  test.nop:\n    - name: \"{{{{ salt['file.read']('{m}') }}}}\"\n",
            m = master.display()
        ),
    );
    let refused = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["catalog", "compile", "-c"])
        .arg(d.join("conf"))
        .args(["--id", "h1", "-o"])
        .arg(d.join("r.tgz"))
        .args(["state.sls", "readhost"])
        .output()
        .expect("compile");
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&refused.stdout),
        String::from_utf8_lossy(&refused.stderr)
    );
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("'file.read' asks the target host"), "{said}");
    assert!(!said.contains("master-secret-34"), "{said}");
    assert!(!d.join("r.tgz").exists());
}

/// The pids of the processes whose argument list `pred` accepts.
fn procs_where(pred: impl Fn(&[String]) -> bool) -> Vec<u32> {
    let mut pids = Vec::new();
    let Ok(rd) = std::fs::read_dir("/proc") else {
        return pids;
    };
    for entry in rd.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let args: Vec<String> = cmdline
            .split(|b| *b == 0)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect();
        if pred(&args) {
            pids.push(pid);
        }
    }
    pids
}

fn chmod(p: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(p, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

fn add_roster(fleet: &Fleet, entry: &str) {
    append(&fleet.dir.join("conf/roster"), entry);
}

/// Issue 34, 5: a thin_dir someone else prepared (world-writable, another owner, a link)
/// holding a fake `halite` with the right `halite.sha256` is refused, whether the
/// controller ships the binary (no record of the host) or only checks it (a record), and
/// the fake never runs; the host's return says why.
#[test]
fn a_hostile_thin_dir_is_refused_and_its_fake_binary_never_runs() {
    use std::os::unix::fs::PermissionsExt;
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let thin = d.join("thin-hostile");
    add_roster(
        &fleet,
        &format!(
            "hostile:\n  host: 127.0.0.1\n  port: {}\n  user: root\n  thin_dir: {}\n",
            fleet.sshd.port,
            thin.display()
        ),
    );
    // A first, clean contact: the thin_dir made 0700, the controller keeps a record.
    fleet.expect(
        &["hostile", "test.ping"],
        serde_json::json!({"hostile": true}),
    );
    let mode = std::fs::metadata(&thin).expect("thin").permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    let sum = std::fs::read_to_string(thin.join("halite.sha256")).expect("sum");
    let record = d.join("cache/minions/hostile/thin.json");
    assert!(record.exists());
    let pwned = d.join("pwned");
    let fake = format!(
        "#!/bin/sh\ntouch {}\necho '{{\"local\": true}}'\n",
        pwned.display()
    );
    let plant = |dir_mode: u32, file_mode: u32| {
        let _ = std::fs::remove_dir_all(&thin);
        let _ = std::fs::remove_file(&thin);
        std::fs::create_dir(&thin).expect("mkdir");
        write(&thin.join("halite"), &fake);
        write(&thin.join("halite.sha256"), &sum);
        chmod(&thin.join("halite"), file_mode);
        chmod(&thin, dir_mode);
    };
    let refused = |why: &str| {
        let (v, rc, err) = fleet.run(&["hostile", "test.ping"]);
        assert_eq!(rc, 20, "{v}\n{err}");
        let ret = &v["hostile"];
        let error = ret["_error"].as_str().unwrap_or_default();
        assert!(error.contains("refusing the thin_dir"), "{v}");
        assert!(error.contains(why), "{why}: {v}");
        assert!(!pwned.exists(), "the planted binary ran ({why})");
        assert_eq!(
            std::fs::read_to_string(thin.join("halite")).unwrap_or_default(),
            fake,
            "the planted dir was written into ({why})"
        );
    };
    // World-writable, the controller's record saying the host has the build: the guard.
    plant(0o777, 0o777);
    refused("writable by group or others");
    // Without the record: the copy that ships the binary refuses to write into it.
    std::fs::remove_file(&record).expect("rm record");
    refused("writable by group or others");
    assert!(!record.exists(), "a refused host was recorded as deployed");
    // Only the binary writable by others, in a thin_dir of ours: a copy replaces it (the
    // planted one never runs) ...
    plant(0o700, 0o757);
    fleet.expect(
        &["hostile", "test.ping"],
        serde_json::json!({"hostile": true}),
    );
    assert!(!pwned.exists(), "the planted binary ran");
    assert!(record.exists());
    // ... and the guard (with the record) refuses to run it.
    plant(0o700, 0o757);
    refused("writable by group or others");
    // Another user's (not root's) folder, modes as a real one.
    plant(0o755, 0o755);
    let ok = Command::new("chown")
        .args(["-R", "4242:4242"])
        .arg(&thin)
        .status()
        .expect("chown")
        .success();
    assert!(ok);
    refused("owned by another user");
    // A link to another folder (one that would pass the checks itself).
    plant(0o700, 0o700);
    let elsewhere = d.join("elsewhere");
    std::fs::rename(&thin, &elsewhere).expect("mv");
    std::os::unix::fs::symlink(&elsewhere, &thin).expect("symlink");
    refused("is a symbolic link");
    // Gone: the next contact makes it anew.
    std::fs::remove_file(&thin).expect("rm link");
    fleet.expect(
        &["hostile", "test.ping"],
        serde_json::json!({"hostile": true}),
    );
    assert!(!pwned.exists());
}

/// Issue 34, 6: a controller killed with SIGKILL mid-run leaves no ssh ControlMaster
/// running (each dies with it), and the next run removes the control folder it left.
#[test]
fn a_killed_controller_leaves_no_control_master_and_the_next_run_removes_its_folder() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    let mut child = fleet
        .halite(&["h3", "state.apply"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    let pid = child.id();
    let prefix = format!("/tmp/hssh.{pid}.");
    let masters = || {
        procs_where(|a| {
            a.iter().any(|x| x == "-M")
                && a.windows(2)
                    .any(|w| w[0] == "-S" && w[1].starts_with(&prefix))
        })
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    while masters().is_empty() {
        assert!(
            Instant::now() < deadline,
            "never saw the run's ControlMaster"
        );
        assert!(
            child.try_wait().ok().flatten().is_none(),
            "the run ended early"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    // Mid-run (h3's slow state takes 4 s).
    std::thread::sleep(Duration::from_millis(1500));
    unsafe { libc::kill(pid as i32, libc::SIGKILL) };
    let _ = child.wait();
    let deadline = Instant::now() + Duration::from_secs(3);
    while !masters().is_empty() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(
        masters(),
        Vec::<u32>::new(),
        "a ControlMaster outlived its run"
    );
    let left = || -> Vec<PathBuf> {
        std::fs::read_dir("/tmp")
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.display().to_string().starts_with(&prefix))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(left().len(), 1, "the killed run's control folder");
    fleet.expect(&["h1", "test.ping"], serde_json::json!({"h1": true}));
    assert_eq!(
        left(),
        Vec::<PathBuf>::new(),
        "the stale folder is still there"
    );
    // Let h3's orphaned remote run finish before the fleet goes.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.join("out/h3/slept").exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(300));
}

/// salt-ssh's error return (`SSHException.to_ret`) with its `_error`.
fn assert_error_dict(ret: &serde_json::Value, error: &str, retcode: i64) {
    for key in ["stdout", "stderr"] {
        assert!(ret[key].is_string(), "{key}: {ret}");
    }
    assert_eq!(ret["retcode"], retcode, "{ret}");
    assert_eq!(ret["_error"], error, "{ret}");
}

const NON_ZERO: &str = "The command resulted in a non-zero exit code";

/// Issue 34, 7: a host whose remote process dies mid-run, an unknown host key and a
/// connect timeout each return salt-ssh's error dict (`stdout`, `stderr`, `retcode`,
/// `_error`), not a bare string.
#[test]
fn a_dead_remote_process_an_unknown_host_key_and_a_timeout_return_salt_ssh_error_dicts() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    // The remote halite of h3's state run, killed while its slow state runs.
    fleet.expect(&["h3", "test.ping"], serde_json::json!({"h3": true}));
    let child = fleet
        .halite(&["h3", "state.apply"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    let thin = format!("{}/thin-h3/halite", d.display());
    let remote = || {
        procs_where(|a| a.first().is_some_and(|x| *x == thin) && a.iter().any(|x| x == "state.pkg"))
    };
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut killed = false;
    while Instant::now() < deadline {
        if let Some(pid) = remote().first() {
            std::thread::sleep(Duration::from_millis(500));
            unsafe { libc::kill(*pid as i32, libc::SIGKILL) };
            killed = true;
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(killed, "never saw h3's remote halite");
    let (v, rc, err) = parse(child.wait_with_output().expect("wait"));
    assert_eq!(rc, 20, "{v}\n{err}");
    assert_error_dict(&v["h3"], NON_ZERO, 255);
    // An unknown host key: the -i hint, as salt-ssh words it, in stdout.
    let (v, rc, _) = fleet.run(&["newkey", "test.ping"]);
    assert_eq!(rc, 20, "{v}");
    assert_error_dict(&v["newkey"], NON_ZERO, 254);
    assert!(
        v["newkey"]["stdout"]
            .as_str()
            .is_some_and(|s| s.starts_with("The host key needs to be accepted")),
        "{v}"
    );
    // A host that takes the connection and never answers: ssh's ConnectTimeout.
    let silent = TcpListener::bind("127.0.0.1:0").expect("bind");
    let port = silent.local_addr().expect("addr").port();
    let holder = std::thread::spawn(move || {
        let mut held = Vec::new();
        if let Ok((s, _)) = silent.accept() {
            held.push(s);
            std::thread::sleep(Duration::from_secs(6));
        }
        held.len()
    });
    add_roster(
        &fleet,
        &format!("silent:\n  host: 127.0.0.1\n  port: {port}\n  user: root\n"),
    );
    let started = Instant::now();
    let (v, rc, _) = fleet.run(&["--timeout", "1", "silent", "test.ping"]);
    assert!(started.elapsed() < Duration::from_secs(5), "no timeout");
    assert_eq!(rc, 20, "{v}");
    assert_error_dict(&v["silent"], NON_ZERO, 255);
    assert!(
        v["silent"]["stderr"]
            .as_str()
            .is_some_and(|s| s.contains("timed out")),
        "{v}"
    );
    assert_eq!(holder.join().ok(), Some(1));
    let deadline = Instant::now() + Duration::from_secs(20);
    while !d.join("out/h3/slept").exists() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    std::thread::sleep(Duration::from_millis(300));
}

/// Issue 34, 8: a host key that changed (a man in the middle) is refused with ssh's
/// warning and no hint to bypass it, and `-i` (accept a new key) does not accept it.
#[test]
fn a_changed_host_key_is_refused_without_a_bypass_hint_even_with_dash_i() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = fleet.dir.clone();
    keygen(&d.join("mitmkey"));
    let other = std::fs::read_to_string(d.join("mitmkey.pub")).expect("key");
    let other: Vec<&str> = other.split_whitespace().take(2).collect();
    let kh = d.join("known_hosts");
    let mut text = std::fs::read_to_string(&kh).expect("known_hosts");
    text.push_str(&format!(
        "[localhost]:{} {}\n",
        fleet.sshd.port,
        other.join(" ")
    ));
    write(&kh, &text);
    for args in [
        &["newkey", "test.ping"][..],
        &["-i", "newkey", "test.ping"][..],
    ] {
        let (v, rc, _) = fleet.run(args);
        assert_eq!(rc, 20, "{args:?}: {v}");
        let ret = &v["newkey"];
        assert_error_dict(ret, NON_ZERO, 255);
        let all = ret.to_string();
        assert!(!all.contains("-i flag"), "{args:?}: {v}");
        assert!(
            ret["stderr"]
                .as_str()
                .is_some_and(|s| s.contains("has changed") || s.contains("CHANGED")),
            "{args:?}: {v}"
        );
    }
    assert_eq!(
        std::fs::read_to_string(&kh).expect("known_hosts"),
        text,
        "known_hosts was changed"
    );
    assert!(!d.join("thin-newkey").exists(), "the host was logged in to");
}

/// The host's copy of the binary, as (inode, modification time in ns).
fn thin_stamp(p: &Path) -> (u64, i128) {
    use std::os::unix::fs::MetadataExt;
    let md = std::fs::metadata(p).expect("thin binary");
    (
        md.ino(),
        md.mtime() as i128 * 1_000_000_000 + md.mtime_nsec() as i128,
    )
}

#[test]
fn dash_t_is_regen_thin_and_ships_the_binary_again() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let thin = fleet.dir.join("thin-h1/halite");
    fleet.expect(&["h1", "test.ping"], serde_json::json!({"h1": true}));
    let first = thin_stamp(&thin);
    std::thread::sleep(Duration::from_millis(20));
    // the record says the host has this build: nothing is shipped
    fleet.expect(&["h1", "test.ping"], serde_json::json!({"h1": true}));
    assert_eq!(thin_stamp(&thin), first, "no -t: the host's copy is kept");
    let before = sshd_counts(&fleet.dir);
    for flag in ["-t", "--regen-thin", "--thin"] {
        let was = thin_stamp(&thin);
        std::thread::sleep(Duration::from_millis(20));
        fleet.expect(&[flag, "h1", "test.ping"], serde_json::json!({"h1": true}));
        assert_ne!(
            thin_stamp(&thin),
            was,
            "{flag}: the binary was shipped again"
        );
    }
    // salt-ssh's -t takes no value: the target after it is still the target, and the
    // timeout is the long option only
    let (v, rc, err) = fleet.run(&["-t", "--timeout", "5", "h1", "test.ping"]);
    assert_eq!((v, rc), (serde_json::json!({"h1": true}), 0), "{err}");
    let after = sshd_counts(&fleet.dir);
    assert_eq!(after.0 - before.0, 4, "one connection a run");
}

/// Salt's `salt-run` for the job-cache interop checks: `HALITE_SALT_RUN`, else the CI's
/// cached venv (`.ci/run`), else the oracles' (`../shared/oracle/setup.sh`).
fn salt_run() -> Option<PathBuf> {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    std::env::var_os("HALITE_SALT_RUN")
        .map(PathBuf::from)
        .into_iter()
        .chain([
            home.join(".cache/halite-ci/salt3008/bin/salt-run"),
            home.join(".cache/halite-oracles/salt3008/bin/salt-run"),
        ])
        .find(|p| p.is_file())
}

fn halite_jobs(fleet: &Fleet, args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .arg("jobs")
        .arg("-c")
        .arg(fleet.dir.join("conf"))
        .args(["--out", "json"])
        .args(args)
        .output()
        .expect("halite jobs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("json")
}

#[test]
fn every_run_is_kept_where_halite_jobs_and_salt_run_read_it() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let d = &fleet.dir;
    let (v, rc, err) = fleet.run(&[
        "--return",
        "sqlite3",
        "h[12]",
        "state.sls",
        "plain",
        r#"pillar={"greeting": "topsecret-greeting"}"#,
    ]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let jobs = halite_jobs(&fleet, &["list_jobs"]);
    let (jid, job) = jobs
        .as_object()
        .and_then(|m| m.iter().find(|(_, j)| j["Function"] == "state.sls"))
        .expect("the run is listed");
    assert_eq!(job["Target"], "h[12]");
    assert_eq!(job["Target-type"], "glob");
    assert_eq!(job["Arguments"][0], "plain");
    // the pillar values were masked before anything was written
    assert_eq!(job["Arguments"][1], r#"pillar={"greeting": "**********"}"#);
    let looked = halite_jobs(&fleet, &["lookup_jid", jid]);
    for h in ["h1", "h2"] {
        let r = &looked[h];
        assert_eq!(r["retcode"], 0, "{looked:#}");
        assert_eq!(r["fun"], "state.sls");
        assert_eq!(r["return"], v[h], "{h}: the kept return is the printed one");
    }
    assert_eq!(
        halite_jobs(&fleet, &["exit_success", jid]),
        serde_json::json!({"h1": true, "h2": true})
    );
    // the database: Salt's returner rows and halite's own
    let db = halite_testkit::sqlite_rows(
        &d.join("cache/jobs.sqlite"),
        &format!(
            "SELECT id, fun, success, full_ret FROM salt_returns WHERE jid = '{jid}' ORDER BY id"
        ),
    );
    assert_eq!(db.len(), 2, "{db:?}");
    assert_eq!(
        (db[0][0].as_str(), db[0][1].as_str(), db[0][2].as_str()),
        ("h1", "state.sls", "")
    );
    let full: serde_json::Value = serde_json::from_str(&db[0][3]).expect("full_ret");
    assert_eq!(full["return"], v["h1"]);
    let runs = halite_testkit::sqlite_rows(
        &d.join("cache/jobs.sqlite"),
        &format!(
            "SELECT id, status, total, succeeded FROM halite_runs WHERE jid = '{jid}' ORDER BY id"
        ),
    );
    assert_eq!(
        runs,
        vec![
            vec!["h1".to_string(), "unchanged".into(), "1".into(), "1".into()],
            vec!["h2".to_string(), "unchanged".into(), "1".into(), "1".into()],
        ]
    );
    // the inventory: each host's grains, with the job that took them
    let grains = halite_testkit::sqlite_rows(
        &d.join("cache/jobs.sqlite"),
        "SELECT id, json_extract(grains, '$.id') FROM halite_grains ORDER BY id",
    );
    assert_eq!(
        grains,
        vec![
            vec!["h1".to_string(), "h1".into()],
            vec!["h2".to_string(), "h2".into()]
        ]
    );
    // nothing kept holds the secret: the rendered comment does (the state's name is the
    // greeting), so a state run's return is Salt's own data, but no load, argument or
    // pillar.* return holds it
    let (pv, rc, _) = fleet.run(&["h1", "pillar.items"]);
    assert_eq!(rc, 0);
    assert_eq!(pv["h1"]["greeting"], "hello fleet");
    let pjobs = halite_jobs(&fleet, &["list_jobs", "search_function=pillar.*"]);
    let pjid = pjobs
        .as_object()
        .and_then(|m| m.keys().next().cloned())
        .expect("pillar job");
    let kept = halite_jobs(&fleet, &["lookup_jid", &pjid]);
    assert_eq!(kept["h1"]["return"]["greeting"], "**********", "{kept:#}");
    let mut stack = vec![d.join("cache/jobs")];
    while let Some(p) = stack.pop() {
        for e in std::fs::read_dir(&p).expect("read_dir").flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == ".load.p") {
                let bytes = std::fs::read(&path).expect("load");
                assert!(
                    !String::from_utf8_lossy(&bytes).contains("topsecret"),
                    "{}",
                    path.display()
                );
            }
        }
    }
    // Salt's own reader on the same master config reads halite's jobs (salt-run keeps its
    // own runner jobs there too: the listing compared is of the state runs)
    let Some(salt_run) = salt_run() else {
        halite_testkit::skip(
            "every_run_is_kept_where_halite_jobs_and_salt_run_read_it (the salt-run half)",
            "no salt-run (set HALITE_SALT_RUN, or run .ci/run, which installs Salt 3008.4 into ~/.cache/halite-ci)",
        );
        return;
    };
    // salt-run's own folders in the scratch tree (pki, sockets, log): the master config's
    // cachedir is the one halite wrote
    append(
        &d.join("conf/master"),
        &format!(
            "pki_dir: {0}/salt-pki\nsock_dir: {0}/salt-sock\nlog_file: {0}/salt-master.log\n",
            d.display()
        ),
    );
    for (verb, args) in [
        ("jobs.lookup_jid", vec![jid.as_str()]),
        ("jobs.list_jobs", vec!["search_function=state.*"]),
        ("jobs.exit_success", vec![jid.as_str()]),
        ("jobs.print_job", vec![jid.as_str()]),
    ] {
        let out = Command::new(&salt_run)
            .arg("-c")
            .arg(d.join("conf"))
            .args(["--out", "json", "-l", "quiet", verb])
            .args(&args)
            .output()
            .expect("salt-run");
        let salt: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
            panic!(
                "salt-run {verb}: not JSON ({e}): {}\n{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            )
        });
        let mine = halite_jobs(
            &fleet,
            &[verb]
                .into_iter()
                .chain(args.iter().copied())
                .collect::<Vec<_>>(),
        );
        assert_eq!(mine, salt, "halite jobs {verb} differs from salt-run's");
    }
}

#[test]
fn a_fleet_run_reaches_postgres_as_salt_s_pgjsonb_keeps_it() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    let pg = match halite_testkit::postgres_server::PgServer::start() {
        Ok(pg) => pg,
        Err(why) => {
            halite_testkit::skip_this_test(&why);
            return;
        }
    };
    append(
        &fleet.dir.join("conf/master"),
        &format!(
            "master_job_cache: pgjsonb\nevent_return: pgjsonb\nid: fleetmaster\n{}",
            pg.returner_options()
        ),
    );
    let (v, rc, err) = fleet.run(&["h[12]", "test.ping"]);
    assert_eq!(rc, 0, "{v}\n{err}");
    let mut c = pg.client("salt").expect("client");
    let jobs = c.query("SELECT jid, load FROM jids", &[]).expect("jids");
    assert_eq!(jobs.len(), 1);
    let jid: String = jobs[0].get(0);
    let load: serde_json::Value = jobs[0].get(1);
    assert_eq!(
        (
            load["jid"].as_str(),
            load["fun"].as_str(),
            load["tgt"].as_str()
        ),
        (Some(jid.as_str()), Some("test.ping"), Some("h[12]"))
    );
    let rows = c
        .query(
            "SELECT id, fun, success, return, full_ret FROM salt_returns ORDER BY id",
            &[],
        )
        .expect("returns");
    assert_eq!(rows.len(), 2);
    for (row, h) in rows.iter().zip(["h1", "h2"]) {
        assert_eq!(row.get::<_, String>(0), h);
        assert_eq!(row.get::<_, String>(1), "test.ping");
        // salt-ssh's returner load has no `success`: psycopg2's False, as text
        assert_eq!(row.get::<_, String>(2), "false");
        let ret: serde_json::Value = row.get(3);
        assert_eq!(
            (ret["return"].clone(), ret["retcode"].clone()),
            (v[h].clone(), 0.into())
        );
        let full: serde_json::Value = row.get(4);
        assert_eq!(full["return"], ret);
    }
    let events: Vec<String> = c
        .query("SELECT tag, master_id FROM salt_events ORDER BY tag", &[])
        .expect("events")
        .iter()
        .map(|r| format!("{} {}", r.get::<_, String>(0), r.get::<_, String>(1)))
        .collect();
    assert_eq!(
        events,
        vec![
            format!("salt/job/{jid}/ret/h1 fleetmaster"),
            format!("salt/job/{jid}/ret/h2 fleetmaster")
        ]
    );
    // halite jobs reads the master job cache the config names: PostgreSQL
    let looked = halite_jobs(&fleet, &["lookup_jid", &jid]);
    assert_eq!(looked["h1"]["return"], v["h1"], "{looked:#}");
    // no local job cache was written (the master job cache is PostgreSQL)
    assert!(!fleet.dir.join("cache/jobs").exists());
}

#[test]
fn halite_jobs_active_lists_a_run_while_it_lasts_and_list_jobs_filters_by_time() {
    let Some(fleet) = Fleet::start() else {
        return;
    };
    // a run that lasts: h1 sleeps 3 s
    let mut slow = fleet.halite(&["h[12]", "cmd.run", "sleep 3"]);
    let mut child = slow.stdout(Stdio::null()).spawn().expect("halite ssh");
    let mut seen = serde_json::Value::Null;
    for _ in 0..100 {
        let a = halite_jobs(&fleet, &["active"]);
        if a.as_object().is_some_and(|m| !m.is_empty()) {
            seen = a;
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let status = child.wait().expect("wait");
    assert!(status.success());
    let (jid, job) = seen
        .as_object()
        .and_then(|m| m.iter().next())
        .expect("the run was listed as active while it lasted");
    assert_eq!(job["Function"], "cmd.run");
    let running = job["Running"].as_array().expect("Running").len();
    let returned = job["Returned"].as_array().expect("Returned").len();
    assert_eq!(running + returned, 2, "{job:#}");
    assert_eq!(
        halite_jobs(&fleet, &["active"]),
        serde_json::json!({}),
        "over: not active"
    );
    // list_jobs by time: the jid's day and minute bound it
    let day = format!("{}-{}-{}", &jid[..4], &jid[4..6], &jid[6..8]);
    let minute = format!("{day} {}:{}", &jid[8..10], &jid[10..12]);
    let listed = |args: &[&str]| {
        let mut a = vec!["list_jobs"];
        a.extend_from_slice(args);
        halite_jobs(&fleet, &a)
            .as_object()
            .is_some_and(|m| m.contains_key(jid.as_str()))
    };
    let year: u32 = jid[..4].parse().expect("year");
    let next_year = format!("{}-01-01", year + 1);
    assert!(listed(&[&format!("start_time={day}")]));
    assert!(listed(&[
        &format!("start_time={minute}"),
        &format!("end_time={next_year}")
    ]));
    assert!(
        !listed(&[&format!("end_time={day}")]),
        "it started after midnight"
    );
    assert!(
        !listed(&["search_metadata={\"a\": 1}"]),
        "no metadata: never matched"
    );
}
