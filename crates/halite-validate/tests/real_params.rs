//! `render_with_params`: the same SLS trees rendered with real `--params` values.

use halite_validate::{load_params_files, render_with_params, ValidateError};
use halite_value::Value;
use std::path::{Path, PathBuf};

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/real")
}

fn arg(high: &halite_value::Map, id: &str, key: &str) -> Option<Value> {
    let body = high.get(id)?.as_map()?;
    for (state, args) in body.iter() {
        if state.py_str().starts_with("__") {
            continue;
        }
        for a in args.as_list()? {
            if let Some(v) = a.get(key) {
                return Some(v.clone());
            }
        }
    }
    None
}

#[test]
fn renders_values_defaults_and_includes() {
    let params = load_params_files(&[dir().join("params.yaml"), dir().join("override.yaml")])
        .expect("params");
    let out = render_with_params(&dir(), &["main.sls".to_string()], &params).expect("render");
    let high = &out.high;
    assert!(
        high.contains_key("rg-prod2"),
        "later params file overrides: {high:?}"
    );
    assert_eq!(
        arg(high, "rg-prod2", "location"),
        Some(Value::str("westeurope"))
    );
    assert_eq!(
        arg(high, "rg-prod2", "region"),
        Some(Value::str("us-east-1"))
    );
    assert_eq!(arg(high, "rg-prod2", "size"), Some(Value::str("large")));
    assert_eq!(arg(high, "rg-prod2", "zones"), Some(Value::str("a,b")));
    assert_eq!(arg(high, "rg-prod2", "enabled"), Some(Value::Bool(true)));
    assert_eq!(arg(high, "app-web", "port"), Some(Value::Int(8080)));
    assert_eq!(arg(high, "app-api", "port"), Some(Value::Int(80)));
    assert_eq!(
        arg(high, "common", "owner"),
        Some(Value::str("nobody@example.com"))
    );
    // low chunks are compiled and ordered like validate's
    assert_eq!(out.low.len(), 4);
    assert_eq!(out.low[0].get("__id__"), Some(&Value::str("rg-prod2")));
}

#[test]
fn missing_value_without_default_names_sls_id_and_parameter() {
    let params = load_params_files(&[dir().join("params.yaml")]).expect("params");
    let err = render_with_params(&dir(), &["missing.sls".to_string()], &params)
        .expect_err("net.cidr has no value and no default");
    match err {
        ValidateError::MissingParam { sls, id, param } => {
            assert_eq!(sls, "missing.sls");
            assert_eq!(id, "needs-value");
            assert_eq!(param, "net.cidr");
        }
        other => panic!("unexpected error {other}"),
    }
}

#[test]
fn missing_subscript_is_an_error_too() {
    let params = Value::Map(halite_value::Map::new());
    let err = render_with_params(&dir(), &["main.sls".to_string()], &params).expect_err("missing");
    assert!(
        matches!(err, ValidateError::MissingParam { ref id, .. } if id == "rg-<missing:rg.name>"),
        "{err}"
    );
}
