//! Salt's `stateconf` state module (salt/states/stateconf.py): the no-op `stateconf.set` and
//! `stateconf.context` states the `stateconf` renderer generates and reads its
//! configuration from.

use crate::{StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("stateconf.set", no_op, &["name"]);
    r.register("stateconf.context", no_op, &["name"]);
}

/// `_no_op(name, **kwargs)`: result True, no changes, an empty comment (also under test).
/// The keys in Salt's order (`dict(name=, result=, changes=, comment=)`).
pub fn no_op(call: &StateCall) -> Result<Map, StateError> {
    let mut m = Map::new();
    m.insert("name", call.name());
    m.insert("result", Value::Bool(true));
    m.insert("changes", Value::Map(Map::new()));
    m.insert("comment", Value::str(""));
    Ok(m)
}
