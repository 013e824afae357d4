//! Source rewriting done before minijinja parses a template, keeping every line where it
//! was (so error line numbers stay right):
//!
//! - Salt's `SerializerExtension` tags: `{% import_yaml X as y %}` becomes
//!   `{% import X as y %}{% set y = y|load_yaml %}` (what Salt's `parse_import` builds), and
//!   `{% load_yaml as y %}...{% endload %}` becomes a captured `{% set %}` block piped to
//!   `load_yaml` (Salt builds a macro and calls it; same text, same context).
//! - dict and list literals are wrapped in `__m(...)` so they become mutable objects
//!   (Python semantics for `.update()`, `.append()`...).
//! - `'fmt' % args` (Python string formatting, which minijinja lacks) becomes
//!   `__pyfmt('fmt', args)` when the left operand is a string literal.

mod custom;
mod expr;

use expr::rewrite_expr;

/// The template syntax the source is written in: Jinja2's `{% %}`, `{{ }}`, `{# #}` or the
/// environment options `block_start_string` and the like.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delims {
    pub block_start: String,
    pub block_end: String,
    pub variable_start: String,
    pub variable_end: String,
    pub comment_start: String,
    pub comment_end: String,
    /// `line_statement_prefix`, `line_comment_prefix` (empty: none).
    pub line_statement_prefix: String,
    pub line_comment_prefix: String,
}

impl Delims {
    /// Jinja2's defaults.
    pub fn jinja2() -> &'static Delims {
        static D: std::sync::OnceLock<Delims> = std::sync::OnceLock::new();
        D.get_or_init(|| Delims {
            block_start: "{%".into(),
            block_end: "%}".into(),
            variable_start: "{{".into(),
            variable_end: "}}".into(),
            comment_start: "{#".into(),
            comment_end: "#}".into(),
            line_statement_prefix: String::new(),
            line_comment_prefix: String::new(),
        })
    }

    /// The delimiters of a minijinja syntax configuration.
    pub fn of_syntax(syntax: &minijinja::syntax::SyntaxConfig) -> Delims {
        let (bs, be) = syntax.block_delimiters();
        let (vs, ve) = syntax.variable_delimiters();
        let (cs, ce) = syntax.comment_delimiters();
        Delims {
            block_start: bs.into(),
            block_end: be.into(),
            variable_start: vs.into(),
            variable_end: ve.into(),
            comment_start: cs.into(),
            comment_end: ce.into(),
            line_statement_prefix: syntax.line_statement_prefix().unwrap_or_default().into(),
            line_comment_prefix: syntax.line_comment_prefix().unwrap_or_default().into(),
        }
    }

    pub fn is_jinja2(&self) -> bool {
        self == Delims::jinja2()
    }
}

/// Rewrites a whole template source written in `d`'s syntax.
pub fn preprocess_with(src: &str, d: &Delims) -> String {
    if d.is_jinja2() {
        preprocess(src)
    } else {
        custom::preprocess(src, d)
    }
}

/// Rewrites a whole template source.
pub fn preprocess(src: &str) -> String {
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    let mut loads: Vec<(String, String)> = Vec::new();
    let mut rest = src;
    while let Some(pos) = find_tag_start(rest) {
        out.push_str(&rest[..pos]);
        rest = &rest[pos..];
        let kind = &rest[..2];
        match kind {
            "{#" => {
                let end = rest.find("#}").map(|e| e + 2).unwrap_or(rest.len());
                out.push_str(&rest[..end]);
                rest = &rest[end..];
            }
            _ => {
                let close = if kind == "{{" { "}}" } else { "%}" };
                let body_start = 2 + marker_len(&rest[2..]);
                let end = find_close(rest, body_start, close);
                let open = &rest[..body_start];
                let (body, close_marker) = split_close_marker(&rest[body_start..end]);
                let tag_end = (end + 2).min(rest.len());
                if kind == "{%" && first_word(body) == "raw" {
                    let raw_end = find_endraw(rest, tag_end);
                    out.push_str(&rest[..raw_end]);
                    rest = &rest[raw_end..];
                    continue;
                }
                if kind == "{%" {
                    let close_full = format!("{close_marker}{close}");
                    out.push_str(&rewrite_block(
                        open,
                        body,
                        &close_full,
                        &mut loads,
                        Delims::jinja2(),
                    ));
                } else {
                    // `{{ ... }}`, the most common tag: no intermediate strings.
                    out.push_str(open);
                    out.push_str(&rewrite_expr(body));
                    out.push_str(close_marker);
                    out.push_str(close);
                }
                rest = &rest[tag_end..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn find_tag_start(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut from = 0;
    // `str::find` on a char is a memchr over the text between tags.
    while let Some(at) = s[from..].find('{') {
        let i = from + at;
        if matches!(b.get(i + 1), Some(b'{' | b'%' | b'#')) {
            return Some(i);
        }
        from = i + 1;
    }
    None
}

pub(super) fn marker_len(s: &str) -> usize {
    usize::from(s.starts_with('-') || s.starts_with('+'))
}

/// Index of the closing delimiter `close` (any syntax's: `%}`, `>>`, a line statement's
/// newline) in `s` from `from`, outside string literals and brackets; `s.len()` when there
/// is none. Bytes are compared, so a non-ASCII character never splits a slice.
pub(super) fn find_close(s: &str, from: usize, close: &str) -> usize {
    let b = s.as_bytes();
    let close = close.as_bytes();
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        if depth == 0 && b[i..].starts_with(close) {
            return i;
        }
        match b[i] {
            q @ (b'\'' | b'"') => {
                i += 1;
                while i < b.len() && b[i] != q {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    s.len()
}

/// Splits a trailing `-`/`+` whitespace marker off a tag body.
pub(super) fn split_close_marker(body: &str) -> (&str, &str) {
    if let Some(stripped) = body.strip_suffix('-') {
        (stripped, "-")
    } else if let Some(stripped) = body.strip_suffix('+') {
        (stripped, "+")
    } else {
        (body, "")
    }
}

pub(super) fn first_word(body: &str) -> &str {
    let t = body.trim_start();
    let end = t
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(t.len());
    &t[..end]
}

fn find_endraw(s: &str, from: usize) -> usize {
    let mut i = from;
    while let Some(p) = s[i..].find("{%") {
        let start = i + p;
        let body_start = start + 2 + marker_len(&s[start + 2..]);
        let end = find_close(s, body_start, "%}");
        if first_word(&s[body_start..end]) == "endraw" {
            return (end + 2).min(s.len());
        }
        i = start + 2;
    }
    s.len()
}

/// Rewrites one `{% ... %}` tag; `loads` tracks open `load_*` blocks.
pub(super) fn rewrite_block(
    open: &str,
    body: &str,
    close: &str,
    loads: &mut Vec<(String, String)>,
    d: &Delims,
) -> String {
    let (bs, be) = (d.block_start.as_str(), d.block_end.as_str());
    let word = first_word(body);
    let after = body.trim_start()[word.len()..].to_string();
    match word {
        "import_yaml" | "import_json" | "import_text" => {
            let fmt = &word["import_".len()..];
            match split_as(&after) {
                Some((src, target)) => {
                    let src = rewrite_expr(src.trim());
                    let src = if has_with_context(&after) {
                        src.into_owned()
                    } else {
                        format!("__nc({src})")
                    };
                    format!("{open} import {src} as {target} {be}{bs} set {target} = {target}|load_{fmt} {close}")
                }
                None => format!("{open}{}{close}", rewrite_expr(body)),
            }
        }
        "load_yaml" | "load_json" | "load_text" => {
            let target = after
                .trim()
                .strip_prefix("as")
                .map(str::trim)
                .unwrap_or("")
                .to_string();
            loads.push((word.to_string(), target.clone()));
            format!("{open} set {target} {close}")
        }
        "endload" => match loads.pop() {
            Some((filter, target)) => {
                format!("{open} endset {be}{bs} set {target} = {target}|{filter} {close}")
            }
            None => format!("{open}{body}{close}"),
        },
        // Jinja2's `do` takes any expression, minijinja's only a call.
        "do" => format!("{open} set __do = {}{close}", rewrite_expr(&after)),
        "import" | "from" if !has_with_context(&after) => {
            let sep = if word == "import" { " as " } else { " import " };
            match after.find(sep) {
                Some(i) => format!(
                    "{open} {word} __nc({}){} {close}",
                    rewrite_expr(after[..i].trim()),
                    &after[i..]
                ),
                None => format!("{open}{}{close}", rewrite_expr(body)),
            }
        }
        _ => format!("{open}{}{close}", rewrite_expr(body)),
    }
}

fn has_with_context(s: &str) -> bool {
    let words: Vec<&str> = s.split_whitespace().collect();
    words.windows(2).any(|w| w == ["with", "context"])
}

/// Marks a template name imported without context: Jinja2 renders such a module with the
/// environment globals only, where Salt's loader has just set `tpldir`/`tplfile`/`tpldot` to
/// the imported file's own (see `loader.rs`).
pub const NO_CONTEXT_PREFIX: &str = "\u{1}nc:";

/// `'x.yaml' as name [with context]` -> (`'x.yaml'`, `name`).
fn split_as(s: &str) -> Option<(String, String)> {
    let idx = s.rfind(" as ")?;
    let src = s[..idx].to_string();
    let mut target = s[idx + 4..].trim();
    for suffix in ["with context", "without context"] {
        if let Some(t) = target.strip_suffix(suffix) {
            target = t.trim();
        }
    }
    Some((src, target.to_string()))
}

#[cfg(test)]
mod tests {
    use super::{find_close, preprocess};

    #[test]
    fn a_closing_delimiter_is_found_past_non_ascii_text() {
        // Any syntax's closer, with multi-byte characters before it outside quotes (a
        // byte-wise scan that sliced the text there would split a character).
        assert_eq!(find_close("set café = 1 %>", 0, "%>"), 14);
        assert_eq!(find_close("é ~ \"%>\" %>x", 0, "%>"), 10);
        assert_eq!(find_close("ü line\nnext", 0, "\n"), 7);
        assert_eq!(find_close("{'a': '}}'} }}", 0, "}}"), 12);
    }

    #[test]
    fn wraps_literals() {
        assert_eq!(preprocess("{% set a = {} %}"), "{% set a = __m({}) %}");
        assert_eq!(preprocess("{{ x['a'] }}"), "{{ x['a'] }}");
        assert_eq!(preprocess("{{ [1, [2]] }}"), "{{ __m([1, __m([2])]) }}");
        assert_eq!(preprocess("{{ {'a': 1}}}"), "{{ __m({'a': 1})}}");
        assert_eq!(preprocess("{% for x in [1] %}"), "{% for x in __m([1]) %}");
    }

    #[test]
    fn python_format() {
        assert_eq!(
            preprocess("{{ '%s-%s' % (a, b) }}"),
            "{{ __pyfmt('%s-%s', (a, b)) }}"
        );
        assert_eq!(
            preprocess("{{ 'a' ~ '%d' % x.y|int }}"),
            "{{ 'a' ~ __pyfmt('%d', x.y|int) }}"
        );
    }

    #[test]
    fn serializer_tags() {
        assert_eq!(
            preprocess("{%- import_yaml 'a.yaml' as d -%}"),
            "{%- import __nc('a.yaml') as d %}{% set d = d|load_yaml -%}"
        );
        assert_eq!(
            preprocess("{% load_yaml as d %}\na: 1\n{% endload %}"),
            "{% set d %}\na: 1\n{% endset %}{% set d = d|load_yaml %}"
        );
    }

    #[test]
    fn raw_and_comments_untouched() {
        let s = "{% raw %}{{ {} }}{% endraw %}{# {} #}";
        assert_eq!(preprocess(s), s);
    }
}
