//! Salt's `timezone` state module (salt/states/timezone.py): `system`. halite reports what
//! Salt reports, in test mode and when nothing needs to change; it does not change the host's
//! zone or hardware clock (a run that would fails saying so; docs/compat.md).

use crate::{StateCall, StateError, StateRegistry};
use halite_exec::{Args, ExecError};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("timezone.system", system, &["name"]);
}

fn exec(call: &StateCall, fun: &str, args: Vec<Value>) -> Result<Value, ExecError> {
    call.exec.call(call.ctx, fun, &Args::new(args, Map::new()))
}

/// `timezone.system(name, utc=True)`.
pub fn system(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = crate::ret_ncrc(call.name(), Value::Null, "");
    let utc = call.low.get("utc").cloned().unwrap_or(Value::Bool(true));
    let compzone = match exec(call, "timezone.zone_compare", vec![call.name()]) {
        Ok(v) => v,
        Err(e) => {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::str(format!(
                    "Unable to compare desired timezone '{name}' to system timezone: {e}"
                )),
            );
            return Ok(ret);
        }
    };
    let hwclock = exec(call, "timezone.get_hwclock", vec![])
        .map_err(|e| StateError::Command(e.to_string()))?;
    let myutc = hwclock.py_str() != "localtime";
    let mut messages = Vec::new();
    let mut do_zone = false;
    if compzone == Value::Bool(true) {
        ret.insert("result", Value::Bool(true));
        messages.push(format!("Timezone {name} already set"));
    } else {
        do_zone = true;
    }
    // `utc != myutc` compares the argument (any value) with a bool, as Python does
    let utc_set = utc.truthy();
    let utc_differs = utc != Value::Bool(myutc);
    let do_utc = utc_set && utc_differs;
    if do_utc {
        ret.insert("result", Value::Null);
    } else if utc_set {
        messages.push(format!("UTC already set to {name}"));
    }
    if ret.get("result") == Some(&Value::Bool(true)) {
        ret.insert("comment", Value::str(messages.join(", ")));
        return Ok(ret);
    }
    if call.test {
        let mut messages = Vec::new();
        if compzone == Value::Bool(false) {
            messages.push(format!("Timezone {name} needs to be set"));
        }
        if do_utc {
            messages.push(format!("UTC needs to be set to {}", utc.py_str()));
        }
        ret.insert("comment", Value::str(messages.join(", ")));
        return Ok(ret);
    }
    let _ = do_zone;
    ret.insert("result", Value::Bool(false));
    ret.insert(
        "comment",
        Value::str("halite does not change the system timezone or hardware clock"),
    );
    Ok(ret)
}
