//! reclass wired into Salt's pipeline the way Salt's reclass adapters do it: the node's
//! parameters become pillar (`ext_pillar`), its applications become top matches
//! (`master_tops`). Salt itself cannot be recorded here (its adapter needs Python reclass),
//! so these check the contract directly on tests/reclass_salt.

use halite_value::Value;
use std::path::PathBuf;
use std::process::Command;

fn tree() -> PathBuf {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/reclass_salt");
    p.canonicalize().unwrap_or(p)
}

fn halite_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .arg("-c")
        .arg(tree().join("conf"))
        .args(["--out", "json"])
        .args(args)
        .output()
        .expect("run halite");
    assert!(
        out.status.success(),
        "halite {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = Value::from_json_str(&String::from_utf8_lossy(&out.stdout)).expect("json");
    v.get("local").cloned().expect("local key")
}

#[test]
fn ext_pillar_merges_node_parameters() {
    // Salt 3008 (halite's default) masks pillar values on the command line.
    let pillar = halite_json(&["pillar.items", "unmask=True"]);
    let nginx = pillar.get("nginx").expect("nginx parameters in pillar");
    assert_eq!(
        nginx.get("server_name"),
        Some(&Value::str("example.org")),
        "reference ${{site}} resolved"
    );
    assert_eq!(nginx.get("port"), Some(&Value::Int(80)));
    let meta = pillar.get("__reclass__").expect("__reclass__ key");
    assert_eq!(
        meta.get("applications"),
        Some(&Value::List(vec![Value::str("nginx")].into()))
    );
    assert_eq!(meta.get("nodename"), Some(&Value::str("testminion")));
}

#[test]
fn master_tops_adds_applications_to_the_top() {
    let top = halite_json(&["state.show_top"]);
    assert_eq!(
        top.get("base"),
        Some(&Value::List(vec![Value::str("nginx")].into()))
    );
    let high = halite_json(&["state.show_highstate"]);
    let args = high
        .get("nginx_conf")
        .and_then(|b| b.get("test"))
        .expect("nginx_conf rendered");
    assert!(args
        .as_list()
        .is_some_and(|l| l.contains(&Value::Map(halite_value::map! {"server" => "example.org"}))));
}

#[test]
fn reclass_subcommand_prints_nodeinfo() {
    let out = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["reclass", "-b"])
        .arg(tree().join("inv"))
        .args(["-n", "testminion", "-o", "json"])
        .output()
        .expect("run halite reclass");
    assert!(out.status.success());
    let v = Value::from_json_str(&String::from_utf8_lossy(&out.stdout)).expect("json");
    assert_eq!(
        v.get("applications"),
        Some(&Value::List(vec![Value::str("nginx")].into()))
    );
    let missing = Command::new(env!("CARGO_BIN_EXE_halite"))
        .args(["reclass", "-b"])
        .arg(tree().join("inv"))
        .args(["-n", "nobody"])
        .output()
        .expect("run halite reclass");
    assert!(!missing.status.success(), "an unknown node is an error");
    assert!(missing.stdout.is_empty(), "nothing partial on stdout");
}
