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
mod reader;
mod resolve;
mod tabs;
mod translate;

pub use args::yamlify_arg;
pub use dump::{
    dump, salt_serializer_yaml, salt_yaml_filter, salt_yaml_outputter, yaml_dquote, yaml_encode,
    yaml_squote, DumpOptions,
};
pub use error::{salt_render_error_message, ErrorKind, YamlError};

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
    // saphyr-parser has a few internal `unwrap`s; never let malformed input take the
    // process down.
    match std::panic::catch_unwind(|| load_inner(text, schema)) {
        Ok(res) => res,
        Err(_) => Err(YamlError {
            problem: "internal YAML parser error".into(),
            line: 1,
            column: 1,
            kind: ErrorKind::Other,
            ..YamlError::default()
        }),
    }
}

/// How many `key:<TAB>value` separators one document may need patched.
const MAX_TAB_FIXES: usize = 64;

fn load_inner(text: &str, schema: Schema) -> Result<Value, YamlError> {
    reader::check_printable(text)?;
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
