//! Parameter values while a node is being rendered.
//!
//! Merging is lazy, as in reclass-rs: when two entities set the same key, the values are kept
//! as *layers* and only merged after each layer's references are interpolated. Containers are
//! reference counted so that a class parsed once is shared by every node that includes it.

use crate::token::{self, Token};
use halite_value::Value;
use indexmap::{Equivalent, IndexMap};
use std::hash::{BuildHasher, Hash, Hasher};
use std::sync::Arc;

/// A mapping key: shared, so that merging and interpolating copy no key text.
pub(crate) type Key = Arc<Value>;

/// Looks a string key up without building a `Value` (hashes as `Value::Str` does).
pub(crate) struct StrKey<'a>(pub &'a str);

impl Hash for StrKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state)
    }
}

impl Equivalent<Key> for StrKey<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        matches!(&**key, Value::Str(s) if s == self.0)
    }
}

/// A fast non-cryptographic hasher (FxHash's mixing) for parameter keys.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct FxBuild;

impl BuildHasher for FxBuild {
    type Hasher = FxHasher;
    fn build_hasher(&self) -> FxHasher {
        FxHasher(0)
    }
}

pub(crate) struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A string with references, parsed once when its file is loaded.
#[derive(Debug)]
pub(crate) struct RefStr {
    pub raw: String,
    pub token: Result<Token, String>,
}

#[derive(Debug, Clone)]
pub(crate) enum PValue {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    /// Text without references (or already interpolated).
    Lit(Arc<str>),
    /// Text with references, not yet interpolated.
    Ref(Arc<RefStr>),
    Map(Arc<PMap>),
    Seq(Arc<PSeq>),
    /// Values set for one key by several entities, oldest first.
    Layers(Vec<PValue>),
    /// A reference that could not be resolved; fatal unless a later layer overwrites it.
    Error(Arc<str>),
}

impl PValue {
    /// reclass-rs's name for the variant, as used in its error messages.
    pub fn variant(&self) -> &'static str {
        match self {
            PValue::Null => "Value::Null",
            PValue::Bool(_) => "Value::Bool",
            PValue::Int(_) | PValue::Float(_) => "Value::Number",
            PValue::Lit(_) => "Value::Literal",
            PValue::Ref(_) => "Value::String",
            PValue::Map(_) => "Value::Mapping",
            PValue::Seq(_) => "Value::Sequence",
            PValue::Layers(_) => "Value::ValueList",
            PValue::Error(_) => "Value::ResolveError",
        }
    }

    /// Anything but a mapping, a sequence or layers.
    pub fn is_scalar(&self) -> bool {
        !matches!(self, PValue::Map(_) | PValue::Seq(_) | PValue::Layers(_))
    }

    /// Holds no layers and no uninterpolated strings (errors are allowed): interpolating it
    /// again changes nothing.
    pub fn is_clean(&self) -> bool {
        match self {
            PValue::Ref(_) | PValue::Layers(_) => false,
            PValue::Map(m) => m.clean,
            PValue::Seq(s) => s.clean,
            _ => true,
        }
    }

    pub fn lit(s: &str) -> PValue {
        PValue::Lit(Arc::from(s))
    }

    /// Converts loaded YAML. Strings that may hold references are parsed now.
    pub fn from_value(v: &Value) -> PValue {
        match v {
            Value::Null => PValue::Null,
            Value::Bool(b) => PValue::Bool(*b),
            Value::Int(i) => PValue::Int(*i),
            Value::Float(f) => PValue::Float(*f),
            Value::Str(s) => PValue::from_str(s),
            Value::List(l) => PValue::Seq(Arc::new(PSeq::new(
                l.iter().map(PValue::from_value).collect(),
            ))),
            Value::Map(m) => {
                let mut out = PMap::with_capacity(m.len());
                for (k, v) in m.iter() {
                    out.insert_prefixed(k.clone(), PValue::from_value(v));
                }
                PValue::Map(Arc::new(out))
            }
        }
    }

    pub fn from_str(s: &str) -> PValue {
        if token::may_contain_refs(s) {
            PValue::Ref(Arc::new(RefStr {
                raw: s.to_string(),
                token: token::parse(s),
            }))
        } else {
            PValue::lit(s)
        }
    }
}

/// Marks a key may carry: `=key` (constant) or `~key` (override instead of merge).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum KeyPrefix {
    Constant,
    Override,
}

/// Splits a `~`/`=` marker off a string key.
pub(crate) fn strip_prefix(k: Key) -> (Key, Option<KeyPrefix>) {
    if let Value::Str(s) = &*k {
        let prefix = match s.chars().next() {
            Some('=') => Some(KeyPrefix::Constant),
            Some('~') => Some(KeyPrefix::Override),
            _ => None,
        };
        if let Some(p) = prefix {
            return (Arc::new(Value::Str(s[1..].into())), Some(p));
        }
    }
    (k, None)
}

#[derive(Debug, Clone)]
pub(crate) struct Entry {
    pub value: PValue,
    pub constant: bool,
    /// The key was marked `~` and had nothing to override yet: it overrides when this map
    /// is merged over another one.
    pub overrides: bool,
}

/// A sequence, with its [`PValue::is_clean`] state.
#[derive(Debug, Clone)]
pub(crate) struct PSeq {
    pub items: Vec<PValue>,
    pub clean: bool,
}

impl PSeq {
    pub fn new(items: Vec<PValue>) -> Self {
        let clean = items.iter().all(PValue::is_clean);
        PSeq { items, clean }
    }
}

/// A parameters mapping with reclass's key markers.
#[derive(Debug, Clone)]
pub(crate) struct PMap {
    pub entries: IndexMap<Key, Entry, FxBuild>,
    /// See [`PValue::is_clean`].
    pub clean: bool,
}

impl Default for PMap {
    fn default() -> Self {
        PMap {
            entries: IndexMap::with_hasher(FxBuild),
            clean: true,
        }
    }
}

impl PMap {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn with_capacity(n: usize) -> Self {
        PMap {
            entries: IndexMap::with_capacity_and_hasher(n, FxBuild),
            clean: true,
        }
    }

    pub fn get_str(&self, k: &str) -> Option<&PValue> {
        self.entries.get(&StrKey(k)).map(|e| &e.value)
    }

    /// Inserts a key as written in YAML (markers not yet stripped).
    pub fn insert_prefixed(&mut self, k: Value, v: PValue) {
        // A fresh mapping has no constant keys, so this cannot fail.
        let _ = self.insert(Arc::new(k), v, false, false);
    }

    /// reclass's insertion: a new key is set; an existing key gets the value as a new layer,
    /// or is replaced when the key (or `force_override`) says so. Returns the replaced value.
    pub fn insert(
        &mut self,
        k: Key,
        v: PValue,
        force_const: bool,
        force_override: bool,
    ) -> Result<Option<PValue>, String> {
        let (k, prefix) = strip_prefix(k);
        let make_const = force_const || prefix == Some(KeyPrefix::Constant);
        if !v.is_clean() {
            self.clean = false;
        }
        let Some(entry) = self.entries.get_mut(&k) else {
            let overrides = force_override || prefix == Some(KeyPrefix::Override);
            self.entries.insert(
                k,
                Entry {
                    value: v,
                    constant: make_const,
                    overrides,
                },
            );
            return Ok(None);
        };
        if entry.constant {
            return Err(format!("Can't overwrite constant key {}", key_display(&k)));
        }
        let replaced = if force_override || prefix == Some(KeyPrefix::Override) {
            Some(std::mem::replace(&mut entry.value, v))
        } else {
            add_layer(&mut entry.value, v);
            self.clean = false;
            None
        };
        if make_const {
            entry.constant = true;
        }
        Ok(replaced)
    }
}

fn add_layer(slot: &mut PValue, v: PValue) {
    if !matches!(slot, PValue::Layers(_)) {
        let old = std::mem::replace(slot, PValue::Layers(Vec::with_capacity(2)));
        if let PValue::Layers(l) = slot {
            l.push(old);
        }
    }
    if let PValue::Layers(l) = slot {
        match v {
            PValue::Layers(more) => l.extend(more),
            v => l.push(v),
        }
    }
}

/// How reclass-rs displays a key in error messages.
pub(crate) fn key_display(k: &Value) -> String {
    match k {
        Value::Str(s) => format!("\"{s}\""),
        Value::Null => "Null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => format!("{f:?}"),
        other => other.py_repr(),
    }
}
