//! The SLS pipeline on arbitrary input: one sls file rendered (Jinja, YAML, includes of
//! itself, extend/exclude) into high data, then compiled to low chunks. Nothing may panic.
#![no_main]

use halite_exec::Registry;
use halite_value::{Map, Value};
use libfuzzer_sys::fuzz_target;
use std::sync::{Arc, OnceLock};

struct Tree {
    dir: std::path::PathBuf,
    registry: Arc<Registry>,
}

fn tree() -> &'static Tree {
    static TREE: OnceLock<Tree> = OnceLock::new();
    TREE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("halite-fuzz-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&dir);
        let _ = std::fs::write(dir.join("other.sls"), "other:\n  test.nop\n");
        Tree { dir, registry: Arc::new(Registry::standard()) }
    })
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let t = tree();
    if std::fs::write(t.dir.join("fuzz.sls"), text).is_err() {
        return;
    }
    let mut opts = Map::new();
    let mut roots = Map::new();
    roots.insert("base", Value::List(vec![Value::str(t.dir.to_string_lossy())]));
    opts.insert("file_roots", Value::Map(roots));
    opts.insert("id", Value::str("fuzzminion"));
    let mut hs = halite_render::HighState::new(opts, Value::Map(Map::new()), Value::Map(Map::new()), t.registry.clone());
    let mut matches = halite_render::highstate::Matches::new();
    matches.insert("base".into(), vec!["fuzz".into()]);
    let (high, _errors) = hs.render_highstate(&matches);
    let _ = halite_compile::compile_low_chunks(high, &halite_compile::CompileOptions::default());
});
