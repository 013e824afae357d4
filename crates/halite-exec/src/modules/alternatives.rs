//! `salt.modules.alternatives`.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

/// `alternatives.show_current(name)`: the target of /etc/alternatives/<name>, or False.
pub fn show_current(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("alternatives.show_current", a, &["name"], 1)?;
    let name = b.str_or(0, "");
    match std::fs::read_link(format!("/etc/alternatives/{name}")) {
        Ok(p) => Ok(Value::Str(p.to_string_lossy().into())),
        Err(_) => {
            tracing::error!("alternative: {} does not exist", name);
            Ok(Value::Bool(false))
        }
    }
}
