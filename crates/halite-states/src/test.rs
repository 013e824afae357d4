//! Salt's `test` state module (salt/states/test.py).

use crate::{map_of, ret_ncrc, StateCall, StateError, StateRegistry};
use halite_value::{Map, Value};

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("test.nop", nop, &["name"]);
    r.register(
        "test.succeed_without_changes",
        succeed_without_changes,
        &["name"],
    );
    r.register("test.fail_without_changes", fail_without_changes, &["name"]);
    r.register("test.succeed_with_changes", succeed_with_changes, &["name"]);
    r.register("test.fail_with_changes", fail_with_changes, &["name"]);
    r.register(
        "test.configurable_test_state",
        configurable_test_state,
        &["name"],
    );
    r.register("test.show_notification", show_notification, &["name"]);
    r.register("test.mod_watch", mod_watch, &["name"]);
}

fn comment_or(call: &StateCall, default: &str) -> Value {
    call.low
        .get("comment")
        .cloned()
        .unwrap_or_else(|| Value::str(default))
}

fn testing_changes() -> Map {
    map_of([(
        "testing",
        Value::Map(map_of([
            ("old", Value::str("Unchanged")),
            ("new", Value::str("Something pretended to change")),
        ])),
    )])
}

fn ret(call: &StateCall, result: Value, comment: Value) -> Map {
    let mut m = ret_ncrc(call.name(), result, "");
    m.insert("comment", comment);
    m
}

/// `test.nop`: `succeed_without_changes(name)` (the comment argument is not passed on).
pub fn nop(call: &StateCall) -> Result<Map, StateError> {
    Ok(ret(call, Value::Bool(true), Value::str("Success!")))
}

pub fn succeed_without_changes(call: &StateCall) -> Result<Map, StateError> {
    Ok(ret(call, Value::Bool(true), comment_or(call, "Success!")))
}

pub fn fail_without_changes(call: &StateCall) -> Result<Map, StateError> {
    let mut m = ret(call, Value::Bool(false), comment_or(call, "Failure!"));
    if call.test {
        m.insert(
            "comment",
            Value::str("If we weren't testing, this would be a failure!"),
        );
    }
    Ok(m)
}

pub fn succeed_with_changes(call: &StateCall) -> Result<Map, StateError> {
    let mut m = ret(call, Value::Bool(true), comment_or(call, "Success!"));
    m.insert("changes", Value::Map(testing_changes()));
    if call.test {
        m.insert("result", Value::Null);
        m.insert(
            "comment",
            Value::str("If we weren't testing, this would be successful with changes"),
        );
    }
    Ok(m)
}

pub fn fail_with_changes(call: &StateCall) -> Result<Map, StateError> {
    let mut m = ret(call, Value::Bool(false), comment_or(call, "Failure!"));
    m.insert("changes", Value::Map(testing_changes()));
    if call.test {
        m.insert("result", Value::Null);
        m.insert(
            "comment",
            Value::str("If we weren't testing, this would be failed with changes"),
        );
    }
    Ok(m)
}

pub fn configurable_test_state(call: &StateCall) -> Result<Map, StateError> {
    let comment = call
        .low
        .get("comment")
        .cloned()
        .unwrap_or_else(|| Value::str(""));
    let mut m = ret(call, Value::Bool(false), comment.clone());
    let changes = call
        .low
        .get("changes")
        .cloned()
        .unwrap_or(Value::Bool(true));
    match &changes {
        Value::Bool(true) => {
            m.insert("changes", Value::Map(testing_changes()));
        }
        Value::Bool(false) => {}
        // 'Random' picks one; halite is deterministic and reports changes.
        other if other.py_str().to_lowercase() == "random" => {
            m.insert("changes", Value::Map(testing_changes()));
        }
        _ => {
            return Err(StateError::Invocation(
                "You have specified the state option 'changes' with invalid arguments. It must \
                 be either True, False, or 'Random'"
                    .into(),
            ))
        }
    }
    let result = call.low.get("result").cloned().unwrap_or(Value::Bool(true));
    match &result {
        Value::Bool(b) => {
            m.insert("result", Value::Bool(*b));
        }
        other if other.py_str().to_lowercase() == "random" => {
            m.insert("result", Value::Bool(true));
        }
        _ => {
            return Err(StateError::Invocation(
                "You have specified the state option 'result' with invalid arguments. It must \
                 be either True, False, or 'Random'"
                    .into(),
            ))
        }
    }
    match call.low.get("warnings") {
        None | Some(Value::Null) => {}
        Some(Value::Str(s)) => {
            m.insert("warnings", Value::List(vec![Value::str(s.clone())].into()));
        }
        Some(Value::List(l)) => {
            m.insert("warnings", Value::List(l.clone()));
        }
        Some(_) => {
            return Err(StateError::Invocation(
                "You have specified the state option 'warnings' with invalid arguments. It \
                 must be a string or a list of strings"
                    .into(),
            ))
        }
    }
    if call.test {
        let allow = call.flag("allow_test_mode_failure", false);
        let test_result =
            if allow && result == Value::Bool(false) && matches!(result, Value::Bool(_)) {
                result.clone()
            } else if matches!(changes, Value::Bool(false)) {
                Value::Bool(true)
            } else {
                Value::Null
            };
        m.insert("result", test_result);
        let c = if comment.truthy() {
            comment
        } else {
            Value::str("This is a test")
        };
        m.insert("comment", c);
    }
    Ok(m)
}

pub fn show_notification(call: &StateCall) -> Result<Map, StateError> {
    let text = call.low.get("text").cloned().unwrap_or(Value::Null);
    if !text.truthy() {
        return Err(StateError::Invocation(
            "Missing required argument text.".into(),
        ));
    }
    Ok(ret(call, Value::Bool(true), text))
}

/// `test.mod_watch`: lists the watched states that have changes (from `__reqs__["watch"]`).
pub fn mod_watch(call: &StateCall) -> Result<Map, StateError> {
    let mut has_changes = Vec::new();
    if let Some(watch) = call
        .low
        .get("__reqs__")
        .and_then(|r| r.get("watch"))
        .and_then(Value::as_list)
    {
        for req in watch {
            let tag = crate::util::gen_tag_value(req);
            let changed = call
                .running
                .get(&tag)
                .and_then(|r| r.get("changes"))
                .map(Value::truthy)
                .unwrap_or(false);
            if changed {
                let st = req.get("state").map(Value::py_str).unwrap_or_default();
                let id = req.get("__id__").map(Value::py_str).unwrap_or_default();
                has_changes.push(Value::Str(format!("{st}: {id}").into()));
            }
        }
    }
    let mut m = Map::new();
    m.insert("name", call.name());
    m.insert(
        "result",
        call.low.get("result").cloned().unwrap_or(Value::Bool(true)),
    );
    m.insert(
        "comment",
        call.low
            .get("comment")
            .cloned()
            .unwrap_or_else(|| Value::str("Watch statement fired.")),
    );
    m.insert(
        "changes",
        call.low.get("changes").cloned().unwrap_or_else(|| {
            Value::Map(map_of([(
                "Requisites with changes",
                Value::List(has_changes.into()),
            )]))
        }),
    );
    Ok(m)
}
