//! Salt's `ssh_auth` state module (salt/states/ssh_auth.py): `present` and `absent`, through
//! the `ssh.*` execution functions; a key given in `name` (with `enc`, `comment`, `options`)
//! or the keys of a `source` file.

use crate::util::salt_call;
use crate::{ret_ncrc, StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};
use std::sync::OnceLock;

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("ssh_auth.present", present, &["name", "user"]);
    r.register("ssh_auth.absent", absent, &["name", "user"]);
    r.register("ssh_auth.manage", manage, &["name", "ssh_keys", "user"]);
}

fn full_key_re() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(r"^(.*?)\s?((?:sk-)?(?:ssh\-|ecds)[\w-]+\s.+)$").expect("valid regex")
    })
}

fn key_line_re() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| regex::Regex::new(r"^(sk-)?(ssh\-|ecds)").expect("valid regex"))
}

/// The key's parts after Salt's parsing of `name`.
struct Key {
    name: String,
    enc: Value,
    comment: Value,
    options: Value,
}

/// Salt's parsing of a full `[options ]enc key [comment]` line in `name`. `limit` is the
/// `split(None, 2)` of `present`/`absent`'s own parse (None: the test helpers' `split()`).
fn parse(mut k: Key, limit: bool, first_split_once: bool) -> Key {
    let name = k.name.clone();
    match full_key_re().captures(&name) {
        None => {
            let parts: Vec<&str> = if first_split_once {
                let t = name.trim_start();
                match t.split_once(char::is_whitespace) {
                    Some((a, b)) => vec![a, b.trim_start()],
                    None => vec![t],
                }
            } else {
                name.split_whitespace().collect()
            };
            if let Some(first) = parts.first() {
                k.name = first.to_string();
            }
            if parts.len() == 2 {
                k.comment = Value::str(parts[1]);
            }
        }
        Some(c) => {
            let opts = c.get(1).map(|m| m.as_str()).unwrap_or("");
            if !opts.is_empty() {
                k.options = Value::List(opts.split(',').map(Value::from).collect());
            }
            let body = c.get(2).map(|m| m.as_str()).unwrap_or("");
            let comps: Vec<String> = if limit {
                let mut v = Vec::new();
                let mut rest = body.trim_start();
                while v.len() < 2 {
                    match rest.split_once(char::is_whitespace) {
                        Some((a, b)) => {
                            v.push(a.to_string());
                            rest = b.trim_start();
                        }
                        None => break,
                    }
                }
                if !rest.is_empty() {
                    v.push(rest.trim_end().to_string());
                }
                v
            } else {
                body.split_whitespace().map(String::from).collect()
            };
            if let Some(e) = comps.first() {
                k.enc = Value::str(e.as_str());
            }
            if let Some(n) = comps.get(1) {
                k.name = n.clone();
            }
            if comps.len() == 3 {
                k.comment = Value::str(comps[2].as_str());
            }
        }
    }
    k
}

struct Common {
    user: String,
    source: String,
    config: Value,
    fht: Value,
    saltenv: String,
}

fn common(call: &StateCall) -> Common {
    Common {
        user: call.arg_str("user").unwrap_or_default(),
        source: call.arg_str("source").unwrap_or_default(),
        config: call
            .arg("config")
            .cloned()
            .unwrap_or(Value::str(".ssh/authorized_keys")),
        fht: call
            .arg("fingerprint_hash_type")
            .cloned()
            .unwrap_or(Value::Null),
        saltenv: call
            .low
            .get("__env__")
            .map(Value::py_str)
            .unwrap_or_else(|| call.ctx.saltenv.clone()),
    }
}

fn opts_list(v: &Value) -> Value {
    if v.truthy() {
        v.clone()
    } else {
        Value::List(Vec::new().into())
    }
}

fn check_key(call: &StateCall, c: &Common, k: &Key) -> Result<String, StateError> {
    let mut kw = Map::new();
    kw.insert("config", c.config.clone());
    kw.insert("fingerprint_hash_type", c.fht.clone());
    Ok(salt_call(
        call,
        "ssh.check_key",
        vec![
            Value::str(c.user.as_str()),
            Value::str(k.name.as_str()),
            k.enc.clone(),
            k.comment.clone(),
            opts_list(&k.options),
        ],
        kw,
    )?
    .py_str())
}

fn check_key_file(call: &StateCall, c: &Common) -> Result<Value, StateError> {
    let mut kw = Map::new();
    kw.insert("saltenv", Value::str(c.saltenv.as_str()));
    kw.insert("fingerprint_hash_type", c.fht.clone());
    salt_call(
        call,
        "ssh.check_key_file",
        vec![
            Value::str(c.user.as_str()),
            Value::str(c.source.as_str()),
            c.config.clone(),
        ],
        kw,
    )
}

fn key_of(call: &StateCall, name: String) -> Key {
    Key {
        name,
        enc: call.arg("enc").cloned().unwrap_or(Value::str("ssh-rsa")),
        comment: call.arg("comment").cloned().unwrap_or(Value::str("")),
        options: call.arg("options").cloned().unwrap_or(Value::Null),
    }
}

/// `ssh_auth.present(name, user, enc='ssh-rsa', comment='', source='', options=None,
/// config='.ssh/authorized_keys', fingerprint_hash_type=None)`.
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let c = common(call);
    let mut ret = ret_ncrc(call.name(), Value::Bool(true), "");
    let mut k = key_of(call, call.name_str());
    if c.source.is_empty() {
        k = parse(k, true, true);
    }
    if call.test {
        let (result, comment) = if !c.source.is_empty() {
            let keys = check_key_file(call, &c)?;
            let mut comment = String::new();
            if let Some(m) = keys.as_map() {
                for (key, status) in m.iter() {
                    if status.as_str() != Some("exists") {
                        comment.push_str(&format!(
                            "Set to {}: {}\n",
                            status.py_str(),
                            key.py_str()
                        ));
                    }
                }
            }
            if !comment.is_empty() {
                (Value::Null, comment)
            } else {
                (
                    Value::Bool(true),
                    format!("All host keys in file {} are already present", c.source),
                )
            }
        } else {
            let k = parse(
                Key {
                    options: opts_list(&k.options),
                    ..k
                },
                false,
                false,
            );
            match check_key(call, &c, &k)?.as_str() {
                "update" => (
                    Value::Null,
                    format!("Key {} for user {} is set to be updated", k.name, c.user),
                ),
                "add" => (
                    Value::Null,
                    format!("Key {} for user {} is set to be added", k.name, c.user),
                ),
                "exists" => (
                    Value::Bool(true),
                    format!(
                        "The authorized host key {} is already present for user {}",
                        k.name, c.user
                    ),
                ),
                _ => (Value::Null, k.comment.py_str()),
            }
        };
        ret.insert("result", result);
        ret.insert("comment", Value::Str(comment.into()));
        return Ok(ret);
    }
    let name = k.name.clone();
    let set_key = |key: &str, enc: Value, comment: Value| -> Result<Value, StateError> {
        let mut kw = Map::new();
        kw.insert("enc", enc);
        kw.insert("comment", comment);
        kw.insert("options", opts_list(&k.options));
        kw.insert("config", c.config.clone());
        kw.insert("fingerprint_hash_type", c.fht.clone());
        salt_call(
            call,
            "ssh.set_auth_key",
            vec![Value::str(c.user.as_str()), Value::str(key)],
            kw,
        )
    };
    let data = if !c.source.is_empty() && call.salt_compat().is_3008() {
        // Salt 3008: a source `cp.get_url` fetches goes whole to ssh.set_auth_key_from_file,
        // with the state's `options` (over every key's own); one it cannot is "no key".
        if source_fetched(call, &c)? {
            let mut kw = Map::new();
            kw.insert("config", c.config.clone());
            kw.insert("saltenv", Value::str(c.saltenv.as_str()));
            kw.insert("fingerprint_hash_type", c.fht.clone());
            kw.insert(
                "options",
                call.arg("options").cloned().unwrap_or(Value::Null),
            );
            salt_call(
                call,
                "ssh.set_auth_key_from_file",
                vec![Value::str(c.user.as_str()), Value::str(c.source.as_str())],
                kw,
            )?
        } else {
            Value::str("no key")
        }
    } else if !c.source.is_empty() {
        let mut kw = Map::new();
        kw.insert("saltenv", Value::str(c.saltenv.as_str()));
        let text = salt_call(
            call,
            "cp.get_file_str",
            vec![Value::str(c.source.as_str())],
            kw,
        )?;
        if !text.truthy() {
            Value::str("no key")
        } else {
            let mut data = Value::Null;
            for keyline in text.py_str().trim_end().split('\n') {
                if !key_line_re().is_match(keyline) {
                    let mut kw = Map::new();
                    kw.insert("config", c.config.clone());
                    kw.insert("saltenv", Value::str(c.saltenv.as_str()));
                    kw.insert("fingerprint_hash_type", c.fht.clone());
                    data = salt_call(
                        call,
                        "ssh.set_auth_key_from_file",
                        vec![Value::str(c.user.as_str()), Value::str(c.source.as_str())],
                        kw,
                    )?;
                } else {
                    let parts: Vec<&str> = keyline.split(' ').collect();
                    let comment = parts.get(2).copied().unwrap_or("");
                    data = set_key(
                        parts.get(1).copied().unwrap_or(""),
                        Value::str(parts[0]),
                        Value::str(comment),
                    )?;
                }
            }
            data
        }
    } else {
        set_key(&name, k.enc.clone(), k.comment.clone())?
    };
    let user = &c.user;
    let mut changes = Map::new();
    match data.as_str().unwrap_or("") {
        "replace" => {
            changes.insert(name.as_str(), Value::str("Updated"));
            ret.insert(
                "comment",
                Value::Str(
                    format!("The authorized host key {name} for user {user} was updated").into(),
                ),
            );
        }
        "no change" => {
            ret.insert(
                "comment",
                Value::Str(
                    format!("The authorized host key {name} is already present for user {user}")
                        .into(),
                ),
            );
        }
        "new" => {
            changes.insert(name.as_str(), Value::str("New"));
            ret.insert(
                "comment",
                Value::Str(
                    format!("The authorized host key {name} for user {user} was added").into(),
                ),
            );
        }
        "no key" => {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::Str(
                    format!(
                        "Failed to add the ssh key. Source file {} is missing",
                        c.source
                    )
                    .into(),
                ),
            );
        }
        "fail" => {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::str("Failed to add the ssh key. Is the home directory available, and/or does the key file exist?"),
            );
        }
        "invalid" | "Invalid public key" => {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::str("Invalid public ssh key, most likely has spaces or invalid syntax"),
            );
        }
        _ => {}
    }
    ret.insert("changes", Value::Map(changes));
    Ok(ret)
}

/// `ssh_auth.absent(name, user, enc='ssh-rsa', comment='', source='', options=None,
/// config='.ssh/authorized_keys', fingerprint_hash_type=None)`.
pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let c = common(call);
    let mut ret = ret_ncrc(call.name(), Value::Bool(true), "");
    let k = key_of(call, call.name_str());
    if call.test {
        let (result, comment) = if !c.source.is_empty() {
            let keys = check_key_file(call, &c)?;
            let mut comment = String::new();
            if let Some(m) = keys.as_map() {
                for (key, status) in m.iter() {
                    if status.as_str() != Some("add") {
                        comment.push_str(&format!("Set to remove: {}\n", key.py_str()));
                    }
                }
            }
            if !comment.is_empty() {
                (Value::Null, comment)
            } else {
                (
                    Value::Bool(true),
                    format!("All host keys in file {} are already absent", c.source),
                )
            }
        } else {
            let k = parse(
                Key {
                    options: opts_list(&k.options),
                    ..k
                },
                false,
                false,
            );
            match check_key(call, &c, &k)?.as_str() {
                "update" | "exists" => (
                    Value::Null,
                    format!("Key {} for user {} is set for removal", k.name, c.user),
                ),
                _ => (Value::Bool(true), "Key is already absent".to_string()),
            }
        };
        ret.insert("result", result);
        ret.insert("comment", Value::Str(comment.into()));
        return Ok(ret);
    }
    let rm = |key: &str| -> Result<Value, StateError> {
        let mut kw = Map::new();
        kw.insert("config", c.config.clone());
        kw.insert("fingerprint_hash_type", c.fht.clone());
        salt_call(
            call,
            "ssh.rm_auth_key",
            vec![Value::str(c.user.as_str()), Value::str(key)],
            kw,
        )
    };
    let mut name = k.name.clone();
    let mut comment = Value::str("");
    let rm_from_file = || -> Result<Value, StateError> {
        let mut kw = Map::new();
        kw.insert("saltenv", Value::str(c.saltenv.as_str()));
        kw.insert("fingerprint_hash_type", c.fht.clone());
        salt_call(
            call,
            "ssh.rm_auth_key_from_file",
            vec![
                Value::str(c.user.as_str()),
                Value::str(c.source.as_str()),
                c.config.clone(),
            ],
            kw,
        )
    };
    if !c.source.is_empty() && call.salt_compat().is_3008() {
        // Salt 3008: a source that `cp.get_url(source, None)` cannot fetch (a salt:// file
        // that is not there, an empty local file) leaves the comment empty; otherwise
        // ssh.rm_auth_key_from_file removes every key of it.
        if source_fetched(call, &c)? {
            comment = rm_from_file()?;
        }
    } else if !c.source.is_empty() {
        // Salt 3007: each line of the file; one that starts with the key type is removed by
        // its key, any other (options first) removes the whole file's keys; the last line's
        // word is the comment.
        let mut kw = Map::new();
        kw.insert("saltenv", Value::str(c.saltenv.as_str()));
        let text = salt_call(
            call,
            "cp.get_file_str",
            vec![Value::str(c.source.as_str())],
            kw,
        )?;
        for keyline in text.py_str().trim_end().split('\n') {
            if key_line_re().is_match(keyline) {
                let parts: Vec<&str> = keyline.split(' ').collect();
                comment = rm(parts.get(1).copied().unwrap_or(""))?;
            } else {
                comment = rm_from_file()?;
            }
        }
    } else {
        let parsed = parse(k, false, true);
        name = parsed.name;
        comment = rm(&name)?;
    }
    let text = comment.py_str();
    ret.insert("comment", comment);
    if text == "User authorized keys file not present" {
        ret.insert("result", Value::Bool(false));
        return Ok(ret);
    }
    if text == "Key removed" {
        let mut m = Map::new();
        m.insert(name.as_str(), Value::str("Removed"));
        ret.insert("changes", Value::Map(m));
    }
    Ok(ret)
}

/// Salt 3008's `cp.get_url(source, None)` as the states test it: a salt:// file that exists,
/// a remote file with something in it (fetched, not cached; its MinionError is raised), a
/// local file with something in it.
fn source_fetched(call: &StateCall, c: &Common) -> Result<bool, StateError> {
    if halite_exec::http::FETCHED.contains(&halite_exec::http::scheme(&c.source).as_str()) {
        let how = halite_exec::http::Fetch {
            verify_ssl: Some(true),
            ..Default::default()
        };
        return halite_exec::http::fetch_bytes(&call.ctx.opts, &c.source, &how)
            .map(|d| !d.is_empty())
            .map_err(|e| StateError::Other(format!("salt.exceptions.MinionError: {e}")));
    }
    Ok(source_fetched_local(call, c))
}

fn source_fetched_local(call: &StateCall, c: &Common) -> bool {
    if c.source.starts_with("salt://") {
        let (path, env) = halite_exec::fileserver::split_salt_url(&c.source, &c.saltenv);
        call.ctx.file_roots.find(&env, &path).is_some()
    } else {
        let local = c.source.strip_prefix("file://").unwrap_or(&c.source);
        std::fs::metadata(local).is_ok_and(|m| m.len() > 0)
    }
}

/// `present`/`absent` run by `manage` for one key: the same arguments, `name` the key.
fn with_key(
    call: &StateCall,
    key: &str,
    fun: fn(&StateCall) -> Result<Map, StateError>,
) -> Result<Map, StateError> {
    let mut low = call.low.clone();
    low.insert("name", Value::str(key));
    fun(&StateCall { low: &low, ..*call })
}

/// `ssh_auth.manage(name, ssh_keys, user, enc='ssh-rsa', comment='', source='', options=None,
/// config='.ssh/authorized_keys', fingerprint_hash_type=None)`: `absent` for every key of
/// the file that no word of `ssh_keys` names, then `present` for each of `ssh_keys`. Salt's
/// return names no state (`"name": ""`).
pub fn manage(call: &StateCall) -> Result<Map, StateError> {
    let keys: Vec<String> = match call.arg("ssh_keys") {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        // Python iterates a string's characters.
        Some(Value::Str(t)) => t.chars().map(String::from).collect(),
        Some(other) => {
            return Err(StateError::Other(format!(
                "TypeError: '{}' object is not iterable",
                other.type_name()
            )))
        }
        None => {
            return Err(StateError::Other(
                "TypeError: 'NoneType' object is not iterable".into(),
            ))
        }
    };
    let mut ret = ret_ncrc(Value::str(""), Value::Bool(true), "");
    let potential: Vec<&str> = keys.iter().flat_map(|k| k.split(' ')).collect();
    let c = common(call);
    let mut kw = Map::new();
    kw.insert("user", Value::str(c.user.as_str()));
    kw.insert("config", c.config.clone());
    kw.insert("fingerprint_hash_type", c.fht.clone());
    let existing = salt_call(call, "ssh.auth_keys", vec![], kw)?;
    // Salt walks a set (`set(existing_keys).difference(...)`): the file's order here.
    let remove: Vec<String> = existing
        .as_map()
        .map(|m| {
            m.keys()
                .map(Value::py_str)
                .filter(|k| !potential.contains(&k.as_str()))
                .collect()
        })
        .unwrap_or_default();
    let mut changes = Map::new();
    let mut comment = String::new();
    let mut result = Value::Bool(true);
    for key in &remove {
        if call.test {
            comment = format!("{key} Key set for removal");
            result = Value::Null;
        } else {
            let done = with_key(call, key, absent)?;
            changes.insert(
                key.as_str(),
                done.get("comment").cloned().unwrap_or(Value::Null),
            );
        }
    }
    for key in &keys {
        let run = with_key(call, key, present)?;
        match run.get("changes") {
            Some(Value::Map(m)) if !m.is_empty() => {
                for (k, v) in m.iter() {
                    changes.insert(k.clone(), v.clone());
                }
            }
            _ => {
                let c = run.get("comment").map(Value::py_str).unwrap_or_default();
                comment = format!("{comment}\n{c}").trim().to_string();
            }
        }
        match run.get("result") {
            Some(Value::Null) | None => result = Value::Null,
            Some(r) if !r.truthy() => result = Value::Bool(false),
            _ => {}
        }
    }
    ret.insert("changes", Value::Map(changes));
    ret.insert("result", result);
    ret.insert("comment", Value::Str(comment.into()));
    Ok(ret)
}
