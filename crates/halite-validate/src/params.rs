//! idem's validate-time `params` (`idem/tool/parameter.py`): a recording proxy.
//!
//! Every `params.get(...)`/`params[...]` creates (or re-uses) a node; printing a node emits
//! an opaque token carrying its display expression and its internal path. Attribute access,
//! method calls, loops and `.items()` go through idem's `ResponseObject`, which we mirror
//! in [`Response`].

use crate::convert::{from_mj, to_mj};
use crate::token;
use halite_value::{Map, MapHasher, Value};
use indexmap::{IndexMap, IndexSet};
use minijinja::value::{Enumerator, Object, ObjectRepr, Value as MjValue};
use minijinja::{Error, ErrorKind, State};
use std::fmt;
use std::sync::{Arc, Mutex, MutexGuard};

/// A child key: `str(name)` for names, an int for list indexes (`ParamArray`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Key {
    Str(String),
    Int(i64),
}

#[derive(Debug)]
struct Node {
    display: String,
    /// `None` only for the root (`Parameters()` has `_internal = None`).
    internal: Option<String>,
    /// `""` when no default was given.
    default: Value,
    children: IndexMap<Key, usize, MapHasher>,
    /// `ParamArray` (int-indexed children and the root): printing it makes it a leaf.
    is_array: bool,
    is_leaf: bool,
    attributes: IndexSet<String, MapHasher>,
    /// `str(node)`, made on first print (display and internal never change).
    token: Option<String>,
}

/// All parameter nodes of one validate run (idem keeps one `Parameters()` per run).
#[derive(Debug)]
pub struct Tracker {
    nodes: Vec<Node>,
}

impl Default for Tracker {
    fn default() -> Self {
        Tracker {
            nodes: vec![Node {
                display: String::new(),
                internal: None,
                default: Value::str(""),
                children: IndexMap::default(),
                is_array: true,
                is_leaf: false,
                attributes: IndexSet::default(),
                token: None,
            }],
        }
    }
}

impl Tracker {
    /// `Parameters.params()`: the GLOBAL section (`""` when nothing was read).
    pub fn global(&self) -> Value {
        self.params_of(0)
    }

    fn params_of(&self, id: usize) -> Value {
        let node = &self.nodes[id];
        if node.children.is_empty() {
            return node.default.clone();
        }
        let mut list: Option<Vec<Value>> = None;
        let mut map: Option<Map> = None;
        for (key, child) in &node.children {
            let value = self.params_of(*child);
            match key {
                Key::Int(i) => {
                    let l = list.get_or_insert_with(Vec::new);
                    let idx = usize::try_from(*i).unwrap_or(0);
                    if l.len() <= idx {
                        l.resize(idx + 1, Value::Null);
                    }
                    l[idx] = value;
                }
                Key::Str(s) => {
                    map.get_or_insert_with(Map::new).insert(s.as_str(), value);
                }
            }
        }
        match (list, map) {
            (Some(l), _) => Value::List(l.into()),
            (None, Some(m)) => Value::Map(m),
            (None, None) => Value::Null,
        }
    }

    fn token(&mut self, id: usize) -> &str {
        let node = &mut self.nodes[id];
        node.token.get_or_insert_with(|| {
            token::encode(&node.display, node.internal.as_deref().unwrap_or("None"))
        })
    }
}

/// `BaseParam._get_display`.
fn child_display(name: &Key, parent: &str, indexing: bool, default: &Option<Value>) -> String {
    let base = if parent.is_empty() { "params" } else { parent };
    match (name, default) {
        (Key::Int(i), _) => format!("{base}[{i}]"),
        (Key::Str(n), _) if indexing => format!("{base}['{n}']"),
        // idem renders boolean defaults with a literal `ret.` and JSON spelling.
        (Key::Str(n), Some(Value::Bool(b))) => format!("ret.get('{n}', {b})"),
        (Key::Str(n), None) => format!("{base}.get('{n}')"),
        (Key::Str(n), Some(d)) => format!("{base}.get('{n}', '{}')", d.py_str()),
    }
}

/// `BaseParam._create_child` internal path.
fn child_internal(name: &Key, parent: Option<&str>) -> String {
    match (name, parent) {
        (Key::Int(i), p) => format!("{}[{i}]", p.unwrap_or("None")),
        (Key::Str(n), None) | (Key::Str(n), Some("")) => format!("^^{n}^^"),
        (Key::Str(n), Some(p)) => format!("{p}.~~{n}"),
    }
}

type Shared = Arc<Mutex<Tracker>>;

fn lock(t: &Shared) -> MutexGuard<'_, Tracker> {
    match t.lock() {
        Ok(g) => g,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// A parameter node as seen from Jinja (`ParamObject` / `ParamArray` / `Parameters`).
#[derive(Debug, Clone)]
pub struct Param {
    tracker: Shared,
    id: usize,
}

impl Param {
    /// The root `params` object for one run.
    pub fn root(tracker: Shared) -> MjValue {
        MjValue::from_object(Param { tracker, id: 0 })
    }

    fn value(&self, id: usize) -> MjValue {
        MjValue::from_object(Param {
            tracker: self.tracker.clone(),
            id,
        })
    }

    fn key_of(param: &MjValue) -> Key {
        match param.as_i64() {
            Some(i) if param.is_integer() && param.kind() != minijinja::value::ValueKind::Bool => {
                Key::Int(i)
            }
            _ => Key::Str(param.to_string()),
        }
    }

    /// `ParamObject._get_common`: first access wins; names seen as attributes answer with a
    /// `ResponseObject`; otherwise a child is created (an error on a printed `ParamArray`).
    fn get_common(
        &self,
        param: &MjValue,
        indexing: bool,
        default: Option<&MjValue>,
    ) -> Result<MjValue, Error> {
        let key = Self::key_of(param);
        let default = default.filter(|d| !d.is_none() && !d.is_undefined());
        // A default holding an object (a param, a list, ...) is converted before locking:
        // printing a param locks too (and may make it a leaf, whether or not a node is made
        // here). Plain values are converted only when a node is made.
        let mut converted = default.filter(|d| d.as_object().is_some()).map(from_mj);
        let mut t = lock(&self.tracker);
        if let Some(child) = t.nodes[self.id].children.get(&key) {
            return Ok(self.value(*child));
        }
        if let Key::Str(s) = &key {
            if t.nodes[self.id].attributes.contains(s) {
                drop(t);
                return Ok(Response::make(
                    MjValue::from_object(self.clone()),
                    RetType::Tuple,
                    0,
                ));
            }
        }
        let parent = &t.nodes[self.id];
        if parent.is_leaf {
            // `str(param)`: what `key_of` printed
            let param_text = match &key {
                Key::Str(s) => s.clone(),
                Key::Int(i) => i.to_string(),
            };
            let msg = format!(
                "Terminal leaf can not have atrributes: {} can not have attribute {param_text}.",
                parent.display
            );
            return Err(Error::new(ErrorKind::InvalidOperation, msg));
        }
        let default = converted.take().or_else(|| default.map(from_mj));
        let node = Node {
            display: child_display(&key, &parent.display, indexing, &default),
            internal: Some(child_internal(&key, parent.internal.as_deref())),
            default: default.unwrap_or_else(|| Value::str("")),
            children: IndexMap::default(),
            is_array: matches!(key, Key::Int(_)),
            is_leaf: false,
            attributes: IndexSet::default(),
            token: None,
        };
        let id = t.nodes.len();
        t.nodes.push(node);
        t.nodes[self.id].children.insert(key, id);
        Ok(self.value(id))
    }

    /// Python attribute access on a node (`node.name`): real methods aside, `__getattr__`
    /// records the name and Jinja falls back to `node['name']`, which answers with an
    /// existing child or a `ResponseObject` around this node.
    fn attribute(&self, name: &str) -> Option<MjValue> {
        if name.starts_with('_') {
            return None; // the sandbox hides private attributes
        }
        let child = {
            let mut t = lock(&self.tracker);
            t.nodes[self.id].attributes.insert(name.to_string());
            t.nodes[self.id]
                .children
                .get(&Key::Str(name.to_string()))
                .copied()
        };
        Some(match child {
            Some(c) => self.value(c),
            None => Response::make(MjValue::from_object(self.clone()), RetType::Tuple, 0),
        })
    }
}

impl Object for Param {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Iterable
    }

    /// `node[key]` (Jinja subscript).
    fn get_value(self: &Arc<Self>, key: &MjValue) -> Option<MjValue> {
        Some(
            self.get_common(key, true, None)
                .unwrap_or_else(MjValue::from),
        )
    }

    /// `node.name` (Jinja attribute).
    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<MjValue> {
        self.attribute(key)
    }

    /// `ParamObject.__iter__`: a `ResponseObject` that yields itself once. Jinja's async
    /// iteration first probes `hasattr(obj, "__aiter__")`, which `__getattr__` records, so
    /// an iterated param becomes truthy.
    fn enumerate(self: &Arc<Self>) -> Enumerator {
        lock(&self.tracker).nodes[self.id]
            .attributes
            .insert("__aiter__".to_string());
        let me = MjValue::from_object((**self).clone());
        Enumerator::Values(vec![Response::make(me, RetType::Response, 2)])
    }

    /// `BaseParam.__len__`: the number of attributes seen so far.
    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        Some(lock(&self.tracker).nodes[self.id].attributes.len())
    }

    /// Params are falsy until an attribute was read on them (`__len__`).
    fn is_true(self: &Arc<Self>) -> bool {
        !lock(&self.tracker).nodes[self.id].attributes.is_empty()
    }

    /// `BaseParam.__call__` returns the node itself. Jinja probes a callee first
    /// (`_PassArg.from_obj`: `jinja_pass_arg`; the sandbox's `is_safe_callable`:
    /// `unsafe_callable`, `alters_data`), and each probe lands in `__getattr__`, which
    /// records the name: a called node becomes truthy and `| length` counts the probes.
    fn call(
        self: &Arc<Self>,
        _state: &mut State<'_, '_>,
        _args: &[MjValue],
    ) -> Result<MjValue, Error> {
        {
            let mut t = lock(&self.tracker);
            for probe in ["jinja_pass_arg", "unsafe_callable", "alters_data"] {
                t.nodes[self.id].attributes.insert(probe.to_string());
            }
        }
        Ok(MjValue::from_object((**self).clone()))
    }

    fn call_method(
        self: &Arc<Self>,
        state: &mut State<'_, '_>,
        method: &str,
        args: &[MjValue],
    ) -> Result<MjValue, Error> {
        match method {
            "get" => {
                let param = args.first().ok_or_else(|| {
                    Error::new(
                        ErrorKind::MissingArgument,
                        "get() missing 1 required positional argument: 'param'",
                    )
                })?;
                self.get_common(param, false, args.get(1))
            }
            "items" => Ok(Response::make(
                MjValue::from_object((**self).clone()),
                RetType::Tuple,
                2,
            )),
            "params" => Ok(to_mj(&lock(&self.tracker).params_of(self.id))),
            other => match self.attribute(other) {
                Some(v) => v.call(state, args),
                None => Err(Error::new(
                    ErrorKind::UnknownMethod,
                    format!("object has no attribute {other}"),
                )),
            },
        }
    }

    /// `BaseParam.__str__` (and `ParamArray.__str__`, which makes the node a leaf).
    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut t = lock(&self.tracker);
        if t.nodes[self.id].is_array {
            t.nodes[self.id].is_leaf = true;
        }
        // written under the lock: the formatter only appends to the output
        f.write_str(t.token(self.id))
    }
}

/// `ResponseObject.__getitem__` as a call result: StopIteration becomes an error.
fn checked(v: MjValue) -> Result<MjValue, Error> {
    if v.kind() == minijinja::value::ValueKind::Invalid {
        return Err(Error::new(ErrorKind::InvalidOperation, "StopIteration"));
    }
    Ok(v)
}

/// What `ResponseObject.__getitem__` packs copies of `str(item)` into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RetType {
    Tuple,
    Response,
}

/// idem's `ResponseObject`.
#[derive(Debug)]
pub struct Response {
    item: MjValue,
    ret: RetType,
    pack: usize,
    index: Mutex<usize>,
}

impl Response {
    fn make(item: MjValue, ret: RetType, pack: usize) -> MjValue {
        MjValue::from_object(Response {
            item,
            ret,
            pack,
            index: Mutex::new(0),
        })
    }

    /// The value of the first `__getitem__`: the item, or `pack` copies of `str(item)`.
    fn first_item(&self) -> MjValue {
        if self.pack == 0 {
            return self.item.clone();
        }
        let text = self.item.to_string();
        let copies: Vec<MjValue> = (0..self.pack)
            .map(|_| MjValue::from(text.as_str()))
            .collect();
        match self.ret {
            RetType::Tuple => MjValue::from(copies),
            RetType::Response => Response::make(MjValue::from(copies), RetType::Tuple, 0),
        }
    }

    /// `ResponseObject.__getitem__`: alternates between the first item and StopIteration.
    fn get_item(&self) -> MjValue {
        let mut idx = match self.index.lock() {
            Ok(g) => g,
            Err(p) => p.into_inner(),
        };
        if *idx == 0 {
            *idx = 1;
            return self.first_item();
        }
        *idx = 0;
        MjValue::from(Error::new(ErrorKind::InvalidOperation, "StopIteration"))
    }
}

impl Object for Response {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Iterable
    }

    fn get_value(self: &Arc<Self>, _key: &MjValue) -> Option<MjValue> {
        Some(self.get_item())
    }

    /// No attributes: Jinja falls back to `obj[name]`.
    fn get_value_by_str(self: &Arc<Self>, key: &str) -> Option<MjValue> {
        if key.starts_with('_') {
            return None;
        }
        Some(self.get_item())
    }

    /// Iteration goes through the sequence protocol: one item, then StopIteration.
    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(vec![self.first_item()])
    }

    fn enumerator_len(self: &Arc<Self>) -> Option<usize> {
        Some(self.pack)
    }

    fn is_true(self: &Arc<Self>) -> bool {
        self.pack > 0
    }

    fn call(
        self: &Arc<Self>,
        _state: &mut State<'_, '_>,
        _args: &[MjValue],
    ) -> Result<MjValue, Error> {
        Ok(MjValue::from_dyn_object(self.clone()))
    }

    fn call_method(
        self: &Arc<Self>,
        state: &mut State<'_, '_>,
        method: &str,
        args: &[MjValue],
    ) -> Result<MjValue, Error> {
        if method.starts_with('_') {
            return Err(Error::from(ErrorKind::UnknownMethod));
        }
        checked(self.get_item())?.call(state, args)
    }

    /// `ResponseObject.__str__` is `str(item)`; a packed list prints like a Python list.
    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.item.kind() == minijinja::value::ValueKind::Seq {
            let parts: Vec<String> = self
                .item
                .try_iter()
                .map(|it| {
                    it.map(|x| halite_value::py_str_repr(&x.to_string()))
                        .collect()
                })
                .unwrap_or_default();
            return write!(f, "[{}]", parts.join(", "));
        }
        write!(f, "{}", self.item)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_forms() {
        let b = Some(Value::Bool(true));
        assert_eq!(
            child_display(&Key::Str("f".into()), "", false, &b),
            "ret.get('f', true)"
        );
        let d = Some(Value::Int(8080));
        assert_eq!(
            child_display(&Key::Str("p".into()), "", false, &d),
            "params.get('p', '8080')"
        );
        assert_eq!(
            child_display(&Key::Int(0), "params['l']", true, &None),
            "params['l'][0]"
        );
        assert_eq!(
            child_internal(&Key::Str("b".into()), Some("^^a^^")),
            "^^a^^.~~b"
        );
    }
}
