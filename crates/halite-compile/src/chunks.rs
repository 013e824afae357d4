//! `State.compile_high_data` and `State.order_chunks`: high data to sorted low chunks.
use crate::py::{is_dunder, num_add, py_into_iter};
use halite_value::{Map, MapHasher, Value};
use std::cmp::Ordering;
use std::collections::HashMap;

/// Builds the low chunks of the high data and sorts them, as Salt's
/// `State.compile_high_data` does. Keys of each chunk are in Salt's order: `state`, `name`,
/// `__sls__`, `__env__`, `__sls_included_from__`, `__id__`, the arguments, then
/// `name_order` (for `names`) and `fun`; `order_chunks` appends `order` when missing.
pub fn compile_high_data(high: &Map) -> Vec<Map> {
    compile_high_data_owned(high.clone())
}

/// [`compile_high_data`] consuming the high data, so arguments move into the chunks
/// instead of being copied (Salt deep-copies, but discards the high data afterwards).
pub fn compile_high_data_owned(high: Map) -> Vec<Map> {
    let two_threads = crate::two_threads(high.len());
    compile_chunks(high, two_threads)
}

/// Chunks handed from the building thread to the mapping thread at a time.
const BATCH: usize = 64;

/// [`compile_high_data_owned`] on one thread, or on two as a pipeline.
///
/// Each ID's chunks depend only on that ID's body, and a chunk's map only on the chunk,
/// so with `two_threads` a second thread walks the high data and builds the chunk vectors
/// (moving the arguments out of the high data, which frees its maps and lists) while this
/// thread turns them into `Map`s, batch by batch, in the IDs' order: the result is the
/// serial one. The maps are allocated by this thread, and the few batches in flight are
/// all the other thread holds, so peak memory stays that of the serial compile (measured
/// with glibc's malloc, where each thread has its own arena, and with mimalloc's
/// thread-local heaps, the binary's allocator now).
///
/// Orders that need Salt's cap (missing, `last`, other strings, negative) wait until every
/// chunk is in, since the cap is computed over all of them in order; the usual numeric
/// orders are resolved on the way.
fn compile_chunks(high: Map, two_threads: bool) -> Vec<Map> {
    let mut built: Vec<Built> = Vec::with_capacity(high.len() + high.len() / 2);
    if two_threads {
        std::thread::scope(|scope| {
            let (batches_tx, batches_rx) = std::sync::mpsc::sync_channel::<Vec<ChunkBuf>>(4);
            let (spare_tx, spare_rx) = std::sync::mpsc::channel::<Vec<ChunkBuf>>();
            scope.spawn(move || {
                let mut batch = Vec::with_capacity(BATCH);
                for (name, body) in high {
                    compile_id(name, body, &mut batch);
                    if batch.len() >= BATCH {
                        // Emptied batches come back to be refilled.
                        let next = spare_rx
                            .try_recv()
                            .unwrap_or_else(|_| Vec::with_capacity(BATCH));
                        if batches_tx
                            .send(std::mem::replace(&mut batch, next))
                            .is_err()
                        {
                            return;
                        }
                    }
                }
                if !batch.is_empty() {
                    let _ = batches_tx.send(batch);
                }
            });
            for mut batch in batches_rx {
                built.extend(batch.drain(..).map(Built::new));
                // Unused once the other thread is done; dropping it then is fine.
                let _ = spare_tx.send(batch);
            }
        });
    } else {
        let mut chunks = Vec::new();
        for (name, body) in high {
            compile_id(name, body, &mut chunks);
            built.extend(chunks.drain(..).map(Built::new));
        }
    }
    halite_value::phase("chunks");
    let cap = order_cap(built.iter().map(|b| b.cap_order.as_ref()));
    for b in &mut built {
        if b.order.is_none() {
            b.order = Some(resolve_order(&mut b.chunk, cap));
        }
    }
    // Stable, as Python's sort.
    built.sort_by(Built::cmp);
    halite_value::phase("order and sort");
    built.into_iter().map(|b| b.chunk).collect()
}

/// Salt 3008's `compile_high_data` before `order_chunks`: the chunks in high data order,
/// each `order` as written and `name_order` still present (the dependency graph resolves
/// and sorts them, crate::graph).
pub fn compile_unsorted(high: Map) -> Vec<Map> {
    let mut bufs = Vec::new();
    let mut out = Vec::with_capacity(high.len());
    for (name, body) in high {
        compile_id(name, body, &mut bufs);
        // ChunkBuf's `set`s kept its keys distinct; room for the `order` key.
        out.extend(bufs.drain(..).map(|buf| Map::from_unique_entries(buf.0, 1)));
    }
    out
}

/// The chunks of one ID (`ID: {state: [args], __sls__: ..., ...}`), appended to `chunks`.
fn compile_id(name: Value, body: Value, chunks: &mut Vec<ChunkBuf>) {
    if is_dunder(&name) {
        return;
    }
    let Value::Map(body) = body else { return };
    // One pass over the owned body: the state declarations in order, and the three
    // entries every chunk copies, in Salt's key order whatever the body's order.
    let mut meta: [Option<(Value, Value)>; 3] = [None, None, None];
    let mut states: Vec<(Value, Value)> = Vec::with_capacity(body.len());
    for (key, val) in body {
        let slot = match key.as_str() {
            Some("__sls__") => 0,
            Some("__env__") => 1,
            Some("__sls_included_from__") => 2,
            _ if is_dunder(&key) => continue,
            _ => {
                states.push((key, val));
                continue;
            }
        };
        meta[slot] = Some((key, val));
    }
    let mut meta: Vec<(Value, Value)> = meta.into_iter().flatten().collect();
    let count = states.len();
    for (i, (state, run)) in states.into_iter().enumerate() {
        // The last state of the ID takes the meta entries themselves.
        let meta = if i + 1 == count {
            std::mem::take(&mut meta)
        } else {
            meta.clone()
        };
        compile_state(&name, meta, state, run, chunks);
    }
}

/// A chunk as a `Map`, with what sorting it takes.
struct Built {
    chunk: Map,
    /// The resolved order; `None` until the cap is known when the order depends on it.
    order: Option<Value>,
    /// The order as Salt's cap computation sees it (before resolution).
    cap_order: Option<Value>,
    /// `"{state}{name}{fun}"`.
    tag: String,
}

impl Built {
    fn new(mut buf: ChunkBuf) -> Built {
        let cap_order = buf
            .get("order")
            .filter(|o| matches!(o, Value::Int(_) | Value::Bool(_)))
            .cloned();
        let order = buf.resolve_order_without_cap();
        let tag = sort_tag(|key| buf.get(key));
        // Room for the `order` key a missing order gets once the cap is known.
        // ChunkBuf's `set`s kept its keys distinct.
        let chunk = Map::from_unique_entries(buf.0, usize::from(order.is_none()));
        Built {
            chunk,
            order,
            cap_order,
            tag,
        }
    }

    fn cmp(a: &Built, b: &Built) -> Ordering {
        const NONE: &Value = &Value::Null;
        let (x, y) = (a.order.as_ref(), b.order.as_ref());
        cmp_num(x.unwrap_or(NONE), y.unwrap_or(NONE)).then_with(|| a.tag.cmp(&b.tag))
    }
}

/// A low chunk being built, with Python dict semantics (a replaced key keeps its position)
/// on a small vector: a chunk has about ten keys, so a linear search is cheaper than hashing,
/// `names` copies are plain vector clones, and the final `Map` is allocated once.
#[derive(Default)]
struct ChunkBuf(Vec<(Value, Value)>);

impl ChunkBuf {
    /// A copy with room for the keys still to come (`name_order`, `fun`): a clone has no
    /// spare capacity, so its next new key would reallocate it.
    fn copy(&self) -> ChunkBuf {
        let mut entries = Vec::with_capacity(self.0.len() + 2);
        entries.extend(self.0.iter().cloned());
        ChunkBuf(entries)
    }

    /// `chunk[key] = value` for a string key, allocating the key only when it is new.
    fn set_str(&mut self, key: &str, value: Value) {
        match self.0.iter_mut().find(|(k, _)| k.as_str() == Some(key)) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((Value::str(key), value)),
        }
    }

    /// `chunk[key] = value`, keys compared as the `Map` compares them (Python equality).
    fn set(&mut self, key: Value, value: Value) {
        if let Value::Str(s) = &key {
            // a string key only ever equals a string: skip `Value`'s numeric comparisons
            if let Some((_, slot)) = self.0.iter_mut().find(|(k, _)| k.as_str() == Some(s)) {
                *slot = value;
            } else {
                self.0.push((key, value));
            }
            return;
        }
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, slot)) => *slot = value,
            None => self.0.push((key, value)),
        }
    }

    fn position(&self, key: &str) -> Option<usize> {
        self.0.iter().position(|(k, _)| k.as_str() == Some(key))
    }

    fn get(&self, key: &str) -> Option<&Value> {
        self.0
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v)
    }

    /// [`resolve_order`] on the vector when the result does not depend on the cap (the
    /// order is a number or `first`, and not negative once `name_order` is added): the
    /// chunk's numeric `order`, set and returned. `None` leaves the chunk as it is.
    fn resolve_order_without_cap(&mut self) -> Option<Value> {
        let order = match self.get("order")? {
            order @ (Value::Int(_) | Value::Float(_) | Value::Bool(_)) => order.clone(),
            Value::Str(s) if s == "first" => Value::Int(0),
            _ => return None,
        };
        let name_order = self.position("name_order");
        let order = match name_order.and_then(|at| self.0.get(at)) {
            Some((_, name_order)) => add_name_order(&order, name_order),
            None => order,
        };
        if order.as_f64().unwrap_or(0.0) < 0.0 {
            return None;
        }
        if let Some(at) = name_order {
            self.0.remove(at);
        }
        if let Some(at) = self.position("order") {
            self.0[at].1 = order.clone();
        }
        Some(order)
    }
}

/// The `names` of one declaration in first-seen order without repeats (Salt's
/// `if name not in names: names.append(name)`), in linear time: a name is compared only
/// with the earlier names of the same [`eq_hash`] (a scan of the list made 100,000 names a
/// minute's compile).
#[derive(Default)]
struct NameSet {
    list: Vec<Value>,
    by_hash: HashMap<u64, Vec<usize>, MapHasher>,
}

impl NameSet {
    fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    fn insert(&mut self, name: Value) {
        let same = self.by_hash.entry(eq_hash(&name)).or_default();
        if same.iter().any(|&i| self.list[i] == name) {
            return;
        }
        same.push(self.list.len());
        self.list.push(name);
    }
}

/// A hash that agrees with `Value`'s Python equality (equal values hash alike) and, unlike
/// `Value`'s `Hash` (a dict hashes by its length), tells dicts apart by their entries,
/// order-blind as dict equality is: `names` entries are often one-key dicts.
fn eq_hash(v: &Value) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let build = MapHasher::default();
    match v {
        Value::List(l) => {
            let mut h = build.build_hasher();
            2u8.hash(&mut h);
            for x in l.iter() {
                eq_hash(x).hash(&mut h);
            }
            h.finish()
        }
        Value::Map(m) => m.iter().fold(3u64 ^ m.len() as u64, |acc, (k, x)| {
            acc.wrapping_add(build.hash_one((build.hash_one(k), eq_hash(x))))
        }),
        other => build.hash_one(other),
    }
}

/// The chunks of one state declaration (`ID: {state: [args]}`); `meta` holds the body's
/// `__sls__`, `__env__` and `__sls_included_from__` entries.
fn compile_state(
    name: &Value,
    meta: Vec<(Value, Value)>,
    state: Value,
    run: Value,
    chunks: &mut Vec<ChunkBuf>,
) {
    let Value::List(run) = run else { return };
    let mut chunk = ChunkBuf(Vec::with_capacity(8 + meta.len() + run.len()));
    chunk.0.push((Value::str("state"), state));
    chunk.0.push((Value::str("name"), name.clone()));
    chunk.0.extend(meta);
    chunk.0.push((Value::str("__id__"), name.clone()));
    // Salt collects functions in a set; with more than one, verify_high has already failed.
    let mut funcs: Vec<Value> = Vec::new();
    let mut names = NameSet::default();
    for arg in run {
        match arg {
            Value::Str(_) if !funcs.contains(&arg) => funcs.push(arg),
            Value::Map(arg) => {
                for (key, val) in arg {
                    match key.as_str() {
                        Some("names") => {
                            for n in py_into_iter(val) {
                                names.insert(n);
                            }
                        }
                        // Don't pass down a state override.
                        Some("state") => {}
                        // Invalid name, fall back to ID.
                        Some("name") if val.as_str().is_none() => {
                            chunk.set_str("name", name.clone());
                        }
                        _ => chunk.set(key, val),
                    }
                }
            }
            _ => {}
        }
    }
    // Without a function no chunk is made (verify_high reported it).
    let Some(last_fun) = funcs.pop() else { return };
    if names.is_empty() {
        for fun in funcs {
            let mut live = chunk.copy();
            live.set_str("fun", fun);
            chunks.push(live);
        }
        chunk.set_str("fun", last_fun);
        chunks.push(chunk);
        return;
    }
    let names = names.list;
    let count = names.len();
    for (i, entry) in names.into_iter().enumerate() {
        let mut live = if i + 1 == count {
            std::mem::take(&mut chunk)
        } else {
            chunk.copy()
        };
        match entry {
            Value::Map(entry) => {
                if let Some((low_name, overrides)) = entry.into_iter().next() {
                    live.set_str("name", low_name);
                    // `list(map(live.update, entry[low_name]))`
                    if let Value::List(overrides) = overrides {
                        for upd in overrides {
                            if let Value::Map(upd) = upd {
                                for (k, v) in upd {
                                    live.set(k, v);
                                }
                            }
                        }
                    }
                }
            }
            other => live.set_str("name", other),
        }
        live.set_str("name_order", Value::Int(i as i64 + 1));
        for fun in &funcs {
            let mut out = live.copy();
            out.set_str("fun", fun.clone());
            chunks.push(out);
        }
        live.set_str("fun", last_fun.clone());
        chunks.push(live);
    }
}

/// Where Salt's `compile_high_data` raises: a `names` entry `- name:` with a trailing colon
/// (`map(live.update, None)`: TypeError). Returns the Python exception text.
pub fn compile_high_data_crash(high: &Map) -> Option<String> {
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
                let Some(names) = arg.get("names").and_then(Value::as_list) else {
                    continue;
                };
                let none_entry = names
                    .iter()
                    .filter_map(Value::as_map)
                    .any(|entry| entry.first().is_some_and(|(_, v)| v.is_null()));
                if none_entry {
                    return Some("TypeError: 'NoneType' object is not iterable".to_string());
                }
            }
        }
    }
    None
}

/// Salt's `cap`: starting at 1, each integer order above `cap - 1` (and above 0) moves the
/// cap to `order + 100`, in chunk order; floats and strings do not count.
fn order_cap<'a>(orders: impl Iterator<Item = Option<&'a Value>>) -> i64 {
    let mut cap: i64 = 1;
    for order in orders {
        let order = match order {
            Some(Value::Int(i)) => *i,
            Some(Value::Bool(b)) => *b as i64,
            _ => continue,
        };
        if order > cap - 1 && order > 0 {
            cap = order.saturating_add(100);
        }
    }
    cap
}

/// Resolves every chunk's order to a number and sorts by `(order, state + name + fun)`, as
/// Salt's `State.order_chunks` does: missing -> cap (and `name_order` stays in the chunk),
/// `first` -> 0, `last` -> cap + 1000000, other non-numbers -> cap, `names` add
/// `name_order / 10000`, negative orders count back from cap + 1000000.
pub fn order_chunks(mut chunks: Vec<Map>) -> Vec<Map> {
    let cap = order_cap(chunks.iter().map(|c| c.get("order")));
    // Sort precomputed keys (stable, as Python's sort), then move each chunk once.
    let mut keyed: Vec<(Value, String, usize)> = chunks
        .iter_mut()
        .enumerate()
        .map(|(i, c)| (resolve_order(c, cap), sort_tag(|key| c.get(key)), i))
        .collect();
    keyed.sort_by(|a, b| cmp_num(&a.0, &b.0).then_with(|| a.1.cmp(&b.1)));
    let mut slots: Vec<Option<Map>> = chunks.into_iter().map(Some).collect();
    keyed
        .into_iter()
        .filter_map(|(_, _, i)| slots.get_mut(i).and_then(Option::take))
        .collect()
}

/// Sets the chunk's numeric `order` and returns it.
fn resolve_order(chunk: &mut Map, cap: i64) -> Value {
    let Some(order) = chunk.get("order") else {
        chunk.insert("order", Value::Int(cap));
        return Value::Int(cap);
    };
    let mut order = literal_order(order, cap);
    if let Some(name_order) = chunk.remove("name_order") {
        order = add_name_order(&order, &name_order);
    }
    order = count_back_if_negative(order, cap);
    // The key exists: replace the value in place (no key allocation).
    if let Some(slot) = chunk.get_mut("order") {
        *slot = order.clone();
    }
    order
}

/// A present `order` as a number: numbers as they are, `first` -> 0, `last` -> cap +
/// 1000000, anything else -> cap.
fn literal_order(order: &Value, cap: i64) -> Value {
    match order {
        Value::Int(_) | Value::Float(_) | Value::Bool(_) => order.clone(),
        Value::Str(s) if s == "last" => Value::Int(cap.saturating_add(1_000_000)),
        Value::Str(s) if s == "first" => Value::Int(0),
        _ => Value::Int(cap),
    }
}

/// `order + name_order / 10000`: the `names` entries of one state keep their order.
fn add_name_order(order: &Value, name_order: &Value) -> Value {
    let frac = Value::Float(name_order.as_f64().unwrap_or(0.0) / 10000.0);
    num_add(order, &frac)
}

/// Negative orders count back from cap + 1000000.
fn count_back_if_negative(order: Value, cap: i64) -> Value {
    if order.as_f64().unwrap_or(0.0) < 0.0 {
        num_add(&Value::Int(cap.saturating_add(1_000_000)), &order)
    } else {
        order
    }
}

/// `"{0[state]}{0[name]}{0[fun]}".format(chunk)`, with `get` looking keys up in the chunk.
fn sort_tag<'a>(get: impl Fn(&str) -> Option<&'a Value>) -> String {
    let parts = ["state", "name", "fun"].map(get);
    let len = parts
        .iter()
        .map(|p| p.and_then(Value::as_str).map_or(0, str::len))
        .sum();
    let mut tag = String::with_capacity(len);
    for part in parts {
        match part {
            Some(Value::Str(s)) => tag.push_str(s),
            Some(other) => tag.push_str(&other.py_str()),
            None => {}
        }
    }
    tag
}

/// Python's numeric comparison of int / float / bool orders.
fn cmp_num(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        _ => {
            let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::py::single;

    /// High data exercising every ordering rule: explicit, missing, `first`/`last`,
    /// negative, float and bool orders, `names` (plain and with overrides, some overriding
    /// the order), several states per ID, non-dict bodies and dunder IDs.
    fn high(ids: usize) -> Map {
        let mut high = Map::new();
        for i in 0..ids {
            let mut run = vec![Value::str(if i % 5 == 0 { "running" } else { "managed" })];
            run.push(single("name", Value::str(format!("/srv/{}", (i * 7) % 97))));
            let order = match i % 9 {
                0 => None,
                1 => Some(Value::str("first")),
                2 => Some(Value::str("last")),
                3 => Some(Value::Int(-(i as i64))),
                4 => Some(Value::Float(i as f64 / 3.0)),
                5 => Some(Value::Bool(true)),
                6 => Some(Value::str("other")),
                _ => Some(Value::Int((i % 50) as i64 * 10)),
            };
            if let Some(order) = order {
                run.push(single("order", order));
            }
            if i % 4 == 0 {
                let names = vec![
                    Value::str(format!("n{i}a")),
                    single(
                        format!("n{i}b"),
                        Value::List(vec![single("order", Value::Int(i as i64 % 30))].into()),
                    ),
                    Value::str(format!("n{i}c")),
                ];
                run.push(single("names", Value::List(names.into())));
            }
            let mut body = Map::new();
            let state = if i % 5 == 0 { "service" } else { "file" };
            body.insert(state, Value::List(run.into()));
            if i % 6 == 0 {
                body.insert("pkg", Value::List(vec![Value::str("installed")].into()));
            }
            body.insert("__sls__", Value::str(format!("sls{}", i / 40)));
            body.insert("__env__", Value::str("base"));
            body.insert(
                "__sls_included_from__",
                Value::List((0..i % 4).map(|j| Value::str(format!("inc{j}"))).collect()),
            );
            high.insert(format!("id{}", (i * 13) % ids), Value::Map(body));
        }
        high.insert("__extend__", Value::List(Vec::new().into()));
        high.insert("not_a_dict", Value::str("x"));
        high
    }

    /// The chunks as text, key order included (`Map` equality ignores it).
    fn text(chunks: Vec<Map>) -> String {
        Value::List(chunks.into_iter().map(Value::Map).collect()).to_json()
    }

    #[test]
    fn two_thread_compile_is_the_serial_compile() {
        for ids in [1, 10, 300, 2_000] {
            let high = high(ids);
            let serial = text(compile_chunks(high.clone(), false));
            assert_eq!(
                text(compile_chunks(high.clone(), true)),
                serial,
                "{ids} IDs"
            );
            assert_eq!(text(compile_high_data_owned(high)), serial, "{ids} IDs");
        }
    }

    #[test]
    fn vector_and_map_order_resolution_agree() {
        // `Built::new` (orders resolved on the chunk vector when the cap is not needed) and
        // `resolve_order` on a map (what the public `order_chunks` does) give the same order,
        // sort tag and chunk.
        let mut bufs = Vec::new();
        for (name, body) in high(500) {
            compile_id(name, body, &mut bufs);
        }
        let cap = order_cap(bufs.iter().map(|c| c.get("order")));
        assert!(cap > 1);
        let mut deferred = 0;
        for buf in bufs {
            let mut map: Map = buf.0.iter().cloned().collect();
            let order = resolve_order(&mut map, cap);
            let tag = sort_tag(|key| map.get(key));
            let mut built = Built::new(buf);
            if built.order.is_none() {
                deferred += 1;
                built.order = Some(resolve_order(&mut built.chunk, cap));
            }
            assert_eq!(built.order.map(|o| o.py_repr()), Some(order.py_repr()));
            assert_eq!(built.tag, tag);
            assert_eq!(text(vec![built.chunk]), text(vec![map]));
        }
        // Both paths were taken.
        assert!(deferred > 0);
    }
}
