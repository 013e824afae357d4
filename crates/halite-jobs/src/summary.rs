//! What a host's run came to, for the store's own tables: the run's status and counts, and
//! one row a state (what Salt's tables keep only as one JSON text).

use halite_value::{JsonStyle, Map, Value};

/// A run's status, as the dashboard shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Some state failed.
    Failed,
    /// Test mode: some state would change (`result: None`).
    Pending,
    /// Some state changed something.
    Changed,
    /// Every state was in order.
    Unchanged,
    /// No state run: the function's own success (a ping, a command).
    Ok,
    /// No state dict came back: a render/compile error list, an ssh or remote failure.
    Error,
}

impl Status {
    pub fn name(self) -> &'static str {
        match self {
            Status::Failed => "failed",
            Status::Pending => "pending",
            Status::Changed => "changed",
            Status::Unchanged => "unchanged",
            Status::Ok => "ok",
            Status::Error => "error",
        }
    }
}

/// One state's result.
#[derive(Debug, Clone, PartialEq)]
pub struct StateRow {
    pub tag: String,
    pub state_id: String,
    pub sls: String,
    pub name: String,
    /// `module.function`.
    pub fun: String,
    /// `True`, `False` or `None` as text.
    pub result: String,
    pub comment: String,
    /// The changes as compact JSON.
    pub changes: String,
    pub duration_ms: f64,
    pub run_num: i64,
}

/// A host's run.
#[derive(Debug, Clone, PartialEq)]
pub struct RunSummary {
    pub status: Status,
    pub retcode: i64,
    pub total: usize,
    pub succeeded: usize,
    pub failed: usize,
    pub changed: usize,
    pub pending: usize,
    /// The states' durations added up (ms); 0 for a function.
    pub duration_ms: f64,
    pub states: Vec<StateRow>,
}

/// Is `v` a running dict (tags `state_|-id_|-name_|-fun` to result maps)?
fn running_dict(v: &Value) -> Option<&Map> {
    match v {
        Value::Map(m)
            if !m.is_empty()
                && m.iter().all(|(k, r)| {
                    k.py_str().split("_|-").count() == 4 && matches!(r, Value::Map(_))
                }) =>
        {
            Some(m)
        }
        _ => None,
    }
}

/// The summary of `ret` (what the host returned: the function's return, or salt-ssh's
/// error dict) with the run's exit status `retcode`; `state_fun` says whether a running
/// dict is expected (a `state.*` apply).
pub fn summarise(ret: &Value, retcode: i64, state_fun: bool) -> RunSummary {
    let mut s = RunSummary {
        status: if retcode == 0 {
            Status::Ok
        } else {
            Status::Error
        },
        retcode,
        total: 0,
        succeeded: 0,
        failed: 0,
        changed: 0,
        pending: 0,
        duration_ms: 0.0,
        states: Vec::new(),
    };
    let Some(running) = running_dict(ret) else {
        if state_fun {
            s.status = Status::Error;
        }
        return s;
    };
    let text = |r: &Map, k: &str| r.get(k).map(Value::py_str).unwrap_or_default();
    for (tag, r) in running.iter() {
        let Value::Map(r) = r else { continue };
        let tag = tag.py_str();
        let mut parts = tag.split("_|-");
        let module = parts.next().unwrap_or_default().to_string();
        let _id = parts.next();
        let _name = parts.next();
        let fun = parts.next().unwrap_or_default();
        let result = r.get("result").cloned().unwrap_or(Value::Null);
        let changed = r.get("changes").is_some_and(Value::truthy);
        s.total += 1;
        match &result {
            Value::Bool(true) => s.succeeded += 1,
            Value::Bool(false) => s.failed += 1,
            _ => s.pending += 1,
        }
        if changed && result == Value::Bool(true) {
            s.changed += 1;
        }
        let duration = r.get("duration").and_then(Value::as_f64).unwrap_or(0.0);
        s.duration_ms += duration;
        s.states.push(StateRow {
            state_id: r
                .get("__id__")
                .map(Value::py_str)
                .unwrap_or_else(|| tag.split("_|-").nth(1).unwrap_or_default().to_string()),
            sls: text(r, "__sls__"),
            name: text(r, "name"),
            fun: format!("{module}.{fun}"),
            result: result.py_str(),
            comment: text(r, "comment"),
            changes: r
                .get("changes")
                .map(|c| c.to_json_styled(JsonStyle::Compact))
                .unwrap_or_else(|| "{}".into()),
            duration_ms: duration,
            run_num: r.get("__run_num__").and_then(Value::as_i64).unwrap_or(0),
            tag,
        });
    }
    s.states.sort_by_key(|r| r.run_num);
    s.status = if s.failed > 0 {
        Status::Failed
    } else if s.pending > 0 {
        Status::Pending
    } else if s.changed > 0 {
        Status::Changed
    } else {
        Status::Unchanged
    };
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(json: &str) -> Value {
        Value::from_json_str(json).unwrap()
    }

    #[test]
    fn a_run_is_failed_pending_changed_or_unchanged_by_its_states() {
        let r = run(
            r#"{"file_|-a_|-/x_|-managed": {"result": true, "changes": {"diff": "x"}, "comment": "", "name": "/x", "__id__": "a", "__sls__": "s", "__run_num__": 0, "duration": 1.5},
               "cmd_|-b_|-ls_|-run": {"result": false, "changes": {}, "comment": "boom", "name": "ls", "__id__": "b", "__sls__": "s", "__run_num__": 1, "duration": 2.0}}"#,
        );
        let s = summarise(&r, 1, true);
        assert_eq!(s.status, Status::Failed);
        assert_eq!((s.total, s.succeeded, s.failed, s.changed), (2, 1, 1, 1));
        assert_eq!(s.duration_ms, 3.5);
        assert_eq!(s.states[1].fun, "cmd.run");
        assert_eq!(s.states[1].result, "False");
        assert_eq!(s.states[0].changes, r#"{"diff": "x"}"#);
        let pending =
            run(r#"{"test_|-a_|-a_|-nop": {"result": null, "changes": {"x": 1}, "comment": ""}}"#);
        assert_eq!(summarise(&pending, 0, true).status, Status::Pending);
        let same = run(r#"{"test_|-a_|-a_|-nop": {"result": true, "changes": {}, "comment": ""}}"#);
        assert_eq!(summarise(&same, 0, true).status, Status::Unchanged);
        let errors = run(r#"["Rendering SLS 'x' failed"]"#);
        assert_eq!(summarise(&errors, 1, true).status, Status::Error);
        assert_eq!(summarise(&Value::Bool(true), 0, false).status, Status::Ok);
    }
}
