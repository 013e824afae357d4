//! What Salt's reclass adapters return (`salt/pillar/reclass_adapter.py` and
//! `salt/tops/reclass_adapter.py`, which call `reclass.adapters.salt`).

use crate::error::ReclassError;
use crate::inventory::Inventory;
use halite_value::{Map, Value};

/// `ext_pillar`: the node's parameters plus `__reclass__` with `nodename`, `applications`,
/// `classes` and `environment`.
pub fn ext_pillar(inv: &Inventory, minion_id: &str) -> Result<Map, ReclassError> {
    let info = inv.render_node(minion_id)?;
    let mut meta = Map::new();
    meta.insert("nodename", Value::str(minion_id));
    meta.insert("applications", list(&info.applications));
    meta.insert("classes", list(&info.classes));
    meta.insert("environment", Value::str(&info.environment));
    let mut params = info.parameters;
    params.insert("__reclass__", Value::Map(meta));
    Ok(params)
}

/// `master_tops`: `{environment: [applications...]}`; the applications are the SLS names.
pub fn master_tops(inv: &Inventory, minion_id: &str) -> Result<Map, ReclassError> {
    let info = inv.render_node(minion_id)?;
    let mut out = Map::new();
    out.insert(info.environment.as_str(), list(&info.applications));
    Ok(out)
}

fn list(items: &[String]) -> Value {
    Value::List(items.iter().map(Value::str).collect())
}
