//! The pages: routing, then one function a page, each reading the store and writing HTML
//! in which every stored value is escaped ([`esc`]) or percent-encoded in a link ([`seg`]).

use crate::html::{badge, duration, esc, page, result_badge, seg, when};
use crate::http::{decode, Request, Response};
use crate::store::{DayCount, Run, State, Store};
use crate::{grains, metrics, micros_iso, svg, App};
use std::collections::HashMap;

use std::fmt::Write;

type Result<T> = rusqlite::Result<T>;

const HTML: &str = "text/html; charset=utf-8";

/// The overview's categories, most urgent first: a host's last run's status, or
/// `unreported` when that run is older than the configured age.
pub const CATEGORIES: [&str; 7] = [
    "failed",
    "error",
    "unreported",
    "pending",
    "changed",
    "unchanged",
    "ok",
];

/// The most runs a host page lists.
pub const HOST_RUNS_LIMIT: usize = 500;
/// The most failing states the overview lists.
pub const FAILURES_LIMIT: usize = 300;

fn ok(body: String) -> Result<Response> {
    Ok(Response::new(200, HTML, body))
}

pub fn error_page(status: u16, message: &str) -> Response {
    let title = match status {
        404 => "Not found",
        400 => "Bad request",
        _ => "Error",
    };
    Response::new(
        status,
        HTML,
        page(
            title,
            "",
            &format!("<h1>{}</h1><p>{}</p>", esc(title), esc(message)),
        ),
    )
}

/// The page `req` asks for.
pub fn route(app: &App, store: &Store, req: &Request) -> Result<Response> {
    let segs: Vec<String> = req
        .path
        .trim_start_matches('/')
        .split('/')
        .map(|s| decode(s, false))
        .collect();
    let segs: Vec<&str> = segs.iter().map(String::as_str).collect();
    match segs.as_slice() {
        [""] => overview(app, store, req),
        ["host", id] if !id.is_empty() => host(store, req, id),
        ["run", jid, id] => run(store, jid, id),
        ["diff", id] => diff(store, req, id),
        ["grains"] => grains::page(store, req),
        ["grains.csv"] => grains::csv(store, req),
        ["metrics"] => metrics::metrics(app, store),
        _ => Ok(error_page(404, "No such page.")),
    }
}

/// The category of a host judged by `run`, with `cutoff` the oldest start that still
/// counts as reported.
pub fn category<'a>(run: &'a Run, cutoff: &str) -> &'a str {
    if run.started.as_str() < cutoff {
        "unreported"
    } else {
        run.status.as_str()
    }
}

/// The start time under which a host is unreported.
pub fn unreported_cutoff(app: &App) -> String {
    let age = (app.unreported_hours.max(0.0) * 3600.0 * 1e6) as u128;
    micros_iso(app.now().saturating_sub(age))
}

fn rank(cat: &str) -> usize {
    CATEGORIES
        .iter()
        .position(|c| *c == cat)
        .unwrap_or(CATEGORIES.len())
}

/// The last `n` UTC days up to today, oldest first, each with its counts (empty when the
/// store has none).
pub fn last_days(app: &App, store: &Store, n: u32) -> Result<Vec<DayCount>> {
    let day_of = |k: u32| {
        let t = app.now().saturating_sub(u128::from(k) * 86_400 * 1_000_000);
        micros_iso(t).get(..10).unwrap_or_default().to_string()
    };
    let days: Vec<String> = (0..n).rev().map(day_of).collect();
    store.daily(&days)
}

fn overview(app: &App, store: &Store, req: &Request) -> Result<Response> {
    let runs = store.last_runs()?;
    let cutoff = unreported_cutoff(app);
    let mut counts: HashMap<&str, usize> = HashMap::new();
    for r in &runs {
        *counts.entry(category(r, &cutoff)).or_default() += 1;
    }
    let want = req
        .param("status")
        .filter(|s| CATEGORIES.contains(&s.as_str()));
    let mut b = String::new();
    let _ = write!(
        b,
        "<h1>Fleet</h1><p class=\"muted\">{} hosts in the store; each judged by its last \
         run (a host with no run in {} h is unreported). Times are UTC.</p><div class=\"tiles\">",
        runs.len(),
        trim_hours(app.unreported_hours)
    );
    for cat in CATEGORIES {
        let n = counts.get(cat).copied().unwrap_or(0);
        if n == 0 && matches!(cat, "error" | "ok") {
            continue;
        }
        let on = if want.as_deref() == Some(cat) {
            " on"
        } else {
            ""
        };
        let _ = write!(
            b,
            "<a class=\"tile s-{cat}{on}\" href=\"/?status={cat}#hosts\"><span class=\"n\" \
             id=\"n-{cat}\">{n}</span>{cat}</a>"
        );
    }
    let _ = write!(
        b,
        "<a class=\"tile\" href=\"/#hosts\"><span class=\"n\" id=\"n-hosts\">{}</span>all hosts</a></div>",
        runs.len()
    );

    // charts
    let days = last_days(app, store, 14)?;
    let _ = write!(
        b,
        "<div class=\"charts\"><div class=\"card\"><h2>Runs per day, by status (14 days)</h2>{}</div>\
         <div class=\"card\"><h2>State run durations per day</h2>{}</div></div>",
        svg::status_chart(&days),
        svg::duration_chart(&days)
    );

    // failures across the fleet
    let mut rows = String::new();
    let mut nfail = 0usize;
    for r in runs.iter().filter(|r| r.failed > 0 || r.status == "error") {
        if r.status == "error" && r.failed == 0 {
            nfail += 1;
            if nfail <= FAILURES_LIMIT {
                let _ = write!(
                    rows,
                    "<tr><td><a href=\"/host/{hs}\">{h}</a></td><td class=\"muted\">-</td><td>{f}</td>\
                     <td class=\"comment\">no state results came back (exit status {rc})</td>\
                     <td><a href=\"/run/{j}/{hs}\">{w}</a></td></tr>",
                    hs = seg(&r.id),
                    h = esc(&r.id),
                    f = esc(&r.fun),
                    rc = r.retcode,
                    j = seg(&r.jid),
                    w = when(&r.started)
                );
            }
            continue;
        }
        for s in store.states(&r.jid, &r.id, true)? {
            nfail += 1;
            if nfail > FAILURES_LIMIT {
                continue;
            }
            let _ = write!(
                rows,
                "<tr class=\"failure\"><td><a href=\"/host/{hs}\">{h}</a></td><td>{sid}</td><td>{f}</td>\
                 <td class=\"comment\">{c}</td><td><a href=\"/run/{j}/{hs}\">{w}</a></td></tr>",
                hs = seg(&r.id),
                h = esc(&r.id),
                sid = esc(&s.state_id),
                f = esc(&s.fun),
                c = esc(&s.comment),
                j = seg(&r.jid),
                w = when(&r.started)
            );
        }
    }
    let _ = write!(
        b,
        "<h2>Failures in each host's last run: <span id=\"n-failures\">{nfail}</span></h2>"
    );
    if nfail == 0 {
        b.push_str("<p class=\"muted\">No failing state.</p>");
    } else {
        let _ = write!(
            b,
            "<table id=\"failures\"><tr><th>Host</th><th>State ID</th><th>Function</th>\
             <th>Comment</th><th>Run</th></tr>{rows}</table>"
        );
        if nfail > FAILURES_LIMIT {
            let _ = write!(
                b,
                "<p class=\"muted\">The first {FAILURES_LIMIT} of {nfail} are listed.</p>"
            );
        }
    }

    // hosts
    let mut hosts: Vec<(&Run, &str)> = runs.iter().map(|r| (r, category(r, &cutoff))).collect();
    if let Some(w) = &want {
        hosts.retain(|(_, c)| c == w);
    }
    hosts.sort_by(|a, b| rank(a.1).cmp(&rank(b.1)).then_with(|| a.0.id.cmp(&b.0.id)));
    let _ = write!(
        b,
        "<h2 id=\"hosts\">Hosts{}</h2><table id=\"host-table\"><tr><th>Host</th><th>Status</th>\
         <th>Last run (UTC)</th><th>Function</th><th class=\"num\">States</th>\
         <th class=\"num\">Failed</th><th class=\"num\">Changed</th><th class=\"num\">Duration</th></tr>",
        want.as_deref()
            .map(|w| format!(": {} (<a href=\"/#hosts\">all</a>)", esc(w)))
            .unwrap_or_default()
    );
    for (r, cat) in hosts {
        let _ = write!(
            b,
            "<tr><td><a href=\"/host/{hs}\">{h}</a></td><td>{st}</td><td><a href=\"/run/{j}/{hs}\">{w}</a></td>\
             <td>{f}</td><td class=\"num\">{t}</td><td class=\"num\">{fl}</td><td class=\"num\">{c}</td>\
             <td class=\"num\">{d}</td></tr>",
            hs = seg(&r.id),
            h = esc(&r.id),
            st = badge(cat),
            j = seg(&r.jid),
            w = when(&r.started),
            f = esc(&r.fun),
            t = r.total,
            fl = r.failed,
            c = r.changed,
            d = duration(r.duration_ms)
        );
    }
    b.push_str("</table>");
    ok(page("Fleet", "Overview", &b))
}

fn trim_hours(h: f64) -> String {
    if h.fract() == 0.0 {
        format!("{h:.0}")
    } else {
        format!("{h}")
    }
}

fn host(store: &Store, req: &Request, id: &str) -> Result<Response> {
    let (all, changed, failed) = store.host_counts(id)?;
    if all == 0 {
        return Ok(error_page(404, &format!("No run of host {id} is stored.")));
    }
    let only = req
        .param("only")
        .filter(|o| o == "changed" || o == "failed");
    let runs = store.host_runs(id, only.as_deref(), HOST_RUNS_LIMIT)?;
    let hs = seg(id);
    let mut b = String::new();
    let _ = write!(b, "<h1>Host {}</h1>", esc(id));
    if let Some((gjid, text)) = store.grains_of(id)? {
        let g: serde_json::Value = serde_json::from_str(&text).unwrap_or(serde_json::Value::Null);
        let pick = |k: &str| g.get(k).map(grains::display).unwrap_or_default();
        let _ = write!(
            b,
            "<dl class=\"kv\"><dt>OS</dt><dd>{} {}</dd><dt>Kernel</dt><dd>{}</dd>\
             <dt>Grains</dt><dd>taken by job {} <details><summary>all grains</summary><pre>{}</pre></details></dd></dl>",
            esc(&pick("os")),
            esc(&pick("osrelease")),
            esc(&pick("kernelrelease")),
            esc(&gjid),
            esc(&serde_json::to_string_pretty(&g).unwrap_or_default())
        );
    }
    let link = |o: Option<&str>, label: &str, n: i64| {
        let on = if only.as_deref() == o {
            " class=\"on\""
        } else {
            ""
        };
        let q = o.map(|o| format!("?only={o}")).unwrap_or_default();
        format!("<a href=\"/host/{hs}{q}\"{on}>{label} (<span id=\"n-{label}\">{n}</span>)</a>")
    };
    let _ = write!(
        b,
        "<p class=\"filters\">Runs: {} {} {}</p>",
        link(None, "all", all),
        link(Some("changed"), "changed", changed),
        link(Some("failed"), "failed", failed)
    );
    let _ = write!(
        b,
        "<form method=\"get\" action=\"/diff/{hs}\"><table id=\"runs\"><tr><th>a</th><th>b</th>\
         <th>Started (UTC)</th><th>Status</th><th>Function</th><th class=\"num\">States</th>\
         <th class=\"num\">Succeeded</th><th class=\"num\">Failed</th><th class=\"num\">Changed</th>\
         <th class=\"num\">Pending</th><th class=\"num\">Duration</th><th>Job</th><th></th></tr>"
    );
    for (i, r) in runs.iter().enumerate() {
        let j = seg(&r.jid);
        let _ = write!(
            b,
            "<tr class=\"run\"><td><input type=\"radio\" name=\"a\" value=\"{je}\"{ca}></td>\
             <td><input type=\"radio\" name=\"b\" value=\"{je}\"{cb}></td><td><a href=\"/run/{j}/{hs}\">{w}</a></td>\
             <td>{st}</td><td>{f}</td><td class=\"num\">{t}</td><td class=\"num\">{s}</td>\
             <td class=\"num\">{fl}</td><td class=\"num\">{c}</td><td class=\"num\">{p}</td>\
             <td class=\"num\">{d}</td><td><a href=\"/run/{j}/{hs}\"><code>{je}</code></a></td>\
             <td><a href=\"/diff/{hs}?b={j}\">diff with previous</a></td></tr>",
            je = esc(&r.jid),
            ca = if i == 1 { " checked" } else { "" },
            cb = if i == 0 { " checked" } else { "" },
            w = when(&r.started),
            st = badge(&r.status),
            f = esc(&r.fun),
            t = r.total,
            s = r.succeeded,
            fl = r.failed,
            c = r.changed,
            p = r.pending,
            d = duration(r.duration_ms)
        );
    }
    b.push_str("</table><p><button type=\"submit\">Diff runs a and b</button></p></form>");
    if runs.len() == HOST_RUNS_LIMIT {
        let _ = write!(
            b,
            "<p class=\"muted\">The latest {HOST_RUNS_LIMIT} runs are listed.</p>"
        );
    }
    ok(page(&format!("Host {id}"), "", &b))
}

/// A run's changes: the JSON (pretty) without its `diff` texts, then each diff coloured.
pub fn render_changes(json: &str) -> String {
    let Ok(mut v) = serde_json::from_str::<serde_json::Value>(json) else {
        return format!("<pre>{}</pre>", esc(json));
    };
    let mut diffs = Vec::new();
    take_diffs(&mut v, "", &mut diffs);
    let mut out = String::new();
    let empty = match &v {
        serde_json::Value::Object(m) => m.is_empty(),
        serde_json::Value::Null => true,
        _ => false,
    };
    if !empty {
        let _ = write!(
            out,
            "<pre>{}</pre>",
            esc(&serde_json::to_string_pretty(&v).unwrap_or_default())
        );
    }
    for (path, text) in diffs {
        if !path.is_empty() {
            let _ = write!(out, "<div class=\"difflabel\">{}</div>", esc(&path));
        }
        out.push_str(&diff_block(&text));
    }
    out
}

/// Moves every `diff` string out of `v` into `out` with the key path to it; objects left
/// empty go too.
fn take_diffs(v: &mut serde_json::Value, path: &str, out: &mut Vec<(String, String)>) {
    let serde_json::Value::Object(m) = v else {
        return;
    };
    if let Some(serde_json::Value::String(_)) = m.get("diff") {
        if let Some(serde_json::Value::String(d)) = m.shift_remove("diff") {
            out.push((path.to_string(), d));
        }
    }
    let keys: Vec<String> = m.keys().cloned().collect();
    for k in keys {
        let Some(child) = m.get_mut(&k) else { continue };
        if !child.is_object() {
            continue;
        }
        let p = if path.is_empty() {
            k.clone()
        } else {
            format!("{path}/{k}")
        };
        take_diffs(child, &p, out);
        if child.as_object().is_some_and(|o| o.is_empty()) {
            m.shift_remove(&k);
        }
    }
}

/// A unified diff with its lines coloured.
pub fn diff_block(text: &str) -> String {
    let mut out = String::from("<pre class=\"diff\">");
    for line in text.lines() {
        let cls = if line.starts_with("+++") || line.starts_with("---") {
            "meta"
        } else if line.starts_with('+') {
            "add"
        } else if line.starts_with('-') {
            "del"
        } else if line.starts_with("@@") {
            "hunk"
        } else {
            "ctx"
        };
        let shown = if line.is_empty() { " " } else { line };
        let _ = write!(out, "<span class=\"{cls}\">{}</span>", esc(shown));
    }
    out.push_str("</pre>");
    out
}

/// A run's facts; `p` prefixes the element ids (two runs on one page).
fn run_header(b: &mut String, r: &Run, p: &str) {
    let hs = seg(&r.id);
    let _ = write!(
        b,
        "<dl class=\"kv\"><dt>Host</dt><dd><a href=\"/host/{hs}\">{h}</a></dd><dt>Job</dt><dd><code>{j}</code></dd>\
         <dt>Started</dt><dd>{w} UTC</dd><dt>Function</dt><dd>{f}</dd><dt>Status</dt><dd>{st} (exit status {rc})</dd>\
         <dt>States</dt><dd><span id=\"{p}n-total\">{t}</span> states: <span id=\"{p}n-succeeded\">{s}</span> succeeded, \
         <span id=\"{p}n-failed\">{fl}</span> failed, <span id=\"{p}n-changed\">{c}</span> changed, \
         <span id=\"{p}n-pending\">{pe}</span> pending</dd><dt>Duration</dt><dd>{d}</dd></dl>",
        h = esc(&r.id),
        j = esc(&r.jid),
        w = when(&r.started),
        f = esc(&r.fun),
        st = badge(&r.status),
        rc = r.retcode,
        t = r.total,
        s = r.succeeded,
        fl = r.failed,
        c = r.changed,
        pe = r.pending,
        d = duration(r.duration_ms)
    );
}

fn run(store: &Store, jid: &str, id: &str) -> Result<Response> {
    let Some(r) = store.run(jid, id)? else {
        return Ok(error_page(
            404,
            &format!("No run {jid} of host {id} is stored."),
        ));
    };
    let states = store.states(jid, id, false)?;
    let mut b = String::new();
    let _ = write!(b, "<h1>Run of {}</h1>", esc(id));
    run_header(&mut b, &r, "");
    if store.previous_run(id, &r.started)?.is_some() {
        let _ = write!(
            b,
            "<p><a href=\"/diff/{}?b={}\">Diff with the previous run</a></p>",
            seg(id),
            seg(jid)
        );
    }
    if states.is_empty() {
        b.push_str("<p class=\"muted\">No state results are stored for this run.</p>");
    } else {
        b.push_str(
            "<table id=\"states\"><tr><th>#</th><th>Result</th><th>State ID</th><th>Function</th>\
             <th>Name</th><th>SLS</th><th class=\"num\">Duration</th><th>Comment</th><th>Changes</th></tr>",
        );
        for s in &states {
            state_row(&mut b, s);
        }
        b.push_str("</table>");
    }
    ok(page(&format!("Run {jid} of {id}"), "", &b))
}

fn state_row(b: &mut String, s: &State) {
    let _ = write!(
        b,
        "<tr class=\"st-{rc}\"><td class=\"num\">{n}</td><td>{res}</td><td>{sid}</td><td>{f}</td>\
         <td>{name}</td><td>{sls}</td><td class=\"num\">{d}</td><td class=\"comment\">{c}</td><td class=\"changes\">{ch}</td></tr>",
        rc = match s.result.as_str() {
            r @ ("True" | "False" | "None") => r,
            _ => "other",
        },
        n = s.run_num,
        res = result_badge(&s.result),
        sid = esc(&s.state_id),
        f = esc(&s.fun),
        name = esc(&s.name),
        sls = esc(&s.sls),
        d = duration(s.duration_ms),
        c = esc(&s.comment),
        ch = render_changes(&s.changes)
    );
}

fn diff(store: &Store, req: &Request, id: &str) -> Result<Response> {
    let b_run = match req.param("b").filter(|s| !s.is_empty()) {
        Some(j) => store.run(&j, id)?,
        None => store.host_runs(id, None, 1)?.into_iter().next(),
    };
    let Some(b_run) = b_run else {
        return Ok(error_page(404, &format!("No such run of host {id}.")));
    };
    let a_run = match req.param("a").filter(|s| !s.is_empty()) {
        Some(j) => store.run(&j, id)?,
        None => store.previous_run(id, &b_run.started)?,
    };
    let Some(a_run) = a_run else {
        return Ok(error_page(
            404,
            &format!("No run of host {id} to compare job {} with.", b_run.jid),
        ));
    };
    let sa = store.states(&a_run.jid, id, false)?;
    let sb = store.states(&b_run.jid, id, false)?;
    let in_a: HashMap<&str, &State> = sa.iter().map(|s| (s.tag.as_str(), s)).collect();
    let in_b: HashMap<&str, &State> = sb.iter().map(|s| (s.tag.as_str(), s)).collect();
    let added: Vec<&State> = sb
        .iter()
        .filter(|s| !in_a.contains_key(s.tag.as_str()))
        .collect();
    let removed: Vec<&State> = sa
        .iter()
        .filter(|s| !in_b.contains_key(s.tag.as_str()))
        .collect();
    let changed: Vec<(&State, &State)> = sb
        .iter()
        .filter_map(|s| in_a.get(s.tag.as_str()).map(|a| (*a, s)))
        .filter(|(a, b)| a.result != b.result || a.changes != b.changes)
        .collect();
    let mut b = String::new();
    let _ = write!(b, "<h1>Diff of two runs of {}</h1>", esc(id));
    let _ = write!(
        b,
        "<div class=\"charts\"><div class=\"card\"><h2>a: {}</h2>",
        esc(&a_run.jid)
    );
    run_header(&mut b, &a_run, "a-");
    let _ = write!(
        b,
        "</div><div class=\"card\"><h2>b: {}</h2>",
        esc(&b_run.jid)
    );
    run_header(&mut b, &b_run, "b-");
    b.push_str("</div></div>");
    let _ = write!(
        b,
        "<p><span id=\"n-added\">{}</span> states added, <span id=\"n-removed\">{}</span> removed, \
         <span id=\"n-changed-states\">{}</span> with another result or other changes; \
         {} alike.</p>",
        added.len(),
        removed.len(),
        changed.len(),
        sb.len() - added.len() - changed.len()
    );
    let list = |b: &mut String, title: &str, tid: &str, states: &[&State]| {
        if states.is_empty() {
            return;
        }
        let _ = write!(
            b,
            "<h2>{title}</h2><table id=\"{tid}\"><tr><th>State ID</th><th>Function</th><th>Name</th>\
             <th>Result</th><th>Comment</th></tr>"
        );
        for s in states {
            let _ = write!(
                b,
                "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"comment\">{}</td></tr>",
                esc(&s.state_id),
                esc(&s.fun),
                esc(&s.name),
                result_badge(&s.result),
                esc(&s.comment)
            );
        }
        b.push_str("</table>");
    };
    list(&mut b, "Added in b", "added", &added);
    list(&mut b, "Removed in b", "removed", &removed);
    if !changed.is_empty() {
        b.push_str(
            "<h2>Changed</h2><table id=\"changed\"><tr><th>State ID</th><th>Function</th>\
             <th>What</th><th>Result a → b</th><th>Changes in a</th><th>Changes in b</th>\
             <th>Comment in b</th></tr>",
        );
        for (a, s) in &changed {
            let what = match (a.result != s.result, a.changes != s.changes) {
                (true, true) => "result, changes",
                (true, false) => "result",
                _ => "changes",
            };
            let _ = write!(
                b,
                "<tr><td>{}</td><td>{}</td><td>{what}</td><td>{} → {}</td><td>{}</td><td>{}</td>\
                 <td class=\"comment\">{}</td></tr>",
                esc(&s.state_id),
                esc(&s.fun),
                result_badge(&a.result),
                result_badge(&s.result),
                render_changes(&a.changes),
                render_changes(&s.changes),
                esc(&s.comment)
            );
        }
        b.push_str("</table>");
    }
    ok(page(&format!("Diff of {id}"), "", &b))
}
