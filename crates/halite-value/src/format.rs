//! Python's textual forms of values: `repr()` and `json.dumps()`.

use crate::Value;

/// How [`Value::to_json_styled`] lays out its output.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonStyle {
    /// `json.dumps(v, indent=N)`: one item a line, `": "` and `","` separators.
    Pretty(usize),
    /// `json.dumps(v)`: `", "` and `": "` separators on one line.
    Compact,
}

/// `repr(float)`: the shortest digits that round-trip, in fixed notation when the decimal
/// exponent is in -4..16 and as `1e+16` / `1.5e-07` otherwise.
pub fn py_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    let sci = format!("{:e}", f);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..16).contains(&exp) {
        let fixed = format!("{}", f);
        if fixed.contains('.') {
            fixed
        } else {
            format!("{fixed}.0")
        }
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{mantissa}e{sign}{:02}", exp.abs())
    }
}

/// `repr(str)`: single quotes unless the text has a `'` and no `"`.
pub fn py_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c if (0x80..0xa0).contains(&(c as u32)) => {
                out.push_str(&format!("\\x{:02x}", c as u32));
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

pub(crate) fn write_repr(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&py_float_repr(*f)),
        Value::Str(s) => out.push_str(&py_str_repr(s)),
        Value::List(l) => {
            out.push('[');
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(item, out);
            }
            out.push(']');
        }
        Value::Map(m) => {
            out.push('{');
            for (i, (k, v)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(k, out);
                out.push_str(": ");
                write_repr(v, out);
            }
            out.push('}');
        }
    }
}

/// A dict key as `json.dumps` writes it: strings as they are, `True` as `true`, `None` as
/// `null`, numbers in their repr.
pub(crate) fn json_key(k: &Value) -> String {
    match k {
        Value::Str(s) => s.clone(),
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => json_float(*f),
        other => other.py_repr(),
    }
}

fn json_float(f: f64) -> String {
    if f.is_nan() {
        "NaN".into()
    } else if f.is_infinite() {
        if f > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        py_float_repr(f)
    }
}

/// A JSON string literal with `ensure_ascii=False` escaping (as Salt's outputter uses).
pub(crate) fn write_json_str(s: &str, out: &mut String) {
    out.reserve(s.len() + 2);
    out.push('"');
    // Copy runs that need no escaping in one go; escape the rest.
    let mut run_start = 0;
    for (i, c) in s.char_indices() {
        let escape: Option<&str> = match c {
            '"' => Some("\\\""),
            '\\' => Some("\\\\"),
            '\n' => Some("\\n"),
            '\r' => Some("\\r"),
            '\t' => Some("\\t"),
            '\u{08}' => Some("\\b"),
            '\u{0c}' => Some("\\f"),
            c if (c as u32) < 0x20 => None,
            _ => continue,
        };
        out.push_str(&s[run_start..i]);
        match escape {
            Some(e) => out.push_str(e),
            None => out.push_str(&format!("\\u{:04x}", c as u32)),
        }
        run_start = i + c.len_utf8();
    }
    out.push_str(&s[run_start..]);
    out.push('"');
}

pub(crate) fn write_json(v: &Value, style: JsonStyle, depth: usize, out: &mut String) {
    let (item_sep, newline) = match style {
        JsonStyle::Pretty(_) => (",", true),
        JsonStyle::Compact => (", ", false),
    };
    let indent = |out: &mut String, d: usize| {
        if let JsonStyle::Pretty(n) = style {
            out.push('\n');
            out.extend(std::iter::repeat_n(' ', n * d));
        }
    };
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => out.push_str(&i.to_string()),
        Value::Float(f) => out.push_str(&json_float(*f)),
        Value::Str(s) => write_json_str(s, out),
        Value::List(l) if l.is_empty() => out.push_str("[]"),
        Value::Map(m) if m.is_empty() => out.push_str("{}"),
        Value::List(l) => {
            out.push('[');
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    out.push_str(item_sep);
                }
                indent(out, depth + 1);
                write_json(item, style, depth + 1, out);
            }
            if newline {
                indent(out, depth);
            }
            out.push(']');
        }
        Value::Map(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push_str(item_sep);
                }
                indent(out, depth + 1);
                write_json_str(&json_key(k), out);
                out.push_str(": ");
                write_json(item, style, depth + 1, out);
            }
            if newline {
                indent(out, depth);
            }
            out.push('}');
        }
    }
}
