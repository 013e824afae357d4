//! The `reclass` command line and the Salt adapter helpers.

use clap::Parser;
use halite_reclass::cli::{run, ReclassArgs};
use halite_reclass::{ext_pillar, master_tops, Inventory, ReclassConfig};
use halite_value::Value;
use std::path::{Path, PathBuf};

fn inventory(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/inventories")
        .join(name)
}

fn args(argv: &[&str]) -> ReclassArgs {
    let mut full = vec!["reclass"];
    full.extend_from_slice(argv);
    ReclassArgs::try_parse_from(full).expect("valid arguments")
}

/// Replaces the run's timestamps and the inventory path as the recorder does.
fn normalize(text: &str, inv: &Path) -> String {
    let mut v = Value::from_json_str(text).expect("json output");
    blank_timestamps(&mut v);
    format!(
        "{}\n",
        v.to_json().replace(&inv.display().to_string(), "<INV>")
    )
}

fn blank_timestamps(v: &mut Value) {
    if let Value::Map(m) = v {
        if m.contains_key("timestamp") {
            m.insert("timestamp", Value::str("<TIMESTAMP>"));
        }
        for (_, child) in m.iter_mut() {
            blank_timestamps(child);
        }
    }
}

#[test]
fn nodeinfo_json_matches_the_oracle() {
    let inv = inventory("basic");
    let out = run(&args(&[
        "-b",
        &inv.display().to_string(),
        "-o",
        "json",
        "-n",
        "n1",
    ]))
    .unwrap();
    let expected = std::fs::read_to_string(inv.join("expected/nodes/n1.json")).unwrap();
    assert_eq!(normalize(&out, &inv), expected);
}

#[test]
fn inventory_json_matches_the_oracle() {
    let inv = inventory("many_nodes_inventory");
    let out = run(&args(&[
        "-b",
        &inv.display().to_string(),
        "-o",
        "json",
        "-i",
    ]))
    .unwrap();
    let expected = std::fs::read_to_string(inv.join("expected/inventory.json")).unwrap();
    assert_eq!(normalize(&out, &inv), expected);
}

#[test]
fn yaml_output_loads_back_to_the_same_data() {
    let inv = inventory("ref_embedded");
    let base = inv.display().to_string();
    let yaml = run(&args(&["-b", &base, "-n", "n1"])).unwrap();
    let json = run(&args(&["-b", &base, "-o", "json", "-n", "n1"])).unwrap();
    let from_yaml = halite_yaml::load(&yaml, halite_yaml::Schema::Yaml12).unwrap();
    let from_json = Value::from_json_str(&json).unwrap();
    assert_eq!(from_yaml.get("parameters"), from_json.get("parameters"));
    assert!(yaml.starts_with("__reclass__:\n"), "{yaml}");
}

#[test]
fn nodes_and_classes_uris_are_relative_to_the_base() {
    let inv = inventory("config_uris");
    let base = inv.display().to_string();
    let out = run(&args(&[
        "-b",
        &base,
        "-u",
        "mynodes",
        "-c",
        "myclasses",
        "-o",
        "json",
        "-n",
        "n1",
    ]));
    assert!(out.unwrap().contains("\"found\": true"));
}

#[test]
fn errors_print_nothing_and_name_the_problem() {
    let base = inventory("ref_undefined").display().to_string();
    let err = run(&args(&["-b", &base, "-n", "n1"])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Error while rendering n1: lookup error for reference '${ports:http}' in parameter \
         'svc.port': key 'http' not found"
    );
    let err = run(&args(&["-b", &base, "-n", "nobody"])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Error while rendering nobody: Unknown node nobody"
    );
}

#[test]
fn a_mode_is_required() {
    assert!(ReclassArgs::try_parse_from(["reclass", "-b", "."]).is_err());
    assert!(ReclassArgs::try_parse_from(["reclass", "-n", "a", "-i"]).is_err());
}

#[test]
fn ext_pillar_is_parameters_plus_reclass_meta() {
    let cfg = ReclassConfig::from_base_uri(&inventory("basic").display().to_string()).unwrap();
    let inv = Inventory::load(&cfg).unwrap();
    let pillar = ext_pillar(&inv, "n1").unwrap();
    let keys: Vec<String> = pillar.keys().map(|k| k.py_str()).collect();
    assert_eq!(
        keys,
        ["_reclass_", "ntp", "users", "port", "host", "__reclass__"]
    );
    let meta = Value::Map(
        pillar
            .get("__reclass__")
            .and_then(Value::as_map)
            .unwrap()
            .clone(),
    );
    let expected = r#"{"nodename": "n1", "applications": ["base", "nginx", "php"], "classes": ["common", "web"], "environment": "base"}"#;
    assert_eq!(
        meta.to_json_styled(halite_value::JsonStyle::Compact),
        expected
    );
}

#[test]
fn master_tops_maps_the_environment_to_the_applications() {
    let cfg =
        ReclassConfig::from_base_uri(&inventory("app_negation").display().to_string()).unwrap();
    let inv = Inventory::load(&cfg).unwrap();
    let tops = Value::Map(master_tops(&inv, "n1").unwrap());
    let expected =
        std::fs::read_to_string(inventory("app_negation").join("expected/nodes/n1.json")).unwrap();
    let apps = Value::from_json_str(&expected)
        .unwrap()
        .get("applications")
        .cloned()
        .unwrap();
    assert_eq!(tops.get("base"), Some(&apps));
}

fn without_timestamps(text: &str) -> String {
    text.lines()
        .filter(|l| !l.contains("timestamp"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn streamed_inventory_equals_the_inventory_value() {
    use halite_reclass::cli::{format_value, OutputFormat};
    for name in [
        "many_nodes_inventory",
        "unicode_and_multiline",
        "compose_node_name",
    ] {
        let base = inventory(name).display().to_string();
        let inv = Inventory::load(&ReclassConfig::from_base_uri(&base).unwrap()).unwrap();
        for (flag, format) in [("json", OutputFormat::Json), ("yaml", OutputFormat::Yaml)] {
            let streamed = run(&args(&["-b", &base, "-o", flag, "-i"])).unwrap();
            let whole = format_value(&inv.all().unwrap(), format);
            assert_eq!(
                without_timestamps(&streamed),
                without_timestamps(&whole),
                "{name} {flag}"
            );
        }
    }
}

/// The `halite` binary mounts the arguments as a subcommand.
#[test]
fn mounts_as_a_subcommand() {
    #[derive(clap::Parser)]
    struct Halite {
        #[command(subcommand)]
        cmd: Cmd,
    }
    #[derive(clap::Subcommand)]
    enum Cmd {
        Reclass(ReclassArgs),
    }
    let parsed = Halite::try_parse_from(["halite", "reclass", "-b", "/srv/inv", "-i"]).unwrap();
    let Cmd::Reclass(a) = parsed.cmd;
    assert_eq!(a.inventory_base_uri, "/srv/inv");
    assert!(a.inventory);
}

/// A symlink pointing to an ancestor directory is an error, not an endless walk.
#[cfg(unix)]
#[test]
fn symlink_loops_are_reported() {
    let dir = std::env::temp_dir().join(format!("halite-reclass-loop-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("nodes")).unwrap();
    std::fs::create_dir_all(dir.join("classes/sub")).unwrap();
    std::os::unix::fs::symlink(dir.join("classes"), dir.join("classes/sub/back")).unwrap();
    let cfg = ReclassConfig::from_base_uri(&dir.display().to_string()).unwrap();
    let err = Inventory::load(&cfg).err().expect("a loop error");
    assert!(err.to_string().contains("File system loop found"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
