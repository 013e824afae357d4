//! Blank lines that start with a tab: saphyr (YAML 1.2) skips them, libyaml does not.
//!
//! libyaml reports, for a tab at column 0 of a blank or comment-only line in block context:
//! - after a plain scalar (still scanning its possible continuation): "found a tab character
//!   that violates indentation" while scanning a plain scalar;
//! - inside or right after a `|`/`>` block scalar: "found a tab character where an
//!   indentation space is expected" while scanning a block scalar;
//! - otherwise: "found character that cannot start any token".
//!
//! Only column-0 tabs are checked here. Deeper ones in a plain scalar's continuation lines are
//! rejected by the (vendored) scanner with libyaml's rule (a tab left of the scalar's
//! indentation); other deeper ones are accepted (as saphyr does), although libyaml rejects any
//! blank line of the block context whose leading spaces are followed by a tab.

use crate::error::{ErrorKind, Mark, YamlError};
use crate::translate::Source;
use saphyr_parser::{ScalarStyle, Span};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum TokKind {
    Plain,
    Block,
    Other,
}

#[derive(Debug, Clone, Copy)]
struct Tok {
    start: usize,
    end: usize,
    kind: TokKind,
}

pub(crate) struct TabCheck {
    /// Char index of each candidate line's tab.
    lines: Vec<usize>,
    toks: Vec<Tok>,
    flows: Vec<(usize, usize)>,
}

impl TabCheck {
    /// None when the text has no line starting with a tab (the common case).
    pub(crate) fn new(text: &str) -> Option<TabCheck> {
        if !(text.starts_with('\t') || text.contains("\n\t") || text.contains("\r\t")) {
            return None;
        }
        let mut lines = Vec::new();
        let mut at_line_start = true;
        let chars: Vec<char> = text.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            if at_line_start && c == '\t' && blank_or_comment(&chars[i..]) {
                lines.push(i);
            }
            at_line_start = matches!(c, '\n' | '\r');
        }
        (!lines.is_empty()).then_some(TabCheck {
            lines,
            toks: Vec::new(),
            flows: Vec::new(),
        })
    }

    pub(crate) fn scalar(&mut self, style: ScalarStyle, span: &Span, src: &Source) {
        let (start, end) = (span.start.index(), span.end.index());
        match style {
            ScalarStyle::Plain => self.toks.push(Tok {
                start,
                end,
                kind: TokKind::Plain,
            }),
            ScalarStyle::Literal | ScalarStyle::Folded => {
                // the span starts at the content; libyaml's mark is the `|`/`>` indicator
                let indicator = (0..start)
                    .rev()
                    .find(|&i| matches!(src.char_at(i), Some('|' | '>')))
                    .unwrap_or(start);
                self.toks.push(Tok {
                    start: indicator,
                    end,
                    kind: TokKind::Block,
                });
            }
            ScalarStyle::SingleQuoted | ScalarStyle::DoubleQuoted => {
                // the span may not cover a multi-line quoted scalar: find its closing quote
                let end = quoted_end(src, start, style == ScalarStyle::SingleQuoted).unwrap_or(end);
                self.toks.push(Tok {
                    start,
                    end,
                    kind: TokKind::Other,
                });
            }
        }
    }

    pub(crate) fn other(&mut self, span: &Span) {
        self.push(TokKind::Other, span);
    }

    pub(crate) fn flow(&mut self, start: usize, end: usize) {
        self.flows.push((start, end));
    }

    /// Only lines before char index `limit` (when a later parse error stopped the stream).
    /// `open_flow` is the start of the outermost `[`/`{` still open at the error: the lines
    /// after it are inside the flow context, where libyaml takes tabs as whitespace (their
    /// collection never ended, so `flow` was not told about it).
    pub(crate) fn check_before(
        &self,
        src: &Source,
        limit: usize,
        open_flow: Option<usize>,
    ) -> Result<(), YamlError> {
        let end = open_flow.map_or(limit, |f| f.min(limit));
        self.check_lines(src, self.lines.iter().copied().filter(|&l| l < end))
    }

    fn push(&mut self, kind: TokKind, span: &Span) {
        self.toks.push(Tok {
            start: span.start.index(),
            end: span.end.index(),
            kind,
        });
    }

    /// The error libyaml would raise for the first offending line, if any.
    pub(crate) fn check(&self, src: &Source) -> Result<(), YamlError> {
        self.check_lines(src, self.lines.iter().copied())
    }

    fn check_lines(
        &self,
        src: &Source,
        lines: impl Iterator<Item = usize>,
    ) -> Result<(), YamlError> {
        for line in lines {
            if self.flows.iter().any(|&(s, e)| s < line && line < e) {
                continue;
            }
            let covering = self.toks.iter().find(|t| t.start < line && line < t.end);
            let prev = match covering {
                Some(t) if t.kind != TokKind::Block => continue,
                Some(t) => Some(*t),
                None => self.toks.iter().rev().find(|t| t.end <= line).copied(),
            };
            return Err(self.error(src, line, prev));
        }
        Ok(())
    }

    fn error(&self, src: &Source, line: usize, prev: Option<Tok>) -> YamlError {
        let at = src.mark_of(line);
        match prev {
            Some(t) if t.kind == TokKind::Plain && !comment_between(src, t.end, line) => {
                YamlError::new(
                    ErrorKind::Scanner,
                    "found a tab character that violates indentation",
                    at,
                )
                .with_context(
                    "while scanning a plain scalar",
                    Some(token_start(src, t.start)),
                )
            }
            Some(t) if t.kind == TokKind::Block => YamlError::new(
                ErrorKind::Scanner,
                "found a tab character where an indentation space is expected",
                at,
            )
            .with_context(
                "while scanning a block scalar",
                Some(token_start(src, t.start)),
            ),
            _ => YamlError::new(
                ErrorKind::Scanner,
                "found character that cannot start any token",
                at,
            )
            .with_context("while scanning for the next token", None),
        }
    }
}

fn blank_or_comment(rest: &[char]) -> bool {
    for &c in rest {
        match c {
            ' ' | '\t' => {}
            '#' | '\n' | '\r' => return true,
            _ => return false,
        }
    }
    true
}

/// Char index just after the closing quote of a quoted scalar opening at `start`.
fn quoted_end(src: &Source, start: usize, single: bool) -> Option<usize> {
    let quote = if single { '\'' } else { '"' };
    let mut i = start;
    while src.char_at(i).is_some_and(|c| c != quote) {
        i += 1; // skip anchors/tags before the quote
    }
    i += 1;
    loop {
        let c = src.char_at(i)?;
        // a doubled '' (single) or a backslash escape (double) is two characters
        let escaped_pair =
            (single && c == '\'' && src.char_at(i + 1) == Some('\'')) || (!single && c == '\\');
        if escaped_pair {
            i += 2;
        } else if c == quote {
            return Some(i + 1);
        } else {
            i += 1;
        }
    }
}

fn comment_between(src: &Source, from: usize, to: usize) -> bool {
    (from..to).any(|i| src.char_at(i) == Some('#'))
}

/// The scalar token's own start: after any `&anchor` / `!tag` properties.
fn token_start(src: &Source, mut i: usize) -> Mark {
    while matches!(src.char_at(i), Some('&' | '!')) {
        while src.char_at(i).is_some_and(|c| !c.is_whitespace()) {
            i += 1;
        }
        while matches!(src.char_at(i), Some(' ' | '\t')) {
            i += 1;
        }
    }
    src.mark_of(i)
}
