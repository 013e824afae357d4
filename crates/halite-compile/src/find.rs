//! Salt's high-data lookups (`find_name`, `find_sls_ids`, `state_args`), with indexes so that
//! they cost O(1) instead of Salt's full scans; results are identical, in Salt's order.
use crate::py::{first_key, is_dunder};
use halite_value::{Map, MapHasher, Value};
use std::collections::{BTreeMap, HashMap, HashSet};

/// `(ID, state)` pairs as Salt's `find_name` / `find_sls_ids` return them.
pub type IdState = (Value, Value);

/// `state_args(id_, state, high)`: the first keys of the single-key dict arguments.
pub fn state_args(id: &Value, state: &Value, high: &Map) -> Vec<Value> {
    let Some(run) = high
        .get_value(id)
        .and_then(Value::as_map)
        .and_then(|b| b.get_value(state))
        .and_then(Value::as_list)
    else {
        return Vec::new();
    };
    run.iter()
        .filter_map(Value::as_map)
        .filter(|m| m.len() == 1)
        .filter_map(|m| first_key(m).cloned())
        .collect()
}

/// Index for the slow branch of Salt's `find_name`: for `(state, value)`, the IDs whose
/// `state` list holds a single-key dict argument with that value, counted per ID (Salt
/// returns one tuple per matching argument), keyed by the ID's position in high.
#[derive(Default)]
pub struct NameIndex {
    /// state -> argument value -> ID position -> number of matching arguments.
    by_state: HashMap<Value, HashMap<Value, BTreeMap<usize, usize>, MapHasher>, MapHasher>,
    /// When set, only these values can be looked up, so only they are indexed.
    wanted: Option<HashSet<Value, MapHasher>>,
}

impl NameIndex {
    pub fn build(high: &Map) -> NameIndex {
        Self::build_for(high, None)
    }

    /// An index that answers lookups of the `wanted` values only (all values when None).
    pub fn build_for(high: &Map, wanted: Option<HashSet<Value, MapHasher>>) -> NameIndex {
        let mut idx = NameIndex {
            wanted,
            ..NameIndex::default()
        };
        for (pos, (_, body)) in high.iter().enumerate() {
            let Some(body) = body.as_map() else { continue };
            for (state, run) in body.iter() {
                idx.add_run(pos, state, run);
            }
        }
        idx
    }

    /// The values a state's argument list contributes: `arg[next(iter(arg))]` of each
    /// single-key dict argument.
    fn run_values(run: &Value) -> impl Iterator<Item = &Value> {
        run.as_list()
            .into_iter()
            .flatten()
            .filter_map(Value::as_map)
            .filter(|m| m.len() == 1)
            .filter_map(|m| m.first().map(|(_, v)| v))
            // The name searched for is a dict key, so hashable in Python: a list or a dict
            // value can never equal it, and leaving them out keeps the index cheap.
            .filter(|v| !matches!(v, Value::List(_) | Value::Map(_)))
    }

    pub fn add_run(&mut self, pos: usize, state: &Value, run: &Value) {
        let wanted = self.wanted.as_ref();
        let mut values = Self::run_values(run)
            .filter(|v| match wanted {
                Some(w) => w.contains(*v),
                None => true,
            })
            .peekable();
        if values.peek().is_none() {
            return;
        }
        if !self.by_state.contains_key(state) {
            self.by_state.insert(state.clone(), HashMap::default());
        }
        let Some(by_value) = self.by_state.get_mut(state) else {
            return;
        };
        for v in values {
            let ids = match by_value.get_mut(v) {
                Some(ids) => ids,
                None => by_value.entry(v.clone()).or_default(),
            };
            *ids.entry(pos).or_insert(0) += 1;
        }
    }

    pub fn remove_run(&mut self, pos: usize, state: &Value, run: &Value) {
        let Some(by_value) = self.by_state.get_mut(state) else {
            return;
        };
        for v in Self::run_values(run) {
            if let Some(ids) = by_value.get_mut(v) {
                if let Some(count) = ids.get_mut(&pos) {
                    *count -= 1;
                    if *count == 0 {
                        ids.remove(&pos);
                    }
                }
            }
        }
    }

    fn scan(&self, name: &Value, state: &Value, high: &Map) -> Vec<IdState> {
        let mut out = Vec::new();
        if let Some(ids) = self.by_state.get(state).and_then(|m| m.get(name)) {
            for (&pos, &count) in ids {
                if let Some((nid, _)) = high.get_index(pos) {
                    for _ in 0..count {
                        out.push((nid.clone(), state.clone()));
                    }
                }
            }
        }
        out
    }
}

/// Salt's `find_name(name, state, high, strict)`: the `(ID, state)` pairs an extension or a
/// requisite names, by ID, by sls (`state == "sls"`), or by an argument's value.
pub fn find_name(
    name: &Value,
    state: &Value,
    high: &Map,
    strict: bool,
    index: &mut Option<NameIndex>,
) -> Vec<IdState> {
    find_name_with(name, state, high, strict, index, NameIndex::build)
}

/// [`find_name`], building the index with `build` when the lookup is the first to need it.
pub(crate) fn find_name_with(
    name: &Value,
    state: &Value,
    high: &Map,
    strict: bool,
    index: &mut Option<NameIndex>,
    build: impl FnOnce(&Map) -> NameIndex,
) -> Vec<IdState> {
    let body = high.get_value(name);
    let check2 = !strict || body.is_some_and(|b| contains(b, state));
    if body.is_some() && check2 {
        return vec![(name.clone(), state.clone())];
    }
    if state.as_str() == Some("sls") {
        // `item["__sls__"] == name` over every ID, with the item's first key.
        return high
            .iter()
            .filter_map(|(nid, item)| item.as_map().map(|m| (nid, m)))
            .filter(|(_, m)| m.get("__sls__") == Some(name))
            .filter_map(|(nid, m)| first_key(m).map(|k| (nid.clone(), k.clone())))
            .collect();
    }
    index
        .get_or_insert_with(|| build(high))
        .scan(name, state, high)
}

/// Python's `state in body` for a high data body.
pub(crate) fn contains(body: &Value, key: &Value) -> bool {
    match body {
        Value::Map(m) => m.contains_value_key(key),
        Value::List(l) => l.contains(key),
        Value::Str(s) => key.as_str().is_some_and(|k| s.contains(k)),
        _ => false,
    }
}

/// Index for `find_sls_ids`: every `(ID, state)` of an sls, in high order.
#[derive(Default)]
pub struct SlsIndex {
    by_sls: HashMap<Value, Vec<IdState>, MapHasher>,
}

impl SlsIndex {
    pub fn build(high: &Map) -> SlsIndex {
        let mut by_sls: HashMap<Value, Vec<IdState>, MapHasher> = HashMap::default();
        for (nid, item) in high.iter() {
            let Some(item) = item.as_map() else { continue };
            let Some(sls) = item.get("__sls__") else {
                continue;
            };
            let entry = by_sls.entry(sls.clone()).or_default();
            for st in item.keys().filter(|k| !is_dunder(k)) {
                entry.push((nid.clone(), st.clone()));
            }
        }
        SlsIndex { by_sls }
    }

    /// Salt's `find_sls_ids(sls, high)`.
    pub fn find_sls_ids(&self, sls: &Value) -> Vec<IdState> {
        self.by_sls.get(sls).cloned().unwrap_or_default()
    }
}

/// Index for requisite_in's bare-string form: the first `(state, ID)` (in high order) whose
/// argument dict has `name` equal to the string.
#[derive(Default)]
pub struct NameArgIndex {
    first: HashMap<Value, IdState, MapHasher>,
}

impl NameArgIndex {
    pub fn build(high: &Map) -> NameArgIndex {
        let mut first: HashMap<Value, IdState, MapHasher> = HashMap::default();
        for (nid, body) in high.iter() {
            let Some(body) = body.as_map() else { continue };
            for (st, run) in body.iter().filter(|(k, _)| !is_dunder(k)) {
                for arg in run.as_list().into_iter().flatten() {
                    if let Some(n) = arg.get("name") {
                        first
                            .entry(n.clone())
                            .or_insert_with(|| (st.clone(), nid.clone()));
                    }
                }
            }
        }
        NameArgIndex { first }
    }

    pub fn lookup(&self, name: &Value) -> Option<&IdState> {
        self.first.get(name)
    }
}
