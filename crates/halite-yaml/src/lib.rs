//! halite's YAML layer: PyYAML 1.1 scalar resolution with Salt's loader rules
//! (`Schema::Salt`), serde_yaml's YAML 1.2 rules (`Schema::Yaml12`, for reclass), PyYAML
//! compatible dumpers and Salt's `yamlify_arg`.
//!
//! Parsing is done by saphyr-parser (events), vendored in `vendor/saphyr-parser` with scanner
//! patches for what libyaml accepts and saphyr (YAML 1.2) did not: flow collections and
//! quoted scalars whose continuation lines start left of the enclosing block's indentation,
//! as Salt's `| yaml` filter emits them (see `vendor/saphyr-parser/HALITE.md`). Composing,
//! resolving and constructing mirror PyYAML's `Composer`/`Resolver`/`SafeConstructor` and
//! Salt's `SaltYamlSafeLoader`.
//! Salt 3007.8 loads through libyaml (`CSafeLoader`), so error texts and marks are
//! libyaml's; saphyr's are translated (see `translate.rs`).
//!
//! Public API:
//! - [`load`]`(text, Schema::Salt | Schema::Yaml12) -> Result<Value, YamlError>`
//! - [`salt_render_error_message`]: the text after `Rendering SLS '...' failed: `
//! - [`dump`] with [`DumpOptions`], [`salt_yaml_filter`] (`|yaml`), [`salt_yaml_outputter`]
//!   (`--out yaml`), [`salt_serializer_yaml`] (`file.serialize`), [`yaml_encode`],
//!   [`yaml_dquote`], [`yaml_squote`]
//! - [`yamlify_arg`]: salt-call's CLI argument parsing
//!
//! Known limits: `Value` has no big integers (beyond i64 they become floats), bytes
//! (`!!binary` gives a lossy string) or sets (`!!set` gives a mapping to None).
use halite_value::Value;

mod args;
mod base64;
mod compose;
mod construct;
mod construct12;
mod dump;
mod error;
mod fast;
mod reader;
mod resolve;
mod tabs;
mod translate;
mod yamlex;

pub use args::yamlify_arg;
pub use dump::{
    dump, dump_document, salt_serializer_yaml, salt_yaml_filter, salt_yaml_outputter, yaml_dquote,
    yaml_encode, yaml_squote, DocOptions, DumpOptions,
};
pub use error::{salt_render_error_message, ErrorKind, YamlError};
pub use yamlex::{
    load_yamlex, INVALID_INT as YAMLEX_INVALID_INT, UNACCEPTABLE_KEY as YAMLEX_UNACCEPTABLE_KEY,
};

/// Which scalar rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    /// PyYAML's SafeLoader (YAML 1.1) with Salt's `SaltYamlSafeLoader` changes: what Salt's
    /// `yaml` renderer, `import_yaml`, `load_yaml` and pillar use.
    Salt,
    /// YAML 1.2 core schema as serde_yaml reads it: what reclass-rs uses.
    Yaml12,
}

/// Loads one YAML document. An empty document is `Value::Null`.
pub fn load(text: &str, schema: Schema) -> Result<Value, YamlError> {
    load_keys(text, schema).map(|(value, _)| value)
}

/// [`load`], also saying whether every mapping key is known to be a scalar: true when the
/// fast path (which reads only scalar keys) loaded the text. Salt's yaml renderer rejects
/// mapping keys ("possible double curly-brace"); it need not look for them then.
pub fn load_keys(text: &str, schema: Schema) -> Result<(Value, bool), YamlError> {
    // saphyr-parser has a few internal `unwrap`s; never let malformed input take the
    // process down.
    match std::panic::catch_unwind(|| load_inner(text, schema)) {
        Ok(res) => res,
        Err(payload) => {
            #[cfg(debug_assertions)]
            if payload.is::<fast_path::Mismatch>() {
                std::panic::resume_unwind(payload);
            }
            drop(payload);
            Err(internal_error())
        }
    }
}

fn internal_error() -> YamlError {
    YamlError {
        problem: "internal YAML parser error".into(),
        line: 1,
        column: 1,
        kind: ErrorKind::Other,
        ..YamlError::default()
    }
}

/// How many `key:<TAB>value` separators one document may need patched.
const MAX_TAB_FIXES: usize = 64;

fn load_inner(text: &str, schema: Schema) -> Result<(Value, bool), YamlError> {
    reader::check_printable(text)?;
    if schema == Schema::Salt {
        // Rendered SLS text is almost always plain block YAML: read it directly. Anything
        // else (and every error) is the full loader's.
        if let Some(value) = fast::load(text) {
            #[cfg(debug_assertions)]
            fast_path::check_against_full(text, &value);
            return Ok((value, true));
        }
    }
    load_full(text, schema).map(|value| (value, false))
}

/// The full loader: saphyr's events, composed and constructed as PyYAML does.
fn load_full(text: &str, schema: Schema) -> Result<Value, YamlError> {
    let mut owned: Option<String> = None;
    let graph = loop {
        let current = owned.as_deref().unwrap_or(text);
        match compose::compose(current, schema) {
            Err(e) if e.problem == reader::TAB_AFTER_COLON => {
                // libyaml accepts `key:<TAB>value`; saphyr does not. That tab is separation
                // whitespace, so make it a space (same column) and parse again. (Tabs leading
                // a quoted scalar's continuation line are accepted by the vendored scanner.)
                match reader::tab_to_space_before(current, e.line, e.column) {
                    Some(f) if owned_fixes(&owned, text) < MAX_TAB_FIXES => owned = Some(f),
                    _ => return Err(e),
                }
            }
            other => break other?,
        }
    };
    match schema {
        Schema::Salt => construct::SaltConstructor::new(&graph).construct_document(),
        Schema::Yaml12 => construct12::construct(&graph),
    }
}

/// Number of tabs already replaced (cheap upper bound on retries).
fn owned_fixes(owned: &Option<String>, original: &str) -> usize {
    let Some(o) = owned else { return 0 };
    original.matches('\t').count() - o.matches('\t').count()
}

/// The fast path and the full loader separately, for the differential tests and the fuzz
/// target (not an API).
#[doc(hidden)]
pub mod fast_path {
    use super::{load_full as full, reader, Schema, YamlError};
    use halite_value::Value;

    /// What the fast path makes of `text` with Salt's rules; `None` when it leaves the text
    /// to the full loader.
    pub fn load_fast(text: &str) -> Option<Value> {
        reader::check_printable(text).ok()?;
        super::fast::load(text)
    }

    /// The full loader alone (what `load` runs when the fast path declines).
    pub fn load_full(text: &str, schema: Schema) -> Result<Value, YamlError> {
        std::panic::catch_unwind(|| {
            reader::check_printable(text)?;
            full(text, schema)
        })
        .unwrap_or_else(|_| Err(super::internal_error()))
    }

    /// Same value, strictly: same variants (`1`, `1.0` and `true` differ), same float
    /// bits, same strings, same key order.
    pub fn identical(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Null, Value::Null) => true,
            (Value::Bool(x), Value::Bool(y)) => x == y,
            (Value::Int(x), Value::Int(y)) => x == y,
            (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
            (Value::Str(x), Value::Str(y)) => x == y,
            (Value::List(x), Value::List(y)) => {
                x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| identical(a, b))
            }
            (Value::Map(x), Value::Map(y)) => {
                x.len() == y.len()
                    && x.iter()
                        .zip(y.iter())
                        .all(|((ka, va), (kb, vb))| identical(ka, kb) && identical(va, vb))
            }
            _ => false,
        }
    }

    /// The panic payload of a disagreement found in a debug build (let through `load`'s
    /// `catch_unwind`).
    #[cfg(debug_assertions)]
    pub(crate) struct Mismatch;

    /// Debug builds run the full loader behind every fast-path load and stop at the first
    /// difference: every test that loads YAML checks the fast path too.
    #[cfg(debug_assertions)]
    pub(crate) fn check_against_full(text: &str, fast: &Value) {
        let full = full(text, Schema::Salt);
        if !matches!(&full, Ok(v) if identical(v, fast)) {
            eprintln!(
                "halite-yaml: the fast path disagrees with the full loader\n--- input ---\n{text}\n--- fast ---\n{fast:?}\n--- full ---\n{full:?}"
            );
            std::panic::panic_any(Mismatch);
        }
    }
}
