//! The requisite graph: Salt 3008's `state.graph SLS` and `state.graph_highstate` (DOT text,
//! as Salt prints it), and beyond Salt `halite graph [SLS] --format dot|svg|json` (an SVG laid
//! out without Graphviz) and `state.apply ... --graph FILE.svg` (the run's graph, each state
//! coloured by its outcome).

use crate::functions::{check_result, errors_value, mods_arg, split_input, Outcome};
use crate::minion::Minion;
use halite_compile::StateGraph as Graph;
use halite_render::highstate::Matches;
use halite_render::opts;
use halite_value::{Map, Value};
use layout::backends::svg::SVGWriter;
use layout::core::base::Orientation;
use layout::core::color::Color;
use layout::core::geometry::{get_size_for_str, Point};
use layout::core::style::StyleAttr;
use layout::std_shapes::shapes::{Arrow, Element, ShapeKind};
use layout::topo::layout::VisualGraph;
use std::sync::Mutex;

/// Whether the call behaves as Salt 3008 (which has `state.graph`; 3007.8 answers "'state.graph'
/// is not available."). Reads the `salt_compat` option.
pub fn salt3008(opts: &Map) -> bool {
    halite_value::SaltCompat::of(opts).is_3008()
}

/// The high data `state.graph` (with `mods`: `show_sls` as Salt 3008 does it, render then
/// `verify_high`) or `state.graph_highstate` (without: `compile_highstate`, the render of
/// the top's matches) draws, or Salt's error list.
pub fn high_for(minion: &Minion, mods: Option<Vec<String>>) -> Result<Map, Vec<String>> {
    let mut hs = minion.highstate();
    match mods {
        Some(mods) => {
            let saltenv = opts::saltenv(&minion.opts).unwrap_or_else(|| "base".to_string());
            let mut matches = Matches::new();
            matches.insert(saltenv, mods);
            let (high, mut errors) = hs.render_highstate(&matches);
            errors.extend(halite_compile::verify_high(&high));
            if errors.is_empty() {
                Ok(high)
            } else {
                Err(errors)
            }
        }
        None => {
            let top = hs.get_top();
            let mut errors = hs.verify_tops(&top);
            let matches = hs.top_matches(&top);
            let (high, render_errors) = hs.render_highstate(&matches);
            errors.extend(render_errors);
            if errors.is_empty() {
                Ok(high)
            } else {
                Err(errors)
            }
        }
    }
}

/// The requisite graph of `high` (the one Salt 3008's compile orders the chunks by).
pub fn graph_of(minion: &Minion, high: Map) -> Graph {
    halite_compile::state_graph(high, &crate::functions::compile_options(minion))
}

/// halite's own pictures (`halite graph`, `--graph FILE`): every requisite the run honours.
/// Salt's `state.graph` draws the high data as rendered, without the `_in` requisites
/// (`watch_in`, `require_in`, ...), extend and exclude, which only the run applies; here they
/// are applied first, as the run applies them (extend, `_in` turned around, exclude).
fn run_graph_of(minion: &Minion, mut high: Map) -> Graph {
    let opts = crate::functions::compile_options(minion);
    let _ = halite_compile::reconcile_extend(&mut high, false);
    let _ = halite_compile::requisite_in(&mut high, &opts);
    halite_compile::apply_exclude(&mut high);
    halite_compile::state_graph(high, &opts)
}

/// `state.graph` / `state.graph_highstate`.
pub fn call(minion: &Minion, fun: &str, args: &[Value], kwargs: &Map) -> Outcome {
    let mods = if fun == "state.graph" {
        match mods_arg(args, kwargs, 0) {
            Some(m) => Some(split_input(m)),
            None => return crate::functions::missing_arguments(fun, &["mods"]),
        }
    } else {
        None
    };
    let with_mods = mods.is_some();
    match high_for(minion, mods) {
        Ok(high) => Outcome::new(Value::str(graph_of(minion, high).to_dot()), 0),
        // show_sls sets the compiler error retcode; compile_highstate sets none
        Err(errors) => {
            let ret = errors_value(errors);
            let rc = if with_mods || !check_result(&ret) {
                1
            } else {
                0
            };
            Outcome::new(ret, rc)
        }
    }
}

/// How a state ended, for the colours of `--graph`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome3 {
    Changed,
    Unchanged,
    /// `test=True`: would change.
    WouldChange,
    Failed,
    /// Not run: a requisite failed, or none of its onchanges changed.
    NotRun,
    /// No result (the run stopped, or the node is a prereq check).
    Unknown,
}

impl Outcome3 {
    fn of(result: Option<&Value>) -> Outcome3 {
        let Some(Value::Map(r)) = result else {
            return Outcome3::Unknown;
        };
        let comment = r.get("comment").map(Value::py_str).unwrap_or_default();
        let changed = r.get("changes").is_some_and(Value::truthy);
        match r.get("result") {
            Some(Value::Bool(false)) if comment.starts_with("One or more requisite failed") => {
                Outcome3::NotRun
            }
            Some(Value::Bool(false)) => Outcome3::Failed,
            Some(Value::Null) => Outcome3::WouldChange,
            Some(_) if comment.contains("was not run because") => Outcome3::NotRun,
            Some(_) if changed => Outcome3::Changed,
            Some(_) => Outcome3::Unchanged,
            None => Outcome3::Unknown,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Outcome3::Changed => "changed",
            Outcome3::Unchanged => "unchanged",
            Outcome3::WouldChange => "would-change",
            Outcome3::Failed => "failed",
            Outcome3::NotRun => "not-run",
            Outcome3::Unknown => "unknown",
        }
    }

    /// (fill, line) colours.
    fn colours(self) -> (u32, u32) {
        match self {
            Outcome3::Changed => (0xfff3b0ff, 0xb58900ff),
            Outcome3::Unchanged => (0xd8f5d0ff, 0x2e7d32ff),
            Outcome3::WouldChange => (0xd6eaffff, 0x1565c0ff),
            Outcome3::Failed => (0xffd6d6ff, 0xc62828ff),
            Outcome3::NotRun => (0xe8e8e8ff, 0x757575ff),
            Outcome3::Unknown => (0xffffffff, 0x000000ff),
        }
    }
}

fn attr(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The graph as an SVG a browser opens: each state a box (`class="state"`, `data-tag`, and
/// with `running`, `data-outcome` and its colour), each requisite an arrow
/// (`class="requisite"`, `data-source`, `data-target`, `data-requisite`) labelled with it.
pub fn to_svg(g: &Graph, running: Option<&Map>) -> String {
    let mut vg = VisualGraph::new(Orientation::TopToBottom);
    let mut handles = Vec::new();
    for n in &g.nodes {
        let mut label = format!("{}.{}\n{}", n.state, n.fun, n.id);
        if n.name != n.id {
            label.push_str(&format!("\n({})", n.name));
        }
        if n.prereq_check {
            label.push_str("\n[prereq check]");
        }
        let outcome = match running {
            Some(r) if !n.prereq_check => Outcome3::of(r.get(n.tag.as_str())),
            _ => Outcome3::Unknown,
        };
        let (fill, line) = outcome.colours();
        let look = StyleAttr::new(
            Color::new(line),
            2,
            Some(Color::new(fill)),
            if n.prereq_check { 0 } else { 6 },
            14,
        );
        let size = get_size_for_str(&label, 14).add(Point::new(24., 16.));
        let mut props = format!("class=\"state\" data-tag=\"{}\"", attr(&n.tag));
        if running.is_some() {
            props.push_str(&format!(" data-outcome=\"{}\"", outcome.name()));
        }
        let elem = Element::create_with_properties(
            ShapeKind::new_box(&label),
            look,
            Orientation::LeftToRight,
            size,
            props,
        );
        handles.push(vg.add_node(elem));
    }
    for e in g.edges() {
        let mut arrow = Arrow::simple(e.requisite);
        arrow.look.font_size = 12;
        arrow.look.line_width = 1;
        arrow.properties = Some(format!(
            "class=\"requisite\" data-source=\"{}\" data-target=\"{}\" data-requisite=\"{}\"",
            attr(&g.nodes[e.source].tag),
            attr(&g.nodes[e.target].tag),
            e.requisite
        ));
        vg.add_edge(arrow, handles[e.source], handles[e.target]);
    }
    if g.nodes.is_empty() {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n<svg width=\"10\" height=\"10\" xmlns=\"http://www.w3.org/2000/svg\"></svg>\n".into();
    }
    let mut svg = SVGWriter::new();
    vg.do_it(false, false, false, &mut svg);
    // layout-rs writes Times; a sans-serif face reads better in boxes
    let mut text = svg.finalize().replace(
        "font-family: Times, serif;",
        "font-family: 'DejaVu Sans', Helvetica, Arial, sans-serif;",
    );
    text.push('\n');
    fit_canvas(text)
}

/// layout-rs sizes the canvas from a rough text width, leaving a wide empty margin: the
/// canvas is cut to the boxes and arrows drawn (plus a margin).
fn fit_canvas(svg: String) -> String {
    let num = |tag: &str, name: &str| -> Option<f64> {
        let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
        let end = tag[start..].find('"')? + start;
        tag[start..end].trim().parse().ok()
    };
    let (mut w, mut h) = (0f64, 0f64);
    for (i, _) in svg.match_indices("<rect ") {
        let tag = &svg[i..svg[i..].find("/>").map_or(svg.len(), |e| i + e)];
        if let (Some(x), Some(y), Some(rw), Some(rh)) = (
            num(tag, "x"),
            num(tag, "y"),
            num(tag, "width"),
            num(tag, "height"),
        ) {
            w = w.max(x + rw);
            h = h.max(y + rh);
        }
    }
    for (i, _) in svg.match_indices(" d=\"") {
        let path = &svg[i + 4..svg[i + 4..].find('"').map_or(svg.len(), |e| i + 4 + e)];
        let nums: Vec<f64> = path
            .split([' ', ','])
            .filter_map(|t| t.parse().ok())
            .collect();
        for xy in nums.chunks(2) {
            if let [x, y] = xy {
                w = w.max(*x);
                h = h.max(*y);
            }
        }
    }
    let Some(head_end) = svg.find("xmlns=") else {
        return svg;
    };
    let Some(open) = svg[..head_end].rfind("<svg ") else {
        return svg;
    };
    if w <= 0.0 || h <= 0.0 {
        return svg;
    }
    let (w, h) = ((w + 20.0).ceil(), (h + 20.0).ceil());
    format!(
        "{}<svg width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" {}",
        &svg[..open],
        &svg[head_end..]
    )
}

/// The graph as JSON: `{"nodes": [{tag, state, fun, id, name, sls, prereq_check}], "edges":
/// [{source, target, requisite}]}` (source and target are tags).
pub fn to_json(g: &Graph) -> Value {
    let nodes = g
        .nodes
        .iter()
        .map(|n| {
            let mut m = Map::new();
            m.insert("tag", Value::str(&n.tag));
            m.insert("state", Value::str(&n.state));
            m.insert("fun", Value::str(&n.fun));
            m.insert("id", Value::str(&n.id));
            m.insert("name", Value::str(&n.name));
            m.insert("sls", Value::str(&n.sls));
            m.insert("prereq_check", Value::Bool(n.prereq_check));
            Value::Map(m)
        })
        .collect();
    let edges = g
        .edges()
        .iter()
        .map(|e| {
            let mut m = Map::new();
            m.insert("source", Value::str(&g.nodes[e.source].tag));
            m.insert("target", Value::str(&g.nodes[e.target].tag));
            m.insert("requisite", Value::str(e.requisite));
            Value::Map(m)
        })
        .collect();
    let mut m = Map::new();
    m.insert("nodes", Value::List(nodes));
    m.insert("edges", Value::List(edges));
    Value::Map(m)
}

/// `halite graph [SLS[,SLS]] [--format dot|svg|json] [-o FILE]`: the requisite graph of the
/// highstate (or of the SLS files named), in any Salt mode.
pub fn command(minion: &Minion, rest: &[String]) -> anyhow::Result<u8> {
    let mut format = "dot".to_string();
    let mut output: Option<String> = None;
    let mut mods: Option<Vec<String>> = None;
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--format" | "-f" => format = it.next().cloned().unwrap_or_default(),
            "-o" | "--output" => output = it.next().cloned(),
            s if s.starts_with("--format=") => format = s["--format=".len()..].to_string(),
            s if s.starts_with("--output=") => output = Some(s["--output=".len()..].to_string()),
            s if s.starts_with('-') => anyhow::bail!("halite graph: unknown option '{s}'"),
            s if s.contains('=') => {} // keyword arguments (saltenv=..., pillar=...) are the minion's
            s => mods = Some(split_input(&Value::str(s))),
        }
    }
    let high = match high_for(minion, mods) {
        Ok(h) => h,
        Err(errors) => {
            for e in &errors {
                eprintln!("{e}");
            }
            crate::diagnostics::report(
                &errors_value(errors),
                &opts::roots(&minion.opts, "file_roots"),
                std::io::IsTerminal::is_terminal(&std::io::stderr()),
            );
            return Ok(1);
        }
    };
    let g = run_graph_of(minion, high);
    let text = match format.as_str() {
        "dot" => format!("{}\n", g.to_dot()),
        "svg" => to_svg(&g, None),
        "json" => format!("{}\n", to_json(&g).to_json()),
        other => anyhow::bail!("halite graph: unknown format '{other}' (dot, svg or json)"),
    };
    match output {
        Some(path) => write_atomic(&path, &text)?,
        None => print!("{text}"),
    }
    Ok(0)
}

fn write_atomic(path: &str, text: &str) -> anyhow::Result<()> {
    let tmp = format!("{path}.halite-tmp");
    std::fs::write(&tmp, text).map_err(|e| anyhow::anyhow!("{tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| anyhow::anyhow!("{path}: {e}"))
}

/// `--graph FILE` of a state run: the high data the run compiled, kept when asked for.
static KEPT: Mutex<Option<Map>> = Mutex::new(None);
static WANTED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Takes `--graph FILE` out of a call's arguments.
pub fn take_graph_flag(rest: &mut Vec<String>) -> Option<String> {
    let i = rest
        .iter()
        .position(|a| a == "--graph" || a.starts_with("--graph="))?;
    let flag = rest.remove(i);
    let path = match flag.strip_prefix("--graph=") {
        Some(p) => p.to_string(),
        None if i < rest.len() => rest.remove(i),
        None => return None,
    };
    WANTED.store(true, std::sync::atomic::Ordering::Relaxed);
    Some(path)
}

/// Called by the run with the high data it compiles (a copy is kept only with `--graph`).
pub fn keep_high(high: &Map) {
    if WANTED.load(std::sync::atomic::Ordering::Relaxed) {
        if let Ok(mut k) = KEPT.lock() {
            *k = Some(high.clone());
        }
    }
}

/// Writes the run's graph, coloured by the results in `ret`, to `path`.
pub fn write_run_graph(minion: &Minion, path: &str, ret: &Value) -> anyhow::Result<()> {
    let high = KEPT.lock().ok().and_then(|mut k| k.take());
    let Some(high) = high else {
        anyhow::bail!("--graph: this call compiled no states, so there is no graph to draw");
    };
    let g = run_graph_of(minion, high);
    // a run that answered with errors (Salt 3008's requisite errors are compile errors)
    // ran no state: every box says so
    let none = Map::new();
    let running = match ret {
        Value::Map(m) => m,
        _ => &none,
    };
    write_atomic(path, &to_svg(&g, Some(running)))
}
