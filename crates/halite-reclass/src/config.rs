//! Inventory location and the `reclass-config.yml` options reclass-rs understands.

use crate::error::ReclassError;
use halite_value::Value;
use regex::{Regex, RegexSet};
use std::path::{Component, Path, PathBuf};

/// The name reclass looks for in the inventory base directory.
pub const CONFIG_FILE: &str = "reclass-config.yml";

/// Where an inventory lives and how to render it.
#[derive(Debug, Clone)]
pub struct ReclassConfig {
    pub inventory_path: String,
    pub nodes_path: String,
    pub classes_path: String,
    pub ignore_class_notfound: bool,
    /// Only used when `ignore_class_notfound` is true; matched anywhere in the class name.
    pub ignore_class_notfound_regexp: Vec<String>,
    pub compose_node_name: bool,
    /// `"<glob or /regex/> class1 class2 ..."` entries.
    pub class_mappings: Vec<String>,
    pub class_mappings_match_path: bool,
    pub ignore_overwritten_missing_references: bool,
    /// `ComposeNodeNameLiteralDots`: split composed node names on every dot.
    pub compose_node_name_literal_dots: bool,
    /// `NestedReferenceNullAsNone`: `null` embedded in a string renders as `None`.
    pub nested_reference_null_as_none: bool,
    pub verbose_warnings: bool,
}

impl ReclassConfig {
    /// `inventory_path` with `nodes/` and `classes/` (or the given sub-paths, which may be
    /// absolute), without reading any config file.
    pub fn new(
        inventory_path: &str,
        nodes_uri: Option<&str>,
        classes_uri: Option<&str>,
    ) -> Result<Self, ReclassError> {
        let nodes = PathBuf::from(inventory_path).join(nodes_uri.unwrap_or("nodes"));
        let classes = PathBuf::from(inventory_path).join(classes_uri.unwrap_or("classes"));
        if nodes == classes || nodes.starts_with(&classes) || classes.starts_with(&nodes) {
            return Err(ReclassError::Config(
                "Nodes and classes path must be non-overlapping.".into(),
            ));
        }
        Ok(ReclassConfig {
            inventory_path: inventory_path.to_string(),
            nodes_path: lexical_normal(&nodes, true).display().to_string(),
            classes_path: lexical_normal(&classes, true).display().to_string(),
            ignore_class_notfound: false,
            ignore_class_notfound_regexp: vec![".*".into()],
            compose_node_name: false,
            class_mappings: Vec::new(),
            class_mappings_match_path: false,
            ignore_overwritten_missing_references: true,
            compose_node_name_literal_dots: false,
            nested_reference_null_as_none: false,
            verbose_warnings: false,
        })
    }

    /// The inventory at `path`, with its `reclass-config.yml` applied when there is one.
    pub fn from_base_uri(path: &str) -> Result<Self, ReclassError> {
        let mut cfg = Self::new(path, None, None)?;
        let file = Path::new(path).join(CONFIG_FILE);
        if file.is_file() {
            cfg.load_file(&file)?;
        }
        Ok(cfg)
    }

    /// Applies the options of a config file (`nodes_uri`/`classes_uri` are relative to it).
    pub fn load_file(&mut self, file: &Path) -> Result<(), ReclassError> {
        let err = |m: String| ReclassError::Config(format!("loading config: {m}"));
        let text =
            halite_value::limits::read_input_to_string(file).map_err(|e| err(e.to_string()))?;
        let doc = halite_yaml::load(&text, halite_yaml::Schema::Yaml12)
            .map_err(|e| err(e.to_string()))?;
        let Value::Map(map) = doc else {
            return Err(err("Expected reclass config to be a Mapping".into()));
        };
        for (k, v) in map.iter() {
            self.set_option(file, &k.py_str(), v).map_err(err)?;
        }
        self.validate().map_err(err)
    }

    fn set_option(&mut self, file: &Path, key: &str, v: &Value) -> Result<(), String> {
        let boolean = |v: &Value| {
            v.as_bool().ok_or(format!(
                "Expected value of config key '{key}' to be a boolean"
            ))
        };
        match key {
            "nodes_uri" => self.nodes_path = sibling(file, v),
            "classes_uri" => self.classes_path = sibling(file, v),
            "ignore_class_notfound" => self.ignore_class_notfound = boolean(v)?,
            "ignore_class_notfound_regexp" => {
                self.ignore_class_notfound_regexp = strings(v, key)?;
            }
            "compose_node_name" => self.compose_node_name = boolean(v)?,
            "class_mappings_match_path" => self.class_mappings_match_path = boolean(v)?,
            "class_mappings" => self.class_mappings = strings(v, key)?,
            "ignore_overwritten_missing_references" => {
                self.ignore_overwritten_missing_references = boolean(v)?;
            }
            "verbose_warnings" => self.verbose_warnings = boolean(v)?,
            "reclass_rs_compat_flags" => {
                for flag in strings(v, key)? {
                    match flag.as_str() {
                        "compose-node-name-literal-dots"
                        | "compose_node_name_literal_dots"
                        | "ComposeNodeNameLiteralDots" => {
                            self.compose_node_name_literal_dots = true
                        }
                        "nested-reference-null-as-none"
                        | "nested_reference_null_as_none"
                        | "NestedReferenceNullAsNone" => self.nested_reference_null_as_none = true,
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Checks that the regular expressions and class mappings compile.
    pub fn validate(&self) -> Result<(), String> {
        self.ignore_regexset()?;
        self.mappings()?;
        Ok(())
    }

    pub(crate) fn ignore_regexset(&self) -> Result<RegexSet, String> {
        RegexSet::new(&self.ignore_class_notfound_regexp)
            .map_err(|e| format!("while compiling ignore_class_notfound regex patterns: {e}"))
    }

    pub(crate) fn mappings(&self) -> Result<Vec<ClassMapping>, String> {
        self.class_mappings
            .iter()
            .map(|s| ClassMapping::parse(s))
            .collect()
    }
}

/// A config value as a path next to the config file.
fn sibling(file: &Path, v: &Value) -> String {
    file.with_file_name(v.py_str()).display().to_string()
}

fn strings(v: &Value, key: &str) -> Result<Vec<String>, String> {
    let list = v
        .as_list()
        .ok_or(format!("Expected value of config key '{key}' to be a list"))?;
    list.iter()
        .map(|i| {
            i.as_str()
                .map(str::to_string)
                .ok_or(format!("Expected entry of '{key}' to be a string"))
        })
        .collect()
}

/// Resolves `.` and `..` without touching the file system; keeps a leading `./` if asked.
pub(crate) fn lexical_normal(p: &Path, keep_cur: bool) -> PathBuf {
    let mut out = PathBuf::new();
    for (i, c) in p.components().enumerate() {
        match c {
            Component::CurDir => {
                if i == 0 && keep_cur {
                    out.push(".");
                }
            }
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// An absolute, normalized version of `p` (relative to the working directory).
pub(crate) fn lexical_absolute(p: &Path) -> PathBuf {
    let mut abs = if p.is_absolute() {
        PathBuf::new()
    } else {
        std::env::current_dir().unwrap_or_default()
    };
    abs.push(lexical_normal(p, false));
    abs
}

#[derive(Debug, Clone)]
enum Pattern {
    Glob(glob::Pattern),
    Regex(Regex),
}

/// One `class_mappings` entry.
#[derive(Debug, Clone)]
pub(crate) struct ClassMapping {
    pattern: Pattern,
    classes: Vec<String>,
}

impl ClassMapping {
    fn parse(spec: &str) -> Result<Self, String> {
        let mut parts = spec.split_whitespace();
        let pat = parts.next().ok_or("Expected '<Pattern> <classes>'")?;
        let pat = pat
            .strip_prefix('\\')
            .filter(|p| p.starts_with('*'))
            .unwrap_or(pat);
        let classes: Vec<String> = parts.map(replace_backrefs).collect();
        if classes.is_empty() {
            return Err(format!("No classes mapped for {pat}"));
        }
        let pattern = if let Some(inner) = pat.strip_prefix('/') {
            let inner = inner
                .strip_suffix('/')
                .ok_or("Expected regex pattern to be enclosed in `/`")?;
            if inner.is_empty() {
                return Err("empty regex patterns are not supported".into());
            }
            Pattern::Regex(
                Regex::new(inner)
                    .map_err(|e| format!("While compiling regex pattern {pat}: {e}"))?,
            )
        } else {
            Pattern::Glob(
                glob::Pattern::new(pat)
                    .map_err(|e| format!("While compiling glob pattern {pat}: {e}"))?,
            )
        };
        Ok(ClassMapping { pattern, classes })
    }

    /// Appends the mapped classes (new ones only) if `name` matches.
    pub fn apply(&self, name: &str, out: &mut Vec<String>) {
        let mut push = |c: String| {
            if !out.contains(&c) {
                out.push(c);
            }
        };
        match &self.pattern {
            Pattern::Glob(g) => {
                if g.matches(name) {
                    self.classes.iter().cloned().for_each(push);
                }
            }
            Pattern::Regex(re) => {
                if let Some(caps) = re.captures(name) {
                    for c in &self.classes {
                        let mut cls = String::new();
                        caps.expand(c, &mut cls);
                        push(cls);
                    }
                }
            }
        }
    }
}

/// `\\1` in a mapped class name is the first capture group.
fn replace_backrefs(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(pos) = rest.find("\\\\") {
        let after = &rest[pos + 2..];
        let digits: String = after.chars().take_while(char::is_ascii_digit).collect();
        out.push_str(&rest[..pos]);
        if digits.is_empty() {
            out.push_str("\\\\");
        } else {
            out.push_str(&format!("${{{digits}}}"));
        }
        rest = &after[digits.len()..];
    }
    out.push_str(rest);
    out
}
