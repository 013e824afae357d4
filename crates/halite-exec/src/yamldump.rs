//! `yaml.dump(obj, Dumper=SafeDumper, default_flow_style=None)` as Salt's `yaml` serializer
//! calls it (keys sorted, `allow_unicode=False`, width 80), with the trailing `\n` or
//! `\n...\n` removed. Collections holding only scalars are written in flow style.
//!
//! Known gaps against PyYAML: long plain scalars are not folded, and multi-line strings use a
//! simplified single-quoted layout.

use halite_value::{Map, Value};

pub fn dump(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Map(m) if !m.is_empty() && !is_simple(v) => block_map(m, 0, &mut out),
        Value::List(l) if !l.is_empty() && !is_simple(v) => block_seq(l, 0, &mut out),
        Value::Map(_) | Value::List(_) => {
            let mut col = 0;
            flow(v, 2, &mut out, &mut col);
            out.push('\n');
        }
        scalar => {
            out.push_str(&scalar_text(scalar, false, 0));
            out.push_str("\n...\n");
        }
    }
    if let Some(s) = out.strip_suffix("\n...\n") {
        return s.to_string();
    }
    out.strip_suffix('\n').map(str::to_string).unwrap_or(out)
}

fn is_scalar(v: &Value) -> bool {
    !matches!(v, Value::Map(_) | Value::List(_))
}

/// PyYAML's `best_style`: a collection whose items are all scalars is written in flow style.
fn is_simple(v: &Value) -> bool {
    match v {
        Value::Map(m) => m.iter().all(|(k, v)| is_scalar(k) && is_scalar(v)),
        Value::List(l) => l.iter().all(is_scalar),
        _ => true,
    }
}

fn sorted(m: &Map) -> Vec<(&Value, &Value)> {
    let mut items: Vec<(&Value, &Value)> = m.iter().collect();
    items.sort_by_key(|a| sort_key(a.0));
    items
}

fn sort_key(v: &Value) -> (u8, String) {
    match v {
        Value::Str(s) => (1, s.clone()),
        other => (0, format!("{:>40}", other.py_str())),
    }
}

fn block_map(m: &Map, indent: usize, out: &mut String) {
    for (k, v) in sorted(m) {
        out.push_str(&" ".repeat(indent));
        out.push_str(&scalar_text(k, false, indent));
        out.push(':');
        write_block_value(v, indent, true, out);
    }
}

fn write_block_value(v: &Value, indent: usize, in_map: bool, out: &mut String) {
    match v {
        Value::Map(m) if !m.is_empty() && !is_simple(v) => {
            out.push('\n');
            block_map(m, indent + 2, out);
        }
        // Sequences inside a mapping are not indented (PyYAML's indentless sequences).
        Value::List(l) if !l.is_empty() && !is_simple(v) => {
            out.push('\n');
            block_seq(l, if in_map { indent } else { indent + 2 }, out);
        }
        Value::Map(_) | Value::List(_) => {
            out.push(' ');
            let mut col = out.len() - out.rfind('\n').map(|i| i + 1).unwrap_or(0);
            flow(v, indent + 2, out, &mut col);
            out.push('\n');
        }
        s => {
            out.push(' ');
            out.push_str(&scalar_text(s, false, indent + 2));
            out.push('\n');
        }
    }
}

fn block_seq(l: &[Value], indent: usize, out: &mut String) {
    for item in l {
        out.push_str(&" ".repeat(indent));
        out.push('-');
        match item {
            Value::Map(m) if !m.is_empty() && !is_simple(item) => {
                // The first key goes on the dash line.
                let mut inner = String::new();
                block_map(m, indent + 2, &mut inner);
                out.push(' ');
                out.push_str(inner.trim_start_matches(' '));
            }
            Value::List(sub) if !sub.is_empty() && !is_simple(item) => {
                let mut inner = String::new();
                block_seq(sub, indent + 2, &mut inner);
                out.push(' ');
                out.push_str(inner.trim_start_matches(' '));
            }
            _ => write_block_value(item, indent, false, out),
        }
    }
}

/// Flow collections, wrapped when the column passes 80 as PyYAML's emitter does.
fn flow(v: &Value, indent: usize, out: &mut String, col: &mut usize) {
    let push = |out: &mut String, col: &mut usize, s: &str| {
        out.push_str(s);
        // A multi-line scalar restarts the column count, as the emitter's does.
        match s.rfind('\n') {
            Some(i) => *col = s[i + 1..].chars().count(),
            None => *col += s.chars().count(),
        }
    };
    let wrap = |out: &mut String, col: &mut usize| {
        if *col > 80 {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            *col = indent;
        }
    };
    match v {
        Value::List(l) => {
            push(out, col, "[");
            for (i, item) in l.iter().enumerate() {
                if i > 0 {
                    push(out, col, ",");
                    if *col > 80 {
                        wrap(out, col);
                    } else {
                        push(out, col, " ");
                    }
                }
                let s = scalar_text(item, true, indent + 2);
                push(out, col, &s);
            }
            push(out, col, "]");
        }
        Value::Map(m) => {
            push(out, col, "{");
            for (i, (k, val)) in sorted(m).into_iter().enumerate() {
                if i > 0 {
                    push(out, col, ",");
                    if *col > 80 {
                        wrap(out, col);
                    } else {
                        push(out, col, " ");
                    }
                }
                let ks = scalar_text(k, true, indent + 2);
                push(out, col, &ks);
                push(out, col, ": ");
                let vs = scalar_text(val, true, indent + 2);
                push(out, col, &vs);
            }
            push(out, col, "}");
        }
        s => {
            let t = scalar_text(s, true, indent + 2);
            push(out, col, &t);
        }
    }
}

fn float_text(f: f64) -> String {
    if f.is_nan() {
        return ".nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 {
            ".inf".into()
        } else {
            "-.inf".into()
        };
    }
    let r = halite_value::py_float_repr(f).to_lowercase();
    if !r.contains('.') && r.contains('e') {
        r.replacen('e', ".0e", 1)
    } else {
        r
    }
}

fn scalar_text(v: &Value, in_flow: bool, indent: usize) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => if *b { "true" } else { "false" }.into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => float_text(*f),
        Value::Str(s) => str_text(s, in_flow, indent),
        other => other.py_str(),
    }
}

/// Would PyYAML's implicit resolvers read this plain scalar as something other than a str?
fn resolves_to_non_str(s: &str) -> bool {
    use std::sync::OnceLock;
    static RE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let re = RE.get_or_init(|| {
        regex::Regex::new(concat!(
            r"^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF",
            r"|~|null|Null|NULL|<<|=",
            r"|[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+",
            r"|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+",
            r"|[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?",
            r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)",
            r"|[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]",
            r"|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?",
            r")$"
        ))
        .ok()
    });
    s.is_empty() || re.as_ref().is_some_and(|r| r.is_match(s))
}

/// PyYAML's `analyze_scalar` + `choose_scalar_style` for a str.
fn str_text(s: &str, in_flow: bool, indent: usize) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut flow_ind = false;
    let mut block_ind = false;
    let mut special = false;
    let mut line_breaks = false;
    if s.starts_with("---") || s.starts_with("...") {
        flow_ind = true;
        block_ind = true;
    }
    for (i, &ch) in chars.iter().enumerate() {
        let followed_ws = chars
            .get(i + 1)
            .is_none_or(|c| matches!(c, ' ' | '\t' | '\n'));
        let preceded_ws = i > 0 && matches!(chars[i - 1], ' ' | '\t' | '\n');
        if i == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(ch) {
                flow_ind = true;
                block_ind = true;
            }
            if ch == '?' || ch == ':' {
                flow_ind = true;
                if followed_ws {
                    block_ind = true;
                }
            }
            if ch == '-' && followed_ws {
                flow_ind = true;
                block_ind = true;
            }
        } else {
            if ",?[]{}".contains(ch) {
                flow_ind = true;
            }
            if ch == ':' {
                flow_ind = true;
                if followed_ws {
                    block_ind = true;
                }
            }
            if ch == '#' && preceded_ws {
                flow_ind = true;
                block_ind = true;
            }
        }
        if ch == '\n' {
            line_breaks = true;
        } else if !(' '..='~').contains(&ch) {
            special = true;
        }
    }
    let leading_space = chars.first().is_some_and(|c| *c == ' ');
    let trailing_space = chars.last().is_some_and(|c| *c == ' ');
    let leading_break = chars.first().is_some_and(|c| *c == '\n');
    let trailing_break = chars.last().is_some_and(|c| *c == '\n');
    let mut allow_plain = !(leading_space
        || trailing_space
        || leading_break
        || trailing_break
        || line_breaks
        || special);
    if in_flow && flow_ind || !in_flow && block_ind {
        allow_plain = false;
    }
    if allow_plain && !resolves_to_non_str(s) {
        return s.to_string();
    }
    if !special {
        let mut out = String::from("'");
        for ch in chars {
            match ch {
                '\'' => out.push_str("''"),
                '\n' => {
                    out.push_str("\n\n");
                    out.push_str(&" ".repeat(indent));
                }
                c => out.push(c),
            }
        }
        out.push('\'');
        return out;
    }
    let mut out = String::from("\"");
    for ch in chars {
        match ch {
            '\0' => out.push_str("\\0"),
            '\x07' => out.push_str("\\a"),
            '\x08' => out.push_str("\\b"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\x0b' => out.push_str("\\v"),
            '\x0c' => out.push_str("\\f"),
            '\r' => out.push_str("\\r"),
            '\x1b' => out.push_str("\\e"),
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{85}' => out.push_str("\\N"),
            '\u{a0}' => out.push_str("\\_"),
            '\u{2028}' => out.push_str("\\L"),
            '\u{2029}' => out.push_str("\\P"),
            c if (' '..='~').contains(&c) => out.push(c),
            c if (c as u32) <= 0xff => out.push_str(&format!("\\x{:02X}", c as u32)),
            c if (c as u32) <= 0xffff => out.push_str(&format!("\\u{:04X}", c as u32)),
            c => out.push_str(&format!("\\U{:08X}", c as u32)),
        }
    }
    out.push('"');
    out
}
