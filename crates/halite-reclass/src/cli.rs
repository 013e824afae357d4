//! `halite reclass`: the command line of reclass, on this crate.
//!
//! Mount it in the `halite` binary with a `Reclass(halite_reclass::cli::ReclassArgs)`
//! subcommand and `halite_reclass::cli::run_to(&args, &mut std::io::stdout().lock())`
//! (or `print!("{}", run(&args)?)`).

use crate::config::{lexical_normal, ReclassConfig, CONFIG_FILE};
use crate::error::ReclassError;
use crate::inventory::{index, inventory_meta, timestamp, Inventory};
use halite_value::{Map, Value};
use halite_yaml::DumpOptions;
use std::io::Write;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    Json,
    Yaml,
}

/// `reclass [-b URI] [-u URI] [-c URI] [-o yaml|json] (-n NODE | -i)`
#[derive(Debug, Clone, clap::Parser)]
#[command(about = "Render a reclass inventory (reclass-rs compatible)")]
#[command(group = clap::ArgGroup::new("mode").required(true).args(["nodeinfo", "inventory"]))]
pub struct ReclassArgs {
    /// The inventory base directory; it holds `reclass-config.yml`, `nodes/` and `classes/`.
    #[arg(short = 'b', long = "inventory-base-uri", default_value = ".")]
    pub inventory_base_uri: String,
    /// The nodes directory, relative to the base.
    #[arg(short = 'u', long = "nodes-uri")]
    pub nodes_uri: Option<String>,
    /// The classes directory, relative to the base.
    #[arg(short = 'c', long = "classes-uri")]
    pub classes_uri: Option<String>,
    /// Output format (yaml: block style; json: `json.dumps(indent=4)`); keys in reclass-rs's order.
    #[arg(short = 'o', long = "output", value_enum, default_value = "yaml")]
    pub output: OutputFormat,
    /// Print one node's information.
    #[arg(short = 'n', long = "nodeinfo", value_name = "NODENAME")]
    pub nodeinfo: Option<String>,
    /// Print the whole inventory.
    #[arg(short = 'i', long = "inventory")]
    pub inventory: bool,
}

impl ReclassArgs {
    /// The configuration: the base's `reclass-config.yml` if present, with `-u`/`-c` on top.
    pub fn config(&self) -> Result<ReclassConfig, ReclassError> {
        let base = self.inventory_base_uri.as_str();
        let mut cfg = ReclassConfig::new(base, None, None)?;
        let file = Path::new(base).join(CONFIG_FILE);
        if file.is_file() {
            cfg.load_file(&file)?;
        }
        if let Some(n) = &self.nodes_uri {
            cfg.nodes_path = lexical_normal(&Path::new(base).join(n), true)
                .display()
                .to_string();
        }
        if let Some(c) = &self.classes_uri {
            cfg.classes_path = lexical_normal(&Path::new(base).join(c), true)
                .display()
                .to_string();
        }
        Ok(cfg)
    }
}

/// Runs the command; returns what goes to stdout. On error nothing is produced.
pub fn run(args: &ReclassArgs) -> Result<String, ReclassError> {
    let mut buf = Vec::new();
    run_to(args, &mut buf)?;
    String::from_utf8(buf).map_err(|e| ReclassError::Usage(e.to_string()))
}

/// Runs the command and writes its output to `out`. Everything is rendered before the first
/// byte is written, so an error writes nothing. The inventory is serialized node by node.
pub fn run_to(args: &ReclassArgs, out: &mut dyn Write) -> Result<(), ReclassError> {
    let inv = Inventory::load(&args.config()?)?;
    let pieces = match &args.nodeinfo {
        Some(node) => vec![format_value(&inv.node(node)?, args.output)],
        None => inventory_text(&inv, args.output)?,
    };
    for piece in pieces {
        out.write_all(piece.as_bytes())
            .map_err(|e| ReclassError::Usage(e.to_string()))?;
    }
    Ok(())
}

/// The text printed for a node or inventory value.
pub fn format_value(value: &Value, format: OutputFormat) -> String {
    match format {
        OutputFormat::Json => {
            let mut out = value.to_json();
            out.push('\n');
            out
        }
        OutputFormat::Yaml => halite_yaml::dump(value, yaml_options()),
    }
}

fn yaml_options() -> DumpOptions {
    DumpOptions {
        default_flow_style: Some(false),
        ..DumpOptions::default()
    }
}

/// `-i` output in pieces: each node is serialized on its worker thread and its tree dropped,
/// so the whole inventory never exists as one value. The text equals
/// `format_value(&inv.all()?, format)`.
fn inventory_text(inv: &Inventory, format: OutputFormat) -> Result<Vec<String>, ReclassError> {
    let ts = timestamp();
    let nodes = inv.render_all_map(|info| {
        let name = info.name.clone();
        let (apps, classes) = (info.applications.clone(), info.classes.clone());
        let text = node_entry(&name, info.into_value(&ts), format);
        (name, apps, classes, text)
    })?;
    let (applications, classes) = index(nodes.iter().map(|(n, a, c, _)| (n, a, c)));
    let mut pieces = Vec::with_capacity(nodes.len() + 4);
    match format {
        OutputFormat::Json => {
            pieces.push(format!(
                "{{\n    \"applications\": {},\n    \"classes\": {},\n    \"nodes\": {{",
                indent_tail(&applications.to_json(), 4),
                indent_tail(&classes.to_json(), 4)
            ));
            let count = nodes.len();
            for (i, (_, _, _, text)) in nodes.into_iter().enumerate() {
                let sep = if i + 1 < count { "," } else { "" };
                pieces.push(format!("\n        {text}{sep}"));
            }
            pieces.push(if count == 0 {
                "},".into()
            } else {
                "\n    },".into()
            });
            let meta = indent_tail(&inventory_meta(&ts).to_json(), 4);
            pieces.push(format!("\n    \"__reclass__\": {meta}\n}}\n"));
        }
        OutputFormat::Yaml => {
            let mut head = Map::new();
            head.insert("applications", applications);
            head.insert("classes", classes);
            pieces.push(halite_yaml::dump(&Value::Map(head), yaml_options()));
            if nodes.is_empty() {
                pieces.push("nodes: {}\n".into());
            } else {
                pieces.push("nodes:\n".into());
            }
            pieces.extend(nodes.into_iter().map(|(_, _, _, text)| text));
            let mut tail = Map::new();
            tail.insert("__reclass__", inventory_meta(&ts));
            pieces.push(halite_yaml::dump(&Value::Map(tail), yaml_options()));
        }
    }
    Ok(pieces)
}

/// One `nodes` entry: `"name": {...}` (JSON, at depth 2) or `  name:\n    ...` (YAML).
fn node_entry(name: &str, node: Value, format: OutputFormat) -> String {
    match format {
        OutputFormat::Json => {
            let key = Value::str(name).to_json();
            format!("{key}: {}", indent_tail(&node.to_json(), 8))
        }
        OutputFormat::Yaml => {
            let mut entry = Map::new();
            entry.insert(name, node);
            let text = halite_yaml::dump(&Value::Map(entry), yaml_options());
            let mut out = String::with_capacity(text.len() + text.len() / 8);
            for line in text.lines() {
                if !line.is_empty() {
                    out.push_str("  ");
                }
                out.push_str(line);
                out.push('\n');
            }
            out
        }
    }
}

/// Indents every line but the first by `n` spaces.
fn indent_tail(text: &str, n: usize) -> String {
    let pad = " ".repeat(n);
    text.replace('\n', &format!("\n{pad}"))
}
