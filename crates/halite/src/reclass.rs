//! Salt's reclass adapters, on halite-reclass: `ext_pillar: [{reclass: {...}}]` merges the
//! node's parameters into pillar, `master_tops: {reclass: {...}}` adds its applications to
//! the top file's matches (salt/pillar/reclass_adapter.py, salt/tops/reclass_adapter.py).

use anyhow::{anyhow, Result};
use halite_reclass::{Inventory, ReclassConfig};
use halite_value::{Map, Value};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// The adapter options (`inventory_base_uri`, `nodes_uri`, `classes_uri`) as a config; a
/// relative base resolves against the minion config folder.
fn config(options: &Value, conf_dir: &Path) -> Result<ReclassConfig> {
    let get = |k: &str| options.get(k).and_then(Value::as_str);
    let base = get("inventory_base_uri").unwrap_or("/etc/reclass");
    let base = if Path::new(base).is_absolute() {
        base.to_string()
    } else {
        conf_dir.join(base).to_string_lossy().into_owned()
    };
    let mut cfg = ReclassConfig::from_base_uri(&base).map_err(|e| anyhow!("{e}"))?;
    if get("nodes_uri").is_some() || get("classes_uri").is_some() {
        let fresh = ReclassConfig::new(&base, get("nodes_uri"), get("classes_uri"))
            .map_err(|e| anyhow!("{e}"))?;
        cfg.nodes_path = fresh.nodes_path;
        cfg.classes_path = fresh.classes_path;
    }
    if let Some(v) = options.get("ignore_class_notfound") {
        cfg.ignore_class_notfound = v.truthy();
    }
    Ok(cfg)
}

/// The inventory, loaded once a process for each configuration: a fleet run or a batch
/// compile asks for it twice a node (pillar and tops) and for every node; its classes are
/// parsed on first use and kept. One halite process is one run, so it never goes stale
/// in a way Salt's master would notice.
fn load(options: &Value, conf_dir: &Path) -> Result<Arc<Inventory>> {
    static LOADED: OnceLock<Mutex<HashMap<String, Arc<Inventory>>>> = OnceLock::new();
    let cfg = config(options, conf_dir)?;
    let key = format!("{cfg:?}");
    let cache = LOADED.get_or_init(Default::default);
    if let Some(inv) = cache.lock().ok().and_then(|m| m.get(&key).cloned()) {
        return Ok(inv);
    }
    let inv = Arc::new(Inventory::load(&cfg).map_err(|e| anyhow!("{e}"))?);
    if let Ok(mut m) = cache.lock() {
        m.entry(key).or_insert_with(|| inv.clone());
    }
    Ok(inv)
}

/// The node names of the inventory the master config's reclass adapter (ext_pillar or
/// master_tops) reads; `None` when neither is configured.
pub fn node_names(opts: &Map, conf_dir: &Path) -> Result<Option<Vec<String>>> {
    let options =
        ext_pillar_options(opts).or_else(|| opts.get("master_tops").and_then(|m| m.get("reclass")));
    match options {
        Some(options) => Ok(Some(load(options, conf_dir)?.node_names())),
        None => Ok(None),
    }
}

/// The `reclass` entry of the `ext_pillar` list, if configured.
pub fn ext_pillar_options(opts: &Map) -> Option<&Value> {
    opts.get("ext_pillar")?
        .as_list()?
        .iter()
        .find_map(|e| e.get("reclass"))
}

/// The node's parameters (with `__reclass__`), as the ext_pillar adapter returns them.
pub fn ext_pillar(options: &Value, conf_dir: &Path, minion_id: &str) -> Result<Map> {
    let inv = load(options, conf_dir)?;
    halite_reclass::ext_pillar(&inv, minion_id).map_err(|e| anyhow!("{e}"))
}

/// `{saltenv: [sls...]}` from the node's applications, when `master_tops: {reclass: ...}`.
pub fn master_tops(opts: &Map, conf_dir: &Path, minion_id: &str) -> Result<Option<Map>> {
    let Some(options) = opts.get("master_tops").and_then(|m| m.get("reclass")) else {
        return Ok(None);
    };
    let inv = load(options, conf_dir)?;
    halite_reclass::master_tops(&inv, minion_id)
        .map(Some)
        .map_err(|e| anyhow!("{e}"))
}
