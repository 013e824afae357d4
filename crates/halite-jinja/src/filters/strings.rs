//! String and scalar filters (Jinja2 builtins with Python semantics, and Salt's).

use super::{add, FilterResult};
use crate::args::{type_error, PyArgs};
use crate::pystr;
use crate::repr::py_str;
use halite_exec::process::shlex_quote;
use minijinja::value::{Value, ValueKind};
use minijinja::{Environment, Error, ErrorKind, State};

pub fn register(env: &mut Environment<'static>) {
    add(env, "default", default);
    add(env, "d", default);
    add(env, "string", |_, v, _| Ok(Value::from(py_str(&v))));
    add(env, "lower", |_, v, _| {
        Ok(Value::from(py_str(&v).to_lowercase()))
    });
    add(env, "upper", |_, v, _| {
        Ok(Value::from(py_str(&v).to_uppercase()))
    });
    add(env, "title", |_, v, _| {
        Ok(Value::from(jinja_title(&py_str(&v))))
    });
    add(env, "capitalize", |_, v, _| {
        Ok(Value::from(pystr::capitalize(&py_str(&v))))
    });
    add(env, "replace", replace);
    add(env, "trim", |_, v, a| {
        Ok(Value::from(pystr::strip(
            &py_str(&v),
            a.str_at(0, "chars").as_deref(),
            true,
            true,
        )))
    });
    add(env, "center", |_, v, a| {
        Ok(Value::from(pystr::justify(
            &py_str(&v),
            "center",
            a.int_at(0, "width")?.unwrap_or(80),
            ' ',
        )))
    });
    add(env, "indent", indent);
    add(env, "format", |_, v, a| {
        let args = if a.pos.len() == 1 && !a.pos[0].is_tuple() {
            a.pos[0].clone()
        } else {
            Value::from_object(minijinja::value::Tuple::new(a.pos.clone()))
        };
        crate::pyformat::percent_format(&py_str(&v), &args).map(Value::from)
    });
    add(env, "int", int);
    add(env, "float", float);
    add(env, "round", round);
    add(env, "wordcount", |_, v, _| {
        Ok(Value::from(py_str(&v).split_whitespace().count()))
    });
    add(env, "regex_search", |s, v, a| {
        regex_groups(s, &v, &a, RegexMode::Search)
    });
    add(env, "regex_match", |s, v, a| {
        regex_groups(s, &v, &a, RegexMode::Match)
    });
    add(env, "regex_replace", regex_replace);
    add(env, "regex_escape", |_, v, _| {
        Ok(Value::from(python_re_escape(&py_str(&v))))
    });
    add(env, "quote", |_, v, _| {
        Ok(Value::from(shlex_quote(&py_str(&v))))
    });
    add(env, "to_bool", |_, v, _| Ok(Value::from(to_bool(&v))));
    add(env, "to_num", to_num);
    add(env, "str_to_num", to_num);
    add(env, "skip", |_, _, _| Ok(Value::from("")));
    add(env, "is_hex", |_, v, _| {
        let s = py_str(&v);
        let s = s.strip_prefix("0x").unwrap_or(&s);
        Ok(Value::from(
            !s.is_empty() && s.chars().all(|c| c.is_ascii_hexdigit()),
        ))
    });
    add(env, "contains_whitespace", |_, v, _| {
        Ok(Value::from(py_str(&v).chars().any(char::is_whitespace)))
    });
    add(env, "to_snake_case", |_, v, _| {
        Ok(Value::from(snake_case(&py_str(&v))))
    });
    add(env, "to_camelcase", |_, v, a| {
        Ok(Value::from(camel_case(
            &py_str(&v),
            a.bool_at(0, "uppercamel", false),
        )))
    });
    add(env, "path_join", path_join);
    add(env, "safe", |_, v, _| Ok(v));
    add(env, "e", |_, v, _| {
        Ok(Value::from(html_escape(&py_str(&v))))
    });
    add(env, "escape", |_, v, _| {
        Ok(Value::from(html_escape(&py_str(&v))))
    });
    add(env, "urlencode", urlencode);
    add(env, "truncate", truncate);
    add(env, "wordwrap", wordwrap);
    add(env, "pprint", |_, v, _| {
        Ok(Value::from(crate::repr::py_repr(&v)))
    });
}

/// Jinja2 `default(value, default_value='', boolean=False)`: `None` is kept unless
/// `boolean` is true.
fn default(_: &State, v: Value, a: PyArgs) -> FilterResult {
    crate::mutable::take_last_miss();
    let boolean = a.bool_at(1, "boolean", false);
    if v.is_undefined() || (boolean && !v.is_true()) {
        Ok(a.get(0, "default_value").unwrap_or_else(|| Value::from("")))
    } else {
        Ok(v)
    }
}

fn replace(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let old = a.str_at(0, "old").unwrap_or_default();
    let new = a.str_at(1, "new").unwrap_or_default();
    let count = a.int_at(2, "count")?.unwrap_or(-1);
    Ok(Value::from(pystr::replace(&py_str(&v), &old, &new, count)))
}

/// Jinja2's `title`: each chunk after `-`, whitespace or an opening bracket is capitalized.
fn jinja_title(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut at_start = true;
    for c in s.chars() {
        if matches!(c, '-' | '(' | '{' | '[' | '<') || c.is_whitespace() {
            out.push(c);
            at_start = true;
        } else if at_start {
            out.extend(c.to_uppercase());
            at_start = false;
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

/// Jinja2 3.1 `indent(s, width=4, first=False, blank=False)`.
fn indent(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let width = a.get(0, "width").unwrap_or_else(|| Value::from(4));
    let indention = match width.as_str() {
        Some(s) => s.to_string(),
        None => " ".repeat(width.as_i64().unwrap_or(4).max(0) as usize),
    };
    let first = a.bool_at(1, "first", false) || a.bool_at(99, "indentfirst", false);
    let blank = a.bool_at(2, "blank", false);
    let mut s = py_str(&v);
    s.push('\n');
    let lines = pystr::splitlines(&s, false);
    let mut rv = if blank {
        lines.join(&format!("\n{indention}"))
    } else {
        let mut it = lines.into_iter();
        let mut rv = it.next().unwrap_or_default();
        let rest: Vec<String> = it
            .map(|l| {
                if l.is_empty() {
                    l
                } else {
                    format!("{indention}{l}")
                }
            })
            .collect();
        if !rest.is_empty() {
            rv.push('\n');
            rv.push_str(&rest.join("\n"));
        }
        rv
    };
    if first {
        rv = format!("{indention}{rv}");
    }
    Ok(Value::from(rv))
}

/// Jinja2 `int(value, default=0, base=10)`.
fn int(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let default = a.get(0, "default").unwrap_or_else(|| Value::from(0));
    let base = a.int_at(1, "base")?.unwrap_or(10);
    Ok(to_int(&v, base).map(Value::from).unwrap_or(default))
}

pub fn to_int(v: &Value, base: i64) -> Option<i64> {
    match v.kind() {
        ValueKind::Bool => Some(i64::from(v.is_true())),
        ValueKind::Number => {
            if v.is_integer() {
                v.as_i64()
            } else {
                f64::try_from(v.clone())
                    .ok()
                    .filter(|f| f.is_finite())
                    .map(|f| f.trunc() as i64)
            }
        }
        ValueKind::String => {
            let s = v.as_str().unwrap_or_default().trim().replace('_', "");
            parse_int(&s, base).or_else(|| {
                s.parse::<f64>()
                    .ok()
                    .filter(|f| f.is_finite())
                    .map(|f| f.trunc() as i64)
            })
        }
        _ => None,
    }
}

fn parse_int(s: &str, base: i64) -> Option<i64> {
    let (neg, digits) = match s.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, s.strip_prefix('+').unwrap_or(s)),
    };
    let lower = digits.to_ascii_lowercase();
    let (radix, body) = match base {
        16 => (16, lower.strip_prefix("0x").unwrap_or(&lower).to_string()),
        8 => (8, lower.strip_prefix("0o").unwrap_or(&lower).to_string()),
        2 => (2, lower.strip_prefix("0b").unwrap_or(&lower).to_string()),
        0 => {
            if let Some(h) = lower.strip_prefix("0x") {
                (16, h.to_string())
            } else if let Some(o) = lower.strip_prefix("0o") {
                (8, o.to_string())
            } else if let Some(b) = lower.strip_prefix("0b") {
                (2, b.to_string())
            } else {
                (10, lower.clone())
            }
        }
        b => (b as u32, lower.clone()),
    };
    let n = i64::from_str_radix(&body, radix).ok()?;
    Some(if neg { -n } else { n })
}

/// Jinja2 `float(value, default=0.0)`.
fn float(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let default = a.get(0, "default").unwrap_or_else(|| Value::from(0.0));
    let f = match v.kind() {
        ValueKind::Bool => Some(if v.is_true() { 1.0 } else { 0.0 }),
        ValueKind::Number => f64::try_from(v.clone()).ok(),
        ValueKind::String => parse_py_float(v.as_str().unwrap_or_default()),
        _ => None,
    };
    Ok(f.map(Value::from).unwrap_or(default))
}

fn parse_py_float(s: &str) -> Option<f64> {
    let t = s.trim().replace('_', "");
    match t.to_ascii_lowercase().as_str() {
        "inf" | "+inf" | "infinity" => Some(f64::INFINITY),
        "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
        "nan" | "+nan" | "-nan" => Some(f64::NAN),
        _ => t.parse::<f64>().ok(),
    }
}

/// Jinja2 `round(value, precision=0, method='common')`.
fn round(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let precision = a.int_at(0, "precision")?.unwrap_or(0);
    let method = a.str_at(1, "method").unwrap_or_else(|| "common".into());
    let f = f64::try_from(v.clone()).map_err(|_| type_error("must be real number"))?;
    let m = 10f64.powi(precision as i32);
    let r = match method.as_str() {
        "ceil" => (f * m).ceil() / m,
        "floor" => (f * m).floor() / m,
        "common" => python_round(f, m),
        _ => return Err(type_error("method must be 'common', 'ceil' or 'floor'")),
    };
    if v.is_integer() && method == "common" {
        return Ok(Value::from(r as i64));
    }
    Ok(Value::from(r))
}

/// Python's `round()`: banker's rounding on the decimal value.
fn python_round(f: f64, m: f64) -> f64 {
    let x = f * m;
    let r = x.round();
    let r = if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    };
    r / m
}

#[derive(Clone, Copy, PartialEq)]
enum RegexMode {
    Search,
    Match,
}

fn build_regex(pattern: &str, a: &PyArgs, from: usize) -> Result<regex::Regex, Error> {
    let mut b = regex::RegexBuilder::new(pattern);
    b.case_insensitive(a.bool_at(from, "ignorecase", false));
    b.multi_line(a.bool_at(from + 1, "multiline", false));
    b.build()
        .map_err(|e| Error::new(ErrorKind::InvalidOperation, format!("error: {e}")))
}

/// Salt's `regex_search` / `regex_match`: the match's groups as a tuple, or `None`. A
/// pattern without groups gives `()` in 3007 and `(whole match,)` in 3008 (Salt 3008 added
/// "Handle regular expressions which do not use grouping" to both filters).
fn regex_groups(state: &State, v: &Value, a: &PyArgs, mode: RegexMode) -> FilterResult {
    let pattern = a.str_at(0, "rgx").unwrap_or_default();
    let re = build_regex(&pattern, a, 1)?;
    let text = py_str(v);
    let caps = match mode {
        RegexMode::Search => re.captures(&text),
        RegexMode::Match => re
            .captures(&text)
            .filter(|c| c.get(0).is_some_and(|m| m.start() == 0)),
    };
    let Some(caps) = caps else {
        return Ok(Value::from(()));
    };
    let groups: Vec<Value> = caps
        .iter()
        .skip(1)
        .map(|g| {
            g.map(|m| Value::from(m.as_str()))
                .unwrap_or_else(|| Value::from(()))
        })
        .collect();
    if groups.is_empty() && super::salt_compat(state).is_3008() {
        let whole = caps.get(0).map(|m| m.as_str()).unwrap_or_default();
        return Ok(Value::from_object(minijinja::value::Tuple::new(vec![
            Value::from(whole),
        ])));
    }
    Ok(Value::from_object(minijinja::value::Tuple::new(groups)))
}

/// Salt's `regex_replace` (Python `re.sub`; `\1` backreferences).
fn regex_replace(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let pattern = a.str_at(0, "rgx").unwrap_or_default();
    let repl = a.str_at(1, "val").unwrap_or_default();
    let re = build_regex(&pattern, &a, 2)?;
    let repl = python_repl_to_rust(&repl);
    Ok(Value::from(
        re.replace_all(&py_str(&v), repl.as_str()).into_owned(),
    ))
}

/// `\1`, `\g<name>` -> `${1}`, `${name}`; `$` escaped.
fn python_repl_to_rust(repl: &str) -> String {
    let mut out = String::new();
    let mut chars = repl.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '$' => out.push_str("$$"),
            '\\' => match chars.peek().copied() {
                Some(d) if d.is_ascii_digit() => {
                    let mut n = String::new();
                    while let Some(&d) = chars.peek() {
                        if d.is_ascii_digit() && n.len() < 2 {
                            n.push(d);
                            chars.next();
                        } else {
                            break;
                        }
                    }
                    out.push_str(&format!("${{{n}}}"));
                }
                Some('g') => {
                    chars.next();
                    if chars.peek() == Some(&'<') {
                        chars.next();
                        let name: String = chars.by_ref().take_while(|&c| c != '>').collect();
                        out.push_str(&format!("${{{name}}}"));
                    } else {
                        out.push_str("\\g");
                    }
                }
                Some('n') => {
                    chars.next();
                    out.push('\n');
                }
                Some('t') => {
                    chars.next();
                    out.push('\t');
                }
                Some('\\') => {
                    chars.next();
                    out.push('\\');
                }
                _ => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    out
}

/// Python `re.escape` (3.7+: only special characters).
fn python_re_escape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if "()[]{}?*+-|^$\\.&~# \t\n\r\x0b\x0c".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// Salt's `to_bool`.
pub fn to_bool(v: &Value) -> bool {
    match v.kind() {
        ValueKind::None | ValueKind::Undefined => false,
        ValueKind::Bool => v.is_true(),
        ValueKind::String => matches!(
            v.as_str().unwrap_or_default().to_lowercase().as_str(),
            "yes" | "1" | "true"
        ),
        ValueKind::Number if v.is_integer() => v.as_i64().unwrap_or(0) > 0,
        ValueKind::Seq | ValueKind::Map => !v.is_tuple() && v.len().unwrap_or(0) > 0,
        _ => false,
    }
}

/// Salt's `to_num`: int, else float, else the value unchanged.
pub(super) fn to_num(_: &State, v: Value, _: PyArgs) -> FilterResult {
    let Some(s) = v.as_str() else { return Ok(v) };
    if let Ok(i) = s.trim().parse::<i64>() {
        return Ok(Value::from(i));
    }
    if let Some(f) = parse_py_float(s) {
        return Ok(Value::from(f));
    }
    Ok(v)
}

/// Salt's `path_join` (salt.utils.path.join): parts normalized, leading slashes of all but
/// the first stripped, joined and normalized.
fn path_join(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let parts: Vec<String> = a.pos.iter().map(py_str).collect();
    Ok(Value::from(salt_join(&py_str(&v), &parts)))
}

/// `salt.utils.path.join(root, part)`.
pub(super) fn salt_path_join(root: &str, part: &str) -> String {
    salt_join(root, &[part.to_string()])
}

fn salt_join(root: &str, parts: &[String]) -> String {
    let root = posix_normpath(root);
    if parts.is_empty() {
        return root;
    }
    let mut out = root;
    for p in parts.iter().map(|p| posix_normpath(p)) {
        let p = p.trim_start_matches('/');
        if out.is_empty() || out.ends_with('/') {
            out.push_str(p);
        } else {
            out.push('/');
            out.push_str(p);
        }
    }
    posix_normpath(&out)
}

/// `posixpath.normpath`.
fn posix_normpath(p: &str) -> String {
    if p.is_empty() {
        return ".".into();
    }
    let lead = if p.starts_with("//") && !p.starts_with("///") {
        "//"
    } else if p.starts_with('/') {
        "/"
    } else {
        ""
    };
    let mut parts: Vec<&str> = Vec::new();
    for c in p.split('/') {
        match c {
            "" | "." => {}
            ".." => {
                if parts.last().is_some_and(|x| *x != "..") {
                    parts.pop();
                } else if lead.is_empty() {
                    parts.push("..");
                }
            }
            c => parts.push(c),
        }
    }
    let body = parts.join("/");
    let out = format!("{lead}{body}");
    if out.is_empty() {
        ".".into()
    } else {
        out
    }
}

/// markupsafe's `escape`.
fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&#34;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// `urllib.parse.quote(s, safe)`.
fn url_quote(s: &str, safe: &str) -> String {
    let mut out = String::new();
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"_.-~".contains(&b) || safe.as_bytes().contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Jinja2 `urlencode`: a string is quoted (`/` kept); a dict or sequence of pairs becomes a
/// query string with `+` for spaces.
fn urlencode(_: &State, v: Value, _: PyArgs) -> FilterResult {
    let qs = |x: &Value| url_quote(&py_str(x), "").replace("%20", "+");
    if let Some(s) = v.as_str() {
        return Ok(Value::from(url_quote(s, "/")));
    }
    let pairs: Vec<(Value, Value)> = match crate::methods::map_entries(&v) {
        Some(e) => e,
        None => crate::methods::seq_items(&v)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|p| {
                let kv = crate::methods::seq_items(&p)?;
                Some((kv.first()?.clone(), kv.get(1)?.clone()))
            })
            .collect(),
    };
    let parts: Vec<String> = pairs
        .iter()
        .map(|(k, x)| format!("{}={}", qs(k), qs(x)))
        .collect();
    Ok(Value::from(parts.join("&")))
}

/// Jinja2 `truncate(s, length=255, killwords=False, end='...', leeway=5)`.
fn truncate(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let s = py_str(&v);
    let length = a.int_at(0, "length")?.unwrap_or(255).max(0) as usize;
    let killwords = a.bool_at(1, "killwords", false);
    let end = a.str_at(2, "end").unwrap_or_else(|| "...".into());
    let leeway = a.int_at(3, "leeway")?.unwrap_or(5).max(0) as usize;
    let chars: Vec<char> = s.chars().collect();
    if chars.len() <= length + leeway {
        return Ok(Value::from(s));
    }
    let keep: String = chars[..length.saturating_sub(end.chars().count())]
        .iter()
        .collect();
    if killwords {
        return Ok(Value::from(format!("{keep}{end}")));
    }
    let result = keep
        .rsplit_once(' ')
        .map(|(h, _)| h.to_string())
        .unwrap_or(keep);
    Ok(Value::from(format!("{result}{end}")))
}

/// Jinja2 `wordwrap(s, width=79, break_long_words=True, wrapstring='\n')` (textwrap,
/// greedy on whitespace, per existing line).
fn wordwrap(_: &State, v: Value, a: PyArgs) -> FilterResult {
    let width = a.int_at(0, "width")?.unwrap_or(79).max(1) as usize;
    let wrapstring = a.str_at(2, "wrapstring").unwrap_or_else(|| "\n".into());
    let mut lines_out = Vec::new();
    for line in pystr::splitlines(&py_str(&v), false) {
        let mut cur = String::new();
        for word in line.split_whitespace() {
            if !cur.is_empty() && cur.chars().count() + 1 + word.chars().count() > width {
                lines_out.push(std::mem::take(&mut cur));
            }
            if !cur.is_empty() {
                cur.push(' ');
            }
            cur.push_str(word);
        }
        lines_out.push(cur);
    }
    Ok(Value::from(lines_out.join(&wrapstring)))
}

fn snake_case(s: &str) -> String {
    let mut out = String::new();
    let chars: Vec<char> = s.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let prev_lower =
                i > 0 && (chars[i - 1].is_lowercase() || chars[i - 1].is_ascii_digit());
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
            if i > 0 && (prev_lower || (next_lower && chars[i - 1].is_uppercase())) {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

fn camel_case(s: &str, upper: bool) -> String {
    let mut out = String::new();
    for (i, word) in s.split('_').enumerate() {
        if i == 0 && !upper {
            out.push_str(word);
        } else {
            out.push_str(&pystr::capitalize(word));
        }
    }
    out
}
