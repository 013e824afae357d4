//! HTML pieces: escaping, the page frame, small formatters. Every value from the store
//! goes through [`esc`] (text and attribute values alike) or, in a link, [`crate::http::encode`].

use std::fmt::Write;

/// `s` escaped for HTML text and for a double- or single-quoted attribute value.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A link path segment: a host id or jid, percent-encoded (then nothing needs escaping).
pub fn seg(s: &str) -> String {
    crate::http::encode(s)
}

/// A whole page: `title` (escaped here), `body` (already HTML).
pub fn page(title: &str, active: &str, body: &str) -> String {
    let mut nav = String::new();
    for (href, label) in [
        ("/", "Overview"),
        ("/grains", "Grains"),
        ("/metrics", "Metrics"),
    ] {
        let cls = if label == active { " class=\"on\"" } else { "" };
        let _ = write!(nav, "<a href=\"{href}\"{cls}>{label}</a>");
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{t} · halite</title><link rel=\"stylesheet\" href=\"/style.css\"></head>\
         <body><header><span class=\"brand\">halite</span><nav>{nav}</nav></header>\
         <main>{body}</main></body></html>\n",
        t = esc(title)
    )
}

/// A status as a coloured label.
pub fn badge(status: &str) -> String {
    format!(
        "<span class=\"badge s-{c}\">{t}</span>",
        c = status_class(status),
        t = esc(status)
    )
}

/// The CSS class suffix of a status (only known names; anything else is `other`).
pub fn status_class(status: &str) -> &'static str {
    match status {
        "failed" => "failed",
        "error" => "error",
        "pending" => "pending",
        "changed" => "changed",
        "unchanged" => "unchanged",
        "ok" => "ok",
        "unreported" => "unreported",
        _ => "other",
    }
}

/// A state result (`True`, `False`, `None`) as a coloured label.
pub fn result_badge(result: &str) -> String {
    let (cls, text) = match result {
        "True" => ("unchanged", "True"),
        "False" => ("failed", "False"),
        "None" => ("pending", "None"),
        _ => ("other", result),
    };
    format!("<span class=\"badge s-{cls}\">{}</span>", esc(text))
}

/// Milliseconds as `850 ms`, `12.3 s`, `4 min 05 s`.
pub fn duration(ms: f64) -> String {
    if !ms.is_finite() || ms < 0.0 {
        return "-".into();
    }
    if ms < 1000.0 {
        format!("{ms:.0} ms")
    } else if ms < 60_000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else {
        let s = (ms / 1000.0).round() as u64;
        format!("{} min {:02} s", s / 60, s % 60)
    }
}

/// A stored ISO time shown as `2026-12-02 15:50:01` (UTC).
pub fn when(iso: &str) -> String {
    let t = iso.get(..19).unwrap_or(iso).replace('T', " ");
    esc(&t)
}
