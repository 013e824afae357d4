//! Python string formatting: `'%s-%02d' % (a, b)` (printf-style) and `'{}'.format(x)`.

use crate::args::{type_error, PyArgs};
use crate::methods::{map_entries, seq_items};
use crate::repr::{number_repr, py_repr, py_str};
use minijinja::value::{Value, ValueKind};
use minijinja::{Error, State};

/// The `__pyfmt(fmt, args)` template function behind `'fmt' % args`.
pub fn percent_format(fmt: &str, args: &Value) -> Result<String, Error> {
    let positional: Vec<Value> = if args.is_tuple() {
        seq_items(args).unwrap_or_default()
    } else {
        vec![args.clone()]
    };
    let named = map_entries(args);
    let mut next = 0usize;
    let mut out = String::new();
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        let mut key = None;
        if chars.peek() == Some(&'(') {
            chars.next();
            let mut k = String::new();
            for c in chars.by_ref() {
                if c == ')' {
                    break;
                }
                k.push(c);
            }
            key = Some(k);
        }
        let mut flags = String::new();
        while let Some(&f) = chars.peek() {
            if "-+ #0".contains(f) {
                flags.push(f);
                chars.next();
            } else {
                break;
            }
        }
        let width = take_digits(&mut chars);
        let precision = if chars.peek() == Some(&'.') {
            chars.next();
            Some(take_digits(&mut chars).unwrap_or(0))
        } else {
            None
        };
        let Some(conv) = chars.next() else {
            return Err(type_error("incomplete format"));
        };
        if conv == '%' {
            out.push('%');
            continue;
        }
        let value = match &key {
            Some(k) => named
                .as_ref()
                .and_then(|m| {
                    m.iter()
                        .find(|(mk, _)| mk.as_str() == Some(k.as_str()))
                        .map(|(_, v)| v.clone())
                })
                .ok_or_else(|| type_error(format!("KeyError: '{k}'")))?,
            None => {
                let v = positional
                    .get(next)
                    .cloned()
                    .ok_or_else(|| type_error("not enough arguments for format string"))?;
                next += 1;
                v
            }
        };
        let body = convert(conv, &value, &flags, precision)?;
        out.push_str(&pad(&body, &flags, width));
    }
    if key_less_extra(&positional, next, args) {
        return Err(type_error(
            "not all arguments converted during string formatting",
        ));
    }
    Ok(out)
}

fn key_less_extra(positional: &[Value], used: usize, args: &Value) -> bool {
    args.is_tuple() && used < positional.len()
}

fn take_digits(chars: &mut std::iter::Peekable<std::str::Chars>) -> Option<usize> {
    let mut s = String::new();
    while let Some(&d) = chars.peek() {
        if d.is_ascii_digit() {
            s.push(d);
            chars.next();
        } else {
            break;
        }
    }
    s.parse().ok()
}

fn as_f64(v: &Value) -> Result<f64, Error> {
    if v.kind() == ValueKind::Bool {
        return Ok(if v.is_true() { 1.0 } else { 0.0 });
    }
    f64::try_from(v.clone()).map_err(|_| type_error("must be real number, not str"))
}

fn convert(conv: char, v: &Value, flags: &str, precision: Option<usize>) -> Result<String, Error> {
    Ok(match conv {
        's' => {
            let s = py_str(v);
            match precision {
                Some(p) => s.chars().take(p).collect(),
                None => s,
            }
        }
        'r' | 'a' => py_repr(v),
        'd' | 'i' | 'u' => {
            let n = as_f64(v).map_err(|_| {
                type_error(format!(
                    "%{conv} format: a real number is required, not str"
                ))
            })?;
            let i = n.trunc() as i64;
            sign(flags, i >= 0, &i.abs().to_string())
        }
        'f' | 'F' => {
            let n = as_f64(v)?;
            sign(
                flags,
                n >= 0.0,
                &format!("{:.*}", precision.unwrap_or(6), n.abs()),
            )
        }
        'e' | 'E' => {
            let n = as_f64(v)?;
            let s = exp_format(n.abs(), precision.unwrap_or(6));
            let s = if conv == 'E' { s.to_uppercase() } else { s };
            sign(flags, n >= 0.0, &s)
        }
        'g' | 'G' => {
            let n = as_f64(v)?;
            number_repr(&Value::from(n))
        }
        'x' | 'X' | 'o' => {
            let i = v
                .as_i64()
                .ok_or_else(|| type_error(format!("%{conv} format: an integer is required")))?;
            let body = match conv {
                'x' => format!("{:x}", i.abs()),
                'X' => format!("{:X}", i.abs()),
                _ => format!("{:o}", i.abs()),
            };
            let body = if flags.contains('#') {
                format!("0{conv}{body}")
            } else {
                body
            };
            sign(flags, i >= 0, &body)
        }
        'c' => match v.as_i64() {
            Some(i) => char::from_u32(i as u32)
                .map(String::from)
                .unwrap_or_default(),
            None => py_str(v),
        },
        other => {
            return Err(type_error(format!(
                "unsupported format character '{other}'"
            )))
        }
    })
}

fn exp_format(n: f64, prec: usize) -> String {
    let s = format!("{:.*e}", prec, n);
    // Rust: 1.5e2 ; Python: 1.5e+02
    match s.split_once('e') {
        Some((m, e)) => {
            let (sgn, digits) = e.strip_prefix('-').map(|d| ('-', d)).unwrap_or(('+', e));
            format!("{m}e{sgn}{digits:0>2}")
        }
        None => s,
    }
}

fn sign(flags: &str, nonneg: bool, body: &str) -> String {
    if !nonneg {
        format!("-{body}")
    } else if flags.contains('+') {
        format!("+{body}")
    } else if flags.contains(' ') {
        format!(" {body}")
    } else {
        body.to_string()
    }
}

fn pad(body: &str, flags: &str, width: Option<usize>) -> String {
    let Some(w) = width else {
        return body.to_string();
    };
    let len = body.chars().count();
    if len >= w {
        return body.to_string();
    }
    let n = w - len;
    if flags.contains('-') {
        format!("{body}{}", " ".repeat(n))
    } else if flags.contains('0')
        && body
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || "+- ".contains(c))
    {
        let (sgn, digits) = match body.chars().next() {
            Some(c @ ('+' | '-' | ' ')) => (c.to_string(), &body[1..]),
            _ => (String::new(), body),
        };
        format!("{sgn}{}{digits}", "0".repeat(n))
    } else {
        format!("{}{body}", " ".repeat(n))
    }
}

/// `str.format(*args, **kwargs)` with field names, indexes, attributes and format specs.
pub fn str_format(_state: &mut State, fmt: &str, a: &PyArgs) -> Result<String, Error> {
    let mut out = String::new();
    let mut auto = 0usize;
    let mut chars = fmt.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                let mut field = String::new();
                let mut depth = 0;
                for c in chars.by_ref() {
                    if c == '{' {
                        depth += 1;
                    } else if c == '}' {
                        if depth == 0 {
                            break;
                        }
                        depth -= 1;
                    }
                    field.push(c);
                }
                out.push_str(&format_field(&field, a, &mut auto)?);
            }
            c => out.push(c),
        }
    }
    Ok(out)
}

fn format_field(field: &str, a: &PyArgs, auto: &mut usize) -> Result<String, Error> {
    let (name_conv, spec) = field.split_once(':').unwrap_or((field, ""));
    let (name, conversion) = name_conv.split_once('!').unwrap_or((name_conv, ""));
    let first_end = name.find(['.', '[']).unwrap_or(name.len());
    let (head, mut rest) = name.split_at(first_end);
    let mut value = if head.is_empty() {
        let v = a.pos.get(*auto).cloned();
        *auto += 1;
        v
    } else if let Ok(i) = head.parse::<usize>() {
        a.pos.get(i).cloned()
    } else {
        a.kw.get(head).cloned()
    }
    .ok_or_else(|| {
        type_error(format!(
            "IndexError: Replacement index {head} out of range for positional args tuple"
        ))
    })?;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            value = value.get_attr(&r[..end]).unwrap_or_default();
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').unwrap_or(r.len());
            let key = &r[..end];
            let k = key
                .parse::<i64>()
                .map(Value::from)
                .unwrap_or_else(|_| Value::from(key));
            value = value.get_item(&k).unwrap_or_default();
            rest = r.get(end + 1..).unwrap_or("");
        } else {
            break;
        }
    }
    let text_value = match conversion {
        "r" => Value::from(py_repr(&value)),
        "s" => Value::from(py_str(&value)),
        _ => value,
    };
    apply_spec(&text_value, spec)
}

/// Python's format-spec mini language: `[[fill]align][sign][#][0][width][,][.precision][type]`.
fn apply_spec(v: &Value, spec: &str) -> Result<String, Error> {
    if spec.is_empty() {
        return Ok(py_str(v));
    }
    let chars: Vec<char> = spec.chars().collect();
    let mut i = 0;
    let mut fill = ' ';
    let mut align = None;
    if chars.len() >= 2 && "<>^=".contains(chars[1]) {
        fill = chars[0];
        align = Some(chars[1]);
        i = 2;
    } else if !chars.is_empty() && "<>^=".contains(chars[0]) {
        align = Some(chars[0]);
        i = 1;
    }
    let mut sign_flag = String::new();
    if i < chars.len() && "+- ".contains(chars[i]) {
        sign_flag.push(chars[i]);
        i += 1;
    }
    if i < chars.len() && chars[i] == '0' {
        if align.is_none() {
            fill = '0';
            align = Some('=');
        }
        i += 1;
    }
    let mut width = String::new();
    while i < chars.len() && chars[i].is_ascii_digit() {
        width.push(chars[i]);
        i += 1;
    }
    let mut precision = None;
    if i < chars.len() && chars[i] == '.' {
        i += 1;
        let mut p = String::new();
        while i < chars.len() && chars[i].is_ascii_digit() {
            p.push(chars[i]);
            i += 1;
        }
        precision = p.parse::<usize>().ok();
    }
    let ty = chars.get(i).copied();
    let is_num = v.is_number();
    let body = match ty {
        Some(c @ ('d' | 'f' | 'F' | 'e' | 'E' | 'x' | 'X' | 'o' | 's' | 'g' | '%')) if c != '%' => {
            convert(c, v, &sign_flag, precision)?
        }
        _ if is_num && precision.is_some() => convert('f', v, &sign_flag, precision)?,
        _ => {
            let s = py_str(v);
            match precision {
                Some(p) if !is_num => s.chars().take(p).collect(),
                _ => s,
            }
        }
    };
    let width: usize = width.parse().unwrap_or(0);
    let len = body.chars().count();
    if len >= width {
        return Ok(body);
    }
    let n = width - len;
    let fills = |k: usize| fill.to_string().repeat(k);
    let align = align.unwrap_or(if is_num { '>' } else { '<' });
    Ok(match align {
        '<' => format!("{body}{}", fills(n)),
        '^' => format!("{}{body}{}", fills(n / 2), fills(n - n / 2)),
        '=' => {
            let (sgn, digits) = match body.chars().next() {
                Some(c @ ('+' | '-' | ' ')) => (c.to_string(), body[1..].to_string()),
                _ => (String::new(), body.clone()),
            };
            format!("{sgn}{}{digits}", fills(n))
        }
        _ => format!("{}{body}", fills(n)),
    })
}
