//! Python `str()` and `repr()` of template values: what Jinja2 prints for `{{ value }}`
//! (`{'a': 1}`, `None`, `True`, `1.0`), since Salt's templates run on Python objects.

use crate::mutable::{as_mut_list, as_mut_map};
use halite_value::{py_float_repr, py_str_repr};
use minijinja::value::{ObjectRepr, Value, ValueKind};

/// Python `str(value)`: strings as they are, everything else as `repr`.
pub fn py_str(v: &Value) -> String {
    match v.kind() {
        ValueKind::String => v.as_str().unwrap_or_default().to_string(),
        ValueKind::Undefined => String::new(),
        _ => py_repr(v),
    }
}

/// Python `repr(value)`.
pub fn py_repr(v: &Value) -> String {
    let mut out = String::new();
    write_repr(v, &mut out, 0, false);
    out
}

/// What Salt 3008 prints for `{{ value }}` (salt.utils.jinja's `finalizer`): every dict
/// reachable through dicts, lists and tuples becomes a `PrintableDict`, whose string values
/// holding a newline, CR or tab are written as YAML double-quoted scalars
/// (`_yaml_safe_repr`, salt#30690); everything else as `str(value)`.
pub fn py_str_printable(v: &Value) -> String {
    if v.kind() == ValueKind::String || v.is_undefined() {
        return py_str(v);
    }
    let mut out = String::new();
    write_repr(v, &mut out, 0, true);
    out
}

/// `_yaml_safe_repr(value)` of a dict's string value: `safe_dump(value, default_style='"',
/// width=2**31-1)` (PyYAML's own emitter, `allow_unicode`) when it holds `\n`, `\r` or
/// `\t`, else `repr(value)`.
fn yaml_safe_repr(s: &str) -> String {
    if !s.contains(['\n', '\r', '\t']) {
        return py_str_repr(s);
    }
    let mut out = String::from("\"");
    for c in s.chars() {
        let plain = matches!(c, ' '..='~' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
            && !matches!(c, '"' | '\\' | '\u{2028}' | '\u{2029}' | '\u{feff}');
        if plain {
            out.push(c);
            continue;
        }
        let short = match c {
            '\0' => "0",
            '\x07' => "a",
            '\x08' => "b",
            '\t' => "t",
            '\n' => "n",
            '\x0b' => "v",
            '\x0c' => "f",
            '\r' => "r",
            '\x1b' => "e",
            '"' => "\"",
            '\\' => "\\",
            '\u{85}' => "N",
            '\u{2028}' => "L",
            '\u{2029}' => "P",
            _ => "",
        };
        let cp = c as u32;
        if !short.is_empty() {
            out.push('\\');
            out.push_str(short);
        } else if cp <= 0xff {
            out.push_str(&format!("\\x{cp:02X}"));
        } else if cp <= 0xffff {
            out.push_str(&format!("\\u{cp:04X}"));
        } else {
            out.push_str(&format!("\\U{cp:08X}"));
        }
    }
    out.push('"');
    out
}

/// `printable`: Salt 3008's `PrintableDict` values ([`py_str_printable`]).
fn write_repr(v: &Value, out: &mut String, depth: usize, printable: bool) {
    if depth > 100 {
        out.push_str("...");
        return;
    }
    match v.kind() {
        ValueKind::Undefined => {}
        ValueKind::None => out.push_str("None"),
        ValueKind::Bool => out.push_str(if v.is_true() { "True" } else { "False" }),
        ValueKind::Number => out.push_str(&number_repr(v)),
        ValueKind::String => out.push_str(&py_str_repr(v.as_str().unwrap_or_default())),
        ValueKind::Bytes => write_bytes_repr(v.as_bytes().unwrap_or_default(), out),
        _ => write_container(v, out, depth, printable),
    }
}

/// Python `repr(bytes)` as a string (see [`write_bytes_repr`]).
pub fn py_bytes_repr(data: &[u8]) -> String {
    let mut out = String::new();
    write_bytes_repr(data, &mut out);
    out
}

/// Python `repr(bytes)`: `b'...'` (double quotes when the data has `'` and no `"`), with
/// `\\`, `\t`, `\n`, `\r`, the quote and bytes outside printable ASCII escaped.
fn write_bytes_repr(data: &[u8], out: &mut String) {
    let quote = if data.contains(&b'\'') && !data.contains(&b'"') {
        '"'
    } else {
        '\''
    };
    out.push('b');
    out.push(quote);
    for &b in data {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            _ if b as char == quote => {
                out.push('\\');
                out.push(quote);
            }
            0x20..=0x7e => out.push(b as char),
            _ => out.push_str(&format!("\\x{b:02x}")),
        }
    }
    out.push(quote);
}

/// Python repr of a number: ints as digits, floats as Python's shortest repr (`1.0`, `1e+16`).
pub fn number_repr(v: &Value) -> String {
    if v.is_integer() {
        v.to_string()
    } else {
        py_float_repr(f64::try_from(v.clone()).unwrap_or(0.0))
    }
}

fn write_container(v: &Value, out: &mut String, depth: usize, printable: bool) {
    if let Some(m) = as_mut_map(v) {
        return write_pairs(m.entries().into_iter(), out, depth, printable);
    }
    if let Some(l) = as_mut_list(v) {
        return write_seq(l.items().iter(), ("[", "]"), false, out, depth, printable);
    }
    let Some(obj) = v.as_object() else {
        out.push_str(&v.to_string());
        return;
    };
    if v.is_tuple() {
        let items: Vec<Value> = obj.try_iter().map(|i| i.collect()).unwrap_or_default();
        return write_seq(
            items.iter(),
            ("(", ")"),
            items.len() == 1,
            out,
            depth,
            printable,
        );
    }
    match obj.repr() {
        ObjectRepr::Map => {
            if let Some(pairs) = obj.try_iter_pairs() {
                write_pairs(pairs, out, depth, printable);
            } else {
                out.push_str(&v.to_string());
            }
        }
        ObjectRepr::Seq | ObjectRepr::Iterable => {
            let items: Vec<Value> = obj.try_iter().map(|i| i.collect()).unwrap_or_default();
            write_seq(items.iter(), ("[", "]"), false, out, depth, printable);
        }
        _ => out.push_str(&v.to_string()),
    }
}

fn write_pairs(
    pairs: impl Iterator<Item = (Value, Value)>,
    out: &mut String,
    depth: usize,
    printable: bool,
) {
    out.push('{');
    for (i, (k, val)) in pairs.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_repr(&k, out, depth + 1, false);
        out.push_str(": ");
        match val.as_str() {
            Some(text) if printable && val.kind() == ValueKind::String => {
                out.push_str(&yaml_safe_repr(text))
            }
            _ => write_repr(&val, out, depth + 1, printable),
        }
    }
    out.push('}');
}

fn write_seq<'a>(
    items: impl Iterator<Item = &'a Value>,
    (open, close): (&str, &str),
    trailing_comma: bool,
    out: &mut String,
    depth: usize,
    printable: bool,
) {
    out.push_str(open);
    for (i, item) in items.enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_repr(item, out, depth + 1, printable);
    }
    if trailing_comma {
        out.push(',');
    }
    out.push_str(close);
}

#[cfg(test)]
mod tests {
    use super::yaml_safe_repr;

    /// Each expected text is what `salt.utils.jinja._yaml_safe_repr` gave on Salt 3008.4
    /// (PyYAML 6's emitter); tests/cases/jinja_print_dict_newlines has the common ones.
    #[test]
    fn yaml_safe_repr_escapes_as_pyyaml_does() {
        for (text, expected) in [
            ("ab", "'ab'"),
            ("it's", "\"it's\""),
            ("a\u{a0}b\n", "\"a\u{a0}b\\n\""),
            ("a\u{2028}b\n", "\"a\\Lb\\n\""),
            ("\u{feff}z\n", "\"\\uFEFFz\\n\""),
            ("x\u{85}y\n", "\"x\\Ny\\n\""),
            ("\u{2029}\t", "\"\\P\\t\""),
            ("\u{e000}\u{fffe}\n", "\"\u{e000}\\uFFFE\\n\""),
            ("q\"\\\n", "\"q\\\"\\\\\\n\""),
        ] {
            assert_eq!(yaml_safe_repr(text), expected, "{text:?}");
        }
    }
}
