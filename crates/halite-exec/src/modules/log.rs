//! `salt.modules.logmod` (virtual name `log`): each function logs `message` and returns True.
//! The functions take exactly one argument (`log.warning('a %s', 'b')` is a TypeError).

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

fn message(name: &str, a: &Args) -> Result<String, ExecError> {
    let b = bind(name, a, &["message"], 1)?;
    Ok(b.str_or(0, ""))
}

pub fn debug(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let msg = message("log.debug", a)?;
    tracing::debug!("{}", msg);
    Ok(Value::Bool(true))
}

pub fn info(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let msg = message("log.info", a)?;
    tracing::info!("{}", msg);
    Ok(Value::Bool(true))
}

pub fn warning(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let msg = message("log.warning", a)?;
    tracing::warn!("{}", msg);
    Ok(Value::Bool(true))
}

pub fn error(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let msg = message("log.error", a)?;
    tracing::error!("{}", msg);
    Ok(Value::Bool(true))
}

pub fn critical(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let msg = message("log.critical", a)?;
    tracing::error!("{}", msg);
    Ok(Value::Bool(true))
}

pub fn exception(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let msg = message("log.exception", a)?;
    tracing::error!("{}", msg);
    Ok(Value::Bool(true))
}
