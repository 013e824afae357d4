//! A fast path for the YAML that rendered SLS files are almost always made of, with Salt's
//! rules (`Schema::Salt`): block mappings and block sequences laid out by indentation, one
//! scalar per line (plain, or single/double quoted without line breaks), comments, blank
//! lines, empty values and the empty flow collections `[]`/`{}`.
//!
//! It reads the text line by line and builds the `Value` directly, with no token, event or
//! node in between. Scalars resolve with the same resolver ([`crate::resolve`]) and construct
//! with the same functions as the full loader ([`crate::construct`]), so `0644`, `yes`, `1.5`,
//! `~` and timestamps come out as they do there.
//!
//! It is an optimisation only: whenever the text holds anything outside that subset, or
//! anything it is not sure of (anchors, aliases, tags, flow collections with content, block
//! scalars, multi-line scalars, `?` keys, `---`/`...`, directives, tabs, CR or the line breaks
//! libyaml knows beyond LF, unexpected indentation, duplicate keys, a scalar that fails to
//! construct, any error at all), it gives up and [`crate::load`] runs the full loader on the
//! whole text. Errors are therefore always the full loader's, and for an input the fast path
//! accepts the value is the full loader's value (checked on every load in debug builds, by
//! `tests/fast_path.rs` on the repository's YAML and by the `yaml_load` fuzz target).

use crate::construct::{construct_bool, construct_float, construct_int, MAX_VALUES};
use crate::resolve::{resolve11_kind, Implicit};
use halite_value::{List, Map, Str, Value};

/// Why the fast path stopped: the full loader decides (its value or its error).
#[derive(Debug)]
pub(crate) struct Bail;

type R<T> = Result<T, Bail>;

/// Nesting deeper than this goes to the full loader (which refuses 400 levels, as PyYAML's
/// recursive constructor dies well before that).
const MAX_DEPTH: usize = 128;

/// libyaml forgets a possible simple key 1024 characters after its start ("could not find
/// expected ':'"); longer keys are left to the full loader.
const MAX_KEY: usize = 1000;

/// Loads `text` (already checked for non-printable characters) if it is in the subset;
/// `None` when the full loader must decide.
pub(crate) fn load(text: &str) -> Option<Value> {
    let mut fast = Fast {
        text,
        pos: 0,
        line: None,
        depth: 0,
        values: 0,
        items: Vec::new(),
        entries: Vec::new(),
    };
    fast.document().ok()
}

/// One content line (neither blank nor a comment): its indentation in spaces and the text
/// after it, up to the line break.
#[derive(Clone, Copy)]
struct Line<'a> {
    indent: usize,
    rest: &'a str,
}

/// What a line (or the part of it after `- `) starts with, apart from a block entry.
enum Head<'a> {
    /// `key:` with what follows the colon (empty or starting with a space).
    Key(Value, &'a str),
    /// A scalar (or `[]`/`{}`) that is all the line holds, comments aside.
    Scalar(Value),
}

struct Fast<'a> {
    text: &'a str,
    /// Byte offset of the first line not read yet.
    pos: usize,
    /// The next content line, read but not consumed.
    line: Option<Line<'a>>,
    depth: usize,
    /// Values and keys built so far (bounded like the full loader's constructor).
    values: usize,
    /// Items of the open sequences, innermost last (one buffer for all, so that every list
    /// is allocated once at its final size, as the full loader does).
    items: Vec<Value>,
    /// Entries of the open mappings, innermost last.
    entries: Vec<(Value, Value)>,
}

/// Byte classes for the line scan.
const PLAIN: u8 = 0;
const NEWLINE: u8 = 1;
/// TAB and CR: libyaml's tab rules and CR/CRLF line breaks are the full loader's business.
const REFUSE: u8 = 2;
/// Lead bytes of NEL (C2 85), LS/PS (E2 80 A8/A9), which libyaml takes for line breaks, and
/// of a byte order mark (EF BB BF).
const SUSPECT: u8 = 3;

const fn byte_classes() -> [u8; 256] {
    let mut t = [PLAIN; 256];
    t[b'\n' as usize] = NEWLINE;
    t[b'\t' as usize] = REFUSE;
    t[b'\r' as usize] = REFUSE;
    t[0xC2] = SUSPECT;
    t[0xE2] = SUSPECT;
    t[0xEF] = SUSPECT;
    t
}

static CLASS: [u8; 256] = byte_classes();

fn special_break_or_bom(tail: &[u8]) -> bool {
    tail.starts_with(&[0xC2, 0x85])
        || tail.starts_with(&[0xE2, 0x80, 0xA8])
        || tail.starts_with(&[0xE2, 0x80, 0xA9])
        || tail.starts_with(&[0xEF, 0xBB, 0xBF])
}

/// `s[from..to]` without a way to panic (the offsets are always those of ASCII bytes).
fn sub(s: &str, from: usize, to: usize) -> R<&str> {
    s.get(from..to).ok_or(Bail)
}

/// A block sequence entry: `-` followed by a space or the end of the line.
fn is_entry(rest: &str) -> bool {
    let b = rest.as_bytes();
    b.first() == Some(&b'-') && matches!(b.get(1), None | Some(b' '))
}

/// Nothing but spaces and maybe a comment (which needs a space before its `#`) left.
fn is_end(after: &str) -> bool {
    if after.is_empty() {
        return true;
    }
    let t = after.trim_start_matches(' ');
    t.len() < after.len() && (t.is_empty() || t.starts_with('#'))
}

/// Whether a plain scalar may start with this byte (libyaml's `fetch_next_token`): not an
/// indicator, except `-` followed by a non-blank (`-1`, `-o`). `?x` and `:x` are plain
/// scalars too in block context, but rare: left to the full loader.
fn plain_start(b: &[u8]) -> bool {
    match b.first() {
        None => false,
        Some(b'-') => b.get(1).is_some_and(|c| *c != b' '),
        Some(
            b'?' | b':' | b',' | b'[' | b']' | b'{' | b'}' | b'#' | b'&' | b'*' | b'!' | b'|'
            | b'>' | b'\'' | b'"' | b'%' | b'@' | b'`' | b' ',
        ) => false,
        Some(_) => true,
    }
}

/// Where a plain scalar on one line stops in block context (libyaml's
/// `scan_plain_scalar`): at `:` followed by a space or the end of the line (a mapping
/// value indicator), or at `#` after a space (a comment). Flow indicators are ordinary
/// characters outside flow collections. Returns the stop offset and whether it is a colon.
fn scan_plain(b: &[u8]) -> (usize, bool) {
    let mut i = 0;
    loop {
        if let Some(w) = word(b, i) {
            // skip eight bytes at a time to the next `:` or `#`
            let found = has_byte(w, b':') | has_byte(w, b'#');
            if found == 0 {
                i += 8;
                continue;
            }
            i += (found.trailing_zeros() / 8) as usize;
        }
        match b.get(i) {
            None => return (i, false),
            Some(b':') if matches!(b.get(i + 1), None | Some(b' ')) => return (i, true),
            Some(b'#') if i > 0 && b.get(i - 1) == Some(&b' ') => return (i, false),
            Some(_) => i += 1,
        }
    }
}

const LOW: u64 = 0x0101_0101_0101_0101;
const HIGH: u64 = 0x8080_8080_8080_8080;

/// The eight bytes at `i` as a little-endian word, if there are eight.
fn word(b: &[u8], i: usize) -> Option<u64> {
    let bytes: [u8; 8] = b.get(i..i.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(bytes))
}

/// The high bit of every byte of `w` equal to `byte`, except that bytes above the first one
/// found may be flagged wrongly: only the lowest flag is exact (the usual SWAR zero-byte
/// test).
fn has_byte(w: u64, byte: u8) -> u64 {
    let x = w ^ (LOW * u64::from(byte));
    x.wrapping_sub(LOW) & !x & HIGH
}

/// The end of the line whose content starts at `i`: the offset of its `\n`, or the
/// text's length. Eight bytes at a time: a word of bytes 0x20-0x7F only has nothing to
/// look at; otherwise its lowest flagged byte (exact: a borrow only starts at a byte below
/// 0x20, which is flagged itself) is looked at alone.
fn line_end(bytes: &[u8], mut i: usize) -> R<usize> {
    loop {
        if let Some(w) = word(bytes, i) {
            // high bit per byte: >= 0x80, or < 0x20 (subtracting 0x20 borrows)
            let found = (w.wrapping_sub(LOW * 0x20) | w) & HIGH;
            if found == 0 {
                i += 8;
                continue;
            }
            i += (found.trailing_zeros() / 8) as usize;
        }
        let Some(&b) = bytes.get(i) else {
            return Ok(i);
        };
        match CLASS[usize::from(b)] {
            PLAIN => i += 1,
            NEWLINE => return Ok(i),
            SUSPECT if !special_break_or_bom(bytes.get(i..).unwrap_or_default()) => i += 1,
            _ => return Err(Bail),
        }
    }
}

/// A plain scalar's value: PyYAML's implicit resolver, then Salt's constructors. Salt
/// constructs timestamps as their text. `<<` (merge) and `=` (value) need the full
/// loader's mapping logic; a scalar that fails to construct is the full loader's error.
fn plain_value(text: &str) -> R<Value> {
    match resolve11_kind(text) {
        Implicit::Str | Implicit::Timestamp => Ok(Value::Str(Str::new(text))),
        Implicit::Null => Ok(Value::Null),
        Implicit::Bool => construct_bool(text).map_err(|_| Bail),
        Implicit::Int => construct_int(text).map_err(|_| Bail),
        Implicit::Float => construct_float(text).map_err(|_| Bail),
        Implicit::Merge | Implicit::Value => Err(Bail),
    }
}

/// A single-quoted scalar closed on the same line (`''` is a quote). Returns the value
/// and the offset just after the closing quote.
fn single_quoted(s: &str) -> R<(Str, usize)> {
    let b = s.as_bytes();
    let mut owned: Option<String> = None;
    let (mut i, mut seg) = (1, 1);
    loop {
        match b.get(i) {
            // the scalar goes on to the next line: line folding is the full loader's
            None => return Err(Bail),
            Some(b'\'') if b.get(i + 1) == Some(&b'\'') => {
                owned
                    .get_or_insert_with(String::new)
                    .push_str(sub(s, seg, i + 1)?);
                i += 2;
                seg = i;
            }
            Some(b'\'') => return closed(s, owned, seg, i),
            Some(_) => i += 1,
        }
    }
}

/// A double-quoted scalar closed on the same line, with YAML's escapes (the table of
/// libyaml's and saphyr's `scan_flow_scalar`). Returns the value and the offset just after
/// the closing quote.
fn double_quoted(s: &str) -> R<(Str, usize)> {
    let b = s.as_bytes();
    let mut owned: Option<String> = None;
    let (mut i, mut seg) = (1, 1);
    loop {
        match b.get(i) {
            None => return Err(Bail),
            Some(b'"') => return closed(s, owned, seg, i),
            Some(b'\\') => {
                let o = owned.get_or_insert_with(String::new);
                o.push_str(sub(s, seg, i)?);
                let (c, len) = escape(b.get(i + 1..).unwrap_or_default())?;
                o.push(c);
                i += 1 + len;
                seg = i;
            }
            Some(_) => i += 1,
        }
    }
}

/// A quoted scalar whose closing quote is at `i`: the text since the last escape (from
/// `seg`) appended to what the escapes built, or, with none, the text between the quotes
/// as it is. Returns the value and the offset just after the quote.
fn closed(s: &str, owned: Option<String>, seg: usize, i: usize) -> R<(Str, usize)> {
    let value = match owned {
        Some(mut o) => {
            o.push_str(sub(s, seg, i)?);
            Str::from(o)
        }
        None => Str::new(sub(s, 1, i)?),
    };
    Ok((value, i + 1))
}

/// The character of an escape (after its backslash) and how many bytes it takes. A
/// backslash at the end of the line (an escaped line break) and unknown escapes are the
/// full loader's.
fn escape(b: &[u8]) -> R<(char, usize)> {
    let c = match b.first() {
        None => return Err(Bail),
        Some(b'0') => '\0',
        Some(b'a') => '\x07',
        Some(b'b') => '\x08',
        Some(b't') => '\t',
        Some(b'n') => '\n',
        Some(b'v') => '\x0b',
        Some(b'f') => '\x0c',
        Some(b'r') => '\r',
        Some(b'e') => '\x1b',
        Some(b' ') => ' ',
        Some(b'"') => '"',
        Some(b'/') => '/',
        Some(b'\\') => '\\',
        Some(b'N') => '\u{85}',
        Some(b'_') => '\u{a0}',
        Some(b'L') => '\u{2028}',
        Some(b'P') => '\u{2029}',
        Some(b'x') => return hex_escape(b, 2),
        Some(b'u') => return hex_escape(b, 4),
        Some(b'U') => return hex_escape(b, 8),
        Some(_) => return Err(Bail),
    };
    Ok((c, 1))
}

/// `\xXX`, `\uXXXX`, `\UXXXXXXXX`: exactly `n` hex digits naming a Unicode scalar value.
fn hex_escape(b: &[u8], n: usize) -> R<(char, usize)> {
    let digits = b.get(1..1 + n).ok_or(Bail)?;
    let mut code = 0u32;
    for d in digits {
        code = code * 16 + char::from(*d).to_digit(16).ok_or(Bail)?;
    }
    char::from_u32(code).map(|c| (c, 1 + n)).ok_or(Bail)
}

/// `[]` or `{}` and nothing else (comments aside).
fn empty_flow(rest: &str) -> Option<Value> {
    let value = match rest.get(..2)? {
        "[]" => Value::List(List::new()),
        "{}" => Value::Map(Map::new()),
        _ => return None,
    };
    is_end(rest.get(2..)?).then_some(value)
}

impl<'a> Fast<'a> {
    fn document(&mut self) -> R<Value> {
        // Only blank lines and comments: the empty document, None.
        let Some(line) = self.next_line()? else {
            return Ok(Value::Null);
        };
        self.consume();
        // At the top there is no enclosing collection (libyaml's indent is -1): a scalar
        // followed by any other line would be a multi-line scalar.
        let value = self.node(line.indent, line.rest, -1)?;
        if self.next_line()?.is_some() {
            // content left of the top collection, or after a top-level scalar: an error
            return Err(Bail);
        }
        Ok(value)
    }

    /// The next content line, skipping blank and comment lines; not consumed.
    fn next_line(&mut self) -> R<Option<Line<'a>>> {
        if let Some(line) = self.line {
            return Ok(Some(line));
        }
        let bytes = self.text.as_bytes();
        while self.pos < bytes.len() {
            let start = self.pos;
            let mut i = start;
            while bytes.get(i) == Some(&b' ') {
                i += 1;
            }
            let content = i;
            i = line_end(bytes, i)?;
            self.pos = (i + 1).min(bytes.len());
            let rest = sub(self.text, content, i)?;
            if rest.is_empty() || rest.starts_with('#') {
                // blank or comment-only: nothing in block context
                continue;
            }
            if content == start && (rest.starts_with("---") || rest.starts_with("...")) {
                // document markers (or a plain scalar looking like one at column 0)
                return Err(Bail);
            }
            let line = Line {
                indent: content - start,
                rest,
            };
            self.line = Some(line);
            return Ok(Some(line));
        }
        Ok(None)
    }

    fn consume(&mut self) {
        self.line = None;
    }

    fn count(&mut self, n: usize) -> R<()> {
        self.values += n;
        if self.values > MAX_VALUES {
            return Err(Bail);
        }
        Ok(())
    }

    /// A node whose first token starts at column `col` with `rest` (its line consumed).
    /// `enclosing` is the column of the innermost block collection around it (-1 at the
    /// top), which decides whether a scalar continues on the next line.
    fn node(&mut self, col: usize, rest: &'a str, enclosing: isize) -> R<Value> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Bail);
        }
        let value = if is_entry(rest) {
            self.sequence(col, rest)?
        } else {
            match self.head(rest)? {
                Head::Key(key, after) => self.mapping(col, key, after)?,
                Head::Scalar(value) => {
                    self.after_scalar(enclosing)?;
                    value
                }
            }
        };
        self.depth -= 1;
        Ok(value)
    }

    /// A scalar on one line continues on the next one when that line is indented more than
    /// the enclosing block collection (libyaml's `scan_plain_scalar`: `column < indent + 1`
    /// ends it). That is a multi-line plain scalar, or an error after a quoted scalar or an
    /// empty flow collection: the full loader's either way.
    fn after_scalar(&mut self, enclosing: isize) -> R<()> {
        match self.next_line()? {
            Some(line) if line.indent as isize > enclosing => Err(Bail),
            _ => Ok(()),
        }
    }

    /// Classifies `rest` (not a block entry): a `key:` or a lone scalar.
    fn head(&mut self, rest: &'a str) -> R<Head<'a>> {
        let b = rest.as_bytes();
        let (value, end) = match b.first() {
            Some(b'\'') => single_quoted(rest)?,
            Some(b'"') => double_quoted(rest)?,
            Some(b'[' | b'{') => {
                // only as a value: `[]: x` is an unhashable key, `[a]` a flow sequence
                let value = empty_flow(rest).ok_or(Bail)?;
                self.count(1)?;
                return Ok(Head::Scalar(value));
            }
            _ => {
                if !plain_start(b) {
                    return Err(Bail);
                }
                let (stop, colon) = scan_plain(b);
                let text = sub(rest, 0, stop)?.trim_end_matches(' ');
                let value = plain_value(text)?;
                self.count(1)?;
                if colon {
                    if stop > MAX_KEY {
                        return Err(Bail);
                    }
                    return Ok(Head::Key(value, sub(rest, stop + 1, rest.len())?));
                }
                return Ok(Head::Scalar(value));
            }
        };
        // a quoted scalar: a key when `:` and a blank follow (spaces may come between)
        self.count(1)?;
        let after = sub(rest, end, rest.len())?;
        let t = after.trim_start_matches(' ');
        if let Some(v) = t.strip_prefix(':') {
            if !(v.is_empty() || v.starts_with(' ')) || end > MAX_KEY {
                return Err(Bail);
            }
            return Ok(Head::Key(Value::Str(value), v));
        }
        if is_end(after) {
            return Ok(Head::Scalar(Value::Str(value)));
        }
        Err(Bail)
    }

    /// A block mapping at column `col`, its first key already read (`after` follows its
    /// colon). Further keys are the lines at exactly `col`.
    fn mapping(&mut self, col: usize, first_key: Value, first_after: &'a str) -> R<Value> {
        let base = self.entries.len();
        let (mut key, mut after) = (first_key, first_after);
        loop {
            let value = self.mapping_value(col, after)?;
            self.entries.push((key, value));
            match self.next_line()? {
                Some(line) if line.indent == col => {
                    self.consume();
                    match self.head(line.rest)? {
                        Head::Key(k, a) => (key, after) = (k, a),
                        // a scalar, or a `- ` entry, where a key should be: an error
                        Head::Scalar(_) => return Err(Bail),
                    }
                }
                // deeper than the mapping but not part of a value: an error
                Some(line) if line.indent > col => return Err(Bail),
                _ => break,
            }
        }
        self.count(1)?;
        let mut map = Map::with_capacity(self.entries.len() - base);
        for (k, v) in self.entries.drain(base..) {
            // A duplicate key is an error in Salt's loader ("found conflicting ID"): the full
            // loader reports it. Map's key equality is the full loader's (Python's: `1`,
            // `1.0` and `true` are one key; strings equal strings only).
            if map.insert(k, v).is_some() {
                return Err(Bail);
            }
        }
        Ok(Value::Map(map))
    }

    /// The value of a mapping entry at column `col`, given what follows the key's colon.
    fn mapping_value(&mut self, col: usize, after: &'a str) -> R<Value> {
        let v = after.trim_start_matches(' ');
        if !(v.is_empty() || v.starts_with('#')) {
            // on the key's line: a scalar or `[]`/`{}` (a block entry, another key or
            // anything else there is an error)
            let value = match self.head(v)? {
                Head::Scalar(value) => value,
                Head::Key(..) => return Err(Bail),
            };
            self.after_scalar(col as isize)?;
            return Ok(value);
        }
        match self.next_line()? {
            // a node on the following lines, indented more than the key
            Some(line) if line.indent > col => {
                self.consume();
                self.node(line.indent, line.rest, col as isize)
            }
            // libyaml's indentless sequence: `- ` entries at the key's own column
            Some(line) if line.indent == col && is_entry(line.rest) => {
                self.consume();
                self.depth += 1;
                if self.depth > MAX_DEPTH {
                    return Err(Bail);
                }
                let value = self.sequence(col, line.rest)?;
                self.depth -= 1;
                Ok(value)
            }
            // nothing: the empty plain scalar, null
            _ => {
                self.count(1)?;
                Ok(Value::Null)
            }
        }
    }

    /// A block sequence whose entries are the `- ` lines at column `col`, `first` the
    /// first one (consumed).
    fn sequence(&mut self, col: usize, first: &'a str) -> R<Value> {
        let base = self.items.len();
        let mut rest = first;
        loop {
            let content = rest.get(1..).unwrap_or_default().trim_start_matches(' ');
            let item = if content.is_empty() || content.starts_with('#') {
                // `-` alone: the item is on the following lines, or null
                match self.next_line()? {
                    Some(line) if line.indent > col => {
                        self.consume();
                        self.node(line.indent, line.rest, col as isize)?
                    }
                    _ => {
                        self.count(1)?;
                        Value::Null
                    }
                }
            } else {
                // `- item` on the same line: a compact node at the item's column
                let item_col = col + (rest.len() - content.len());
                self.node(item_col, content, col as isize)?
            };
            self.items.push(item);
            match self.next_line()? {
                Some(line) if line.indent == col && is_entry(line.rest) => {
                    self.consume();
                    rest = line.rest;
                }
                Some(line) if line.indent > col => return Err(Bail),
                _ => break,
            }
        }
        self.count(1)?;
        let mut list = List::with_capacity(self.items.len() - base);
        for item in self.items.drain(base..) {
            list.push(item);
        }
        Ok(Value::List(list))
    }
}

#[cfg(test)]
mod tests;
