//! The preprocessor for a template in a syntax of its own (Jinja2's `block_start_string`,
//! `variable_start_string`, `comment_start_string` and their ends, `line_statement_prefix`,
//! `line_comment_prefix`): the same rewrites as for Jinja2's delimiters, found with these.
//! A line statement gets the expression rewrites; Salt's `import_yaml`/`load_yaml` tags
//! need a block tag.

use super::expr::rewrite_expr;
use super::{find_close, first_word, marker_len, rewrite_block, split_close_marker, Delims};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Block,
    Variable,
    Comment,
    LineStatement,
    LineComment,
}

pub(super) fn preprocess(src: &str, d: &Delims) -> String {
    let mut out = String::with_capacity(src.len() + src.len() / 8);
    let mut loads: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    while let Some((pos, kind, open_len)) = next_tag(src, i, d) {
        out.push_str(&src[i..pos]);
        let rest = &src[pos..];
        match kind {
            Kind::Comment => {
                let end = rest[open_len..]
                    .find(d.comment_end.as_str())
                    .map(|e| open_len + e + d.comment_end.len())
                    .unwrap_or(rest.len());
                out.push_str(&rest[..end]);
                i = pos + end;
            }
            Kind::LineComment => {
                let end = rest.find('\n').unwrap_or(rest.len());
                out.push_str(&rest[..end]);
                i = pos + end;
            }
            Kind::LineStatement => {
                // up to the end of the line, or further while a bracket is open
                let end = find_close(rest, open_len, "\n");
                let body = &rest[open_len..end];
                let open = &rest[..open_len];
                match first_word(body) {
                    "import_yaml" | "import_json" | "import_text" | "load_yaml" | "load_json"
                    | "load_text" | "endload" | "raw" => out.push_str(&rest[..end]),
                    _ => out.push_str(&rewrite_block(open, body, "", &mut loads, d)),
                }
                i = pos + end;
            }
            Kind::Block | Kind::Variable => {
                let close = if kind == Kind::Block {
                    d.block_end.as_str()
                } else {
                    d.variable_end.as_str()
                };
                let body_start = open_len + marker_len(&rest[open_len..]);
                let end = find_close(rest, body_start, close);
                let open = &rest[..body_start];
                let (body, close_marker) = split_close_marker(&rest[body_start..end]);
                let tag_end = (end + close.len()).min(rest.len());
                if kind == Kind::Block && first_word(body) == "raw" {
                    let raw_end = find_endraw(rest, tag_end, d);
                    out.push_str(&rest[..raw_end]);
                    i = pos + raw_end;
                    continue;
                }
                if kind == Kind::Block {
                    let close_full = format!("{close_marker}{close}");
                    out.push_str(&rewrite_block(open, body, &close_full, &mut loads, d));
                } else {
                    out.push_str(open);
                    out.push_str(&rewrite_expr(body));
                    out.push_str(close_marker);
                    out.push_str(close);
                }
                i = pos + tag_end;
            }
        }
    }
    out.push_str(&src[i..]);
    out
}

/// The next tag at or after `from`: its position, kind and opening length (the prefix with
/// the whitespace before it for a line statement). At one position the longest opening
/// wins, as in Jinja2's lexer.
fn next_tag(src: &str, from: usize, d: &Delims) -> Option<(usize, Kind, usize)> {
    let mut best: Option<(usize, Kind, usize)> = None;
    let mut consider = |pos: usize, kind: Kind, len: usize| {
        let better = match best {
            None => true,
            Some((p, _, l)) => pos < p || (pos == p && len > l),
        };
        if better {
            best = Some((pos, kind, len));
        }
    };
    for (s, kind) in [
        (&d.block_start, Kind::Block),
        (&d.variable_start, Kind::Variable),
        (&d.comment_start, Kind::Comment),
    ] {
        if let Some(p) = src[from..].find(s.as_str()) {
            consider(from + p, kind, s.len());
        }
    }
    if !d.line_statement_prefix.is_empty() {
        if let Some((p, len)) = line_statement(src, from, &d.line_statement_prefix) {
            consider(p, Kind::LineStatement, len);
        }
    }
    if !d.line_comment_prefix.is_empty() {
        if let Some(p) = src[from..].find(d.line_comment_prefix.as_str()) {
            consider(from + p, Kind::LineComment, d.line_comment_prefix.len());
        }
    }
    best
}

/// The first line (starting at or after `from`) whose text after spaces and tabs starts with
/// `prefix`: the line's start and the length up to the prefix's end.
fn line_statement(src: &str, from: usize, prefix: &str) -> Option<(usize, usize)> {
    let mut start = if from == 0 || src.as_bytes().get(from - 1) == Some(&b'\n') {
        from
    } else {
        from + src[from..].find('\n')? + 1
    };
    loop {
        let line = &src[start..];
        let indent = line.len() - line.trim_start_matches([' ', '\t', '\x0b']).len();
        if line[indent..].starts_with(prefix) {
            return Some((start, indent + prefix.len()));
        }
        start += line.find('\n')? + 1;
    }
}

fn find_endraw(s: &str, from: usize, d: &Delims) -> usize {
    let mut i = from;
    while let Some(p) = s[i..].find(d.block_start.as_str()) {
        let start = i + p;
        let open = start + d.block_start.len();
        let body_start = open + marker_len(&s[open..]);
        let end = find_close(s, body_start, &d.block_end);
        if first_word(&s[body_start..end]) == "endraw" {
            return (end + d.block_end.len()).min(s.len());
        }
        i = open;
    }
    s.len()
}

#[cfg(test)]
mod tests {
    use super::super::{preprocess_with, Delims};

    fn latex() -> Delims {
        Delims {
            block_start: "<%".into(),
            block_end: "%>".into(),
            variable_start: "<<".into(),
            variable_end: ">>".into(),
            comment_start: "<#".into(),
            comment_end: "#>".into(),
            line_statement_prefix: "%%".into(),
            line_comment_prefix: "##".into(),
        }
    }

    /// Any text (tags cut short, brackets and quotes unbalanced, multi-byte characters next
    /// to every delimiter) is rewritten without a panic: a small deterministic fuzz.
    #[test]
    fn any_text_is_preprocessed_without_a_panic() {
        let d = latex();
        let pieces = [
            "<%",
            "%>",
            "<<",
            ">>",
            "<#",
            "#>",
            "%%",
            "##",
            "\n",
            "é",
            "ü€",
            "'",
            "\"",
            "(",
            ")",
            "[",
            "]",
            "{",
            "}",
            "-",
            "+",
            " ",
            "set ",
            "raw",
            "endraw",
            "import_yaml ",
            "x",
        ];
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..5000 {
            let mut text = String::new();
            for _ in 0..12 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.push_str(pieces[(seed % pieces.len() as u64) as usize]);
            }
            let _ = preprocess_with(&text, &d);
            let _ = super::super::preprocess(&text);
        }
    }

    #[test]
    fn custom_delimiters_get_the_same_rewrites() {
        let d = latex();
        assert_eq!(
            preprocess_with("<% set a = {} %><< [1] >>{{ {} }}", &d),
            "<% set a = __m({}) %><< __m([1]) >>{{ {} }}"
        );
        assert_eq!(
            preprocess_with("<%- import_yaml 'a.yaml' as y -%>", &d),
            "<%- import __nc('a.yaml') as y %><% set y = y|load_yaml -%>"
        );
        assert_eq!(
            preprocess_with("  %% do l.append({})\nx ## {} <<\n<# {} #>", &d),
            "  %% set __do =  l.append(__m({}))\nx ## {} <<\n<# {} #>"
        );
    }
}
