//! `salt.modules.test`.

use crate::{Args, ExecContext, ExecError};
use halite_value::Value;

pub fn ping(_: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(true))
}

pub fn true_(_: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(true))
}

pub fn false_(_: &ExecContext, _: &Args) -> Result<Value, ExecError> {
    Ok(Value::Bool(false))
}
