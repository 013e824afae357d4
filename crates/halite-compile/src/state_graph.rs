//! The requisite graph as Salt 3008 builds it (`salt/utils/requisite.py` `DependencyGraph`,
//! filled by `State.compile_high_data` and `order_chunks`) and prints it for `state.graph`
//! and `state.graph_highstate` (`to_dot`): one node per low chunk (plus a
//! `..._|-__prereq_test__` node for each state another one `prereq`s), one edge per requisite
//! from the state required to the state requiring it, labelled with the requisite.
//!
//! Pure: high data in, a [`Graph`] out. Orders follow Salt's dicts: nodes in the order they
//! were added, each node's edges by target in the order first linked, then by requisite.

use crate::py::is_dunder;
use halite_value::{fnmatch, Map, Value};
use indexmap::IndexMap;

/// Salt's `RequisiteType`s that make edges, in the order `add_requisites` reads them.
const EDGE_REQUISITES: &[&str] = &[
    "require",
    "require_any",
    "watch",
    "watch_any",
    "prereq",
    "onfail",
    "onfail_any",
    "onfail_all",
    "onchanges",
    "onchanges_any",
];

/// Every `RequisiteType` value (a chunk with none of them adds no edge).
const ALL_REQUISITES: &[&str] = &[
    "onfail",
    "onfail_any",
    "onfail_all",
    "require",
    "require_any",
    "onchanges",
    "onchanges_any",
    "watch",
    "watch_any",
    "prereq",
    "prerequired",
    "listen",
];

const PREREQ_SUFFIX: &str = "_|-__prereq_test__";

/// A state of the graph (a low chunk, or the prereq check of one).
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Salt's tag `state_|-id_|-name_|-fun` (with `_|-__prereq_test__` for a prereq check).
    pub tag: String,
    pub state: String,
    pub fun: String,
    pub id: String,
    pub name: String,
    pub sls: String,
    /// The test-mode run a `prereq` makes of this state before the state that asks.
    pub prereq_check: bool,
}

impl Node {
    /// The tag of the state run itself (a prereq check's is its state's).
    pub fn state_tag(&self) -> &str {
        self.tag.strip_suffix(PREREQ_SUFFIX).unwrap_or(&self.tag)
    }
}

/// A requisite: `target` waits for `source`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    pub source: usize,
    pub target: usize,
    pub requisite: &'static str,
}

/// The requisite graph of some high data.
#[derive(Debug, Clone, Default)]
pub struct Graph {
    pub nodes: Vec<Node>,
    index: IndexMap<String, usize>,
    /// source -> target -> requisites, in insertion order (Salt's `_out_edges`).
    out: Vec<IndexMap<usize, Vec<&'static str>>>,
    /// target -> source -> requisites (Salt's `_in_edges`).
    inn: Vec<IndexMap<usize, Vec<&'static str>>>,
    /// `(state or "id", name or id)` -> nodes (Salt's `nodes_lookup_map`).
    lookup: IndexMap<(String, String), Vec<usize>>,
    /// sls -> nodes (Salt's `sls_to_nodes`).
    by_sls: IndexMap<String, Vec<usize>>,
    /// Nodes whose chunk got `__prereq__` (another state prereqs it).
    prereqd: Vec<bool>,
}

impl Graph {
    /// Every edge: nodes in order, each node's out-edges by target then requisite.
    pub fn edges(&self) -> Vec<Edge> {
        let mut v = Vec::new();
        for (source, targets) in self.out.iter().enumerate() {
            for (&target, reqs) in targets {
                for &requisite in reqs {
                    v.push(Edge {
                        source,
                        target,
                        requisite,
                    });
                }
            }
        }
        v
    }

    fn add_node(&mut self, node: Node) -> usize {
        if let Some(&i) = self.index.get(&node.tag) {
            return i;
        }
        let i = self.nodes.len();
        self.index.insert(node.tag.clone(), i);
        self.nodes.push(node);
        self.out.push(IndexMap::new());
        self.inn.push(IndexMap::new());
        self.prereqd.push(false);
        i
    }

    fn add_edge(&mut self, source: usize, target: usize, requisite: &'static str) {
        let reqs = self.out[source].entry(target).or_default();
        if !reqs.contains(&requisite) {
            reqs.push(requisite);
        }
        let reqs = self.inn[target].entry(source).or_default();
        if !reqs.contains(&requisite) {
            reqs.push(requisite);
        }
    }

    /// Salt's `to_dot`, byte for byte.
    pub fn to_dot(&self) -> String {
        let mut dot = vec!["digraph G {".to_string()];
        for n in &self.nodes {
            let mut label = format!("{}.{}\\n{}", n.state, n.fun, n.id);
            if n.name != n.id {
                label.push_str(&format!("\\n({})", n.name));
            }
            dot.push(format!("  \"{}\" [label=\"{label}\"];", n.tag));
        }
        for e in self.edges() {
            dot.push(format!(
                "  \"{}\" -> \"{}\" [label=\"{}\"];",
                self.nodes[e.source].tag, self.nodes[e.target].tag, e.requisite
            ));
        }
        dot.push("}".to_string());
        dot.join("\n")
    }

    fn prereq_node(&mut self, of: usize) -> usize {
        let mut n = self.nodes[of].clone();
        n.tag.push_str(PREREQ_SUFFIX);
        n.prereq_check = true;
        self.add_node(n)
    }

    /// `_add_prereq`: `node` prereqs `req`.
    fn add_prereq(&mut self, node: usize, req: usize) {
        self.prereqd[req] = true;
        let check_tag = format!("{}{PREREQ_SUFFIX}", self.nodes[req].tag);
        let check = match self.index.get(&check_tag) {
            Some(&c) => c,
            None => {
                let c = self.prereq_node(req);
                let deps: Vec<(usize, &'static str)> = self.inn[req]
                    .iter()
                    .flat_map(|(&s, reqs)| reqs.iter().map(move |&r| (s, r)))
                    .filter(|(_, r)| *r != "prereq")
                    .collect();
                for (s, r) in deps {
                    self.add_edge(s, c, r);
                }
                c
            }
        };
        self.add_edge(check, node, "prereq");
        self.add_edge(node, req, "require");
        let own = format!("{}{PREREQ_SUFFIX}", self.nodes[node].tag);
        if let Some(&own) = self.index.get(&own) {
            self.add_edge(check, own, "prereq");
        }
    }

    fn add_reqs(&mut self, node: usize, requisite: &'static str, reqs: &[usize]) {
        let has_check = self.prereqd[node];
        for &req in reqs {
            if requisite == "prereq" {
                self.add_prereq(node, req);
            } else {
                if has_check {
                    let check = self.prereq_node(node);
                    self.add_edge(req, check, requisite);
                }
                self.add_edge(req, node, requisite);
            }
        }
    }

    /// `add_dependency`: false when nothing matches.
    fn add_dependency(
        &mut self,
        node: usize,
        requisite: &'static str,
        key: &str,
        val: &str,
    ) -> bool {
        let pattern = val.contains(['*', '?', '[', ']']);
        let mut found = Vec::new();
        if key == "sls" {
            for (sls, nodes) in &self.by_sls {
                if (pattern && fnmatch(sls, val)) || (!pattern && sls == val) {
                    found.push(nodes.clone());
                }
            }
            if pattern {
                // Salt counts a pattern as found even when it matches no sls
                for nodes in found {
                    self.add_reqs(node, requisite, &nodes);
                }
                return true;
            }
        } else if pattern {
            for ((kind, name), nodes) in &self.lookup {
                if kind == key && fnmatch(name, val) {
                    found.push(nodes.clone());
                }
            }
        } else if let Some(nodes) = self.lookup.get(&(key.to_string(), val.to_string())) {
            found.push(nodes.clone());
        }
        let any = found.iter().any(|n| !n.is_empty());
        for nodes in found {
            self.add_reqs(node, requisite, &nodes);
        }
        any
    }
}

/// A low chunk as `compile_high_data` makes it, with only what the graph reads.
struct Chunk {
    node: usize,
    args: Map,
}

/// Builds the graph of `high` as Salt 3008's `compile_high_data` + `order_chunks` do.
/// `has_mod_watch(state)`: whether `state.mod_watch` exists (else `watch` counts as
/// `require`); `disabled`: the `disabled_requisites` option.
pub fn build(high: &Map, has_mod_watch: &dyn Fn(&str) -> bool, disabled: &[String]) -> Graph {
    let mut g = Graph::default();
    let mut chunks: Vec<Chunk> = Vec::new();
    for (id, body) in high.iter() {
        let Some(id) = id.as_str() else { continue };
        if id.starts_with("__") {
            continue;
        }
        let Some(body) = body.as_map() else { continue };
        let sls = body.get("__sls__").map(Value::py_str).unwrap_or_default();
        let included_from: Vec<String> = match body.get("__sls_included_from__") {
            Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
            _ => Vec::new(),
        };
        for (state, run) in body.iter() {
            let Some(state) = state.as_str() else {
                continue;
            };
            if is_dunder(&Value::str(state)) || state.starts_with("__") {
                continue;
            }
            let Some(run) = run.as_list() else { continue };
            let mut funcs: Vec<String> = Vec::new();
            let mut names: Vec<Value> = Vec::new();
            let mut args = Map::new();
            let mut name = Value::str(id);
            for arg in run.iter() {
                match arg {
                    Value::Str(f) if !funcs.iter().any(|x| x == f.as_str()) => {
                        funcs.push(f.to_string());
                    }
                    Value::Map(m) => {
                        for (k, v) in m.iter() {
                            match k.as_str() {
                                Some("names") => {
                                    for n in v.as_list().into_iter().flatten() {
                                        if !names.contains(n) {
                                            names.push(n.clone());
                                        }
                                    }
                                }
                                Some("state") => {}
                                Some("name") if !matches!(v, Value::Str(_)) => {
                                    name = Value::str(id)
                                }
                                Some("name") => name = v.clone(),
                                _ => {
                                    args.insert(k.clone(), v.clone());
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
            let Some(fun) = funcs.first().cloned() else {
                continue;
            };
            let lives: Vec<(Value, Map)> = if names.is_empty() {
                vec![(name, args.clone())]
            } else {
                names
                    .iter()
                    .map(|entry| match entry {
                        Value::Map(m) => {
                            let (k, v) = m
                                .iter()
                                .next()
                                .map_or((Value::Null, Value::Null), |(k, v)| {
                                    (k.clone(), v.clone())
                                });
                            let mut a = args.clone();
                            for extra in v.as_list().into_iter().flatten() {
                                if let Value::Map(extra) = extra {
                                    for (ek, ev) in extra.iter() {
                                        a.insert(ek.clone(), ev.clone());
                                    }
                                }
                            }
                            (k, a)
                        }
                        other => (other.clone(), args.clone()),
                    })
                    .collect()
            };
            for (live_name, live_args) in lives {
                let name = live_name.py_str();
                let node = g.add_node(Node {
                    tag: format!("{state}_|-{id}_|-{name}_|-{fun}"),
                    state: state.to_string(),
                    fun: fun.clone(),
                    id: id.to_string(),
                    name: name.clone(),
                    sls: sls.clone(),
                    prereq_check: false,
                });
                for key in [
                    (state.to_string(), name.clone()),
                    (state.to_string(), id.to_string()),
                    ("id".to_string(), id.to_string()),
                    ("id".to_string(), name.clone()),
                ] {
                    let v = g.lookup.entry(key).or_default();
                    if !v.contains(&node) {
                        v.push(node);
                    }
                }
                for s in std::iter::once(&sls)
                    .filter(|s| !s.is_empty())
                    .chain(&included_from)
                {
                    let v = g.by_sls.entry(s.clone()).or_default();
                    if !v.contains(&node) {
                        v.push(node);
                    }
                }
                chunks.push(Chunk {
                    node,
                    args: live_args,
                });
            }
        }
    }
    for chunk in &mut chunks {
        let state = g.nodes[chunk.node].state.clone();
        if !has_mod_watch(&state) {
            for (watch, require) in [("watch", "require"), ("watch_any", "require_any")] {
                if let Some(Value::List(w)) = chunk.args.remove(watch) {
                    match chunk.args.get_mut(require) {
                        Some(Value::List(r)) => r.extend(w.iter().cloned()),
                        _ => {
                            chunk.args.insert(require, Value::List(w));
                        }
                    }
                }
            }
        }
        add_requisites(&mut g, chunk, disabled);
    }
    g
}

/// `add_requisites`: stops at the first requisite that names nothing (Salt returns its
/// error there).
fn add_requisites(g: &mut Graph, chunk: &Chunk, disabled: &[String]) {
    if !ALL_REQUISITES.iter().any(|r| chunk.args.contains_key(r)) {
        return;
    }
    for &requisite in EDGE_REQUISITES {
        let Some(reqs) = chunk.args.get(requisite) else {
            continue;
        };
        if !reqs.truthy() || disabled.iter().any(|d| d == requisite) {
            continue;
        }
        let items: Vec<Value> = match reqs {
            Value::List(l) => l.to_vec(),
            Value::Str(s) => s.chars().map(|c| Value::str(c.to_string())).collect(),
            Value::Map(m) => m.keys().cloned().collect(),
            _ => return,
        };
        for item in items {
            let (key, val) = match &item {
                Value::Str(s) => ("id".to_string(), Value::Str(s.clone())),
                Value::Map(m) => match m.iter().next() {
                    Some((k, v)) => {
                        let k = k.py_str();
                        let k = k.split_once('.').map_or(k.clone(), |(m, _)| m.to_string());
                        (k, v.clone())
                    }
                    None => return,
                },
                _ => return,
            };
            if val == Value::Null {
                continue;
            }
            let Value::Str(val) = val else {
                return;
            };
            if !g.add_dependency(chunk.node, requisite, &key, &val) {
                return;
            }
        }
    }
}

/// The states halite knows to have a `mod_watch` (Salt 3008's `states/*.py` that define one:
/// at, cmd, etcd, mount, pkg, service, test).
pub fn salt_has_mod_watch(state: &str) -> bool {
    matches!(
        state,
        "at" | "cmd" | "etcd" | "mount" | "pkg" | "service" | "test"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn high(yaml: &str) -> Map {
        let mut m = Map::new();
        let v = Value::from_json_str(yaml).expect("json");
        for (k, mut body) in v.as_map().cloned().unwrap_or_default() {
            if let Value::Map(b) = &mut body {
                b.insert("__sls__", Value::str("web"));
                b.insert("__env__", Value::str("base"));
            }
            m.insert(k, body);
        }
        m
    }

    #[test]
    fn a_prereq_adds_a_check_node_with_the_prereqd_states_requisites() {
        let h = high(
            r#"{"a": {"test": ["nop"]},
                "b": {"test": ["nop", {"require": [{"test": "a"}]}]},
                "c": {"test": ["nop", {"prereq": [{"test": "b"}]}]}}"#,
        );
        let g = build(&h, &salt_has_mod_watch, &[]);
        let tags: Vec<&str> = g.nodes.iter().map(|n| n.tag.as_str()).collect();
        assert_eq!(
            tags,
            [
                "test_|-a_|-a_|-nop",
                "test_|-b_|-b_|-nop",
                "test_|-c_|-c_|-nop",
                "test_|-b_|-b_|-nop_|-__prereq_test__"
            ]
        );
        let edges: Vec<(usize, usize, &str)> = g
            .edges()
            .iter()
            .map(|e| (e.source, e.target, e.requisite))
            .collect();
        assert_eq!(
            edges,
            [
                (0, 1, "require"),
                (0, 3, "require"),
                (2, 1, "require"),
                (3, 2, "prereq")
            ]
        );
    }

    #[test]
    fn watch_is_require_for_a_state_without_mod_watch() {
        let h = high(
            r#"{"a": {"test": ["nop"]},
                "f": {"file": ["managed", {"watch": [{"test": "a"}]}]}}"#,
        );
        let g = build(&h, &salt_has_mod_watch, &[]);
        assert_eq!(g.edges()[0].requisite, "require");
    }
}
