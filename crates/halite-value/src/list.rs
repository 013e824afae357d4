use crate::Value;
use ecow::EcoVec;
use std::ops::{Deref, DerefMut};

/// A Python list with copy-on-write sharing: cloning is a reference-count increment, and the
/// first change to a shared copy makes it its own. Salt's data repeats whole lists often
/// (every state an include chain brings in carries the same `__sls_included_from__` list, a
/// requisite list is copied onto every `names` expansion); sharing them keeps one copy in
/// memory instead of thousands.
///
/// Reading goes through `Deref<Target = [Value]>`; `DerefMut` (and every method that
/// changes the list) unshares it first, so shared copies never see each other's changes.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct List(EcoVec<Value>);

impl List {
    pub fn new() -> Self {
        List(EcoVec::new())
    }

    pub fn with_capacity(n: usize) -> Self {
        List(EcoVec::with_capacity(n))
    }

    pub fn as_slice(&self) -> &[Value] {
        self.0.as_slice()
    }

    pub fn push(&mut self, value: Value) {
        self.0.push(value)
    }

    pub fn pop(&mut self) -> Option<Value> {
        self.0.pop()
    }

    pub fn insert(&mut self, index: usize, value: Value) {
        self.0.insert(index, value)
    }

    pub fn remove(&mut self, index: usize) -> Value {
        self.0.remove(index)
    }

    pub fn retain(&mut self, f: impl FnMut(&mut Value) -> bool) {
        self.0.retain(f)
    }

    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len)
    }

    pub fn clear(&mut self) {
        self.0.clear()
    }

    /// `Vec::resize`: truncates, or pads with copies of `value`.
    pub fn resize(&mut self, len: usize, value: Value) {
        if len <= self.len() {
            self.truncate(len);
        } else {
            let extra = len - self.len();
            self.0.extend(std::iter::repeat_n(value, extra));
        }
    }

    pub fn reserve(&mut self, additional: usize) {
        self.0.reserve(additional)
    }

    pub fn extend_from_slice(&mut self, items: &[Value]) {
        self.0.extend_from_slice(items)
    }

    pub fn drain(
        &mut self,
        range: impl std::ops::RangeBounds<usize>,
    ) -> ecow::vec::Drain<'_, Value> {
        self.0.drain(range)
    }

    /// Whether both are the same shared list (not merely equal ones).
    pub fn ptr_eq(&self, other: &List) -> bool {
        self.0.as_ptr() == other.0.as_ptr() && self.len() == other.len()
    }

    pub fn into_vec(self) -> Vec<Value> {
        self.0.into_iter().collect()
    }
}

impl std::fmt::Debug for List {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Deref for List {
    type Target = [Value];
    fn deref(&self) -> &[Value] {
        self.0.as_slice()
    }
}

impl DerefMut for List {
    fn deref_mut(&mut self) -> &mut [Value] {
        self.0.make_mut()
    }
}

impl From<Vec<Value>> for List {
    fn from(v: Vec<Value>) -> Self {
        List(EcoVec::from(v))
    }
}

impl<const N: usize> From<[Value; N]> for List {
    fn from(v: [Value; N]) -> Self {
        List(EcoVec::from(v))
    }
}

impl From<&[Value]> for List {
    fn from(v: &[Value]) -> Self {
        List(EcoVec::from(v))
    }
}

impl From<List> for Vec<Value> {
    fn from(l: List) -> Self {
        l.into_vec()
    }
}

impl FromIterator<Value> for List {
    fn from_iter<I: IntoIterator<Item = Value>>(iter: I) -> Self {
        List(EcoVec::from_iter(iter))
    }
}

impl Extend<Value> for List {
    fn extend<I: IntoIterator<Item = Value>>(&mut self, iter: I) {
        self.0.extend(iter)
    }
}

impl<'a> Extend<&'a Value> for List {
    fn extend<I: IntoIterator<Item = &'a Value>>(&mut self, iter: I) {
        self.0.extend(iter.into_iter().cloned())
    }
}

impl IntoIterator for List {
    type Item = Value;
    type IntoIter = ecow::vec::IntoIter<Value>;
    /// Moves the items out when this is the only copy, clones them otherwise.
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a List {
    type Item = &'a Value;
    type IntoIter = std::slice::Iter<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a> IntoIterator for &'a mut List {
    type Item = &'a mut Value;
    type IntoIter = std::slice::IterMut<'a, Value>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.make_mut().iter_mut()
    }
}

impl PartialEq<Vec<Value>> for List {
    fn eq(&self, other: &Vec<Value>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl PartialEq<[Value]> for List {
    fn eq(&self, other: &[Value]) -> bool {
        self.as_slice() == other
    }
}
