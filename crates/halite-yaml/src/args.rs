//! Salt's `salt.utils.args.yamlify_arg` (salt/utils/args.py): how `salt-call` turns a CLI
//! argument (`key=value` values and positional arguments) into a Python value.

use crate::{load, Schema};
use halite_value::Value;

/// Python's `str.isspace()` characters, for `str.strip()`.
fn is_py_space(c: char) -> bool {
    matches!(
        c,
        ' ' | '\t' | '\n' | '\r' | '\x0b' | '\x0c' | '\x1c'..='\x1f' | '\u{85}' | '\u{a0}' | '\u{1680}'
            | '\u{2000}'..='\u{200a}' | '\u{2028}' | '\u{2029}' | '\u{202f}' | '\u{205f}' | '\u{3000}'
    )
}

fn py_strip(s: &str) -> &str {
    s.trim_matches(is_py_space)
}

/// `yamlify_arg(arg)`: YAML-load the argument with Salt's loader, except where Salt keeps
/// the text as is: blank/`---`/`...`, digit-and-underscore strings, text with tab/CR/LF,
/// comments that would swallow content (`#`), dicts not written with `{`, lists not written
/// with `[`, and `|`/`!`/`#...` that would load as empty/None. Load errors keep the text.
pub fn yamlify_arg(arg: &str) -> Value {
    let original = || Value::str(arg);
    let stripped = py_strip(arg);
    if matches!(stripped, "" | "---" | "...") {
        return original();
    }
    if arg.contains('_') && stripped.chars().all(|c| c.is_ascii_digit() || c == '_') {
        return original();
    }
    if arg.contains(['\t', '\r', '\n']) {
        return original();
    }
    if arg.contains('#') {
        // Only yamlify if it parses into a non-string type, to keep text after a `#`.
        return match load(arg, Schema::Salt) {
            Ok(Value::Str(_) | Value::Null) | Err(_) => original(),
            Ok(v) => v,
        };
    }
    let value = if arg == "None" {
        Value::Null
    } else {
        match load(arg, Schema::Salt) {
            Ok(v) => v,
            Err(_) => return original(),
        }
    };
    match value {
        Value::Map(_) if !arg.starts_with('{') => original(),
        Value::List(_) if !arg.starts_with('[') => original(),
        Value::Str(ref s) if s.is_empty() && (arg == "|" || arg == "!") => original(),
        Value::Null if stripped.starts_with('#') || arg == "!" => original(),
        v => v,
    }
}
