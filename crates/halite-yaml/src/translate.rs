//! saphyr-parser errors -> libyaml's wording and marks.
//!
//! saphyr-parser descends from libyaml, so most messages are libyaml's with the context
//! folded in ("while parsing a block mapping, did not find expected key"). This module
//! splits them back, renames the few that differ, and moves marks to where libyaml puts
//! them, using the source text (errors are rare, so the O(n) char list is built lazily).

use crate::error::{ErrorKind, Mark, YamlError};
use saphyr_parser::ScanError;

/// Open collection kinds, used to name the libyaml parser context of an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum OpenKind {
    BlockMap,
    BlockSeq,
    FlowMap,
    FlowSeq,
}

/// The source as characters with their 0-based (line, col) marks.
pub(crate) struct Source {
    chars: Vec<char>,
}

impl Source {
    pub(crate) fn new(text: &str) -> Source {
        Source {
            chars: text.chars().collect(),
        }
    }

    pub(crate) fn char_at(&self, index: usize) -> Option<char> {
        self.chars.get(index).copied()
    }

    /// libyaml's mark of a char index (line breaks: \n, \r\n, \r, and NEL/LS/PS count).
    pub(crate) fn mark_of(&self, index: usize) -> Mark {
        let mut m = Mark::default();
        let mut i = 0;
        while i < index.min(self.chars.len()) {
            match self.chars[i] {
                '\r' if self.chars.get(i + 1) == Some(&'\n') => {
                    i += 1;
                    m.line += 1;
                    m.col = 0;
                }
                '\n' | '\r' | '\u{85}' | '\u{2028}' | '\u{2029}' => {
                    m.line += 1;
                    m.col = 0;
                }
                _ => m.col += 1,
            }
            i += 1;
        }
        m
    }

    fn len(&self) -> usize {
        self.chars.len()
    }

    /// Index of the first char of a line at or after `from` that starts with `---` or `...`
    /// followed by a blank or the end (a document indicator).
    fn next_document_indicator(&self, from: usize) -> Option<usize> {
        let mut i = from;
        while i < self.chars.len() {
            let at_line_start = i == 0 || matches!(self.chars[i - 1], '\n' | '\r');
            if at_line_start {
                let three: String = self.chars[i..self.chars.len().min(i + 3)].iter().collect();
                let after = self.chars.get(i + 3).copied();
                if (three == "---" || three == "...") && after.is_none_or(|c| c.is_whitespace()) {
                    return Some(i);
                }
            }
            i += 1;
        }
        None
    }

    /// The first tab in the leading whitespace of a line after `from`.
    fn next_leading_tab(&self, from: usize) -> Option<usize> {
        let mut line_start = false;
        for i in from..self.chars.len() {
            match self.chars[i] {
                '\n' | '\r' => line_start = true,
                '\t' if line_start => return Some(i),
                ' ' => {}
                _ => line_start = false,
            }
        }
        None
    }

    /// First non-blank char of the line of `index`, when one comes before `index`.
    fn line_start_before(&self, index: usize) -> Option<usize> {
        let end = index.min(self.chars.len());
        let mut start = end;
        while start > 0 && !matches!(self.chars[start - 1], '\n' | '\r') {
            start -= 1;
        }
        (start..end).find(|&j| !matches!(self.chars[j], ' ' | '\t'))
    }

    /// First non-blank char of the last non-blank line before the line of `index`.
    fn previous_line_start(&self, index: usize) -> Option<usize> {
        let mut i = index.min(self.chars.len());
        // back to the start of the current line
        while i > 0 && !matches!(self.chars[i - 1], '\n' | '\r') {
            i -= 1;
        }
        while i > 0 {
            let end = i - 1;
            let mut start = end;
            while start > 0 && !matches!(self.chars[start - 1], '\n' | '\r') {
                start -= 1;
            }
            let first = (start..end).find(|&j| !matches!(self.chars[j], ' ' | '\t'));
            if let Some(f) = first {
                if !matches!(self.chars[f], '#') {
                    return Some(f);
                }
            }
            i = start;
        }
        None
    }
}

/// Translates a saphyr-parser error into libyaml's (context, problem) and marks.
/// `open` is the innermost open collection and its start mark, for parser contexts.
pub(crate) fn translate(e: &ScanError, open: Option<(OpenKind, Mark)>, src: &Source) -> YamlError {
    let index = e.marker().index();
    let mark = Mark::from_saphyr(e.marker());
    let info = e.info();
    let in_flow = matches!(open, Some((OpenKind::FlowMap | OpenKind::FlowSeq, _)));
    let open_mark = open.map(|(_, m)| m);
    let scan = |p: &str| YamlError::new(ErrorKind::Scanner, p, mark);
    let parse = |p: &str| YamlError::new(ErrorKind::Parser, p, mark);
    match info {
        "while parsing a block mapping, did not find expected key" => {
            let at = block_entry_before(src, index).map(|i| src.mark_of(i)).unwrap_or(mark);
            YamlError::new(ErrorKind::Parser, "did not find expected key", at)
                .with_context("while parsing a block mapping", open_mark)
        }
        "while parsing a block collection, did not find expected '-' indicator" => {
            parse("did not find expected '-' indicator").with_context("while parsing a block collection", open_mark)
        }
        "while parsing a flow sequence, expected ',' or ']'" => {
            parse("did not find expected ',' or ']'").with_context("while parsing a flow sequence", open_mark)
        }
        "while parsing a flow mapping, did not find expected ',' or '}'" => {
            parse("did not find expected ',' or '}'").with_context("while parsing a flow mapping", open_mark)
        }
        "while parsing a node, did not find expected node content" | "misplaced bracket" => {
            node_content_error(in_flow, mark)
        }
        "\"-\" is only valid inside a block" => node_content_error(true, mark),
        "while parsing node, found unknown anchor" => {
            YamlError::new(ErrorKind::Composer, "found undefined alias", mark)
        }
        "the handle wasn't declared" => {
            parse("found undefined tag handle").with_context("while parsing a node", Some(mark))
        }
        "did not find expected <document start>" | "did not find expected <document-start>" => {
            parse("did not find expected <document start>")
        }
        "invalid trailing content after double-quoted scalar" => extra_token_error(open, mark),
        "simple key expect ':'" => {
            let ctx = src.previous_line_start(index).map(|i| src.mark_of(i));
            scan("could not find expected ':'").with_context("while scanning a simple key", ctx)
        }
        "simple key expected" => {
            // saphyr's `remove_simple_key` (a required key at the end of the stream, say):
            // libyaml raises the same error as for a stale key, the key may be on this line.
            let ctx = src
                .line_start_before(index)
                .or_else(|| src.previous_line_start(index))
                .map(|i| src.mark_of(i));
            scan("could not find expected ':'").with_context("while scanning a simple key", ctx)
        }
        "tabs disallowed within this context (block indentation)"
        | "tabs disallowed in this context" => {
            // libyaml points at the tab itself; saphyr just after it.
            let at = if src.char_at(index) != Some('\t') && index > 0 && src.char_at(index - 1) == Some('\t') {
                src.mark_of(index - 1)
            } else {
                mark
            };
            YamlError::new(ErrorKind::Scanner, "found character that cannot start any token", at)
                .with_context("while scanning for the next token", None)
        }
        "while scanning a plain scalar, found a tab" => {
            let at = src.next_leading_tab(index).map(|i| src.mark_of(i)).unwrap_or(mark);
            YamlError::new(ErrorKind::Scanner, "found a tab character that violates indentation", at)
                .with_context("while scanning a plain scalar", Some(mark))
        }
        "while scanning a quoted scalar, found unexpected end of stream" => {
            YamlError::new(ErrorKind::Scanner, "found unexpected end of stream", src.mark_of(src.len()))
                .with_context("while scanning a quoted scalar", Some(mark))
        }
        "while scanning a quoted scalar, found unexpected document indicator" => {
            let at = src.next_document_indicator(index).map(|i| src.mark_of(i)).unwrap_or(mark);
            YamlError::new(ErrorKind::Scanner, "found unexpected document indicator", at)
                .with_context("while scanning a quoted scalar", Some(mark))
        }
        "while scanning an anchor or alias, did not find expected alphabetic or numeric character" => {
            let ctx = if src.char_at(index) == Some('*') { "while scanning an alias" } else { "while scanning an anchor" };
            // libyaml points just after the `[0-9A-Za-z_-]*` name
            let mut at = index + 1;
            while src.char_at(at).is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
                at += 1;
            }
            YamlError::new(ErrorKind::Scanner, "did not find expected alphabetic or numeric character", src.mark_of(at))
                .with_context(ctx, Some(mark))
        }
        "while scanning a block scalar, did not find expected comment or line break" => {
            let mut i = index + 1;
            while src.char_at(i).is_some_and(|c| c == '+' || c == '-' || c.is_ascii_digit() || c == ' ' || c == '\t') {
                i += 1;
            }
            YamlError::new(ErrorKind::Scanner, "did not find expected comment or line break", src.mark_of(i))
                .with_context("while scanning a block scalar", Some(mark))
        }
        "while parsing a quoted scalar, found unknown escape character" => {
            let at = bad_escape_after(src, index).map(|i| src.mark_of(i)).unwrap_or(mark);
            YamlError::new(ErrorKind::Scanner, "found unknown escape character", at)
                .with_context("while parsing a quoted scalar", Some(mark))
        }
        _ if info.starts_with("unexpected character: ") => {
            scan("found character that cannot start any token").with_context("while scanning for the next token", None)
        }
        _ => split_context(info, mark),
    }
}

/// libyaml's "did not find expected node content" (a token that cannot start a node).
fn node_content_error(in_flow: bool, mark: Mark) -> YamlError {
    let ctx = if in_flow {
        "while parsing a flow node"
    } else {
        "while parsing a block node"
    };
    YamlError::new(
        ErrorKind::Parser,
        "did not find expected node content",
        mark,
    )
    .with_context(ctx, Some(mark))
}

/// libyaml's parser sees one more token where a collection expects a key/entry/end.
fn extra_token_error(open: Option<(OpenKind, Mark)>, mark: Mark) -> YamlError {
    let (ctx, problem) = match open {
        None => {
            return YamlError::new(
                ErrorKind::Parser,
                "did not find expected <document start>",
                mark,
            )
        }
        Some((OpenKind::BlockMap, _)) => {
            ("while parsing a block mapping", "did not find expected key")
        }
        Some((OpenKind::BlockSeq, _)) => (
            "while parsing a block collection",
            "did not find expected '-' indicator",
        ),
        Some((OpenKind::FlowSeq, _)) => (
            "while parsing a flow sequence",
            "did not find expected ',' or ']'",
        ),
        Some((OpenKind::FlowMap, _)) => (
            "while parsing a flow mapping",
            "did not find expected ',' or '}'",
        ),
    };
    YamlError::new(ErrorKind::Parser, problem, mark).with_context(ctx, open.map(|(_, m)| m))
}

/// saphyr reports a stray `- item` inside a block mapping at the item; libyaml at the `-`.
fn block_entry_before(src: &Source, index: usize) -> Option<usize> {
    let mut i = index;
    while i > 0 && src.char_at(i - 1) == Some(' ') {
        i -= 1;
    }
    (i > 0 && src.char_at(i - 1) == Some('-') && i < index).then(|| i - 1)
}

/// The backslash of the first invalid escape in the double-quoted scalar starting at `quote`.
fn bad_escape_after(src: &Source, quote: usize) -> Option<usize> {
    let mut i = quote + 1;
    while let Some(c) = src.char_at(i) {
        match c {
            '"' => return None,
            '\\' => {
                let next = src.char_at(i + 1)?;
                if !"0abt\tnvfre \"/\\N_LPxuU\n\r".contains(next) {
                    return Some(i);
                }
                i += 2;
            }
            _ => i += 1,
        }
    }
    None
}

/// saphyr joins libyaml's context and problem as "while ..., problem"; split them back.
fn split_context(info: &str, mark: Mark) -> YamlError {
    if let Some(rest) = info.strip_prefix("while ") {
        if let Some((ctx, problem)) = rest.split_once(", ") {
            return YamlError::new(ErrorKind::Scanner, problem, mark)
                .with_context(format!("while {ctx}"), Some(mark));
        }
    }
    YamlError::new(ErrorKind::Scanner, info, mark)
}
