//! Salt's `locale` state module (salt/states/locale.py): `system`, `present`. halite reports
//! what Salt reports, in test mode and when nothing needs to change; it does not set or
//! generate locales (a run that would fails saying so; docs/compat.md).

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::{Args, ExecError};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("locale.system", system, &["name"]);
    r.register("locale.present", present, &["name"]);
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>) -> Result<Value, ExecError> {
    call.exec.call(call.ctx, fun, &Args::new(args, Map::new()))
}

/// `locale.system(name)`.
pub fn system(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = crate::ret_ncrc(call.name(), Value::Null, "");
    let current = match exec(call, "locale.get_locale", vec![]) {
        Ok(v) => v,
        Err(ExecError::Command(e)) => {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::str(format!("Failed to set system locale: {e}")),
            );
            return Ok(ret);
        }
        Err(e) => return Err(StateError::Command(e.to_string())),
    };
    if current == call.name() {
        ret.insert("result", Value::Bool(true));
        ret.insert(
            "comment",
            Value::str(format!("System locale {name} already set")),
        );
        return Ok(ret);
    }
    if call.test {
        ret.insert(
            "comment",
            Value::str(format!("System locale {name} needs to be set")),
        );
        return Ok(ret);
    }
    ret.insert("result", Value::Bool(false));
    ret.insert(
        "comment",
        Value::str("halite does not change the system locale"),
    );
    Ok(ret)
}

/// `locale.present(name)`.
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = crate::ret_ncrc(call.name(), Value::Null, "");
    let avail = exec(call, "locale.avail", vec![call.name()])
        .map_err(|e| StateError::Command(e.to_string()))?;
    if avail.truthy() {
        ret.insert("result", Value::Bool(true));
        ret.insert(
            "comment",
            Value::str(format!("Locale {name} is already present")),
        );
        return Ok(ret);
    }
    if call.test {
        ret.insert(
            "comment",
            Value::str(format!("Locale {name} needs to be generated")),
        );
        return Ok(ret);
    }
    ret.insert("result", Value::Bool(false));
    ret.insert("comment", Value::str("halite does not generate locales"));
    Ok(ret)
}
