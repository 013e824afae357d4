//! Compares halite's core grains with `salt-call --local grains.items` recorded by
//! `scripts/oracle/grains_record.sh` (tests/data/grains.json, id `testminion`).
//!
//! On the recording host (same machine-id and hostname, tests/data/host.json) every grain
//! halite implements must equal Salt's value, except those that describe the process
//! (`cwd`, `pid`) or its environment (`path`, `systempath`, `shell`, `locale_info`), which are
//! recomputed from this process. On any other host the test checks key order and types, and
//! the values derivable from /etc/os-release, /proc and uname.

use halite_value::{Map, Value};
use std::path::PathBuf;

/// Grains Salt reports that halite does not: they describe Salt's own Python install.
const NOT_IMPLEMENTED: &[&str] = &["pythonexecutable", "pythonpath", "saltpath", "zmqversion"];
/// Grains that describe the running process or its environment.
const PER_PROCESS: &[&str] = &["cwd", "pid", "path", "systempath", "shell", "locale_info"];

fn data(name: &str) -> Value {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    Value::from_json_str(&std::fs::read_to_string(p).expect("fixture")).expect("json")
}

fn salt_grains() -> Map {
    data("grains.json")
        .get("local")
        .and_then(Value::as_map)
        .cloned()
        .expect("local")
}

fn same_host() -> bool {
    let host = data("host.json");
    let mid = std::fs::read_to_string("/etc/machine-id").unwrap_or_default();
    let hn = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
    host.get("machine_id").and_then(Value::as_str) == Some(mid.trim())
        && host.get("hostname").and_then(Value::as_str) == Some(hn.trim())
}

fn type_of(v: &Value) -> &'static str {
    v.type_name()
}

#[test]
fn keys_and_order_match_salt() {
    let salt = salt_grains();
    let ours = halite_grains::core_grains_for(Some("testminion"));
    let salt_keys: Vec<String> = salt.keys().map(Value::py_str).collect();
    let our_keys: Vec<String> = ours.keys().map(Value::py_str).collect();
    let missing: Vec<&String> = salt_keys.iter().filter(|k| !ours.contains_key(k)).collect();
    // Host-dependent optional grains (virtual_subtype, systemd, selinux, DMI, ...) may be
    // absent here when the recording host had them, and vice versa, off the recording host.
    if same_host() {
        let unexpected: Vec<&&String> = missing
            .iter()
            .filter(|k| !NOT_IMPLEMENTED.contains(&k.as_str()))
            .collect();
        assert!(
            unexpected.is_empty(),
            "grains Salt reports and halite lacks: {unexpected:?}"
        );
        let extra: Vec<&String> = our_keys.iter().filter(|k| !salt.contains_key(k)).collect();
        assert!(
            extra.is_empty(),
            "grains halite reports and Salt does not: {extra:?}"
        );
    }
    let common_salt: Vec<&String> = salt_keys.iter().filter(|k| ours.contains_key(k)).collect();
    let common_ours: Vec<&String> = our_keys.iter().filter(|k| salt.contains_key(k)).collect();
    assert_eq!(common_salt, common_ours, "key order differs");
}

#[test]
fn values_match_salt() {
    let salt = salt_grains();
    let ours = halite_grains::core_grains_for(Some("testminion"));
    let same = same_host();
    let mut diffs = Vec::new();
    for (k, want) in salt.str_iter() {
        let Some(got) = ours.get(k) else { continue };
        if PER_PROCESS.contains(&k) {
            continue;
        }
        if same {
            if want.to_json() != got.to_json() {
                diffs.push(format!(
                    "{k}: salt {} halite {}",
                    want.to_json(),
                    got.to_json()
                ));
            }
        } else if type_of(want) != type_of(got) && !want.is_null() && !got.is_null() {
            diffs.push(format!(
                "{k}: salt type {} halite type {}",
                type_of(want),
                type_of(got)
            ));
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

#[test]
fn per_process_grains_come_from_this_process() {
    let g = halite_grains::core_grains_for(Some("x"));
    assert_eq!(
        g.get("pid").and_then(Value::as_i64),
        Some(std::process::id() as i64)
    );
    let cwd = std::env::current_dir()
        .expect("cwd")
        .to_string_lossy()
        .into_owned();
    assert_eq!(g.get("cwd").and_then(Value::as_str), Some(cwd.as_str()));
    let path = std::env::var("PATH").unwrap_or_default();
    assert_eq!(g.get("path").and_then(Value::as_str), Some(path.trim()));
    let shell = std::env::var("SHELL").unwrap_or_else(|_| "/bin/sh".into());
    assert_eq!(g.get("shell").and_then(Value::as_str), Some(shell.as_str()));
    assert_eq!(g.get("id").and_then(Value::as_str), Some("x"));
}

#[test]
fn values_derivable_on_any_host() {
    let g = halite_grains::core_grains_for(Some("testminion"));
    let os_release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let field = |k: &str| {
        os_release
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .map(|v| v.trim_matches('"').to_string())
    };
    if let Some(name) = field("NAME") {
        assert_eq!(
            g.get("osfullname").and_then(Value::as_str),
            Some(name.as_str())
        );
    }
    if let Some(ver) = field("VERSION_ID") {
        assert_eq!(
            g.get("osrelease").and_then(Value::as_str),
            Some(ver.as_str())
        );
        if let Ok(major) = ver.split('.').next().unwrap_or("").parse::<i64>() {
            assert_eq!(g.get("osmajorrelease").and_then(Value::as_i64), Some(major));
        }
    }
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let cpus = cpuinfo
        .lines()
        .filter(|l| l.split(':').next().map(str::trim) == Some("processor"))
        .count();
    assert_eq!(g.get("num_cpus").and_then(Value::as_i64), Some(cpus as i64));
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let kb = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.split_whitespace().next()?.parse::<i64>().ok());
    assert_eq!(
        g.get("mem_total").and_then(Value::as_i64),
        kb.map(|k| k / 1024)
    );
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    assert_eq!(
        g.get("kernelrelease").and_then(Value::as_str),
        Some(release.trim())
    );
    assert_eq!(g.get("kernel").and_then(Value::as_str), Some("Linux"));
    assert_eq!(g.get("saltversion").and_then(Value::as_str), Some("3007.8"));
    assert_eq!(g.get("server_id").and_then(Value::as_i64), Some(470207069));
    for k in [
        "ipv4",
        "ipv6",
        "cpu_flags",
        "disks",
        "ssds",
        "gpus",
        "fqdns",
        "fqdn_ip4",
        "fqdn_ip6",
        "osrelease_info",
        "saltversioninfo",
    ] {
        assert!(
            matches!(g.get(k), Some(Value::List(_))),
            "{k} should be a list"
        );
    }
    for k in [
        "ip_interfaces",
        "ip4_interfaces",
        "ip6_interfaces",
        "hwaddr_interfaces",
        "locale_info",
    ] {
        assert!(
            matches!(g.get(k), Some(Value::Map(_))),
            "{k} should be a dict"
        );
    }
}
