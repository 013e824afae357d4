//! Node and class files: their `classes`, `applications` and `parameters`.

use crate::pvalue::{PMap, PValue};
use halite_value::Value;
use std::sync::Arc;

/// One parsed node or class file.
#[derive(Debug, Default)]
pub(crate) struct Entity {
    /// Included classes, relative names made absolute, without duplicates, as written.
    pub classes: Vec<String>,
    pub applications: AppList,
    pub parameters: PMap,
    /// Where relative class names are anchored (class path components); empty for nodes.
    pub loc: Vec<String>,
}

impl Entity {
    /// Builds an entity from a loaded YAML document. `loc` anchors relative class names.
    pub fn from_document(doc: &Value, loc: Vec<String>) -> Result<Entity, String> {
        let map = match doc {
            Value::Null => {
                return Ok(Entity {
                    loc,
                    ..Entity::default()
                })
            }
            Value::Map(m) => m,
            other => {
                return Err(format!(
                    "invalid type: {}, expected struct Node",
                    yaml_kind(other)
                ))
            }
        };
        let mut entity = Entity {
            loc,
            ..Entity::default()
        };
        if let Some(classes) = map.get("classes") {
            for cls in string_list(classes, "classes")? {
                let abs = abs_class_name(&cls, &entity.loc);
                if !entity.classes.contains(&abs) {
                    entity.classes.push(abs);
                }
            }
        }
        if let Some(apps) = map.get("applications") {
            for app in string_list(apps, "applications")? {
                entity.applications.add(app);
            }
        }
        match map.get("parameters") {
            None | Some(Value::Null) => {}
            Some(params @ Value::Map(_)) => {
                if let PValue::Map(m) = PValue::from_value(params) {
                    entity.parameters = Arc::unwrap_or_clone(m);
                }
            }
            Some(other) => {
                return Err(format!(
                    "parameters: invalid type: {}, expected a YAML mapping",
                    yaml_kind(other)
                ))
            }
        }
        Ok(entity)
    }
}

fn string_list(v: &Value, field: &str) -> Result<Vec<String>, String> {
    match v {
        Value::Null => Ok(Vec::new()),
        Value::List(items) => items
            .iter()
            .map(|i| match i {
                Value::Str(s) => Ok(s.to_string()),
                // serde_yaml reads any plain scalar as a string here.
                Value::Int(n) => Ok(n.to_string()),
                Value::Float(f) => Ok(format!("{f:?}")),
                Value::Bool(b) => Ok(b.to_string()),
                other => Err(format!(
                    "{field}: invalid type: {}, expected a string",
                    yaml_kind(other)
                )),
            })
            .collect(),
        other => Err(format!(
            "{field}: invalid type: {}, expected a sequence",
            yaml_kind(other)
        )),
    }
}

fn yaml_kind(v: &Value) -> String {
    match v {
        Value::Null => "unit value".into(),
        Value::Bool(b) => format!("boolean `{b}`"),
        Value::Int(i) => format!("integer `{i}`"),
        Value::Float(f) => format!("floating point `{f:?}`"),
        Value::Str(s) => format!("string {s:?}"),
        Value::List(_) => "sequence".into(),
        Value::Map(_) => "map".into(),
    }
}

/// Makes `.foo` / `..foo` absolute: one dot is the including file's directory, each further
/// dot one level up, never above `classes/`.
pub(crate) fn abs_class_name(class: &str, loc: &[String]) -> String {
    let rest = class.trim_start_matches('.');
    let dots = class.len() - rest.len();
    if dots == 0 {
        return class.to_string();
    }
    let keep = loc.len().saturating_sub(dots - 1);
    let mut out = String::new();
    for part in &loc[..keep] {
        out.push_str(part);
        out.push('.');
    }
    out.push_str(rest);
    out
}

/// `applications`: unique, `~app` removes an app, or cancels a later addition of it.
#[derive(Debug, Clone, Default)]
pub(crate) struct AppList {
    pub items: Vec<String>,
    pub negations: Vec<String>,
}

impl AppList {
    pub fn add(&mut self, item: String) {
        if let Some(neg) = item.strip_prefix('~') {
            self.negate(neg);
        } else if let Some(pos) = self.negations.iter().position(|n| *n == item) {
            self.negations.remove(pos);
        } else if !self.items.contains(&item) {
            self.items.push(item);
        }
    }

    fn negate(&mut self, item: &str) {
        if let Some(pos) = self.items.iter().position(|i| i == item) {
            self.items.remove(pos);
        } else if !self.negations.iter().any(|n| n == item) {
            self.negations.push(item.to_string());
        }
    }

    /// Merges a later entity's list: its negations first, then its items.
    pub fn merge(&mut self, other: &AppList) {
        for n in &other.negations {
            self.negate(n);
        }
        for i in &other.items {
            self.add(i.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_names() {
        let loc = vec!["apps".to_string()];
        assert_eq!(abs_class_name(".base", &loc), "apps.base");
        assert_eq!(abs_class_name("..shared", &loc), "shared");
        assert_eq!(abs_class_name("....x", &loc), "x");
        assert_eq!(abs_class_name(".x", &[]), "x");
        assert_eq!(abs_class_name("plain", &loc), "plain");
    }

    #[test]
    fn negations() {
        let mut a = AppList::default();
        a.add("x".into());
        a.add("~y".into());
        let mut b = AppList::default();
        b.add("~x".into());
        b.add("y".into());
        a.merge(&b);
        assert!(a.items.is_empty());
    }
}
