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
        Value::Str(s) => s.to_string(),
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

/// Where JSON text goes: a buffer, handed to `sink` (when there is one) whenever it passes
/// [`JsonOut::FLUSH_AT`] bytes, so a large document (a 5,000-state run) is never held whole
/// in memory. The first write error is kept and reported by [`JsonOut::finish`].
pub(crate) struct JsonOut<'a> {
    pub(crate) buf: String,
    /// `json.dumps(ensure_ascii=True)`: non-ASCII characters as `\uXXXX`.
    pub(crate) ensure_ascii: bool,
    sink: Option<&'a mut dyn std::io::Write>,
    error: Option<std::io::Error>,
}

impl<'a> JsonOut<'a> {
    const FLUSH_AT: usize = 1 << 16;

    pub(crate) fn string() -> Self {
        JsonOut {
            buf: String::new(),
            ensure_ascii: false,
            sink: None,
            error: None,
        }
    }

    pub(crate) fn streaming(sink: &'a mut dyn std::io::Write) -> Self {
        JsonOut {
            buf: String::with_capacity(Self::FLUSH_AT + 4096),
            ensure_ascii: false,
            sink: Some(sink),
            error: None,
        }
    }

    fn maybe_flush(&mut self) {
        if self.buf.len() >= Self::FLUSH_AT {
            self.flush();
        }
    }

    fn flush(&mut self) {
        if let Some(sink) = self.sink.as_mut() {
            if self.error.is_none() {
                self.error = sink.write_all(self.buf.as_bytes()).err();
            }
            self.buf.clear();
        }
    }

    pub(crate) fn finish(mut self) -> std::io::Result<()> {
        self.flush();
        match self.error {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// An integer in decimal without an intermediate `String`.
pub(crate) fn write_int(i: i64, out: &mut String) {
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
    for &d in &buf[at..] {
        out.push(d as char);
    }
}

/// A dict key as `json.dumps` writes it (see [`json_key`]), straight into `out`.
fn write_json_key(k: &Value, ensure_ascii: bool, out: &mut String) {
    match k {
        Value::Str(s) => write_json_str_as(s, ensure_ascii, out),
        Value::Null => out.push_str("\"null\""),
        Value::Bool(b) => out.push_str(if *b { "\"true\"" } else { "\"false\"" }),
        Value::Int(i) => {
            out.push('"');
            write_int(*i, out);
            out.push('"');
        }
        other => write_json_str_as(&json_key(other), ensure_ascii, out),
    }
}

/// Which bytes need an escape: `"`, `\`, control characters, and with `ensure_ascii` every
/// byte of a non-ASCII character.
const fn escape_table(ensure_ascii: bool) -> [bool; 256] {
    let mut t = [false; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = i < 0x20 || i == b'"' as usize || i == b'\\' as usize || (ensure_ascii && i >= 0x80);
        i += 1;
    }
    t
}

static NEEDS_ESCAPE: [bool; 256] = escape_table(false);
static NEEDS_ESCAPE_ASCII: [bool; 256] = escape_table(true);

fn push_u_escape(unit: u16, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push_str("\\u");
    for shift in [12, 8, 4, 0] {
        out.push(HEX[usize::from((unit >> shift) & 0xf)] as char);
    }
}

/// A JSON string literal as `json.dumps` writes it: with `ensure_ascii=False` (Salt's
/// outputter) only quotes, backslashes and control characters are escaped; with
/// `ensure_ascii=True` (idem's) non-ASCII characters too, as `\\uXXXX` UTF-16 units.
/// Every byte that needs escaping is found with a table and the runs between them are
/// copied whole.
pub(crate) fn write_json_str_as(s: &str, ensure_ascii: bool, out: &mut String) {
    let table = if ensure_ascii {
        &NEEDS_ESCAPE_ASCII
    } else {
        &NEEDS_ESCAPE
    };
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut run_start = 0;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if !table[usize::from(b)] {
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

fn newline_indent(out: &mut String, width: usize) {
    const SPACES: &str = "                                                                ";
    out.push('\n');
    let mut n = width;
    while n > 0 {
        let k = n.min(SPACES.len());
        out.push_str(&SPACES[..k]);
        n -= k;
    }
}

pub(crate) fn write_json(v: &Value, style: JsonStyle, depth: usize, out: &mut JsonOut<'_>) {
    let (item_sep, indent_width) = match style {
        JsonStyle::Pretty(n) => (",", Some(n)),
        JsonStyle::Compact => (", ", None),
    };
    let indent = |out: &mut String, d: usize| {
        if let Some(n) = indent_width {
            newline_indent(out, n * d);
        }
    };
    match v {
        Value::Null => out.buf.push_str("null"),
        Value::Bool(b) => out.buf.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => write_int(*i, &mut out.buf),
        Value::Float(f) => out.buf.push_str(&json_float(*f)),
        Value::Str(s) => write_json_str_as(s, out.ensure_ascii, &mut out.buf),
        Value::List(l) if l.is_empty() => out.buf.push_str("[]"),
        Value::Map(m) if m.is_empty() => out.buf.push_str("{}"),
        Value::List(l) => {
            out.buf.push('[');
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    out.buf.push_str(item_sep);
                }
                indent(&mut out.buf, depth + 1);
                write_json(item, style, depth + 1, out);
                out.maybe_flush();
            }
            indent(&mut out.buf, depth);
            out.buf.push(']');
        }
        Value::Map(m) => {
            out.buf.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.buf.push_str(item_sep);
                }
                indent(&mut out.buf, depth + 1);
                write_json_key(k, out.ensure_ascii, &mut out.buf);
                out.buf.push_str(": ");
                write_json(item, style, depth + 1, out);
                out.maybe_flush();
            }
            indent(&mut out.buf, depth);
            out.buf.push('}');
        }
    }
}
