//! Reference interpolation and the layered merge, with reclass-rs's semantics and messages.
//!
//! `interpolate` resolves every reference in a value and merges layered values (each layer
//! is interpolated before it is merged over the previous ones). Its result is always *clean*
//! (no layers, no uninterpolated strings), so interpolating it again is free. Successful
//! whole-value references are memoised per render.

use crate::pvalue::{Key, PMap, PSeq, PValue};
use crate::token::Token;
use halite_value::{Map, Value};
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::sync::Arc;

type R<T> = Result<T, String>;

/// reclass-rs gives up after this many nested reference lookups.
const MAX_DEPTH: usize = 64;

#[derive(Debug, Clone, Default)]
pub(crate) struct RenderOpts {
    pub ignore_overwritten_missing_references: bool,
    pub nested_reference_null_as_none: bool,
}

/// Where the resolver is: reference paths seen on this chain, chain depth, and the parameter
/// key being rendered (for error messages).
#[derive(Debug, Default)]
pub(crate) struct State {
    seen: Vec<String>,
    depth: usize,
    /// The deepest `depth` reached (to know how deep a cached result went).
    max_depth: usize,
    keys: Vec<Segment>,
    null_as_none: bool,
}

/// One step of the parameter path in error messages: `key` or `[index]`.
#[derive(Debug, Clone)]
enum Segment {
    Key(Key),
    Index(usize),
}

/// A saved [`State`], restored where reclass-rs works on a copy of its state.
#[derive(Clone, Copy)]
struct Mark {
    seen: usize,
    depth: usize,
    keys: usize,
}

impl State {
    fn new(opts: &RenderOpts) -> Self {
        State {
            null_as_none: opts.nested_reference_null_as_none,
            ..State::default()
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            seen: self.seen.len(),
            depth: self.depth,
            keys: self.keys.len(),
        }
    }

    fn reset(&mut self, m: Mark) {
        self.seen.truncate(m.seen);
        self.depth = m.depth;
        self.keys.truncate(m.keys);
    }

    fn push_key(&mut self, k: &Key) {
        self.keys.push(Segment::Key(k.clone()));
    }

    fn push_index(&mut self, idx: usize) {
        self.keys.push(Segment::Index(idx));
    }

    /// The parameter path as reclass-rs prints it: `a.b[0].c`.
    fn current_key(&self) -> String {
        let mut out = String::new();
        for (i, seg) in self.keys.iter().enumerate() {
            match seg {
                Segment::Key(k) => {
                    if i > 0 {
                        out.push('.');
                    }
                    out.push_str(&key_string(k, self.null_as_none));
                }
                Segment::Index(idx) => out.push_str(&format!("[{idx}]")),
            }
        }
        out
    }

    fn seen_list(&self) -> String {
        let mut paths: Vec<String> = self.seen.iter().map(|p| format!("\"{p}\"")).collect();
        paths.sort();
        paths.join(", ")
    }

    pub fn flattening_error(&self, msg: &str) -> String {
        format!("In {}: {msg}", self.current_key())
    }
}

/// Memoised reference results: the value and how many nested lookups it took.
type Cache = RefCell<HashMap<String, (PValue, usize)>>;

/// Renders values against one parameters mapping.
pub(crate) struct Resolver<'a> {
    root: &'a PMap,
    opts: &'a RenderOpts,
    /// Rendered whole-value references.
    rendered: Cache,
    /// Looked-up (not yet interpolated) reference targets.
    looked_up: Cache,
    errors_made: Cell<usize>,
}

impl<'a> Resolver<'a> {
    pub fn new(root: &'a PMap, opts: &'a RenderOpts) -> Self {
        Resolver {
            root,
            opts,
            rendered: Cache::default(),
            looked_up: Cache::default(),
            errors_made: Cell::new(0),
        }
    }

    fn error_value(&self, msg: String) -> PValue {
        self.errors_made.set(self.errors_made.get() + 1);
        PValue::Error(Arc::from(msg))
    }

    /// Renders the whole root mapping into the node's final parameters.
    pub fn render_root(&self) -> R<Map> {
        let mut st = State::new(self.opts);
        let rendered = self.interpolate_map(self.root, &mut st)?;
        let mut out = Map::with_capacity(rendered.entries.len());
        for (k, e) in &rendered.entries {
            out.insert((**k).clone(), self.to_output(&e.value, &mut st)?);
        }
        Ok(out)
    }

    /// Renders a class name such as `role.${role}` into a plain string.
    pub fn render_string(&self, s: &str) -> R<String> {
        let token = crate::token::parse(s)?;
        let mut st = State::new(self.opts);
        let v = self.render_token(&token, &mut st)?;
        self.raw_string(&v)
    }

    pub fn interpolate(&self, v: &PValue, st: &mut State) -> R<PValue> {
        if v.is_clean() {
            return Ok(v.clone());
        }
        match v {
            PValue::Ref(rs) => {
                let token = rs.token.as_ref().map_err(Clone::clone)?;
                self.render_token(token, st)
            }
            PValue::Map(m) => Ok(PValue::Map(Arc::new(self.interpolate_map(m, st)?))),
            PValue::Seq(s) => self.interpolate_seq(s, st),
            PValue::Layers(l) => self.interpolate_layers(l, st),
            other => Ok(other.clone()),
        }
    }

    fn interpolate_map(&self, m: &PMap, st: &mut State) -> R<PMap> {
        let mut out = PMap::with_capacity(m.entries.len());
        for (k, e) in &m.entries {
            let value = if e.value.is_clean() {
                e.value.clone()
            } else {
                let mark = st.mark();
                st.push_key(k);
                let v = match self.interpolate(&e.value, st) {
                    Ok(v) => v,
                    Err(msg) => self.error_value(msg),
                };
                st.reset(mark);
                v
            };
            let entry = crate::pvalue::Entry {
                value,
                constant: e.constant,
                overrides: e.overrides,
            };
            out.entries.insert(k.clone(), entry);
        }
        Ok(out)
    }

    fn interpolate_seq(&self, s: &PSeq, st: &mut State) -> R<PValue> {
        let mut items = Vec::with_capacity(s.items.len());
        for (idx, item) in s.items.iter().enumerate() {
            // reclass-rs works on a copy of the state here, so restore it on errors too.
            let mark = st.mark();
            st.push_index(idx);
            let item = self.interpolate(item, st);
            st.reset(mark);
            items.push(item?);
        }
        Ok(PValue::Seq(Arc::new(PSeq { items, clean: true })))
    }

    fn interpolate_layers(&self, layers: &[PValue], st: &mut State) -> R<PValue> {
        let mut merged = PValue::Null;
        for (i, layer) in layers.iter().enumerate() {
            let mark = st.mark();
            let v = match self.interpolate(layer, st) {
                Err(msg)
                    if self.opts.ignore_overwritten_missing_references && i + 1 < layers.len() =>
                {
                    self.error_value(msg)
                }
                other => other?,
            };
            self.merge(&mut merged, v, st, false)?;
            st.reset(mark);
        }
        self.interpolate(&merged, st)
    }

    fn render_token(&self, token: &Token, st: &mut State) -> R<PValue> {
        match token {
            Token::Ref(parts) => self.render_ref(parts, st),
            Token::Literal(s) => Ok(PValue::lit(s)),
            Token::Combined(parts) => {
                Ok(PValue::Lit(Arc::from(self.interpolate_slice(parts, st)?)))
            }
        }
    }

    /// A whole-value reference: the referenced value, fully interpolated, keeping its type.
    fn render_ref(&self, parts: &[Token], st: &mut State) -> R<PValue> {
        let full = self.enter_ref(parts, st)?;
        self.memoised(&self.rendered, full, st, |this, full, st| {
            let found = this.lookup_memoised(full.to_string(), st)?;
            this.interpolate(&found, st)
        })
    }

    /// [`Resolver::lookup`], memoised.
    fn lookup_memoised(&self, full: String, st: &mut State) -> R<PValue> {
        self.memoised(&self.looked_up, full, st, |this, full, st| {
            this.lookup(full, st)
        })
    }

    /// Runs `compute` for the reference `full` unless an earlier successful, error-free
    /// result can stand in for it. reclass-rs recomputes every time and counts every nested
    /// lookup, so a result is only reused when the depth it took still fits the limit.
    fn memoised(
        &self,
        cache: &Cache,
        full: String,
        st: &mut State,
        compute: impl FnOnce(&Self, &str, &mut State) -> R<PValue>,
    ) -> R<PValue> {
        if let Some((hit, extra)) = cache.borrow().get(&full) {
            if st.depth + extra <= MAX_DEPTH {
                st.max_depth = st.max_depth.max(st.depth + extra);
                return Ok(hit.clone());
            }
        }
        let (entry_depth, outer_max) = (st.depth, st.max_depth);
        st.max_depth = st.depth;
        let errors_before = self.errors_made.get();
        let result = compute(self, &full, st);
        let extra = st.max_depth - entry_depth;
        st.max_depth = st.max_depth.max(outer_max);
        let v = result?;
        if errors_before == self.errors_made.get() {
            cache.borrow_mut().insert(full, (v.clone(), extra));
        }
        Ok(v)
    }

    /// Counts the reference, renders its path, and checks for loops. Returns the path (with
    /// any `::default`).
    fn enter_ref(&self, parts: &[Token], st: &mut State) -> R<String> {
        st.depth += 1;
        st.max_depth = st.max_depth.max(st.depth);
        if st.depth > MAX_DEPTH {
            return Err(format!(
                "Token resolution exceeded recursion depth of {MAX_DEPTH} for parameter '{}'. \
                 We've seen the following reference paths: [{}].",
                st.current_key(),
                st.seen_list()
            ));
        }
        let full = self.interpolate_slice(parts, st)?;
        let path = full.split_once("::").map_or(full.as_str(), |(p, _)| p);
        if st.seen.iter().any(|p| p == path) {
            return Err(format!(
                "Detected reference loop with reference paths [{}].",
                st.seen_list()
            ));
        }
        st.seen.push(path.to_string());
        Ok(full)
    }

    /// One reference as text, for embedding in a string.
    fn resolve_for_text(&self, token: &Token, st: &mut State) -> R<PValue> {
        match token {
            Token::Literal(s) => Ok(PValue::lit(s)),
            Token::Combined(parts) => {
                Ok(PValue::Lit(Arc::from(self.interpolate_slice(parts, st)?)))
            }
            Token::Ref(parts) => {
                let full = self.enter_ref(parts, st)?;
                self.lookup_memoised(full, st)
            }
        }
    }

    fn interpolate_slice(&self, tokens: &[Token], st: &mut State) -> R<String> {
        let mut out = String::new();
        for t in tokens {
            let mark = st.mark();
            let mut v = self.resolve_for_text(t, st)?;
            while matches!(v, PValue::Ref(_)) {
                v = self.interpolate(&v, st)?;
            }
            out.push_str(&self.raw_string(&v)?);
            st.reset(mark);
        }
        Ok(out)
    }

    /// Walks `a:b:c` through the root parameters.
    fn lookup(&self, full: &str, st: &mut State) -> R<PValue> {
        let (path, default) = match full.split_once("::") {
            Some((p, d)) => (p, Some(d)),
            None => (full, None),
        };
        let mut segments = path.split(':');
        let k0 = segments.next().unwrap_or("");
        let Some(first) = self.root.get_str(k0) else {
            return self.fallback(path, k0, default, st);
        };
        let mut cur = first.clone();
        let mut traversed = vec![k0];
        for key in segments {
            let newv = self.interpolate_for_lookup(&cur, st)?;
            match &newv {
                PValue::Map(m) => match m.get_str(key) {
                    Some(v) => cur = v.clone(),
                    None => return self.fallback(path, key, default, st),
                },
                PValue::Seq(_) => {
                    return Err(lookup_error(
                        st,
                        path,
                        key,
                        "Sequence lookups aren't supported for Reclass references!",
                    ))
                }
                other => {
                    let msg = format!(
                        "Can't continue lookup, {} is a {}",
                        traversed.join(":"),
                        other.variant()
                    );
                    return Err(lookup_error(st, path, key, &msg));
                }
            }
            traversed.push(key);
        }
        while matches!(cur, PValue::Ref(_) | PValue::Layers(_)) {
            cur = self.interpolate(&cur, st)?;
        }
        Ok(cur)
    }

    fn fallback(&self, path: &str, key: &str, default: Option<&str>, st: &State) -> R<PValue> {
        let Some(default) = default else {
            return Err(format!(
                "lookup error for reference '${{{path}}}' in parameter '{}': key '{key}' not found",
                st.current_key()
            ));
        };
        match halite_yaml::load(default, halite_yaml::Schema::Yaml12) {
            Ok(Value::Str(s)) => Ok(PValue::lit(&s)),
            Ok(v) => Ok(PValue::from_value(&v)),
            Err(e) => Err(format!(
                "Error parsing default value for reference '{path}' in parameter '{}': {e}",
                st.current_key()
            )),
        }
    }

    /// Interpolates a string or merges layers so that a lookup can descend into the value.
    fn interpolate_for_lookup(&self, v: &PValue, st: &mut State) -> R<PValue> {
        match v {
            PValue::Ref(_) => self.interpolate(v, st),
            PValue::Layers(layers) => {
                // Interpolate every string layer first (errors here come first), then merge.
                let mut interpolated = Vec::with_capacity(layers.len());
                for layer in layers {
                    if matches!(layer, PValue::Ref(_)) {
                        let mark = st.mark();
                        let l = self.interpolate(layer, st);
                        st.reset(mark);
                        interpolated.push(l?);
                    } else {
                        interpolated.push(layer.clone());
                    }
                }
                self.flatten_layers(interpolated, st, true)
            }
            other => Ok(other.clone()),
        }
    }

    /// Merges layers into one value without interpolating them.
    fn flatten_layers(&self, layers: Vec<PValue>, st: &mut State, preserve: bool) -> R<PValue> {
        let mut merged = PValue::Null;
        for layer in layers {
            self.merge(&mut merged, layer, st, preserve)?;
        }
        Ok(merged)
    }

    /// Merges `other` over `target`: mappings key by key (layering), sequences append,
    /// scalars replace, null erases; anything else is a type error.
    fn merge(&self, target: &mut PValue, other: PValue, st: &mut State, preserve: bool) -> R<()> {
        let ignore = self.opts.ignore_overwritten_missing_references;
        if let (false, PValue::Error(msg)) = (ignore, &*target) {
            return Err(msg.to_string());
        }
        if matches!(other, PValue::Null) {
            *target = PValue::Null;
            return Ok(());
        }
        let other = match other {
            PValue::Layers(l) => self.flatten_layers(l, st, preserve)?,
            other => other,
        };
        match target {
            PValue::Null => *target = other,
            PValue::Map(m) => match other {
                PValue::Map(o) => self.merge_maps(Arc::make_mut(m), &o)?,
                other => {
                    let msg = format!("Can't merge {} over mapping", other.variant());
                    return Err(st.flattening_error(&msg));
                }
            },
            PValue::Seq(s) => match other {
                PValue::Seq(o) => {
                    let s = Arc::make_mut(s);
                    s.items.extend(o.items.iter().cloned());
                    s.clean &= o.clean;
                }
                other => {
                    let msg = format!("Can't merge {} over sequence", other.variant());
                    return Err(st.flattening_error(&msg));
                }
            },
            PValue::Lit(_) | PValue::Bool(_) | PValue::Int(_) | PValue::Float(_) => {
                if matches!(other, PValue::Map(_) | PValue::Seq(_)) {
                    let msg = format!("Can't merge {} over {}", other.variant(), target.variant());
                    return Err(st.flattening_error(&msg));
                }
                *target = other;
            }
            PValue::Error(msg) => {
                if ignore && other.is_scalar() {
                    *target = other;
                } else {
                    return Err(msg.to_string());
                }
            }
            PValue::Ref(_) | PValue::Layers(_) => {
                return Err(st.flattening_error(&format!(
                    "Can't merge into uninterpolated {}",
                    target.variant()
                )));
            }
        }
        Ok(())
    }

    fn merge_maps(&self, target: &mut PMap, other: &PMap) -> R<()> {
        merge_maps(target, other, self.opts)
    }

    /// Converts a rendered value for output; a leftover error is the node's error.
    fn to_output(&self, v: &PValue, st: &mut State) -> R<Value> {
        Ok(match v {
            PValue::Null => Value::Null,
            PValue::Bool(b) => Value::Bool(*b),
            PValue::Int(i) => Value::Int(*i),
            PValue::Float(f) => Value::Float(*f),
            PValue::Lit(s) => Value::Str(s.to_string().into()),
            PValue::Map(m) => {
                let mut out = Map::with_capacity(m.entries.len());
                for (k, e) in &m.entries {
                    out.insert((**k).clone(), self.to_output(&e.value, st)?);
                }
                Value::Map(out)
            }
            PValue::Seq(s) => {
                let items: R<Vec<Value>> = s.items.iter().map(|i| self.to_output(i, st)).collect();
                Value::List((items?).into())
            }
            PValue::Error(msg) => return Err(msg.to_string()),
            PValue::Layers(l) => {
                let merged = self.flatten_layers(l.clone(), st, false)?;
                return self.to_output(&merged, st);
            }
            PValue::Ref(_) => {
                return Err(st.flattening_error(
                    "Can't flatten unparsed String, did you mean to call `rendered()`?",
                ))
            }
        })
    }

    /// Python-`str()`-like text of a value embedded in a string.
    fn raw_string(&self, v: &PValue) -> R<String> {
        raw_string(v, self.opts)
    }
}

/// Merges the keys of `other` into `target` (layering), as reclass does when an entity's
/// parameters are merged over what was merged before.
pub(crate) fn merge_maps(target: &mut PMap, other: &PMap, opts: &RenderOpts) -> R<()> {
    for (k, e) in &other.entries {
        let replaced = target.insert(k.clone(), e.value.clone(), e.constant, e.overrides)?;
        if let (true, Some(PValue::Error(msg))) = (e.overrides, replaced) {
            if !opts.ignore_overwritten_missing_references {
                return Err(msg.to_string());
            }
        }
    }
    Ok(())
}

fn lookup_error(st: &State, path: &str, key: &str, msg: &str) -> String {
    format!(
        "While looking up key '{key}' in reference '${{{path}}}' for parameter '{}': {msg}",
        st.current_key()
    )
}

fn key_string(k: &Value, null_as_none: bool) -> String {
    match k {
        Value::Str(s) => s.to_string(),
        Value::Null if null_as_none => "None".into(),
        Value::Null => "null".into(),
        Value::Bool(true) => "True".into(),
        Value::Bool(false) => "False".into(),
        Value::Int(i) => i.to_string(),
        Value::Float(f) => number_text(*f),
        other => other.py_str(),
    }
}

/// A float as serde_yaml displays it.
fn number_text(f: f64) -> String {
    if f.is_nan() {
        ".nan".into()
    } else if f.is_infinite() {
        if f > 0.0 { ".inf" } else { "-.inf" }.into()
    } else {
        format!("{f:?}")
    }
}

pub(crate) fn raw_string(v: &PValue, opts: &RenderOpts) -> R<String> {
    match v {
        PValue::Lit(s) => Ok(s.to_string()),
        PValue::Null if opts.nested_reference_null_as_none => Ok("None".into()),
        PValue::Null => Ok("null".into()),
        PValue::Bool(true) => Ok("True".into()),
        PValue::Bool(false) => Ok("False".into()),
        PValue::Int(i) => Ok(i.to_string()),
        PValue::Float(f) => Ok(number_text(*f)),
        PValue::Map(_) | PValue::Seq(_) => {
            let mut out = String::new();
            write_json(v, &mut out)?;
            Ok(out)
        }
        other => Err(format!(
            "Value::raw_string isn't implemented for {}",
            other.variant()
        )),
    }
}

/// Compact JSON with sorted keys and every number as a float, as serde_json prints reclass-rs
/// values.
fn write_json(v: &PValue, out: &mut String) -> R<()> {
    match v {
        PValue::Null => out.push_str("null"),
        PValue::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        PValue::Int(i) => out.push_str(&json_float(*i as f64)),
        PValue::Float(f) if f.is_finite() => out.push_str(&json_float(*f)),
        PValue::Float(f) => write_json_str(&number_text(*f), out),
        PValue::Lit(s) => write_json_str(s, out),
        PValue::Ref(r) => write_json_str(&r.raw, out),
        PValue::Seq(s) => {
            out.push('[');
            for (i, item) in s.items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(item, out)?;
            }
            out.push(']');
        }
        PValue::Map(m) => {
            let mut entries: Vec<(String, &PValue)> = Vec::with_capacity(m.entries.len());
            for (k, e) in &m.entries {
                entries.push((json_key(k)?, &e.value));
            }
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            out.push('{');
            for (i, (k, item)) in entries.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_str(k, out);
                out.push(':');
                write_json(item, out)?;
            }
            out.push('}');
        }
        other => return Err(format!("Can't serialize {} as JSON", other.variant())),
    }
    Ok(())
}

/// serde_json's float text: shortest digits, `1e+20` for large exponents.
fn json_float(f: f64) -> String {
    let text = format!("{f:?}");
    match text.split_once('e') {
        Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e}"),
        _ => text,
    }
}

fn json_key(k: &Value) -> R<String> {
    match k {
        Value::Str(s) => Ok(s.to_string()),
        Value::Bool(b) => Ok(b.to_string()),
        Value::Int(i) => Ok(i.to_string()),
        Value::Float(f) => Ok(number_text(*f)),
        Value::Null => Ok("null".into()),
        other => Err(format!("Can't serialize {} as JSON key", other.type_name())),
    }
}

fn write_json_str(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{08}' => out.push_str("\\b"),
            '\u{0c}' => out.push_str("\\f"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}
