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
    let mut out = String::new();
    write_py_float(f, &mut out);
    out
}

/// [`py_float_repr`] appended to `out`.
fn write_py_float(f: f64, out: &mut String) {
    use std::fmt::Write as _;
    // Python prints a decimal exponent in -4..16 in fixed notation. That is exactly the
    // finite magnitudes in [1e-4, 1e16): the shortest digits of a double below 1e16 never
    // round up to 1e16, and 1e-4 is compared as the same double Python's repr sees. There
    // ryu writes Python's digits in fixed notation, with the `.0` Python adds to whole
    // numbers. (Rust's `{}` does not: where two shortest digit strings are equally close it
    // takes the upper one, Python the even one; tests/float_repr.rs holds recorded cases.)
    if (1e-4..1e16).contains(&f.abs()) {
        out.push_str(ryu::Buffer::new().format_finite(f));
        return;
    }
    if f.is_nan() {
        out.push_str("nan");
        return;
    }
    if f.is_infinite() {
        out.push_str(if f > 0.0 { "inf" } else { "-inf" });
        return;
    }
    let sci = format!("{:e}", f);
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if (-4..16).contains(&exp) {
        // Zero (and -0.0) only: every other fixed-notation value took the first branch.
        let fixed = format!("{}", f);
        out.push_str(&fixed);
        if !fixed.contains('.') {
            out.push_str(".0");
        }
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        let _ = write!(out, "{mantissa}e{sign}{:02}", exp.abs());
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
    let mut out = String::new();
    write_json_float(f, &mut out);
    out
}

/// A float as `json.dumps` writes it: `NaN`, `Infinity`, `-Infinity`, else its repr.
fn write_json_float(f: f64, out: &mut String) {
    if f.is_nan() {
        out.push_str("NaN");
    } else if f.is_infinite() {
        out.push_str(if f > 0.0 { "Infinity" } else { "-Infinity" });
    } else {
        write_py_float(f, out);
    }
}

/// Where JSON text goes: a buffer, handed to `sink` (when there is one) whenever it passes
/// [`JsonOut::FLUSH_AT`] bytes, so a large document (a 5,000-state run) is never held whole
/// in memory. The first write error is kept and reported by [`JsonOut::finish`].
pub(crate) struct JsonOut<'a, 'v> {
    pub(crate) buf: String,
    /// `json.dumps(ensure_ascii=True)`: non-ASCII characters as `\uXXXX`.
    pub(crate) ensure_ascii: bool,
    sink: Option<&'a mut dyn std::io::Write>,
    error: Option<std::io::Error>,
    /// Bytes already handed to `sink`.
    flushed: usize,
    /// Whether a long list or map may still be serialized on two threads (see
    /// [`write_items_parallel`]): streamed output only, once per document.
    parallel: bool,
    /// The last list of scalars written (see [`ListCache`]).
    cache: Option<ListCache<'v>>,
}

impl<'a> JsonOut<'a, '_> {
    const FLUSH_AT: usize = 1 << 16;

    pub(crate) fn string() -> Self {
        JsonOut {
            buf: String::new(),
            ensure_ascii: false,
            sink: None,
            error: None,
            flushed: 0,
            parallel: false,
            cache: None,
        }
    }

    pub(crate) fn streaming(sink: &'a mut dyn std::io::Write) -> Self {
        JsonOut {
            buf: String::with_capacity(Self::FLUSH_AT + 4096),
            ensure_ascii: false,
            sink: Some(sink),
            error: None,
            flushed: 0,
            parallel: true,
            cache: None,
        }
    }

    /// How many bytes have been written so far, flushed or not.
    fn position(&self) -> usize {
        self.flushed + self.buf.len()
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
            self.flushed += self.buf.len();
            self.buf.clear();
        }
    }

    /// Appends text serialized elsewhere: straight to the sink (after what is buffered)
    /// when there is one, so a block from the other thread is not copied again.
    fn write_piece(&mut self, piece: &str) {
        if self.sink.is_none() {
            self.buf.push_str(piece);
            return;
        }
        self.flush();
        if let Some(sink) = self.sink.as_mut() {
            if self.error.is_none() {
                self.error = sink.write_all(piece.as_bytes()).err();
            }
        }
        self.flushed += piece.len();
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

/// The index of the first byte of `bytes` that needs an escape, or `bytes.len()`.
///
/// Eight bytes at a time (SWAR): most strings of Salt data (keys, SLS and file names) need
/// no escape at all, and a word test is a few instructions where the byte table costs a load
/// and a branch per byte. Each test below is exact for "some byte of the word matches" (the
/// borrow of `x - 0x01..` only spills above a byte that really matches), so a word without
/// a hit is skipped safely and the byte table then finds the exact position.
fn first_escape(bytes: &[u8], ensure_ascii: bool) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let non_ascii = if ensure_ascii { HIGH } else { 0 };
    let mut i = 0;
    while let Some(chunk) = bytes.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        // A byte below 0x20.
        let control = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
        // A byte equal to `"` or `\`: a zero byte of the XOR.
        let quote = w ^ (ONES * u64::from(b'"'));
        let quote = quote.wrapping_sub(ONES) & !quote & HIGH;
        let backslash = w ^ (ONES * u64::from(b'\\'));
        let backslash = backslash.wrapping_sub(ONES) & !backslash & HIGH;
        if control | quote | backslash | (w & non_ascii) != 0 {
            break;
        }
        i += 8;
    }
    let table = if ensure_ascii {
        &NEEDS_ESCAPE_ASCII
    } else {
        &NEEDS_ESCAPE
    };
    while i < bytes.len() && !table[usize::from(bytes[i])] {
        i += 1;
    }
    i
}

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
/// The runs between bytes that need escaping are copied whole.
pub(crate) fn write_json_str_as(s: &str, ensure_ascii: bool, out: &mut String) {
    let bytes = s.as_bytes();
    out.reserve(s.len() + 2);
    out.push('"');
    let mut i = first_escape(bytes, ensure_ascii);
    if i == bytes.len() {
        // The common case: nothing to escape.
        out.push_str(s);
        out.push('"');
        return;
    }
    out.push_str(&s[..i]);
    // `i` is always at a character boundary: escapes are found at ASCII bytes or at the
    // first byte of a non-ASCII character, which is consumed whole.
    while i < bytes.len() {
        let b = bytes[i];
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
        let run = i + first_escape(&bytes[i..], ensure_ascii);
        out.push_str(&s[i..run]);
        i = run;
    }
    out.push('"');
}

/// Indentation up to this width is one copy out of [`SEP_NL_SPACES`].
const INDENT_MAX: usize = 128;

/// An item separator, a newline and [`INDENT_MAX`] spaces: the text between two items of a
/// pretty-printed list is a slice of it, copied at once.
const SEP_NL_SPACES: &str = concat!(
    ",\n",
    "                                                                ",
    "                                                                "
);
const _: () = assert!(SEP_NL_SPACES.len() == INDENT_MAX + 2);

/// A newline and `width` spaces.
fn newline_indent(out: &mut String, width: usize) {
    if width <= INDENT_MAX {
        out.push_str(&SEP_NL_SPACES[1..width + 2]);
        return;
    }
    out.push_str(&SEP_NL_SPACES[1..]);
    let mut n = width - INDENT_MAX;
    while n > 0 {
        let k = n.min(INDENT_MAX);
        out.push_str(&SEP_NL_SPACES[2..k + 2]);
        n -= k;
    }
}

/// What comes before item `i` of a list or map at `depth`: the separator after the previous
/// item, then (pretty) a newline and the item's indentation.
fn item_start(i: usize, style: JsonStyle, depth: usize, out: &mut String) {
    match style {
        JsonStyle::Pretty(n) => {
            let width = n * (depth + 1);
            if width <= INDENT_MAX {
                out.push_str(&SEP_NL_SPACES[usize::from(i == 0)..width + 2]);
            } else {
                if i > 0 {
                    out.push(',');
                }
                newline_indent(out, width);
            }
        }
        JsonStyle::Compact => {
            if i > 0 {
                out.push_str(", ");
            }
        }
    }
}

/// The closing bracket of a non-empty list or map at `depth`.
fn close(close: char, style: JsonStyle, depth: usize, out: &mut String) {
    if let JsonStyle::Pretty(n) = style {
        newline_indent(out, n * depth);
    }
    out.push(close);
}

/// The items of a non-empty list or map, so that any run of them can be written on its own.
#[derive(Clone, Copy)]
enum Items<'v> {
    List(&'v [Value]),
    Map(&'v crate::Map),
}

impl<'v> Items<'v> {
    fn len(&self) -> usize {
        match self {
            Items::List(l) => l.len(),
            Items::Map(m) => m.len(),
        }
    }

    /// Items `range`, each with what precedes it (see [`item_start`]), into `out`, flushing
    /// as it goes.
    fn write_range(
        &self,
        range: std::ops::Range<usize>,
        style: JsonStyle,
        depth: usize,
        out: &mut JsonOut<'_, 'v>,
    ) {
        match self {
            Items::List(l) => {
                let Some(items) = l.get(range.clone()) else {
                    return;
                };
                for (i, item) in (range.start..).zip(items) {
                    item_start(i, style, depth, &mut out.buf);
                    write_json(item, style, depth + 1, out);
                    out.maybe_flush();
                }
            }
            Items::Map(m) => {
                for i in range {
                    let Some((k, item)) = m.get_index(i) else {
                        return;
                    };
                    item_start(i, style, depth, &mut out.buf);
                    write_json_key(k, out.ensure_ascii, &mut out.buf);
                    out.buf.push_str(": ");
                    write_json(item, style, depth + 1, out);
                    out.maybe_flush();
                }
            }
        }
    }
}

/// The last list of scalars written, with its text: [`write_json`] copies the text when the
/// next list is the same. Salt data repeats such lists a lot (every low chunk of an SLS
/// carries the same `__sls_included_from__` list, up to 99 names in a deep include chain),
/// and comparing two lists costs a fraction of escaping and indenting them again.
struct ListCache<'v> {
    items: &'v [Value],
    depth: usize,
    style: JsonStyle,
    text: String,
}

/// Lists this long or longer, and no longer than [`CACHE_MAX_ITEMS`], go through the cache.
const CACHE_MIN_ITEMS: usize = 4;
/// Bounds the cached text (a list of scalars is written without flushing in between).
const CACHE_MAX_ITEMS: usize = 4096;

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::List(_) | Value::Map(_))
}

/// Whether two scalars have the same JSON text. Not Python equality: `1`, `1.0` and `true`
/// are equal in Python and printed differently.
fn same_json_scalar(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Str(a), Value::Str(b)) => same_bytes(a.as_bytes(), b.as_bytes()),
        (Value::Int(a), Value::Int(b)) => a == b,
        (Value::Float(a), Value::Float(b)) => a.to_bits() == b.to_bits(),
        (Value::Bool(a), Value::Bool(b)) => a == b,
        (Value::Null, Value::Null) => true,
        _ => false,
    }
}

/// `a == b`, for the 8 to 16 byte strings most list items are (SLS and file names) with two
/// overlapping word compares instead of a call to `memcmp`.
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    if (8..=16).contains(&n) {
        let word = |s: &[u8], at: usize| {
            s.get(at..at + 8)
                .and_then(|w| <[u8; 8]>::try_from(w).ok())
                .map(u64::from_ne_bytes)
        };
        return word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8);
    }
    a == b
}

/// Whether two lists of scalars have the same JSON text (at the same depth and style). The
/// same slice (a shared list) is the same without looking at the items.
fn same_json_list(a: &[Value], b: &[Value]) -> bool {
    a.len() == b.len()
        && (std::ptr::eq(a.as_ptr(), b.as_ptr())
            || a.iter().zip(b).all(|(x, y)| same_json_scalar(x, y)))
}

/// A list of scalars through the [`ListCache`].
fn write_scalar_list<'v>(
    list: &'v [Value],
    style: JsonStyle,
    depth: usize,
    out: &mut JsonOut<'_, 'v>,
) {
    if let Some(cache) = &out.cache {
        if cache.depth == depth && cache.style == style && same_json_list(cache.items, list) {
            out.buf.push_str(&cache.text);
            return;
        }
    }
    let start = out.buf.len();
    out.buf.push('[');
    for (i, item) in list.iter().enumerate() {
        item_start(i, style, depth, &mut out.buf);
        write_json(item, style, depth + 1, out);
    }
    close(']', style, depth, &mut out.buf);
    let mut cache = out.cache.take().unwrap_or_else(|| ListCache {
        items: list,
        depth,
        style,
        text: String::new(),
    });
    cache.items = list;
    cache.depth = depth;
    cache.style = style;
    cache.text.clear();
    cache.text.push_str(&out.buf[start..]);
    out.cache = Some(cache);
}

pub(crate) fn write_json<'v>(
    v: &'v Value,
    style: JsonStyle,
    depth: usize,
    out: &mut JsonOut<'_, 'v>,
) {
    let (items, open, close_with) = match v {
        Value::Null => return out.buf.push_str("null"),
        Value::Bool(b) => return out.buf.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => return write_int(*i, &mut out.buf),
        Value::Float(f) => return write_json_float(*f, &mut out.buf),
        Value::Str(s) => return write_json_str_as(s, out.ensure_ascii, &mut out.buf),
        Value::List(l) if l.is_empty() => return out.buf.push_str("[]"),
        Value::Map(m) if m.is_empty() => return out.buf.push_str("{}"),
        Value::List(l)
            if (CACHE_MIN_ITEMS..=CACHE_MAX_ITEMS).contains(&l.len())
                && l.iter().all(is_scalar) =>
        {
            return write_scalar_list(l, style, depth, out)
        }
        Value::List(l) => (Items::List(l), '[', ']'),
        Value::Map(m) => (Items::Map(m), '{', '}'),
    };
    out.buf.push(open);
    if out.parallel && depth <= PARALLEL_MAX_DEPTH && items.len() >= PARALLEL_MIN_ITEMS {
        write_items_parallel(items, style, depth, out);
    } else {
        items.write_range(0..items.len(), style, depth, out);
    }
    close(close_with, style, depth, &mut out.buf);
}

/// Only a list or map this close to the top is split across threads: the long one of a
/// salt-call return (`{"local": [chunk, ...]}`, `{"local": {state_id: result, ...}}`).
const PARALLEL_MAX_DEPTH: usize = 2;
/// Fewer items than this are not worth a thread.
const PARALLEL_MIN_ITEMS: usize = 64;
/// The size a block of items aims at: large enough that handing blocks between threads is
/// rare, small enough that the blocks in flight (at most four) stay far below 1 MB.
const BLOCK_BYTES: usize = 32 << 10;

/// Writes the items of a long list or map on two threads, in order-preserving blocks.
///
/// This thread writes the first block, and its item count (the number of items it took to
/// reach [`BLOCK_BYTES`]) becomes the size of every later block. Then a second thread
/// serializes the odd blocks (1, 3, 5, ...) into strings while this one serializes the even
/// blocks, and this thread writes them all in order: block k+1 is being serialized while
/// block k is written. Every block is the same text the serial writer produces for those
/// items (an item's text depends only on its index and depth), so the output is
/// byte-identical. At most one block waits in the channel and one buffer per thread is in
/// use, so memory grows by a few blocks, not by the size of the output.
fn write_items_parallel<'v>(
    items: Items<'v>,
    style: JsonStyle,
    depth: usize,
    out: &mut JsonOut<'_, 'v>,
) {
    // Nested containers are written serially (one split per document is enough).
    out.parallel = false;
    let n = items.len();
    let start = out.position();
    let mut first = 0;
    while first < n && out.position() - start < BLOCK_BYTES {
        items.write_range(first..first + 1, style, depth, out);
        first += 1;
    }
    let block = first.max(1);
    let two_threads = crate::available_cores() > 1;
    if n - first < 2 * block || !two_threads {
        items.write_range(first..n, style, depth, out);
        return;
    }
    let range = |k: usize| (k * block).min(n)..((k + 1) * block).min(n);
    let ensure_ascii = out.ensure_ascii;
    std::thread::scope(|scope| {
        let (blocks_tx, blocks_rx) = std::sync::mpsc::sync_channel::<String>(1);
        let (spare_tx, spare_rx) = std::sync::mpsc::channel::<String>();
        scope.spawn(move || {
            // One writer for all of this thread's blocks, so its list cache carries over.
            let mut piece = JsonOut::string();
            piece.ensure_ascii = ensure_ascii;
            let mut k = 1;
            while k * block < n {
                // A buffer this thread already wrote out comes back to be reused.
                if let Ok(mut buf) = spare_rx.try_recv() {
                    buf.clear();
                    piece.buf = buf;
                }
                items.write_range(range(k), style, depth, &mut piece);
                // The receiver is gone only when writing failed: stop.
                if blocks_tx.send(std::mem::take(&mut piece.buf)).is_err() {
                    break;
                }
                k += 2;
            }
        });
        // This thread's blocks are serialized into `mine` while the other thread works on
        // the block before, then both are written in order.
        let mut mine = JsonOut::string();
        mine.ensure_ascii = ensure_ascii;
        let mut k = 1;
        while k * block < n && out.error.is_none() {
            mine.buf.clear();
            items.write_range(range(k + 1), style, depth, &mut mine);
            let Ok(theirs) = blocks_rx.recv() else { break };
            out.write_piece(&theirs);
            out.write_piece(&mine.buf);
            // Unused when the other thread is done; dropping it then is fine.
            let _ = spare_tx.send(theirs);
            k += 2;
        }
        // Dropping the receiver ends the other thread should writing have failed.
        drop(blocks_rx);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Map, Value};

    fn streamed(v: &Value) -> String {
        let mut bytes = Vec::new();
        let mut out = JsonOut::streaming(&mut bytes);
        write_json(v, JsonStyle::Pretty(4), 0, &mut out);
        assert!(out.finish().is_ok());
        String::from_utf8(bytes).unwrap_or_default()
    }

    fn serial(v: &Value) -> String {
        let mut out = JsonOut::string();
        write_json(v, JsonStyle::Pretty(4), 0, &mut out);
        out.buf
    }

    /// A low-chunk-like map whose size varies with `i`, with nested lists and maps.
    fn chunk(i: usize) -> Value {
        let mut m = Map::new();
        m.insert("state", Value::str("file"));
        m.insert("name", Value::str(format!("/tmp/x/{i}\t\"q\" é")));
        m.insert(
            "__sls_included_from__",
            Value::List((0..i % 37).map(|j| Value::str(format!("s{j}"))).collect()),
        );
        let mut inner = Map::new();
        inner.insert(Value::Int(i as i64), Value::Float(i as f64 / 7.0));
        inner.insert(
            "deep",
            Value::List(vec![Value::Map(Map::new()), Value::Null].into()),
        );
        m.insert("args", Value::Map(inner));
        m.insert("order", Value::Float(10000.0 + i as f64 / 10000.0));
        Value::Map(m)
    }

    #[test]
    fn parallel_blocks_are_byte_identical_to_serial() {
        // Around the thresholds: too few items, exactly enough blocks, many uneven blocks,
        // a last block of one item.
        for n in [0, 1, 63, 64, 65, 200, 1_000, 3_001] {
            let list = Value::List((0..n).map(chunk).collect());
            let mut top = Map::new();
            top.insert("local", list.clone());
            for v in [list, Value::Map(top)] {
                assert_eq!(streamed(&v), serial(&v), "{n} items");
            }
            let map: Map = (0..n)
                .map(|i| (Value::str(format!("id{i}")), chunk(i)))
                .collect();
            let v = Value::Map(map);
            assert_eq!(streamed(&v), serial(&v), "map of {n} items");
        }
    }

    #[test]
    fn parallel_ensure_ascii_and_compact_styles() {
        let v = Value::List((0..2_000).map(chunk).collect());
        let mut bytes = Vec::new();
        let mut out = JsonOut::streaming(&mut bytes);
        out.ensure_ascii = true;
        write_json(&v, JsonStyle::Compact, 0, &mut out);
        assert!(out.finish().is_ok());
        let mut expected = JsonOut::string();
        expected.ensure_ascii = true;
        write_json(&v, JsonStyle::Compact, 0, &mut expected);
        assert_eq!(String::from_utf8(bytes).unwrap_or_default(), expected.buf);
        assert!(expected.buf.is_ascii());
    }

    /// A sink that fails after `ok` bytes.
    struct Failing {
        ok: usize,
    }

    impl std::io::Write for Failing {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if self.ok < buf.len() {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::BrokenPipe,
                    "closed",
                ));
            }
            self.ok -= buf.len();
            Ok(buf.len())
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn parallel_write_error_stops_both_threads() {
        let v = Value::List((0..5_000).map(chunk).collect());
        for ok in [0, 100, 40_000, 200_000] {
            let mut sink = Failing { ok };
            let mut out = JsonOut::streaming(&mut sink);
            write_json(&v, JsonStyle::Pretty(4), 0, &mut out);
            let err = out.finish().err().map(|e| e.kind());
            assert_eq!(err, Some(std::io::ErrorKind::BrokenPipe), "{ok}");
        }
    }

    #[test]
    fn escapes_found_in_every_position_of_a_word() {
        for len in 0..20 {
            for at in 0..len {
                for special in ['"', '\\', '\n', '\u{1}', '\u{1f}', 'é', '\u{7f}'] {
                    let mut s: String = "a".repeat(len);
                    s.replace_range(at..at + 1, &special.to_string());
                    let mut fast = String::new();
                    write_json_str_as(&s, false, &mut fast);
                    let expected = serde_json::to_string(&s).unwrap_or_default();
                    // serde_json writes control characters as `\u001f`, as json.dumps does.
                    assert_eq!(fast, expected, "{s:?}");
                    let mut ascii = String::new();
                    write_json_str_as(&s, true, &mut ascii);
                    assert!(ascii.is_ascii(), "{s:?}");
                }
            }
        }
    }

    #[test]
    fn same_bytes_is_equality() {
        let words = [
            "",
            "a",
            "abcdefg",
            "abcdefgh",
            "abcdefghi",
            "abcdefghijklmnop",
            "abcdefghijklmnopq",
        ];
        for a in words {
            for b in words {
                assert_eq!(same_bytes(a.as_bytes(), b.as_bytes()), a == b, "{a} {b}");
            }
            // One byte changed anywhere.
            for at in 0..a.len() {
                let mut changed = a.as_bytes().to_vec();
                changed[at] ^= 1;
                assert!(!same_bytes(a.as_bytes(), &changed), "{a} {at}");
            }
        }
    }

    #[test]
    fn floats_like_python_repr() {
        for (f, repr) in [
            (0.0, "0.0"),
            (-0.0, "-0.0"),
            (1e-4, "0.0001"),
            (9.999999999999999e-5, "9.999999999999999e-05"),
            (1.5e-4, "0.00015"),
            (9999999999999998.0, "9999999999999998.0"),
            (1e16, "1e+16"),
            (-1e16, "-1e+16"),
            (123.0, "123.0"),
            (-2.5, "-2.5"),
            (10001.0001, "10001.0001"),
            (1e22, "1e+22"),
            (5e-324, "5e-324"),
            (f64::NAN, "nan"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(py_float_repr(f), repr);
        }
        assert_eq!(json_float(f64::NEG_INFINITY), "-Infinity");
    }

    /// The plain recursive writer the fast paths must agree with.
    fn reference(v: &Value, depth: usize, out: &mut String) {
        let pad = |out: &mut String, d: usize| {
            out.push('\n');
            out.push_str(&" ".repeat(4 * d));
        };
        match v {
            Value::List(l) if !l.is_empty() => {
                out.push('[');
                for (i, item) in l.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, depth + 1);
                    reference(item, depth + 1, out);
                }
                pad(out, depth);
                out.push(']');
            }
            Value::Map(m) if !m.is_empty() => {
                out.push('{');
                for (i, (k, item)) in m.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    pad(out, depth + 1);
                    write_json_str_as(&json_key(k), false, out);
                    out.push_str(": ");
                    reference(item, depth + 1, out);
                }
                pad(out, depth);
                out.push('}');
            }
            Value::List(_) => out.push_str("[]"),
            Value::Map(_) => out.push_str("{}"),
            Value::Str(s) => write_json_str_as(s, false, out),
            Value::Float(f) => out.push_str(&json_float(*f)),
            Value::Int(i) => out.push_str(&i.to_string()),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Null => out.push_str("null"),
        }
    }

    #[test]
    fn repeated_lists_reuse_text_only_when_it_is_the_same() {
        let names = |prefix: &str| -> Value {
            Value::List((0..6).map(|j| Value::str(format!("{prefix}{j}"))).collect())
        };
        let numbers = |first: Value| {
            Value::List(vec![first, Value::Int(2), Value::Int(3), Value::Int(4)].into())
        };
        let mut items = vec![
            names("a"),
            names("a"),
            // Equal in Python, not in JSON text.
            numbers(Value::Int(1)),
            numbers(Value::Float(1.0)),
            numbers(Value::Bool(true)),
            numbers(Value::Bool(true)),
            numbers(Value::Float(-0.0)),
            numbers(Value::Float(0.0)),
            numbers(Value::Null),
            numbers(Value::Null),
            names("b"),
        ];
        // The same list one level deeper, then at the first depth again.
        items.push(Value::List(vec![names("b")].into()));
        items.push(names("b"));
        // A shared slice and a list with a non-scalar item.
        let mut with_map = names("c");
        if let Value::List(l) = &mut with_map {
            l.push(Value::Map(Map::new()));
        }
        items.push(with_map.clone());
        items.push(with_map);
        let mut m = Map::new();
        m.insert("x", names("a"));
        m.insert("y", names("a"));
        items.push(Value::Map(m));
        let v = Value::List(items.into());
        let mut expected = String::new();
        reference(&v, 0, &mut expected);
        assert_eq!(serial(&v), expected);
        assert_eq!(streamed(&v), expected);
        let big = Value::List((0..3_000).map(|i| chunk(i / 40)).collect());
        let mut expected = String::new();
        reference(&big, 0, &mut expected);
        assert_eq!(serial(&big), expected);
        assert_eq!(streamed(&big), expected);
    }

    #[test]
    fn deep_indentation_past_the_spaces_buffer() {
        let mut v = Value::Int(1);
        for _ in 0..40 {
            v = Value::List(vec![v].into());
        }
        let json = serial(&v);
        let expected = format!("{}1", " ".repeat(160));
        assert!(json.contains(&format!("\n{expected}\n")), "{json}");
    }
}
