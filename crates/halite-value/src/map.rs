use crate::Value;
use hashbrown::HashTable;
use std::hash::BuildHasher;
use std::ops::Range;
use thin_vec::ThinVec;

/// The hasher of every `Map`'s index: FxHash, fast on the short string keys Salt data is made
/// of (SipHash showed up in profiles; Map keys are not attacker-chosen hash-flooding targets
/// in a config tool run on one's own tree).
pub type MapHasher = rustc_hash::FxBuildHasher;

/// Maps up to this long are searched entry by entry; longer ones get a hash index.
const INDEXED_FROM: usize = 16;

/// An insertion-ordered dict with Python-valued keys. Keys are usually strings, and every
/// lookup method takes a `&str` directly; use [`Map::get_value`] for other key types.
///
/// Most of Salt's dicts are small (a state's body, a requisite, a low chunk's dozen keys):
/// they are one allocation, the entries in order, searched linearly. Past
/// [`INDEXED_FROM`] entries a hash index (positions by key hash) is kept beside them.
#[derive(Clone, Default)]
pub struct Map {
    entries: ThinVec<(Value, Value)>,
    index: Option<Box<HashTable<usize>>>,
}

pub type Iter<'a> = std::iter::Map<
    std::slice::Iter<'a, (Value, Value)>,
    fn(&'a (Value, Value)) -> (&'a Value, &'a Value),
>;
pub type IterMut<'a> = std::iter::Map<
    std::slice::IterMut<'a, (Value, Value)>,
    fn(&'a mut (Value, Value)) -> (&'a Value, &'a mut Value),
>;
pub type Keys<'a> =
    std::iter::Map<std::slice::Iter<'a, (Value, Value)>, fn(&'a (Value, Value)) -> &'a Value>;
pub type Values<'a> = Keys<'a>;
pub type ValuesMut<'a> = std::iter::Map<
    std::slice::IterMut<'a, (Value, Value)>,
    fn(&'a mut (Value, Value)) -> &'a mut Value,
>;

fn pair((k, v): &(Value, Value)) -> (&Value, &Value) {
    (k, v)
}
fn pair_mut((k, v): &mut (Value, Value)) -> (&Value, &mut Value) {
    (k, v)
}
fn key((k, _): &(Value, Value)) -> &Value {
    k
}
fn value((_, v): &(Value, Value)) -> &Value {
    v
}
fn value_mut((_, v): &mut (Value, Value)) -> &mut Value {
    v
}

/// A key's hash; `&str` and `Value::Str` of the same text hash alike (see `Value`'s `Hash`).
fn hash_of<K: std::hash::Hash + ?Sized>(key: &K) -> u64 {
    MapHasher::default().hash_one(key)
}

fn is_str_key(k: &Value, key: &str) -> bool {
    matches!(k, Value::Str(s) if s.as_str() == key)
}

/// The index of `entries`, with room for `capacity` keys: a map made with room for many
/// entries gets an index that holds them all without growing (each growth rehashes every
/// key).
fn build_index(entries: &[(Value, Value)], capacity: usize) -> Box<HashTable<usize>> {
    let mut table = HashTable::with_capacity(capacity.max(entries.len()));
    for (i, (k, _)) in entries.iter().enumerate() {
        table.insert_unique(hash_of(k), i, |&j| hash_of(&entries[j].0));
    }
    Box::new(table)
}

impl Map {
    pub fn new() -> Self {
        Map::default()
    }

    pub fn with_capacity(n: usize) -> Self {
        Map {
            entries: ThinVec::with_capacity(n),
            index: None,
        }
    }

    /// Room for `additional` more entries without reallocating.
    pub fn reserve(&mut self, additional: usize) {
        self.entries.reserve(additional);
    }

    /// Drops spare capacity: a long-lived map (a low chunk, a state's result) otherwise keeps
    /// up to twice its entries.
    pub fn shrink_to_fit(&mut self) {
        self.entries.shrink_to_fit();
        if let Some(index) = &mut self.index {
            let entries = &self.entries;
            index.shrink_to_fit(|&j| hash_of(&entries[j].0));
        }
    }

    /// A map of entries whose keys are already distinct (a low chunk assembled with dict
    /// semantics elsewhere): no lookups while building, one allocation (with room for
    /// `spare` more entries) and, past [`INDEXED_FROM`] entries, one index build.
    pub fn from_unique_entries(entries: Vec<(Value, Value)>, spare: usize) -> Self {
        let mut thin = ThinVec::with_capacity(entries.len() + spare);
        thin.extend(entries);
        let entries = thin;
        debug_assert!(
            entries
                .iter()
                .enumerate()
                .all(|(i, (k, _))| entries[..i].iter().all(|(j, _)| j != k)),
            "from_unique_entries: a key repeats"
        );
        let index = (entries.len() > INDEXED_FROM).then(|| build_index(&entries, 0));
        Map { entries, index }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    fn position_str(&self, key: &str) -> Option<usize> {
        match &self.index {
            Some(index) => index
                .find(hash_of(key), |&i| is_str_key(&self.entries[i].0, key))
                .copied(),
            None => self.entries.iter().position(|(k, _)| is_str_key(k, key)),
        }
    }

    /// Python key equality: `1`, `1.0` and `True` are the same key.
    fn position_value(&self, key: &Value) -> Option<usize> {
        if let Value::Str(s) = key {
            // a string only ever equals a string: skip `Value`'s numeric comparisons
            return self.position_str(s);
        }
        match &self.index {
            Some(index) => index
                .find(hash_of(key), |&i| self.entries[i].0 == *key)
                .copied(),
            None => self.entries.iter().position(|(k, _)| k == key),
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.position_str(key).map(|i| &self.entries[i].1)
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.position_str(key).map(|i| &mut self.entries[i].1)
    }

    pub fn get_value(&self, key: &Value) -> Option<&Value> {
        self.position_value(key).map(|i| &self.entries[i].1)
    }

    pub fn get_value_mut(&mut self, key: &Value) -> Option<&mut Value> {
        self.position_value(key).map(|i| &mut self.entries[i].1)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.position_str(key).is_some()
    }

    pub fn contains_value_key(&self, key: &Value) -> bool {
        self.position_value(key).is_some()
    }

    /// The position of `key` in insertion order.
    pub fn get_index_of(&self, key: &Value) -> Option<usize> {
        self.position_value(key)
    }

    /// Appends a key known to be absent.
    fn push(&mut self, key: Value, value: Value) {
        let i = self.entries.len();
        match &mut self.index {
            Some(index) => {
                let entries = &self.entries;
                index.insert_unique(hash_of(&key), i, |&j| hash_of(&entries[j].0));
            }
            None if i >= INDEXED_FROM => {
                self.entries.push((key, value));
                self.index = Some(build_index(&self.entries, self.entries.capacity()));
                return;
            }
            None => {}
        }
        self.entries.push((key, value));
    }

    /// Rebuilds the index after entries moved (removal, reordering).
    fn reindex(&mut self) {
        if self.index.is_some() || self.entries.len() > INDEXED_FROM {
            self.index = Some(build_index(&self.entries, 0));
        }
    }

    /// Appends an entry whose key the caller knows is absent (no lookup; checked in debug
    /// builds).
    pub fn push_unique(&mut self, key: Value, value: Value) {
        debug_assert!(
            self.position_value(&key).is_none(),
            "push_unique: the key is present"
        );
        self.push(key, value);
    }

    /// Inserts or replaces; a replaced key keeps its position, as in a Python dict.
    pub fn insert(&mut self, key: impl Into<Value>, value: Value) -> Option<Value> {
        let key = key.into();
        match self.position_value(&key) {
            Some(i) => Some(std::mem::replace(&mut self.entries[i].1, value)),
            None => {
                self.push(key, value);
                None
            }
        }
    }

    /// Inserts `key` at position `at` (moving it there if present), as
    /// `IndexMap::shift_insert`.
    pub fn shift_insert(&mut self, at: usize, key: Value, value: Value) -> Option<Value> {
        let old = self.position_value(&key).map(|i| self.entries.remove(i).1);
        let at = at.min(self.entries.len());
        self.entries.insert(at, (key, value));
        self.reindex();
        old
    }

    fn remove_at(&mut self, i: usize) -> Value {
        let (k, v) = self.entries.remove(i);
        if let Some(index) = &mut self.index {
            // Drop the entry's slot and shift the later positions down: no key is hashed
            // again (an SLS file's state map loses its `include` this way).
            if let Ok(slot) = index.find_entry(hash_of(&k), |&j| j == i) {
                slot.remove();
            }
            for j in index.iter_mut() {
                if *j > i {
                    *j -= 1;
                }
            }
        }
        v
    }

    /// `d[key] = d.pop(k)` for the key `k` at position `i`, where `key` is absent: the
    /// value moves to the end under its new key, renamed in place when it is the last entry.
    pub fn rekey_to_end(&mut self, i: usize, key: Value) {
        debug_assert!(
            self.position_value(&key).is_none(),
            "rekey_to_end: the key is present"
        );
        if i + 1 != self.entries.len() {
            let value = self.remove_at(i);
            self.push(key, value);
            return;
        }
        let old = std::mem::replace(&mut self.entries[i].0, key);
        let Map { entries, index } = self;
        if let Some(index) = index {
            if let Ok(slot) = index.find_entry(hash_of(&old), |&j| j == i) {
                slot.remove();
            }
            index.insert_unique(hash_of(&entries[i].0), i, |&j| hash_of(&entries[j].0));
        }
    }

    /// Removes a key keeping the order of the others (Python `del d[k]`).
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.position_str(key).map(|i| self.remove_at(i))
    }

    pub fn remove_value(&mut self, key: &Value) -> Option<Value> {
        self.position_value(key).map(|i| self.remove_at(i))
    }

    /// `dict.setdefault(key, default)`.
    pub fn entry_or(&mut self, key: &str, default: Value) -> &mut Value {
        // Look up first: the key is only allocated when it has to be inserted.
        let i = match self.position_str(key) {
            Some(i) => i,
            None => {
                self.push(Value::Str(key.into()), default);
                self.entries.len() - 1
            }
        };
        &mut self.entries[i].1
    }

    pub fn iter(&self) -> Iter<'_> {
        self.entries.iter().map(pair)
    }

    pub fn iter_mut(&mut self) -> IterMut<'_> {
        self.entries.iter_mut().map(pair_mut)
    }

    pub fn keys(&self) -> Keys<'_> {
        self.entries.iter().map(key)
    }

    pub fn values(&self) -> Values<'_> {
        self.entries.iter().map(value)
    }

    pub fn values_mut(&mut self) -> ValuesMut<'_> {
        self.entries.iter_mut().map(value_mut)
    }

    /// The values of the entries at positions `range`.
    pub fn values_mut_range(&mut self, range: Range<usize>) -> ValuesMut<'_> {
        self.entries[range].iter_mut().map(value_mut)
    }

    /// Iterates over entries whose key is a string, as `(&str, &Value)`.
    pub fn str_iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.entries
            .iter()
            .filter_map(|(k, v)| k.as_str().map(|k| (k, v)))
    }

    pub fn first(&self) -> Option<(&Value, &Value)> {
        self.entries.first().map(pair)
    }

    pub fn get_index(&self, i: usize) -> Option<(&Value, &Value)> {
        self.entries.get(i).map(pair)
    }

    pub fn get_index_mut(&mut self, i: usize) -> Option<(&Value, &mut Value)> {
        self.entries.get_mut(i).map(pair_mut)
    }

    pub fn retain(&mut self, mut f: impl FnMut(&Value, &mut Value) -> bool) {
        let before = self.entries.len();
        self.entries.retain_mut(|(k, v)| f(k, v));
        if self.entries.len() != before && self.index.is_some() {
            self.reindex();
        }
    }

    pub fn sort_keys(&mut self) {
        self.entries.sort_by_key(|(k, _)| k.py_str());
        if self.index.is_some() {
            self.reindex();
        }
    }
}

impl std::fmt::Debug for Map {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

/// Python dict equality: the same keys with equal values, in any order.
impl PartialEq for Map {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self
                .iter()
                .all(|(k, v)| other.get_value(k).is_some_and(|w| v == w))
    }
}

impl Eq for Map {}

impl IntoIterator for Map {
    type Item = (Value, Value);
    type IntoIter = thin_vec::IntoIter<(Value, Value)>;
    fn into_iter(self) -> Self::IntoIter {
        self.entries.into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Value, &'a Value);
    type IntoIter = Iter<'a>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl FromIterator<(Value, Value)> for Map {
    fn from_iter<T: IntoIterator<Item = (Value, Value)>>(iter: T) -> Self {
        let iter = iter.into_iter();
        let mut map = Map::with_capacity(iter.size_hint().0);
        map.extend(iter);
        map
    }
}

impl Extend<(Value, Value)> for Map {
    fn extend<T: IntoIterator<Item = (Value, Value)>>(&mut self, iter: T) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}
