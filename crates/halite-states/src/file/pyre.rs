//! User regular expressions in the file states, with Python `re` syntax.
//!
//! Salt compiles these patterns with Python's `re`; the `regex` crate lacks look-around,
//! backreferences in the pattern and atomic groups. A pattern the plain engine accepts stays
//! on it (linear time); one it rejects is tried with `fancy-regex` (backtracking).

use std::borrow::Cow;

/// A compiled user pattern: the plain engine when it accepts the pattern, else fancy-regex.
#[derive(Debug, Clone)]
pub enum PyRegex {
    Plain(regex::Regex),
    Fancy(Box<fancy_regex::Regex>),
}

/// The `(start, end)` byte span of a match.
pub type Span = (usize, usize);

impl PyRegex {
    /// Compiles `pattern`; the error is the plain engine's message when neither engine
    /// accepts it (it names the unsupported construct more precisely).
    pub fn new(pattern: &str) -> Result<PyRegex, String> {
        match regex::Regex::new(pattern) {
            Ok(r) => Ok(PyRegex::Plain(r)),
            Err(plain) => match fancy_regex::Regex::new(pattern) {
                Ok(r) => Ok(PyRegex::Fancy(Box::new(r))),
                Err(_) => Err(plain.to_string()),
            },
        }
    }

    /// Whether the pattern matches anywhere in `text` (a backtracking limit hit counts as
    /// no match).
    pub fn is_match(&self, text: &str) -> bool {
        match self {
            PyRegex::Plain(r) => r.is_match(text),
            PyRegex::Fancy(r) => r.is_match(text).unwrap_or(false),
        }
    }

    /// The first match's span.
    pub fn find(&self, text: &str) -> Option<Span> {
        match self {
            PyRegex::Plain(r) => r.find(text).map(|m| (m.start(), m.end())),
            PyRegex::Fancy(r) => r.find(text).ok().flatten().map(|m| (m.start(), m.end())),
        }
    }

    /// Replaces the first `limit` matches (0: all) with `rep`, written in the `$1`/`${name}`
    /// syntax both engines expand (see `python_repl` for the translation from Python's).
    pub fn replacen<'t>(
        &self,
        text: &'t str,
        limit: usize,
        rep: &str,
    ) -> Result<Cow<'t, str>, String> {
        match self {
            PyRegex::Plain(r) => Ok(r.replacen(text, limit, rep)),
            PyRegex::Fancy(r) => r.try_replacen(text, limit, rep).map_err(|e| e.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_patterns_stay_on_the_plain_engine() {
        assert!(matches!(PyRegex::new("^foo(bar)$"), Ok(PyRegex::Plain(_))));
    }

    #[test]
    fn look_around_and_backreferences_use_fancy_regex() {
        let re = PyRegex::new("(?<=foo)bar").unwrap();
        assert!(matches!(re, PyRegex::Fancy(_)));
        assert_eq!(re.replacen("foobar bar", 0, "X").unwrap(), "fooX bar");
        let re = PyRegex::new(r"(\w+) \1").unwrap();
        assert_eq!(re.find("a b b c"), Some((2, 5)));
        let re = PyRegex::new("(?m)x(?=\r\n)").unwrap();
        assert_eq!(
            re.replacen("ax\r\nbx\n", 0, "${0}y").unwrap(),
            "axy\r\nbx\n"
        );
    }

    #[test]
    fn a_pattern_neither_engine_accepts_is_an_error() {
        assert!(PyRegex::new("(unclosed").is_err());
    }
}
