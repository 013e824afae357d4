//! idem's `--output json`: `json.dumps(data, indent=4)` with its default `ensure_ascii=True`
//! (non-ASCII characters as `\uXXXX` escapes, astral ones as surrogate pairs), written in
//! one pass into one buffer. The layout is `Value::to_json`'s (numbers, keys and escapes
//! as halite-value writes them); only the ASCII escaping is folded in.

use halite_value::{py_float_repr, Value};

const INDENT: usize = 4;

/// `json.dumps(v, indent=4)` (ensure_ascii).
pub fn dumps(v: &Value) -> String {
    let mut out = String::with_capacity(1 << 16);
    write_value(v, 0, &mut out);
    out
}

fn newline_indent(out: &mut String, depth: usize) {
    const SPACES: &str = "                                                                ";
    out.push('\n');
    let mut n = depth * INDENT;
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

fn json_float(f: f64, out: &mut String) {
    if f.is_nan() {
        out.push_str("NaN");
    } else if f.is_infinite() {
        out.push_str(if f > 0.0 { "Infinity" } else { "-Infinity" });
    } else {
        out.push_str(&py_float_repr(f));
    }
}

fn write_int(i: i64, out: &mut String) {
    let mut buf = [0u8; 20];
    let mut n = i.unsigned_abs();
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if i < 0 {
        out.push('-');
    }
    // only ASCII digits were written
    out.push_str(std::str::from_utf8(&buf[at..]).unwrap_or_default());
}

fn write_value(v: &Value, depth: usize, out: &mut String) {
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => write_int(*i, out),
        Value::Float(f) => json_float(*f, out),
        Value::Str(s) => write_str(s, out),
        Value::List(l) if l.is_empty() => out.push_str("[]"),
        Value::Map(m) if m.is_empty() => out.push_str("{}"),
        Value::List(l) => {
            out.push('[');
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline_indent(out, depth + 1);
                write_value(item, depth + 1, out);
            }
            newline_indent(out, depth);
            out.push(']');
        }
        Value::Map(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                newline_indent(out, depth + 1);
                write_key(k, out);
                out.push_str(": ");
                write_value(item, depth + 1, out);
            }
            newline_indent(out, depth);
            out.push('}');
        }
    }
}

/// A dict key as `json.dumps` writes it: strings as they are, `True` as `true`, `None` as
/// `null`, numbers in their repr.
fn write_key(k: &Value, out: &mut String) {
    match k {
        Value::Str(s) => write_str(s, out),
        Value::Null => write_str("null", out),
        Value::Bool(b) => write_str(if *b { "true" } else { "false" }, out),
        Value::Int(i) => {
            out.push('"');
            write_int(*i, out);
            out.push('"');
        }
        Value::Float(f) => {
            let mut text = String::new();
            json_float(*f, &mut text);
            write_str(&text, out);
        }
        other => write_str(&other.py_repr(), out),
    }
}

/// Bytes that need an escape: `"`, `\`, control characters and every non-ASCII byte.
const fn escape_table() -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i < 0x20 || i == b'"' as usize || i == b'\\' as usize || i >= 0x80;
        i += 1;
    }
    t
}

static NEEDS_ESCAPE: [bool; 256] = escape_table();

const HEX: &[u8; 16] = b"0123456789abcdef";

fn push_u_escape(unit: u16, out: &mut String) {
    let digits = [
        HEX[usize::from(unit >> 12)],
        HEX[usize::from((unit >> 8) & 0xf)],
        HEX[usize::from((unit >> 4) & 0xf)],
        HEX[usize::from(unit & 0xf)],
    ];
    out.push_str("\\u");
    out.push_str(std::str::from_utf8(&digits).unwrap_or_default());
}

/// A JSON string literal, ASCII only.
fn write_str(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut run_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !NEEDS_ESCAPE[usize::from(b)] {
            i += 1;
            continue;
        }
        out.push_str(&s[run_start..i]);
        if b >= 0x80 {
            let c = s[i..].chars().next().unwrap_or('\u{fffd}');
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                push_u_escape(*u, out);
            }
            i += c.len_utf8();
        } else {
            match b {
                b'"' => out.push_str("\\\""),
                b'\\' => out.push_str("\\\\"),
                b'\n' => out.push_str("\\n"),
                b'\r' => out.push_str("\\r"),
                b'\t' => out.push_str("\\t"),
                0x08 => out.push_str("\\b"),
                0x0c => out.push_str("\\f"),
                _ => push_u_escape(u16::from(b), out),
            }
            i += 1;
        }
        run_start = i;
    }
    out.push_str(&s[run_start..]);
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use halite_value::Map;

    /// What `halite validate` printed before: `Value::to_json`, then every non-ASCII
    /// character escaped.
    fn two_pass(v: &Value) -> String {
        let json = v.to_json();
        let mut out = String::new();
        for c in json.chars() {
            if c.is_ascii() {
                out.push(c);
                continue;
            }
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{:04x}", u));
            }
        }
        out
    }

    #[test]
    fn same_as_to_json_then_ascii() {
        let mut inner = Map::new();
        inner.insert(
            "é\u{1F600}\"\\\n\r\t\u{8}\u{c}\u{1}\u{7f}x",
            Value::Float(1.5),
        );
        inner.insert(Value::Int(-12), Value::List(vec![]));
        inner.insert(Value::Bool(true), Value::Map(Map::new()));
        inner.insert(Value::Null, Value::Float(f64::NAN));
        inner.insert(Value::Float(1e20), Value::Float(f64::NEG_INFINITY));
        let mut m = Map::new();
        m.insert("a", Value::Map(inner));
        m.insert(
            "l",
            Value::List(vec![
                Value::Int(i64::MIN),
                Value::Int(0),
                Value::Int(i64::MAX),
                Value::Null,
                Value::Bool(false),
                Value::str("ü\u{2028}"),
                Value::List(vec![Value::List(vec![Value::Float(0.1)])]),
            ]),
        );
        for v in [Value::Map(m), Value::str("x"), Value::Int(3), Value::Null] {
            assert_eq!(dumps(&v), two_pass(&v));
        }
    }
}
