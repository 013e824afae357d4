//! Salt's `pprint` outputter (salt/output/pprint_out.py): Python's `pprint.pformat(data,
//! indent=N)` with its default width of 80 and `sort_dicts=True`. The layout follows
//! CPython 3.11's `PrettyPrinter` (`_format`, `_pprint_dict`, `_pprint_list`,
//! `_pprint_str`, `_format_dict_items`, `_format_items`) step for step: a value goes on one
//! line (its repr, dict keys sorted) when that fits in what is left of the line, else it is
//! broken up one item a line; a long string is split after its white space into adjacent
//! string literals. Widths count characters, as Python's `len` does.

use halite_value::Value;
use std::cmp::Ordering;

const WIDTH: i64 = 80;

/// `pprint.pformat(data, indent=indent)` (`indent` is 1 unless the minion's `output_indent`
/// is set and not negative).
pub fn pformat(data: &Value, indent: usize) -> String {
    let p = Printer {
        indent_per_level: indent as i64,
    };
    let mut out = String::new();
    p.format(data, &mut out, 0, 0, 0);
    out
}

struct Printer {
    indent_per_level: i64,
}

fn width(s: &str) -> i64 {
    s.chars().count() as i64
}

impl Printer {
    /// `_format`: the one-line repr when it fits, else the type's multi-line printer.
    fn format(&self, v: &Value, out: &mut String, indent: i64, allowance: i64, level: usize) {
        let rep = safe_repr(v);
        if width(&rep) > WIDTH - indent - allowance {
            match v {
                Value::Map(_) => return self.pprint_dict(v, out, indent, allowance, level + 1),
                Value::List(l) => {
                    out.push('[');
                    self.format_items(l, out, indent, allowance + 1, level + 1);
                    out.push(']');
                    return;
                }
                Value::Str(s) => return self.pprint_str(s, out, indent, allowance, level + 1),
                _ => {}
            }
        }
        out.push_str(&rep);
    }

    fn pprint_dict(&self, v: &Value, out: &mut String, indent: i64, allowance: i64, level: usize) {
        let Value::Map(m) = v else { return };
        out.push('{');
        if self.indent_per_level > 1 {
            push_spaces(out, self.indent_per_level - 1);
        }
        if !m.is_empty() {
            let items = sorted_items(v);
            // _format_dict_items
            let allowance = allowance + 1;
            let indent = indent + self.indent_per_level;
            let last_index = items.len() - 1;
            for (i, (k, ent)) in items.into_iter().enumerate() {
                let last = i == last_index;
                let rep = safe_repr(k);
                out.push_str(&rep);
                out.push_str(": ");
                self.format(
                    ent,
                    out,
                    indent + width(&rep) + 2,
                    if last { allowance } else { 1 },
                    level,
                );
                if !last {
                    out.push_str(",\n");
                    push_spaces(out, indent);
                }
            }
        }
        out.push('}');
    }

    /// `_format_items` (not compact): one item a line.
    fn format_items(
        &self,
        items: &[Value],
        out: &mut String,
        indent: i64,
        allowance: i64,
        level: usize,
    ) {
        let indent = indent + self.indent_per_level;
        if self.indent_per_level > 1 {
            push_spaces(out, self.indent_per_level - 1);
        }
        let n = items.len();
        for (i, ent) in items.iter().enumerate() {
            let last = i + 1 == n;
            if i > 0 {
                out.push_str(",\n");
                push_spaces(out, indent);
            }
            self.format(ent, out, indent, if last { allowance } else { 1 }, level);
        }
    }

    fn pprint_str(&self, s: &str, out: &mut String, indent: i64, allowance: i64, level: usize) {
        if s.is_empty() {
            out.push_str(&py_str_repr(s));
            return;
        }
        let (mut indent, mut allowance) = (indent, allowance);
        if level == 1 {
            indent += 1;
            allowance += 1;
        }
        let max_width = WIDTH - indent;
        let mut max_width1 = max_width;
        let lines = splitlines_keepends(s);
        let mut chunks: Vec<String> = Vec::new();
        let mut rep = String::new();
        for (i, line) in lines.iter().enumerate() {
            rep = py_str_repr(line);
            if i == lines.len() - 1 {
                max_width1 -= allowance;
            }
            if width(&rep) <= max_width1 {
                chunks.push(rep.clone());
            } else {
                // re.findall(r'\S*\s*', line), less the empty match at the end
                let parts = space_parts(line);
                let mut max_width2 = max_width;
                let mut current = String::new();
                for (j, part) in parts.iter().enumerate() {
                    let candidate = format!("{current}{part}");
                    if j == parts.len() - 1 && i == lines.len() - 1 {
                        max_width2 -= allowance;
                    }
                    if width(&py_str_repr(&candidate)) > max_width2 {
                        if !current.is_empty() {
                            chunks.push(py_str_repr(&current));
                        }
                        current = part.to_string();
                    } else {
                        current = candidate;
                    }
                }
                if !current.is_empty() {
                    chunks.push(py_str_repr(&current));
                }
            }
        }
        if chunks.len() == 1 {
            // Python writes `rep`, the last line's repr (the only line here).
            out.push_str(&rep);
            return;
        }
        if level == 1 {
            out.push('(');
        }
        for (i, c) in chunks.iter().enumerate() {
            if i > 0 {
                out.push('\n');
                push_spaces(out, indent);
            }
            out.push_str(c);
        }
        if level == 1 {
            out.push(')');
        }
    }
}

fn push_spaces(out: &mut String, n: i64) {
    for _ in 0..n.max(0) {
        out.push(' ');
    }
}

/// Python's `repr(str)`.
fn py_str_repr(s: &str) -> String {
    Value::str(s).py_repr()
}

/// `_safe_repr`: `repr`, with dict keys sorted.
fn safe_repr(v: &Value) -> String {
    match v {
        Value::Map(m) if !m.is_empty() => {
            let items: Vec<String> = sorted_items(v)
                .into_iter()
                .map(|(k, v)| format!("{}: {}", safe_repr(k), safe_repr(v)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Value::List(l) if !l.is_empty() => {
            let items: Vec<String> = l.iter().map(safe_repr).collect();
            format!("[{}]", items.join(", "))
        }
        other => other.py_repr(),
    }
}

/// `sorted(d.items(), key=_safe_tuple)`: keys compared as Python compares them; keys of
/// types Python cannot order against each other fall back to their type's name (Python then
/// orders by `id()`, which is arbitrary).
fn sorted_items(v: &Value) -> Vec<(&Value, &Value)> {
    let Value::Map(m) = v else {
        return Vec::new();
    };
    let mut items: Vec<(&Value, &Value)> = m.iter().collect();
    items.sort_by(|a, b| py_cmp(a.0, b.0));
    items
}

fn py_cmp(a: &Value, b: &Value) -> Ordering {
    fn num(v: &Value) -> Option<f64> {
        match v {
            Value::Bool(b) => Some(*b as i64 as f64),
            Value::Int(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            _ => None,
        }
    }
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.as_str().cmp(y.as_str()),
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        _ => match (num(a), num(b)) {
            (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(Ordering::Equal),
            _ => type_name(a).cmp(type_name(b)),
        },
    }
}

/// `str(type(v))`, by which `_safe_key` orders values of unorderable types.
fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "<class 'NoneType'>",
        Value::Bool(_) => "<class 'bool'>",
        Value::Int(_) => "<class 'int'>",
        Value::Float(_) => "<class 'float'>",
        Value::Str(_) => "<class 'str'>",
        Value::List(_) => "<class 'list'>",
        Value::Map(_) => "<class 'dict'>",
    }
}

/// `str.splitlines(True)`: Python's line boundaries, each kept with its line.
fn splitlines_keepends(s: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut it = s.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        let end = match c {
            '\r' => match it.peek() {
                Some((_, '\n')) => {
                    it.next();
                    i + 2
                }
                _ => i + 1,
            },
            '\n' | '\x0b' | '\x0c' | '\x1c' | '\x1d' | '\x1e' | '\u{85}' | '\u{2028}'
            | '\u{2029}' => i + c.len_utf8(),
            _ => continue,
        };
        lines.push(&s[start..end]);
        start = end;
    }
    if start < s.len() {
        lines.push(&s[start..]);
    }
    lines
}

/// `re.findall(r'\S*\s*', line)` without its final empty match: runs of non-space
/// followed by the white space after them (Python's Unicode `\s`).
fn space_parts(line: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let mut start = 0;
    let mut in_space = false;
    for (i, c) in line.char_indices() {
        let space = is_py_space(c);
        if !space && in_space {
            parts.push(&line[start..i]);
            start = i;
        }
        in_space = space;
    }
    if start < line.len() {
        parts.push(&line[start..]);
    }
    parts
}

/// Python's `str.isspace` for one character (what `\s` matches in a str pattern).
fn is_py_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\x1c'..='\x1f')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splitlines_and_parts_follow_python() {
        assert_eq!(
            splitlines_keepends("a\nb\r\nc\rd"),
            ["a\n", "b\r\n", "c\r", "d"]
        );
        assert_eq!(splitlines_keepends("a\n"), ["a\n"]);
        assert_eq!(space_parts("ab  cd e "), ["ab  ", "cd ", "e "]);
        assert_eq!(space_parts("ab  cd e"), ["ab  ", "cd ", "e"]);
        assert_eq!(space_parts("  x"), ["  ", "x"]);
    }
}
