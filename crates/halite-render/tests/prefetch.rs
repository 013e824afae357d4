//! Templates compiled ahead (halite-render's `prefetch`) render exactly as templates compiled
//! at render time: same high data, same errors, also when a file changes after it was
//! compiled, under `jinja_sls_env`/`jinja_env` syntax options, and for files whose pipe does
//! not start with Jinja.
//!
//! The prefetch needs a spare core; on a one-core host it does not start, and these tests
//! check only that the results are the plain render's.

use halite_exec::Registry;
use halite_render::highstate::Matches;
use halite_render::prefetch::{Prefetch, Renders};
use halite_render::HighState;
use halite_value::{Map, Value};
use std::sync::Arc;

struct Tree {
    dir: tempfile::TempDir,
}

impl Tree {
    fn new(files: &[(&str, &str)]) -> Tree {
        let tree = Tree {
            dir: tempfile::tempdir().expect("temp dir"),
        };
        for (path, text) in files {
            tree.write(path, text);
        }
        tree
    }

    fn write(&self, path: &str, text: &str) {
        let p = self.dir.path().join("salt").join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(p, text).expect("write");
    }

    fn opts(&self, extra: &[(&str, Value)]) -> Map {
        let root = self.dir.path().join("salt").to_string_lossy().into_owned();
        let mut roots = Map::new();
        roots.insert("base", Value::List(vec![Value::str(root)].into()));
        let mut opts = Map::new();
        opts.insert("file_roots", Value::Map(roots));
        opts.insert("id", Value::str("prefetchminion"));
        for (k, v) in extra {
            opts.insert(*k, v.clone());
        }
        opts
    }

    /// The highstate (top file and all) as JSON text with the errors.
    fn render(&self, opts: &Map, prefetch: Option<Arc<Prefetch>>) -> String {
        let mut hs = HighState::with_prefetch(
            opts.clone(),
            Value::Map(Map::new()),
            Value::Map(Map::new()),
            Arc::new(Registry::standard()),
            prefetch,
        );
        let top = hs.get_top();
        let matches: Matches = hs.top_matches(&top);
        let (high, errors) = hs.render_highstate(&matches);
        let errors = Value::List(errors.into_iter().map(Value::str).collect());
        format!("{}\n{}", Value::Map(high).to_json(), errors.to_json())
    }

    /// A finished prefetch for `opts`, `None` without a spare core.
    fn prefetch(&self, opts: &Map) -> Option<Arc<Prefetch>> {
        let prefetch = Arc::new(Prefetch::start(opts, Renders::Highstate)?);
        prefetch.join();
        Some(prefetch)
    }
}

const TOP: &str =
    "base:\n  '*':\n{%- for s in ['a', 'b', 'c', 'plain'] %}\n    - {{ s }}\n{%- endfor %}\n";

fn files() -> Vec<(&'static str, &'static str)> {
    vec![
        ("top.sls", TOP),
        (
            "a.sls",
            "include:\n  - b\n{% for i in range(3) %}\na{{ i }}:\n  test.nop:\n    - name: {{ sls }} {{ tpldir }} {{ i }}\n{% endfor %}\n",
        ),
        (
            "b.sls",
            "{% if True %}\nb:\n  test.nop:\n    - name: {{ grains.get('id', 'none') }}\n{% endif %}\n",
        ),
        (
            "c/init.sls",
            "{% from 'c/map.jinja' import c with context %}\nc:\n  test.nop:\n    - name: {{ c.name }}\n",
        ),
        ("c/map.jinja", "{% set c = {'name': slspath ~ '-mapped'} %}\n"),
        ("plain.sls", "#!yaml\nplain:\n  test.nop:\n    - name: '{{ not jinja }}'\n"),
    ]
}

#[test]
fn compiled_ahead_renders_as_compiled_at_render_time() {
    let tree = Tree::new(&files());
    let opts = tree.opts(&[]);
    let plain = tree.render(&opts, None);
    assert!(plain.contains("\"c-mapped\""), "{plain}");
    assert!(plain.contains("{{ not jinja }}"), "{plain}");
    let Some(prefetch) = tree.prefetch(&opts) else {
        halite_testkit::skip_this_test("one core: no prefetch to compare");
        return;
    };
    assert_eq!(tree.render(&opts, Some(prefetch.clone())), plain);
    // top.sls, a, b and c/init are Jinja; plain.sls is `#!yaml`; c/map.jinja is not an sls.
    assert_eq!(prefetch.precompiled().used(), 4);
}

#[test]
fn a_file_changed_after_it_was_compiled_is_compiled_again() {
    let tree = Tree::new(&files());
    let opts = tree.opts(&[]);
    let Some(prefetch) = tree.prefetch(&opts) else {
        halite_testkit::skip_this_test("one core: no prefetch to compare");
        return;
    };
    tree.write("b.sls", "b:\n  test.nop:\n    - name: {{ 'changed' }}\n");
    let rendered = tree.render(&opts, Some(prefetch.clone()));
    assert!(rendered.contains("\"changed\""), "{rendered}");
    assert_eq!(rendered, tree.render(&opts, None));
    assert_eq!(prefetch.precompiled().used(), 3);
}

#[test]
fn render_errors_are_the_same() {
    let mut files = files();
    files.push(("b.sls", "b:\n  test.nop:\n    - name: {{ nope }}\n"));
    files.push(("c/init.sls", "c:\n  {% if %}\n"));
    let tree = Tree::new(&files);
    let opts = tree.opts(&[]);
    let plain = tree.render(&opts, None);
    assert!(
        plain.contains("Jinja variable 'nope' is undefined"),
        "{plain}"
    );
    assert!(plain.contains("Jinja syntax error"), "{plain}");
    if let Some(prefetch) = tree.prefetch(&opts) {
        assert_eq!(tree.render(&opts, Some(prefetch)), plain);
    }
}

#[test]
fn syntax_options_for_sls_files_and_the_top_file_are_kept_apart() {
    let mut files = files();
    files.push((
        "a.sls",
        "a:\n  test.nop:\n    - names:\n    {% for i in range(2) %}\n      - a{{ i }}\n    {% endfor %}\n",
    ));
    // The `b` item is on its line only when trim_blocks drops the newline after the tag: the
    // top file renders only under `jinja_env`, not `jinja_sls_env`.
    files.push((
        "top.sls",
        "base:\n  '*':\n    - a\n    - {% if True %}\nb\n{% endif %}\n    - c\n",
    ));
    let tree = Tree::new(&files);
    let mut trim = Map::new();
    trim.insert("trim_blocks", Value::Bool(true));
    trim.insert("lstrip_blocks", Value::Bool(true));
    for key in ["jinja_sls_env", "jinja_env"] {
        let opts = tree.opts(&[(key, Value::Map(trim.clone()))]);
        let plain = tree.render(&opts, None);
        assert_eq!(
            plain.contains("\"c-mapped\""),
            key == "jinja_env",
            "{key}: {plain}"
        );
        if let Some(prefetch) = tree.prefetch(&opts) {
            assert_eq!(tree.render(&opts, Some(prefetch.clone())), plain, "{key}");
            // The top file's compiled template is used either way (it renders to nothing
            // under jinja_sls_env, so no sls file is rendered then).
            let used = if key == "jinja_env" { 4 } else { 1 };
            assert_eq!(prefetch.precompiled().used(), used, "{key}");
        }
    }
}

#[test]
fn a_listing_of_other_roots_is_not_used() {
    let tree = Tree::new(&files());
    let other = Tree::new(&[
        ("top.sls", "base:\n  '*':\n    - x\n"),
        ("x.sls", "x:\n  test.nop\n"),
    ]);
    let opts = tree.opts(&[]);
    let Some(prefetch) = other.prefetch(&other.opts(&[])) else {
        halite_testkit::skip_this_test("one core: no prefetch to compare");
        return;
    };
    assert_eq!(
        tree.render(&opts, Some(prefetch.clone())),
        tree.render(&opts, None)
    );
    assert_eq!(prefetch.precompiled().used(), 0);
}
