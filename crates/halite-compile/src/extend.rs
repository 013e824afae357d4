//! `State.reconcile_extend`: merge `__extend__` into the high data.
use crate::find::{find_name_with, NameIndex};
use crate::py::{first_key, first_key_of, fmt, get_fmt, is_dunder, py_into_iter, py_iter};
use crate::STATE_REQUISITE_KEYWORDS;
use halite_value::{List, Map, MapHasher, Value};
use std::collections::{HashMap, HashSet};

/// Pops `__extend__` and merges each extension into its target, as Salt's
/// `State.reconcile_extend(high, strict)` does; returns the error strings.
///
/// Salt's rules: a plain argument replaces the same argument, a requisite list is appended
/// to, a function string replaces the function, a `name` replaces `names`, and a state type
/// the ID lacks is added. Targets that are not IDs are looked up by argument value
/// (`find_name`); an extension declared in an excluded sls is dropped.
pub fn reconcile_extend(high: &mut Map, strict: bool) -> Vec<String> {
    reconcile_extend_shared(high, strict, &Sources::default())
}

/// [`reconcile_extend`] where some extension arguments are the source states' own objects
/// (`use` / `use_in` copies from requisite_in), so merges into them are shared.
pub fn reconcile_extend_shared(high: &mut Map, strict: bool, sources: &Sources) -> Vec<String> {
    let mut errors = Vec::new();
    let mut aliases = Aliases::default();
    let Some(ext) = high.remove("__extend__") else {
        return errors;
    };
    let sls_excludes = sls_excludes(high);
    // The index of argument values is built at the first lookup that needs it (most
    // extensions name their target ID directly, and then none is): built then, from the
    // high data as merged so far, it is the index the merges would have kept in step.
    let mut wanted = Some(extension_names(&ext));
    let mut index: Option<NameIndex> = None;
    // The extensions are consumed: their arguments move into the high data.
    let Value::List(ext) = ext else {
        return errors;
    };
    for (chunk, ext_chunk) in ext.into_iter().enumerate() {
        let Value::Map(ext_chunk) = ext_chunk else {
            continue;
        };
        for (name, body) in ext_chunk {
            let Value::Map(body) = body else { continue };
            let Some(state_type) = body.keys().find(|k| !is_dunder(k)) else {
                continue;
            };
            let target =
                match resolve_target(&name, state_type, high, strict, &mut index, &mut wanted) {
                    Some(t) => t,
                    None => {
                        let text = cannot_extend_message(&name, &body);
                        let id = name.py_str();
                        let mut d = halite_value::diag::Diagnostic::in_sls(
                            format!("`extend` names ID '{id}', which no included SLS declares"),
                            halite_value::diag::Place::new(
                                &body.get("__env__").map(Value::py_str).unwrap_or_default(),
                                &body.get("__sls__").map(Value::py_str).unwrap_or_default(),
                                &["extend", &id],
                            ),
                            "no such ID in the high state",
                        );
                        let ids = high.keys().filter_map(Value::as_str);
                        d.hint = Some(match halite_value::diag::closest(&id, ids) {
                            Some(near) => format!("did you mean `{near}`?"),
                            None => "include the SLS that declares it".into(),
                        });
                        halite_value::diag::attach(text.clone(), d);
                        errors.push(text);
                        continue;
                    }
                };
            if body
                .get("__sls__")
                .is_some_and(|s| sls_excludes.contains(s))
            {
                // Salt logs "Cannot extend ID ... because ... is excluded." at debug level.
                continue;
            }
            merge_extension(
                high,
                &target,
                body,
                chunk,
                sources,
                &mut aliases,
                &mut index,
            );
        }
    }
    errors
}

/// The extension targets: only these are ever searched by argument value.
fn extension_names(ext: &Value) -> HashSet<Value, MapHasher> {
    ext.as_list()
        .into_iter()
        .flatten()
        .filter_map(Value::as_map)
        .flat_map(|chunk| chunk.keys())
        .cloned()
        .collect()
}

/// The sls names in `__exclude__` (plain strings and `{sls: ...}` entries).
pub(crate) fn sls_excludes(high: &Map) -> Vec<Value> {
    let mut out = Vec::new();
    for exclude in high
        .get("__exclude__")
        .and_then(Value::as_list)
        .into_iter()
        .flatten()
    {
        match exclude {
            Value::Str(_) => out.push(exclude.clone()),
            Value::Map(m) => {
                if let Some(s) = m.get("sls").filter(|s| s.truthy()) {
                    out.push(s.clone());
                }
            }
            _ => {}
        }
    }
    out
}

/// The ID an extension applies to: the name itself when it is an ID with that state type,
/// else the single match of `find_name`.
fn resolve_target(
    name: &Value,
    state_type: &Value,
    high: &Map,
    strict: bool,
    index: &mut Option<NameIndex>,
    wanted: &mut Option<HashSet<Value, MapHasher>>,
) -> Option<Value> {
    let direct = high
        .get_value(name)
        .is_some_and(|b| crate::find::contains(b, state_type));
    if direct {
        return Some(name.clone());
    }
    let ids = find_name_with(name, state_type, high, strict, index, |high| {
        NameIndex::build_for(high, wanted.take())
    });
    if ids.len() != 1 {
        return None;
    }
    ids.into_iter().next().map(|(id, _)| id)
}

fn cannot_extend_message(name: &Value, body: &Map) -> String {
    let name = fmt(name);
    let env = get_fmt(body, "__env__", "base");
    let sls = get_fmt(body, "__sls__", "base");
    format!(
        "Cannot extend ID '{name}' in '{env}:{sls}'. It is not part of the high state.\n\
         This is likely due to a missing include statement or an incorrectly typed ID.\n\
         Ensure that a state with an ID of '{name}' is available\n\
         in environment '{env}' and to SLS '{sls}'"
    )
}

/// Where an argument `use`/`use_in` copied comes from: `high[id][state][idx]`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SourceRef {
    pub id: Value,
    pub state: Value,
    pub idx: usize,
}

/// Sources of copied arguments in `__extend__`, keyed by (extension index, state, argument
/// index).
pub type Sources = HashMap<(usize, Value, usize), SourceRef, MapHasher>;

/// An argument slot of the high data: (ID position, state, argument index).
type Slot = (usize, Value, usize);

/// Python object identity of argument dicts. Salt's `use` appends the source state's own
/// dict objects to the receiver, so a later requisite merge into one of them (`list.extend`)
/// changes every state holding that dict; extending one with itself doubles it. Slots in
/// one group hold the same object.
#[derive(Default)]
struct Aliases {
    group_of: HashMap<Slot, usize, MapHasher>,
    groups: Vec<Vec<Slot>>,
}

impl Aliases {
    fn members(&self, slot: &Slot) -> Vec<Slot> {
        match self.group_of.get(slot) {
            Some(&g) => self.groups[g].clone(),
            None => vec![slot.clone()],
        }
    }

    fn leave(&mut self, slot: &Slot) {
        if let Some(g) = self.group_of.remove(slot) {
            self.groups[g].retain(|s| s != slot);
        }
    }

    /// `slot` now holds the same object as `with`.
    fn join(&mut self, slot: Slot, with: &Slot) {
        self.leave(&slot);
        let g = match self.group_of.get(with) {
            Some(&g) => g,
            None => {
                self.groups.push(vec![with.clone()]);
                let g = self.groups.len() - 1;
                self.group_of.insert(with.clone(), g);
                g
            }
        };
        if !self.groups[g].contains(&slot) {
            self.groups[g].push(slot.clone());
        }
        self.group_of.insert(slot, g);
    }
}

fn state_list<'a>(high: &'a Map, pos: usize, state: &Value) -> Option<&'a List> {
    high.get_index(pos)
        .and_then(|(_, b)| b.as_map())
        .and_then(|b| b.get_value(state))
        .and_then(Value::as_list)
}

fn state_list_mut<'a>(high: &'a mut Map, pos: usize, state: &Value) -> Option<&'a mut List> {
    high.get_index_mut(pos)
        .and_then(|(_, b)| b.as_map_mut())
        .and_then(|b| b.get_value_mut(state))
        .and_then(Value::as_list_mut)
}

/// Merges one extension body into `high[target]`, keeping the name index in step.
fn merge_extension(
    high: &mut Map,
    target: &Value,
    body: Map,
    chunk: usize,
    sources: &Sources,
    aliases: &mut Aliases,
    index: &mut Option<NameIndex>,
) {
    let Some(pos) = high.get_index_of(target) else {
        return;
    };
    for (state, run) in body.into_iter().filter(|(k, _)| !is_dunder(k)) {
        let state = &state;
        let existing = high
            .get_index(pos)
            .and_then(|(_, b)| b.as_map())
            .and_then(|b| b.get_value(state));
        if let (Some(idx), Some(old)) = (index.as_mut(), existing) {
            idx.remove_run(pos, state, old);
        }
        match existing {
            None => {
                if let Some(tbody) = high.get_index_mut(pos).and_then(|(_, b)| b.as_map_mut()) {
                    tbody.insert(state.clone(), run);
                }
            }
            Some(Value::List(_)) => {
                for (j, arg) in py_into_iter(run).into_iter().enumerate() {
                    // Only `use` / `use_in` copies have sources: skip building the key.
                    let src = (!sources.is_empty())
                        .then(|| sources.get(&(chunk, state.clone(), j)))
                        .flatten()
                        .and_then(|s| {
                            let spos = high.get_index_of(&s.id)?;
                            let live = state_list(high, spos, &s.state)?.get(s.idx)?.clone();
                            Some(((spos, s.state.clone(), s.idx), live))
                        });
                    match src {
                        Some((slot, live)) => {
                            merge_arg(high, pos, state, live, Some(slot), aliases)
                        }
                        None => merge_arg(high, pos, state, arg, None, aliases),
                    }
                }
            }
            Some(_) => {}
        }
        let now = high
            .get_index(pos)
            .and_then(|(_, b)| b.as_map())
            .and_then(|b| b.get_value(state));
        if let (Some(idx), Some(new)) = (index.as_mut(), now) {
            idx.add_run(pos, state, new);
        }
    }
}

/// The per-argument merge of Salt's `reconcile_extend` into `high[pos][state]`: a function
/// replaces the function, a requisite list is extended (in every state sharing that dict),
/// another argument of the same key is replaced, `name` replaces `names`, anything else is
/// appended. `src` is the slot `arg` is shared with, for arguments `use` copied.
fn merge_arg(
    high: &mut Map,
    pos: usize,
    state: &Value,
    arg: Value,
    src: Option<Slot>,
    aliases: &mut Aliases,
) {
    if src.is_none() && aliases.group_of.is_empty() {
        // No argument of the high data is shared yet: everything happens in this list.
        if let Some(list) = state_list_mut(high, pos, state) {
            merge_arg_plain(list, arg);
        }
        return;
    }
    let len = state_list(high, pos, state).map_or(0, |l| l.len());
    let mut update = false;
    for hind in 0..len {
        let Some(current) = state_list(high, pos, state).and_then(|l| l.get(hind)) else {
            continue;
        };
        let action = arg_merge(&arg, current);
        let slot: Slot = match action {
            ArgMerge::Keep => continue,
            _ => (pos, state.clone(), hind),
        };
        match &action {
            ArgMerge::ReplaceFunction => replace_slot(high, &slot, &arg, None, aliases),
            ArgMerge::Extend(key, addition) => {
                extend_group(high, &slot, key, addition, aliases);
            }
            ArgMerge::Replace | ArgMerge::ReplaceNames => {
                replace_slot(high, &slot, &arg, src.as_ref(), aliases)
            }
            ArgMerge::Keep => {}
        }
        update |= action.is_update();
    }
    if !update {
        if let Some(list) = state_list_mut(high, pos, state) {
            let idx = list.len();
            list.push(arg);
            if let Some(src) = src {
                aliases.join((pos, state.clone(), idx), &src);
            }
        }
    }
}

/// [`merge_arg`] into a state's argument list none of whose dicts is shared with another
/// state (no `use` copy involved): the same rules, applied in place.
pub(crate) fn merge_arg_plain(list: &mut List, arg: Value) {
    let mut update = false;
    for current in list.iter_mut() {
        let action = arg_merge(&arg, current);
        match &action {
            ArgMerge::Keep => continue,
            ArgMerge::Extend(key, addition) => {
                let existing = current.as_map_mut().and_then(|m| m.get_value_mut(key));
                if let Some(Value::List(existing)) = existing {
                    existing.extend(addition.iter().cloned());
                }
            }
            ArgMerge::ReplaceFunction | ArgMerge::Replace | ArgMerge::ReplaceNames => {
                *current = arg.clone()
            }
        }
        update |= action.is_update();
    }
    if !update {
        list.push(arg);
    }
}

/// What Salt's `reconcile_extend` does with an extension argument `arg` at one argument
/// `current` of the target state.
enum ArgMerge {
    /// Both are function names: the extension's replaces the target's.
    ReplaceFunction,
    /// Both are dicts of this requisite: the target's list is extended with these, the
    /// extension's.
    Extend(Value, Vec<Value>),
    /// Both are dicts of the same other key: the extension's dict replaces the target's.
    Replace,
    /// A `name` replaces a `names` (and is appended too: this does not count as merged).
    ReplaceNames,
    /// Nothing to do here.
    Keep,
}

impl ArgMerge {
    /// Whether the argument was merged (else Salt appends it to the target's list).
    fn is_update(&self) -> bool {
        matches!(
            self,
            ArgMerge::ReplaceFunction | ArgMerge::Extend(..) | ArgMerge::Replace
        )
    }
}

fn arg_merge(arg: &Value, current: &Value) -> ArgMerge {
    if arg.as_str().is_some() && current.as_str().is_some() {
        return ArgMerge::ReplaceFunction;
    }
    let (Some(amap), true) = (arg.as_map(), current.as_map().is_some()) else {
        return ArgMerge::Keep;
    };
    let Some(argfirst) = first_key(amap) else {
        return ArgMerge::Keep;
    };
    if first_key_of(current) == Some(argfirst) {
        let is_req = argfirst
            .as_str()
            .is_some_and(|k| STATE_REQUISITE_KEYWORDS.contains(&k));
        return if is_req {
            let addition = amap.get_value(argfirst).map(py_iter).unwrap_or_default();
            ArgMerge::Extend(argfirst.clone(), addition)
        } else {
            ArgMerge::Replace
        };
    }
    // Names are overwritten by name.
    if argfirst.as_str() == Some("name")
        && first_key_of(current).and_then(Value::as_str) == Some("names")
    {
        return ArgMerge::ReplaceNames;
    }
    ArgMerge::Keep
}

/// `high[name][state][hind] = arg`.
fn replace_slot(
    high: &mut Map,
    slot: &Slot,
    arg: &Value,
    src: Option<&Slot>,
    aliases: &mut Aliases,
) {
    if let Some(v) = state_list_mut(high, slot.0, &slot.1).and_then(|l| l.get_mut(slot.2)) {
        *v = arg.clone();
    }
    match src {
        Some(src) => aliases.join(slot.clone(), src),
        None => aliases.leave(slot),
    }
}

/// `high[name][state][hind][key].extend(addition)`, applied to every slot holding the same
/// dict object.
fn extend_group(high: &mut Map, slot: &Slot, key: &Value, addition: &[Value], aliases: &Aliases) {
    for (p, st, i) in aliases.members(slot) {
        let target = state_list_mut(high, p, &st)
            .and_then(|l| l.get_mut(i))
            .and_then(Value::as_map_mut)
            .and_then(|m| m.get_value_mut(key));
        if let Some(Value::List(existing)) = target {
            existing.extend(addition.iter().cloned());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::py::single;

    fn file_id(args: Vec<Value>) -> Value {
        let mut run = args;
        run.push(Value::str("managed"));
        single("file", Value::List(run.into()))
    }

    fn ext(target: &str, args: Vec<Value>) -> Value {
        single(target, file_id(args))
    }

    #[test]
    fn lookups_by_name_see_earlier_merges() {
        // Targets that are not IDs are found by their `name` argument, in the high data as
        // merged so far: whether the first such lookup comes before (`other`, then `y`) or
        // after (`a_new`) a merge that renames a state.
        let mut high = Map::new();
        high.insert("A", file_id(vec![single("name", Value::str("a_old"))]));
        high.insert("B", file_id(vec![single("name", Value::str("other"))]));
        high.insert(
            "__extend__",
            Value::List(
                vec![
                    ext("A", vec![single("name", Value::str("a_new"))]),
                    ext("a_new", vec![single("mode", Value::Int(600))]),
                    ext("other", vec![single("name", Value::str("y"))]),
                    ext("y", vec![single("user", Value::str("root"))]),
                    ext("a_old", vec![single("group", Value::str("g"))]),
                ]
                .into(),
            ),
        );
        let errors = reconcile_extend(&mut high, false);
        // `a_old` was renamed before it was looked up.
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert!(errors[0].starts_with("Cannot extend ID 'a_old'"));
        assert_eq!(
            Value::Map(high).py_repr(),
            "{'A': {'file': [{'name': 'a_new'}, 'managed', {'mode': 600}]}, \
             'B': {'file': [{'name': 'y'}, 'managed', {'user': 'root'}]}}"
        );
    }
}
