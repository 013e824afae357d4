//! `yaml.dump(obj, Dumper=SafeDumper, default_flow_style=None)` as Salt's `yaml` serializer
//! calls it (keys sorted, `allow_unicode=False`, width 80, indent 2), with the trailing `\n`
//! or `\n...\n` removed. Collections holding only scalars are written in flow style.
//!
//! Written as a small port of PyYAML's emitter: the column is tracked so long scalars and flow
//! collections wrap where PyYAML wraps them.

use halite_value::{Map, Value};

const BEST_WIDTH: usize = 80;

pub fn dump(v: &Value) -> String {
    dump_styled(v, true)
}

/// `yaml.dump(obj, default_flow_style=False)`: every non-empty collection in block style.
pub fn dump_block(v: &Value) -> String {
    dump_styled(v, false)
}

fn dump_styled(v: &Value, flow_simple: bool) -> String {
    let mut em = Emitter {
        flow_simple,
        ..Emitter::default()
    };
    if em.is_block(v) {
        match v {
            Value::Map(m) => em.block_mapping(m, 0),
            Value::List(l) => em.block_sequence(l, 0),
            _ => {}
        }
        em.out.push('\n');
    } else if is_scalar(v) {
        em.scalar(v, 2, false, true);
        em.out.push_str("\n...\n");
    } else {
        em.flow(v, 2);
        em.out.push('\n');
    }
    let out = em.out;
    if let Some(s) = out.strip_suffix("\n...\n") {
        return s.to_string();
    }
    out.strip_suffix('\n').map(str::to_string).unwrap_or(out)
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Map(_) | Value::List(_))
}

/// PyYAML's `best_style` with `default_flow_style=None`: block style only for non-empty
/// collections that hold another collection.
fn is_block(v: &Value) -> bool {
    match v {
        Value::Map(m) => !m.is_empty() && !m.iter().all(|(k, v)| is_scalar(k) && is_scalar(v)),
        Value::List(l) => !l.is_empty() && !l.iter().all(is_scalar),
        _ => false,
    }
}

/// PyYAML's `check_simple_key` for a scalar key: shorter than 128 and on one line.
fn is_simple_key(k: &Value) -> bool {
    match k {
        Value::Str(s) => {
            s.chars().count() < 128 && !s.contains(['\n', '\u{85}', '\u{2028}', '\u{2029}'])
        }
        Value::Map(_) | Value::List(_) => false,
        _ => true,
    }
}

fn sorted(m: &Map) -> Vec<(&Value, &Value)> {
    let mut items: Vec<(&Value, &Value)> = m.iter().collect();
    items.sort_by_key(|a| sort_key(a.0));
    items
}

fn sort_key(v: &Value) -> (u8, String) {
    match v {
        Value::Str(s) => (1, s.to_string()),
        other => (0, format!("{:>40}", other.py_str())),
    }
}

#[derive(Default)]
struct Emitter {
    out: String,
    col: usize,
    /// `default_flow_style=None`: collections of scalars in flow style.
    flow_simple: bool,
}

impl Emitter {
    fn is_block(&self, v: &Value) -> bool {
        if self.flow_simple {
            is_block(v)
        } else {
            matches!(v, Value::Map(m) if !m.is_empty())
                || matches!(v, Value::List(l) if !l.is_empty())
        }
    }

    fn write(&mut self, s: &str) {
        self.out.push_str(s);
        match s.rfind('\n') {
            Some(i) => self.col = s[i + 1..].chars().count(),
            None => self.col += s.chars().count(),
        }
    }

    fn line_break(&mut self) {
        self.out.push('\n');
        self.col = 0;
    }

    /// PyYAML's `write_indent`.
    fn write_indent(&mut self, indent: usize) {
        let at_space = self.out.is_empty() || self.out.ends_with(' ') || self.out.ends_with('\n');
        if self.col > indent || (self.col == indent && !at_space) {
            self.line_break();
        }
        if self.col < indent {
            let pad = " ".repeat(indent - self.col);
            self.write(&pad);
        }
    }

    fn block_mapping(&mut self, m: &Map, indent: usize) {
        for (k, v) in sorted(m) {
            self.write_indent(indent);
            if is_simple_key(k) {
                self.key(k, indent + 2, false);
                self.write(":");
            } else {
                // A complex key: `? key` then `: value` on the next line.
                self.write("?");
                self.write(" ");
                self.scalar(k, indent + 2, false, true);
                self.write_indent(indent);
                self.write(":");
                // After `:` of a complex key, a sequence is indented.
                self.block_value(v, indent, false);
                continue;
            }
            self.block_value(v, indent, true);
        }
    }

    fn block_sequence(&mut self, l: &[Value], indent: usize) {
        for item in l {
            self.write_indent(indent);
            self.write("-");
            self.block_value(item, indent, false);
        }
    }

    /// A value after `key:` (in_mapping) or `-`.
    fn block_value(&mut self, v: &Value, indent: usize, in_mapping: bool) {
        match v {
            Value::Map(m) if self.is_block(v) => self.block_mapping(m, indent + 2),
            // Sequences in a mapping are not indented (indentless sequences).
            Value::List(l) if self.is_block(v) => {
                self.block_sequence(l, if in_mapping { indent } else { indent + 2 })
            }
            Value::Map(_) | Value::List(_) => {
                self.write(" ");
                self.flow(v, indent + 2);
            }
            s => {
                self.write(" ");
                self.scalar(s, indent + 2, false, true);
            }
        }
    }

    /// Flow collections, wrapping before an item once the column passes the width.
    fn flow(&mut self, v: &Value, indent: usize) {
        match v {
            Value::List(l) => {
                self.write("[");
                for (i, item) in l.iter().enumerate() {
                    if i > 0 {
                        self.write(",");
                    }
                    self.flow_item_sep(indent, i > 0);
                    self.flow_node(item, indent);
                }
                self.write("]");
            }
            Value::Map(m) => {
                self.write("{");
                for (i, (k, val)) in sorted(m).into_iter().enumerate() {
                    if i > 0 {
                        self.write(",");
                    }
                    self.flow_item_sep(indent, i > 0);
                    if is_simple_key(k) {
                        self.key(k, indent + 2, true);
                        self.write(":");
                    } else {
                        self.write("? ");
                        self.scalar(k, indent + 2, true, true);
                        if self.col > BEST_WIDTH {
                            self.write_indent(indent);
                        } else {
                            self.write(" ");
                        }
                        self.write(":");
                    }
                    if is_scalar(val) {
                        self.write(" ");
                    }
                    self.flow_node(val, indent);
                }
                self.write("}");
            }
            s => self.scalar(s, indent + 2, true, true),
        }
    }

    fn flow_item_sep(&mut self, indent: usize, after_comma: bool) {
        if self.col > BEST_WIDTH {
            self.write_indent(indent);
        } else if after_comma {
            self.write(" ");
        }
    }

    fn flow_node(&mut self, v: &Value, indent: usize) {
        match v {
            Value::Map(_) | Value::List(_) => self.flow(v, indent + 2),
            s => self.scalar(s, indent + 2, true, true),
        }
    }

    /// A mapping key: a "simple key" (never split; multi-line text is double-quoted).
    fn key(&mut self, k: &Value, indent: usize, in_flow: bool) {
        match k {
            Value::Str(s)
                if s.contains('\n') && matches!(choose_style(s, in_flow), Style::Single) =>
            {
                self.write_double(s, indent, false)
            }
            other => self.scalar(other, indent, in_flow, false),
        }
    }

    fn scalar(&mut self, v: &Value, indent: usize, in_flow: bool, split: bool) {
        match v {
            Value::Null => self.write("null"),
            Value::Bool(b) => self.write(if *b { "true" } else { "false" }),
            Value::Int(i) => self.write(&i.to_string()),
            Value::Float(f) => self.write(&float_text(*f)),
            Value::Str(s) => match choose_style(s, in_flow) {
                Style::Plain => self.write_plain(s, indent, split),
                Style::Single => self.write_single(s, indent, split),
                Style::Double => self.write_double(s, indent, split),
            },
            other => self.write(&other.py_str()),
        }
    }

    /// libyaml's `yaml_emitter_write_plain_scalar` (Salt dumps with `CSafeDumper`): a single
    /// space met once the column is past the width becomes a line break.
    fn write_plain(&mut self, text: &str, indent: usize, split: bool) {
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        for (i, &ch) in chars.iter().enumerate() {
            if ch == ' ' {
                if split && !spaces && self.col > BEST_WIDTH && chars.get(i + 1) != Some(&' ') {
                    self.write_indent(indent);
                } else {
                    self.write(" ");
                }
                spaces = true;
            } else {
                let mut buf = [0u8; 4];
                self.write(ch.encode_utf8(&mut buf));
                spaces = false;
            }
        }
    }

    /// libyaml's `yaml_emitter_write_single_quoted_scalar`.
    fn write_single(&mut self, text: &str, indent: usize, split: bool) {
        self.write("'");
        let chars: Vec<char> = text.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        let last = chars.len().saturating_sub(1);
        for (i, &ch) in chars.iter().enumerate() {
            if ch == ' ' {
                if split
                    && !spaces
                    && self.col > BEST_WIDTH
                    && i != 0
                    && i != last
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent(indent);
                } else {
                    self.write(" ");
                }
                spaces = true;
            } else if ch == '\n' {
                if !breaks {
                    self.line_break();
                }
                self.line_break();
                breaks = true;
            } else {
                if breaks {
                    self.write_indent(indent);
                }
                if ch == '\'' {
                    self.write("''");
                } else {
                    let mut buf = [0u8; 4];
                    self.write(ch.encode_utf8(&mut buf));
                }
                spaces = false;
                breaks = false;
            }
        }
        if breaks {
            self.write_indent(indent);
        }
        self.write("'");
    }

    /// libyaml's `yaml_emitter_write_double_quoted_scalar` with `allow_unicode=False`.
    fn write_double(&mut self, text: &str, indent: usize, split: bool) {
        self.write("\"");
        let chars: Vec<char> = text.chars().collect();
        let last = chars.len().saturating_sub(1);
        let mut spaces = false;
        for (i, &ch) in chars.iter().enumerate() {
            let printable_ascii = (' '..='~').contains(&ch);
            if !printable_ascii || ch == '"' || ch == '\\' {
                let data = match ch {
                    '\0' => "\\0".to_string(),
                    '\x07' => "\\a".into(),
                    '\x08' => "\\b".into(),
                    '\t' => "\\t".into(),
                    '\n' => "\\n".into(),
                    '\x0b' => "\\v".into(),
                    '\x0c' => "\\f".into(),
                    '\r' => "\\r".into(),
                    '\x1b' => "\\e".into(),
                    '"' => "\\\"".into(),
                    '\\' => "\\\\".into(),
                    '\u{85}' => "\\N".into(),
                    '\u{a0}' => "\\_".into(),
                    '\u{2028}' => "\\L".into(),
                    '\u{2029}' => "\\P".into(),
                    c if (c as u32) <= 0xff => format!("\\x{:02X}", c as u32),
                    c if (c as u32) <= 0xffff => format!("\\u{:04X}", c as u32),
                    c => format!("\\U{:08X}", c as u32),
                };
                self.write(&data);
                spaces = false;
            } else if ch == ' ' {
                if split && !spaces && self.col > BEST_WIDTH && i != 0 && i != last {
                    self.write_indent(indent);
                    if chars.get(i + 1) == Some(&' ') {
                        self.write("\\");
                    }
                } else {
                    self.write(" ");
                }
                spaces = true;
            } else {
                let mut buf = [0u8; 4];
                self.write(ch.encode_utf8(&mut buf));
                spaces = false;
            }
        }
        self.write("\"");
    }
}

fn float_text(f: f64) -> String {
    if f.is_nan() {
        return ".nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            ".inf".into()
        } else {
            "-.inf".into()
        };
    }
    let r = halite_value::py_float_repr(f).to_lowercase();
    if !r.contains('.') && r.contains('e') {
        r.replacen('e', ".0e", 1)
    } else {
        r
    }
}

/// Would PyYAML's implicit resolvers read this plain scalar as something other than a str?
fn resolves_to_non_str(s: &str) -> bool {
    use std::sync::OnceLock;
    static RE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(concat!(
            r"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF",
            r"|~|null|Null|NULL|<<|=",
            r"|[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+",
            r"|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+",
            r"|[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?",
            r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
            r"|[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]",
            r"|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?",
            r")$"
        ))
        .ok()
    });
    s.is_empty() || re.as_ref().is_some_and(|r| r.is_match(s))
}

enum Style {
    Plain,
    Single,
    Double,
}

/// PyYAML's `analyze_scalar` + `choose_scalar_style` for a str.
fn choose_style(s: &str, in_flow: bool) -> Style {
    let chars: Vec<char> = s.chars().collect();
    let mut flow_ind = false;
    let mut block_ind = false;
    let mut special = false;
    let mut line_breaks = false;
    let mut space_break = false;
    if s.starts_with("---") || s.starts_with("...") {
        flow_ind = true;
        block_ind = true;
    }
    let mut prev_space = false;
    let mut prev_break = false;
    let mut break_space = false;
    for (i, &ch) in chars.iter().enumerate() {
        let followed_ws = chars
            .get(i + 1)
            .is_none_or(|c| matches!(c, ' ' | '\t' | '\n'));
        let preceded_ws = i > 0 && matches!(chars[i - 1], ' ' | '\t' | '\n');
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(ch) {
                flow_ind = true;
                block_ind = true;
            }
            if ch == '?' || ch == ':' {
                flow_ind = true;
                if followed_ws {
                    block_ind = true;
                }
            }
            if ch == '-' && followed_ws {
                flow_ind = true;
                block_ind = true;
            }
        } else {
            if ",?[]{}".contains(ch) {
                flow_ind = true;
            }
            if ch == ':' {
                flow_ind = true;
                if followed_ws {
                    block_ind = true;
                }
            }
            if ch == '#' && preceded_ws {
                flow_ind = true;
                block_ind = true;
            }
        }
        if ch == '\n' {
            line_breaks = true;
            if prev_space {
                space_break = true;
            }
        } else if !(' '..='~').contains(&ch) {
            special = true;
        }
        if ch == ' ' && prev_break {
            break_space = true;
        }
        prev_space = ch == ' ';
        prev_break = ch == '\n';
    }
    let leading_space = chars.first() == Some(&' ');
    let trailing_space = chars.last() == Some(&' ');
    let leading_break = chars.first() == Some(&'\n');
    let trailing_break = chars.last() == Some(&'\n');
    let mut allow_plain = !(leading_space
        || trailing_space
        || leading_break
        || trailing_break
        || line_breaks
        || special);
    if (in_flow && flow_ind) || (!in_flow && block_ind) {
        allow_plain = false;
    }
    if allow_plain && !resolves_to_non_str(s) {
        return Style::Plain;
    }
    if !special && !space_break && !break_space {
        return Style::Single;
    }
    Style::Double
}
