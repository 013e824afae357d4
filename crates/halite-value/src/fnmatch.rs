//! Python's `fnmatch.fnmatch` on POSIX (case-sensitive): `*`, `?`, `[seq]`, `[!seq]`.
//! Salt matches top-file globs, sls globs and grain values with it.

/// One element of a translated pattern.
enum Tok {
    Any,
    One,
    Lit(char),
    Class {
        negated: bool,
        items: Vec<(char, char)>,
    },
}

fn tokenize(pat: &str) -> Vec<Tok> {
    let chars: Vec<char> = pat.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        match c {
            '*' => {
                if !matches!(out.last(), Some(Tok::Any)) {
                    out.push(Tok::Any)
                }
            }
            '?' => out.push(Tok::One),
            '[' => match parse_class(&chars, i) {
                Some((tok, next)) => {
                    out.push(tok);
                    i = next;
                }
                None => out.push(Tok::Lit('[')),
            },
            c => out.push(Tok::Lit(c)),
        }
    }
    out
}

/// Parses a `[...]` class starting after the `[`; `None` when it is not closed (Python then
/// treats the `[` literally).
fn parse_class(chars: &[char], start: usize) -> Option<(Tok, usize)> {
    let mut j = start;
    if j < chars.len() && chars[j] == '!' {
        j += 1;
    }
    if j < chars.len() && chars[j] == ']' {
        j += 1;
    }
    while j < chars.len() && chars[j] != ']' {
        j += 1;
    }
    if j >= chars.len() {
        return None;
    }
    let mut body = &chars[start..j];
    let negated = body.first() == Some(&'!');
    if negated {
        body = &body[1..];
    }
    let mut items = Vec::new();
    let mut k = 0;
    while k < body.len() {
        if k + 2 < body.len() && body[k + 1] == '-' {
            items.push((body[k], body[k + 2]));
            k += 3;
        } else {
            items.push((body[k], body[k]));
            k += 1;
        }
    }
    Some((Tok::Class { negated, items }, j + 1))
}

/// `name` is a slice of chars, or of bytes when the name is ASCII (then each byte is its char).
fn matches_at<C: Copy + Into<char>>(toks: &[Tok], name: &[C]) -> bool {
    // Iterative glob matching with single-star backtracking.
    let (mut t, mut n) = (0, 0);
    let mut star: Option<(usize, usize)> = None;
    while n < name.len() {
        let step = match toks.get(t) {
            Some(Tok::Any) => {
                star = Some((t, n));
                t += 1;
                continue;
            }
            Some(Tok::One) => true,
            Some(Tok::Lit(c)) => *c == name[n].into(),
            Some(Tok::Class { negated, items }) => {
                let ch: char = name[n].into();
                let hit = items.iter().any(|(lo, hi)| *lo <= ch && ch <= *hi);
                hit != *negated
            }
            None => false,
        };
        if step {
            t += 1;
            n += 1;
        } else if let Some((st, sn)) = star {
            t = st + 1;
            n = sn + 1;
            star = Some((st, sn + 1));
        } else {
            return false;
        }
    }
    toks[t..].iter().all(|tok| matches!(tok, Tok::Any))
}

/// `fnmatch.fnmatch(name, pattern)` (POSIX: case-sensitive).
pub fn fnmatch(name: &str, pattern: &str) -> bool {
    // Most patterns (top-file sls names, includes) have no glob character: every token would
    // be a literal, so the match is plain equality, without tokenizing or allocating.
    if !pattern.bytes().any(|b| matches!(b, b'*' | b'?' | b'[')) {
        return name == pattern;
    }
    let toks = tokenize(pattern);
    if name.is_ascii() {
        matches_at(&toks, name.as_bytes())
    } else {
        let name: Vec<char> = name.chars().collect();
        matches_at(&toks, &name)
    }
}

#[cfg(test)]
mod tests {
    use super::fnmatch;

    #[test]
    fn literal_patterns_are_equality() {
        assert!(fnmatch("bench.s10", "bench.s10"));
        assert!(!fnmatch("bench.s10", "bench.s1"));
        assert!(!fnmatch("bench.s1", "bench.s10"));
        assert!(fnmatch("", ""));
        assert!(fnmatch("é.x", "é.x"));
    }

    #[test]
    fn globs() {
        assert!(fnmatch("bench.s10", "bench.*"));
        assert!(fnmatch("bench.s10", "*"));
        assert!(fnmatch("", "*"));
        assert!(!fnmatch("", "?"));
        assert!(fnmatch("web1", "web?"));
        assert!(fnmatch("web1", "web[0-9]"));
        assert!(!fnmatch("web1", "web[!0-9]"));
        assert!(fnmatch("a[b", "a[b"));
        assert!(fnmatch("x", "[!y]"));
        assert!(fnmatch("]", "[]]"));
        assert!(fnmatch("aXbXc", "a*b*c"));
        assert!(!fnmatch("aXbXd", "a*b*c"));
        assert!(fnmatch("é1", "é[0-9]"));
        assert!(fnmatch("é", "?"));
        assert!(!fnmatch("é", "[a-z]"));
    }
}
