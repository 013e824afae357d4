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

#[test]
fn context_data_changes_stay_in_their_render() {
    // grains, pillar and opts are converted once per engine; every render must still start
    // from the engine's data (a template's `update`/`append` is not seen by the next one)
    let mut grains = Map::new();
    grains.insert("os", Value::str("Debian"));
    grains.insert("ipv4", Value::List(vec![Value::str("127.0.0.1")].into()));
    let mut pillar = Map::new();
    let mut app = Map::new();
    app.insert("port", Value::Int(80));
    pillar.insert("app", Value::Map(app));
    let ctx = ExecContext {
        grains: Value::Map(grains),
        pillar: Value::Map(pillar),
        opts: Value::Map(Map::new()),
        ..Default::default()
    };
    let e = JinjaEngine::new(Arc::new(Registry::standard()), Arc::new(ctx));
    let src = "{% do grains.update({'os': 'Arch'}) %}{% do grains.ipv4.append('10.0.0.1') %}\
               {% do pillar.app.update({'port': 8080}) %}{% do opts.update({'x': 1}) %}\
               {{ grains.os }} {{ grains.ipv4 }} {{ pillar.app }} {{ opts.x }}";
    let expected = "Arch ['127.0.0.1', '10.0.0.1'] {'port': 8080} 1";
    for _ in 0..2 {
        let out = e.render(src, "x.sls", &Map::new()).map_err(|e| e.message);
        assert_eq!(out.as_deref(), Ok(expected));
    }
}

/// Each render gets its own copy of grains/pillar/opts (copied lazily): a template's changes
/// stay in its render, within a render aliases see each other's changes, and a copy made
/// with `dict.copy()` is shallow as in Python.
#[test]
fn context_copies_keep_aliases_and_shallow_dict_copies() {
    let mut pillar = Map::new();
    let mut nested = Map::new();
    nested.insert("l", Value::List(vec![Value::Int(1)].into()));
    pillar.insert("n", Value::Map(nested));
    let ctx = ExecContext {
        pillar: Value::Map(pillar),
        ..ExecContext::default()
    };
    let e = JinjaEngine::new(Arc::new(Registry::standard()), Arc::new(ctx));
    let mutate = "{% set a = pillar.n %}{% set c = pillar.n.copy() %}{% do a.l.append(2) %}\
                  {% do pillar.n.update({'k': 3}) %}{% do c.update({'only_c': 1}) %}\
                  {{ pillar.n.l }} {{ pillar.n.k }} {{ c.l }} {{ 'only_c' in pillar.n }}";
    for _ in 0..2 {
        assert_eq!(
            e.render(mutate, "x.sls", &Map::new()).ok().as_deref(),
            Some("[1, 2] 3 [1, 2] False")
        );
    }
    assert_eq!(
        e.render(
            "{{ pillar.n.l }} {{ 'k' in pillar.n }}",
            "x.sls",
            &Map::new()
        )
        .ok()
        .as_deref(),
        Some("[1] False")
    );
}

/// An engine over a temp file root holding `in.txt`, with `secret.txt` beside the root.
fn engine_over_tree(tag: &str) -> (JinjaEngine, std::path::PathBuf) {
    let top = std::env::temp_dir().join(format!("halite-jinja-{tag}-{}", std::process::id()));
    let root = top.join("salt");
    std::fs::create_dir_all(root.join("sub")).expect("temp tree");
    std::fs::write(root.join("sub/in.txt"), "inside").expect("temp tree");
    std::fs::write(top.join("secret.txt"), "SECRET").expect("temp tree");
    let mut ctx = ExecContext::default();
    ctx.file_roots.envs.insert("base".into(), vec![root]);
    ctx.saltenv = "base".into();
    let engine = JinjaEngine::new(Arc::new(Registry::standard()), Arc::new(ctx));
    (engine, top)
}

#[test]
fn include_by_absolute_path_is_refused_with_a_clear_error() {
    let (e, top) = engine_over_tree("abs");
    let secret = top.join("secret.txt").to_string_lossy().into_owned();
    for src in [
        format!("{{% include \"{secret}\" %}}"),
        format!("{{% import_text \"{secret}\" as s %}}{{{{ s }}}}"),
        format!("{{% from \"{secret}\" import x %}}"),
    ] {
        let err = e.render(&src, "x.sls", &Map::new()).expect_err("refused");
        // Salt's shape: the message, the (stand-in) traceback, then the template line.
        assert!(
            err.message.starts_with(&format!(
                "Jinja error: {secret}: halite loads templates only from the file roots, not by absolute path\n"
            )) && err.message.contains("\n; line 1\n"),
            "{}",
            err.message
        );
    }
    let _ = std::fs::remove_dir_all(top);
}

#[test]
fn template_names_climbing_out_of_the_root_are_not_found() {
    let (e, top) = engine_over_tree("climb");
    let vars = {
        let mut m = Map::new();
        m.insert("tpldir", Value::str("sub"));
        m
    };
    assert_eq!(
        e.render("{% include \"sub/in.txt\" %}", "x.sls", &vars)
            .ok()
            .as_deref(),
        Some("inside")
    );
    for name in [
        "sub/../../secret.txt",
        "./../../secret.txt",
        "../../secret.txt",
        "sub//../../secret.txt",
        "sub/./../../secret.txt",
        "a/b/../../../secret.txt",
        "salt://sub/../../secret.txt",
    ] {
        let src = format!("{{% include \"{name}\" %}}");
        let err = e.render(&src, "x.sls", &vars).expect_err(name);
        assert!(
            err.message.starts_with(&format!(
                "Jinja error: {name}\nTraceback (most recent call last):"
            )),
            "{name}: {}",
            err.message
        );
        assert!(!err.message.contains("SECRET"), "{}", err.message);
    }
    let _ = std::fs::remove_dir_all(top);
}

/// Jinja2's `random` filter is `random.choice(seq)`: the output is random, so these check
/// the property (an element of the sequence, of its type), not a value.
#[test]
fn random_filter_picks_an_element_of_the_sequence() {
    let e = engine();
    let render = |src: &str| {
        e.render(src, "x.sls", &Map::new())
            .unwrap_or_else(|err| panic!("{src}: {}", err.message))
    };
    let mut ints = std::collections::HashSet::new();
    let mut chars = std::collections::HashSet::new();
    for _ in 0..200 {
        // formulas write `{{ range(1, 100000) | random }}` for a random minute or port
        let n: i64 = render("{{ range(1, 100000) | random }}")
            .parse()
            .expect("an int");
        assert!((1..100000).contains(&n), "{n}");
        ints.insert(n);
        let c = render("{{ 'abc' | random }}");
        assert!(["a", "b", "c"].contains(&c.as_str()), "{c:?}");
        chars.insert(c);
        assert_eq!(render("{{ ([3, 4] | random) is number }}"), "True");
        let item = render("{{ ['x', 'y'] | random }}");
        assert!(item == "x" || item == "y", "{item:?}");
    }
    // 200 draws: every character shows up, and the ints are not one repeated value
    assert_eq!(chars.len(), 3);
    assert!(ints.len() > 100, "{}", ints.len());
}

#[test]
fn random_filter_on_an_empty_sequence_is_undefined() {
    let err = engine()
        .render("{{ [] | random }}\n", "x.sls", &Map::new())
        .expect_err("empty");
    assert!(
        err.message
            .starts_with("Jinja variable No random item, sequence was empty.; line 1"),
        "{}",
        err.message
    );
}

/// Issue 32: minijinja's own argument checks leave some errors without a detail; halite's
/// message must still say something ("Jinja error: \n" was all a macro called with too many
/// arguments printed).
#[test]
fn no_jinja_error_message_is_empty() {
    let e = engine();
    for src in [
        "{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, 2) }}",
        "{% macro m(a) %}{{ a }}{% endmacro %}{{ m(1, b=2) }}",
        "{{ range(1, 2, 3, 4) }}",
        "{{ [1, 2]|batch }}",
        "{% for a, b in [1] %}{% endfor %}",
        "{{ 1 + 'a' }}",
    ] {
        let err = e.render(src, "x.sls", &Map::new()).expect_err(src);
        let head = err.message.split(['\n', ';']).next().unwrap_or("");
        let text = head.rsplit_once(": ").map_or(head, |(_, t)| t);
        assert!(
            !text.trim().is_empty() && !head.trim_end().ends_with(':'),
            "{src}: {:?}",
            err.message
        );
    }
}
