//! YAML dumpers as Salt calls them.
//!
//! Salt's `salt.utils.yaml.safe_dump` goes through `SafeOrderedDumper`, a subclass of
//! PyYAML's `CSafeDumper`: PyYAML's `SafeRepresenter` and resolver decide tags, implicit
//! flags and flow styles, and **libyaml's emitter** (emitter.c) writes the text. This module
//! mirrors that pair. `yaml_dquote`/`yaml_squote` use PyYAML's pure-Python `Emitter`
//! directly (salt/utils/yamlencoding.py) and are mirrored separately at the end.

use crate::resolve::resolve11;
use halite_value::{py_float_repr, Value};

/// `yaml.dump` keyword arguments that Salt passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DumpOptions {
    /// `default_flow_style`: `Some(true)` flow everywhere, `Some(false)` block everywhere,
    /// `None` flow only for collections of plain scalars (PyYAML's "best style").
    pub default_flow_style: Option<bool>,
    /// `indent` (PyYAML uses 2 unless 1 < indent < 10).
    pub indent: usize,
    /// `allow_unicode`: write non-ASCII text as is instead of `\u` escapes.
    pub allow_unicode: bool,
    /// `sort_keys` applies to plain Python dicts only. Salt's OrderedDicts keep their
    /// order; dicts built in Python (state returns, Jinja literals) are sorted.
    pub sort_keys: bool,
    /// `width` (80 unless larger than twice the indent).
    pub width: usize,
}

impl Default for DumpOptions {
    /// `salt.utils.yaml.safe_dump(data)` on ordered data: flow style None, indent 2,
    /// allow_unicode True, insertion order.
    fn default() -> Self {
        DumpOptions {
            default_flow_style: None,
            indent: 2,
            allow_unicode: true,
            sort_keys: false,
            width: 80,
        }
    }
}

/// `salt.utils.yaml.safe_dump(v, **opts)`: the YAML text, ending in a newline.
pub fn dump(v: &Value, opts: DumpOptions) -> String {
    let node = represent(v, &opts);
    let mut e = Emitter::new(&opts);
    e.emit_node(&node, Ctx::default());
    // document end: libyaml writes an indent (a final line break) and no `...`.
    e.write_indent();
    e.out
}

/// `yaml.dump`'s document and scalar options besides [`DumpOptions`].
#[derive(Debug, Clone, Copy, Default)]
pub struct DocOptions {
    /// `explicit_start`: the document begins with `---`.
    pub explicit_start: bool,
    /// `explicit_end`: the document ends with `...`.
    pub explicit_end: bool,
    /// `default_style`: every scalar in this quoting style (`'"'` or `'\''`).
    pub default_style: Option<char>,
}

/// `yaml.dump(v, **opts)` with the document options: the YAML text, ending in a newline.
pub fn dump_document(v: &Value, opts: DumpOptions, doc: DocOptions) -> String {
    let node = represent(v, &opts);
    let mut e = Emitter::new(&opts);
    e.default_style = doc.default_style;
    if doc.explicit_start {
        e.write_indicator("---", true, false, false);
    }
    e.emit_node(&node, Ctx::default());
    e.write_indent();
    if doc.explicit_end {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    e.out
}

/// `{{ v|yaml }}` (Salt's `format_yaml`, flow_style=True): flow style, stripped.
/// `sort_keys` should be true for plain dicts (e.g. a Jinja dict literal) and false for
/// ordered data (YAML-rendered pillar and SLS data).
pub fn salt_yaml_filter(v: &Value, sort_keys: bool) -> String {
    let opts = DumpOptions {
        default_flow_style: Some(true),
        sort_keys,
        ..DumpOptions::default()
    };
    let text = dump(v, opts);
    let text = text.trim_matches(|c: char| c.is_whitespace());
    text.strip_suffix("\n...").unwrap_or(text).to_string()
}

/// `salt-call --out yaml`: `safe_dump(data, default_flow_style=False)`. The data is made of
/// plain dicts, so keys are sorted.
pub fn salt_yaml_outputter(v: &Value) -> String {
    dump(
        v,
        DumpOptions {
            default_flow_style: Some(false),
            sort_keys: true,
            ..DumpOptions::default()
        },
    )
}

/// `salt.serializers.yaml.serialize` (file.serialize / `serializer: yaml`): flow style
/// None, ASCII only, keys sorted (its Dumper represents OrderedDicts as dicts), and the
/// final newline removed.
pub fn salt_serializer_yaml(v: &Value) -> String {
    let opts = DumpOptions {
        allow_unicode: false,
        sort_keys: true,
        ..DumpOptions::default()
    };
    let mut text = dump(v, opts);
    if text.ends_with("\n...\n") {
        text.truncate(text.len() - 5);
    } else if text.ends_with('\n') {
        text.pop();
    }
    text
}

// ---- representer -------------------------------------------------------------------------

enum Node {
    Scalar {
        value: String,
        plain_implicit: bool,
        quoted_implicit: bool,
    },
    Seq {
        items: Vec<Node>,
        flow: bool,
    },
    Map {
        pairs: Vec<(Node, Node)>,
        flow: bool,
    },
}

impl Node {
    fn is_plain_scalar(&self) -> bool {
        // SafeRepresenter never sets a scalar style, so every scalar counts as "plain" for
        // the best-style computation.
        matches!(self, Node::Scalar { .. })
    }
}

/// `SafeRepresenter.represent_float`.
fn represent_float(f: f64) -> String {
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
    let r = py_float_repr(f).to_lowercase();
    if !r.contains('.') && r.contains('e') {
        r.replacen('e', ".0e", 1)
    } else {
        r
    }
}

/// The scalar text and tag PyYAML's SafeRepresenter gives a non-collection value.
fn scalar_text(v: &Value) -> Option<(String, &'static str)> {
    Some(match v {
        Value::Null => ("null".into(), "tag:yaml.org,2002:null"),
        Value::Bool(b) => (
            (if *b { "true" } else { "false" }).into(),
            "tag:yaml.org,2002:bool",
        ),
        Value::Int(i) => (i.to_string(), "tag:yaml.org,2002:int"),
        Value::Float(f) => (represent_float(*f), "tag:yaml.org,2002:float"),
        Value::Str(s) => (s.to_string(), "tag:yaml.org,2002:str"),
        Value::List(_) | Value::Map(_) => return None,
    })
}

fn represent(v: &Value, opts: &DumpOptions) -> Node {
    match v {
        Value::List(items) => {
            let items: Vec<Node> = items.iter().map(|i| represent(i, opts)).collect();
            let best = items.iter().all(Node::is_plain_scalar);
            Node::Seq {
                items,
                flow: opts.default_flow_style.unwrap_or(best),
            }
        }
        Value::Map(m) => {
            let mut entries: Vec<(&Value, &Value)> = m.iter().collect();
            if opts.sort_keys {
                sort_entries(&mut entries);
            }
            let pairs: Vec<(Node, Node)> = entries
                .into_iter()
                .map(|(k, v)| (represent(k, opts), represent(v, opts)))
                .collect();
            let best = pairs
                .iter()
                .all(|(k, v)| k.is_plain_scalar() && v.is_plain_scalar());
            Node::Map {
                pairs,
                flow: opts.default_flow_style.unwrap_or(best),
            }
        }
        scalar => {
            let (value, tag) = scalar_text(scalar).unwrap_or_default();
            // The serializer's implicit flags: would the resolver give this tag back?
            let plain_implicit = resolve11(&value) == tag;
            let quoted_implicit = tag == "tag:yaml.org,2002:str";
            Node::Scalar {
                value,
                plain_implicit,
                quoted_implicit,
            }
        }
    }
}

/// Python's `sorted(mapping.items())`: only when all keys are mutually comparable (all
/// strings, or all numbers/bools); otherwise `TypeError` and the order is kept.
fn sort_entries(entries: &mut [(&Value, &Value)]) {
    let all_str = entries.iter().all(|(k, _)| matches!(k, Value::Str(_)));
    let all_num = entries
        .iter()
        .all(|(k, _)| matches!(k, Value::Int(_) | Value::Float(_) | Value::Bool(_)));
    if all_str {
        entries.sort_by(|a, b| a.0.as_str().cmp(&b.0.as_str()));
    } else if all_num {
        entries.sort_by(|a, b| {
            num(a.0)
                .partial_cmp(&num(b.0))
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    }
}

fn num(v: &Value) -> f64 {
    match v {
        Value::Int(i) => *i as f64,
        Value::Float(f) => *f,
        Value::Bool(b) => f64::from(u8::from(*b)),
        _ => 0.0,
    }
}

// ---- scalar analysis (libyaml yaml_emitter_analyze_scalar) ------------------------------

#[derive(Debug, Clone, Copy, Default)]
struct Analysis {
    multiline: bool,
    flow_plain: bool,
    block_plain: bool,
    single_quoted: bool,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn is_blankz(c: Option<char>) -> bool {
    c.is_none_or(|c| matches!(c, ' ' | '\t' | '\0') || is_break(c))
}

/// libyaml's IS_PRINTABLE (UTF-8 up to 3 bytes only: astral characters are escaped).
fn is_printable(c: char) -> bool {
    matches!(c, '\n' | '\u{20}'..='\u{7e}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        && c != '\u{feff}'
}

fn analyze(s: &str, unicode: bool) -> Analysis {
    if s.is_empty() {
        return Analysis {
            multiline: false,
            flow_plain: false,
            block_plain: true,
            single_quoted: true,
        };
    }
    let chars: Vec<char> = s.chars().collect();
    let mut block_ind = false;
    let mut flow_ind = false;
    let (mut line_breaks, mut special) = (false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) =
        (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let (mut prev_space, mut prev_break) = (false, false);
    let mut tabs = false;
    if s.starts_with("---") || s.starts_with("...") {
        block_ind = true;
        flow_ind = true;
    }
    let mut preceded_by_ws = true;
    let last = chars.len() - 1;
    for (i, &c) in chars.iter().enumerate() {
        let followed_by_ws = is_blankz(chars.get(i + 1).copied());
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(c) {
                flow_ind = true;
                block_ind = true;
            }
            if c == '?' || c == ':' {
                flow_ind = true;
                block_ind |= followed_by_ws;
            }
            if c == '-' && followed_by_ws {
                flow_ind = true;
                block_ind = true;
            }
        } else {
            if ",?[]{}".contains(c) {
                flow_ind = true;
            }
            if c == ':' {
                flow_ind = true;
                block_ind |= followed_by_ws;
            }
            if c == '#' && preceded_by_ws {
                flow_ind = true;
                block_ind = true;
            }
        }
        if !is_printable(c) || (!c.is_ascii() && !unicode) {
            special = true;
        }
        if c == '\t' {
            tabs = true;
        }
        if is_break(c) {
            line_breaks = true;
        }
        if c == ' ' {
            leading_space |= i == 0;
            trailing_space |= i == last;
            break_space |= prev_break;
            prev_space = true;
            prev_break = false;
        } else if is_break(c) {
            leading_break |= i == 0;
            trailing_break |= i == last;
            space_break |= prev_space;
            prev_break = true;
            prev_space = false;
        } else {
            prev_space = false;
            prev_break = false;
        }
        preceded_by_ws = is_blankz(Some(c));
    }
    let mut a = Analysis {
        multiline: line_breaks,
        flow_plain: true,
        block_plain: true,
        single_quoted: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.flow_plain = false;
        a.block_plain = false;
    }
    if break_space || space_break || tabs || special {
        a.flow_plain = false;
        a.block_plain = false;
        a.single_quoted = false;
    }
    if line_breaks {
        a.flow_plain = false;
        a.block_plain = false;
    }
    if flow_ind {
        a.flow_plain = false;
    }
    if block_ind {
        a.block_plain = false;
    }
    a
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Single,
    Double,
}

// ---- emitter (libyaml emitter.c) ------------------------------------------------------------

#[derive(Debug, Clone, Copy, Default)]
struct Ctx {
    mapping: bool,
    simple_key: bool,
}

struct Emitter {
    out: String,
    column: usize,
    whitespace: bool,
    indention: bool,
    /// None is libyaml's -1.
    indent: Option<usize>,
    indents: Vec<Option<usize>>,
    flow_level: usize,
    best_indent: usize,
    best_width: usize,
    unicode: bool,
    /// `default_style`: the representer's style for every scalar.
    default_style: Option<char>,
}

impl Emitter {
    fn new(opts: &DumpOptions) -> Emitter {
        let best_indent = if (2..10).contains(&opts.indent) {
            opts.indent
        } else {
            2
        };
        let best_width = if opts.width > best_indent * 2 {
            opts.width
        } else {
            80
        };
        Emitter {
            out: String::new(),
            column: 0,
            whitespace: true,
            indention: true,
            indent: None,
            indents: Vec::new(),
            flow_level: 0,
            best_indent,
            best_width,
            unicode: opts.allow_unicode,
            default_style: None,
        }
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        self.indent = match self.indent {
            None => Some(if flow { self.best_indent } else { 0 }),
            Some(i) if !indentless => Some(i + self.best_indent),
            same => same,
        };
    }

    fn pop_indent(&mut self) {
        self.indent = self.indents.pop().unwrap_or(None);
    }

    fn put(&mut self, s: &str) {
        self.out.push_str(s);
        self.column += s.chars().count();
    }

    fn put_char(&mut self, c: char) {
        self.out.push(c);
        self.column += 1;
    }

    fn put_break(&mut self) {
        self.out.push('\n');
        self.column = 0;
    }

    fn write_indicator(&mut self, ind: &str, need_ws: bool, is_ws: bool, is_indention: bool) {
        if need_ws && !self.whitespace {
            self.put_char(' ');
        }
        self.put(ind);
        self.whitespace = is_ws;
        self.indention = self.indention && is_indention;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.put_break();
        }
        while self.column < indent {
            self.put_char(' ');
        }
        self.whitespace = true;
        self.indention = true;
    }

    fn emit_node(&mut self, node: &Node, ctx: Ctx) {
        match node {
            Node::Scalar {
                value,
                plain_implicit,
                quoted_implicit,
            } => self.emit_scalar(value, *plain_implicit, *quoted_implicit, ctx),
            Node::Seq { items, flow } => {
                if self.flow_level > 0 || *flow || items.is_empty() {
                    self.emit_flow_sequence(items);
                } else {
                    self.emit_block_sequence(items, ctx);
                }
            }
            Node::Map { pairs, flow } => {
                if self.flow_level > 0 || *flow || pairs.is_empty() {
                    self.emit_flow_mapping(pairs);
                } else {
                    self.emit_block_mapping(pairs);
                }
            }
        }
    }

    fn emit_flow_sequence(&mut self, items: &[Node]) {
        self.write_indicator("[", true, true, false);
        self.increase_indent(true, false);
        self.flow_level += 1;
        for (i, item) in items.iter().enumerate() {
            if i > 0 {
                self.write_indicator(",", false, false, false);
            }
            if self.column > self.best_width {
                self.write_indent();
            }
            self.emit_node(item, Ctx::default());
        }
        self.flow_level -= 1;
        self.pop_indent();
        self.write_indicator("]", false, false, false);
    }

    fn emit_flow_mapping(&mut self, pairs: &[(Node, Node)]) {
        self.write_indicator("{", true, true, false);
        self.increase_indent(true, false);
        self.flow_level += 1;
        for (i, (k, v)) in pairs.iter().enumerate() {
            if i > 0 {
                self.write_indicator(",", false, false, false);
            }
            if self.column > self.best_width {
                self.write_indent();
            }
            if self.check_simple_key(k) {
                self.emit_node(
                    k,
                    Ctx {
                        mapping: true,
                        simple_key: true,
                    },
                );
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, false);
                self.emit_node(
                    k,
                    Ctx {
                        mapping: true,
                        ..Ctx::default()
                    },
                );
                if self.column > self.best_width {
                    self.write_indent();
                }
                self.write_indicator(":", true, false, false);
            }
            self.emit_node(
                v,
                Ctx {
                    mapping: true,
                    ..Ctx::default()
                },
            );
        }
        self.flow_level -= 1;
        self.pop_indent();
        self.write_indicator("}", false, false, false);
    }

    fn emit_block_sequence(&mut self, items: &[Node], ctx: Ctx) {
        // A sequence that is a mapping value is not indented ("indentless").
        self.increase_indent(false, ctx.mapping && !self.indention);
        for item in items {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.emit_node(item, Ctx::default());
        }
        self.pop_indent();
    }

    fn emit_block_mapping(&mut self, pairs: &[(Node, Node)]) {
        self.increase_indent(false, false);
        for (k, v) in pairs {
            self.write_indent();
            if self.check_simple_key(k) {
                self.emit_node(
                    k,
                    Ctx {
                        mapping: true,
                        simple_key: true,
                    },
                );
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.emit_node(
                    k,
                    Ctx {
                        mapping: true,
                        ..Ctx::default()
                    },
                );
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.emit_node(
                v,
                Ctx {
                    mapping: true,
                    ..Ctx::default()
                },
            );
        }
        self.pop_indent();
    }

    /// libyaml `yaml_emitter_check_simple_key`: single-line scalars up to 128 bytes and
    /// empty collections.
    fn check_simple_key(&self, key: &Node) -> bool {
        match key {
            Node::Scalar { value, .. } => {
                let a = analyze(value, self.unicode);
                !a.multiline && value.len() <= 128
            }
            Node::Seq { items, .. } => items.is_empty(),
            Node::Map { pairs, .. } => pairs.is_empty(),
        }
    }

    /// libyaml `yaml_emitter_select_scalar_style`.
    fn choose_style(&self, a: &Analysis, value: &str, plain_implicit: bool, ctx: Ctx) -> Style {
        let mut style = match self.default_style {
            Some('"') => Style::Double,
            Some(_) => Style::Single,
            None => Style::Plain,
        };
        if ctx.simple_key && a.multiline {
            style = Style::Double;
        }
        if style == Style::Plain {
            let flow = self.flow_level > 0;
            if (flow && !a.flow_plain) || (!flow && !a.block_plain) {
                style = Style::Single;
            }
            if value.is_empty() && (flow || ctx.simple_key) {
                style = Style::Single;
            }
            if !plain_implicit {
                style = Style::Single;
            }
        }
        if style == Style::Single && !a.single_quoted {
            style = Style::Double;
        }
        style
    }

    fn emit_scalar(&mut self, value: &str, plain_implicit: bool, quoted_implicit: bool, ctx: Ctx) {
        let a = analyze(value, self.unicode);
        let style = self.choose_style(&a, value, plain_implicit, ctx);
        if style != Style::Plain && !quoted_implicit {
            // libyaml then writes the non-specific tag `!`.
            self.write_indicator("!", true, false, false);
        }
        self.increase_indent(true, false);
        let split = !ctx.simple_key;
        match style {
            Style::Plain => self.write_plain(value, split),
            Style::Single => self.write_single_quoted(value, split),
            Style::Double => self.write_double_quoted(value, split),
        }
        self.pop_indent();
    }

    fn write_plain(&mut self, text: &str, allow_breaks: bool) {
        if !self.whitespace && (!text.is_empty() || self.flow_level > 0) {
            self.put_char(' ');
        }
        let chars: Vec<char> = text.chars().collect();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > self.best_width
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put_char(c);
                }
                spaces = true;
            } else {
                self.put_char(c);
                self.indention = false;
                spaces = false;
            }
        }
        self.whitespace = false;
        self.indention = false;
    }

    fn write_single_quoted(&mut self, text: &str, allow_breaks: bool) {
        self.write_indicator("'", true, false, false);
        let chars: Vec<char> = text.chars().collect();
        let (mut spaces, mut breaks) = (false, false);
        let n = chars.len();
        for (i, &c) in chars.iter().enumerate() {
            if c == ' ' {
                if allow_breaks
                    && !spaces
                    && self.column > self.best_width
                    && i != 0
                    && i != n - 1
                    && chars.get(i + 1) != Some(&' ')
                {
                    self.write_indent();
                } else {
                    self.put_char(c);
                }
                spaces = true;
            } else if is_break(c) {
                if !breaks && c == '\n' {
                    self.put_break();
                }
                self.write_break(c);
                self.indention = true;
                breaks = true;
            } else {
                if breaks {
                    self.write_indent();
                }
                if c == '\'' {
                    self.put_char('\'');
                }
                self.put_char(c);
                self.indention = false;
                spaces = false;
                breaks = false;
            }
        }
        if breaks {
            self.write_indent();
        }
        self.write_indicator("'", false, false, false);
    }

    /// libyaml WRITE_BREAK: `\n` as is, other breaks as themselves.
    fn write_break(&mut self, c: char) {
        if c == '\n' {
            self.put_break();
        } else {
            self.out.push(c);
            self.column = 0;
        }
    }

    fn write_double_quoted(&mut self, text: &str, allow_breaks: bool) {
        self.write_indicator("\"", true, false, false);
        let chars: Vec<char> = text.chars().collect();
        let n = chars.len();
        let mut spaces = false;
        for (i, &c) in chars.iter().enumerate() {
            let escape = !is_printable(c)
                || (!self.unicode && !c.is_ascii())
                || is_break(c)
                || c == '"'
                || c == '\\';
            if escape {
                let esc = escape_char(c, true);
                self.put(&esc);
                spaces = false;
            } else if c == ' ' {
                if allow_breaks && !spaces && self.column > self.best_width && i != 0 && i != n - 1
                {
                    self.write_indent();
                    if chars.get(i + 1) == Some(&' ') {
                        self.put_char('\\');
                    }
                } else {
                    self.put_char(c);
                }
                spaces = true;
            } else {
                self.put_char(c);
                spaces = false;
            }
        }
        self.write_indicator("\"", false, false, false);
    }
}

/// A double-quoted escape, uppercase hex as both emitters write it.
fn escape_char(c: char, libyaml: bool) -> String {
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
        '\u{a0}' => "_",
        '\u{2028}' => "L",
        '\u{2029}' => "P",
        _ => "",
    };
    let _ = libyaml;
    if !short.is_empty() {
        return format!("\\{short}");
    }
    let cp = c as u32;
    if cp <= 0xff {
        format!("\\x{cp:02X}")
    } else if cp <= 0xffff {
        format!("\\u{cp:04X}")
    } else {
        format!("\\U{cp:08X}")
    }
}

// ---- salt.utils.yamlencoding (PyYAML's Python Emitter, width = sys.maxsize) --------------

/// `yaml_dquote`: `Emitter.write_double_quoted(str(text))` with allow_unicode off, so every
/// non-ASCII character is escaped; no line folding (infinite width).
pub fn yaml_dquote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        let plain = (' '..='~').contains(&c) && c != '"' && c != '\\';
        if plain {
            out.push(c);
        } else {
            out.push_str(&escape_char(c, false));
        }
    }
    out.push('"');
    out
}

/// `yaml_squote`: `Emitter.write_single_quoted(str(text))`: quotes doubled, line breaks
/// written YAML-style (a lone `\n` becomes a blank line), nothing escaped.
pub fn yaml_squote(text: &str) -> String {
    let mut out = String::from("'");
    let chars: Vec<char> = text.chars().collect();
    let mut start = 0;
    let mut end = 0;
    let (mut spaces, mut breaks) = (false, false);
    while end <= chars.len() {
        let ch = chars.get(end).copied();
        if spaces {
            if ch != Some(' ') {
                out.extend(&chars[start..end]);
                start = end;
            }
        } else if breaks {
            if !ch.is_some_and(is_py_break) {
                if chars.get(start) == Some(&'\n') {
                    out.push('\n');
                }
                for &br in &chars[start..end] {
                    out.push(br);
                }
                // write_indent at indent 0 writes nothing after a line break
                start = end;
            }
        } else if (ch.is_none() || ch.is_some_and(|c| c == ' ' || is_py_break(c) || c == '\''))
            && start < end
        {
            out.extend(&chars[start..end]);
            start = end;
        }
        if ch == Some('\'') {
            out.push_str("''");
            start = end + 1;
        }
        if let Some(c) = ch {
            spaces = c == ' ';
            breaks = is_py_break(c);
        }
        end += 1;
    }
    out.push('\'');
    out
}

fn is_py_break(c: char) -> bool {
    matches!(c, '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// `yaml_encode`: a scalar as YAML text: strings double-quoted (`yaml_dquote`), other
/// scalars as the representer writes them (`true`, `null`, `1.0e+20`). Collections are an
/// error in Salt (TypeError).
pub fn yaml_encode(v: &Value) -> Option<String> {
    match v {
        Value::Str(s) => Some(yaml_dquote(s)),
        other => scalar_text(other).map(|(t, _)| t),
    }
}
