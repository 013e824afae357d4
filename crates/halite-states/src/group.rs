//! Salt's `group` state module (salt/states/group.py): `present` and `absent`, through the
//! `group.*` execution functions (groupadd on Linux).

use crate::util::salt;
use crate::{ret_ncrc, StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};
use std::collections::BTreeSet;

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("group.present", present, &["name"]);
    r.register("group.absent", absent, &["name"]);
}

fn list_of(v: Option<&Value>) -> Option<Vec<String>> {
    v.map(|v| match v {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        Value::Str(x) => x.chars().map(String::from).collect(),
        other => vec![other.py_str()],
    })
}

fn str_list(v: &[String]) -> Value {
    Value::List(v.iter().map(Value::from).collect())
}

/// Python's `repr()` of a set of strings as Salt's comment prints it (`{'a', 'b'}`, or
/// `set()`); the order of a Python set is not reproducible, halite sorts.
fn set_repr(v: &[String]) -> String {
    if v.is_empty() {
        return "set()".into();
    }
    let items: Vec<String> = v.iter().map(|x| Value::str(x.as_str()).py_repr()).collect();
    format!("{{{}}}", items.join(", "))
}

/// One wanted change: its value and how Salt's comment prints it.
struct Change {
    key: &'static str,
    value: Value,
    text: String,
}

struct Wanted {
    gid: Option<Value>,
    addusers: Option<Vec<String>>,
    delusers: Option<Vec<String>>,
    members: Option<Vec<String>>,
}

/// `_changes(...)`: `None` when the group does not exist; `Err` for an invalid gid.
fn changes(
    call: &StateCall,
    name: &str,
    w: &Wanted,
) -> Result<Result<Option<Vec<Change>>, ()>, StateError> {
    let lgrp = salt(call, "group.info", vec![Value::str(name)])?;
    if !lgrp.truthy() {
        return Ok(Ok(None));
    }
    let lmembers = list_of(lgrp.get("members")).unwrap_or_default();
    let mut change = Vec::new();
    if let Some(gid) = w.gid.as_ref().filter(|g| g.truthy()) {
        let parsed = match gid {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(*b as i64),
            Value::Float(f) => Some(*f as i64),
            Value::Str(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        let Some(gid) = parsed else {
            return Ok(Err(()));
        };
        if lgrp.get("gid") != Some(&Value::Int(gid)) {
            change.push(Change {
                key: "gid",
                value: Value::Int(gid),
                text: gid.to_string(),
            });
        }
    }
    let cur: BTreeSet<&String> = lmembers.iter().collect();
    match &w.members {
        Some(m) if m.is_empty() && !cur.is_empty() => {
            let mut all = lmembers.clone();
            all.sort();
            all.dedup();
            change.push(Change {
                key: "delusers",
                value: str_list(&all),
                text: set_repr(&all),
            });
        }
        Some(m) if m.is_empty() => {}
        Some(m) => {
            let want: BTreeSet<&String> = m.iter().collect();
            if cur != want {
                change.push(Change {
                    key: "members",
                    value: str_list(m),
                    text: str_list(m).py_str(),
                });
            }
        }
        None => {}
    }
    if let Some(add) = w.addusers.as_ref().filter(|a| !a.is_empty()) {
        let todo: Vec<String> = add
            .iter()
            .filter(|u| !lmembers.contains(u))
            .cloned()
            .collect();
        if !todo.is_empty() {
            change.push(Change {
                key: "addusers",
                value: str_list(&todo),
                text: str_list(&todo).py_str(),
            });
        }
    }
    if let Some(del) = w.delusers.as_ref().filter(|d| !d.is_empty()) {
        let todo: Vec<String> = del
            .iter()
            .filter(|u| lmembers.contains(u))
            .cloned()
            .collect();
        if !todo.is_empty() {
            change.retain(|c| c.key != "delusers");
            change.push(Change {
                key: "delusers",
                value: str_list(&todo),
                text: str_list(&todo).py_str(),
            });
        }
    }
    Ok(Ok(Some(change)))
}

fn changes_value(ch: &[Change]) -> Value {
    let mut m = Map::new();
    for c in ch {
        m.insert(c.key, c.value.clone());
    }
    Value::Map(m)
}

/// `group.present(name, gid=None, system=False, addusers=None, delusers=None, members=None,
/// non_unique=False)`.
pub fn present(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = ret_ncrc(
        call.name(),
        Value::Bool(true),
        format!("Group {name} is present and up to date"),
    );
    let w = Wanted {
        gid: call.arg("gid").cloned(),
        addusers: list_of(call.arg("addusers")),
        delusers: list_of(call.arg("delusers")),
        members: list_of(call.arg("members")),
    };
    if w.members.is_some() && (w.addusers.is_some() || w.delusers.is_some()) {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::str("Error: Conflicting options \"members\" with \"addusers\" and/or \"delusers\" can not be used together. "),
        );
        return Ok(ret);
    }
    if let (Some(a), Some(d)) = (&w.addusers, &w.delusers) {
        if !a.is_empty() && !d.is_empty() && a.iter().any(|u| d.contains(u)) {
            ret.insert("result", Value::Null);
            ret.insert(
                "comment",
                Value::str("Error. Same user(s) can not be added and deleted simultaneously"),
            );
            return Ok(ret);
        }
    }
    let invalid_gid = |mut ret: Map| {
        ret.insert("result", Value::Bool(false));
        ret.insert("comment", Value::str("Invalid gid"));
        ret
    };
    let non_unique = call.flag("non_unique", false);
    let found = match changes(call, &name, &w)? {
        Ok(c) => c,
        Err(()) => return Ok(invalid_gid(ret)),
    };
    match found {
        Some(ch) if !ch.is_empty() => {
            let mut comment =
                String::from("The following group attributes are set to be changed:\n");
            for c in &ch {
                comment.push_str(&format!("{}: {}\n", c.key, c.text));
            }
            if call.test {
                ret.insert("result", Value::Null);
                ret.insert("comment", Value::Str(comment.into()));
                return Ok(ret);
            }
            for c in &ch {
                let users = list_of(Some(&c.value)).unwrap_or_default();
                match c.key {
                    "gid" => {
                        let mut kw = Map::new();
                        kw.insert("non_unique", Value::Bool(non_unique));
                        crate::util::salt_call(
                            call,
                            "group.chgid",
                            vec![
                                Value::str(name.as_str()),
                                w.gid.clone().unwrap_or(Value::Null),
                            ],
                            kw,
                        )?;
                    }
                    "addusers" => {
                        for u in users {
                            salt(
                                call,
                                "group.adduser",
                                vec![Value::str(name.as_str()), Value::from(u)],
                            )?;
                        }
                    }
                    "delusers" => {
                        for u in users {
                            salt(
                                call,
                                "group.deluser",
                                vec![Value::str(name.as_str()), Value::from(u)],
                            )?;
                        }
                    }
                    _ => {
                        let list = w.members.clone().unwrap_or_default().join(",");
                        salt(
                            call,
                            "group.members",
                            vec![Value::str(name.as_str()), Value::from(list)],
                        )?;
                    }
                }
            }
            match changes(call, &name, &w)? {
                Ok(Some(left)) if !left.is_empty() => {
                    comment.push_str("Some changes could not be applied");
                    ret.insert("result", Value::Bool(false));
                    let mut m = Map::new();
                    m.insert("Failed", changes_value(&left));
                    ret.insert("changes", Value::Map(m));
                }
                _ => {
                    let mut m = Map::new();
                    m.insert("Final", Value::str("All changes applied successfully"));
                    ret.insert("changes", Value::Map(m));
                }
            }
            ret.insert("comment", Value::Str(comment.into()));
            Ok(ret)
        }
        Some(_) => Ok(ret),
        None => create(call, &name, &w, non_unique, ret),
    }
}

fn create(
    call: &StateCall,
    name: &str,
    w: &Wanted,
    non_unique: bool,
    mut ret: Map,
) -> Result<Map, StateError> {
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::Str(format!("Group {name} set to be added").into()),
        );
        return Ok(ret);
    }
    let grps = salt(call, "group.getent", vec![])?;
    if let Some(gid) = w.gid.as_ref().filter(|_| !non_unique) {
        let taken = grps
            .as_list()
            .and_then(|l| l.iter().find(|g| g.get("gid") == Some(gid)))
            .and_then(|g| g.get("name"))
            .map(Value::py_str);
        if let Some(other) = taken {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::Str(
                    format!(
                        "Group {name} is not present but gid {} is already taken by group {other}",
                        gid.py_str()
                    )
                    .into(),
                ),
            );
            return Ok(ret);
        }
    }
    let mut kw = Map::new();
    kw.insert("gid", w.gid.clone().unwrap_or(Value::Null));
    kw.insert("system", Value::Bool(call.flag("system", false)));
    kw.insert("non_unique", Value::Bool(non_unique));
    kw.insert("local", Value::Bool(call.flag("local", false)));
    let added = crate::util::salt_call(call, "group.add", vec![Value::str(name)], kw)?;
    if !added.truthy() {
        ret.insert("result", Value::Bool(false));
        ret.insert(
            "comment",
            Value::Str(format!("Failed to create new group {name}").into()),
        );
        return Ok(ret);
    }
    let mut members = None;
    if let Some(m) = w.members.as_ref().filter(|m| !m.is_empty()) {
        members = Some(m.join(","));
    }
    if let Some(a) = w.addusers.as_ref().filter(|a| !a.is_empty()) {
        members = Some(a.join(","));
    }
    if let Some(m) = members.filter(|m| !m.is_empty()) {
        salt(
            call,
            "group.members",
            vec![Value::str(name), Value::from(m)],
        )?;
    }
    ret.insert(
        "comment",
        Value::Str(format!("New group {name} created").into()),
    );
    ret.insert("changes", salt(call, "group.info", vec![Value::str(name)])?);
    if let Ok(Some(left)) = changes(call, name, w)? {
        if !left.is_empty() {
            ret.insert("result", Value::Bool(false));
            ret.insert(
                "comment",
                Value::Str(
                    format!("Group {name} has been created but, some changes could not be applied")
                        .into(),
                ),
            );
            let mut m = Map::new();
            m.insert("Failed", changes_value(&left));
            ret.insert("changes", Value::Map(m));
        }
    }
    Ok(ret)
}

/// `group.absent(name)`.
pub fn absent(call: &StateCall) -> Result<Map, StateError> {
    let name = call.name_str();
    let mut ret = ret_ncrc(call.name(), Value::Bool(true), "");
    if !salt(call, "group.info", vec![Value::str(name.as_str())])?.truthy() {
        ret.insert("comment", Value::str("Group not present"));
        return Ok(ret);
    }
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert(
            "comment",
            Value::Str(format!("Group {name} is set for removal").into()),
        );
        return Ok(ret);
    }
    let mut kw = Map::new();
    kw.insert("local", Value::Bool(call.flag("local", false)));
    let done = crate::util::salt_call(call, "group.delete", vec![Value::str(name.as_str())], kw)?;
    ret.insert("result", done.clone());
    if done.truthy() {
        let mut m = Map::new();
        m.insert(name.as_str(), Value::str(""));
        ret.insert("changes", Value::Map(m));
        ret.insert(
            "comment",
            Value::Str(format!("Removed group {name}").into()),
        );
    } else {
        ret.insert(
            "comment",
            Value::Str(format!("Failed to remove group {name}").into()),
        );
    }
    Ok(ret)
}
