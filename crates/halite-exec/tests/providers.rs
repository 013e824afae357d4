//! The `service` providers Salt's loader would pick, for these grains and minion options,
//! computed from the live host the way Salt's `__virtual__` functions decide
//! (salt.utils.systemd.booted: /run/systemd/system; offline: not booted, systemctl on PATH).

use halite_exec::Registry;
use halite_value::{Map, Value};

fn grains(os: &str) -> Value {
    let mut g = Map::new();
    g.insert("os", Value::str(os));
    g.insert("os_family", Value::str("Debian"));
    g.insert("kernel", Value::str("Linux"));
    Value::Map(g)
}

fn opts(yaml: &[(&str, Value)]) -> Map {
    let mut m = Map::new();
    for (k, v) in yaml {
        m.insert(*k, v.clone());
    }
    m
}

fn list(items: &[&str]) -> Value {
    Value::List(items.iter().map(|s| Value::str(*s)).collect())
}

fn has_systemctl() -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("systemctl").is_file()))
}

#[test]
fn debian_names_win_and_systemd_adds_offline_when_both_load() {
    let booted = halite_exec::systemd_booted();
    let r = Registry::for_minion(&Map::new(), &grains("Debian"));
    let systemd_loads = booted || has_systemctl();
    let start = r.module_of("service.start");
    if !booted {
        assert_eq!(start, Some("debian_service"));
    } else {
        assert_eq!(start, Some("systemd_service"));
    }
    assert_eq!(r.contains("service.offline"), systemd_loads);
    if systemd_loads {
        assert_eq!(r.module_of("service.offline"), Some("systemd_service"));
    }
}

#[test]
fn disable_modules_drops_a_provider_by_file_name() {
    let o = opts(&[("disable_modules", list(&["systemd_service"]))]);
    let r = Registry::for_minion(&o, &grains("Debian"));
    assert!(!r.contains("service.offline"));
    assert!(r.module_of("service.get_running").is_none());
    let o = opts(&[(
        "disable_modules",
        list(&["debian_service", "systemd_service"]),
    )]);
    let r = Registry::for_minion(&o, &grains("Debian"));
    assert!(!r.contains("service.start"));
}

#[test]
fn providers_override_the_virtual_names_without_virtual() {
    // debian_service's __virtual__ fails for os Ubuntu; `providers` loads it anyway
    let mut p = Map::new();
    p.insert("service", Value::str("debian_service"));
    let o = opts(&[
        ("providers", Value::Map(p)),
        ("disable_modules", list(&["systemd_service"])),
    ]);
    let r = Registry::for_minion(&o, &grains("Ubuntu"));
    assert_eq!(r.module_of("service.start"), Some("debian_service"));
    assert_eq!(r.module_of("service.get_all"), Some("debian_service"));

    let mut p = Map::new();
    p.insert("service", Value::str("systemd_service"));
    let o = opts(&[("providers", Value::Map(p))]);
    let r = Registry::for_minion(&o, &grains("Debian"));
    assert_eq!(r.module_of("service.start"), Some("systemd_service"));
    assert_eq!(r.module_of("service.status"), Some("systemd_service"));

    // an unknown provider file changes nothing (Salt's raw_mod finds no functions)
    let mut p = Map::new();
    p.insert("service", Value::str("systemd"));
    let o = opts(&[("providers", Value::Map(p))]);
    let plain = Registry::for_minion(&Map::new(), &grains("Debian"));
    let r = Registry::for_minion(&o, &grains("Debian"));
    assert_eq!(
        r.module_of("service.start"),
        plain.module_of("service.start")
    );
}

#[test]
fn no_service_functions_off_debian_without_systemd() {
    if halite_exec::systemd_booted() || has_systemctl() {
        halite_testkit::skip_this_test(
            "this host has systemctl, so systemd_service loads for any Linux",
        );
        return;
    }
    let r = Registry::for_minion(&Map::new(), &grains("Ubuntu"));
    assert!(!r.contains("service.start"));
}
