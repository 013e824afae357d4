//! `State.verify_high`: structural checks of the high data, with Salt's messages verbatim.
use crate::py::{first_key, fmt, is_dunder, sls_of};
use halite_value::{Map, MapHasher, SaltCompat, Value};
use std::collections::HashMap;

/// The requisites verify_high records per ID to detect direct 2-cycles: Salt's `reqs[name]`
/// dict, `{"state": state, req_val: req_key, ...}`. Everything borrows from the high data.
struct ReqRecord<'a> {
    state: &'a Value,
    /// `req_val -> req_key` with dict semantics; an ID has a requisite or two, so a vector
    /// searched in order is cheaper than one hash table per ID.
    reqs: Vec<(&'a Value, &'a Value)>,
}

impl<'a> ReqRecord<'a> {
    /// `record[key]`; the key `"state"` is the record's `state` entry.
    fn get(&self, key: &Value) -> Option<&'a Value> {
        if key.as_str() == Some("state") {
            return Some(self.state);
        }
        self.reqs.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }

    /// `record[key] = value`.
    fn set(&mut self, key: &'a Value, value: &'a Value) {
        if key.as_str() == Some("state") {
            self.state = value;
        } else if let Some(slot) = self.reqs.iter_mut().find(|(k, _)| *k == key) {
            slot.1 = value;
        } else {
            self.reqs.push((key, value));
        }
    }
}

type Reqs<'a> = HashMap<&'a Value, ReqRecord<'a>, MapHasher>;

/// What every check of one verify_high run shares: the key a bare-string requisite is
/// recorded under, and the release checked against.
struct Run<'a> {
    id_key: &'a Value,
    compat: SaltCompat,
}

/// Verifies the high data as Salt 3007.8's `State.verify_high` does; returns the error
/// strings. [`verify_high_as`] picks the release.
pub fn verify_high(high: &Map) -> Vec<String> {
    verify_high_as(high, SaltCompat::V3007)
}

/// Verifies the high data as the given Salt release does. Salt 3008 (`_verify_high`) words
/// a non-string ID "but is type int", checks every requisite keyword's list (3007: require,
/// watch, prereq and onchanges), names the state in "Requisite declaration ... is not formed
/// as a single key dictionary" (also for a dict of several keys), names the SLS in "Illegal
/// requisite", wants a function also in states named `require`/`watch`, and leaves
/// recursive requisites to the requisite graph.
pub fn verify_high_as(high: &Map, compat: SaltCompat) -> Vec<String> {
    let mut errors = Vec::new();
    // The key a bare-string requisite is recorded under.
    let id_key = Value::str("id");
    let mut reqs: Reqs = HashMap::default();
    for (name, body) in high.iter() {
        if is_dunder(name) {
            continue;
        }
        let Some(body) = body.as_map() else {
            errors.push(format!(
                "The type {} in {} is not formatted as a dictionary",
                fmt(name),
                fmt(body)
            ));
            continue;
        };
        if name.as_str().is_none() {
            let wording = if compat.is_3008() { "type" } else { "a" };
            errors.push(format!(
                "ID '{}' in SLS '{}' is not formed as a string, but is {wording} {}. It may need to be quoted.",
                fmt(name),
                sls_of(body),
                name.type_name()
            ));
        }
        for (state, run) in body.iter() {
            if is_dunder(state) {
                continue;
            }
            let how = Run {
                id_key: &id_key,
                compat,
            };
            verify_state(name, body, state, run, &how, &mut reqs, &mut errors);
        }
    }
    crate::diagnose::place(high, &errors);
    errors
}

fn verify_state<'a>(
    name: &'a Value,
    body: &Map,
    state: &'a Value,
    run: &'a Value,
    how: &Run<'a>,
    reqs: &mut Reqs<'a>,
    errors: &mut Vec<String>,
) {
    let compat = how.compat;
    // The sls is only formatted for a message.
    let sls = || sls_of(body);
    let run = match run {
        Value::Null => {
            errors.push(format!(
                "ID '{}' in SLS '{}' contains a short declaration ({}) with a trailing colon. \
                 When not passing any arguments to a state, the colon must be omitted.",
                fmt(name),
                sls(),
                fmt(state)
            ));
            return;
        }
        Value::List(run) => run,
        _ => {
            errors.push(format!(
                "State '{}' in SLS '{}' is not formed as a list",
                fmt(name),
                sls()
            ));
            return;
        }
    };
    let state_str = state.as_str().unwrap_or_default();
    let mut fun = usize::from(state_str.contains('.'));
    for arg in run {
        match arg {
            Value::Str(f) => {
                fun += 1;
                if f.trim().contains(' ') {
                    errors.push(format!(
                        "The function \"{f}\" in state \"{}\" in SLS \"{}\" has whitespace, a \
                         function with whitespace is not supported, perhaps this is an argument \
                         that is missing a \":\"",
                        fmt(name),
                        sls()
                    ));
                }
            }
            Value::Map(arg) => verify_arg(name, state, body, arg, how, reqs, errors),
            _ => {}
        }
    }
    if fun == 0 {
        if !compat.is_3008() && (state_str == "require" || state_str == "watch") {
            return;
        }
        errors.push(format!(
            "No function declared in state '{}' in SLS '{}'",
            fmt(name),
            sls()
        ));
    } else if fun > 1 {
        let mut funs: Vec<String> = Vec::new();
        if let Some((_, f)) = state_str.split_once('.') {
            funs.push(f.to_string());
        }
        funs.extend(run.iter().filter_map(Value::as_str).map(str::to_string));
        errors.push(format!(
            "Too many functions declared in state '{}' in SLS '{}'. Please choose one of the \
             following: {}",
            fmt(name),
            sls(),
            funs.join(", ")
        ));
    }
}

/// Checks one argument dict: `names` and requisite lists, recursive requisites, and
/// single-key-ness of requisite arguments.
fn verify_arg<'a>(
    name: &'a Value,
    state: &'a Value,
    body: &Map,
    arg: &'a Map,
    how: &Run<'a>,
    reqs: &mut Reqs<'a>,
    errors: &mut Vec<String>,
) {
    let (id_key, compat) = (how.id_key, how.compat);
    let sls = || sls_of(body);
    let Some(argfirst) = first_key(arg) else {
        return;
    };
    let argfirst_str = argfirst.as_str().unwrap_or_default();
    let value = arg.get_value(argfirst).unwrap_or(&Value::Null);
    if argfirst_str == "names" && value.as_list().is_none() {
        errors.push(format!(
            "The 'names' argument in state '{}' in SLS '{}' needs to be formed as a list",
            fmt(name),
            sls()
        ));
    }
    let requisite = if compat.is_3008() {
        crate::STATE_REQUISITE_KEYWORDS.contains(&argfirst_str)
    } else {
        matches!(argfirst_str, "require" | "watch" | "prereq" | "onchanges")
    };
    if requisite {
        match value.as_list() {
            None => errors.push(format!(
                "The {argfirst_str} statement in state '{}' in SLS '{}' needs to be formed \
                 as a list",
                fmt(name),
                sls()
            )),
            Some(list) if compat.is_3008() => verify_requisite_list_3008(name, body, list, errors),
            Some(list) => verify_requisite_list(name, state, body, list, id_key, reqs, errors),
        }
        // Only requisite arguments must be single-key dicts.
        if arg.len() != 1 {
            errors.push(format!(
                "Multiple dictionaries defined in argument of state '{}' in SLS '{}'",
                fmt(name),
                sls()
            ));
        }
    }
}

/// The members of a requisite list must be single-key dicts without dots in the type; a
/// direct 2-cycle (A requires B with B's state, B requires A with A's state) is an error.
fn verify_requisite_list<'a>(
    name: &'a Value,
    state: &'a Value,
    body: &Map,
    list: &'a [Value],
    id_key: &'a Value,
    reqs: &mut Reqs<'a>,
    errors: &mut Vec<String>,
) {
    let sls = || sls_of(body);
    // Salt resets `reqs[name]` for every requisite argument of the ID.
    reqs.insert(
        name,
        ReqRecord {
            state,
            reqs: Vec::with_capacity(list.len()),
        },
    );
    for req in list {
        let (req_key, req_val) = match req {
            Value::Str(_) => (id_key, req),
            Value::Map(m) => match m.first() {
                Some(kv) => kv,
                None => continue,
            },
            other => {
                errors.push(format!(
                    "Requisite declaration {} in SLS {} is not formed as a single key dictionary",
                    fmt(other),
                    sls()
                ));
                continue;
            }
        };
        if let Some((prefix, _)) = req_key.as_str().and_then(|k| k.split_once('.')) {
            errors.push(format!(
                "Invalid requisite type '{}' in state '{}', in SLS '{}'. Requisite types must \
                 not contain dots, did you mean '{prefix}'?",
                fmt(req_key),
                fmt(name),
                sls()
            ));
        }
        if matches!(req_val, Value::List(_) | Value::Map(_)) {
            errors.push(format!(
                "Illegal requisite \"{}\", please check your syntax.\n",
                fmt(req_val)
            ));
            continue;
        }
        record_and_check_recursion(name, state, body, req_key, req_val, reqs, errors);
    }
}

/// Salt 3008's check of a requisite list: single-key dicts (a string is `{"id": s}`), no
/// dot in the type, a hashable value; no recursion check.
fn verify_requisite_list_3008(name: &Value, body: &Map, list: &[Value], errors: &mut Vec<String>) {
    let sls = || sls_of(body);
    for req in list {
        let (req_key, req_val) = match req {
            Value::Str(_) => (&Value::Null, req),
            Value::Map(m) if m.len() == 1 => match m.first() {
                Some(kv) => kv,
                None => continue,
            },
            other => {
                errors.push(format!(
                    "Requisite declaration {} in state {} in SLS {} is not formed as a single key dictionary",
                    fmt(other),
                    fmt(name),
                    sls()
                ));
                continue;
            }
        };
        if let Some((prefix, _)) = req_key.as_str().and_then(|k| k.split_once('.')) {
            errors.push(format!(
                "Invalid requisite type '{}' in state '{}', in SLS '{}'. Requisite types must \
                 not contain dots, did you mean '{prefix}'?",
                fmt(req_key),
                fmt(name),
                sls()
            ));
        }
        if matches!(req_val, Value::List(_) | Value::Map(_)) {
            errors.push(format!(
                "Illegal requisite \"{}\" in SLS \"{}\", please check your syntax.\n",
                fmt(req_val),
                sls()
            ));
        }
    }
}

fn record_and_check_recursion<'a>(
    name: &'a Value,
    state: &'a Value,
    body: &Map,
    req_key: &'a Value,
    req_val: &'a Value,
    reqs: &mut Reqs<'a>,
    errors: &mut Vec<String>,
) {
    // `reqs[name][req_val] = req_key`: the key "state" in Salt's dict shares the namespace.
    if let Some(rec) = reqs.get_mut(name) {
        rec.set(req_val, req_key);
    }
    let Some(other) = reqs.get(req_val) else {
        return;
    };
    if other.get(name) != Some(state) {
        return;
    }
    let mine = reqs.get(name).and_then(|r| r.get(req_val));
    if Some(other.state) == mine {
        errors.push(format!(
            "A recursive requisite was found, SLS \"{}\" ID \"{}\" ID \"{}\"",
            sls_of(body),
            fmt(name),
            fmt(req_val)
        ));
    }
}

/// Where Salt's `verify_high` itself raises (StopIteration from `next(iter({}))`): an empty
/// dict as a state argument, or as an entry of a require/watch/prereq/onchanges list.
/// Returns the Python exception text.
pub fn verify_high_crash(high: &Map) -> Option<String> {
    verify_high_crash_as(high, SaltCompat::V3007)
}

/// [`verify_high_crash`] for a release: Salt 3008 reports an empty requisite entry as an
/// error (not a single key dictionary) instead of raising.
pub fn verify_high_crash_as(high: &Map, compat: SaltCompat) -> Option<String> {
    for (name, body) in high.iter() {
        if is_dunder(name) {
            continue;
        }
        let Some(body) = body.as_map() else { continue };
        for (state, run) in body.iter() {
            if is_dunder(state) {
                continue;
            }
            for arg in run.as_list().into_iter().flatten() {
                let Some(arg) = arg.as_map() else { continue };
                let Some((argfirst, value)) = arg.first() else {
                    return Some("StopIteration".to_string());
                };
                let is_req = matches!(
                    argfirst.as_str(),
                    Some("require" | "watch" | "prereq" | "onchanges")
                );
                if !is_req || compat.is_3008() {
                    continue;
                }
                let empty_req = value
                    .as_list()
                    .into_iter()
                    .flatten()
                    .any(|req| req.as_map().is_some_and(Map::is_empty));
                if empty_req {
                    return Some("StopIteration".to_string());
                }
            }
        }
    }
    None
}
