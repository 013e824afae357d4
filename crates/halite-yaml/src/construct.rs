//! Node graph -> `Value` with PyYAML's `SafeConstructor` and Salt's `SaltYamlSafeLoader`
//! overrides (salt/utils/yamlloader.py).
//!
//! PyYAML constructs breadth first: a collection's contents are built by a generator queued
//! in `state_generators` and run only after its parent is complete. Which error is reported
//! first depends on that order (a duplicate top-level ID wins over a bad nested value), so
//! [`SaltConstructor::check`] walks the graph in that order first; the recursive
//! [`SaltConstructor::build`] then runs on a graph known to be valid.

use crate::compose::{Graph, Node, NodeId, NodeKind, TAG_MAP, TAG_SEQ, TAG_STR};
use crate::error::{ErrorKind, Mark, YamlError};
use crate::resolve::{TAG_BOOL, TAG_FLOAT, TAG_INT, TAG_MERGE, TAG_NULL, TAG_TIMESTAMP, TAG_VALUE};
use halite_value::{py_str_repr, List, Map, MapHasher, Str, Value};
use std::borrow::Cow;
use std::collections::{HashMap, HashSet, VecDeque};

const TAG_OMAP: &str = "tag:yaml.org,2002:omap";
const TAG_PAIRS: &str = "tag:yaml.org,2002:pairs";
const TAG_SET: &str = "tag:yaml.org,2002:set";
const TAG_BINARY: &str = "tag:yaml.org,2002:binary";
const TAG_UNICODE: &str = "tag:yaml.org,2002:python/unicode";

/// Upper bound on constructed values, so alias bombs ("billion laughs") fail instead of
/// exhausting memory (PyYAML shares the objects; an owned `Value` tree cannot).
pub(crate) const MAX_VALUES: usize = 3_000_000;

/// How PyYAML constructs a node of a given tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Ctor {
    Null,
    Bool,
    Int,
    Float,
    Str,
    Binary,
    Seq,
    Map,
    Omap,
    Set,
    Undefined,
}

pub(crate) fn ctor_for(tag: &str) -> Ctor {
    match tag {
        TAG_NULL => Ctor::Null,
        TAG_BOOL => Ctor::Bool,
        TAG_INT => Ctor::Int,
        TAG_FLOAT => Ctor::Float,
        // Salt registers construct_scalar for timestamps: they stay the original text.
        TAG_STR | TAG_UNICODE | TAG_TIMESTAMP => Ctor::Str,
        TAG_BINARY => Ctor::Binary,
        TAG_SEQ => Ctor::Seq,
        TAG_MAP => Ctor::Map,
        // Salt's renderer registers construct_yaml_map for !!omap on the loader *class*
        // (SaltYamlSafeLoader.__init__ with an OrderedDict dictclass), so once any SLS has
        // been rendered, every Salt loader reads !!omap as a mapping.
        TAG_OMAP => Ctor::Map,
        TAG_PAIRS => Ctor::Omap,
        TAG_SET => Ctor::Set,
        _ => Ctor::Undefined,
    }
}

impl Ctor {
    /// Collections are built by generators (deferred); scalars immediately.
    fn deferred(self) -> bool {
        matches!(self, Ctor::Seq | Ctor::Map | Ctor::Omap | Ctor::Set)
    }
}

pub(crate) struct SaltConstructor<'g> {
    g: &'g Graph<'g>,
    /// Each node's constructor (`ctor_for` of its tag), computed once.
    ctors: Vec<Ctor>,
    memo: HashMap<NodeId, (Value, usize)>,
    built: usize,
}

fn constructor_error(problem: String, mark: Mark) -> YamlError {
    YamlError::new(ErrorKind::Constructor, problem, mark)
}

fn other_error(problem: String, mark: Mark) -> YamlError {
    YamlError::new(ErrorKind::Other, problem, mark)
}

impl<'g> SaltConstructor<'g> {
    pub(crate) fn new(g: &'g Graph<'g>) -> Self {
        SaltConstructor {
            g,
            ctors: g.nodes.iter().map(|n| ctor_for(&n.tag)).collect(),
            memo: HashMap::new(),
            built: 0,
        }
    }

    fn ctor(&self, id: NodeId) -> Ctor {
        self.ctors.get(id).copied().unwrap_or(Ctor::Undefined)
    }

    fn node(&self, id: NodeId) -> Result<&'g Node<'g>, YamlError> {
        self.g
            .nodes
            .get(id)
            .ok_or_else(|| other_error("internal error: dangling node".into(), Mark::default()))
    }

    pub(crate) fn construct_document(&mut self) -> Result<Value, YamlError> {
        let Some(root) = self.g.root else {
            return Ok(Value::Null);
        };
        self.check(root)?;
        self.build(root)
    }

    // ---- phase 1: PyYAML's error order -------------------------------------------------

    /// Visits the graph in PyYAML's construction order and returns its first error.
    fn check(&self, root: NodeId) -> Result<(), YamlError> {
        let mut queue = VecDeque::new();
        let mut seen = vec![false; self.g.nodes.len()];
        let mut keys: KeySet<'g> = KeySet::default();
        self.visit(root, &mut queue, &mut seen)?;
        while let Some(id) = queue.pop_front() {
            let node = self.node(id)?;
            match self.ctor(id) {
                Ctor::Seq => {
                    let NodeKind::Seq(items) = &node.kind else {
                        let p = format!("expected a sequence node, but found {}", node.id_name());
                        return Err(constructor_error(p, node.start));
                    };
                    for item in items {
                        self.visit(*item, &mut queue, &mut seen)?;
                    }
                }
                Ctor::Map | Ctor::Set => {
                    let pairs = self.mapping_pairs(id)?;
                    keys.clear(pairs.len());
                    for &(k, v) in pairs.iter() {
                        let key = self.key_ref(id, k)?;
                        self.visit(v, &mut queue, &mut seen)?;
                        if !keys.insert(key) {
                            let key = self.key_value(id, k)?;
                            return Err(self.conflict_error(id, k, &key));
                        }
                    }
                }
                Ctor::Omap => {
                    for (k, v) in self.omap_pairs(id)? {
                        self.visit(k, &mut queue, &mut seen)?;
                        self.visit(v, &mut queue, &mut seen)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// `construct_object` with deep=False: scalars are built (and may fail) now,
    /// collections are queued once.
    fn visit(
        &self,
        id: NodeId,
        queue: &mut VecDeque<NodeId>,
        seen: &mut [bool],
    ) -> Result<(), YamlError> {
        let node = self.node(id)?;
        let ctor = self.ctor(id);
        if ctor.deferred() {
            if let Some(s) = seen.get_mut(id).filter(|s| !**s) {
                *s = true;
                queue.push_back(id);
            }
            return Ok(());
        }
        // Strings and nulls cannot fail: skip building them twice.
        if matches!(
            (ctor, &node.kind),
            (Ctor::Str, NodeKind::Scalar { .. }) | (Ctor::Null, _)
        ) {
            return Ok(());
        }
        self.scalar(node, ctor).map(|_| ())
    }

    fn conflict_error(&self, map_id: NodeId, key_id: NodeId, key: &Value) -> YamlError {
        let map_mark = self.node(map_id).map(|n| n.start).unwrap_or_default();
        let key_mark = self.node(key_id).map(|n| n.start).unwrap_or_default();
        constructor_error(format!("found conflicting ID '{}'", key.py_str()), key_mark)
            .with_context("while constructing a mapping", Some(map_mark))
    }

    /// A mapping key: collections are unhashable in Python (the generator has only yielded
    /// an empty dict/list when `hash()` fails, so their contents are never built).
    fn key_value(&self, map_id: NodeId, key_id: NodeId) -> Result<Value, YamlError> {
        let key = self.node(key_id)?;
        // flatten_mapping retags `=` keys (tag:yaml.org,2002:value) as plain strings.
        let ctor = if key.tag == TAG_VALUE {
            Ctor::Str
        } else {
            self.ctor(key_id)
        };
        if ctor.deferred() {
            let map_mark = self.node(map_id)?.start;
            let p = format!("found unacceptable key {}", self.node_value_repr(key_id, 0));
            return Err(constructor_error(p, key.start)
                .with_context("while constructing a mapping", Some(map_mark)));
        }
        self.scalar(key, ctor)
    }

    /// A key for duplicate detection without building a `Value` for string keys (strings
    /// only ever equal strings in Python; other keys use Value's Python equality).
    fn key_ref(&self, map_id: NodeId, key_id: NodeId) -> Result<KeyRef<'g>, YamlError> {
        let key = self.node(key_id)?;
        if let NodeKind::Scalar { value } = &key.kind {
            if key.tag == TAG_STR || key.tag == TAG_VALUE || key.tag == TAG_TIMESTAMP {
                return Ok(KeyRef::Str(value));
            }
        }
        match self.key_value(map_id, key_id)? {
            Value::Str(_) => Ok(KeyRef::Str(self.scalar_text(key_id))),
            other => Ok(KeyRef::Other(other)),
        }
    }

    fn scalar_text(&self, id: NodeId) -> &'g str {
        match self.g.nodes.get(id).map(|n| &n.kind) {
            Some(NodeKind::Scalar { value }) => value,
            _ => "",
        }
    }

    /// Python `repr(node.value)`: a scalar's text, or the list of child nodes / pairs.
    fn node_value_repr(&self, id: NodeId, depth: usize) -> String {
        let Ok(node) = self.node(id) else {
            return String::new();
        };
        if depth > 50 {
            return "[...]".into();
        }
        match &node.kind {
            NodeKind::Scalar { value, .. } => py_str_repr(value),
            NodeKind::Seq(items) => {
                let parts: Vec<String> = items
                    .iter()
                    .map(|i| self.node_repr(*i, depth + 1))
                    .collect();
                format!("[{}]", parts.join(", "))
            }
            NodeKind::Map(pairs) => {
                let parts: Vec<String> = pairs
                    .iter()
                    .map(|(k, v)| {
                        format!(
                            "({}, {})",
                            self.node_repr(*k, depth + 1),
                            self.node_repr(*v, depth + 1)
                        )
                    })
                    .collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }

    /// Python `repr(node)`: `ScalarNode(tag='...', value='...')`.
    fn node_repr(&self, id: NodeId, depth: usize) -> String {
        let Ok(node) = self.node(id) else {
            return String::new();
        };
        let class = match node.kind {
            NodeKind::Scalar { .. } => "ScalarNode",
            NodeKind::Seq(_) => "SequenceNode",
            NodeKind::Map(_) => "MappingNode",
        };
        format!(
            "{class}(tag={}, value={})",
            py_str_repr(&node.tag),
            self.node_value_repr(id, depth)
        )
    }

    // ---- merge keys ----------------------------------------------------------------------

    /// Salt's `flatten_mapping`: `<<` values (a mapping or a list of mappings) are put in
    /// front, minus entries whose key *text* the mapping itself has. Entries of several
    /// merged mappings are not de-duplicated among themselves (a conflicting ID then).
    pub(crate) fn mapping_pairs(
        &self,
        id: NodeId,
    ) -> Result<Cow<'g, [(NodeId, NodeId)]>, YamlError> {
        let node = self.node(id)?;
        if let NodeKind::Map(pairs) = &node.kind {
            let has_merge = pairs
                .iter()
                .any(|(k, _)| self.g.nodes.get(*k).is_some_and(|n| n.tag == TAG_MERGE));
            if !has_merge {
                return Ok(Cow::Borrowed(pairs));
            }
        }
        self.flatten(id, 0).map(Cow::Owned)
    }

    fn flatten(&self, id: NodeId, depth: usize) -> Result<Vec<(NodeId, NodeId)>, YamlError> {
        let node = self.node(id)?;
        let NodeKind::Map(pairs) = &node.kind else {
            let p = format!("expected a mapping node, but found {}", node.id_name());
            return Err(constructor_error(p, node.start));
        };
        if depth > 200 {
            return Err(other_error(
                "merge keys nested too deeply".into(),
                node.start,
            ));
        }
        let mut own = Vec::with_capacity(pairs.len());
        let mut merge = Vec::new();
        for (k, v) in pairs {
            if self.node(*k)?.tag != TAG_MERGE {
                own.push((*k, *v));
                continue;
            }
            let value = self.node(*v)?;
            match &value.kind {
                NodeKind::Map(_) => merge.extend(self.flatten(*v, depth + 1)?),
                NodeKind::Seq(items) => {
                    let mut sub = Vec::new();
                    for item in items {
                        let sn = self.node(*item)?;
                        if !matches!(sn.kind, NodeKind::Map(_)) {
                            let p = format!(
                                "expected a mapping for merging, but found {}",
                                sn.id_name()
                            );
                            return Err(constructor_error(p, sn.start)
                                .with_context("while constructing a mapping", Some(node.start)));
                        }
                        sub.push(self.flatten(*item, depth + 1)?);
                    }
                    for s in sub.into_iter().rev() {
                        merge.extend(s);
                    }
                }
                NodeKind::Scalar { .. } => {
                    let p = format!(
                        "expected a mapping or list of mappings for merging, but found {}",
                        value.id_name()
                    );
                    return Err(constructor_error(p, value.start)
                        .with_context("while constructing a mapping", Some(node.start)));
                }
            }
        }
        if merge.is_empty() {
            return Ok(own);
        }
        let own_keys: Vec<NodeRaw> = own.iter().map(|(k, _)| self.raw(*k)).collect();
        let mut out: Vec<(NodeId, NodeId)> = merge
            .into_iter()
            .filter(|(k, _)| !own_keys.contains(&self.raw(*k)))
            .collect();
        out.extend(own);
        Ok(out)
    }

    /// `key_node.value` as Python compares it: scalar text, or node identity for collections.
    fn raw(&self, id: NodeId) -> NodeRaw<'g> {
        match self.g.nodes.get(id).map(|n| &n.kind) {
            Some(NodeKind::Scalar { value, .. }) => NodeRaw::Text(value),
            _ => NodeRaw::Node(id),
        }
    }

    fn omap_pairs(&self, id: NodeId) -> Result<Vec<(NodeId, NodeId)>, YamlError> {
        let node = self.node(id)?;
        let context = if node.tag == TAG_PAIRS {
            "while constructing pairs"
        } else {
            "while constructing an ordered map"
        };
        let NodeKind::Seq(items) = &node.kind else {
            let p = format!("expected a sequence, but found {}", node.id_name());
            return Err(constructor_error(p, node.start).with_context(context, Some(node.start)));
        };
        let mut out = Vec::new();
        for item in items {
            let sn = self.node(*item)?;
            match &sn.kind {
                NodeKind::Map(p) if p.len() == 1 => out.push(p[0]),
                NodeKind::Map(p) => {
                    let msg = format!(
                        "expected a single mapping item, but found {} items",
                        p.len()
                    );
                    return Err(
                        constructor_error(msg, sn.start).with_context(context, Some(node.start))
                    );
                }
                _ => {
                    let msg = format!("expected a mapping of length 1, but found {}", sn.id_name());
                    return Err(
                        constructor_error(msg, sn.start).with_context(context, Some(node.start))
                    );
                }
            }
        }
        Ok(out)
    }

    // ---- scalars ---------------------------------------------------------------------------

    pub(crate) fn scalar(&self, node: &Node<'_>, ctor: Ctor) -> Result<Value, YamlError> {
        let text = match (&node.kind, ctor) {
            (_, Ctor::Undefined) => {
                let p = format!(
                    "could not determine a constructor for the tag {}",
                    py_str_repr(&node.tag)
                );
                return Err(constructor_error(p, node.start));
            }
            (NodeKind::Scalar { value, .. }, _) => value.as_ref(),
            (_, Ctor::Null) => return Ok(Value::Null),
            _ => {
                let p = format!("expected a scalar node, but found {}", node.id_name());
                return Err(constructor_error(p, node.start));
            }
        };
        let res = match ctor {
            Ctor::Null => Ok(Value::Null),
            Ctor::Bool => construct_bool(text),
            Ctor::Int => construct_int(text),
            Ctor::Float => construct_float(text),
            Ctor::Binary => construct_binary(text),
            _ => Ok(Value::Str(Str::new(text))),
        };
        res.map_err(|p| match ctor {
            Ctor::Binary => constructor_error(p, node.start),
            _ => other_error(p, node.start),
        })
    }

    // ---- phase 2: build ----------------------------------------------------------------------

    fn build(&mut self, id: NodeId) -> Result<Value, YamlError> {
        let node = self.node(id)?;
        // only shared collections are memoized
        if node.refs > 1 {
            if let Some((v, size)) = self.memo.get(&id).cloned() {
                self.charge(size, id)?;
                return Ok(v);
            }
        }
        let before = self.built;
        let ctor = self.ctor(id);
        let value = match ctor {
            Ctor::Seq => {
                let NodeKind::Seq(items) = &node.kind else {
                    return Err(self.unexpected(node));
                };
                let mut out = List::with_capacity(items.len());
                for item in items {
                    out.push(self.build(*item)?);
                }
                Value::List(out)
            }
            Ctor::Map | Ctor::Set => {
                let pairs = self.mapping_pairs(id)?;
                let mut map = Map::with_capacity(pairs.len());
                for &(k, v) in pairs.iter() {
                    let key = self.key_value(id, k)?;
                    let value = if ctor == Ctor::Set {
                        Value::Null
                    } else {
                        self.build(v)?
                    };
                    // `check` already rejected duplicates; keep the guard anyway.
                    if map.insert(key, value).is_some() {
                        let key = self.key_value(id, k)?;
                        return Err(self.conflict_error(id, k, &key));
                    }
                }
                Value::Map(map)
            }
            // PyYAML gives a list of (key, value) tuples; JSON shows them as 2-item lists.
            Ctor::Omap => {
                let mut out = List::new();
                for (k, v) in self.omap_pairs(id)? {
                    out.push(Value::List([self.build(k)?, self.build(v)?].into()));
                }
                Value::List(out)
            }
            _ => self.scalar(node, ctor)?,
        };
        self.charge(1, id)?;
        if self.is_shared(id) {
            let size = self.built - before;
            self.memo.insert(id, (value.clone(), size));
        }
        Ok(value)
    }

    fn charge(&mut self, n: usize, id: NodeId) -> Result<(), YamlError> {
        self.built = self.built.saturating_add(n);
        if self.built > MAX_VALUES {
            let mark = self.node(id).map(|n| n.start).unwrap_or_default();
            return Err(other_error(
                "document too large (alias expansion)".into(),
                mark,
            ));
        }
        Ok(())
    }

    /// Aliased collections are built once and cloned; memoizing every node costs memory.
    fn is_shared(&self, id: NodeId) -> bool {
        self.g
            .nodes
            .get(id)
            .is_some_and(|n| n.refs > 1 && !matches!(n.kind, NodeKind::Scalar { .. }))
    }

    fn unexpected(&self, node: &Node<'_>) -> YamlError {
        other_error(format!("unexpected {} node", node.id_name()), node.start)
    }
}

/// The keys of one mapping seen so far (duplicate detection): a list for the usual small
/// mappings, a hash set (FxHash) for large ones.
#[derive(Default)]
struct KeySet<'a> {
    list: Vec<KeyRef<'a>>,
    set: HashSet<KeyRef<'a>, MapHasher>,
    hashed: bool,
}

impl<'a> KeySet<'a> {
    const LINEAR_MAX: usize = 16;

    fn clear(&mut self, expected: usize) {
        self.list.clear();
        self.set.clear();
        self.hashed = expected > Self::LINEAR_MAX;
    }

    /// False when an equal key was inserted before.
    fn insert(&mut self, key: KeyRef<'a>) -> bool {
        if self.hashed {
            return self.set.insert(key);
        }
        if self.list.contains(&key) {
            return false;
        }
        self.list.push(key);
        true
    }
}

#[derive(PartialEq, Eq, Hash)]
enum KeyRef<'a> {
    Str(&'a str),
    Other(Value),
}

#[derive(PartialEq)]
enum NodeRaw<'a> {
    Text(&'a str),
    Node(NodeId),
}

/// `construct_yaml_bool`: `bool_values[value.lower()]` (a KeyError for anything else).
pub(crate) fn construct_bool(text: &str) -> Result<Value, String> {
    // ASCII text lowers as ASCII: compared without making the lowered copy
    if text.is_ascii() {
        let is = |word: &str| text.eq_ignore_ascii_case(word);
        if is("yes") || is("true") || is("on") {
            return Ok(Value::Bool(true));
        }
        if is("no") || is("false") || is("off") {
            return Ok(Value::Bool(false));
        }
    }
    match text.to_lowercase().as_str() {
        "yes" | "true" | "on" => Ok(Value::Bool(true)),
        "no" | "false" | "off" => Ok(Value::Bool(false)),
        other => Err(py_str_repr(other)),
    }
}

/// Salt's `construct_scalar` override strips leading zeros of an int that does not start
/// with `0b`/`0x` (so `0644` is 644, not octal 420; `-0644` is not stripped and stays octal),
/// then PyYAML's `construct_yaml_int` runs.
pub(crate) fn construct_int(text: &str) -> Result<Value, String> {
    let mut v = text;
    if v != "0" && v.starts_with('0') && !v.starts_with("0b") && !v.starts_with("0x") {
        v = v.trim_start_matches('0');
        if v.is_empty() {
            v = "0";
        }
    }
    let v: Cow<'_, str> = if v.contains('_') {
        Cow::Owned(v.replace('_', ""))
    } else {
        Cow::Borrowed(v)
    };
    let (sign, digits) = match v.as_bytes().first() {
        None => return Err("string index out of range".into()),
        Some(b'-') => (-1i128, &v[1..]),
        Some(b'+') => (1, &v[1..]),
        Some(_) => (1, v.as_ref()),
    };
    let invalid = |base: u32| {
        format!(
            "invalid literal for int() with base {base}: {}",
            py_str_repr(text)
        )
    };
    let magnitude: i128 = if digits == "0" {
        0
    } else if let Some(b) = digits.strip_prefix("0b") {
        i128::from_str_radix(b, 2).map_err(|_| invalid(2))?
    } else if let Some(h) = digits.strip_prefix("0x") {
        i128::from_str_radix(h, 16).map_err(|_| invalid(16))?
    } else if digits.starts_with('0') {
        i128::from_str_radix(digits, 8).map_err(|_| invalid(8))?
    } else if digits.contains(':') {
        let mut total: i128 = 0;
        for part in digits.split(':') {
            let d: i128 = part.trim().parse().map_err(|_| invalid(10))?;
            total = total.saturating_mul(60).saturating_add(d);
        }
        total
    } else {
        match digits.trim().parse::<i128>() {
            Ok(n) => n,
            Err(_) => {
                // Python ints are unbounded; beyond i128 keep the magnitude as a float.
                if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                    let f: f64 = digits.parse().map_err(|_| invalid(10))?;
                    return Ok(Value::Float(sign as f64 * f));
                }
                return Err(invalid(10));
            }
        }
    };
    let n = sign * magnitude;
    // Value holds i64; Python ints beyond that are approximated by a float.
    Ok(i64::try_from(n)
        .map(Value::Int)
        .unwrap_or(Value::Float(n as f64)))
}

/// `construct_yaml_float`: underscores dropped, lower-cased, `.inf`/`.nan`, base-60 parts,
/// else Python `float()`.
pub(crate) fn construct_float(text: &str) -> Result<Value, String> {
    // the usual `1.5` has nothing to drop or lower: no copy then
    let v: Cow<'_, str> = if text
        .bytes()
        .all(|b| b != b'_' && !b.is_ascii_uppercase() && b.is_ascii())
    {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(text.replace('_', "").to_lowercase())
    };
    let (sign, rest) = match v.as_bytes().first() {
        None => return Err("string index out of range".into()),
        Some(b'-') => (-1.0, &v[1..]),
        Some(b'+') => (1.0, &v[1..]),
        Some(_) => (1.0, v.as_ref()),
    };
    let invalid = || format!("could not convert string to float: {}", py_str_repr(rest));
    if rest == ".inf" {
        return Ok(Value::Float(sign * f64::INFINITY));
    }
    if rest == ".nan" {
        return Ok(Value::Float(f64::NAN));
    }
    if rest.contains(':') {
        let mut total = 0.0f64;
        for part in rest.split(':') {
            let d = py_float(part).ok_or_else(invalid)?;
            total = total * 60.0 + d;
        }
        return Ok(Value::Float(sign * total));
    }
    py_float(rest)
        .map(|f| Value::Float(sign * f))
        .ok_or_else(invalid)
}

/// Python `float(s)` for the texts the resolver lets through (Rust accepts `1.`, `.5`).
fn py_float(s: &str) -> Option<f64> {
    let t = s.trim();
    if t.is_empty() {
        return None;
    }
    t.parse::<f64>().ok()
}

/// `construct_yaml_binary`: base64 to bytes. `Value` has no bytes; valid UTF-8 becomes a
/// string, anything else is decoded lossily.
fn construct_binary(text: &str) -> Result<Value, String> {
    let bytes = crate::base64::decode(text)
        .ok_or_else(|| "failed to decode base64 data: Incorrect padding".to_string())?;
    Ok(Value::Str(String::from_utf8_lossy(&bytes).into()))
}
