//! Salt's `highstate` outputter (salt/output/highstate.py): one block per state (ID, Function,
//! Name, Result, Comment, Started, Duration, Changes) in `__run_num__` order, then the Summary.
//! Changes are printed with the `nested` outputter at indent 14 (salt/output/nested.py).

use halite_value::{Map, Value};

/// The `__opts__` keys the highstate outputter reads.
#[derive(Debug, Clone)]
pub struct HighstateOptions {
    /// Colours (a terminal, or `--force-color`); `false` when piped or `--no-color`.
    pub color: bool,
    /// `state_output`: full, terse, mixed, changes, and their `_id` forms.
    pub state_output: String,
    /// `state_verbose`: `false` hides states that succeeded without changes.
    pub state_verbose: bool,
    /// `state_output_profile`: the Started/Duration lines and the total run time.
    pub state_output_profile: bool,
    /// `state_output_diff`: hide states that succeeded without changes (like `state_verbose`).
    pub state_output_diff: bool,
    /// `state_output_pct`: success and failure percentages in the summary.
    pub state_output_pct: bool,
    /// `state_tabular`: terse lines in columns.
    pub state_tabular: bool,
}

impl Default for HighstateOptions {
    fn default() -> Self {
        HighstateOptions {
            color: false,
            state_output: "full".into(),
            state_verbose: true,
            state_output_profile: true,
            state_output_diff: false,
            state_output_pct: false,
            state_tabular: false,
        }
    }
}

/// salt.utils.color.get_colors (TextFormat sequences start with a reset: `ESC[0;31m`).
struct Colors {
    green: &'static str,
    cyan: &'static str,
    red: &'static str,
    light_red: &'static str,
    light_yellow: &'static str,
    endc: &'static str,
}

impl Colors {
    fn new(on: bool) -> Self {
        if on {
            Colors {
                green: "\x1b[0;32m",
                cyan: "\x1b[0;36m",
                red: "\x1b[0;31m",
                light_red: "\x1b[0;1;31m",
                light_yellow: "\x1b[0;1;33m",
                endc: "\x1b[0;0m",
            }
        } else {
            Colors {
                green: "",
                cyan: "",
                red: "",
                light_red: "",
                light_yellow: "",
                endc: "",
            }
        }
    }
}

/// Renders `ret` (`{"local": running}`, or a list of compile errors per host). The text has no
/// trailing newline; salt-call prints one.
pub fn highstate(ret: &Value, opts: &HighstateOptions) -> String {
    let data = match ret {
        Value::Map(m) => m,
        Value::Null => return "None".into(),
        Value::Int(_) | Value::Str(_) => return ret.py_str(),
        other => return other.py_str(),
    };
    let hosts: Vec<String> = data
        .iter()
        .map(|(host, hostdata)| format_host(&host.py_str(), hostdata, opts))
        .collect();
    hosts.join("\n").trim_end().to_string()
}

fn py_str_result(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => "None".into(),
        Some(v) => v.py_str(),
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum RKey {
    True,
    False,
    None,
    Other,
}

fn rkey(v: Option<&Value>) -> RKey {
    match v {
        Some(Value::Bool(true)) => RKey::True,
        Some(Value::Bool(false)) => RKey::False,
        None | Some(Value::Null) => RKey::None,
        Some(_) => RKey::Other,
    }
}

fn format_host(host: &str, data: &Value, opts: &HighstateOptions) -> String {
    let colors = Colors::new(opts.color);
    let mut hcolor = colors.green;
    let mut hstrs: Vec<String> = Vec::new();
    let mut nchanges = 0usize;
    match data {
        Value::Int(i) => {
            nchanges = 1;
            hstrs.push(format!("{hcolor}    {i}{}", colors.endc));
            hcolor = colors.cyan;
        }
        Value::Str(s) => {
            nchanges = 1;
            for line in s.lines() {
                hstrs.push(format!("{hcolor}    {line}{}", colors.endc));
            }
            hcolor = colors.cyan;
        }
        Value::List(errs) => {
            hcolor = colors.light_red;
            hstrs.push(format!(
                "    {hcolor}Data failed to compile:{}",
                colors.endc
            ));
            for err in errs {
                hstrs.push(format!(
                    "{hcolor}----------\n    {}{}",
                    strip_esc(&err.py_str()),
                    colors.endc
                ));
            }
        }
        Value::Map(m) => {
            format_states(
                m,
                opts,
                &colors,
                &mut hcolor,
                &mut hstrs,
                &mut nchanges,
                host,
            );
        }
        _ => {}
    }
    let _ = nchanges;
    hstrs.insert(0, format!("{hcolor}{}:{}", strip_esc(host), colors.endc));
    hstrs.join("\n")
}

#[allow(clippy::too_many_arguments)]
fn format_states(
    data: &Map,
    opts: &HighstateOptions,
    colors: &Colors,
    hcolor: &mut &'static str,
    hstrs: &mut Vec<String>,
    nchanges: &mut usize,
    host: &str,
) {
    // Only dicts with a result; missing __run_num__ is reported first.
    let mut states: Vec<(String, &Map)> = Vec::new();
    for (tname, info) in data.iter() {
        let tname = tname.py_str();
        if let Value::Map(info) = info {
            if tname != "changes" && !info.is_empty() && !info.contains_key("__run_num__") {
                hstrs.insert(0, py_pformat(&Value::Map(info.clone())));
                hstrs.insert(
                    0,
                    "The State execution failed to record the order in which all states were executed. The state return missing data is:".into(),
                );
            }
            if info.contains_key("result") {
                states.push((tname, info));
            }
        }
    }
    states.sort_by(|a, b| {
        let ra =
            a.1.get("__run_num__")
                .and_then(Value::as_f64)
                .unwrap_or(0.0);
        let rb =
            b.1.get("__run_num__")
                .and_then(Value::as_f64)
                .unwrap_or(0.0);
        ra.partial_cmp(&rb).unwrap_or(std::cmp::Ordering::Equal)
    });
    // rcounts keeps insertion order only for max-length purposes; a small vec is enough.
    let mut rcounts: Vec<(RKey, usize)> = Vec::new();
    let mut warnings = 0usize;
    let bump = |rc: &mut Vec<(RKey, usize)>, k: RKey| {
        if let Some(e) = rc.iter_mut().find(|(kk, _)| *kk == k) {
            e.1 += 1;
        } else {
            rc.push((k, 1));
        }
    };
    let mut rdurations: Vec<f64> = Vec::new();
    let mut pdurations: Vec<f64> = Vec::new();
    let state_output = opts.state_output.to_lowercase();
    for (tname, ret) in &states {
        let result = ret.get("result");
        bump(&mut rcounts, rkey(result));
        let dur = duration_f64(ret.get("duration"));
        if ret.contains_key("__parallel__") {
            if let Some(d) = dur {
                pdurations.push(d);
            }
        } else if let Some(d) = dur {
            rdurations.push(d);
        }
        let mut tcolor = colors.green;
        let changes = ret.get("changes").cloned().unwrap_or(Value::Null);
        let (schanged, ctext) = format_changes(&changes, opts.color);
        if schanged {
            *nchanges += 1;
        }
        let result_truthy = result.map(Value::truthy).unwrap_or(false);
        if opts.state_output_diff && result_truthy && !schanged {
            continue;
        }
        if !opts.state_verbose && result_truthy && !schanged {
            continue;
        }
        if schanged {
            tcolor = colors.cyan;
        }
        if matches!(result, Some(Value::Bool(false))) {
            *hcolor = colors.red;
            tcolor = colors.red;
        }
        if matches!(result, None | Some(Value::Null)) {
            *hcolor = colors.light_yellow;
            tcolor = colors.light_yellow;
        }
        let mut comps: Vec<String> = tname.split("_|-").map(String::from).collect();
        while comps.len() < 4 {
            comps.push(String::new());
        }
        if state_output.ends_with("_id") {
            comps[2] = comps[1].clone();
        }
        let is_false = matches!(result, Some(Value::Bool(false)));
        if state_output.starts_with("terse")
            || (state_output.starts_with("mixed") && !is_false)
            || (state_output.starts_with("changes") && result_truthy && !schanged)
        {
            hstrs.push(format_terse(tcolor, &comps, ret, colors, opts));
            continue;
        }
        let mut lines = vec![
            format!("{tcolor}----------{}", colors.endc),
            format!("    {tcolor}      ID: {}{}", comps[1], colors.endc),
            format!(
                "    {tcolor}Function: {}.{}{}",
                comps[0], comps[3], colors.endc
            ),
            format!(
                "    {tcolor}  Result: {}{}",
                py_str_result(result),
                colors.endc
            ),
        ];
        let comment = comment_text(ret.get("comment"));
        let mut comment = comment;
        if let Some(d) = ret.get("data") {
            match d {
                Value::List(l) => {
                    for item in l {
                        comment = format!("{comment} {}", item.py_str());
                    }
                }
                Value::Map(m) => {
                    for (k, v) in m.iter() {
                        comment = format!("{comment}\n\t\t{}: {}", k.py_str(), v.py_str());
                    }
                }
                other => comment = format!("{comment} {}", other.py_str()),
            }
        }
        lines.push(format!("    {tcolor} Comment: {comment}{}", colors.endc));
        if opts.state_output_profile && ret.contains_key("start_time") {
            let st = ret.get("start_time").map(Value::py_str).unwrap_or_default();
            let du = match ret.get("duration") {
                Some(Value::Str(s)) if s.is_empty() => String::new(),
                Some(v) => format!("{} ms", v.py_str()),
                None => String::new(),
            };
            lines.push(format!("    {tcolor} Started: {st}{}", colors.endc));
            lines.push(format!("    {tcolor}Duration: {du}{}", colors.endc));
        }
        if comps[1] != comps[2] {
            lines.insert(
                3,
                format!("    {tcolor}    Name: {}{}", comps[2], colors.endc),
            );
        }
        hstrs.extend(lines);
        hstrs.push(format!("{tcolor}     Changes:   {ctext}{}", colors.endc));
        if let Some(w) = ret.get("warnings") {
            warnings += 1;
            let text = match w {
                Value::List(l) => l.iter().map(Value::py_str).collect::<Vec<_>>().join("\n"),
                other => other.py_str(),
            };
            hstrs.push(format!(
                "   {} Warnings: {}{}",
                colors.light_red,
                textwrap_fill(&text, 80, 14).trim_start(),
                colors.endc
            ));
        }
    }
    if warnings > 0 {
        rcounts.push((RKey::Other, 0));
    }
    let get = |k: RKey| {
        rcounts
            .iter()
            .find(|(kk, _)| *kk == k)
            .map(|e| e.1)
            .unwrap_or(0)
    };
    let mut counts_for_len: Vec<usize> = rcounts
        .iter()
        .filter(|(k, _)| *k != RKey::Other)
        .map(|e| e.1)
        .collect();
    if warnings > 0 {
        counts_for_len.push(warnings);
    }
    let count_max_len = counts_for_len
        .iter()
        .map(|c| c.to_string().len())
        .max()
        .unwrap_or(0);
    let label_max_len = 9; // "Succeeded"
    let line_max_len = label_max_len + count_max_len + 2;
    hstrs.push(format!(
        "{}\nSummary for {host}\n{}{}",
        colors.cyan,
        "-".repeat(line_max_len),
        colors.endc
    ));
    let counts = |label: &str, count: String| -> String {
        let width = line_max_len.saturating_sub(label.len() + 2);
        format!("{label}: {count:>width$}")
    };
    let mut changestats: Vec<String> = Vec::new();
    if get(RKey::None) > 0 {
        changestats.push(format!(
            "{}unchanged={}{}",
            colors.light_yellow,
            get(RKey::None),
            colors.endc
        ));
    }
    if *nchanges > 0 {
        changestats.push(format!(
            "{}changed={}{}",
            colors.green, nchanges, colors.endc
        ));
    }
    let changestats = if changestats.is_empty() {
        String::new()
    } else {
        format!(" ({})", changestats.join(", "))
    };
    hstrs.push(format!(
        "{}{}{}{changestats}",
        colors.green,
        counts("Succeeded", (get(RKey::True) + get(RKey::None)).to_string()),
        colors.endc
    ));
    let num_failed = get(RKey::False);
    let fcolor = if num_failed > 0 {
        colors.red
    } else {
        colors.cyan
    };
    hstrs.push(format!(
        "{fcolor}{}{}",
        counts("Failed", num_failed.to_string()),
        colors.endc
    ));
    let total: usize = rcounts
        .iter()
        .filter(|(k, _)| *k != RKey::Other)
        .map(|e| e.1)
        .sum();
    if opts.state_output_pct && total > 0 {
        let ok = (get(RKey::True) + get(RKey::None)) as f64 / total as f64 * 100.0;
        let bad = num_failed as f64 / total as f64 * 100.0;
        hstrs.push(format!(
            "{}{}{}",
            colors.green,
            counts("Success %", py_round2(ok)),
            colors.endc
        ));
        hstrs.push(format!(
            "{fcolor}{}{}",
            counts("Failure %", py_round2(bad)),
            colors.endc
        ));
    }
    if warnings > 0 {
        hstrs.push(format!(
            "{}{}{}",
            colors.light_red,
            counts("Warnings", warnings.to_string()),
            colors.endc
        ));
    }
    let width = line_max_len.saturating_sub(7);
    hstrs.push(format!(
        "{}{}\nTotal states run: {total:>width$}{}",
        colors.cyan,
        "-".repeat(line_max_len),
        colors.endc
    ));
    if opts.state_output_profile {
        let mut sum: f64 = 0.0;
        for d in &rdurations {
            sum += d;
        }
        if let Some(maxp) = pdurations
            .iter()
            .cloned()
            .fold(None, |m: Option<f64>, x| Some(m.map_or(x, |m| m.max(x))))
        {
            sum += maxp;
        }
        let mut unit = "ms";
        if sum > 999.0 {
            sum /= 1000.0;
            unit = "s";
        }
        let w = line_max_len.saturating_sub(5);
        let num = format!("{sum:.3}");
        hstrs.push(format!(
            "{}Total run time: {num:>w$} {unit}{}",
            colors.cyan, colors.endc
        ));
    }
}

fn py_round2(x: f64) -> String {
    let r = (x * 100.0).round() / 100.0;
    halite_value::py_float_repr(r)
}

fn duration_f64(v: Option<&Value>) -> Option<f64> {
    match v {
        None => Some(0.0),
        Some(Value::Str(s)) => s.trim_end_matches(" ms").trim().parse().ok(),
        Some(other) => other.as_f64(),
    }
}

/// The comment as highstate prints it: stripped, continuation lines indented by 14.
fn comment_text(c: Option<&Value>) -> String {
    let s = match c {
        Some(Value::Str(s)) => s.to_string(),
        Some(Value::List(l)) => {
            // `str(list)` path in Salt (a list has no .strip()).
            return Value::List(l.clone())
                .py_str()
                .trim()
                .replace('\n', &format!("\n{}", " ".repeat(14)));
        }
        Some(other) => other.py_str(),
        None => String::new(),
    };
    py_strip(&s).replace('\n', &format!("\n{}", " ".repeat(14)))
}

/// Python `str.strip()` (whitespace).
fn py_strip(s: &str) -> &str {
    s.trim_matches(|c: char| c.is_whitespace())
}

fn format_terse(
    tcolor: &str,
    comps: &[String],
    ret: &Map,
    colors: &Colors,
    opts: &HighstateOptions,
) -> String {
    let result = match ret.get("result") {
        Some(Value::Bool(false)) => "Failed",
        None | Some(Value::Null) => "Differs",
        _ => {
            if ret.get("changes").map(Value::truthy).unwrap_or(false) {
                "Changed"
            } else {
                "Clean"
            }
        }
    };
    let mut s = String::new();
    let warn = ret.get("warnings").map(|w| match w {
        Value::List(l) => l.iter().map(Value::py_str).collect::<Vec<_>>().join("\n"),
        other => other.py_str(),
    });
    let profile = opts.state_output_profile && ret.contains_key("start_time");
    let st = ret.get("start_time").map(Value::py_str).unwrap_or_default();
    let du = ret.get("duration").map(Value::py_str).unwrap_or_default();
    if opts.state_tabular {
        if let Some(w) = warn {
            s.push_str(&format!(
                "{}Warnings:\n{w}{}\n",
                colors.light_red, colors.endc
            ));
        }
        s.push_str(tcolor);
        if profile {
            s.push_str(&format!("{st} [{du:>7} ms] "));
        }
        s.push_str(&format!(
            "{:>10}.{:<10} {:7}   Name: {}{}",
            comps[0], comps[3], result, comps[2], colors.endc
        ));
    } else {
        if let Some(w) = warn {
            s.push_str(&format!(
                "{}Warnings:\n{w}{}",
                colors.light_red, colors.endc
            ));
        }
        s.push_str(&format!(
            " {tcolor} Name: {} - Function: {}.{} - Result: {result}",
            comps[2], comps[0], comps[3]
        ));
        if profile {
            s.push_str(&format!(" - Started: {st} - Duration: {du} ms"));
        }
        s.push_str(colors.endc);
    }
    s
}

/// `_format_changes`: nested output of the changes dict at indent 14.
fn format_changes(changes: &Value, color: bool) -> (bool, String) {
    if !changes.truthy() {
        return (false, String::new());
    }
    if !matches!(changes, Value::Map(_)) {
        return (true, format!("Invalid Changes data: {}", changes.py_str()));
    }
    let mut out = Vec::new();
    let c = Colors::new(color);
    nested_display(changes, 14, "", &mut out, &c);
    (true, format!("\n{}", out.join("\n")))
}

fn ustring(
    indent: usize,
    color: &str,
    msg: &str,
    prefix: &str,
    suffix: &str,
    endc: &str,
) -> String {
    format!("{}{color}{prefix}{msg}{endc}{suffix}", " ".repeat(indent))
}

/// salt/output/nested.py `NestDisplay.display` (retcode 0): dict keys sorted.
fn nested_display(ret: &Value, indent: usize, prefix: &str, out: &mut Vec<String>, c: &Colors) {
    match ret {
        Value::Null => out.push(ustring(indent, c.light_yellow, "None", prefix, "", c.endc)),
        Value::Bool(b) => out.push(ustring(
            indent,
            c.light_yellow,
            if *b { "True" } else { "False" },
            prefix,
            "",
            c.endc,
        )),
        Value::Int(_) | Value::Float(_) => out.push(ustring(
            indent,
            c.light_yellow,
            &ret.py_repr(),
            prefix,
            "",
            c.endc,
        )),
        Value::Str(s) => {
            let mut first = true;
            for line in py_splitlines(s) {
                let lp = if first {
                    prefix.to_string()
                } else {
                    " ".repeat(prefix.chars().count())
                };
                out.push(ustring(indent, c.green, &strip_esc(line), &lp, "", c.endc));
                first = false;
            }
        }
        Value::List(l) => {
            for ind in l {
                if matches!(ind, Value::List(_) | Value::Map(_)) {
                    out.push(ustring(indent, c.green, "|_", "", "", c.endc));
                    let p = if matches!(ind, Value::Map(_)) {
                        ""
                    } else {
                        "- "
                    };
                    nested_display(ind, indent + 2, p, out, c);
                } else {
                    nested_display(ind, indent, "- ", out, c);
                }
            }
        }
        Value::Map(m) => {
            if indent > 0 {
                out.push(ustring(indent, c.cyan, "----------", "", "", c.endc));
            }
            let mut keys: Vec<(&Value, &Value)> = m.iter().collect();
            keys.sort_by(|a, b| py_key_cmp(a.0, b.0));
            for (k, v) in keys {
                out.push(ustring(indent, c.cyan, &k.py_str(), prefix, ":", c.endc));
                nested_display(v, indent + 4, "", out, c);
            }
        }
    }
}

fn py_key_cmp(a: &Value, b: &Value) -> std::cmp::Ordering {
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => x.cmp(y),
        _ => match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => x.partial_cmp(&y).unwrap_or(std::cmp::Ordering::Equal),
            _ => a.py_str().cmp(&b.py_str()),
        },
    }
}

/// `str.splitlines()`.
fn py_splitlines(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut iter = s.char_indices().peekable();
    while let Some((i, ch)) = iter.next() {
        let is_break = matches!(
            ch,
            '\n' | '\r'
                | '\x0b'
                | '\x0c'
                | '\x1c'
                | '\x1d'
                | '\x1e'
                | '\u{85}'
                | '\u{2028}'
                | '\u{2029}'
        );
        if is_break {
            out.push(&s[start..i]);
            let mut next = i + ch.len_utf8();
            if ch == '\r' {
                if let Some(&(j, '\n')) = iter.peek() {
                    iter.next();
                    next = j + 1;
                }
            }
            start = next;
        }
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

/// `salt.output.strip_esc_sequence`: escape characters become `?`.
fn strip_esc(s: &str) -> String {
    s.replace('\x1b', "?")
}

/// `textwrap.TextWrapper(width, initial_indent=" "*n, subsequent_indent=" "*n).fill(text)`
/// (simple word wrapping; whitespace runs collapse as textwrap does).
fn textwrap_fill(text: &str, width: usize, indent: usize) -> String {
    let pad = " ".repeat(indent);
    let mut lines: Vec<String> = Vec::new();
    let mut cur = pad.clone();
    for word in text.split_whitespace() {
        if cur.len() > indent && cur.len() + 1 + word.len() > width {
            lines.push(std::mem::replace(&mut cur, pad.clone()));
        }
        if cur.len() > indent {
            cur.push(' ');
        }
        cur.push_str(word);
    }
    lines.push(cur);
    lines.join("\n")
}

/// A rough `pprint.pformat` (Python repr) for the missing `__run_num__` report.
fn py_pformat(v: &Value) -> String {
    v.py_repr()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_only_for_empty_run() {
        let mut local = Map::new();
        local.insert("local", Value::Map(Map::new()));
        let out = highstate(&Value::Map(local), &HighstateOptions::default());
        assert_eq!(
            out,
            "local:\n\nSummary for local\n-----------\nSucceeded: 0\nFailed:   0\n-----------\nTotal states run:    0\nTotal run time:  0.000 ms"
        );
    }

    #[test]
    fn compile_errors() {
        let mut local = Map::new();
        local.insert("local", Value::List(vec![Value::str("boom")].into()));
        let out = highstate(&Value::Map(local), &HighstateOptions::default());
        assert_eq!(
            out,
            "local:\n    Data failed to compile:\n----------\n    boom"
        );
    }
}
