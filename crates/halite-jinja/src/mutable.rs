//! Mutable dicts and lists. minijinja values are immutable, but Salt formulas mutate the
//! dicts and lists they build (`{% do d.update(...) %}`, `.append`, `.setdefault`...), and
//! Python aliasing semantics apply (`{% set b = a %}` then mutating `b` changes `a`).
//! Every dict/list a template sees is one of these objects: literals are wrapped by the
//! preprocessor (`__m(...)`), context data and function results are converted on entry.

use crate::repr;
use indexmap::IndexMap;
use minijinja::value::{DynObject, Enumerator, Object, ObjectRepr, Value};
use minijinja::{Error, State};
use std::cmp::Ordering;
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

/// A Python `dict`: insertion-ordered, shared, mutable. `ordered` marks Salt's
/// `OrderedDict`s (compiled pillar data): they name themselves
/// `collections.OrderedDict` in error messages and keep their key order in `|yaml`.
#[derive(Debug, Default)]
pub struct MutMap {
    inner: Mutex<Cow<IndexMap<Value, Value>>>,
    ordered: bool,
    /// Salt 3008 hands templates `grains` and `pillar` as `salt.utils.optsdict.DictProxy`
    /// (the options are an `OptsDict` there): only the type name in messages differs.
    proxy: bool,
}

/// The entries of a [`MutMap`] or the items of a [`MutList`], shared copy-on-write: `data`
/// may be shared with other objects (a `dict.copy()`, a [`lazy_copy`]) and is made this
/// object's own by its first change. While `lazy` is set, the dicts and lists inside
/// `data` still belong to the original this was lazily copied from; the first access that
/// can hand one out replaces each of them by a lazy copy of its own.
#[derive(Debug, Default)]
struct Cow<T> {
    data: Arc<T>,
    lazy: bool,
}

impl<T: Clone + Children> Cow<T> {
    fn new(data: T) -> Self {
        Cow {
            data: Arc::new(data),
            lazy: false,
        }
    }

    /// The data, with its dicts and lists this object's own.
    fn settled(&mut self) -> &T {
        if self.lazy {
            self.lazy = false;
            Arc::make_mut(&mut self.data).copy_children();
        }
        &self.data
    }

    /// The data for changing it: settled, and unshared.
    fn make_mut(&mut self) -> &mut T {
        self.settled();
        Arc::make_mut(&mut self.data)
    }
}

/// What [`Cow::settled`] copies: the dicts and lists directly inside a container.
trait Children {
    fn copy_children(&mut self);
}

impl Children for IndexMap<Value, Value> {
    fn copy_children(&mut self) {
        if self.keys().any(is_container) {
            *self = self
                .iter()
                .map(|(k, v)| (lazy_copy(k), lazy_copy(v)))
                .collect();
            return;
        }
        for v in self.values_mut() {
            if is_container(v) {
                *v = lazy_copy(v);
            }
        }
    }
}

impl Children for Vec<Value> {
    fn copy_children(&mut self) {
        for v in self.iter_mut() {
            if is_container(v) {
                *v = lazy_copy(v);
            }
        }
    }
}

/// The last failed lookup on a mutable dict or list: Jinja2 names the container's type
/// and the key in its undefined-variable message, minijinja only gives the expression.
#[derive(Debug, Clone)]
pub struct Miss {
    pub container: &'static str,
    pub key: Value,
}

thread_local! {
    static LAST_MISS: std::cell::RefCell<Option<Miss>> = const { std::cell::RefCell::new(None) };
}

pub(crate) fn record_miss(container: &'static str, key: &Value) {
    LAST_MISS.with(|m| {
        *m.borrow_mut() = Some(Miss {
            container,
            key: key.clone(),
        })
    });
}

/// Whether a lookup miss is pending (see [`Miss`]).
pub fn has_last_miss() -> bool {
    LAST_MISS.with(|m| m.borrow().is_some())
}

/// Takes the last recorded lookup miss (see [`Miss`]).
pub fn take_last_miss() -> Option<Miss> {
    LAST_MISS.with(|m| m.borrow_mut().take())
}

/// A Python `list`: shared, mutable.
#[derive(Debug, Default)]
pub struct MutList {
    inner: Mutex<Cow<Vec<Value>>>,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl MutMap {
    pub fn new(map: IndexMap<Value, Value>) -> Self {
        MutMap {
            inner: Mutex::new(Cow::new(map)),
            ordered: false,
            proxy: false,
        }
    }

    /// A Salt `OrderedDict` (pillar data).
    pub fn new_ordered(map: IndexMap<Value, Value>) -> Self {
        MutMap {
            inner: Mutex::new(Cow::new(map)),
            ordered: true,
            proxy: false,
        }
    }

    /// An `OrderedDict` with the entries of `other`.
    pub fn new_ordered_from(other: &MutMap) -> Self {
        MutMap::new_ordered(lock(&other.inner).settled().clone())
    }

    pub fn is_ordered(&self) -> bool {
        self.ordered
    }

    /// Jinja2's name for the object in messages.
    pub fn type_label(&self) -> &'static str {
        if self.proxy {
            "'salt.utils.optsdict.DictProxy object'"
        } else if self.ordered {
            "'collections.OrderedDict object'"
        } else {
            "'dict object'"
        }
    }

    /// A snapshot of the entries (values are shared, not copied).
    pub fn entries(&self) -> Vec<(Value, Value)> {
        lock(&self.inner)
            .settled()
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect()
    }

    pub fn keys(&self) -> Vec<Value> {
        lock(&self.inner).settled().keys().cloned().collect()
    }

    pub fn values(&self) -> Vec<Value> {
        lock(&self.inner).settled().values().cloned().collect()
    }

    pub fn len(&self) -> usize {
        lock(&self.inner).data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn get(&self, key: &Value) -> Option<Value> {
        let mut inner = lock(&self.inner);
        let map = inner.settled();
        map.get(&existing_key(map, key)).cloned()
    }

    pub fn insert(&self, key: Value, value: Value) {
        let mut inner = lock(&self.inner);
        let map = inner.make_mut();
        let k = existing_key(map, &key);
        map.insert(k, value);
    }

    /// Python `dict.pop(key)` keeps the order of the other keys.
    pub fn remove(&self, key: &Value) -> Option<Value> {
        let mut inner = lock(&self.inner);
        let map = inner.make_mut();
        let k = existing_key(map, key);
        map.shift_remove(&k)
    }

    pub fn clear(&self) {
        *lock(&self.inner) = Cow::default();
    }

    pub fn pop_last(&self) -> Option<(Value, Value)> {
        lock(&self.inner).make_mut().pop()
    }

    /// `dict.copy()`: a shallow copy, sharing the entries until either side changes (the
    /// dicts and lists inside are the same objects, as in Python).
    pub fn copy(&self) -> MutMap {
        let mut inner = lock(&self.inner);
        inner.settled();
        MutMap {
            inner: Mutex::new(Cow {
                data: Arc::clone(&inner.data),
                lazy: false,
            }),
            ordered: self.ordered,
            proxy: false,
        }
    }

    /// Wraps this map as a template value.
    pub fn into_value(self) -> Value {
        Value::from_object(self)
    }
}

/// Python dict keys: `1`, `1.0` and `True` are the same key, and the first one stored
/// stays. minijinja values of different kinds never compare equal, so numeric keys are
/// matched against the stored keys here.
fn existing_key(map: &IndexMap<Value, Value>, key: &Value) -> Value {
    if !is_numeric_key(key) || map.contains_key(key) {
        return key.clone();
    }
    let Some(f) = numeric(key) else {
        return key.clone();
    };
    map.keys()
        .find(|k| is_numeric_key(k) && numeric(k) == Some(f))
        .cloned()
        .unwrap_or_else(|| key.clone())
}

fn is_numeric_key(v: &Value) -> bool {
    v.is_number() || v.kind() == minijinja::value::ValueKind::Bool
}

fn numeric(v: &Value) -> Option<f64> {
    if v.kind() == minijinja::value::ValueKind::Bool {
        return Some(if v.is_true() { 1.0 } else { 0.0 });
    }
    f64::try_from(v.clone()).ok()
}

impl MutList {
    pub fn new(items: Vec<Value>) -> Self {
        MutList {
            inner: Mutex::new(Cow::new(items)),
        }
    }

    pub fn items(&self) -> Vec<Value> {
        lock(&self.inner).settled().clone()
    }

    pub fn len(&self) -> usize {
        lock(&self.inner).data.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn push(&self, v: Value) {
        lock(&self.inner).make_mut().push(v);
    }

    pub fn extend(&self, vs: Vec<Value>) {
        lock(&self.inner).make_mut().extend(vs);
    }

    /// Runs `f` with exclusive access to the items. `f` must not touch this list again.
    pub fn with_mut<R>(&self, f: impl FnOnce(&mut Vec<Value>) -> R) -> R {
        f(lock(&self.inner).make_mut())
    }

    pub fn into_value(self) -> Value {
        Value::from_object(self)
    }
}

impl Object for MutMap {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let v = self.get(key);
        if v.is_none() {
            // `d['get']` without such a key: Jinja2's getitem falls back to getattr, which
            // gives the bound method (as `d.get` does)
            if let Some(name) = key
                .as_str()
                .and_then(|k| DICT_METHODS.iter().find(|m| **m == k))
            {
                return Some(Value::from_object(BoundDictMethod {
                    target: self.clone(),
                    name,
                }));
            }
            record_miss(self.type_label(), key);
        }
        v
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(self.keys())
    }

    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        Some(self.len())
    }

    fn is_true(self: &Arc<Self>) -> bool {
        !self.is_empty()
    }

    fn call_method(
        self: &Arc<Self>,
        state: &mut State<'_, '_>,
        method: &str,
        args: &[Value],
    ) -> Result<Value, Error> {
        crate::methods::dict_method(state, self, method, args)
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&repr::py_repr(&Value::from_dyn_object(self.clone())))
    }
}

/// Python's `dict` methods (what `getattr(d, name)` finds).
const DICT_METHODS: &[&str] = &[
    "clear",
    "copy",
    "fromkeys",
    "get",
    "items",
    "keys",
    "pop",
    "popitem",
    "setdefault",
    "update",
    "values",
];

/// A dict's method as a value (`d['get']`), called later: `d['get'](k, default)`.
#[derive(Debug)]
struct BoundDictMethod {
    target: Arc<MutMap>,
    name: &'static str,
}

impl Object for BoundDictMethod {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    fn call(self: &Arc<Self>, state: &mut State<'_, '_>, args: &[Value]) -> Result<Value, Error> {
        crate::methods::dict_method(state, &self.target, self.name, args)
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<built-in method {} of dict object>", self.name)
    }
}

impl Object for MutList {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Seq
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let Some(idx) = key.as_i64() else {
            record_miss("'list object'", key);
            return None;
        };
        let mut inner = lock(&self.inner);
        let items = inner.settled();
        let len = items.len() as i64;
        let i = if idx < 0 { idx + len } else { idx };
        let v = usize::try_from(i).ok().and_then(|i| items.get(i).cloned());
        if v.is_none() {
            record_miss("list object", key);
        }
        v
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(self.items())
    }

    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        Some(self.len())
    }

    fn is_true(self: &Arc<Self>) -> bool {
        !self.is_empty()
    }

    fn call_method(
        self: &Arc<Self>,
        state: &mut State<'_, '_>,
        method: &str,
        args: &[Value],
    ) -> Result<Value, Error> {
        crate::methods::list_method(state, self, method, args)
    }

    /// Python compares lists element by element (`[2017, 7] >= [2016, 1]`).
    fn custom_cmp(self: &Arc<Self>, other: &DynObject) -> Option<Ordering> {
        let other = other.downcast_ref::<MutList>()?;
        if std::ptr::eq(self.as_ref(), other) {
            return Some(Ordering::Equal);
        }
        let a = self.items();
        let b = other.items();
        Some(a.cmp(&b))
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&repr::py_repr(&Value::from_dyn_object(self.clone())))
    }
}

/// Makes `v` mutable: plain maps and sequences (literals, filter results) become
/// [`MutMap`]/[`MutList`] recursively; existing mutable objects are kept as they are, so
/// aliases stay aliases.
pub fn make_mutable(v: &Value) -> Value {
    let Some(obj) = v.as_object() else {
        return v.clone();
    };
    if obj.downcast_ref::<MutMap>().is_some() || obj.downcast_ref::<MutList>().is_some() {
        return v.clone();
    }
    if v.is_tuple() || v.is_kwargs() {
        return v.clone();
    }
    match obj.repr() {
        ObjectRepr::Map => {
            let map = MutMap::default();
            if let Some(pairs) = obj.try_iter_pairs() {
                for (k, val) in pairs {
                    map.insert(k, make_mutable(&val));
                }
            }
            map.into_value()
        }
        ObjectRepr::Seq => {
            let items = obj
                .try_iter()
                .map(|it| it.map(|x| make_mutable(&x)).collect());
            MutList::new(items.unwrap_or_default()).into_value()
        }
        _ => v.clone(),
    }
}

/// An independent copy of `v`, made lazily: a dict or list shares its entries with `v`
/// until either changes, and the dicts and lists inside it are copied the same way when
/// first reached. What converting the same data again would give, at the cost of a
/// reference count until a template looks inside.
///
/// The dicts and lists *inside* `v` must not change afterwards (they are shared until the
/// copy is first read): used for data kept only to be copied, as [`crate::env`]'s
/// context globals are.
pub fn lazy_copy(v: &Value) -> Value {
    lazy_copy_as(v, false)
}

/// [`lazy_copy`]; a dict copied with `proxy` names itself a Salt 3008 `DictProxy`.
pub fn lazy_copy_as(v: &Value, proxy: bool) -> Value {
    if let Some(m) = v.downcast_object_ref::<MutMap>() {
        let inner = lock(&m.inner);
        return MutMap {
            inner: Mutex::new(Cow {
                data: Arc::clone(&inner.data),
                lazy: true,
            }),
            ordered: m.ordered,
            proxy,
        }
        .into_value();
    }
    if let Some(l) = v.downcast_object_ref::<MutList>() {
        let inner = lock(&l.inner);
        return MutList {
            inner: Mutex::new(Cow {
                data: Arc::clone(&inner.data),
                lazy: true,
            }),
        }
        .into_value();
    }
    v.clone()
}

/// A mutable dict or list (what [`lazy_copy`] copies).
fn is_container(v: &Value) -> bool {
    v.as_object().is_some_and(|o| {
        o.downcast_ref::<MutMap>().is_some() || o.downcast_ref::<MutList>().is_some()
    })
}

/// The mutable map behind `v`, if it is one.
pub fn as_mut_map(v: &Value) -> Option<Arc<MutMap>> {
    v.downcast_object::<MutMap>()
}

/// The mutable list behind `v`, if it is one.
pub fn as_mut_list(v: &Value) -> Option<Arc<MutList>> {
    v.downcast_object::<MutList>()
}
