//! The fast path on each construct of its subset (it must accept them and give the full
//! loader's value) and on each thing it must leave to the full loader.

use crate::fast_path::{identical, load_fast, load_full};
use crate::Schema;
use halite_value::Value;

/// The fast path accepts `text` and gives exactly the full loader's value.
#[track_caller]
fn same(text: &str) -> Value {
    let fast = load_fast(text).unwrap_or_else(|| panic!("fast path declined {text:?}"));
    let full = load_full(text, Schema::Salt)
        .unwrap_or_else(|e| panic!("full loader failed on {text:?}: {e}"));
    assert!(
        identical(&fast, &full),
        "{text:?}\nfast: {fast:?}\nfull: {full:?}"
    );
    fast
}

/// The fast path leaves `text` to the full loader.
#[track_caller]
fn declines(text: &str) {
    assert!(load_fast(text).is_none(), "fast path accepted {text:?}");
}

#[test]
fn empty_documents() {
    assert_eq!(same(""), Value::Null);
    same("\n\n   \n");
    same("# only a comment\n  # another\n");
}

#[test]
fn block_mappings() {
    same("a: 1\nb: two\n");
    same("a: 1\nb: two");
    same("  a: 1\n  b: 2\n");
    same("a:\n  b:\n    c: d\n  e: f\ng: h\n");
    same("a:\n    b: 1\n    c: 2\nd: 3\n");
    same("key with spaces: value with spaces\n");
    same("a: b  \nc:   d   \n");
    same("a:b: c\n");
    same("source: salt://app/files/x.conf\n");
    same("url: http://example.com:8080/path\n");
    same("C:\\path: x\n");
    same("a: it's\nb: say \"hi\"\n");
    same("a: x]\nb: y}\nc: z,w\nd: a[0]\n");
    same("a: b#c\n");
    same("a#b: c\n");
    same("-a: b\n-: c\n");
    same("a  : b\nc   :\n");
    same("x:\n  a #b: c\n");
    same("x: a #b: c\n");
}

#[test]
fn block_sequences() {
    same("- a\n- b\n");
    same("-   a\n-  b\n");
    same("- a\n-\n- b\n");
    same("-\n  a\n-\n- b\n");
    same("- - a\n  - b\n- c\n");
    same("- a: 1\n  b: 2\n- c: 3\n");
    same("-   a: 1\n    b: 2\n");
    same("-\n  a: 1\n  b: 2\n");
    same("-\n  - x\n");
    same("- -1\n- -x\n- --\n");
    same("- 'a': 1\n  \"b\": 2\n- 'c'\n");
}

#[test]
fn salt_states() {
    same(
        "include:\n  - bench.s1\n\n/etc/app.conf:\n  file.managed:\n    - source: salt://app/files/app.conf\n    - user: root\n    - mode: 0644\n    - template: jinja\n    - context:\n        port: 8080\n        enabled: yes\n        ratio: 1.5\n    - require:\n      - pkg: nginx\n      - test: other\nsvc_nop:\n  test.nop\nusers:\n  test.succeed_without_changes:\n    - names:\n      - alice_1\n      - bob_1\n",
    );
}

#[test]
fn indentless_sequences() {
    same("a:\n- x\n- y\nb: 1\n");
    same("- require:\n  - pkg: a\n  - pkg: b\n  other: 1\n- next\n");
    same("a:\n-\n- x\n");
    same("a:\n-\n  x\n");
    same("a:\n- b:\n  - c\n");
}

#[test]
fn empty_values() {
    same("a:\nb:\n");
    same("a:\n");
    same("a:   \nb: 1\n");
    same("a: # comment\nb: 1\n");
    same("- \n- # c\n-\n");
    same("a:\n  # comment\nb:\n");
    same("a:\n- b:\n- c\n");
}

#[test]
fn empty_flow_collections() {
    same("a: []\nb: {}\n");
    same("- []\n- {}\n");
    same("[]\n");
    same("{}\n");
    same("a: [] # nothing\n");
}

#[test]
fn comments_and_blank_lines() {
    same("# head\na: 1 # one\n\n   \n  # indented comment\nb: 2\n# tail\n");
    same("a: 'q' # c\nb: \"d\"   # c\n");
    same("a:\n\n  b: 1\n\n\n  c: 2\n");
    same("- a # x\n# y\n- b\n");
}

#[test]
fn scalar_resolution() {
    for v in [
        "yes",
        "No",
        "on",
        "OFF",
        "true",
        "False",
        "y",
        "n",
        "~",
        "null",
        "Null",
        "NULL",
        "0",
        "7",
        "-3",
        "+4",
        "0644",
        "-0644",
        "0o17",
        "0x1F",
        "0b101",
        "1_000",
        "190:20:30",
        "1.5",
        "-1.5e+3",
        "1e3",
        "1.",
        ".5",
        ".inf",
        "-.Inf",
        ".nan",
        "190:20:30.15",
        "2001-12-14",
        "2001-12-14t21:59:43.10-05:00",
        "2001-12-14 21:59:43.10 -5",
        "0.0.1",
        "1.2.3",
        "1_2",
        "09",
        "0_",
        "1:60",
        "<",
        "<<<",
        "=x",
        "12345678901234567890",
        "9223372036854775808",
        "-9223372036854775809",
        "0x_",
        "+",
        "-",
        ".",
        "..",
    ] {
        if v == "-" {
            continue;
        }
        let text = format!("v: {v}\n");
        // a scalar that fails to construct is the full loader's error
        if load_full(&text, Schema::Salt).is_ok() {
            same(&text);
            same(&format!("{v}: x\n"));
            same(&format!("- {v}\n"));
        } else {
            declines(&text);
        }
    }
}

#[test]
fn non_string_keys() {
    same("1: a\n2: b\n");
    same("true: a\nnull: b\n1.5: c\n");
    same("~: a\n");
    same("2001-12-14: a\n");
}

#[test]
fn quoted_scalars() {
    same("a: 'single'\nb: 'it''s'\nc: ''\nd: '  spaced  '\n");
    same("a: \"double\"\nb: \"\"\nc: \"tab\\there\\nnewline\\\\ \\\" \\/\"\n");
    same("a: \"\\x41\\u00e9\\U0001F600 \\0\\a\\b\\e\\f\\v\\r\\N\\_\\L\\P\\ \"\n");
    same("'quoted key': 1\n\"dq key\": 2\n'k' : 3\n");
    same("- 'a'\n- \"b\"\n- 'c: d'\n- \"e # f\"\n");
    same("'yes': 'no'\n'0644': \"1.5\"\n");
    same("\"\": empty key\n");
    same("a: 'x'\n'a ': y\n");
}

#[test]
fn unicode() {
    same(
        "clé: valeur\n- no: 1\n"
            .split_once("- ")
            .map_or("", |p| p.0),
    );
    same("name: 日本語\nemoji: 😀\n");
    same("a: \u{a0}x\n");
}

#[test]
fn top_level_scalars() {
    same("foo\n");
    same("  foo  \n");
    same("'foo'\n");
    same("123\n");
    same("# c\nfoo # c\n# c\n");
}

// ---- bail-outs ------------------------------------------------------------------------------

#[test]
fn declines_anchors_aliases_tags() {
    declines("a: &x 1\nb: *x\n");
    declines("a: !!str 1\n");
    declines("a: !custom x\n");
    declines("&a a: 1\n");
    declines("- *x\n");
}

#[test]
fn declines_flow_collections() {
    declines("a: [1, 2]\n");
    declines("a: {b: 1}\n");
    declines("a: [ ]\n");
    declines("a: []x\n");
    declines("a: []# c\n");
    declines("[]: a\n");
    declines("{}: a\n");
    declines("[a]\n");
}

#[test]
fn declines_block_and_multiline_scalars() {
    declines("a: |\n  text\n");
    declines("a: >-\n  text\n");
    declines("a: b\n  c\n");
    declines("- a\n  b\n");
    declines("a:\n  b\n  c\n");
    declines("a: 'b\n  c'\n");
    declines("a: \"b\n  c\"\n");
    declines("a: \"b\\\n  c\"\n");
    declines("foo\nbar\n");
    declines("foo\n  bar\n");
    declines("a: b\n  # comment\n  c\n");
}

#[test]
fn declines_complex_keys_documents_directives() {
    declines("? a\n: b\n");
    declines("?a: b\n");
    declines(":a: b\n");
    declines("---\na: 1\n");
    declines("a: 1\n---\nb: 2\n");
    declines("a: 1\n...\n");
    declines("--- a\n");
    declines("%YAML 1.1\n---\na: 1\n");
    declines("...\n");
}

#[test]
fn declines_tabs_cr_and_special_breaks() {
    declines("a:\tb\n");
    declines("a: b\tc\n");
    declines("\ta: 1\n");
    declines("a: 1\n\t\n");
    declines("a: 1 # \tc\n");
    declines("a: 1\r\nb: 2\r\n");
    declines("a: 1\rb: 2\n");
    declines("a: x\u{85}y\n");
    declines("a: x\u{2028}y\n");
    declines("a: x\u{2029}y\n");
    declines("\u{feff}a: 1\n");
    declines("a: x\u{feff}\n");
}

#[test]
fn declines_odd_indentation() {
    declines("a:\n    b: 1\n  c: 2\n");
    declines("a: 1\n  b: 2\n");
    declines("  a: 1\nb: 2\n");
    declines("- a\n - b\n");
    declines("- a: 1\n   b: 2\n");
    declines("- a: 1\n b: 2\n");
    declines("a:\n  - b\n  c: d\n");
    declines("a:\n  - b\n - c\n");
    declines("a: 1\n- b\n");
    declines("- a\nb: 1\n");
    declines("a:\n  b: 1\n c: 2\n");
}

#[test]
fn declines_errors() {
    declines("a: b: c\n");
    declines("a: b:\n");
    declines("a: - b\n");
    declines("a: -\n");
    declines("a: 'b' c\n");
    declines("a: 'b'c\n");
    declines("a: 'b': c\n");
    declines("'a':b\n");
    declines("a\nb: 1\n");
    declines("a: 1\nb\n");
    declines("a: 1\na: 2\n");
    declines("a: 1\nb: 1\n'a': 3\n");
    declines("1: a\n1.0: b\n");
    declines("1: a\ntrue: b\n");
    declines("0: a\nfalse: b\n");
    declines("a: @x\n");
    declines("a: `x\n");
    declines("a: %x\n");
    declines("a: ,x\n");
    declines("a: \"\\q\"\n");
    declines("a: \"\\x4\"\n");
    declines("a: \"\\uD800\"\n");
    declines("a: 0_\n");
    declines("<<: {}\n");
    declines("a: <<\n");
    declines("=: 1\n");
    declines("a: =\n");
    declines(": a\n");
    declines("a: |x\n");
    declines(&format!("{}: 1\n", "k".repeat(1100)));
}

#[test]
fn declines_deep_nesting() {
    let mut text = String::new();
    for depth in 0..200 {
        text.push_str(&" ".repeat(depth));
        text.push_str("a:\n");
    }
    declines(&text);
    let mut ok = String::new();
    for depth in 0..40 {
        ok.push_str(&" ".repeat(depth));
        ok.push_str("a:\n");
    }
    same(&ok);
}

#[test]
fn non_printable_is_the_full_loaders_error() {
    declines("a: \u{1}\n");
    assert!(crate::load("a: \u{1}\n", Schema::Salt).is_err());
}
