//! Salt's `table` outputter (salt/output/table_out.py) and Salt 3007's `profile` outputter
//! (salt/output/profile.py, removed in 3008), which prints a state run's durations through
//! the table outputter.
//!
//! `--out table` walks a return as Salt's `TableDisplay.display` does: each dict key (sorted)
//! as a `key:` line over `----------`, nested dicts indented by four, and a list value as a
//! table (rows of strings, of lists of strings, or of dicts whose sorted keys, title-cased,
//! are the header). Where Salt's outputter raises (a row holding a number or None, keys of
//! mixed types, a return profile cannot iterate) salt-call's fallback to nested asks for the
//! same outputter again (the `--out` option wins in `get_printout`), so salt-call ends in its
//! global exception handler: nothing on standard output, exit status 1. [`table`] and
//! [`profile`] return the Python exception's text there. Salt's quirks are kept: a row whose cells wrap to different numbers of
//! lines shows only as many lines as its shortest cell (`map` over the cells stops at the
//! shortest), columns are cut to the shortest row, and `out.table.title` prints the
//! colour code where the title belongs (the arguments are swapped in Salt's call).

use halite_value::{Map, Value};

/// The minion options `out.table.*` (Salt's `TableDisplay` keyword arguments).
#[derive(Debug, Clone)]
pub struct TableOptions {
    pub has_header: bool,
    pub row_delimiter: String,
    pub delim: String,
    pub justify: String,
    pub separate_rows: bool,
    pub prefix: String,
    pub suffix: String,
    pub width: usize,
    pub nested_indent: usize,
    pub rows_key: Option<String>,
    pub labels_key: Option<String>,
    pub title: Option<String>,
}

impl Default for TableOptions {
    fn default() -> Self {
        TableOptions {
            has_header: true,
            row_delimiter: "-".into(),
            delim: " | ".into(),
            justify: "center".into(),
            separate_rows: true,
            prefix: "| ".into(),
            suffix: " |".into(),
            width: 50,
            nested_indent: 0,
            rows_key: None,
            labels_key: None,
            title: None,
        }
    }
}

impl TableOptions {
    /// `kwargs.get(k) or __opts__.get("out.table." + k)`: a falsy option keeps the default.
    pub fn from_opts(m: &Map) -> TableOptions {
        let mut t = TableOptions::default();
        let get = |k: &str| {
            m.get(format!("out.table.{k}").as_str())
                .filter(|v| v.truthy())
        };
        let text = |k: &str| get(k).map(Value::py_str);
        if let Some(v) = get("has_header") {
            t.has_header = v.truthy();
        }
        if let Some(v) = get("separate_rows") {
            t.separate_rows = v.truthy();
        }
        for (k, slot) in [
            ("row_delimiter", &mut t.row_delimiter),
            ("delim", &mut t.delim),
            ("justify", &mut t.justify),
            ("prefix", &mut t.prefix),
            ("suffix", &mut t.suffix),
        ] {
            if let Some(s) = text(k) {
                *slot = s;
            }
        }
        if let Some(Value::Int(w)) = get("width") {
            t.width = (*w).max(0) as usize;
        }
        if let Some(Value::Int(n)) = get("nested_indent") {
            t.nested_indent = (*n).max(0) as usize;
        }
        t.rows_key = text("rows_key");
        t.labels_key = text("labels_key");
        t.title = text("title");
        t
    }
}

/// The colour codes `TableDisplay` uses (salt.utils.color.get_colors), empty without colour.
struct Colors {
    light_gray: &'static str,
    white: &'static str,
    dark_gray: &'static str,
    endc: &'static str,
}

const COLORS: Colors = Colors {
    light_gray: "\x1b[0;37m",
    white: "\x1b[1;37m",
    dark_gray: "\x1b[1;30m",
    endc: "\x1b[0;0m",
};
const NO_COLORS: Colors = Colors {
    light_gray: "",
    white: "",
    dark_gray: "",
    endc: "",
};

struct Display<'a> {
    o: &'a TableOptions,
    c: &'a Colors,
}

/// Salt raised inside the outputter: the Python exception, as `TypeError: ...`.
#[derive(Debug)]
struct Fallback(String);

fn type_error(msg: impl Into<String>) -> Fallback {
    Fallback(format!("TypeError: {}", msg.into()))
}

fn attribute_error(v: &Value) -> Fallback {
    Fallback(format!(
        "AttributeError: '{}' object has no attribute 'split'",
        v.type_name()
    ))
}

/// `--out table`: the text, or the exception Salt's outputter raises (salt-call then prints
/// nothing and exits 1).
pub fn table(data: &Value, opts: &TableOptions, color: bool) -> Result<String, String> {
    let d = Display {
        o: opts,
        c: if color { &COLORS } else { &NO_COLORS },
    };
    let mut out = Vec::new();
    if let (Some(title), Some(_)) = (&opts.title, &opts.rows_key) {
        // ustring(base_indent, title, WHITE, suffix="\n"): colour and message swapped
        out.push(format!(
            "{}{title}{}{}\n",
            " ".repeat(opts.nested_indent),
            d.c.white,
            d.c.endc
        ));
    }
    d.display(
        data,
        opts.nested_indent,
        &mut out,
        opts.rows_key.as_deref(),
        opts.labels_key.as_deref(),
    )
    .map_err(|e| e.0)?;
    Ok(out.join("\n").trim_end().to_string())
}

/// Salt 3007's `--out profile`: one row per state (name, `mod.fun`, duration in ms), sorted
/// by duration, through the table outputter with `rows_key`/`labels_key`; the exception
/// where Salt's outputter raises (a return that is not iterable).
pub fn profile(data: &Value, opts: &TableOptions, color: bool) -> Result<String, String> {
    let rows = find_durations(data).map_err(|e| e.0)?;
    let mut to_show = Map::new();
    to_show.insert(
        "labels",
        Value::List(
            ["name", "mod.fun", "duration (ms)"]
                .into_iter()
                .map(Value::str)
                .collect(),
        ),
    );
    to_show.insert("rows", Value::List(rows.into()));
    let opts = TableOptions {
        rows_key: Some("rows".into()),
        labels_key: Some("labels".into()),
        ..opts.clone()
    };
    table(&Value::Map(to_show), &opts, color)
}

/// profile.py `_find_durations(data, name_max=60)`.
fn find_durations(data: &Value) -> Result<Vec<Value>, Fallback> {
    const NAME_MAX: usize = 60;
    let Value::Map(hosts) = data else {
        return Err(type_error("'NoneType' object is not iterable"));
    };
    let mut ml = "duration (ms)".len();
    let mut ret: Vec<(f64, String, String)> = Vec::new();
    for host_ret in hosts.values() {
        // `for sid in data[host]` then `data[host][sid]`: a list or a string is iterated
        // and indexing it by its items raises TypeError, which gives `{}`.
        let entries: Vec<(String, Value)> = match host_ret {
            Value::Map(m) => m
                .iter()
                .map(|(k, v)| {
                    let dat = match v {
                        Value::Map(_) => v.clone(),
                        _ => {
                            let mut d = Map::new();
                            d.insert("name", Value::str(k.py_str()));
                            Value::Map(d)
                        }
                    };
                    (k.py_str(), dat)
                })
                .collect(),
            Value::List(l) => l
                .iter()
                .map(|v| (v.py_str(), Value::Map(Map::new())))
                .collect(),
            Value::Str(s) => s
                .chars()
                .map(|c| (c.to_string(), Value::Map(Map::new())))
                .collect(),
            other => {
                return Err(type_error(format!(
                    "'{}' object is not iterable",
                    other.type_name()
                )))
            }
        };
        for (sid, dat) in entries {
            let parts: Vec<&str> = sid.split("_|-").collect();
            let module = parts[0];
            let fun = parts[parts.len() - 1];
            let Value::Map(d) = &dat else {
                continue;
            };
            let name = match d.get("name").or_else(|| d.get("__id__")) {
                None | Some(Value::Null) => "<>".to_string(),
                Some(Value::Str(s)) => s.to_string(),
                Some(other) => {
                    return Err(type_error(format!(
                        "object of type '{}' has no len()",
                        other.type_name()
                    )))
                }
            };
            let name = if name.chars().count() > NAME_MAX {
                let head: String = name.chars().take(NAME_MAX - 3).collect();
                format!("{head}...")
            } else {
                name
            };
            let dur = match d.get("duration") {
                None => -1.0,
                Some(Value::Float(f)) => *f,
                Some(Value::Int(i)) => *i as f64,
                Some(Value::Bool(b)) => *b as i64 as f64,
                Some(Value::Str(s)) => s.trim().parse::<f64>().map_err(|_| {
                    Fallback(format!(
                        "ValueError: could not convert string to float: {}",
                        Value::str(s.as_str()).py_repr()
                    ))
                })?,
                Some(other) => {
                    return Err(type_error(format!(
                        "float() argument must be a string or a real number, not '{}'",
                        other.type_name()
                    )))
                }
            };
            ml = ml.max(format!("{dur:.4}").len());
            ret.push((dur, name, format!("{module}.{fun}")));
        }
    }
    ret.sort_by(|a, b| {
        a.0.partial_cmp(&b.0)
            .unwrap_or(std::cmp::Ordering::Equal)
            .then_with(|| a.1.cmp(&b.1))
            .then_with(|| a.2.cmp(&b.2))
    });
    Ok(ret
        .into_iter()
        .map(|(dur, name, modfun)| {
            Value::List(
                vec![
                    Value::str(name),
                    Value::str(modfun),
                    Value::str(format!("{dur:>ml$.4}")),
                ]
                .into(),
            )
        })
        .collect())
}

impl Display<'_> {
    /// `ustring(indent, color, msg, prefix, suffix)`.
    fn ustring(&self, indent: usize, color: &str, msg: &str, suffix: &str) -> String {
        format!("{}{color}{msg}{}{suffix}", " ".repeat(indent), self.c.endc)
    }

    /// `TableDisplay.display`.
    fn display(
        &self,
        ret: &Value,
        indent: usize,
        out: &mut Vec<String>,
        rows_key: Option<&str>,
        labels_key: Option<&str>,
    ) -> Result<(), Fallback> {
        match ret {
            Value::Map(m) => {
                let found = rows_key.is_none_or(|k| m.contains_key(k));
                let keys = sorted_keys(m)?;
                if found {
                    for key in keys {
                        let key_s = key.py_str();
                        if rows_key.is_some_and(|k| k != key_s) {
                            continue;
                        }
                        let val = m.get_value(key).unwrap_or(&Value::Null);
                        if rows_key.is_none() {
                            out.push(self.ustring(indent, self.c.dark_gray, &key_s, ":"));
                            out.push(self.ustring(indent, self.c.dark_gray, "----------", ""));
                        }
                        if let Value::List(rows) = val {
                            let labels = labels_key.and_then(|k| m.get(k));
                            self.display_rows(rows, labels, indent, out)?;
                        } else {
                            self.display(val, indent + 4, out, rows_key, labels_key)?;
                        }
                    }
                } else {
                    for key in keys {
                        let val = m.get_value(key).unwrap_or(&Value::Null);
                        self.display(val, indent, out, rows_key, labels_key)?;
                    }
                }
            }
            Value::List(rows) if rows_key.is_none() => {
                self.display_rows(rows, None, indent, out)?
            }
            _ => {}
        }
        Ok(())
    }

    /// `TableDisplay.display_rows`.
    fn display_rows(
        &self,
        rows: &[Value],
        labels: Option<&Value>,
        indent: usize,
        out: &mut Vec<String>,
    ) -> Result<(), Fallback> {
        let Some(first) = rows.first() else {
            return Ok(());
        };
        if rows.iter().any(|r| !same_type(r, first)) {
            return Ok(());
        }
        // labels: a dict's values in key order, a list as it is; falsy means none
        let mut labels: Option<Vec<Value>> = match labels {
            Some(Value::Map(l)) if !l.is_empty() => Some(
                sorted_keys(l)?
                    .into_iter()
                    .map(|k| l.get_value(k).cloned().unwrap_or(Value::Null))
                    .collect(),
            ),
            Some(Value::List(l)) if !l.is_empty() => Some(l.to_vec()),
            Some(v) if v.truthy() => {
                return Err(type_error(format!(
                    "can only concatenate list (not \"{}\") to list",
                    v.type_name()
                )))
            }
            _ => None,
        };
        let rows: Vec<Vec<Value>> = match first {
            Value::Map(first_map) => {
                if labels.is_none() {
                    labels = Some(
                        sorted_keys(first_map)?
                            .into_iter()
                            .map(|k| Value::str(py_title(&k.py_str().replace('_', " "))))
                            .collect(),
                    );
                }
                let mut out_rows = Vec::new();
                for r in rows {
                    let Value::Map(rm) = r else {
                        return Err(type_error("rows of different types"));
                    };
                    let row = sorted_keys(rm)?
                        .into_iter()
                        .map(|k| Value::str(rm.get_value(k).map(Value::py_str).unwrap_or_default()))
                        .collect();
                    out_rows.push(row);
                }
                out_rows
            }
            Value::Str(_) => rows.iter().map(|r| vec![r.clone()]).collect(),
            Value::List(_) => rows
                .iter()
                .map(|r| match r {
                    Value::List(l) => l.to_vec(),
                    _ => Vec::new(),
                })
                .collect(),
            other => {
                return Err(type_error(format!(
                    "'{}' object is not iterable",
                    other.type_name()
                )))
            }
        };
        let has_header = self.o.has_header && labels.is_some();
        let mut all = Vec::new();
        if let Some(l) = labels {
            all.push(l);
        }
        all.extend(rows);
        self.prepare_rows(&all, indent + 4, has_header, out)
    }

    /// `TableDisplay.prepare_rows`.
    fn prepare_rows(
        &self,
        rows: &[Vec<Value>],
        indent: usize,
        mut has_header: bool,
        out: &mut Vec<String>,
    ) -> Result<(), Fallback> {
        // row_wrapper: each cell wrapped and split into lines; the physical lines are
        // `map(lambda *a: a, *cells)`, as many as the shortest cell has.
        let mut logical: Vec<Vec<Vec<String>>> = Vec::new();
        for row in rows {
            let mut cells = Vec::new();
            for item in row {
                let Value::Str(s) = item else {
                    // wrap_onspace calls text.split: only strings have it
                    return Err(attribute_error(item));
                };
                let wrapped = self.wrap_onspace(s);
                cells.push(wrapped.split('\n').map(str::to_string).collect::<Vec<_>>());
            }
            let n = cells.iter().map(Vec::len).min().unwrap_or(0);
            let physical = (0..n)
                .map(|i| cells.iter().map(|c| c[i].clone()).collect())
                .collect();
            logical.push(physical);
        }
        let flat: Vec<&Vec<String>> = logical.iter().flatten().collect();
        let ncols = flat.iter().map(|r| r.len()).min().unwrap_or(0);
        let max_widths: Vec<usize> = (0..ncols)
            .map(|c| flat.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
            .collect();
        let sep_len = self.o.prefix.chars().count()
            + self.o.suffix.chars().count()
            + max_widths.iter().sum::<usize>()
            + self.o.delim.chars().count() * max_widths.len().saturating_sub(1);
        let separator = self.o.row_delimiter.repeat(sep_len);
        let justify = match self.o.justify.to_lowercase().as_str() {
            "center" => Justify::Center,
            "right" => Justify::Right,
            "left" => Justify::Left,
            other => return Err(Fallback(format!("KeyError: '{other}'"))),
        };
        if self.o.separate_rows {
            out.push(self.ustring(indent, self.c.light_gray, &separator, ""));
        }
        for physical in &logical {
            for row in physical {
                let cells: Vec<String> = row
                    .iter()
                    .zip(&max_widths)
                    .map(|(item, w)| justify.apply(item, *w))
                    .collect();
                let line = format!(
                    "{}{}{}",
                    self.o.prefix,
                    cells.join(&self.o.delim),
                    self.o.suffix
                );
                out.push(self.ustring(indent, self.c.white, &line, ""));
            }
            if self.o.separate_rows || has_header {
                out.push(self.ustring(indent, self.c.light_gray, &separator, ""));
                has_header = false;
            }
        }
        Ok(())
    }

    /// `wrap_onspace`: words joined by a space, or by a line break where the current line
    /// and the next word's first line would reach `width`.
    fn wrap_onspace(&self, text: &str) -> String {
        let mut words = text.split(' ');
        let mut line = words.next().unwrap_or_default().to_string();
        for word in words {
            let last_line = &line[line.rfind('\n').map_or(0, |i| i + 1)..];
            let first = word.split('\n').next().unwrap_or_default();
            let brk = last_line.chars().count() + first.chars().count() >= self.o.width;
            line.push(if brk { '\n' } else { ' ' });
            line.push_str(word);
        }
        line
    }
}

enum Justify {
    Center,
    Right,
    Left,
}

impl Justify {
    /// Python's `str.center` / `rjust` / `ljust`.
    fn apply(&self, s: &str, width: usize) -> String {
        let len = s.chars().count();
        if len >= width {
            return s.to_string();
        }
        let marg = width - len;
        let left = match self {
            Justify::Left => 0,
            Justify::Right => marg,
            // CPython: left = marg / 2 + (marg & width & 1)
            Justify::Center => marg / 2 + (marg & width & 1),
        };
        format!("{}{s}{}", " ".repeat(left), " ".repeat(marg - left))
    }
}

fn same_type(a: &Value, b: &Value) -> bool {
    std::mem::discriminant(a) == std::mem::discriminant(b)
}

/// `sorted(d)`: keys of one orderable kind (strings, or numbers); mixed kinds raise.
fn sorted_keys(m: &Map) -> Result<Vec<&Value>, Fallback> {
    let mut keys: Vec<&Value> = m.keys().collect();
    let all_str = keys.iter().all(|k| matches!(k, Value::Str(_)));
    let all_num = keys
        .iter()
        .all(|k| matches!(k, Value::Int(_) | Value::Float(_) | Value::Bool(_)));
    if !all_str && !all_num {
        return Err(type_error(
            "'<' not supported between instances of 'str' and 'int'",
        ));
    }
    if all_str {
        keys.sort_by_key(|k| k.py_str());
    } else {
        keys.sort_by(|a, b| {
            let f = |v: &Value| match v {
                Value::Int(i) => *i as f64,
                Value::Float(f) => *f,
                Value::Bool(b) => *b as i64 as f64,
                _ => 0.0,
            };
            f(a).partial_cmp(&f(b)).unwrap_or(std::cmp::Ordering::Equal)
        });
    }
    Ok(keys)
}

/// Python's `str.title()`: a cased letter after a cased letter is lowered, any other raised.
fn py_title(s: &str) -> String {
    let mut out = String::new();
    let mut prev_cased = false;
    for c in s.chars() {
        let cased = c.is_lowercase() || c.is_uppercase();
        if cased && prev_cased {
            out.extend(c.to_lowercase());
        } else if cased {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
        prev_cased = cased;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn center_follows_cpython() {
        // 'ab'.center(5) == '  ab ', 'abc'.center(6) == ' abc  ', 'a'.center(4) == ' a  '
        assert_eq!(Justify::Center.apply("ab", 5), "  ab ");
        assert_eq!(Justify::Center.apply("abc", 6), " abc  ");
        assert_eq!(Justify::Center.apply("a", 4), " a  ");
        assert_eq!(Justify::Center.apply("ab", 7), "   ab  ");
    }

    #[test]
    fn title_follows_python() {
        assert_eq!(py_title("duration ms"), "Duration Ms");
        assert_eq!(py_title("a1b c_d"), "A1B C_D");
        assert_eq!(py_title("HELLO world"), "Hello World");
    }
}
