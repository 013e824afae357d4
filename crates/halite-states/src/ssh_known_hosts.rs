//! Salt's `ssh_known_hosts` state module (salt/states/ssh_known_hosts.py): `present` and
//! `absent`, through the `ssh.*` known_hosts functions (without `key`, `ssh.set_known_host`
//! fetches the host's keys with `ssh-keyscan`).

use crate::util::salt_call;
use crate::{ret_ncrc, StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("ssh_known_hosts.present", present, &["name"]);
    r.register("ssh_known_hosts.absent", absent, &["name"]);
}

fn config_of(call: &StateCall, user: &Value) -> String {
    call.arg_str("config")
        .filter(|c| !c.is_empty())
        .unwrap_or_else(|| {
            if user.truthy() {
                ".ssh/known_hosts".into()
            } else {
                "/etc/ssh/ssh_known_hosts".into()
            }
        })
}

fn done(mut ret: Map, result: Value, comment: String) -> Map {
    ret.insert("result", result);
    ret.insert("comment", Value::Str(comment.into()));
    ret
}

/// `ssh_known_hosts.present(name, user=None, fingerprint=None, key=None, port=None, enc=None,
/// config=None, hash_known_hosts=True, timeout=5, fingerprint_hash_type=None)`.
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let result = if call.test {
        Value::Null
    } else {
        Value::Bool(true)
    };
    let ret = ret_ncrc(call.name(), result.clone(), "");
    let user = call.arg("user").cloned().unwrap_or(Value::Null);
    let config = config_of(call, &user);
    if !user.truthy() && !config.starts_with('/') {
        return Ok(done(
            ret,
            Value::Bool(false),
            "If not specifying a \"user\", specify an absolute \"config\".".into(),
        ));
    }
    let arg = |k: &str| call.arg(k).cloned().unwrap_or(Value::Null);
    let (key, fingerprint, enc) = (arg("key"), arg("fingerprint"), arg("enc"));
    if call.test {
        if key.truthy() && fingerprint.truthy() {
            return Ok(done(
                ret,
                Value::Bool(false),
                "Specify either \"key\" or \"fingerprint\", not both.".into(),
            ));
        }
        if key.truthy() && !enc.truthy() {
            return Ok(done(
                ret,
                Value::Bool(false),
                "Required argument \"enc\" if using \"key\" argument.".into(),
            ));
        }
        let mut kw = Map::new();
        kw.insert("key", key);
        kw.insert("fingerprint", fingerprint);
        kw.insert("config", Value::str(config.as_str()));
        kw.insert("port", arg("port"));
        kw.insert("fingerprint_hash_type", arg("fingerprint_hash_type"));
        let status = salt_call(
            call,
            "ssh.check_known_host",
            vec![user, Value::str(name.as_str())],
            kw,
        )?;
        // Salt 3008 fails on ssh.check_known_host's error dict (a missing user, ...):
        // `if isinstance(result, dict) and "error" in result`.
        if call.salt_compat().is_3008() {
            if let Some(err) = status.as_map().and_then(|m| m.get("error")) {
                return Ok(done(ret, Value::Bool(false), err.py_str()));
            }
        }
        return Ok(match status.as_str() {
            Some("exists") => done(
                ret,
                Value::Bool(true),
                format!("Host {name} is already in {config}"),
            ),
            Some("add") => done(
                ret,
                result,
                format!("Key for {name} is set to be added to {config}"),
            ),
            _ => done(
                ret,
                result,
                format!("Key for {name} is set to be updated in {config}"),
            ),
        });
    }
    let mut kw = Map::new();
    kw.insert("user", user);
    kw.insert("hostname", Value::str(name.as_str()));
    kw.insert("fingerprint", fingerprint.clone());
    kw.insert("key", key.clone());
    kw.insert("port", arg("port"));
    kw.insert("enc", enc.clone());
    kw.insert("config", Value::str(config.as_str()));
    kw.insert(
        "hash_known_hosts",
        call.arg("hash_known_hosts")
            .cloned()
            .unwrap_or(Value::Bool(true)),
    );
    kw.insert(
        "timeout",
        call.arg("timeout").cloned().unwrap_or(Value::Int(5)),
    );
    kw.insert("fingerprint_hash_type", arg("fingerprint_hash_type"));
    let r = salt_call(call, "ssh.set_known_host", vec![], kw)?;
    let get = |k: &str| r.get(k).cloned().unwrap_or(Value::Null);
    match get("status").as_str() {
        Some("exists") => Ok(done(
            ret,
            result,
            format!("{name} already exists in {config}"),
        )),
        Some("error") => Ok(done(ret, Value::Bool(false), get("error").py_str())),
        _ => {
            let first = |k: &str| {
                get("new")
                    .as_list()
                    .and_then(|l| l.iter().next().cloned())
                    .and_then(|e| e.get(k).cloned())
                    .unwrap_or(Value::Null)
                    .py_str()
            };
            let comment = if key.truthy() {
                format!("{name}'s key saved to {config} (key: {})", first("key"))
            } else if fingerprint.truthy() {
                format!(
                    "{name}'s key saved to {config} (fingerprint: {})",
                    first("fingerprint")
                )
            } else if enc.truthy() {
                format!(
                    "{name}'s {} key saved to {config} (key: {})",
                    enc.py_str(),
                    first("key")
                )
            } else {
                format!("{name}'s key(s) saved to {config}")
            };
            let mut ch = Map::new();
            ch.insert("old", get("old"));
            ch.insert("new", get("new"));
            let mut ret = done(ret, result, comment);
            ret.insert("changes", Value::Map(ch));
            Ok(ret)
        }
    }
}

/// `ssh_known_hosts.absent(name, user=None, config=None)`.
pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let ret = ret_ncrc(call.name(), Value::Bool(true), "");
    let user = call.arg("user").cloned().unwrap_or(Value::Null);
    let config = config_of(call, &user);
    if !user.truthy() && !config.starts_with('/') {
        return Ok(done(
            ret,
            Value::Bool(false),
            "If not specifying a \"user\", specify an absolute \"config\".".into(),
        ));
    }
    let mut kw = Map::new();
    kw.insert("user", user.clone());
    kw.insert("hostname", Value::str(name.as_str()));
    kw.insert("config", Value::str(config.as_str()));
    let known = salt_call(call, "ssh.get_known_host_entries", vec![], kw)?;
    if !known.truthy() {
        return Ok(done(
            ret,
            Value::Bool(true),
            "Host is already absent".into(),
        ));
    }
    if call.test {
        return Ok(done(
            ret,
            Value::Null,
            format!("Key for {name} is set to be removed from {config}"),
        ));
    }
    let mut kw = Map::new();
    kw.insert("user", user);
    kw.insert("hostname", Value::str(name.as_str()));
    kw.insert("config", Value::str(config.as_str()));
    let r = salt_call(call, "ssh.rm_known_host", vec![], kw)?;
    if r.get("status").and_then(Value::as_str) == Some("error") {
        let err = r.get("error").map(Value::py_str).unwrap_or_default();
        return Ok(done(ret, Value::Bool(false), err));
    }
    let mut ch = Map::new();
    ch.insert("old", known);
    ch.insert("new", Value::Null);
    let comment = r.get("comment").map(Value::py_str).unwrap_or_default();
    let mut ret = done(ret, Value::Bool(true), comment);
    ret.insert("changes", Value::Map(ch));
    Ok(ret)
}
