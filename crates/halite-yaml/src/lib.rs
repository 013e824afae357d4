//! STUB: interface only; the implementation is in progress.
use halite_value::Value;

/// Which scalar rules apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Schema {
    /// PyYAML's SafeLoader (YAML 1.1) with Salt's `SaltYamlSafeLoader` changes: what Salt's
    /// `yaml` renderer, `import_yaml`, `load_yaml` and pillar use.
    Salt,
    /// YAML 1.2 core schema as serde_yaml reads it: what reclass-rs uses.
    Yaml12,
}

#[derive(Debug, Clone, thiserror::Error)]
#[error("{problem}; line {line}")]
pub struct YamlError {
    /// PyYAML's `problem` text, e.g. "mapping values are not allowed here".
    pub problem: String,
    /// 1-based line of the problem mark.
    pub line: usize,
    /// 1-based column of the problem mark.
    pub column: usize,
}

/// Loads one YAML document. An empty document is `Value::Null`.
pub fn load(text: &str, schema: Schema) -> Result<Value, YamlError> {
    let _ = (text, schema);
    Err(YamlError { problem: "halite-yaml is not implemented yet".into(), line: 1, column: 1 })
}
