//! The grains inventory: `?q=TERM TERM ...`, each term `KEY[:KEY...]:GLOB` (the value glob
//! after the last `:`, matched without regard to case as Salt's grain matcher does; a list
//! matches when an element does, a dict when a key does) or a bare key path (the grain is
//! there); the terms are ANDed. Several `q` parameters add terms.

use crate::html::{self, esc, seg};
use crate::http::{Request, Response};
use crate::store::Store;
use serde_json::Value;
use std::fmt::Write;

/// Columns shown besides those the terms name.
pub const DEFAULT_COLUMNS: [&str; 3] = ["os", "osrelease", "kernelrelease"];

/// One search term.
#[derive(Debug, Clone, PartialEq)]
pub struct Term {
    /// The key path, `a:b:c` as written.
    pub key: String,
    /// The value glob; None: the key is there.
    pub glob: Option<String>,
}

/// The terms of a query (whitespace separated, several `q` values added up).
pub fn parse_terms(qs: &[String]) -> Vec<Term> {
    qs.iter()
        .flat_map(|q| q.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .map(|t| match t.rsplit_once(':') {
            Some((k, g)) if !k.is_empty() => Term {
                key: k.to_string(),
                glob: Some(g.to_string()),
            },
            _ => Term {
                key: t.trim_end_matches(':').to_string(),
                glob: None,
            },
        })
        .filter(|t| !t.key.is_empty())
        .collect()
}

/// A key path `a:b` as an SQLite JSON path (`$."a"."b"`); None when a key holds a `"`
/// (SQLite's path syntax cannot quote one).
pub fn json_path(key: &str) -> Option<String> {
    let mut p = String::from("$");
    for part in key.split(':') {
        if part.contains('"') {
            return None;
        }
        let _ = write!(p, ".\"{part}\"");
    }
    Some(p)
}

/// A grain value as shown: a string as it is, a list joined with `, `, anything else as
/// JSON.
pub fn display(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        Value::Array(a) => a.iter().map(display).collect::<Vec<_>>().join(", "),
        other => other.to_string(),
    }
}

fn glob_matches(glob: &str, v: &Value) -> bool {
    let Ok(p) = glob::Pattern::new(&glob.to_lowercase()) else {
        return false;
    };
    let opts = glob::MatchOptions {
        case_sensitive: false,
        require_literal_separator: false,
        require_literal_leading_dot: false,
    };
    let one = |s: &str| p.matches_with(&s.to_lowercase(), opts);
    match v {
        Value::String(s) => one(s),
        Value::Array(a) => a.iter().any(|e| match e {
            Value::String(s) => one(s),
            other => one(&other.to_string()),
        }),
        Value::Object(m) => m.keys().any(|k| one(k)),
        Value::Null => false,
        Value::Bool(b) => one(if *b { "True" } else { "False" }) || one(&b.to_string()),
        other => one(&other.to_string()),
    }
}

/// What a search found.
#[derive(Debug, Clone, Default)]
pub struct Found {
    /// The key paths shown, the terms' first.
    pub columns: Vec<String>,
    /// Each matching host: its id and the value of each column as shown.
    pub rows: Vec<(String, Vec<String>)>,
    /// Keys that cannot be searched (a `"` in them).
    pub bad: Vec<String>,
}

/// The hosts matching every term.
pub fn search(store: &Store, terms: &[Term]) -> rusqlite::Result<Found> {
    let mut columns: Vec<String> = Vec::new();
    for t in terms {
        if !columns.contains(&t.key) {
            columns.push(t.key.clone());
        }
    }
    for d in DEFAULT_COLUMNS {
        if !columns.iter().any(|c| c == d) {
            columns.push(d.to_string());
        }
    }
    let mut bad = Vec::new();
    let mut paths = Vec::new();
    let mut usable = Vec::new();
    for c in &columns {
        match json_path(c) {
            Some(p) => {
                paths.push(p);
                usable.push(c.clone());
            }
            None => bad.push(c.clone()),
        }
    }
    if terms.iter().any(|t| bad.contains(&t.key)) {
        // a term that cannot be asked matches nothing
        return Ok(Found {
            columns: usable,
            rows: Vec::new(),
            bad,
        });
    }
    let rows = store.grains_at(&paths)?;
    let mut out = Vec::new();
    'host: for (id, vals) in rows {
        let parsed: Vec<Value> = vals
            .iter()
            .map(|v| {
                v.as_deref()
                    .and_then(|t| serde_json::from_str(t).ok())
                    .unwrap_or(Value::Null)
            })
            .collect();
        for t in terms {
            let Some(i) = usable.iter().position(|c| *c == t.key) else {
                continue 'host;
            };
            let v = &parsed[i];
            let hit = match &t.glob {
                None => !v.is_null(),
                Some(g) => glob_matches(g, v),
            };
            if !hit {
                continue 'host;
            }
        }
        out.push((id, parsed.iter().map(display).collect()));
    }
    Ok(Found {
        columns: usable,
        rows: out,
        bad,
    })
}

fn query_of(req: &Request) -> (String, Vec<Term>) {
    let qs = req.params("q");
    let q = qs.join(" ");
    (q, parse_terms(&qs))
}

/// `/grains`.
pub fn page(store: &Store, req: &Request) -> rusqlite::Result<Response> {
    let (q, terms) = query_of(req);
    let Found { columns, rows, bad } = search(store, &terms)?;
    let mut b = String::new();
    let qe = esc(&q);
    let _ = write!(
        b,
        "<h1>Grains</h1><form class=\"search\" method=\"get\" action=\"/grains\">\
         <input type=\"text\" name=\"q\" value=\"{qe}\" placeholder=\"os:Debian osrelease:12* roles:web\">\
         <button type=\"submit\">Search</button></form>\
         <p class=\"muted\">Terms <code>KEY[:KEY...]:GLOB</code> or a key alone, all of them must \
         match; globs ignore case. <a href=\"/grains.csv?q={qu}\">CSV</a></p>",
        qu = seg(&q)
    );
    for k in &bad {
        let _ = write!(
            b,
            "<p>The key <code>{}</code> cannot be searched.</p>",
            esc(k)
        );
    }
    let _ = write!(
        b,
        "<p><span id=\"n-matches\">{}</span> hosts match.</p><table id=\"grains\"><tr><th>Host</th>",
        rows.len()
    );
    for c in &columns {
        let _ = write!(b, "<th>{}</th>", esc(c));
    }
    b.push_str("</tr>");
    for (id, vals) in &rows {
        let _ = write!(
            b,
            "<tr><td><a href=\"/host/{}\">{}</a></td>",
            seg(id),
            esc(id)
        );
        for v in vals {
            let _ = write!(b, "<td>{}</td>", esc(v));
        }
        b.push_str("</tr>");
    }
    b.push_str("</table>");
    Ok(Response::new(
        200,
        "text/html; charset=utf-8",
        html::page("Grains", "Grains", &b),
    ))
}

/// A CSV field (RFC 4180 quoting). A value a spreadsheet would take for a formula (`=`,
/// `+`, `-`, `@`, tab or CR first, and not a number) gets a `'` before it (OWASP's
/// advice on CSV injection): grains are what hosts report.
pub fn csv_field(s: &str) -> String {
    let formula = s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.parse::<f64>().is_err();
    let s = if formula {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// `/grains.csv`.
pub fn csv(store: &Store, req: &Request) -> rusqlite::Result<Response> {
    let (_, terms) = query_of(req);
    let Found { columns, rows, .. } = search(store, &terms)?;
    let mut out = String::from("id");
    for c in &columns {
        out.push(',');
        out.push_str(&csv_field(c));
    }
    out.push_str("\r\n");
    for (id, vals) in &rows {
        out.push_str(&csv_field(id));
        for v in vals {
            out.push(',');
            out.push_str(&csv_field(v));
        }
        out.push_str("\r\n");
    }
    let mut r = Response::new(200, "text/csv; charset=utf-8", out);
    r.headers.push((
        "Content-Disposition",
        "attachment; filename=\"grains.csv\"".into(),
    ));
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_split_at_the_last_colon() {
        let t = parse_terms(&["os:Debian ip4_interfaces:eth0:10.* roles".into()]);
        assert_eq!(t.len(), 3);
        assert_eq!(
            (t[0].key.as_str(), t[0].glob.as_deref()),
            ("os", Some("Debian"))
        );
        assert_eq!(t[1].key, "ip4_interfaces:eth0");
        assert_eq!(t[2].glob, None);
        assert_eq!(json_path("a:b").as_deref(), Some("$.\"a\".\"b\""));
        assert_eq!(json_path("a\"b"), None);
    }

    #[test]
    fn globs_match_strings_lists_and_keys_ignoring_case() {
        assert!(glob_matches("deb*", &Value::String("Debian".into())));
        assert!(glob_matches("web", &serde_json::json!(["db", "web"])));
        assert!(glob_matches(
            "eth0",
            &serde_json::json!({"eth0": ["10.0.0.1"]})
        ));
        assert!(glob_matches("4", &serde_json::json!(4)));
        assert!(!glob_matches("x", &Value::Null));
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=cmd|' /C calc'!A0"), "'=cmd|' /C calc'!A0");
        assert_eq!(csv_field("-5"), "-5");
    }
}
