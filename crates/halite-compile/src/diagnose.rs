//! Diagnostics for `verify_high`'s errors, kept apart from the checks themselves: once the
//! errors are known, the high data is walked again for the structural problems the checks
//! look for, and each error text is paired with the problem whose words and names it contains
//! (so the pairing holds whatever release's wording the text has). Each diagnostic names the
//! SLS and the keys that lead to the mistake; the CLI places it on the file's line.

use crate::py::{fmt, is_dunder};
use halite_value::diag::{self, Diagnostic, Place};
use halite_value::{Map, Value};

/// One problem found in the high data.
struct Problem {
    /// Texts an error must all contain to be this problem's.
    needles: Vec<String>,
    place: Place,
    message: String,
    label: &'static str,
    hint: Option<String>,
}

fn place_of(body: Option<&Map>, keys: &[&str]) -> Place {
    let get = |k: &str| {
        body.and_then(|b| b.get(k))
            .map(Value::py_str)
            .unwrap_or_default()
    };
    Place::new(&get("__env__"), &get("__sls__"), keys)
}

/// Attaches a diagnostic to each of `errors` (verify_high's texts, or Salt 3008's compile
/// errors of the requisite graph) it can explain.
pub fn place(high: &Map, errors: &[String]) {
    if errors.is_empty() {
        return;
    }
    let mut problems = problems(high);
    for text in errors {
        let Some(i) = problems
            .iter()
            .position(|p| p.needles.iter().all(|n| text.contains(n.as_str())))
        else {
            continue;
        };
        let p = problems.remove(i);
        let mut d = Diagnostic::in_sls(p.message, p.place, p.label);
        d.hint = p.hint;
        diag::attach(text.clone(), d);
    }
}

fn problems(high: &Map) -> Vec<Problem> {
    let mut out = Vec::new();
    for (name, body) in high.iter() {
        if is_dunder(name) {
            continue;
        }
        let id = name.py_str();
        let Some(body) = body.as_map() else {
            out.push(Problem {
                needles: vec!["not formatted as a dictionary".into(), fmt(name)],
                place: place_of(None, &[&id]),
                message: format!("ID '{id}' is not a dictionary"),
                label: "an ID must map state modules to their arguments",
                hint: Some(
                    "write `ID:` then, indented below it, `module.function:` and its \
                     `- arg: value` list"
                        .into(),
                ),
            });
            continue;
        };
        if name.as_str().is_none() {
            out.push(Problem {
                needles: vec!["not formed as a string".into(), format!("'{}'", fmt(name))],
                place: place_of(Some(body), &[&id]),
                message: format!("ID {id} is a {}, not a string", name.type_name()),
                label: "YAML reads this ID as a non-string",
                hint: Some("quote it".into()),
            });
        }
        for (state, run) in body.iter() {
            if is_dunder(state) {
                continue;
            }
            state_problems(&mut out, name, body, state, run);
        }
    }
    out
}

fn state_problems(out: &mut Vec<Problem>, name: &Value, body: &Map, state: &Value, run: &Value) {
    let (id, st) = (name.py_str(), state.py_str());
    let qid = format!("'{}'", fmt(name));
    let run = match run {
        Value::Null => {
            out.push(Problem {
                needles: vec!["trailing colon".into(), qid.clone(), fmt(state)],
                place: place_of(Some(body), &[&id, &st]),
                message: format!("`{st}:` has a trailing colon and nothing after it"),
                label: "a short declaration with a trailing colon",
                hint: Some("write `- arg: value` lines under it, or drop the colon".into()),
            });
            return;
        }
        Value::List(run) => run,
        _ => {
            out.push(Problem {
                needles: vec!["is not formed as a list".into(), qid.clone()],
                place: place_of(Some(body), &[&id, &st]),
                message: format!("the arguments of `{st}` in ID '{id}' are not a list"),
                label: "expected a list of `- arg: value` items below this",
                hint: Some("a missing `-`: write each argument as `- arg: value`".into()),
            });
            return;
        }
    };
    let funs: Vec<&str> = run.iter().filter_map(Value::as_str).collect();
    for f in &funs {
        if f.trim().contains(' ') {
            out.push(Problem {
                needles: vec!["whitespace".into(), format!("\"{f}\"")],
                place: place_of(Some(body), &[&id, &st, f]),
                message: format!("`{f}` is read as a function name"),
                label: "a function name with a space",
                hint: Some("an argument is missing its `:` (`- arg: value`)".into()),
            });
        }
    }
    out.push(Problem {
        needles: vec!["No function declared".into(), qid.clone()],
        place: place_of(Some(body), &[&id, &st]),
        message: format!("no function for `{st}` in ID '{id}'"),
        label: "which function of this state module?",
        hint: Some(
            "write `module.function:` (e.g. `pkg.installed:`) or add `- function` to the list"
                .into(),
        ),
    });
    // The extra function: a "function" with a space is a broken argument, else the first
    // listed (a dotted `mod.fun:` key's function goes after the listed ones).
    let extra = funs
        .iter()
        .find(|f| f.trim().contains(' '))
        .or(funs.first())
        .copied()
        .unwrap_or_default();
    out.push(Problem {
        needles: vec!["Too many functions".into(), qid.clone()],
        place: place_of(Some(body), &[&id, &st, extra]),
        message: format!("`{st}` in ID '{id}' names several functions"),
        label: "one function too many",
        hint: Some(
            "one ID may use each state module once; use another ID for the second function".into(),
        ),
    });
    for arg in run.iter().filter_map(Value::as_map) {
        let Some((first, value)) = arg.first() else {
            continue;
        };
        let key = first.py_str();
        if key == "names" && value.as_list().is_none() {
            out.push(Problem {
                needles: vec!["'names' argument".into(), qid.clone()],
                place: place_of(Some(body), &[&id, &st, "names"]),
                message: "`names` is not a list".into(),
                label: "expected a list",
                hint: Some("write each name as a `- name` item under `names:`".into()),
            });
        }
        if !crate::STATE_REQUISITE_KEYWORDS.contains(&key.as_str()) {
            continue;
        }
        if arg.len() > 1 {
            let second = arg.keys().nth(1).map(Value::py_str).unwrap_or_default();
            out.push(Problem {
                needles: vec!["Multiple dictionaries".into(), qid.clone()],
                place: place_of(Some(body), &[&id, &st, &second]),
                message: "several keys in one requisite argument".into(),
                label: "this key belongs to the list item above it",
                hint: Some("a `-` is missing before this key".into()),
            });
        }
        let Some(list) = value.as_list() else {
            out.push(Problem {
                needles: vec![format!("The {key} statement"), qid.clone()],
                place: place_of(Some(body), &[&id, &st, &key]),
                message: format!("`{key}` is not a list"),
                label: "expected a list of `- module: ID` items",
                hint: Some("write each requisite as a list item: `- file: ID`".into()),
            });
            continue;
        };
        for req in list {
            let (req_key, req_val) = match req {
                Value::Str(s) => ("id".to_string(), Value::Str(s.clone())),
                Value::Map(m) if m.len() == 1 => match m.first() {
                    Some((k, v)) => (k.py_str(), v.clone()),
                    None => continue,
                },
                other => {
                    out.push(Problem {
                        needles: vec!["single key dictionary".into(), fmt(other)],
                        place: place_of(Some(body), &[&id, &st, &key]),
                        message: "a requisite that is neither `ID` nor `module: ID`".into(),
                        label: "in the requisites of this state",
                        hint: None,
                    });
                    continue;
                }
            };
            let item = format!("{req_key}: {}", req_val.py_str());
            if let Some((prefix, _)) = req_key.split_once('.') {
                out.push(Problem {
                    needles: vec!["Invalid requisite type".into(), format!("'{req_key}'")],
                    place: place_of(Some(body), &[&id, &st, &key, &item]),
                    message: format!("requisite type `{req_key}` has a dot"),
                    label: "a requisite names a state module, not a function",
                    hint: Some(format!("write `- {prefix}: {}`", req_val.py_str())),
                });
            }
            if matches!(req_val, Value::List(_) | Value::Map(_)) {
                out.push(Problem {
                    needles: vec!["Illegal requisite".into(), fmt(&req_val)],
                    place: place_of(Some(body), &[&id, &st, &key]),
                    message: "a requisite's target is a list or a dictionary".into(),
                    label: "in the requisites of this state",
                    hint: Some("name one ID (or `module: ID`) per list item".into()),
                });
                continue;
            }
            out.push(Problem {
                needles: vec![
                    "recursive requisite".into(),
                    format!("ID \"{}\" ID \"{}\"", fmt(name), fmt(&req_val)),
                ],
                place: place_of(Some(body), &[&id, &st, &key, &item]),
                message: format!("'{id}' and '{}' require each other", req_val.py_str()),
                label: "this requisite closes a cycle",
                hint: Some("drop one of the two requisites".into()),
            });
        }
    }
}

/// The hint for a requisite `key: val` that matches none of `states` ((module, ID, name) of
/// each): the module it is really a state of, the closest ID, or where else it may be.
pub fn requisite_hint(key: &str, val: &str, states: &[(String, String, String)]) -> String {
    let other = states
        .iter()
        .find(|(m, i, n)| (i == val || n == val) && m != key);
    if let Some((m, _, _)) = other.filter(|_| key != "id" && key != "sls") {
        format!("`{val}` is a `{m}` state: write `- {m}: {val}`")
    } else if let Some(near) = diag::closest(
        val,
        states
            .iter()
            .filter(|c| c.0 == key || key == "id")
            .map(|c| c.1.as_str()),
    ) {
        format!("did you mean `{key}: {near}`?")
    } else {
        "the ID may be in an SLS this run does not include".into()
    }
}

fn chunk_str(low: &Map, key: &str) -> String {
    low.get(key).map(Value::py_str).unwrap_or_default()
}

fn chunk_place(low: &Map, keys: &[&str]) -> Place {
    Place::new(&chunk_str(low, "__env__"), &chunk_str(low, "__sls__"), keys)
}

/// Salt 3008's "Referenced state does not exist for requisite ..." compile error `text`
/// (the requisite `u` of chunk `low`, among `chunks`): its diagnostic, as the 3007 run's
/// "The following requisites were not found" gets one. Runs only when there is an error.
pub(crate) fn unmatched_requisite(
    text: &str,
    low: &Map,
    u: &crate::graph::Unmatched,
    chunks: &[Map],
) {
    let states: Vec<(String, String, String)> = chunks
        .iter()
        .map(|c| {
            (
                chunk_str(c, "state"),
                chunk_str(c, "__id__"),
                chunk_str(c, "name"),
            )
        })
        .collect();
    let (id, state) = (chunk_str(low, "__id__"), chunk_str(low, "state"));
    let d = Diagnostic::in_sls(
        format!(
            "`{}` names `{}: {}`, which is not a state in this run",
            u.requisite, u.key, u.val
        ),
        chunk_place(low, &[&id, &state, u.requisite, &u.item]),
        "no state matches this requisite",
    )
    .hint(requisite_hint(&u.key, &u.val, &states));
    diag::attach(text, d);
}

/// One link of a requisite cycle: `dependent` waits for `dependency` through its
/// `requisite` list's `item` (when the item is found).
pub(crate) struct CycleLink<'a> {
    pub dependent: &'a Map,
    pub dependency: &'a Map,
    pub requisite: &'static str,
    pub item: Option<String>,
}

/// Salt 3008's "Recursive requisites were found: ..." compile error `text`: placed at the
/// requisite of the cycle's first link, the whole cycle in a note.
pub(crate) fn requisite_cycle(text: &str, links: &[CycleLink]) {
    let Some(first) = links.first() else {
        return;
    };
    // the links in the order the waits go: each one's dependency is the next one's dependent
    let links: Vec<&CycleLink> = std::iter::once(first)
        .chain(links[1..].iter().rev())
        .collect();
    let id = |low: &Map| chunk_str(low, "__id__");
    let (first_id, state) = (id(first.dependent), chunk_str(first.dependent, "state"));
    let mut keys = vec![first_id.as_str(), state.as_str()];
    if let Some(item) = &first.item {
        keys.extend([first.requisite, item.as_str()]);
    }
    let message = if links.len() == 2 {
        format!(
            "'{first_id}' and '{}' require each other",
            id(first.dependency)
        )
    } else {
        let ids: Vec<String> = links
            .iter()
            .map(|l| format!("'{}'", id(l.dependent)))
            .collect();
        format!("requisite cycle between {}", ids.join(", "))
    };
    let chain: Vec<String> = links
        .iter()
        .map(|l| {
            format!(
                "'{}' {}s '{}'",
                id(l.dependent),
                l.requisite,
                id(l.dependency)
            )
        })
        .collect();
    let mut d = Diagnostic::in_sls(
        message,
        chunk_place(first.dependent, &keys),
        "this requisite closes a cycle",
    );
    d = if links.len() == 2 {
        d.hint("drop one of the two requisites")
    } else {
        d.note(format!("the cycle: {}", chain.join(", ")))
            .hint("drop one requisite of the cycle")
    };
    diag::attach(text, d);
}
