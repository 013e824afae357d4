//! Salt's `cron` state module (salt/states/cron.py): `present`, `absent`, `env_present`,
//! `env_absent`, through the `cron.*` execution functions, and `file` (a whole crontab from a
//! source, managed as a temp file through `file.managed`'s code, then installed with
//! `cron.write_cron_file_verbose`).

use crate::util::{salt, salt_call};
use crate::{StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("cron.present", present, &["name"]);
    r.register("cron.absent", absent, &["name"]);
    r.register("cron.env_present", env_present, &["name"]);
    r.register("cron.env_absent", env_absent, &["name"]);
    r.register("cron.file", file, &["name"]);
}

/// `{"changes": {}, "comment": "", "name": name, "result": True}` in cron.py's key order.
fn ret_cron(name: &str, env_style: bool) -> Map {
    let mut m = Map::new();
    if env_style {
        m.insert("name", Value::str(name));
        m.insert("result", Value::Bool(true));
        m.insert("changes", Value::Map(Map::new()));
        m.insert("comment", Value::str(""));
    } else {
        m.insert("changes", Value::Map(Map::new()));
        m.insert("comment", Value::str(""));
        m.insert("name", Value::str(name));
        m.insert("result", Value::Bool(true));
    }
    m
}

fn needs_change(old: &Value, new: &Value) -> bool {
    if old != new {
        if new.as_str() == Some("random") {
            return old.as_str() == Some("*");
        }
        return !new.is_null();
    }
    false
}

/// `salt.modules.cron._cron_matched`, as the state module imports it.
fn cron_matched(cron: &Value, cmd: &Value, identifier: &Value) -> bool {
    const NO_ID: &str = "NO ID SET";
    let id = cron.get("identifier").cloned().unwrap_or(Value::Null);
    let mut cid = if id.truthy() {
        id.py_str()
    } else {
        NO_ID.to_string()
    };
    let identifier = if identifier.truthy() {
        identifier.clone()
    } else {
        Value::str(NO_ID)
    };
    let eid = identifier.py_str();
    let ccmd = cron.get("cmd").cloned().unwrap_or(Value::Null);
    if &ccmd != cmd && cid == NO_ID && eid == NO_ID {
        return false;
    }
    if &ccmd == cmd && cid == NO_ID && identifier.truthy() {
        cid = eid.clone();
    }
    eid == cid
}

fn low_str(v: Option<&Value>) -> Value {
    match v {
        None | Some(Value::Null) => Value::Null,
        Some(v) => Value::str(v.py_str().to_lowercase()),
    }
}

struct Check<'a> {
    user: &'a str,
    cmd: Value,
    times: [Value; 5],
    comment: Value,
    commented: Value,
    identifier: Value,
    special: Value,
}

/// `_check_cron(...)`: "present", "update" or "absent".
fn check_cron(call: &StateCall, c: &Check) -> Result<&'static str, StateError> {
    let lst = salt(call, "cron.list_tab", vec![Value::str(c.user)])?;
    let empty = Vec::new().into();
    let field = |cron: &Value, k: &str| cron.get(k).cloned().unwrap_or(Value::Null);
    if c.special.is_null() {
        for cron in lst
            .get("crons")
            .and_then(Value::as_list)
            .unwrap_or(&empty)
            .iter()
        {
            if cron_matched(cron, &c.cmd, &c.identifier) {
                let mut pairs: Vec<(Value, Value)> =
                    ["minute", "hour", "daymonth", "month", "dayweek"]
                        .iter()
                        .zip(c.times.iter())
                        .map(|(k, v)| (field(cron, k), v.clone()))
                        .collect();
                pairs.extend([
                    (field(cron, "identifier"), c.identifier.clone()),
                    (field(cron, "cmd"), c.cmd.clone()),
                    (field(cron, "comment"), c.comment.clone()),
                    (field(cron, "commented"), c.commented.clone()),
                ]);
                return Ok(if pairs.iter().any(|(o, n)| needs_change(o, n)) {
                    "update"
                } else {
                    "present"
                });
            }
        }
    } else {
        for cron in lst
            .get("special")
            .and_then(Value::as_list)
            .unwrap_or(&empty)
            .iter()
        {
            if cron_matched(cron, &c.cmd, &c.identifier) {
                let pairs = [
                    (field(cron, "spec"), c.special.clone()),
                    (field(cron, "identifier"), c.identifier.clone()),
                    (field(cron, "cmd"), c.cmd.clone()),
                    (field(cron, "comment"), c.comment.clone()),
                    (field(cron, "commented"), c.commented.clone()),
                ];
                return Ok(if pairs.iter().any(|(o, n)| needs_change(o, n)) {
                    "update"
                } else {
                    "present"
                });
            }
        }
    }
    Ok("absent")
}

/// The `identifier` argument: `False` (the default) means the command itself.
fn identifier_of(call: &StateCall, name: &str) -> Value {
    match call.low.get("identifier") {
        None | Some(Value::Bool(false)) => Value::str(name),
        Some(v) => v.clone(),
    }
}

/// The test-mode return of `present` and `env_present` (Salt writes it alike in both, the
/// noun aside: "Cron" or "Cron env"): None with "set to be added/updated", True when the
/// entry is already present.
fn test_status(ret: &mut Map, noun: &str, name: &str, status: &str) {
    ret.insert("result", Value::Null);
    let text = match status {
        "absent" => format!("{noun} {name} is set to be added"),
        "present" => {
            ret.insert("result", Value::Bool(true));
            format!("{noun} {name} already present")
        }
        _ => format!("{noun} {name} is set to be updated"),
    };
    ret.insert("comment", Value::Str(text.into()));
}

/// `cron.present(name, user='root', minute='*', hour='*', daymonth='*', month='*',
/// dayweek='*', comment=None, commented=False, identifier=False, special=None)`.
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str().trim().to_string();
    let identifier = identifier_of(call, &name);
    let user = call.arg_str("user").unwrap_or_else(|| "root".into());
    let mut ret = ret_cron(&name, false);
    let time = |k: &str| call.low.get(k).cloned().unwrap_or(Value::str("*"));
    let special = call.arg("special").cloned().unwrap_or(Value::Null);
    let comment = call.arg("comment").cloned().unwrap_or(Value::Null);
    let commented = call
        .low
        .get("commented")
        .cloned()
        .unwrap_or(Value::Bool(false));
    if call.test {
        let status = check_cron(
            call,
            &Check {
                user: &user,
                cmd: Value::str(name.as_str()),
                times: ["minute", "hour", "daymonth", "month", "dayweek"]
                    .map(|k| low_str(Some(&time(k)))),
                comment: comment.clone(),
                commented: Value::Bool(
                    commented == Value::Bool(true) && matches!(commented, Value::Bool(_)),
                ),
                identifier: if identifier.is_null() {
                    Value::Null
                } else {
                    Value::str(identifier.py_str())
                },
                special: special.clone(),
            },
        )?;
        test_status(&mut ret, "Cron", &name, status);
        return Ok(ret);
    }
    let mut kw = Map::new();
    kw.insert("user", Value::str(user.as_str()));
    let data = if special.is_null() {
        for k in ["minute", "hour", "daymonth", "month", "dayweek"] {
            kw.insert(k, time(k));
        }
        kw.insert("cmd", Value::str(name.as_str()));
        kw.insert("comment", comment);
        kw.insert("commented", commented);
        kw.insert("identifier", identifier);
        salt_call(call, "cron.set_job", vec![], kw)?
    } else {
        kw.insert("special", special);
        kw.insert("cmd", Value::str(name.as_str()));
        kw.insert("comment", comment);
        kw.insert("commented", commented);
        kw.insert("identifier", identifier);
        salt_call(call, "cron.set_special", vec![], kw)?
    };
    finish(
        &mut ret, &name, &user, &data, "Cron", "\n", "added to", "updated",
    );
    Ok(ret)
}

/// The state's answer to the execution function's outcome word.
#[allow(clippy::too_many_arguments)]
fn finish(
    ret: &mut Map,
    name: &str,
    user: &str,
    data: &Value,
    what: &str,
    sep: &str,
    added: &str,
    updated: &str,
) {
    let word = data.as_str().unwrap_or("");
    let text = match word {
        "present" => format!("{what} {name} already present"),
        "absent" => format!("{what} {name} already absent"),
        "new" | "removed" => {
            let mut m = Map::new();
            m.insert(user, Value::str(name));
            ret.insert("changes", Value::Map(m));
            format!("{what} {name} {added} {user}'s crontab")
        }
        "updated" => {
            let mut m = Map::new();
            m.insert(user, Value::str(name));
            ret.insert("changes", Value::Map(m));
            format!("{what} {name} {updated}")
        }
        _ => {
            ret.insert("result", Value::Bool(false));
            format!(
                "{what} {name} for user {user} failed to commit with error {sep}{}",
                data.py_str()
            )
        }
    };
    ret.insert("comment", Value::Str(text.into()));
}

/// `cron.absent(name, user='root', identifier=False, special=None)`.
pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str().trim().to_string();
    let identifier = identifier_of(call, &name);
    let user = call.arg_str("user").unwrap_or_else(|| "root".into());
    let mut ret = ret_cron(&name, true);
    let special = call.arg("special").cloned().unwrap_or(Value::Null);
    if call.test {
        let status = check_cron(
            call,
            &Check {
                user: &user,
                cmd: Value::str(name.as_str()),
                times: Default::default(),
                comment: Value::Null,
                commented: Value::Null,
                identifier: if identifier.is_null() {
                    Value::Null
                } else {
                    Value::str(identifier.py_str())
                },
                special: Value::Null,
            },
        )?;
        ret.insert("result", Value::Null);
        let text = if status == "absent" {
            ret.insert("result", Value::Bool(true));
            format!("Cron {name} is absent")
        } else {
            format!("Cron {name} is set to be removed")
        };
        ret.insert("comment", Value::Str(text.into()));
        return Ok(ret);
    }
    let mut kw = Map::new();
    kw.insert("identifier", identifier);
    let data = if special.is_null() {
        salt_call(
            call,
            "cron.rm_job",
            vec![Value::str(user.as_str()), Value::str(name.as_str())],
            kw,
        )?
    } else {
        kw.insert("special", special);
        salt_call(
            call,
            "cron.rm_special",
            vec![Value::str(user.as_str()), Value::str(name.as_str())],
            kw,
        )?
    };
    finish(
        &mut ret,
        &name,
        &user,
        &data,
        "Cron",
        "",
        "removed from",
        "removed",
    );
    Ok(ret)
}

/// `_check_cron_env(user, name, value=None)`.
fn check_env(
    call: &StateCall,
    user: &str,
    name: &str,
    value: &Value,
) -> Result<&'static str, StateError> {
    let value = if value.is_null() {
        Value::str("")
    } else {
        value.clone()
    };
    let lst = salt(call, "cron.list_tab", vec![Value::str(user)])?;
    if let Some(envs) = lst.get("env").and_then(Value::as_list) {
        for env in envs.iter() {
            if env.get("name").map(Value::py_str).as_deref() == Some(name) {
                return Ok(if env.get("value") != Some(&value) {
                    "update"
                } else {
                    "present"
                });
            }
        }
    }
    Ok("absent")
}

/// `cron.env_present(name, value=None, user='root')`.
pub fn env_present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let user = call.arg_str("user").unwrap_or_else(|| "root".into());
    let value = call.arg("value").cloned().unwrap_or(Value::Null);
    let mut ret = ret_cron(&name, false);
    if call.test {
        let status = check_env(call, &user, &name, &value)?;
        test_status(&mut ret, "Cron env", &name, status);
        return Ok(ret);
    }
    let mut kw = Map::new();
    kw.insert("value", value);
    let data = salt_call(
        call,
        "cron.set_env",
        vec![Value::str(user.as_str()), Value::str(name.as_str())],
        kw,
    )?;
    finish(
        &mut ret, &name, &user, &data, "Cron env", "\n", "added to", "updated",
    );
    Ok(ret)
}

/// `cron.env_absent(name, user='root')`.
pub fn env_absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str().trim().to_string();
    let user = call.arg_str("user").unwrap_or_else(|| "root".into());
    let mut ret = ret_cron(&name, true);
    if call.test {
        let status = check_env(call, &user, &name, &Value::Null)?;
        ret.insert("result", Value::Null);
        let text = if status == "absent" {
            ret.insert("result", Value::Bool(true));
            format!("Cron env {name} is absent")
        } else {
            format!("Cron env {name} is set to be removed")
        };
        ret.insert("comment", Value::Str(text.into()));
        return Ok(ret);
    }
    let data = salt(
        call,
        "cron.rm_env",
        vec![Value::str(user.as_str()), Value::str(name.as_str())],
    )?;
    finish(
        &mut ret,
        &name,
        &user,
        &data,
        "Cron env",
        "",
        "removed from",
        "removed",
    );
    Ok(ret)
}

/// A temp file removed when dropped (cron.py's `os.unlink(cron_path)`).
struct CronTemp(String);

impl Drop for CronTemp {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// `cron.file(name, source_hash='', source_hash_name=None, user='root', template=None,
/// context=None, replace=True, defaults=None, backup='')`: the user's current crontab goes to
/// a temp file (`cron.raw_cron`, with a final newline), which is then managed from `name` as
/// `file.managed` manages a file (`file.check_managed` in test mode, `file.get_managed` +
/// `file.manage_file` otherwise, mode 0600, owned by the user and their first group); when
/// the file's content changed the temp file becomes the crontab.
pub fn file(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let user = call.arg_str("user").unwrap_or_else(|| "root".into());
    let mut ret = Map::new();
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));
    ret.insert("name", Value::str(name.as_str()));
    ret.insert("result", Value::Bool(true));
    // `__salt__["user.info"](user)["groups"][0]`: a missing user (or one without groups)
    // raises, which the state reports.
    let info = salt(call, "user.info", vec![Value::str(user.as_str())]).ok();
    let group = info
        .as_ref()
        .and_then(|i| i.get("groups"))
        .and_then(|g| match g {
            Value::List(l) => l.first().map(Value::py_str),
            _ => None,
        });
    let Some(group) = group else {
        let mut r = Map::new();
        r.insert("changes", Value::Map(Map::new()));
        r.insert(
            "comment",
            Value::Str(format!("Could not identify group for user {user}").into()),
        );
        r.insert("name", Value::str(name.as_str()));
        r.insert("result", Value::Bool(false));
        return Ok(r);
    };
    let path = halite_exec::files::mkstemp(None, "")
        .map_err(|e| StateError::Other(format!("Unable to create a temp file: {e}")))?;
    let tmp = CronTemp(path);
    let mut raw = salt(call, "cron.raw_cron", vec![Value::str(user.as_str())])?.py_str();
    if !raw.ends_with('\n') {
        raw.push('\n');
    }
    std::fs::write(&tmp.0, &raw)
        .map_err(|e| StateError::Other(format!("Unable to write {}: {e}", tmp.0)))?;
    // `os.stat(cron_path).st_size > 0` after the newline was added: always true, so
    // `replace: False` never manages anything (Salt's behaviour).
    if !call.flag("replace", true) {
        ret.insert(
            "comment",
            Value::Str(format!("User {user} already has a crontab. No changes made").into()),
        );
        return Ok(ret);
    }
    let mut low = Map::new();
    for key in ["__id__", "__sls__", "__env__", "saltenv"] {
        if let Some(v) = call.low.get(key) {
            low.insert(key, v.clone());
        }
    }
    low.insert("name", Value::str(tmp.0.as_str()));
    low.insert("source", Value::str(name.as_str()));
    for key in [
        "source_hash",
        "source_hash_name",
        "template",
        "context",
        "defaults",
        "backup",
    ] {
        if let Some(v) = call.arg(key) {
            low.insert(key, v.clone());
        }
    }
    low.insert("user", Value::str(user.as_str()));
    low.insert("group", Value::str(group.as_str()));
    low.insert("mode", Value::str("0600"));
    let fcall = StateCall { low: &low, ..*call };
    let managed = crate::file::managed(&fcall)?;
    let changes = match managed.get("changes") {
        Some(Value::Map(m)) => m.clone(),
        _ => Map::new(),
    };
    if call.test {
        // file.check_managed: (result, comment); the temp file's owner, group and mode are
        // not changes (it is under the temp folder).
        let result = managed.get("result").cloned().unwrap_or(Value::Null);
        if result == Value::Bool(false) {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                managed.get("comment").cloned().unwrap_or_default(),
            );
            return Ok(ret);
        }
        let mut text = String::new();
        for (key, val) in changes.iter() {
            let key = key.py_str();
            if !matches!(key.as_str(), "user" | "group" | "mode") {
                text.push_str(&format!("{key}: {}\n", val.py_str()));
            }
        }
        if text.is_empty() {
            ret.insert("result", Value::Bool(true));
            ret.insert(
                "comment",
                Value::Str(format!("The file {} is in the correct state", tmp.0).into()),
            );
        } else {
            ret.insert("result", Value::Null);
            ret.insert(
                "comment",
                Value::Str(format!("The following values are set to be changed:\n{text}").into()),
            );
        }
        return Ok(ret);
    }
    let ok = managed.get("result").is_some_and(Value::truthy);
    if !ok {
        let mut r = managed;
        r.insert("name", Value::str(name.as_str()));
        // Salt 3008's file.managed prefixes file.get_managed's comment with "Unable to
        // manage file: "; cron.file calls get_managed itself and returns its comment as is.
        if call.salt_compat().is_3008() {
            let comment = r.get("comment").map(Value::py_str).unwrap_or_default();
            if let Some(rest) = comment.strip_prefix("Unable to manage file: ") {
                r.insert("comment", Value::str(rest));
            }
        }
        return Ok(r);
    }
    if changes.contains_key("diff") {
        let mut kw = Map::new();
        kw.insert("user", Value::str(user.as_str()));
        kw.insert("path", Value::str(tmp.0.as_str()));
        let cron_ret = salt_call(call, "cron.write_cron_file_verbose", vec![], kw)?;
        if cron_ret.get("retcode").and_then(Value::as_i64) == Some(0) {
            ret.insert("changes", Value::Map(changes));
            ret.insert(
                "comment",
                Value::Str(format!("Crontab for user {user} was updated").into()),
            );
        } else {
            let stderr = cron_ret
                .get("stderr")
                .map(Value::py_str)
                .unwrap_or_default();
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::Str(
                    format!(
                        "Unable to update user {user} crontab {}. Error: {stderr}",
                        tmp.0
                    )
                    .into(),
                ),
            );
        }
    } else {
        ret.insert(
            "comment",
            Value::Str(format!("Crontab for user {user} is in the correct state").into()),
        );
    }
    Ok(ret)
}
