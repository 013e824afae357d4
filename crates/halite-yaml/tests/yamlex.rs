//! `load_yamlex` against `salt.serializers.yamlex.deserialize`: each expected value below is
//! what Salt 3008.4's deserializer returned for the text (`json.dumps` of it), so the merge
//! rules of `salt.utils.aggregation` and PyYAML's late-filled lists are pinned.

use halite_value::Value;

/// (YAML text, Salt's result as JSON)
const MEASURED: &[(&str, &str)] = &[
    ("plain: [1]\nplain: [2]\n", r#"{"plain": []}"#),
    ("x: {a: [1]}\nx: {a: [2]}\n", r#"{"x": {"a": []}}"#),
    ("- [1]\n- [2]\n", r#"[[1], [2]]"#),
    ("p: [1]\np: !aggregate [2]\n", r#"{"p": [2]}"#),
    ("p: !aggregate [1]\np: [2]\n", r#"{"p": []}"#),
    ("p: {a: 1}\np: [2]\n", r#"{"p": []}"#),
    (
        "a: !aggregate {x: 1}\na: !aggregate {y: 2}\n!reset b: 1\n",
        r#"{"a": {"x": 1, "y": 2}, "b": 1}"#,
    ),
    (
        "s: !aggregate 1\ns: !aggregate 2\ns: !aggregate 2\n",
        r#"{"s": [1, 2]}"#,
    ),
    (
        "k: 0755\nl: \"x\"\nm: ~\n",
        r#"{"k": 755, "l": "x", "m": null}"#,
    ),
    ("hello\n", r#""hello""#),
    ("", "null"),
    (
        "base: &b {x: 1, y: [1]}\nc:\n  <<: *b\n  x: 2\n",
        r#"{"base": {"x": 1, "y": [1]}, "c": {"x": 2, "y": [1]}}"#,
    ),
    (
        "a: &a {p: {z: 1}}\nc:\n  <<: *a\n  p: {w: 2}\n",
        r#"{"a": {"p": {"z": 1}}, "c": {"p": {"w": 2}}}"#,
    ),
    ("c:\n  =: 1\n", r#"{"c": {"=": 1}}"#),
    (
        "f: 1_000\ng: 017\nh: +5\n",
        r#"{"f": 1000, "g": 17, "h": 5}"#,
    ),
    ("d: 1.5\n", r#"{"d": 1.5}"#),
];

#[test]
fn yamlex_repeated_keys_merge_as_salt_aggregation() {
    for (text, expected) in MEASURED {
        let got = halite_yaml::load_yamlex(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        let want = Value::from_json_str(expected).expect("expected JSON");
        assert_eq!(got, want, "yamlex of {text:?}");
    }
}

/// `construct_sls_int` calls `int(text)`: hexadecimal, binary and sexagesimal ints are
/// Python's ValueError (measured: "invalid literal for int() with base 10: '0x1F'").
#[test]
fn yamlex_refuses_ints_python_int_refuses() {
    for text in ["0x1F", "0b101", "1:30"] {
        let e = halite_yaml::load_yamlex(&format!("f: {text}\n")).expect_err(text);
        assert_eq!(
            e.problem,
            format!("invalid literal for int() with base 10: '{text}'")
        );
    }
}
