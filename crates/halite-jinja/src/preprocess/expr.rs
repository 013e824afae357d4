//! Expression-level rewriting inside one `{{ }}` / `{% %}` tag body: a small tokenizer,
//! bracket matching, and the two rewrites (mutable literals, `'fmt' % args`).

use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Space,
    Str,
    Num,
    Ident,
    Open,
    Close,
    Punct,
}

#[derive(Debug)]
struct Tok<'a> {
    kind: Kind,
    text: &'a str,
}

/// Jinja keywords after which `[` starts a list literal rather than a subscript.
const KEYWORDS: &[&str] = &[
    "in", "and", "or", "not", "if", "else", "elif", "is", "for", "set", "do", "return", "with",
    "import", "from", "as", "print", "include",
];

fn tokenize(s: &str) -> Vec<Tok<'_>> {
    let b = s.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let start = i;
        let c = b[i];
        let kind = if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            Kind::Space
        } else if c == b'\'' || c == b'"' {
            i += 1;
            while i < b.len() && b[i] != c {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            Kind::Str
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_') {
                i += 1;
            }
            Kind::Num
        } else if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] >= 0x80) {
                i += 1;
            }
            Kind::Ident
        } else if matches!(c, b'(' | b'[' | b'{') {
            i += 1;
            Kind::Open
        } else if matches!(c, b')' | b']' | b'}') {
            i += 1;
            Kind::Close
        } else {
            i += 1;
            Kind::Punct
        };
        // Stay on char boundaries for non-ASCII input.
        while i < b.len() && !s.is_char_boundary(i) {
            i += 1;
        }
        toks.push(Tok {
            kind,
            text: &s[start..i],
        });
    }
    toks
}

/// For each opening bracket, the index of its closing bracket.
fn match_brackets(toks: &[Tok]) -> Vec<Option<usize>> {
    let mut m = vec![None; toks.len()];
    let mut stack = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Kind::Open => stack.push(i),
            Kind::Close => {
                if let Some(o) = stack.pop() {
                    m[o] = Some(i);
                }
            }
            _ => {}
        }
    }
    m
}

/// The expression rewritten; borrowed when nothing changes. Both rewrites start at a `{`,
/// a `[` or a `%`: without one the text stays as it is (most tags: `{{ grains['id'] }}`
/// has one, `{{ b.root }}` or `{% for j in range(10) %}` do not).
pub fn rewrite_expr(s: &str) -> Cow<'_, str> {
    if !s.bytes().any(|b| matches!(b, b'[' | b'{' | b'%')) {
        return Cow::Borrowed(s);
    }
    Cow::Owned(rewrite_tokens(s))
}

fn rewrite_tokens(s: &str) -> String {
    let toks = tokenize(s);
    let matches = match_brackets(&toks);
    let r = Rewriter {
        toks: &toks,
        matches: &matches,
    };
    r.transform(0, toks.len())
}

struct Rewriter<'t, 'a> {
    toks: &'t [Tok<'a>],
    matches: &'t [Option<usize>],
}

impl Rewriter<'_, '_> {
    fn next_sig(&self, mut i: usize, end: usize) -> Option<usize> {
        while i < end && self.toks[i].kind == Kind::Space {
            i += 1;
        }
        (i < end).then_some(i)
    }

    fn transform(&self, start: usize, end: usize) -> String {
        let mut out = String::new();
        let mut prev: Option<&Tok> = None;
        let mut i = start;
        while i < end {
            let t = &self.toks[i];
            if t.kind == Kind::Str {
                if let Some(fmt) = self.try_format(i, end) {
                    out.push_str(&fmt.0);
                    i = fmt.1;
                    prev = Some(&self.toks[i - 1]);
                    continue;
                }
            }
            if t.kind == Kind::Open {
                if let Some(close) = self.matches[i].filter(|&c| c < end) {
                    let inner = self.transform(i + 1, close);
                    let literal = match t.text {
                        "{" => true,
                        "[" => !is_subscript(prev),
                        _ => false,
                    };
                    if literal {
                        out.push_str("__m(");
                    }
                    out.push_str(t.text);
                    out.push_str(&inner);
                    out.push_str(self.toks[close].text);
                    if literal {
                        out.push(')');
                    }
                    prev = Some(&self.toks[close]);
                    i = close + 1;
                    continue;
                }
            }
            out.push_str(t.text);
            if t.kind != Kind::Space {
                prev = Some(t);
            }
            i += 1;
        }
        out
    }

    /// `'fmt' % operand` starting at the string token `i`: the rewritten text and the index
    /// after the operand.
    fn try_format(&self, i: usize, end: usize) -> Option<(String, usize)> {
        let pct = self.next_sig(i + 1, end)?;
        if self.toks[pct].text != "%" {
            return None;
        }
        let op_start = self.next_sig(pct + 1, end)?;
        let op_end = self.operand_end(op_start, end)?;
        let operand = self.transform(op_start, op_end);
        Some((
            format!("__pyfmt({}, {})", self.toks[i].text, operand),
            op_end,
        ))
    }

    /// The end of a unary/primary expression with its postfix chain (`.attr`, `[..]`,
    /// `(..)`, `|filter(..)`), as Python's `%` operand binds.
    fn operand_end(&self, mut i: usize, end: usize) -> Option<usize> {
        if self.toks[i].text == "-" {
            i = self.next_sig(i + 1, end)?;
        }
        let t = &self.toks[i];
        let mut pos = match t.kind {
            Kind::Ident if !KEYWORDS.contains(&t.text) => i + 1,
            Kind::Num | Kind::Str => i + 1,
            Kind::Open => self.matches[i].filter(|&c| c < end)? + 1,
            _ => return None,
        };
        loop {
            let Some(n) = self.next_sig(pos, end) else {
                return Some(pos);
            };
            match self.toks[n].text {
                "." | "|" => {
                    let name = self.next_sig(n + 1, end)?;
                    if self.toks[name].kind != Kind::Ident {
                        return Some(pos);
                    }
                    pos = name + 1;
                }
                "[" | "(" if n == pos => {
                    pos = self.matches[n].filter(|&c| c < end)? + 1;
                }
                "(" if self.toks[n - 1].kind == Kind::Space => {
                    // `x|f (args)` is still a call in Jinja; keep it simple and allow it.
                    pos = self.matches[n].filter(|&c| c < end)? + 1;
                }
                _ => return Some(pos),
            }
        }
    }
}

/// Whether `[` after `prev` indexes into `prev` rather than starting a list literal.
fn is_subscript(prev: Option<&Tok>) -> bool {
    match prev {
        None => false,
        Some(t) => match t.kind {
            Kind::Ident => !KEYWORDS.contains(&t.text),
            Kind::Str | Kind::Num | Kind::Close => true,
            _ => false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_without_brackets_or_percent_is_kept_by_both_paths() {
        for s in [
            " b.root ",
            " j ",
            " salt('pillar.get')('x', default=1) | default(\"a\") ",
            "- for u in b.users -",
            " x if y else 'z' ~ \"w\" ",
            "'unterminated",
            " é ",
        ] {
            assert_eq!(rewrite_tokens(s), s);
            assert_eq!(rewrite_expr(s), s);
        }
        assert_eq!(rewrite_expr(" [1] "), " __m([1]) ");
    }
}
