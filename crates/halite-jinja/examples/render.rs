//! Renders one template the way an sls is rendered, for ad-hoc comparisons with Salt:
//!
//!     cargo run -p halite-jinja --example render -- ROOT path/to/file.sls [grains.json [pillar.json]]
//!
//! `sls`, `tpldir`, `tplfile`, `slspath`... are derived from the path as Salt's
//! `generate_sls_context` does. Errors print Salt's message and exit 1.

use halite_exec::{ExecContext, FileRoots, Registry};
use halite_jinja::JinjaEngine;
use halite_value::{Map, Value};
use std::path::PathBuf;
use std::sync::Arc;

fn read_json(path: Option<&String>) -> Value {
    path.and_then(|p| std::fs::read_to_string(p).ok())
        .and_then(|t| Value::from_json_str(&t).ok())
        .unwrap_or_else(|| Value::Map(Map::new()))
}

fn sls_vars(rel: &str) -> Map {
    let stem = rel.strip_suffix(".sls").unwrap_or(rel);
    let sls = stem.strip_suffix("/init").unwrap_or(stem).replace('/', ".");
    let dir = rel.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
    let mut m = Map::new();
    m.insert("sls", Value::str(sls));
    m.insert("tplfile", Value::str(rel));
    m.insert("tpldir", Value::str(if dir.is_empty() { "." } else { dir }));
    m.insert("tpldot", Value::str(dir.replace('/', ".")));
    m.insert("slspath", Value::str(dir));
    m.insert("sls_path", Value::str(dir.replace('/', "_")));
    m.insert("slsdotpath", Value::str(dir.replace('/', ".")));
    m.insert("slscolonpath", Value::str(dir.replace('/', ":")));
    m
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: render ROOT FILE [grains.json [pillar.json]]");
        std::process::exit(2);
    }
    let root = PathBuf::from(&args[1]);
    let rel = &args[2];
    let mut roots = FileRoots::default();
    roots.envs.insert("base".into(), vec![root.clone()]);
    let mut opts = Map::new();
    opts.insert("file_client", Value::str("local"));
    opts.insert("id", Value::str("testminion"));
    let ctx = ExecContext {
        opts: Value::Map(opts),
        grains: read_json(args.get(3)),
        pillar: read_json(args.get(4)),
        saltenv: "base".into(),
        file_roots: roots,
        ..Default::default()
    };
    let engine = JinjaEngine::new(Arc::new(Registry::standard()), Arc::new(ctx));
    let source = std::fs::read_to_string(root.join(rel)).unwrap_or_default();
    match engine.render(&source, rel, &sls_vars(rel)) {
        Ok(text) => print!("{text}"),
        Err(e) => {
            println!("{}", e.message);
            std::process::exit(1);
        }
    }
}
