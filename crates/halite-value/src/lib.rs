//! The data every halite stage passes along: high data, low chunks, pillar, grains and the
//! running dictionary are all [`Value`]s. `Value` models the Python objects Salt works with
//! (insertion-ordered dicts, `int` distinct from `float`, `None`), and prints them the way
//! Python does: [`Value::to_json`] mirrors `json.dumps`, [`Value::py_repr`] mirrors `repr()`.

mod compat;
pub mod diag;
mod fnmatch;
mod format;
pub mod limits;
mod list;
mod map;
mod merge;
pub mod msgpack;
mod path;

pub use compat::{SaltCompat, SALT_COMPAT_KEY};
pub use fnmatch::fnmatch;
pub use format::{py_float_repr, py_str_repr, JsonStyle};
pub use list::List;
pub use map::{Map, MapHasher};
pub use merge::{merge_overwrite, merge_recurse};
pub use path::traverse;

use std::hash::{Hash, Hasher};

/// The string type of [`Value::Str`]: strings up to 24 bytes are stored inline.
pub use compact_str::CompactString as Str;

/// The cores this process may run on (at least 1), asked once: the render, compile and
/// JSON stages each decide from it whether a second thread pays off.
pub fn available_cores() -> usize {
    static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

/// Marks the end of a pipeline phase (`label` names the phase): logged at debug level with
/// the time since the previous mark (`-l debug`), and with `HALITE_PHASES` set printed as
/// `phase <microseconds since the epoch> <page faults so far> <CPU microseconds of the
/// calling thread so far> <label>` on stderr for `benches/phases.py`, which
/// lines the marks up against the clock of the process that spawned halite (so process
/// start and exit are measured too). Costs two loads when neither is on.
pub fn phase(label: &str) {
    static MARKS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    static LAST: std::sync::Mutex<Option<std::time::SystemTime>> = std::sync::Mutex::new(None);
    let marks = *MARKS.get_or_init(|| std::env::var_os("HALITE_PHASES").is_some());
    if !marks && !tracing::enabled!(tracing::Level::DEBUG) {
        return;
    }
    let now = std::time::SystemTime::now();
    if marks {
        let micros = now
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_micros());
        eprintln!(
            "phase {micros} {} {} {label}",
            page_faults(),
            thread_cpu_micros()
        );
    }
    let previous = LAST.lock().map_or(None, |mut last| last.replace(now));
    match previous.and_then(|p| now.duration_since(p).ok()) {
        Some(took) => tracing::debug!("{label}: {took:?}"),
        None => tracing::debug!("{label}"),
    }
}

/// The CPU time the calling thread has used so far (user and system), in microseconds: a
/// phase that took longer than that on the marking thread spent the rest waiting.
fn thread_cpu_micros() -> i64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime writes a `timespec` to the pointer it is given.
    if unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) } != 0 {
        return -1;
    }
    ts.tv_sec * 1_000_000 + ts.tv_nsec / 1_000
}

/// The process's page faults so far (minor and major): on a virtual machine each fault of a
/// fresh page costs about as much as filling it, so they are counted beside the phases.
fn page_faults() -> i64 {
    let mut usage = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage writes a `rusage` to the pointer it is given.
    let usage = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, usage.as_mut_ptr()) != 0 {
            return -1;
        }
        usage.assume_init()
    };
    usage.ru_minflt + usage.ru_majflt
}

/// A Python-like value. Maps keep insertion order, as Python dicts (and Salt's OrderedDicts) do.
#[derive(Debug, Clone, Default)]
pub enum Value {
    #[default]
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(Str),
    List(List),
    Map(Map),
}

impl Value {
    pub fn str(s: impl Into<Str>) -> Value {
        Value::Str(s.into())
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_map_mut(&mut self) -> Option<&mut Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    pub fn as_list(&self) -> Option<&List> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    pub fn as_list_mut(&mut self) -> Option<&mut List> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Int(i) => Some(*i),
            Value::Bool(b) => Some(*b as i64),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Int(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            Value::Bool(b) => Some(*b as i64 as f64),
            _ => None,
        }
    }

    /// `dict.get(key)` for a map value; `None` for anything else.
    pub fn get(&self, key: &str) -> Option<&Value> {
        self.as_map().and_then(|m| m.get(key))
    }

    /// Python truthiness: `None`, `False`, `0`, `0.0`, `''`, `[]`, `{}` are false.
    pub fn truthy(&self) -> bool {
        match self {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(l) => !l.is_empty(),
            Value::Map(m) => !m.is_empty(),
        }
    }

    /// The Python type name, as Salt puts it into error messages (`is a int`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::List(_) => "list",
            Value::Map(_) => "dict",
        }
    }

    /// Python `str(value)`: strings as they are, everything else as `repr`.
    pub fn py_str(&self) -> String {
        match self {
            Value::Str(s) => s.to_string(),
            other => other.py_repr(),
        }
    }

    /// Python `repr(value)`: `{'a': 1, 'b': [True, None]}`.
    pub fn py_repr(&self) -> String {
        let mut out = String::new();
        format::write_repr(self, &mut out);
        out
    }

    /// `json.dumps(value, indent=4)` as Salt's json outputter prints it.
    pub fn to_json(&self) -> String {
        self.to_json_styled(JsonStyle::Pretty(4))
    }

    pub fn to_json_styled(&self, style: JsonStyle) -> String {
        let mut out = format::JsonOut::string();
        format::write_json(self, style, 0, &mut out);
        out.buf
    }

    /// `json.dumps(self, indent=4)` with Python's default `ensure_ascii=True` (idem's
    /// output): non-ASCII characters as `\uXXXX` escapes, astral ones as surrogate pairs.
    pub fn to_json_ascii(&self) -> String {
        let mut out = format::JsonOut::string();
        out.ensure_ascii = true;
        format::write_json(self, JsonStyle::Pretty(4), 0, &mut out);
        out.buf
    }

    /// `json.dumps(self, indent=4)` written to `sink` a piece at a time, without building
    /// the whole text first.
    pub fn write_json_to(&self, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
        let mut out = format::JsonOut::streaming(sink);
        format::write_json(self, JsonStyle::Pretty(4), 0, &mut out);
        out.finish()
    }

    pub fn from_json_str(text: &str) -> Result<Value, serde_json::Error> {
        let v: serde_json::Value = serde_json::from_str(text)?;
        Ok(Value::from(v))
    }
}

impl PartialEq for Value {
    /// Python equality, including `1 == 1.0` and `True == 1`.
    fn eq(&self, other: &Self) -> bool {
        use Value::*;
        match (self, other) {
            (Null, Null) => true,
            (Str(a), Str(b)) => a == b,
            (List(a), List(b)) => a == b,
            (Map(a), Map(b)) => a == b,
            (Float(a), Float(b)) => a == b,
            (a, b) => match (a.numeric(), b.numeric()) {
                (Some(x), Some(y)) => x == y,
                _ => false,
            },
        }
    }
}

impl Eq for Value {}

impl Value {
    fn numeric(&self) -> Option<f64> {
        match self {
            Value::Bool(b) => Some(*b as i64 as f64),
            Value::Int(i) => Some(*i as f64),
            Value::Float(f) => Some(*f),
            _ => None,
        }
    }
}

impl Hash for Value {
    /// Strings hash exactly as `str` does, so a `Map` can be searched with a plain `&str`.
    /// Numbers hash by their float value, so `1`, `1.0` and `True` collide as in Python.
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Value::Str(s) => s.as_str().hash(state),
            Value::Null => 0u8.hash(state),
            Value::Bool(_) | Value::Int(_) | Value::Float(_) => {
                let f = self.numeric().unwrap_or(0.0);
                let f = if f == 0.0 { 0.0 } else { f };
                1u8.hash(state);
                f.to_bits().hash(state);
            }
            Value::List(l) => {
                2u8.hash(state);
                l.hash(state)
            }
            Value::Map(m) => {
                3u8.hash(state);
                m.len().hash(state)
            }
        }
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Self {
        Value::Str(Str::new(s))
    }
}
impl From<String> for Value {
    fn from(s: String) -> Self {
        Value::Str(s.into())
    }
}
impl From<Str> for Value {
    fn from(s: Str) -> Self {
        Value::Str(s)
    }
}
impl From<&String> for Value {
    fn from(s: &String) -> Self {
        Value::Str(Str::new(s))
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}
impl From<i64> for Value {
    fn from(i: i64) -> Self {
        Value::Int(i)
    }
}
impl From<i32> for Value {
    fn from(i: i32) -> Self {
        Value::Int(i as i64)
    }
}
impl From<usize> for Value {
    fn from(i: usize) -> Self {
        Value::Int(i as i64)
    }
}
impl From<f64> for Value {
    fn from(f: f64) -> Self {
        Value::Float(f)
    }
}
impl From<Map> for Value {
    fn from(m: Map) -> Self {
        Value::Map(m)
    }
}
impl From<Vec<Value>> for Value {
    fn from(l: Vec<Value>) -> Self {
        Value::List(l.into())
    }
}
impl From<List> for Value {
    fn from(l: List) -> Self {
        Value::List(l)
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(o: Option<T>) -> Self {
        o.map(Into::into).unwrap_or(Value::Null)
    }
}

impl From<serde_json::Value> for Value {
    fn from(v: serde_json::Value) -> Self {
        match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Value::Int(i)
                } else {
                    Value::Float(n.as_f64().unwrap_or(f64::NAN))
                }
            }
            serde_json::Value::String(s) => Value::Str(s.into()),
            serde_json::Value::Array(a) => Value::List(a.into_iter().map(Value::from).collect()),
            serde_json::Value::Object(o) => Value::Map(
                o.into_iter()
                    .map(|(k, v)| (Value::Str(k.into()), Value::from(v)))
                    .collect(),
            ),
        }
    }
}

impl From<&Value> for serde_json::Value {
    fn from(v: &Value) -> Self {
        match v {
            Value::Null => serde_json::Value::Null,
            Value::Bool(b) => serde_json::Value::Bool(*b),
            Value::Int(i) => serde_json::Value::from(*i),
            Value::Float(f) => serde_json::Number::from_f64(*f)
                .map(serde_json::Value::Number)
                .unwrap_or(serde_json::Value::Null),
            Value::Str(s) => serde_json::Value::String(s.to_string()),
            Value::List(l) => serde_json::Value::Array(l.iter().map(Into::into).collect()),
            Value::Map(m) => serde_json::Value::Object(
                m.iter()
                    .map(|(k, v)| (format::json_key(k), v.into()))
                    .collect(),
            ),
        }
    }
}

/// Builds a [`Value::Map`] from `key => value` pairs.
#[macro_export]
macro_rules! map {
    () => { $crate::Map::new() };
    ($($k:expr => $v:expr),+ $(,)?) => {{
        let mut m = $crate::Map::new();
        $( m.insert($k, $crate::Value::from($v)); )+
        m
    }};
}

#[cfg(test)]
mod tests;
