//! `State.requisite_in`: turn `require_in`, `watch_in`, `onfail_in`, `onchanges_in`,
//! `prereq`/`prereq_in`, `use`/`use_in` into extensions of the targets, then reconcile them.
use crate::extend::{merge_arg_plain, reconcile_extend_shared, sls_excludes, SourceRef, Sources};
use crate::find::{find_name, state_args, IdState, NameArgIndex, NameIndex, SlsIndex};
use crate::py::{first_key, fmt, is_dunder, single, sls_of};
use crate::CompileOptions;
use halite_value::{Map, MapHasher, SaltCompat, Value};
use indexmap::IndexMap;
use std::collections::HashMap;

/// The argument keys requisite_in acts on (Salt's `req_in`). A `match` rather than a list
/// searched in turn: it is asked of every argument of every state. Salt 3008 no longer
/// handles `prereq` here (the requisite graph links prereqs itself).
fn is_req_in(key: &str, compat: SaltCompat) -> bool {
    matches!(
        key,
        "require_in" | "watch_in" | "onfail_in" | "onchanges_in" | "use" | "use_in" | "prereq_in"
    ) || (key == "prereq" && !compat.is_3008())
}

/// Arguments `use`/`use_in` never copy (Salt's `req_in_all`; `prereq` is in it in both
/// releases, through `req_in` in 3007).
const REQ_IN_ALL_EXTRA: &[&str] = &[
    "require",
    "watch",
    "prereq",
    "onfail",
    "onfail_stop",
    "onchanges",
];

fn in_req_in_all(key: &Value) -> bool {
    key.as_str()
        .is_some_and(|k| is_req_in(k, SaltCompat::V3007) || REQ_IN_ALL_EXTRA.contains(&k))
}

/// The lazily built lookups over the (unchanging) high data during requisite_in.
struct Lookups<'a> {
    high: &'a Map,
    names: Option<NameIndex>,
    sls: Option<SlsIndex>,
    name_args: Option<NameArgIndex>,
}

impl<'a> Lookups<'a> {
    fn new(high: &'a Map) -> Self {
        Lookups {
            high,
            names: None,
            sls: None,
            name_args: None,
        }
    }

    fn find_name_strict(&mut self, name: &Value, state: &Value) -> Vec<IdState> {
        find_name(name, state, self.high, true, &mut self.names)
    }

    fn find_sls_ids(&mut self, sls: &Value) -> Vec<IdState> {
        let high = self.high;
        self.sls
            .get_or_insert_with(|| SlsIndex::build(high))
            .find_sls_ids(sls)
    }

    /// A bare string in a requisite_in list: an ID (with its first state), else the first
    /// state whose `name` argument equals it.
    fn resolve_bare(&mut self, ind: &Value) -> Option<Map> {
        if let Some(body) = self.high.get_value(ind) {
            let first = body
                .as_map()
                .and_then(|b| b.keys().find(|k| !is_dunder(k)).cloned())?;
            let mut m = Map::new();
            m.insert(first, ind.clone());
            return Some(m);
        }
        let high = self.high;
        let (st, id) = self
            .name_args
            .get_or_insert_with(|| NameArgIndex::build(high))
            .lookup(ind)?
            .clone();
        let mut m = Map::new();
        m.insert(st, id);
        Some(m)
    }
}

/// One entry of Salt's `extend` dict: `{state: [args], "__env__": ..., "__sls__": ...}`.
#[derive(Default)]
struct ExtBody {
    /// `state -> [args]` in insertion order; an extension has a state type or two, so a
    /// vector searched in order (Python key equality) is cheaper than a hash table each.
    states: Vec<(Value, Vec<Value>)>,
    /// Arguments `use`/`use_in` copied: Salt appends the very dict objects of the source
    /// state, so the reconcile step must treat them as shared (see `extend::SourceRef`).
    sources: HashMap<(Value, usize), SourceRef, MapHasher>,
    env: Option<Value>,
    sls: Option<Value>,
}

/// The extensions requisite_in builds (Salt's `extend` dict), in insertion order.
#[derive(Default)]
struct Extend {
    map: IndexMap<Value, ExtBody, MapHasher>,
}

/// `map.setdefault(key, default)`, cloning the key only when it is inserted.
fn entry_or_default<'m, V: Default>(
    map: &'m mut IndexMap<Value, V, MapHasher>,
    key: &Value,
) -> &'m mut V {
    let index = match map.get_index_of(key) {
        Some(i) => i,
        None => map.insert_full(key.clone(), V::default()).0,
    };
    &mut map[index]
}

/// `states.setdefault(state, [])`.
fn state_args_of<'s>(
    states: &'s mut Vec<(Value, Vec<Value>)>,
    state: &Value,
) -> &'s mut Vec<Value> {
    let index = match states.iter().position(|(s, _)| s == state) {
        Some(i) => i,
        None => {
            states.push((state.clone(), Vec::new()));
            states.len() - 1
        }
    };
    &mut states[index].1
}

/// `slot = value.clone()`, skipped when the slot already holds the same string (the usual
/// case: every requisite of an sls stamps the same `__env__` / `__sls__`). Only strings are
/// compared: Python equality would take `True` for `1`, and the last writer must win.
fn set_if_changed(slot: &mut Option<Value>, value: &Value) {
    let same = matches!((slot.as_ref(), value), (Some(Value::Str(a)), Value::Str(b)) if a == b);
    if !same {
        *slot = Some(value.clone());
    }
}

impl Extend {
    fn body(&mut self, name: &Value) -> &mut ExtBody {
        entry_or_default(&mut self.map, name)
    }

    fn state_list(&mut self, name: &Value, state: &Value) -> &mut Vec<Value> {
        state_args_of(&mut self.body(name).states, state)
    }

    /// Appends arguments copied from `high[src_id][src_state]` (by `use` / `use_in`),
    /// remembering where each came from.
    fn push_copied(
        &mut self,
        name: &Value,
        state: &Value,
        src_id: &Value,
        src_state: &Value,
        copied: Vec<(Value, usize)>,
    ) {
        let body = self.body(name);
        let list = state_args_of(&mut body.states, state);
        for (arg, idx) in copied {
            body.sources.insert(
                (state.clone(), list.len()),
                SourceRef {
                    id: src_id.clone(),
                    state: src_state.clone(),
                    idx,
                },
            );
            list.push(arg);
        }
    }

    /// Adds `{rkey: [{state: id}]}` to `extend[name][_state]`, merging into an existing
    /// `rkey` entry ("Extending again"), and stamps the declaring sls and env.
    fn add_requisite(
        &mut self,
        name: &Value,
        target_state: &Value,
        rkey: &str,
        req: Value,
        body: &Map,
    ) {
        let ebody = self.body(name);
        let null = Value::Null;
        set_if_changed(&mut ebody.env, body.get("__env__").unwrap_or(&null));
        set_if_changed(&mut ebody.sls, body.get("__sls__").unwrap_or(&null));
        let list = state_args_of(&mut ebody.states, target_state);
        let mut found = false;
        for entry in list.iter_mut() {
            let Some(m) = entry.as_map_mut() else {
                continue;
            };
            if first_key(m).and_then(Value::as_str) != Some(rkey) {
                continue;
            }
            if let Some(Value::List(reqs)) = m.get_mut(rkey) {
                reqs.push(req.clone());
            }
            found = true;
        }
        if !found {
            list.push(single(rkey, Value::List(vec![req].into())));
        }
    }

    /// Whether `reconcile_extend(high, strict=True)` would take every extension's name as
    /// its target ID (the ID has the extension's first state type) and share no argument
    /// with another state (no `use` copies): then neither the name lookups nor the
    /// argument aliasing of the general path come into play, it never fails, and
    /// [`Extend::merge_directly`] is what it does.
    fn merges_directly(&self, high: &Map) -> bool {
        self.map.iter().all(|(name, ext)| {
            let direct = |state: &Value| {
                matches!(high.get_value(name), Some(Value::Map(body)) if body.contains_value_key(state))
            };
            ext.sources.is_empty()
                && !ext.states.iter().any(|(state, _)| is_dunder(state))
                && ext.states.first().is_some_and(|(state, _)| direct(state))
        })
    }

    /// reconcile_extend's merge of each extension into its target ID, in order (see
    /// [`Extend::merges_directly`]); an extension declared in an excluded sls is dropped.
    fn merge_directly(self, high: &mut Map) {
        let excluded = sls_excludes(high);
        for (name, ext) in self.map {
            if ext.sls.as_ref().is_some_and(|s| excluded.contains(s)) {
                continue;
            }
            let Some(Value::Map(target)) = high.get_value_mut(&name) else {
                continue;
            };
            for (state, args) in ext.states {
                match target.get_value_mut(&state) {
                    None => {
                        target.insert(state, Value::List(args.into()));
                    }
                    Some(Value::List(list)) => {
                        for arg in args {
                            merge_arg_plain(list, arg);
                        }
                    }
                    Some(_) => {}
                }
            }
        }
    }

    /// `high["__extend__"] = [{key: val} for key, val in extend.items()]`, with the sources
    /// of copied arguments keyed by (extension index, state, argument index).
    fn into_extend_list(self) -> (Value, Sources) {
        let mut sources = Sources::default();
        let list = Value::List(
            self.map
                .into_iter()
                .enumerate()
                .map(|(chunk, (name, ext))| {
                    for ((state, idx), src) in ext.sources {
                        sources.insert((chunk, state, idx), src);
                    }
                    let mut body = Map::with_capacity(ext.states.len() + 2);
                    for (state, args) in ext.states {
                        body.insert(state, Value::List(args.into()));
                    }
                    if let Some(env) = ext.env {
                        body.insert("__env__", env);
                    }
                    if let Some(sls) = ext.sls {
                        body.insert("__sls__", sls);
                    }
                    single(name, Value::Map(body))
                })
                .collect(),
        );
        (list, sources)
    }
}

/// Salt's "Requisites must not contain dots" message of requisite_in; `comma`: whether a
/// comma follows the name (Salt 3008 dropped it in the dict form's message).
fn dotted_message(
    rkey: &str,
    state: &str,
    name: &Value,
    body: &Map,
    comma: bool,
) -> Option<String> {
    let (prefix, _) = state.split_once('.')?;
    Some(format!(
        "Invalid requisite in {rkey}: {state} for {}{} in SLS '{}'. Requisites must not contain \
         dots, did you mean '{prefix}'?",
        fmt(name),
        if comma { "," } else { "" },
        sls_of(body)
    ))
}

/// Extends the high data with the `_in` requisites and `use`, as Salt's
/// `State.requisite_in` does (including the `hinges` list that is never reset, so the first
/// target of a list gets the requisite once per later item); returns the error strings.
pub fn requisite_in(high: &mut Map, opts: &CompileOptions) -> Vec<String> {
    collect_requisite_in(high, opts).apply(high)
}

/// What [`requisite_in`] reads off the high data before changing it: the extensions (Salt's
/// `extend` dict) and the errors found on the way.
#[derive(Default)]
pub(crate) struct RequisiteIn {
    extend: Extend,
    errors: Vec<String>,
}

impl RequisiteIn {
    /// The second half of [`requisite_in`]: the extensions become `__extend__` and are
    /// reconciled into the high data; returns every error, in Salt's order.
    pub(crate) fn apply(self, high: &mut Map) -> Vec<String> {
        let mut errors = self.errors;
        if self.extend.merges_directly(high) {
            // What reconcile_extend does with these extensions, without building them.
            high.remove("__extend__");
            self.extend.merge_directly(high);
            return errors;
        }
        let (ext, sources) = self.extend.into_extend_list();
        high.insert("__extend__", ext);
        errors.extend(reconcile_extend_shared(high, true, &sources));
        errors
    }
}

/// The first half of [`requisite_in`], which only reads the high data (so it can run beside
/// other readers, see `verify_beside_requisite_in`).
pub(crate) fn collect_requisite_in(high: &Map, opts: &CompileOptions) -> RequisiteIn {
    let mut errors = Vec::new();
    let mut lookups = Lookups::new(high);
    let mut extend = Extend::default();
    for (id, body) in high.iter() {
        let Some(body) = body.as_map() else { continue };
        for (state, run) in body.iter().filter(|(k, _)| !is_dunder(k)) {
            for arg in run.as_list().into_iter().flatten() {
                let Some(arg) = arg.as_map() else { continue };
                let Some((key, items)) = arg.first() else {
                    continue;
                };
                let Some(key) = key.as_str().filter(|k| is_req_in(k, opts.salt_compat)) else {
                    continue;
                };
                if opts.disabled_requisites.iter().any(|d| d == key) {
                    // Salt warns "The %s requisite has been disabled, Ignoring."
                    continue;
                }
                let ctx = Declaring {
                    id,
                    state,
                    body,
                    key,
                    rkey: key.split('_').next().unwrap_or(key),
                    compat: opts.salt_compat,
                };
                match items {
                    Value::Map(items) => requisite_in_dict(&ctx, items, &mut extend, &mut errors),
                    Value::List(items) => {
                        requisite_in_list(&ctx, items, &mut lookups, &mut extend, &mut errors)
                    }
                    _ => {}
                }
            }
        }
    }
    RequisiteIn { extend, errors }
}

/// The state declaring a requisite_in argument.
struct Declaring<'a> {
    id: &'a Value,
    state: &'a Value,
    body: &'a Map,
    key: &'a str,
    rkey: &'a str,
    compat: SaltCompat,
}

/// `require_in: {state: name, ...}`: every key-value pair is one target.
fn requisite_in_dict(ctx: &Declaring, items: &Map, extend: &mut Extend, errors: &mut Vec<String>) {
    for (tstate, name) in items.iter() {
        extend.body(name);
        let mut tstate = tstate.clone();
        if let Some(s) = tstate.as_str() {
            let comma = !ctx.compat.is_3008();
            if let Some(msg) = dotted_message(ctx.rkey, s, name, ctx.body, comma) {
                errors.push(msg);
                tstate = Value::str(s.split('.').next().unwrap_or(s));
            }
        }
        extend.add_requisite(
            name,
            &tstate,
            ctx.rkey,
            single(ctx.state.clone(), ctx.id.clone()),
            ctx.body,
        );
    }
}

/// `require_in: [{state: name}, bare_name, {sls: x}, ...]`.
fn requisite_in_list(
    ctx: &Declaring,
    items: &[Value],
    lookups: &mut Lookups,
    extend: &mut Extend,
    errors: &mut Vec<String>,
) {
    let mut hinges: Vec<IdState> = Vec::new();
    for ind in items {
        let resolved;
        let ind = match ind {
            Value::Map(m) => m,
            Value::List(_) => continue,
            other => match lookups.resolve_bare(other) {
                Some(m) => {
                    resolved = m;
                    &resolved
                }
                None => continue,
            },
        };
        let Some((pstate, pname)) = ind.first() else {
            continue;
        };
        if pstate.as_str() == Some("sls") {
            hinges = lookups.find_sls_ids(pname);
        } else {
            hinges.push((pname.clone(), pstate.clone()));
        }
        if let Some(s) = pstate.as_str() {
            if let Some(msg) = dotted_message(ctx.rkey, s, pname, ctx.body, true) {
                errors.push(msg);
            }
        }
        for (name, tstate) in &hinges {
            apply_hinge(ctx, name, tstate, lookups, extend);
        }
    }
}

/// One `(name, state)` target of a list-form requisite_in argument.
fn apply_hinge(
    ctx: &Declaring,
    name: &Value,
    tstate: &Value,
    lookups: &mut Lookups,
    extend: &mut Extend,
) {
    match ctx.key {
        // Salt 3008 adds no `prerequired` for a prereq_in (the graph links the prereq).
        "prereq_in" if ctx.compat.is_3008() => {}
        "prereq_in" => {
            // Add prerequired to the declaring state, then fall through to add prereq to
            // the target.
            let req = single(
                "prerequired",
                Value::List(vec![single(tstate.clone(), name.clone())].into()),
            );
            extend.state_list(ctx.id, ctx.state).push(req);
        }
        "prereq" => {
            for (ext_id, req_state) in lookups.find_name_strict(name, tstate) {
                let req = single(
                    "prerequired",
                    Value::List(vec![single(ctx.state.clone(), ctx.id.clone())].into()),
                );
                extend.state_list(&ext_id, &req_state).push(req);
            }
            return;
        }
        "use_in" => {
            for (ext_id, req_state) in lookups.find_name_strict(name, tstate) {
                if !ext_id.truthy() {
                    continue;
                }
                let ext_args = state_args(&ext_id, tstate, lookups.high);
                let copied = usable_args(lookups.high, ctx.id, ctx.state, &ext_args);
                extend.push_copied(&ext_id, &req_state, ctx.id, ctx.state, copied);
            }
            return;
        }
        "use" => {
            for (ext_id, req_state) in lookups.find_name_strict(name, tstate) {
                if !ext_id.truthy() {
                    continue;
                }
                let loc_args = state_args(ctx.id, ctx.state, lookups.high);
                let copied = usable_args(lookups.high, &ext_id, &req_state, &loc_args);
                extend.push_copied(ctx.id, ctx.state, &ext_id, &req_state, copied);
            }
            return;
        }
        _ => {}
    }
    extend.add_requisite(
        name,
        tstate,
        ctx.rkey,
        single(ctx.state.clone(), ctx.id.clone()),
        ctx.body,
    );
}

/// The arguments of `high[id][state]` that `use` copies: single-key dicts that are not
/// requisites, not `name`/`names`, and not already set by the receiving state; each with
/// its index in the source list.
fn usable_args(high: &Map, id: &Value, state: &Value, already: &[Value]) -> Vec<(Value, usize)> {
    let Some(run) = high
        .get_value(id)
        .and_then(|b| b.get_value_from(state))
        .and_then(Value::as_list)
    else {
        return Vec::new();
    };
    run.iter()
        .enumerate()
        .filter(|(_, arg)| {
            let Some(m) = arg.as_map().filter(|m| m.len() == 1) else {
                return false;
            };
            let Some(k) = first_key(m) else { return false };
            !in_req_in_all(k)
                && !already.contains(k)
                && k.as_str() != Some("name")
                && k.as_str() != Some("names")
        })
        .map(|(i, arg)| (arg.clone(), i))
        .collect()
}

trait GetValueFrom {
    fn get_value_from(&self, key: &Value) -> Option<&Value>;
}

impl GetValueFrom for Value {
    fn get_value_from(&self, key: &Value) -> Option<&Value> {
        self.as_map().and_then(|m| m.get_value(key))
    }
}
