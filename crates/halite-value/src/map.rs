use crate::Value;
use indexmap::{Equivalent, IndexMap};

/// The hasher of every `Map`: FxHash, fast on the short string keys Salt data is made of
/// (SipHash showed up in profiles; Map keys are not attacker-chosen hash-flooding targets
/// in a config tool run on one's own tree).
pub type MapHasher = rustc_hash::FxBuildHasher;
type Hasher = MapHasher;
type Inner = IndexMap<Value, Value, Hasher>;

/// An insertion-ordered dict with Python-valued keys. Keys are usually strings, and every
/// lookup method takes a `&str` directly; use [`Map::get_value`] for other key types.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Map(Box<Inner>);

/// Lets an `&str` stand for a `Value::Str` key without allocating.
struct StrKey<'a>(&'a str);

impl std::hash::Hash for StrKey<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl Equivalent<Value> for StrKey<'_> {
    fn equivalent(&self, key: &Value) -> bool {
        matches!(key, Value::Str(s) if s == self.0)
    }
}

impl Map {
    pub fn new() -> Self {
        Map(Box::default())
    }

    pub fn with_capacity(n: usize) -> Self {
        Map(Box::new(IndexMap::with_capacity_and_hasher(
            n,
            Hasher::default(),
        )))
    }

    /// Drops spare capacity: a long-lived map (a low chunk, a state's result) otherwise keeps
    /// up to twice its entries, at 120 bytes an entry.
    pub fn shrink_to_fit(&mut self) {
        self.0.shrink_to_fit();
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.get(&StrKey(key))
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        self.0.get_mut(&StrKey(key))
    }

    pub fn get_value(&self, key: &Value) -> Option<&Value> {
        self.0.get(key)
    }

    pub fn get_value_mut(&mut self, key: &Value) -> Option<&mut Value> {
        self.0.get_mut(key)
    }

    pub fn contains_key(&self, key: &str) -> bool {
        self.0.contains_key(&StrKey(key))
    }

    pub fn contains_value_key(&self, key: &Value) -> bool {
        self.0.contains_key(key)
    }

    /// Inserts or replaces; a replaced key keeps its position, as in a Python dict.
    pub fn insert(&mut self, key: impl Into<Value>, value: Value) -> Option<Value> {
        self.0.insert(key.into(), value)
    }

    /// Removes a key keeping the order of the others (Python `del d[k]`).
    pub fn remove(&mut self, key: &str) -> Option<Value> {
        self.0.shift_remove(&StrKey(key))
    }

    pub fn remove_value(&mut self, key: &Value) -> Option<Value> {
        self.0.shift_remove(key)
    }

    /// `dict.setdefault(key, default)`.
    pub fn entry_or(&mut self, key: &str, default: Value) -> &mut Value {
        // Look up first: the key is only allocated when it has to be inserted.
        match self.0.get_index_of(&StrKey(key)) {
            Some(i) => &mut self.0[i],
            None => self.0.entry(Value::Str(key.into())).or_insert(default),
        }
    }

    pub fn iter(&self) -> indexmap::map::Iter<'_, Value, Value> {
        self.0.iter()
    }

    pub fn iter_mut(&mut self) -> indexmap::map::IterMut<'_, Value, Value> {
        self.0.iter_mut()
    }

    pub fn keys(&self) -> indexmap::map::Keys<'_, Value, Value> {
        self.0.keys()
    }

    pub fn values(&self) -> indexmap::map::Values<'_, Value, Value> {
        self.0.values()
    }

    pub fn values_mut(&mut self) -> indexmap::map::ValuesMut<'_, Value, Value> {
        self.0.values_mut()
    }

    /// Iterates over entries whose key is a string, as `(&str, &Value)`.
    pub fn str_iter(&self) -> impl Iterator<Item = (&str, &Value)> {
        self.0
            .iter()
            .filter_map(|(k, v)| k.as_str().map(|k| (k, v)))
    }

    pub fn first(&self) -> Option<(&Value, &Value)> {
        self.0.first()
    }

    pub fn get_index(&self, i: usize) -> Option<(&Value, &Value)> {
        self.0.get_index(i)
    }

    pub fn retain(&mut self, f: impl FnMut(&Value, &mut Value) -> bool) {
        self.0.retain(f)
    }

    pub fn sort_keys(&mut self) {
        self.0.sort_by(|a, _, b, _| a.py_str().cmp(&b.py_str()))
    }

    pub fn inner(&self) -> &IndexMap<Value, Value, MapHasher> {
        &self.0
    }

    pub fn inner_mut(&mut self) -> &mut IndexMap<Value, Value, MapHasher> {
        &mut self.0
    }
}

impl IntoIterator for Map {
    type Item = (Value, Value);
    type IntoIter = indexmap::map::IntoIter<Value, Value>;
    fn into_iter(self) -> Self::IntoIter {
        (*self.0).into_iter()
    }
}

impl<'a> IntoIterator for &'a Map {
    type Item = (&'a Value, &'a Value);
    type IntoIter = indexmap::map::Iter<'a, Value, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl FromIterator<(Value, Value)> for Map {
    fn from_iter<T: IntoIterator<Item = (Value, Value)>>(iter: T) -> Self {
        Map(Box::new(iter.into_iter().collect()))
    }
}

impl Extend<(Value, Value)> for Map {
    fn extend<T: IntoIterator<Item = (Value, Value)>>(&mut self, iter: T) {
        self.0.extend(iter)
    }
}
