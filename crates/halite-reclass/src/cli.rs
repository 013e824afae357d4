//! `halite reclass`: the command line of reclass, on this crate.
//!
//! Mount it in the `halite` binary with a `Reclass(halite_reclass::cli::ReclassArgs)`
//! subcommand and `print!("{}", halite_reclass::cli::run(&args)?)`.

use crate::config::{lexical_normal, ReclassConfig, CONFIG_FILE};
use crate::error::ReclassError;
use crate::inventory::Inventory;
use halite_value::Value;
use halite_yaml::DumpOptions;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum OutputFormat {
    Json,
    Yaml,
}

/// `reclass [-b URI] [-u URI] [-c URI] [-o json|yaml] (-n NODE | -i)`
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
    /// Output format (yaml: block style, keys in reclass-rs's order; json: `json.dumps(indent=4)`).
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

/// Runs the command; returns what goes to stdout. On error nothing is printed.
pub fn run(args: &ReclassArgs) -> Result<String, ReclassError> {
    let inv = Inventory::load(&args.config()?)?;
    let value = match &args.nodeinfo {
        Some(node) => inv.node(node)?,
        None => inv.all()?,
    };
    Ok(format_value(&value, args.output))
}

/// The text printed for a node or inventory value.
pub fn format_value(value: &Value, format: OutputFormat) -> String {
    match format {
        OutputFormat::Json => {
            let mut out = value.to_json();
            out.push('\n');
            out
        }
        OutputFormat::Yaml => {
            let opts = DumpOptions {
                default_flow_style: Some(false),
                ..DumpOptions::default()
            };
            halite_yaml::dump(value, opts)
        }
    }
}
