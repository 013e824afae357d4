//! `salt.modules.mine`. Masterless, the mine reads the minion's own `mine_cache`, which halite
//! never fills: `mine.get` returns `{}` as `salt-call --local` does on a fresh minion.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};

/// `mine.get(tgt, fun, tgt_type='glob', exclude_minion=False)`.
pub fn get(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind(
        "mine.get",
        a,
        &["tgt", "fun", "tgt_type", "exclude_minion"],
        2,
    )?;
    Ok(Value::Map(Map::new()))
}
