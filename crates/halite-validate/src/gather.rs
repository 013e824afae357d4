//! Gathering an SLS tree the way idem does (`idem/idem/resolve/*.py`,
//! `idem/idem/sls_source/init.py`): resolve refs, render each file (Jinja, YAML,
//! replacements), apply the resolvers (include, iorder, META) level by level over the
//! includes (breadth first), then merge into high data (`update`/`decls`).

use crate::refs::{self, Resolved};
use crate::render::{render_sls, Renderer};
use crate::ValidateError;
use halite_value::{Map, Value};
use indexmap::IndexMap;
use std::collections::HashSet;
use std::path::PathBuf;

/// Keywords of the resolve plugins, skipped by `resolve.init.iter`.
const KEYWORDS: &[&str] = &[
    "exclude",
    "__exclude__",
    "extend",
    "__extend__",
    "include",
    "order",
    "META",
];

/// The run data idem keeps in `hub.idem.RUNS[name]`.
#[derive(Debug, Default)]
pub struct Run {
    pub high: Map,
    pub meta_sls: Map,
    pub meta_ids: Map,
    pub errors: Vec<String>,
    /// `iorder` starts at 100000.
    pub iorder: i64,
    pub sources: Vec<PathBuf>,
    /// The file each rendered SLS ref came from.
    pub files: IndexMap<String, PathBuf>,
}

impl Run {
    pub fn new(sources: Vec<PathBuf>) -> Self {
        Run {
            iorder: 100_000,
            sources,
            ..Run::default()
        }
    }
}

/// `dict.update` by moving entries (existing keys keep their position).
trait ExtendFrom {
    fn extend_from(&mut self, other: Map);
}

impl ExtendFrom for Map {
    fn extend_from(&mut self, other: Map) {
        for (k, v) in other {
            self.insert(k, v);
        }
    }
}

fn is_keyword(key: &Value) -> bool {
    key.as_str().is_some_and(|k| KEYWORDS.contains(&k))
}

/// `sls_source.init.gather` + `update`: renders `refs` (and their includes) into `run.high`.
pub fn gather_into(
    run: &mut Run,
    renderer: &mut Renderer,
    refs: &[String],
) -> Result<(), ValidateError> {
    let states = gather(run, renderer, refs)?;
    if !run.errors.is_empty() {
        return Ok(());
    }
    update(run, states);
    Ok(())
}

/// Resolves `refs` (later duplicates move to the end, as idem's OrderedDict pop/insert).
fn collect(run: &mut Run, refs: &[String]) -> Option<IndexMap<String, (String, Resolved)>> {
    let mut content: IndexMap<String, (String, Resolved)> = IndexMap::new();
    for r in refs {
        match refs::resolve(r, &run.sources) {
            Some(res) => {
                content.shift_remove(&res.sls_ref);
                content.insert(res.sls_ref.clone(), (r.clone(), res));
            }
            None => {
                run.errors.push(format!(
                    "Error while collecting blocks: LookupError: Could not find SLS ref '{r}' in sources"
                ));
                return None;
            }
        }
    }
    for (sls_ref, (_, res)) in &content {
        if res.content.is_empty() {
            run.errors
                .push(format!("SLS ref '{sls_ref}' did not resolve"));
            return None;
        }
    }
    Some(content)
}

/// `resolve.init.gather`: one level of refs, then the refs they include.
fn gather(
    run: &mut Run,
    renderer: &mut Renderer,
    refs: &[String],
) -> Result<IndexMap<String, Map>, ValidateError> {
    let mut states: IndexMap<String, Map> = IndexMap::new();
    let Some(content) = collect(run, refs) else {
        return Ok(states);
    };
    let resolved: HashSet<String> = content.keys().cloned().collect();
    let mut unresolved: Vec<String> = Vec::new();
    for (sls_ref, (cfn, res)) in content {
        states.insert(sls_ref.clone(), Map::new());
        run.files.insert(sls_ref.clone(), res.path.clone());
        let rendered = render_sls(renderer, &cfn, &res)?;
        let mut state = match rendered {
            Value::Null => continue,
            Value::Map(m) => m,
            other => {
                run.errors.push(format!(
                    "SLS {sls_ref} is not formed as a dict but as a <class '{}'>",
                    other.type_name()
                ));
                continue;
            }
        };
        unresolved.extend(apply_resolvers(run, &mut state, &sls_ref, &resolved)?);
        if let Some(slot) = states.get_mut(&sls_ref) {
            slot.extend_from(state);
        }
    }
    if !unresolved.is_empty() && run.errors.is_empty() {
        let deeper = gather(run, renderer, &unresolved)?;
        for (k, v) in deeper {
            states.insert(k, v);
        }
    }
    Ok(states)
}

/// `resolve.init.apply`: exclude, extend, include, iorder, meta (plugin load order).
fn apply_resolvers(
    run: &mut Run,
    state: &mut Map,
    sls_ref: &str,
    resolved: &HashSet<String>,
) -> Result<Vec<String>, ValidateError> {
    for unsupported in ["exclude", "extend"] {
        if state.contains_key(unsupported) {
            return Err(ValidateError::Unsupported(format!(
                "`{unsupported}` in SLS {sls_ref} is not supported by halite validate"
            )));
        }
    }
    let unresolved = resolve_include(run, state, sls_ref, resolved);
    apply_iorder(run, state);
    apply_meta(run, state, sls_ref);
    Ok(unresolved)
}

/// `resolve/include.py`: pops `include`, makes relative includes absolute.
fn resolve_include(
    run: &mut Run,
    state: &mut Map,
    sls_ref: &str,
    resolved: &HashSet<String>,
) -> Vec<String> {
    let mut unresolved: Vec<String> = Vec::new();
    let include = state
        .remove("include")
        .unwrap_or(Value::List(vec![].into()));
    let Value::List(items) = include else {
        run.errors.push(format!(
            "Include Declaration in SLS {sls_ref} is not formed as a list but as a <class '{}'>",
            include.type_name()
        ));
        return unresolved;
    };
    for item in items {
        let mut inc = item.py_str();
        if inc.starts_with('.') {
            let level_count = inc.len() - inc.trim_start_matches('.').len();
            let inc_ref = inc[level_count..].to_string();
            let comps: Vec<&str> = sls_ref.split('.').collect();
            if level_count > comps.len() {
                run.errors.push(format!(
                    "Attempted relative include of \"{inc}\" within SLS {sls_ref} goes beyond top level package"
                ));
                continue;
            }
            let mut parts: Vec<&str> = comps[..comps.len() - level_count].to_vec();
            parts.push(&inc_ref);
            inc = parts.join(".");
        }
        if !resolved.contains(&inc) && !unresolved.contains(&inc) {
            unresolved.push(inc);
        }
    }
    unresolved
}

/// `resolve/iorder.py`: appends `{"order": N}` to each state declaration without one.
fn apply_iorder(run: &mut Run, state: &mut Map) {
    for (id, body) in state.iter_mut() {
        if is_keyword(id) {
            continue;
        }
        let Value::Map(decls) = body else { continue };
        for (s_dec, args) in decls.iter_mut() {
            let Some(name) = s_dec.as_str() else { continue };
            let Value::List(args) = args else { continue };
            if name.starts_with('_') {
                continue;
            }
            let found = args.iter().any(|a| {
                a.as_map()
                    .and_then(|m| m.first())
                    .is_some_and(|(k, _)| k.as_str() == Some("order"))
            });
            if !found {
                let mut order = Map::new();
                order.insert("order", Value::Int(run.iorder));
                args.push(Value::Map(order));
                run.iorder += 1;
            }
        }
    }
}

/// `resolve/meta.py`: top-level `META` -> meta.SLS, per-ID `META` -> meta.ID_DECS.
fn apply_meta(run: &mut Run, state: &mut Map, sls_ref: &str) {
    if let Some(meta) = state.remove("META") {
        run.meta_sls.insert(sls_ref, meta);
    }
    for (id, body) in state.iter_mut() {
        if let Value::Map(m) = body {
            if let Some(meta) = m.remove("META") {
                run.meta_ids
                    .insert(format!("{sls_ref}.{}", id.py_str()), meta);
            }
        }
    }
}

/// `sls_source.init.update`: decls, duplicate check, merge into high.
fn update(run: &mut Run, states: IndexMap<String, Map>) {
    for (sls_ref, mut high_state) in states {
        decls(run, &mut high_state, &sls_ref);
        if !run.errors.is_empty() {
            return;
        }
        let duplicates: Vec<String> = high_state
            .keys()
            .filter(|k| run.high.contains_value_key(k))
            .map(Value::py_str)
            .collect();
        if !duplicates.is_empty() {
            run.errors.push(format!(
                "Duplicate state declarations found in SLS tree: {}",
                duplicates.join(" ")
            ));
            return;
        }
        run.high.extend_from(high_state);
    }
}

/// `sls_source.init.decls`: short states, `sub.fun` keys split, `__sls__` added.
fn decls(run: &mut Run, state: &mut Map, sls_ref: &str) {
    let ids: Vec<Value> = state.keys().filter(|k| !is_keyword(k)).cloned().collect();
    for id in ids {
        let Some(body) = state.get_value_mut(&id) else {
            continue;
        };
        match body {
            Value::Map(decl) => split_declarations(run, decl, &id, sls_ref),
            Value::Str(s) if s.contains('.') => {
                let (state_ref, fun) = s.rsplit_once('.').unwrap_or((s.as_str(), ""));
                let mut m = Map::new();
                m.insert("__sls__", Value::str(sls_ref));
                m.insert(state_ref, Value::List(vec![Value::str(fun)].into()));
                *body = Value::Map(m);
            }
            _ => run.errors.push(format!(
                "ID {} in SLS {sls_ref} is not a dictionary",
                id.py_str()
            )),
        }
    }
}

fn split_declarations(run: &mut Run, decl: &mut Map, id: &Value, sls_ref: &str) {
    let mut skeys: HashSet<String> = HashSet::new();
    let keys: Vec<Value> = decl.keys().cloned().collect();
    for key in keys {
        let name = key.py_str();
        if name.starts_with('_') || !matches!(decl.get_value(&key), Some(Value::List(_))) {
            continue;
        }
        let Some((state_ref, fun)) = name.rsplit_once('.') else {
            skeys.insert(name);
            continue;
        };
        if skeys.contains(state_ref) {
            run.errors.push(format!(
                "ID \"{}\" in SLS \"{sls_ref}\" contains multiple state declarations from the same sub: {state_ref}",
                id.py_str()
            ));
            continue;
        }
        if let Some(Value::List(mut args)) = decl.remove_value(&key) {
            args.push(Value::str(fun));
            decl.insert(state_ref, Value::List(args));
        }
        skeys.insert(state_ref.to_string());
    }
    if !decl.contains_key("__sls__") {
        decl.insert("__sls__", Value::str(sls_ref));
    }
}
