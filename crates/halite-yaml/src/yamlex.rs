//! `salt.serializers.yamlex.deserialize`: PyYAML's safe loader with Salt's SLS rules. Every
//! mapping is ordered and a repeated key merges its values (`salt.utils.aggregation`):
//! `!aggregate` marks a value to merge with the one before it (lists are extended,
//! mappings updated), `!reset` on a key replaces the earlier value. The loader's
//! `compose_document` (which would aggregate the document itself) is never called: libyaml's
//! `CParser` composes the document, so the root is a plain mapping.
//!
//! PyYAML builds a list outside a deep construction (anything not under `!aggregate` or
//! `!reset`) after the document, from a generator: when a repeated key's merge copies such
//! a list (`copy.copy(obj_b)`), it copies the list still empty, and the value is `[]`.

use crate::compose::{compose, Graph, NodeId, NodeKind, TAG_SEQ, TAG_STR};
use crate::construct::{ctor_for, SaltConstructor};
use crate::error::{ErrorKind, YamlError};
use crate::resolve::{resolve11, TAG_INT, TAG_VALUE};
use crate::Schema;
use halite_value::{Map, Value};

const TAG_OMAP: &str = "tag:yaml.org,2002:omap";
const AGGREGATE: &str = "!aggregate";
const RESET: &str = "!reset";
/// How Python's `int()` refuses a text (yamlex's `construct_sls_int`).
pub const INVALID_INT: &str = "invalid literal for int() with base 10:";
/// How yamlex's own "unacceptable key" error begins (its whole text is Salt's message).
pub const UNACCEPTABLE_KEY: &str = "While constructing a mapping";

/// A value while the document is built: collections remember whether they are marked
/// aggregate (`AggregatedMap`, `AggregatedSequence`).
#[derive(Clone)]
enum Y {
    Scalar(Value),
    /// The items, whether aggregated, whether PyYAML fills it only after the document.
    Seq(Vec<Y>, bool, bool),
    Map(Vec<(Value, Y)>, bool),
}

impl Y {
    fn value(&self) -> Value {
        match self {
            Y::Scalar(v) => v.clone(),
            Y::Seq(items, _, _) => Value::from(items.iter().map(Y::value).collect::<Vec<_>>()),
            Y::Map(pairs, _) => {
                let mut m = Map::new();
                for (k, v) in pairs {
                    m.insert(k.clone(), v.value());
                }
                Value::Map(m)
            }
        }
    }
}

/// `salt.utils.aggregation.aggregate(a, b)` (level False).
fn aggregate(a: &Y, b: &Y) -> Y {
    match (a, b) {
        (Y::Map(pa, agg_a), Y::Map(pb, agg_b)) => {
            // both marked: a updated with b; otherwise only b's keys are kept
            let mut out: Vec<(Value, Y)> = if *agg_a && *agg_b {
                pa.clone()
            } else {
                pb.clone()
            };
            for (k, vb) in pb {
                let v = match pa.iter().find(|(ka, _)| ka == k) {
                    Some((_, va)) => aggregate(va, vb),
                    None => vb.clone(),
                };
                match out.iter_mut().find(|(ko, _)| ko == k) {
                    Some(slot) => slot.1 = v,
                    None => out.push((k.clone(), v)),
                }
            }
            let agg = if *agg_a && *agg_b { *agg_a } else { *agg_b };
            Y::Map(out, agg)
        }
        (Y::Seq(ia, true, _), Y::Seq(ib, true, _)) => {
            let mut out = ia.clone();
            let have: Vec<Value> = ia.iter().map(Y::value).collect();
            for item in ib {
                if !have.contains(&item.value()) {
                    out.push(item.clone());
                }
            }
            Y::Seq(out, true, false)
        }
        // copy.copy(obj_b) of a list PyYAML has not filled yet
        (_, Y::Seq(_, agg, true)) => Y::Seq(Vec::new(), *agg, false),
        _ => b.clone(),
    }
}

struct Builder<'g> {
    g: &'g Graph<'g>,
    /// For `flatten_mapping` (`<<` merge keys), as the yaml loader reads them.
    salt: SaltConstructor<'g>,
    depth: usize,
}

fn error(problem: String, g: &Graph<'_>, id: NodeId) -> YamlError {
    let mark = g.nodes.get(id).map(|n| n.start).unwrap_or_default();
    YamlError::new(ErrorKind::Constructor, problem, mark)
}

impl<'g> Builder<'g> {
    /// `resolve_sls_tag`: a scalar's implicit (plain) tag, whatever its style.
    fn sls_tag(&self, id: NodeId) -> &'static str {
        match self.g.nodes.get(id).map(|n| &n.kind) {
            Some(NodeKind::Scalar { value }) => resolve11(value),
            Some(NodeKind::Seq(_)) => TAG_SEQ,
            _ => TAG_OMAP,
        }
    }

    fn build(&mut self, id: NodeId, tag: Option<&str>, deep: bool) -> Result<Y, YamlError> {
        self.depth += 1;
        if self.depth > 400 {
            return Err(error("too deeply nested".into(), self.g, id));
        }
        let out = self.build_inner(id, tag, deep);
        self.depth -= 1;
        out
    }

    fn build_inner(&mut self, id: NodeId, tag: Option<&str>, deep: bool) -> Result<Y, YamlError> {
        let g = self.g;
        let node = g
            .nodes
            .get(id)
            .ok_or_else(|| error("dangling node".into(), g, id))?;
        let tag = tag.unwrap_or(&node.tag);
        match tag {
            AGGREGATE => {
                let resolved = self.sls_tag(id);
                let obj = self.build(id, Some(resolved), true)?;
                Ok(match obj {
                    Y::Scalar(Value::Null) => Y::Seq(Vec::new(), true, false),
                    Y::Map(pairs, _) => Y::Map(pairs, true),
                    Y::Seq(items, _, _) => Y::Seq(items, true, false),
                    scalar => Y::Seq(vec![scalar], true, false),
                })
            }
            RESET => {
                let resolved = self.sls_tag(id);
                self.build(id, Some(resolved), true)
            }
            _ => match &node.kind {
                NodeKind::Scalar { value } => {
                    if tag == TAG_INT {
                        return sls_int(value).map(Y::Scalar).ok_or_else(|| {
                            YamlError::new(
                                ErrorKind::Other,
                                format!("{INVALID_INT} '{value}'"),
                                node.start,
                            )
                        });
                    }
                    // the yaml loader's scalars (timestamps stay text, see docs/compat.md)
                    // flatten_mapping reads a `=` key (tag:yaml.org,2002:value) as a string
                    let tag = if tag == TAG_VALUE { TAG_STR } else { tag };
                    self.salt.scalar(node, ctor_for(tag)).map(Y::Scalar)
                }
                NodeKind::Seq(items) => {
                    let mut out = Vec::with_capacity(items.len());
                    for item in items {
                        out.push(self.build(*item, None, deep)?);
                    }
                    Ok(Y::Seq(out, false, !deep))
                }
                NodeKind::Map(_) => {
                    // `<<` merge keys: the merged pairs first (they merge like repeated keys)
                    let pairs = self.salt.mapping_pairs(id)?;
                    // every mapping is Salt's ordered SLSMap (`construct_yaml_omap`: the
                    // loader's default mapping tag is omap)
                    let mut out: Vec<(Value, Y)> = Vec::with_capacity(pairs.len());
                    for &(k, v) in pairs.iter() {
                        let key_node = g
                            .nodes
                            .get(k)
                            .ok_or_else(|| error("dangling node".into(), g, k))?;
                        let reset = key_node.tag == RESET;
                        let (key_tag, value_tag) = if key_node.tag == AGGREGATE {
                            // "!aggregate applies on values only, not on keys"
                            (Some(self.sls_tag(k)), Some(AGGREGATE))
                        } else {
                            (None, None)
                        };
                        let key = self.build(k, key_tag, deep)?;
                        let key = match key {
                            Y::Scalar(v) => v,
                            _ => {
                                // the ConstructorError yamlex raises itself (libyaml's marks
                                // name no file and show no snippet)
                                let mark = |m: crate::error::Mark| {
                                    format!(
                                        "  in \"<file>\", line {}, column {}",
                                        m.line + 1,
                                        m.col + 1
                                    )
                                };
                                return Err(YamlError::new(
                                    ErrorKind::Other,
                                    format!(
                                        "{UNACCEPTABLE_KEY} {} found unacceptable key {}",
                                        mark(node.start),
                                        mark(key_node.start)
                                    ),
                                    key_node.start,
                                ));
                            }
                        };
                        let mut value = self.build(v, value_tag, deep)?;
                        match out.iter_mut().find(|(e, _)| *e == key) {
                            Some(slot) => {
                                if !reset {
                                    value = aggregate(&slot.1, &value);
                                }
                                slot.1 = value;
                            }
                            None => out.push((key, value)),
                        }
                    }
                    Ok(Y::Map(out, false))
                }
            },
        }
    }
}

/// `construct_sls_int`: leading zeros dropped (not octal), then Python's `int(text)` in base
/// 10 (a sign, digits, single underscores between digits); `0x`/`0b` and sexagesimal
/// values are refused.
fn sls_int(text: &str) -> Option<Value> {
    let mut v = text;
    if v != "0" && v.starts_with('0') && !v.starts_with("0b") && !v.starts_with("0x") {
        v = v.trim_start_matches('0');
        if v.is_empty() {
            v = "0";
        }
    }
    let v = v.trim();
    let (neg, digits) = match v.as_bytes().first() {
        Some(b'-') => (true, &v[1..]),
        Some(b'+') => (false, &v[1..]),
        _ => (false, v),
    };
    let ok = !digits.is_empty()
        && !digits.starts_with('_')
        && !digits.ends_with('_')
        && !digits.contains("__")
        && digits.chars().all(|c| c.is_ascii_digit() || c == '_');
    if !ok {
        return None;
    }
    let n: i64 = digits.replace('_', "").parse().ok()?;
    Some(Value::Int(if neg { -n } else { n }))
}

/// `yamlex.deserialize(text)`: the document (None when empty).
pub fn load_yamlex(text: &str) -> Result<Value, YamlError> {
    crate::reader::check_printable(text)?;
    let g = compose(text, Schema::Salt)?;
    let Some(root) = g.root else {
        return Ok(Value::Null);
    };
    let mut b = Builder {
        g: &g,
        salt: SaltConstructor::new(&g),
        depth: 0,
    };
    Ok(b.build(root, None, false)?.value())
}
