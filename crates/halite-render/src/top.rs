//! Merging top files from several environments (`_merge_tops_merge`, `_merge_tops_same`,
//! `_merge_tops_merge_all`) and checking them (`verify_tops`), as salt/state.py does.

use halite_value::{Map, Value};
use indexmap::IndexMap;

/// The rendered top files of each environment, in `_get_envs` order.
pub type Tops = IndexMap<String, Vec<Value>>;

fn sections(ctop: &Value) -> impl Iterator<Item = (&str, &Value)> {
    ctop.as_map()
        .into_iter()
        .flat_map(|m| m.str_iter())
        .filter(|(env, _)| *env != "include")
}

/// Why the top data could not be had, as Salt's `get_top` fails.
#[derive(Debug, Clone, PartialEq)]
pub enum TopError {
    /// `merge_tops` raised `SaltRenderError` (a section's targets are not a dict):
    /// `call_highstate` reports "Unable to render top file: MESSAGE", the `show_*`
    /// functions crash on it.
    Render { message: String, detail: String },
    /// Salt crashes on a top file that is not a dict: `exception` is Python's text
    /// (`AttributeError: 'list' object has no attribute 'items'`), `detail` says what is
    /// wrong with the file.
    Crash { exception: String, detail: String },
}

const NO_TARGETS: &str = "Unable to render top file. No targets found.";

/// The top files `state_top` names in `envs` (in that order), as paths, each once: where a
/// top-file diagnostic looks for the line it points at (the state and the pillar top).
pub(crate) fn top_paths(
    roots: &halite_exec::FileRoots,
    envs: &[String],
    state_top: &str,
) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for env in envs {
        if let Some(p) = roots.find(env, state_top) {
            let p = p.to_string_lossy().to_string();
            if !out.contains(&p) {
                out.push(p);
            }
        }
    }
    out
}

/// A top file must render to a dict (one that renders to nothing counts as `{}`). Salt
/// looks for `include` in every top file first (`"include" not in ctop`: a TypeError for a
/// number or `True`), then calls `ctop.items()` while merging (an AttributeError for a
/// list or a string).
pub fn check_tops(tops: &Tops) -> Result<(), TopError> {
    let bad = |numeric: bool| {
        tops.iter().find_map(|(env, ctops)| {
            ctops.iter().enumerate().find_map(|(i, ctop)| {
                let is_number = matches!(ctop, Value::Int(_) | Value::Float(_) | Value::Bool(_));
                let wrong = !matches!(ctop, Value::Map(_)) && ctop.truthy() && is_number == numeric;
                wrong.then_some((env.as_str(), i, ctop))
            })
        })
    };
    let detail = |env: &str, i: usize, ctop: &Value| {
        let which = if i == 0 {
            format!("The top file of saltenv '{env}'")
        } else {
            format!("A top file included in saltenv '{env}'")
        };
        format!(
            "{which} renders to a {}, not to a dict of saltenvs and their targets",
            ctop.type_name()
        )
    };
    if let Some((env, i, ctop)) = bad(true) {
        return Err(TopError::Crash {
            exception: format!(
                "TypeError: argument of type '{}' is not iterable",
                ctop.type_name()
            ),
            detail: detail(env, i, ctop),
        });
    }
    if let Some((env, i, ctop)) = bad(false) {
        return Err(TopError::Crash {
            exception: format!(
                "AttributeError: '{}' object has no attribute 'items'",
                ctop.type_name()
            ),
            detail: detail(env, i, ctop),
        });
    }
    Ok(())
}

/// `for tgt in targets: top[saltenv][tgt] = ctop[saltenv][tgt]`: a dict is copied, an empty
/// list or string has nothing to copy, anything else is a TypeError that Salt turns into
/// "No targets found".
fn no_targets(env: &str, targets: &Value) -> TopError {
    TopError::Render {
        message: NO_TARGETS.into(),
        detail: format!(
            "the targets of saltenv '{env}' in the top file are a {}, not a dict of targets and their sls lists",
            targets.type_name()
        ),
    }
}

fn copy_targets(top: &mut Map, env: &str, targets: &Value) -> Result<(), TopError> {
    let Value::Map(targets) = targets else {
        return match targets {
            Value::List(l) if l.is_empty() => Ok(()),
            Value::Str(s) if s.is_empty() => Ok(()),
            _ => Err(no_targets(env, targets)),
        };
    };
    let section = top.entry_or(env, Value::Map(Map::new()));
    if let Value::Map(section) = section {
        for (tgt, data) in targets.iter() {
            section.insert(tgt.clone(), data.clone());
        }
    }
    Ok(())
}

/// The default strategy: base's top file is authoritative; another env's top file only adds
/// its own section, and only when base did not define it.
pub fn merge_tops_merge(tops: &Tops) -> Result<Map, TopError> {
    let mut top = Map::new();
    for ctop in tops.get("base").into_iter().flatten() {
        for (env, targets) in sections(ctop) {
            copy_targets(&mut top, env, targets)?;
        }
    }
    let base_defined: Vec<String> = top.keys().map(Value::py_str).collect();
    for (cenv, ctops) in tops.iter().filter(|(env, _)| *env != "base") {
        for ctop in ctops {
            for (env, targets) in sections(ctop) {
                if env != cenv || base_defined.iter().any(|e| e == env) {
                    continue;
                }
                copy_targets(&mut top, env, targets)?;
            }
        }
    }
    Ok(top)
}

/// `same`: each env reads only its own section of its own top file; an env without a top
/// file falls back to the `default_top` env's section for it.
pub fn merge_tops_same(tops: &Tops, default_top: &str) -> Result<Map, TopError> {
    let mut top = Map::new();
    let is_empty = |ctops: &Vec<Value>| {
        ctops
            .iter()
            .all(|t| matches!(t, Value::Map(m) if m.is_empty()))
    };
    for (cenv, ctops) in tops {
        if is_empty(ctops) {
            let Some(fallback) = tops.get(default_top).filter(|f| !is_empty(f)) else {
                continue;
            };
            for ctop in fallback {
                if let Some((env, targets)) = sections(ctop).find(|(env, _)| env == cenv) {
                    copy_targets(&mut top, env, targets)?;
                }
            }
            continue;
        }
        for ctop in ctops {
            for (env, targets) in sections(ctop).filter(|(env, _)| env == cenv) {
                copy_targets(&mut top, env, targets)?;
            }
        }
    }
    Ok(top)
}

/// `merge_all`: every section of every top file; a target seen twice gets the union of sls
/// names (the later match type wins).
pub fn merge_tops_merge_all(tops: &Tops) -> Result<Map, TopError> {
    let mut top = Map::new();
    for ctop in tops.values().flatten() {
        for (env, targets) in sections(ctop) {
            let Value::Map(targets) = targets else {
                match targets {
                    Value::List(l) if l.is_empty() => continue,
                    Value::Str(s) if s.is_empty() => continue,
                    _ => return Err(no_targets(env, targets)),
                }
            };
            let section = top.entry_or(env, Value::Map(Map::new()));
            let Value::Map(section) = section else {
                continue;
            };
            for (tgt, data) in targets.iter() {
                let merged = match section.get_value(tgt) {
                    None => data.clone(),
                    Some(existing) => merge_target(existing, data),
                };
                section.insert(tgt.clone(), merged);
            }
        }
    }
    Ok(top)
}

fn merge_target(first: &Value, second: &Value) -> Value {
    let read = |v: &Value| {
        let items = v.as_list().cloned().unwrap_or_default();
        let mtype = items
            .iter()
            .rev()
            .find(|i| matches!(i, Value::Map(_)))
            .cloned();
        let states: Vec<Value> = items
            .into_iter()
            .filter(|i| matches!(i, Value::Str(_)))
            .collect();
        (mtype, states)
    };
    let (t1, s1) = read(first);
    let (t2, s2) = read(second);
    let mut merged: Vec<Value> = t2.or(t1).into_iter().collect();
    merged.extend(s1);
    for s in s2 {
        if !merged.contains(&s) {
            merged.push(s);
        }
    }
    Value::List(merged.into())
}

/// A top file mistake `verify_tops` reports: Salt's text, and what the diagnostic needs to
/// place it (saltenv, target, the offending value).
#[derive(Debug, Clone, PartialEq)]
pub struct TopMistake {
    pub text: String,
    pub env: String,
    pub target: String,
    pub value: Value,
}

/// `verify_tops`: structural errors in the merged top data.
pub fn verify_tops(top: &Map, compat: halite_value::SaltCompat) -> Vec<String> {
    verify_tops_placed(top, compat)
        .into_iter()
        .map(|m| m.text)
        .collect()
}

/// [`verify_tops`], each error with where it is.
pub fn verify_tops_placed(top: &Map, compat: halite_value::SaltCompat) -> Vec<TopMistake> {
    let mut errors = Vec::new();
    for (env, matches) in top.iter() {
        let mut push = |text: String, target: &Value, value: &Value| {
            errors.push(TopMistake {
                text,
                env: env.py_str(),
                target: target.py_str(),
                value: value.clone(),
            })
        };
        let none = Value::Null;
        if env.as_str() == Some("include") {
            continue;
        }
        if !matches!(env, Value::Str(_)) {
            push(
                format!(
                    "Environment {} in top file is not formed as a string",
                    env.py_str()
                ),
                &none,
                &none,
            );
        }
        if env.as_str() == Some("") {
            push("Empty saltenv statement in top file".into(), &none, &none);
        }
        let Value::Map(matches) = matches else {
            push(
                format!(
                    "The top file matches for saltenv {} are not formatted as a dict",
                    env.py_str()
                ),
                &none,
                matches,
            );
            continue;
        };
        for (tgt, slsmods) in matches.iter() {
            let Value::List(list) = slsmods else {
                // Salt 3008's verify_tops names the target, the saltenv and the type
                let text = if compat >= halite_value::SaltCompat::V3008 {
                    format!(
                        "Malformed topfile: state declarations for matcher {} in saltenv {} are not formed as a list (got {})",
                        tgt.py_repr(),
                        env.py_repr(),
                        slsmods.type_name()
                    )
                } else {
                    "Malformed topfile (state declarations not formed as a list)".into()
                };
                push(text, tgt, slsmods);
                continue;
            };
            for slsmod in list {
                match slsmod {
                    Value::Map(m) => {
                        for val in m.values().filter(|v| !v.truthy()) {
                            push(
                                format!(
                                    "Improperly formatted top file matcher in saltenv {}: {} file",
                                    slsmod.py_repr(),
                                    val.py_str()
                                ),
                                tgt,
                                slsmod,
                            );
                        }
                    }
                    Value::Str(s) if s.is_empty() => push(
                        format!("Environment {} contains an empty sls index", env.py_str()),
                        tgt,
                        slsmod,
                    ),
                    _ => {}
                }
            }
        }
    }
    errors
}
