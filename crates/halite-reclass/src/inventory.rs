//! Loading an inventory and rendering nodes.

use crate::config::{lexical_absolute, ClassMapping, ReclassConfig};
use crate::discover::{discover, EntityFile, Kind};
use crate::entity::{abs_class_name, AppList, Entity};
use crate::error::ReclassError;
use crate::pvalue::{PMap, PValue};
use crate::resolve::{merge_maps, RenderOpts, Resolver};
use halite_value::{Map, Value};
use rayon::prelude::*;
use regex::RegexSet;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// reclass-rs always reports this environment.
pub const ENVIRONMENT: &str = "base";

type Parsed = Result<Arc<Entity>, String>;

/// A discovered inventory. Class files are parsed at most once, on first use, and shared by
/// every node rendered from this inventory.
pub struct Inventory {
    config: ReclassConfig,
    opts: RenderOpts,
    nodes: HashMap<String, EntityFile>,
    classes: HashMap<String, (EntityFile, OnceLock<Parsed>)>,
    mappings: Vec<ClassMapping>,
    ignore: RegexSet,
}

/// One rendered node (reclass's `nodeinfo` without the timestamp).
#[derive(Debug, Clone, PartialEq)]
pub struct NodeInfo {
    pub name: String,
    /// `yaml_fs://` and the node file's absolute path.
    pub uri: String,
    pub environment: String,
    pub applications: Vec<String>,
    pub classes: Vec<String>,
    pub parameters: Map,
}

impl NodeInfo {
    /// reclass's `nodeinfo` dict, keys in reclass-rs's order.
    pub fn to_value(&self, timestamp: &str) -> Value {
        self.clone().into_value(timestamp)
    }

    /// [`NodeInfo::to_value`] without copying the parameters.
    pub fn into_value(self, timestamp: &str) -> Value {
        let mut meta = Map::new();
        meta.insert("node", Value::str(&self.name));
        meta.insert("name", Value::str(&self.name));
        meta.insert("uri", Value::str(&self.uri));
        meta.insert("environment", Value::str(&self.environment));
        meta.insert("timestamp", Value::str(timestamp));
        let mut out = Map::new();
        out.insert("__reclass__", Value::Map(meta));
        out.insert("applications", strings(&self.applications));
        out.insert("classes", strings(&self.classes));
        out.insert("environment", Value::str(&self.environment));
        out.insert("exports", Value::Map(Map::new()));
        out.insert("parameters", Value::Map(self.parameters));
        Value::Map(out)
    }
}

fn strings(items: &[String]) -> Value {
    Value::List(items.iter().map(Value::str).collect())
}

/// What the entities merged so far have contributed.
#[derive(Default)]
struct Accum {
    applications: AppList,
    classes: Vec<String>,
    params: PMap,
}

impl Inventory {
    /// Discovers the nodes and classes of an inventory.
    pub fn load(config: &ReclassConfig) -> Result<Inventory, ReclassError> {
        config.validate().map_err(ReclassError::Config)?;
        let nodes = discover(Kind::Node, &config.nodes_path, config.compose_node_name)?;
        let classes = discover(Kind::Class, &config.classes_path, true)?;
        let classes = classes
            .into_iter()
            .map(|(k, f)| (k, (f, OnceLock::new())))
            .collect();
        Ok(Inventory {
            opts: RenderOpts {
                ignore_overwritten_missing_references: config.ignore_overwritten_missing_references,
                nested_reference_null_as_none: config.nested_reference_null_as_none,
            },
            nodes,
            classes,
            mappings: config.mappings().map_err(ReclassError::Config)?,
            ignore: config.ignore_regexset().map_err(ReclassError::Config)?,
            config: config.clone(),
        })
    }

    pub fn config(&self) -> &ReclassConfig {
        &self.config
    }

    /// Node names, sorted.
    pub fn node_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.nodes.keys().cloned().collect();
        names.sort();
        names
    }

    /// Renders one node (`reclass -n`), as a `nodeinfo` value with the current time.
    pub fn node(&self, name: &str) -> Result<Value, ReclassError> {
        Ok(self.render_node(name)?.to_value(&timestamp()))
    }

    /// Renders one node.
    pub fn render_node(&self, name: &str) -> Result<NodeInfo, ReclassError> {
        self.render(name).map_err(|message| ReclassError::Node {
            node: name.to_string(),
            message,
        })
    }

    /// Renders every node (in parallel) into reclass's inventory dict (`reclass -i`).
    pub fn all(&self) -> Result<Value, ReclassError> {
        let infos = self.render_all()?;
        Ok(inventory_value(infos, &timestamp()))
    }

    /// Renders every node, sorted by name; the first failing node (by name) is the error.
    pub fn render_all(&self) -> Result<Vec<NodeInfo>, ReclassError> {
        self.render_all_map(|info| info)
    }

    /// Renders every node in parallel and passes each result through `f` on the worker
    /// thread (e.g. to serialize it and drop the tree early). Sorted by node name; the first
    /// failing node (by name) is the error.
    pub fn render_all_map<T, F>(&self, f: F) -> Result<Vec<T>, ReclassError>
    where
        T: Send,
        F: Fn(NodeInfo) -> T + Sync + Send,
    {
        let names = self.node_names();
        let results: Vec<Result<T, String>> =
            names.par_iter().map(|n| self.render(n).map(&f)).collect();
        names
            .into_iter()
            .zip(results)
            .map(|(node, r)| r.map_err(|message| ReclassError::Inventory { node, message }))
            .collect()
    }

    fn render(&self, name: &str) -> Result<NodeInfo, String> {
        let file = self
            .nodes
            .get(name)
            .ok_or_else(|| format!("Unknown node {name}"))?;
        let path = Path::new(&self.config.nodes_path).join(&file.relpath);
        let node = parse_entity(&path, Vec::new())?;
        let parts = self.name_parts(name, &file.relpath);
        let base = Entity {
            classes: self.mapped_classes(name, &file.relpath),
            parameters: reclass_meta(name, &parts),
            ..Entity::default()
        };
        let mut acc = Accum::default();
        let mut seen = HashSet::new();
        let mut stack = Vec::new();
        self.merge_entity(&base, &mut seen, &mut stack, &mut acc)?;
        self.merge_entity(&node, &mut seen, &mut stack, &mut acc)?;
        let parameters = Resolver::new(&acc.params, &self.opts).render_root()?;
        Ok(NodeInfo {
            name: name.to_string(),
            uri: format!("yaml_fs://{}", lexical_absolute(&path).display()),
            environment: ENVIRONMENT.to_string(),
            applications: acc.applications.items,
            classes: acc.classes,
            parameters,
        })
    }

    /// Merges an entity's classes (depth first, each class once), then the entity itself.
    fn merge_entity(
        &self,
        entity: &Entity,
        seen: &mut HashSet<String>,
        stack: &mut Vec<String>,
        acc: &mut Accum,
    ) -> Result<(), String> {
        for cls in &entity.classes {
            let name = if cls.contains("${") {
                Resolver::new(&acc.params, &self.opts).render_string(cls)?
            } else {
                cls.clone()
            };
            if seen.contains(&name) {
                continue;
            }
            let Some(class) = self.class(&name, &entity.loc)? else {
                continue;
            };
            if stack.contains(&name) {
                stack.push(name);
                return Err(format!("Class include loop: {}", stack.join(" -> ")));
            }
            stack.push(name.clone());
            self.merge_entity(&class, seen, stack, acc)?;
            stack.pop();
            seen.insert(name);
        }
        acc.applications.merge(&entity.applications);
        for cls in &entity.classes {
            if !acc.classes.contains(cls) {
                acc.classes.push(cls.clone());
            }
        }
        merge_maps(&mut acc.params, &entity.parameters, &self.opts)
    }

    /// A class by (possibly relative) name; `None` if it is missing and ignored.
    fn class(&self, name: &str, loc: &[String]) -> Result<Option<Arc<Entity>>, String> {
        let abs = abs_class_name(name, loc);
        let Some((file, cell)) = self.classes.get(&abs) else {
            if self.config.ignore_class_notfound && self.ignore.is_match(&abs) {
                return Ok(None);
            }
            return Err(format!("Class {abs} not found"));
        };
        let parsed = cell.get_or_init(|| {
            let path = Path::new(&self.config.classes_path).join(&file.relpath);
            parse_entity(&path, file.loc.clone()).map(Arc::new)
        });
        match parsed {
            Ok(c) => Ok(Some(c.clone())),
            Err(e) => Err(format!("Deserializing {abs}: {e}")),
        }
    }

    fn mapped_classes(&self, name: &str, relpath: &Path) -> Vec<String> {
        let npath = relpath.with_extension("").display().to_string();
        let matchname = if self.config.class_mappings_match_path {
            npath.as_str()
        } else {
            name
        };
        let mut out = Vec::new();
        for m in &self.mappings {
            m.apply(matchname, &mut out);
        }
        out
    }

    /// `_reclass_.name.parts`.
    fn name_parts(&self, name: &str, relpath: &Path) -> Vec<String> {
        if self.config.compose_node_name && self.config.compose_node_name_literal_dots {
            return name.split('.').map(str::to_string).collect();
        }
        let parts: Vec<String> = if self.config.compose_node_name {
            relpath
                .with_extension("")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect()
        } else {
            vec![name.to_string()]
        };
        match parts.first() {
            Some(p) if p.starts_with('_') => parts.last().cloned().into_iter().collect(),
            _ => parts,
        }
    }
}

fn parse_entity(path: &Path, loc: Vec<String>) -> Result<Entity, String> {
    let text = halite_value::limits::read_input_to_string(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let doc = halite_yaml::load(&text, halite_yaml::Schema::Yaml12).map_err(|e| e.to_string())?;
    Entity::from_document(&doc, loc)
}

/// The `_reclass_` parameter every node gets.
fn reclass_meta(name: &str, parts: &[String]) -> PMap {
    let mut n = PMap::new();
    n.insert_prefixed(Value::str("full"), PValue::lit(name));
    let items = parts.iter().map(|p| PValue::lit(p)).collect();
    n.insert_prefixed(
        Value::str("parts"),
        PValue::Seq(Arc::new(crate::pvalue::PSeq::new(items))),
    );
    n.insert_prefixed(Value::str("path"), PValue::lit(&parts.join("/")));
    n.insert_prefixed(
        Value::str("short"),
        PValue::lit(parts.last().map_or("", |s| s)),
    );
    let mut meta = PMap::new();
    meta.insert_prefixed(Value::str("environment"), PValue::lit(ENVIRONMENT));
    meta.insert_prefixed(Value::str("name"), PValue::Map(Arc::new(n)));
    let mut params = PMap::new();
    params.insert_prefixed(Value::str("_reclass_"), PValue::Map(Arc::new(meta)));
    params
}

/// reclass's inventory dict: `applications` and `classes` map names to sorted node lists.
pub fn inventory_value(infos: Vec<NodeInfo>, timestamp: &str) -> Value {
    let (applications, classes) =
        index(infos.iter().map(|i| (&i.name, &i.applications, &i.classes)));
    let mut nodes = Map::with_capacity(infos.len());
    for info in infos {
        nodes.insert(info.name.clone(), info.into_value(timestamp));
    }
    let mut out = Map::new();
    out.insert("applications", applications);
    out.insert("classes", classes);
    out.insert("nodes", Value::Map(nodes));
    out.insert("__reclass__", inventory_meta(timestamp));
    Value::Map(out)
}

/// The inventory's `__reclass__`: just the timestamp.
pub fn inventory_meta(timestamp: &str) -> Value {
    let mut meta = Map::new();
    meta.insert("timestamp", Value::str(timestamp));
    Value::Map(meta)
}

/// The inventory's `applications` and `classes` maps (names sorted, node lists sorted) from
/// `(node, applications, classes)`.
pub fn index<'a>(
    nodes: impl Iterator<Item = (&'a String, &'a Vec<String>, &'a Vec<String>)>,
) -> (Value, Value) {
    let mut apps: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    let mut classes: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for (name, node_apps, node_classes) in nodes {
        for a in node_apps {
            apps.entry(a).or_default().push(name);
        }
        for c in node_classes {
            classes.entry(c).or_default().push(name);
        }
    }
    let to_value = |m: BTreeMap<&str, Vec<&str>>| {
        let mut out = Map::with_capacity(m.len());
        for (k, mut v) in m {
            v.sort_unstable();
            out.insert(k, Value::List(v.into_iter().map(Value::str).collect()));
        }
        Value::Map(out)
    };
    (to_value(apps), to_value(classes))
}

/// The current UTC time as `strftime("%c")` prints it: `Sat Nov 21 16:23:13 2026`.
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    format_ctime(secs)
}

fn format_ctime(secs: i64) -> String {
    const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let (y, m, d) = civil_from_days(days);
    format!(
        "{} {} {:>2} {:02}:{:02}:{:02} {}",
        DAYS[days.rem_euclid(7) as usize],
        MONTHS[(m - 1) as usize],
        d,
        rem / 3600,
        rem % 3600 / 60,
        rem % 60,
        y
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian.
fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    #[test]
    fn ctime() {
        assert_eq!(
            super::format_ctime(1_795_796_593),
            "Fri Nov 27 16:23:13 2026"
        );
        assert_eq!(super::format_ctime(0), "Thu Jan  1 00:00:00 1970");
    }
}
