//! The reference syntax: `${a:b}`, nested references, and the escapes `\${`, `\\${`, `\}`.
//!
//! A hand-written recursive descent parser. It follows the same grammar as reclass-rs's
//! parser so that odd inputs (escapes at the start of a string, `$[` queries, unclosed
//! references) give the same tokens or the same failure.

/// A parsed string.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Token {
    /// Text without references.
    Literal(String),
    /// `${...}`; the parts are literals and nested references.
    Ref(Vec<Token>),
    /// Text with one or more references in it.
    Combined(Vec<Token>),
}

/// Whether a string may contain references at all (otherwise it is a plain literal).
pub(crate) fn may_contain_refs(s: &str) -> bool {
    s.contains("${") || s.contains("$[")
}

/// Parses a string that may contain references; the error is reclass-rs's message.
pub(crate) fn parse(input: &str) -> Result<Token, String> {
    let mut rest = input;
    let mut tokens = Vec::new();
    while !rest.is_empty() {
        match item(rest) {
            Some((tok, r)) => {
                tokens.push(tok);
                rest = r;
            }
            None => break,
        }
    }
    if !rest.is_empty() || tokens.is_empty() {
        return Err(format!(
            "Error while parsing ref: Error parsing reference '{input}'"
        ));
    }
    let mut tokens = coalesce(tokens);
    if tokens.len() > 1 {
        Ok(Token::Combined(tokens))
    } else {
        Ok(tokens.remove(0))
    }
}

fn coalesce(tokens: Vec<Token>) -> Vec<Token> {
    let mut out: Vec<Token> = Vec::with_capacity(tokens.len());
    for tok in tokens {
        match (out.last_mut(), tok) {
            (Some(Token::Literal(prev)), Token::Literal(s)) => prev.push_str(&s),
            (_, tok) => out.push(tok),
        }
    }
    out
}

type Parsed<'a, T> = Option<(T, &'a str)>;

fn item(s: &str) -> Parsed<'_, Token> {
    reference(s).or_else(|| string(s).map(|(t, r)| (Token::Literal(t), r)))
}

fn reference(s: &str) -> Parsed<'_, Token> {
    let mut rest = s.strip_prefix("${")?;
    let mut parts = Vec::new();
    while let Some((tok, r)) = ref_item(rest) {
        parts.push(tok);
        rest = r;
    }
    if parts.is_empty() {
        return None;
    }
    let rest = rest.strip_prefix('}')?;
    Some((Token::Ref(coalesce(parts)), rest))
}

fn ref_item(s: &str) -> Parsed<'_, Token> {
    reference(s).or_else(|| ref_string(s).map(|(t, r)| (Token::Literal(t), r)))
}

fn ref_string(s: &str) -> Parsed<'_, String> {
    let mut out = String::new();
    let mut rest = s;
    let mut matched = false;
    loop {
        let next = double_escape(rest)
            .or_else(|| escaped(rest, "\\${", "${"))
            .or_else(|| escaped(rest, "\\}", "}"))
            .or_else(|| escaped(rest, "\\$[", "$["))
            .or_else(|| ref_content(rest));
        match next {
            Some((text, r)) => {
                out.push_str(&text);
                rest = r;
                matched = true;
            }
            None => break,
        }
    }
    matched.then_some((out, rest))
}

/// `\\` followed by `${` or `}` is one literal backslash.
fn double_escape(s: &str) -> Parsed<'_, String> {
    let rest = s.strip_prefix("\\\\")?;
    (rest.starts_with("${") || rest.starts_with('}')).then(|| ("\\".to_string(), rest))
}

fn escaped<'a>(s: &'a str, prefix: &str, text: &str) -> Parsed<'a, String> {
    s.strip_prefix(prefix).map(|r| (text.to_string(), r))
}

fn not_open(s: &str) -> bool {
    !(s.starts_with("${")
        || s.starts_with("\\${")
        || s.starts_with("\\\\${")
        || s.starts_with("\\$["))
}

fn not_close(s: &str) -> bool {
    !(s.starts_with('}') || s.starts_with("\\}") || s.starts_with("\\\\}"))
}

fn ref_content(s: &str) -> Parsed<'_, String> {
    if !not_open(s) || !not_close(s) {
        return None;
    }
    let (run, rest) = split_run(s, &['\\', '$', '{', '}']);
    if !run.is_empty() {
        return Some((run.to_string(), rest));
    }
    let c = s.chars().next()?;
    (c != '}').then(|| (c.to_string(), &s[c.len_utf8()..]))
}

fn string(s: &str) -> Parsed<'_, String> {
    double_escape(s)
        .or_else(|| escaped(s, "\\${", "${"))
        .or_else(|| escaped(s, "\\$[", "$["))
        .or_else(|| content(s))
}

fn content(s: &str) -> Parsed<'_, String> {
    let mut out = String::new();
    let mut rest = s;
    while !rest.is_empty() && not_open(rest) {
        let (run, r) = split_run(rest, &['$', '{', '}', '\\']);
        if run.is_empty() {
            let c = rest.chars().next()?;
            out.push(c);
            rest = &rest[c.len_utf8()..];
        } else {
            out.push_str(run);
            rest = r;
        }
    }
    (!out.is_empty()).then_some((out, rest))
}

/// Splits off the longest prefix without any of `stop`.
fn split_run<'a>(s: &'a str, stop: &[char]) -> (&'a str, &'a str) {
    let end = s.find(|c| stop.contains(&c)).unwrap_or(s.len());
    s.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::Token::*;
    use super::*;

    fn lit(s: &str) -> Token {
        Literal(s.into())
    }

    #[test]
    fn simple_and_combined() {
        assert_eq!(parse("${foo:bar}"), Ok(Ref(vec![lit("foo:bar")])));
        assert_eq!(
            parse("a${b}c"),
            Ok(Combined(vec![lit("a"), Ref(vec![lit("b")]), lit("c")]))
        );
        assert_eq!(
            parse("$${foo}"),
            Ok(Combined(vec![lit("$"), Ref(vec![lit("foo")])]))
        );
        assert_eq!(
            parse("${a${b}}"),
            Ok(Ref(vec![lit("a"), Ref(vec![lit("b")])]))
        );
    }

    #[test]
    fn escapes() {
        assert_eq!(parse("\\${foo}"), Ok(lit("${foo}")));
        assert_eq!(
            parse("\\\\${foo}"),
            Ok(Combined(vec![lit("\\"), Ref(vec![lit("foo")])]))
        );
        assert_eq!(parse("\\$[ x ]"), Ok(lit("$[ x ]")));
        assert_eq!(parse("$[ x ]"), Ok(lit("$[ x ]")));
        assert_eq!(parse("${a\\}b}"), Ok(Ref(vec![lit("a}b")])));
    }

    #[test]
    fn failures() {
        assert!(parse("${foo").is_err());
        assert!(parse("${}").is_err());
        assert!(parse("x ${a").is_err());
    }
}
