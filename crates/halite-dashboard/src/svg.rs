//! The overview's charts, drawn as inline SVG on the server: a stacked bar a day of runs
//! per status, and a day's mean and longest state-run duration. Only numbers and the
//! fixed status names go into the drawing besides the day labels, which are escaped.
//! Each bar has a `<title>` (the browser's tooltip, no script).

use crate::html::esc;
use crate::store::DayCount;
use std::fmt::Write;

/// The statuses in stacking order (bottom first) with their colours (style.css's).
pub const STATUSES: [(&str, &str); 6] = [
    ("failed", "#d1242f"),
    ("error", "#8250df"),
    ("pending", "#bf8700"),
    ("changed", "#0969da"),
    ("unchanged", "#1a7f37"),
    ("ok", "#8c959f"),
];

const W: f64 = 560.0;
const H: f64 = 230.0;
const LEFT: f64 = 44.0;
const BOTTOM: f64 = 34.0;
const TOP: f64 = 24.0;

/// A round axis maximum at or over `v` (1, 2, 5 x 10^n).
fn nice_max(v: f64) -> f64 {
    if v <= 0.0 {
        return 1.0;
    }
    let p = 10f64.powf(v.log10().floor());
    for m in [1.0, 2.0, 5.0, 10.0] {
        if m * p >= v {
            return m * p;
        }
    }
    10.0 * p
}

fn axis(out: &mut String, max: f64, unit: &str) {
    let plot_h = H - TOP - BOTTOM;
    for i in 0..=4 {
        let v = max * f64::from(i) / 4.0;
        let y = TOP + plot_h - plot_h * f64::from(i) / 4.0;
        let _ = write!(
            out,
            "<line x1=\"{LEFT}\" y1=\"{y:.1}\" x2=\"{x2}\" y2=\"{y:.1}\" stroke=\"#e4e8ec\"/>\
             <text x=\"{tx}\" y=\"{ty:.1}\" font-size=\"10\" text-anchor=\"end\" fill=\"#5f6b7a\">{v}{unit}</text>",
            x2 = W - 8.0,
            tx = LEFT - 4.0,
            ty = y + 3.0,
            v = trim(v)
        );
    }
}

/// An axis value without trailing zeros (`2.5`, `0.125`, `10`).
fn trim(v: f64) -> String {
    let s = format!("{v:.3}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn day_label(day: &str) -> String {
    esc(day.get(5..).unwrap_or(day))
}

/// Stacked runs per status per day (`days` in order, one entry each, empty ones too).
pub fn status_chart(days: &[DayCount]) -> String {
    let mut out = String::new();
    let total = |d: &DayCount| d.counts.iter().map(|(_, n)| *n).sum::<i64>();
    let max = nice_max(days.iter().map(total).max().unwrap_or(0) as f64);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"status-chart\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"runs per day by status\">"
    );
    axis(&mut out, max, "");
    let plot_h = H - TOP - BOTTOM;
    let slot = (W - LEFT - 8.0) / days.len().max(1) as f64;
    for (i, d) in days.iter().enumerate() {
        let x = LEFT + slot * i as f64 + slot * 0.15;
        let bw = slot * 0.7;
        let mut y = TOP + plot_h;
        let mut tip = format!("{}: {} runs", d.day, total(d));
        for (status, colour) in STATUSES {
            let n = d
                .counts
                .iter()
                .filter(|(s, _)| s == status)
                .map(|(_, n)| *n)
                .sum::<i64>();
            if n == 0 {
                continue;
            }
            let _ = write!(tip, ", {n} {status}");
            let h = plot_h * n as f64 / max;
            y -= h;
            let _ = write!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{bw:.1}\" height=\"{h:.1}\" fill=\"{colour}\" \
                 data-day=\"{day}\" data-status=\"{status}\" data-n=\"{n}\"/>",
                day = esc(&d.day)
            );
        }
        let _ = write!(
            out,
            "<rect x=\"{x:.1}\" y=\"{TOP}\" width=\"{bw:.1}\" height=\"{plot_h:.1}\" fill=\"transparent\">\
             <title>{}</title></rect>\
             <text x=\"{cx:.1}\" y=\"{ly:.1}\" font-size=\"10\" text-anchor=\"middle\" fill=\"#5f6b7a\">{}</text>",
            esc(&tip),
            day_label(&d.day),
            cx = x + bw / 2.0,
            ly = H - BOTTOM + 14.0
        );
    }
    // legend
    let mut lx = LEFT;
    for (status, colour) in STATUSES {
        let _ = write!(
            out,
            "<rect x=\"{lx:.1}\" y=\"6\" width=\"10\" height=\"10\" fill=\"{colour}\"/>\
             <text x=\"{tx:.1}\" y=\"15\" font-size=\"11\" fill=\"#1d2330\">{status}</text>",
            tx = lx + 14.0
        );
        lx += 14.0 + 8.0 * status.len() as f64 + 18.0;
    }
    out.push_str("</svg>");
    out
}

/// A day's mean state-run duration (bars) and longest (dots on a line), in seconds.
pub fn duration_chart(days: &[DayCount]) -> String {
    let mut out = String::new();
    let max_s = days
        .iter()
        .map(|d| d.duration_max_ms / 1000.0)
        .fold(0.0, f64::max);
    let max = nice_max(max_s);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"duration-chart\" width=\"{W}\" height=\"{H}\" \
         viewBox=\"0 0 {W} {H}\" role=\"img\" aria-label=\"run durations per day\">"
    );
    axis(&mut out, max, " s");
    let plot_h = H - TOP - BOTTOM;
    let slot = (W - LEFT - 8.0) / days.len().max(1) as f64;
    let mut line = String::new();
    for (i, d) in days.iter().enumerate() {
        let x = LEFT + slot * i as f64 + slot * 0.2;
        let bw = slot * 0.6;
        let cx = x + bw / 2.0;
        if d.state_runs > 0 {
            let mean = d.duration_sum_ms / d.state_runs as f64 / 1000.0;
            let h = plot_h * mean / max;
            let top = d.duration_max_ms / 1000.0;
            let ty = TOP + plot_h - plot_h * top / max;
            let _ = write!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y:.1}\" width=\"{bw:.1}\" height=\"{h:.1}\" fill=\"#54aeff\">\
                 <title>{day}: mean {mean:.2} s, longest {top:.2} s over {n} state runs</title></rect>\
                 <circle cx=\"{cx:.1}\" cy=\"{ty:.1}\" r=\"3\" fill=\"#cf222e\"/>",
                y = TOP + plot_h - h,
                day = esc(&d.day),
                n = d.state_runs
            );
            let _ = write!(line, "{cx:.1},{ty:.1} ");
        }
        let _ = write!(
            out,
            "<text x=\"{cx:.1}\" y=\"{ly:.1}\" font-size=\"10\" text-anchor=\"middle\" fill=\"#5f6b7a\">{}</text>",
            day_label(&d.day),
            ly = H - BOTTOM + 14.0
        );
    }
    if !line.is_empty() {
        let _ = write!(
            out,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#cf222e\" stroke-width=\"1.5\"/>",
            line.trim_end()
        );
    }
    let _ = write!(
        out,
        "<rect x=\"{LEFT}\" y=\"6\" width=\"10\" height=\"10\" fill=\"#54aeff\"/>\
         <text x=\"{a}\" y=\"15\" font-size=\"11\">mean</text>\
         <circle cx=\"{b}\" cy=\"11\" r=\"3\" fill=\"#cf222e\"/>\
         <text x=\"{c}\" y=\"15\" font-size=\"11\">longest</text></svg>",
        a = LEFT + 14.0,
        b = LEFT + 60.0,
        c = LEFT + 68.0
    );
    out
}
