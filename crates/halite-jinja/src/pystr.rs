//! Python `str` method semantics (`split`, `strip`, `title`...), used by the method
//! dispatcher and by Salt filters that call them.

/// `str.strip(chars)`: `None` strips whitespace.
pub fn strip(s: &str, chars: Option<&str>, left: bool, right: bool) -> String {
    let pred = |c: char| match chars {
        Some(set) => set.contains(c),
        None => c.is_whitespace(),
    };
    let mut r = s;
    if left {
        r = r.trim_start_matches(pred);
    }
    if right {
        r = r.trim_end_matches(pred);
    }
    r.to_string()
}

/// `str.split(sep, maxsplit)`.
pub fn split(s: &str, sep: Option<&str>, maxsplit: i64) -> Vec<String> {
    match sep {
        None => split_whitespace(s, maxsplit),
        Some("") => vec![s.to_string()],
        Some(sep) => {
            if maxsplit < 0 {
                s.split(sep).map(str::to_string).collect()
            } else {
                s.splitn(maxsplit as usize + 1, sep)
                    .map(str::to_string)
                    .collect()
            }
        }
    }
}

/// `str.rsplit(sep, maxsplit)`.
pub fn rsplit(s: &str, sep: Option<&str>, maxsplit: i64) -> Vec<String> {
    match sep {
        None => {
            if maxsplit < 0 {
                return split_whitespace(s, -1);
            }
            let rev: String = s.chars().rev().collect();
            let mut parts: Vec<String> = split_whitespace(&rev, maxsplit)
                .into_iter()
                .map(|p| p.chars().rev().collect())
                .collect();
            parts.reverse();
            parts
        }
        Some("") => vec![s.to_string()],
        Some(sep) => {
            let mut parts: Vec<String> = if maxsplit < 0 {
                s.rsplit(sep).map(str::to_string).collect()
            } else {
                s.rsplitn(maxsplit as usize + 1, sep)
                    .map(str::to_string)
                    .collect()
            };
            parts.reverse();
            parts
        }
    }
}

fn split_whitespace(s: &str, maxsplit: i64) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = s.trim_start();
    while !rest.is_empty() {
        if maxsplit >= 0 && out.len() as i64 == maxsplit {
            out.push(rest.to_string());
            break;
        }
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        out.push(rest[..end].to_string());
        rest = rest[end..].trim_start();
    }
    out
}

/// `str.splitlines(keepends)`.
pub fn splitlines(s: &str, keepends: bool) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if matches!(
            c,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        ) {
            let mut ending = c.to_string();
            if c == '\r' && chars.peek() == Some(&'\n') {
                chars.next();
                ending.push('\n');
            }
            if keepends {
                cur.push_str(&ending);
            }
            out.push(std::mem::take(&mut cur));
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// Python `str.title()`: a letter after a non-letter is upper-cased, others lower-cased.
pub fn title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut prev_cased = false;
    for c in s.chars() {
        if prev_cased {
            out.extend(c.to_lowercase());
        } else {
            out.extend(c.to_uppercase());
        }
        prev_cased = c.is_alphabetic();
    }
    out
}

/// Python `str.capitalize()`.
pub fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first
            .to_uppercase()
            .chain(chars.flat_map(char::to_lowercase))
            .collect(),
        None => String::new(),
    }
}

pub fn swapcase_char(c: char) -> char {
    if c.is_uppercase() {
        c.to_lowercase().next().unwrap_or(c)
    } else {
        c.to_uppercase().next().unwrap_or(c)
    }
}

/// `str.replace(old, new, count)`.
pub fn replace(s: &str, old: &str, new: &str, count: i64) -> String {
    if count < 0 {
        if old.is_empty() {
            return python_replace_empty(s, new, usize::MAX);
        }
        return s.replace(old, new);
    }
    if old.is_empty() {
        return python_replace_empty(s, new, count as usize);
    }
    s.replacen(old, new, count as usize)
}

fn python_replace_empty(s: &str, new: &str, count: usize) -> String {
    let mut out = String::new();
    let mut n = 0;
    for c in s.chars() {
        if n < count {
            out.push_str(new);
            n += 1;
        }
        out.push(c);
    }
    if n < count {
        out.push_str(new);
    }
    out
}

/// `str.find` / `str.rfind` in characters; -1 when absent.
pub fn find(s: &str, sub: &str, reverse: bool) -> i64 {
    let pos = if reverse { s.rfind(sub) } else { s.find(sub) };
    match pos {
        Some(b) => s[..b].chars().count() as i64,
        None => -1,
    }
}

/// `str.zfill(width)`.
pub fn zfill(s: &str, width: i64) -> String {
    let len = s.chars().count() as i64;
    if len >= width {
        return s.to_string();
    }
    let pad = "0".repeat((width - len) as usize);
    match s.chars().next() {
        Some(c @ ('+' | '-')) => format!("{c}{pad}{}", &s[1..]),
        _ => format!("{pad}{s}"),
    }
}

/// `str.center/ljust/rjust(width, fillchar)`.
pub fn justify(s: &str, how: &str, width: i64, fill: char) -> String {
    let len = s.chars().count() as i64;
    if len >= width {
        return s.to_string();
    }
    let total = (width - len) as usize;
    let pad = |n: usize| fill.to_string().repeat(n);
    match how {
        "ljust" => format!("{s}{}", pad(total)),
        "rjust" => format!("{}{s}", pad(total)),
        _ => {
            // CPython: left = pad/2 + (pad & width & 1)
            let left = total / 2 + (total & (width as usize) & 1);
            format!("{}{s}{}", pad(left), pad(total - left))
        }
    }
}

/// `str.partition(sep)` / `rpartition`.
pub fn partition(s: &str, sep: &str, reverse: bool) -> (String, String, String) {
    let pos = if reverse { s.rfind(sep) } else { s.find(sep) };
    match pos {
        Some(i) if !sep.is_empty() => (
            s[..i].to_string(),
            sep.to_string(),
            s[i + sep.len()..].to_string(),
        ),
        _ if reverse => (String::new(), String::new(), s.to_string()),
        _ => (s.to_string(), String::new(), String::new()),
    }
}
