//! Conversions between halite's [`halite_value::Value`] and minijinja values. Data entering
//! a template (grains, pillar, opts, function results) becomes mutable dicts and lists;
//! data leaving it (function arguments, serializers) becomes plain `Value`s.

use crate::mutable::{MutList, MutMap};
use halite_value::{Map, Value as HValue};
use indexmap::IndexMap;
use minijinja::value::{ObjectRepr, Value, ValueKind};

/// halite value -> template value (dicts and lists become mutable objects).
pub fn to_mj(v: &HValue) -> Value {
    match v {
        HValue::Null => Value::from(()),
        HValue::Bool(b) => Value::from(*b),
        HValue::Int(i) => Value::from(*i),
        HValue::Float(f) => Value::from(*f),
        HValue::Str(s) => Value::from(s.as_str()),
        HValue::List(l) => MutList::new(l.iter().map(to_mj).collect()).into_value(),
        HValue::Map(m) => map_to_mj(m),
    }
}

pub fn map_to_mj(m: &Map) -> Value {
    let mut out = IndexMap::with_capacity(m.len());
    for (k, v) in m.iter() {
        out.insert(to_mj(k), to_mj(v));
    }
    MutMap::new(out).into_value()
}

/// Key sequences of the pillar's dicts: a function result dict with one of these key orders
/// came out of the pillar (Salt hands out the pillar's own `OrderedDict`s, and
/// `dictupdate.merge` keeps a pillar-only sub-dict as it is), so it stays ordered.
#[derive(Debug, Default)]
pub struct PillarShapes(std::collections::HashSet<Vec<String>>);

impl PillarShapes {
    pub fn new(pillar: &HValue) -> Self {
        let mut set = std::collections::HashSet::new();
        collect_shapes(pillar, &mut set, 0);
        PillarShapes(set)
    }

    fn matches(&self, m: &Map) -> bool {
        m.len() > 1 && self.0.contains(&shape(m))
    }
}

fn shape(m: &Map) -> Vec<String> {
    m.keys().map(HValue::py_str).collect()
}

fn collect_shapes(v: &HValue, set: &mut std::collections::HashSet<Vec<String>>, depth: usize) {
    if depth > 64 {
        return;
    }
    match v {
        HValue::Map(m) => {
            if m.len() > 1 {
                set.insert(shape(m));
            }
            m.values().for_each(|x| collect_shapes(x, set, depth + 1));
        }
        HValue::List(l) => l.iter().for_each(|x| collect_shapes(x, set, depth + 1)),
        _ => {}
    }
}

/// Whether the dicts given to a function were `OrderedDict`s, by key sequence: a result
/// dict with the key order of an argument dict is (a copy of) that dict and keeps its type.
#[derive(Debug, Default)]
pub struct ArgShapes(std::collections::HashMap<Vec<String>, bool>);

impl ArgShapes {
    pub fn new(args: &[Value]) -> Self {
        let mut s = ArgShapes::default();
        for a in args {
            s.collect(a, 0);
        }
        s
    }

    fn collect(&mut self, v: &Value, depth: usize) {
        if depth > 64 {
            return;
        }
        if let Some(m) = crate::mutable::as_mut_map(v) {
            let entries = m.entries();
            let keys: Vec<String> = entries
                .iter()
                .map(|(k, _)| crate::repr::py_str(k))
                .collect();
            if keys.len() > 1 {
                self.0.entry(keys).or_insert(m.is_ordered());
            }
            for (_, x) in entries {
                self.collect(&x, depth + 1);
            }
        } else if let Some(l) = crate::mutable::as_mut_list(v) {
            for x in l.items() {
                self.collect(&x, depth + 1);
            }
        } else if v.is_kwargs() {
            if let Ok(keys) = v.try_iter() {
                for k in keys {
                    self.collect(&v.get_item(&k).unwrap_or_default(), depth + 1);
                }
            }
        }
    }
}

/// Like [`to_mj`] for a function result: a dict shaped like an argument dict takes its type,
/// else a dict shaped like a pillar dict is an `OrderedDict`, else a plain dict.
pub fn to_mj_shaped(v: &HValue, args: &ArgShapes, shapes: &PillarShapes) -> Value {
    match v {
        HValue::List(l) => {
            MutList::new(l.iter().map(|x| to_mj_shaped(x, args, shapes)).collect()).into_value()
        }
        HValue::Map(m) => {
            let mut out = IndexMap::with_capacity(m.len());
            for (k, x) in m.iter() {
                out.insert(to_mj(k), to_mj_shaped(x, args, shapes));
            }
            let ordered = match args.0.get(&shape(m)) {
                Some(flag) => *flag,
                None => shapes.matches(m),
            };
            if ordered {
                MutMap::new_ordered(out).into_value()
            } else {
                MutMap::new(out).into_value()
            }
        }
        other => to_mj(other),
    }
}

/// Where a merge result's dicts come from, for `dictupdate.update`-style merges: at each
/// path the first source that has a dict there decides the type (Salt deep-copies `dest`
/// and assigns `upd`'s sub-dicts where `dest` has none).
#[derive(Debug, Clone)]
pub enum Source {
    /// A template value (a dict knows whether it is an `OrderedDict`).
    Template(Value),
    /// The compiled pillar: `OrderedDict`s throughout.
    Pillar,
}

impl Source {
    fn map_flag(&self) -> Option<bool> {
        match self {
            Source::Template(v) => crate::mutable::as_mut_map(v).map(|m| m.is_ordered()),
            Source::Pillar => Some(true),
        }
    }

    fn child(&self, key: &Value) -> Option<Source> {
        match self {
            Source::Template(v) => crate::mutable::as_mut_map(v)
                .and_then(|m| m.get(key))
                .map(Source::Template),
            Source::Pillar => Some(Source::Pillar),
        }
    }
}

/// Converts a merge result, taking each dict's type from `sources` (see [`Source`]).
pub fn to_mj_merged(v: &HValue, sources: &[Source], shapes: &PillarShapes) -> Value {
    match v {
        HValue::Map(m) => {
            let mut out = IndexMap::with_capacity(m.len());
            for (k, x) in m.iter() {
                let key = to_mj(k);
                let children: Vec<Source> = sources.iter().filter_map(|s| s.child(&key)).collect();
                out.insert(key, to_mj_merged(x, &children, shapes));
            }
            let ordered = match sources.iter().find_map(Source::map_flag) {
                Some(flag) => flag,
                None => shapes.matches(m),
            };
            if ordered {
                MutMap::new_ordered(out).into_value()
            } else {
                MutMap::new(out).into_value()
            }
        }
        HValue::List(l) => {
            MutList::new(l.iter().map(|x| to_mj_merged(x, &[], shapes)).collect()).into_value()
        }
        other => to_mj(other),
    }
}

/// Like [`to_mj`], with every dict a Salt `OrderedDict` (compiled pillar data).
pub fn to_mj_ordered(v: &HValue) -> Value {
    match v {
        HValue::List(l) => MutList::new(l.iter().map(to_mj_ordered).collect()).into_value(),
        HValue::Map(m) => {
            let mut out = IndexMap::with_capacity(m.len());
            for (k, v) in m.iter() {
                out.insert(to_mj(k), to_mj_ordered(v));
            }
            MutMap::new_ordered(out).into_value()
        }
        other => to_mj(other),
    }
}

/// The whole pillar as Salt hands it to templates (`pillar`, `pillar.items()`): a plain
/// `dict` whose dicts are `OrderedDict`s (the compiled pillar's top level is a `dict`: its
/// error texts say `'dict object'` and `|yaml` sorts its keys).
pub fn to_mj_pillar(v: &HValue) -> Value {
    match v {
        HValue::Map(m) => {
            let mut out = IndexMap::with_capacity(m.len());
            for (k, v) in m.iter() {
                out.insert(to_mj(k), to_mj_ordered(v));
            }
            MutMap::new(out).into_value()
        }
        other => to_mj_ordered(other),
    }
}

/// template value -> halite value. Undefined becomes `None`; callables and other opaque
/// objects become their string form.
pub fn from_mj(v: &Value) -> HValue {
    from_mj_depth(v, 0)
}

fn from_mj_depth(v: &Value, depth: usize) -> HValue {
    if depth > 200 {
        return HValue::Null;
    }
    match v.kind() {
        ValueKind::Undefined | ValueKind::None => HValue::Null,
        ValueKind::Bool => HValue::Bool(v.is_true()),
        ValueKind::Number => number(v),
        ValueKind::String => HValue::Str(v.as_str().unwrap_or_default().into()),
        ValueKind::Bytes => {
            HValue::Str(String::from_utf8_lossy(v.as_bytes().unwrap_or_default()).into())
        }
        ValueKind::Seq | ValueKind::Iterable => {
            let items = v
                .try_iter()
                .map(|it| it.map(|x| from_mj_depth(&x, depth + 1)).collect());
            HValue::List(items.unwrap_or_default())
        }
        ValueKind::Map => map_from_mj(v, depth),
        _ => match v.as_object().map(|o| o.repr()) {
            Some(ObjectRepr::Map) => map_from_mj(v, depth),
            _ => HValue::Str(v.to_string().into()),
        },
    }
}

fn map_from_mj(v: &Value, depth: usize) -> HValue {
    let mut m = Map::new();
    if let Some(mm) = crate::mutable::as_mut_map(v) {
        for (k, val) in mm.entries() {
            m.insert(from_mj_depth(&k, depth + 1), from_mj_depth(&val, depth + 1));
        }
        return HValue::Map(m);
    }
    if let Some(pairs) = v.as_object().and_then(|o| o.try_iter_pairs()) {
        for (k, val) in pairs {
            m.insert(from_mj_depth(&k, depth + 1), from_mj_depth(&val, depth + 1));
        }
    }
    HValue::Map(m)
}

fn number(v: &Value) -> HValue {
    if v.is_integer() {
        if let Some(i) = v.as_i64() {
            return HValue::Int(i);
        }
        // Larger than i64: keep the digits as a float (rare in templates).
        return HValue::Float(f64::try_from(v.clone()).unwrap_or(0.0));
    }
    HValue::Float(f64::try_from(v.clone()).unwrap_or(0.0))
}
