//! Implicit tag resolution of plain scalars.
//!
//! `Schema::Salt` mirrors PyYAML's YAML 1.1 `Resolver` regexes (yaml/resolver.py) exactly,
//! written out by hand. `Schema::Yaml12` mirrors serde_yaml 0.9's untagged scalar rules.

use crate::Schema;

pub(crate) const TAG_NULL: &str = "tag:yaml.org,2002:null";
pub(crate) const TAG_BOOL: &str = "tag:yaml.org,2002:bool";
pub(crate) const TAG_INT: &str = "tag:yaml.org,2002:int";
pub(crate) const TAG_FLOAT: &str = "tag:yaml.org,2002:float";
pub(crate) const TAG_MERGE: &str = "tag:yaml.org,2002:merge";
pub(crate) const TAG_VALUE: &str = "tag:yaml.org,2002:value";
pub(crate) const TAG_TIMESTAMP: &str = "tag:yaml.org,2002:timestamp";
use crate::compose::TAG_STR;

pub(crate) fn resolve_plain(schema: Schema, v: &str) -> &'static str {
    match schema {
        Schema::Salt => resolve11(v),
        Schema::Yaml12 => resolve12(v),
    }
}

/// The implicit tags of YAML 1.1 (PyYAML's resolver), as an enum for callers that branch
/// on the tag (the fast path); [`Implicit::tag`] gives the tag text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Implicit {
    Null,
    Bool,
    Int,
    Float,
    Merge,
    Timestamp,
    Value,
    Str,
}

impl Implicit {
    pub(crate) fn tag(self) -> &'static str {
        match self {
            Implicit::Null => TAG_NULL,
            Implicit::Bool => TAG_BOOL,
            Implicit::Int => TAG_INT,
            Implicit::Float => TAG_FLOAT,
            Implicit::Merge => TAG_MERGE,
            Implicit::Timestamp => TAG_TIMESTAMP,
            Implicit::Value => TAG_VALUE,
            Implicit::Str => TAG_STR,
        }
    }
}

/// PyYAML tries bool, float, int, merge, null, timestamp, value in that order.
/// Timestamps are resolved too although Salt constructs them as plain strings.
pub(crate) fn resolve11(v: &str) -> &'static str {
    resolve11_kind(v).tag()
}

/// [`resolve11`] as an [`Implicit`].
pub(crate) fn resolve11_kind(v: &str) -> Implicit {
    // PyYAML keys its implicit resolvers by first character: a scalar starting with none of
    // these is a string (as none of the checks below can match it).
    match v.as_bytes().first() {
        None => return Implicit::Null,
        // A letter: of all the patterns only the bool and null words start with one (the
        // others start with a digit, a sign, `.`, `<`, `~` or `=`); none is over 5 long.
        Some(b'y' | b'Y' | b'n' | b'N' | b't' | b'T' | b'f' | b'F' | b'o' | b'O') => {
            return if v.len() > 5 {
                Implicit::Str
            } else if is_bool11(v) {
                Implicit::Bool
            } else if is_null(v) {
                Implicit::Null
            } else {
                Implicit::Str
            };
        }
        Some(b'-' | b'+' | b'0'..=b'9' | b'.' | b'<' | b'~' | b'=') => {}
        Some(_) => return Implicit::Str,
    }
    resolve11_checks(v)
}

fn resolve11_checks(v: &str) -> Implicit {
    if is_bool11(v) {
        Implicit::Bool
    } else if is_float11(v) {
        Implicit::Float
    } else if is_int11(v) {
        Implicit::Int
    } else if v == "<<" {
        Implicit::Merge
    } else if is_null(v) {
        Implicit::Null
    } else if is_timestamp11(v) {
        Implicit::Timestamp
    } else if v == "=" {
        Implicit::Value
    } else {
        Implicit::Str
    }
}

fn is_null(v: &str) -> bool {
    matches!(v, "" | "~" | "null" | "Null" | "NULL")
}

pub(crate) fn is_bool11(v: &str) -> bool {
    matches!(
        v,
        "yes"
            | "Yes"
            | "YES"
            | "no"
            | "No"
            | "NO"
            | "true"
            | "True"
            | "TRUE"
            | "false"
            | "False"
            | "FALSE"
            | "on"
            | "On"
            | "ON"
            | "off"
            | "Off"
            | "OFF"
    )
}

/// A tiny cursor for hand-written regex matching over ASCII bytes.
struct Cur<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Cur<'a> {
    fn new(s: &'a str) -> Self {
        Cur {
            b: s.as_bytes(),
            i: 0,
        }
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn eat(&mut self, f: impl Fn(u8) -> bool) -> bool {
        match self.peek() {
            Some(c) if f(c) => {
                self.i += 1;
                true
            }
            _ => false,
        }
    }
    fn eat_lit(&mut self, lit: &str) -> bool {
        if self.b[self.i..].starts_with(lit.as_bytes()) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }
    /// Consumes zero or more matching bytes, returns how many.
    fn many(&mut self, f: impl Fn(u8) -> bool) -> usize {
        let start = self.i;
        while self.eat(&f) {}
        self.i - start
    }
    fn done(&self) -> bool {
        self.i == self.b.len()
    }
    fn sign(&mut self) {
        self.eat(|c| c == b'-' || c == b'+');
    }
}

fn digit(c: u8) -> bool {
    c.is_ascii_digit()
}
fn digit_(c: u8) -> bool {
    c.is_ascii_digit() || c == b'_'
}

/// `(?::[0-5]?[0-9])+`; returns false when not even one group matches.
fn sexagesimal_groups(c: &mut Cur) -> bool {
    let mut groups = 0;
    while c.peek() == Some(b':') {
        let save = c.i;
        c.i += 1;
        let two = matches!((c.b.get(c.i), c.b.get(c.i + 1)), (Some(a), Some(b)) if (b'0'..=b'5').contains(a) && b.is_ascii_digit());
        if two {
            c.i += 2;
        } else if c.eat(digit) {
        } else {
            c.i = save;
            break;
        }
        groups += 1;
    }
    groups > 0
}

/// `[eE][-+][0-9]+` (optional; PyYAML requires the sign).
fn exponent(c: &mut Cur) -> bool {
    let save = c.i;
    if c.eat(|x| x == b'e' || x == b'E') && c.eat(|x| x == b'-' || x == b'+') && c.many(digit) > 0 {
        return true;
    }
    c.i = save;
    false
}

pub(crate) fn is_float11(v: &str) -> bool {
    let alt = |f: &dyn Fn(&mut Cur) -> bool| {
        let mut c = Cur::new(v);
        f(&mut c) && c.done()
    };
    // [-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?
    alt(&|c| {
        c.sign();
        c.eat(digit)
            && {
                c.many(digit_);
                c.eat_lit(".")
            }
            && {
                c.many(digit_);
                exponent(c);
                true
            }
    }) || alt(&|c| {
        // \.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
        c.eat_lit(".") && c.eat(digit) && {
            c.many(digit_);
            exponent(c);
            true
        }
    }) || alt(&|c| {
        // [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
        c.sign();
        c.eat(digit)
            && {
                c.many(digit_);
                sexagesimal_groups(c)
            }
            && c.eat_lit(".")
            && {
                c.many(digit_);
                true
            }
    }) || alt(&|c| {
        c.sign();
        c.eat_lit(".inf") || c.eat_lit(".Inf") || c.eat_lit(".INF")
    }) || matches!(v, ".nan" | ".NaN" | ".NAN")
}

pub(crate) fn is_int11(v: &str) -> bool {
    let alt = |f: &dyn Fn(&mut Cur) -> bool| {
        let mut c = Cur::new(v);
        f(&mut c) && c.done()
    };
    alt(&|c| {
        c.sign();
        c.eat_lit("0b") && c.many(|x| x == b'0' || x == b'1' || x == b'_') > 0
    }) || alt(&|c| {
        c.sign();
        c.eat_lit("0") && c.many(|x| (b'0'..=b'7').contains(&x) || x == b'_') > 0
    }) || alt(&|c| {
        c.sign();
        c.eat_lit("0")
            || (c.eat(|x| (b'1'..=b'9').contains(&x)) && {
                c.many(digit_);
                true
            })
    }) || alt(&|c| {
        c.sign();
        c.eat_lit("0x") && c.many(|x| x.is_ascii_hexdigit() || x == b'_') > 0
    }) || alt(&|c| {
        c.sign();
        c.eat(|x| (b'1'..=b'9').contains(&x)) && {
            c.many(digit_);
            sexagesimal_groups(c)
        }
    })
}

/// PyYAML's timestamp regex (only decides the tag; Salt constructs timestamps as strings).
fn is_timestamp11(v: &str) -> bool {
    let mut c = Cur::new(v);
    let n = |c: &mut Cur, min: usize, max: usize| {
        let k = c.many(digit);
        (min..=max).contains(&k)
    };
    // Note `many` is greedy and the regex's `[0-9][0-9]?` is too; the following literal
    // (`-`, `T`, `:`) is never a digit, so greedy matching is exact here.
    if !(n(&mut c, 4, 4) && c.eat_lit("-")) {
        return false;
    }
    let save = c.i;
    if n(&mut c, 2, 2) && c.eat_lit("-") && n(&mut c, 2, 2) && c.done() {
        return true;
    }
    c.i = save;
    if !(n(&mut c, 1, 2) && c.eat_lit("-") && n(&mut c, 1, 2)) {
        return false;
    }
    if !(c.eat(|x| x == b'T' || x == b't') || c.many(|x| x == b' ' || x == b'\t') > 0) {
        return false;
    }
    if !(n(&mut c, 1, 2) && c.eat_lit(":") && n(&mut c, 2, 2) && c.eat_lit(":") && n(&mut c, 2, 2))
    {
        return false;
    }
    if c.eat_lit(".") {
        c.many(digit);
    }
    if c.done() {
        return true;
    }
    c.many(|x| x == b' ' || x == b'\t');
    if c.eat_lit("Z") {
        return c.done();
    }
    if !c.eat(|x| x == b'-' || x == b'+') || !n(&mut c, 1, 2) {
        return false;
    }
    if c.eat_lit(":") && !n(&mut c, 2, 2) {
        return false;
    }
    c.done()
}

/// serde_yaml 0.9 `visit_untagged_scalar`: null, bool, int, float, else string.
fn resolve12(v: &str) -> &'static str {
    if is_null(v) {
        TAG_NULL
    } else if matches!(v, "true" | "True" | "TRUE" | "false" | "False" | "FALSE") {
        TAG_BOOL
    } else if parse_int12(v).is_some() {
        TAG_INT
    } else if parse_float12(v).is_some() {
        TAG_FLOAT
    } else {
        TAG_STR
    }
}

/// A YAML 1.2 integer as serde_yaml 0.9 reads it (`0x`, `0o`, `0b`, decimal without
/// leading zeros). Values beyond i64 come back as i128 so the caller can choose.
pub(crate) fn parse_int12(v: &str) -> Option<i128> {
    let (neg, rest) = match v.as_bytes().first() {
        Some(b'-') => (true, &v[1..]),
        Some(b'+') => (false, &v[1..]),
        _ => (false, v),
    };
    let radix_part = |prefix: &str, radix: u32| -> Option<Option<i128>> {
        let digits = rest.strip_prefix(prefix)?;
        if digits.is_empty() || digits.starts_with(['+', '-']) {
            return Some(None);
        }
        Some(i128::from_str_radix(digits, radix).ok())
    };
    let magnitude = if let Some(r) = radix_part("0x", 16) {
        r?
    } else if let Some(r) = radix_part("0o", 8) {
        r?
    } else if let Some(r) = radix_part("0b", 2) {
        r?
    } else {
        if rest.is_empty() || rest.starts_with(['+', '-']) || digits_but_not_number(rest) {
            return None;
        }
        if !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        rest.parse::<i128>().ok()?
    };
    // serde_yaml tries u64/i64, then i128/u128 (values that parse there are errors for
    // reclass-rs; the constructor reports them); beyond i128 they fall through to float.
    Some(if neg { -magnitude } else { magnitude })
}

/// Leading zero followed only by digits is a string in YAML 1.2 (serde_yaml).
fn digits_but_not_number(s: &str) -> bool {
    s.len() > 1 && s.starts_with('0') && s[1..].bytes().all(|b| b.is_ascii_digit())
}

/// serde_yaml 0.9 `parse_f64`: `.inf`/`.nan` spellings plus anything Rust's `f64::from_str`
/// accepts that is finite (so `inf`, `nan`, `1e999` stay strings).
pub(crate) fn parse_float12(v: &str) -> Option<f64> {
    if digits_but_not_number(v.strip_prefix(['-', '+']).unwrap_or(v)) {
        return None;
    }
    let unpositive = match v.strip_prefix('+') {
        Some(rest) if rest.starts_with(['+', '-']) => return None,
        Some(rest) => rest,
        None => v,
    };
    if matches!(unpositive, ".inf" | ".Inf" | ".INF") {
        return Some(f64::INFINITY);
    }
    if matches!(v, "-.inf" | "-.Inf" | "-.INF") {
        return Some(f64::NEG_INFINITY);
    }
    if matches!(v, ".nan" | ".NaN" | ".NAN") {
        return Some(f64::NAN);
    }
    match unpositive.parse::<f64>() {
        Ok(f) if f.is_finite() => Some(f),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first-character shortcut of `resolve11` gives what the full checks give.
    #[test]
    fn first_char_shortcut_agrees() {
        let tails = [
            "",
            "1",
            "0",
            "_1",
            ".5",
            "es",
            "ES",
            "o",
            "rue",
            "alse",
            "ull",
            "n",
            "ff",
            "FF",
            "<",
            ":30",
            "x1f",
            "b101",
            "e+3",
            "inf",
            "nan",
            "-01",
            " ",
            "~",
            "ULL",
            "RUE",
            "ALSE",
            "Ull",
            "rUE",
            "N",
            "F",
            "f",
            "001-12-14",
            "1:30",
            "e",
            "E",
            "s",
            "S",
            "ue",
        ];
        for first in (0u8..0x80).map(char::from).chain(['é', '\u{3000}']) {
            for tail in tails {
                let v = format!("{first}{tail}");
                assert_eq!(resolve11_kind(&v), resolve11_checks(&v), "{v:?}");
            }
        }
        assert_eq!(resolve11_kind(""), resolve11_checks(""));
    }
}
