//! The public API beyond the oracle fixtures: exports, errors' line numbers, vars.

use halite_exec::{ExecContext, Registry};
use halite_jinja::JinjaEngine;
use halite_value::{Map, Value};
use std::sync::Arc;

fn engine() -> JinjaEngine {
    JinjaEngine::new(
        Arc::new(Registry::standard()),
        Arc::new(ExecContext::default()),
    )
}

#[test]
fn exports_top_level_sets_without_macros() {
    let src = "{% set a = {'k': [1]} %}{% do a.k.append(2) %}{% macro m() %}{% endmacro %}";
    let r = engine()
        .render_with(src, "x.sls", &Map::new())
        .expect("renders");
    assert_eq!(
        r.exports.get("a").map(Value::py_repr).as_deref(),
        Some("{'k': [1, 2]}")
    );
    assert!(r.exports.get("m").is_none());
}

#[test]
fn vars_are_visible_and_errors_carry_the_line() {
    let mut vars = Map::new();
    vars.insert("name", Value::str("world"));
    let e = engine();
    assert_eq!(
        e.render("hi {{ name }}\n", "x.sls", &vars).ok().as_deref(),
        Some("hi world\n")
    );
    let err = e
        .render("a\n{{ nope }}\n", "x.sls", &vars)
        .expect_err("undefined");
    assert_eq!(err.line, Some(2));
    assert!(err
        .message
        .starts_with("Jinja variable 'nope' is undefined; line 2"));
}

#[test]
fn pillar_get_hands_back_an_undefined_default() {
    // mysql-formula repo.sls: `{'rpm': rpm_source}` with rpm_source unset, then
    // `salt['pillar.get']('mysql:repo_rpm', pkg.rpm)`: Salt returns the StrictUndefined
    // default, and printing it fails naming the variable.
    let src = "{%- set pkg = {'rpm': rpm_source} %}\n{{ salt['pillar.get']('nope', pkg.rpm) }}\n";
    let err = engine()
        .render(src, "x.sls", &Map::new())
        .expect_err("undefined default");
    assert!(
        err.message
            .starts_with("Jinja variable 'rpm_source' is undefined; line 2"),
        "{}",
        err.message
    );
    // a defined default is still returned as such
    let ok = engine().render(
        "{{ salt['pillar.get']('nope', 'd') }}",
        "x.sls",
        &Map::new(),
    );
    assert_eq!(ok.ok().as_deref(), Some("d"));
}
