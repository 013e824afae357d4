//! Salt 3008's `State.order_chunks`: the requisites become a dependency graph
//! (`salt/utils/requisite.py`, `DependencyGraph` over its own `MultiDiGraph`), and the chunks
//! come out in a topological order of that graph, ties broken by `(order, state+name+fun)`.
//! Salt 3007 sorted by order and name only and checked requisites while running; 3008 reports
//! a requisite that matches nothing ("Referenced state does not exist for requisite ...") and
//! a cycle ("Recursive requisites were found: ...") as compile errors.
//!
//! The graph is reproduced with Python's dict semantics (insertion order everywhere; Salt
//! keeps the node sets of its lookup maps in Python `set`s, whose order is per-process
//! random, so where one requisite matches several states halite takes them in chunk order).
use crate::py::{fnmatch, num_add};
use halite_value::{List, Map, Value};
use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};

/// `RequisiteType`, in Salt's order of precedence (the weight is the position).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Req {
    Onfail,
    OnfailAny,
    OnfailAll,
    Require,
    RequireAny,
    Onchanges,
    OnchangesAny,
    Watch,
    WatchAny,
    Prereq,
    Prerequired,
    Listen,
}

impl Req {
    const ALL: [Req; 12] = [
        Req::Onfail,
        Req::OnfailAny,
        Req::OnfailAll,
        Req::Require,
        Req::RequireAny,
        Req::Onchanges,
        Req::OnchangesAny,
        Req::Watch,
        Req::WatchAny,
        Req::Prereq,
        Req::Prerequired,
        Req::Listen,
    ];
    /// The types `add_requisites` turns into edges, in its order.
    const DIRECT: [Req; 10] = [
        Req::Require,
        Req::RequireAny,
        Req::Watch,
        Req::WatchAny,
        Req::Prereq,
        Req::Onfail,
        Req::OnfailAny,
        Req::OnfailAll,
        Req::Onchanges,
        Req::OnchangesAny,
    ];

    fn name(self) -> &'static str {
        match self {
            Req::Onfail => "onfail",
            Req::OnfailAny => "onfail_any",
            Req::OnfailAll => "onfail_all",
            Req::Require => "require",
            Req::RequireAny => "require_any",
            Req::Onchanges => "onchanges",
            Req::OnchangesAny => "onchanges_any",
            Req::Watch => "watch",
            Req::WatchAny => "watch_any",
            Req::Prereq => "prereq",
            Req::Prerequired => "prerequired",
            Req::Listen => "listen",
        }
    }

    fn weight(self) -> i64 {
        Req::ALL.iter().position(|r| *r == self).unwrap_or(0) as i64
    }
}

/// The state modules of Salt 3008 with a `mod_watch` (`at`, `cmd`, `etcd`, `event`,
/// `module`, `mount`, `pkg`, `service`, `test`): for any other, `_reconcile_watch_req` turns
/// `watch` into `require` (and `watch_any` into `require_any`).
const MOD_WATCH_STATES: &[&str] = &[
    "at", "cmd", "etcd", "event", "module", "mount", "pkg", "service", "test",
];

struct Node {
    tag: String,
    /// The chunk (an index into the chunk list); `None` for a node an edge created before
    /// its chunk was added (Salt's attribute-less node).
    chunk: Option<usize>,
    /// target -> edge keys, in insertion order (a key once per pair, as a dict key).
    out: Vec<(usize, Vec<Req>)>,
    /// source -> edge keys, in insertion order.
    inc: Vec<(usize, Vec<Req>)>,
    /// `child_min`, cached by the first `_get_chunk_order`.
    child_min: Option<Value>,
}

#[derive(Default)]
struct Graph {
    nodes: Vec<Node>,
    index: HashMap<String, usize>,
    /// `nodes_lookup_map`: (state or "id", name or id) -> node tags (a set).
    lookup: Vec<((String, String), Vec<usize>)>,
    lookup_index: HashMap<(String, String), usize>,
    /// `sls_to_nodes`.
    sls: Vec<(String, Vec<usize>)>,
    sls_index: HashMap<String, usize>,
    /// Chunks whose `watch` (`watch_any`) `_reconcile_watch_req` appended to `require`
    /// (`require_any`): the lengths those lists had before, so a diagnostic can name the
    /// requisite the user wrote.
    watch_moved: Vec<(usize, [usize; 2])>,
}

/// The last `__sls_included_from__` list `add_chunk` saw (its storage, while the chunks are
/// borrowed) and the SLS slots of its names.
#[derive(Default)]
struct FromCache(Option<(*const Value, usize)>, Vec<usize>);

fn text(v: Option<&Value>) -> String {
    v.map(Value::py_str).unwrap_or_else(|| "None".to_string())
}

/// `_gen_tag`: `state_|-__id__|-name_|-fun`.
fn gen_tag(chunk: &Map) -> String {
    format!(
        "{}_|-{}_|-{}_|-{}",
        text(chunk.get("state")),
        text(chunk.get("__id__")),
        text(chunk.get("name")),
        text(chunk.get("fun"))
    )
}

const PREREQ_SUFFIX: &str = "_|-__prereq_test__";

fn prereq_tag(tag: &str) -> String {
    format!("{tag}{PREREQ_SUFFIX}")
}

fn add_to_set(set: &mut Vec<usize>, node: usize) {
    if !set.contains(&node) {
        set.push(node);
    }
}

impl Graph {
    /// `add_node`: the node of `tag`, created when missing.
    fn node(&mut self, tag: &str) -> usize {
        if let Some(&i) = self.index.get(tag) {
            return i;
        }
        self.nodes.push(Node {
            tag: tag.to_string(),
            chunk: None,
            out: Vec::new(),
            inc: Vec::new(),
            child_min: None,
        });
        self.index.insert(tag.to_string(), self.nodes.len() - 1);
        self.nodes.len() - 1
    }

    fn add_edge(&mut self, source: usize, target: usize, key: Req) {
        let out = &mut self.nodes[source].out;
        match out.iter_mut().find(|(t, _)| *t == target) {
            Some((_, keys)) if keys.contains(&key) => return,
            Some((_, keys)) => keys.push(key),
            None => out.push((target, vec![key])),
        }
        let inc = &mut self.nodes[target].inc;
        match inc.iter_mut().find(|(s, _)| *s == source) {
            Some((_, keys)) => keys.push(key),
            None => inc.push((source, vec![key])),
        }
    }

    /// Adds `node` to the set of `key`; `fresh` as in [`Graph::sls_add`] (the chunks of one
    /// declaration's `names` all share its `(state, id)` and `("id", id)` keys).
    fn lookup_add(&mut self, key: (String, String), node: usize, fresh: bool) {
        match self.lookup_index.get(&key) {
            Some(&i) => {
                let set = &mut self.lookup[i].1;
                if !fresh {
                    add_to_set(set, node);
                } else if set.last() != Some(&node) {
                    set.push(node);
                }
            }
            None => {
                self.lookup_index.insert(key.clone(), self.lookup.len());
                self.lookup.push((key, vec![node]));
            }
        }
    }

    /// The index of an SLS name in `sls`, created empty when missing.
    fn sls_slot(&mut self, sls: &str) -> usize {
        if let Some(&i) = self.sls_index.get(sls) {
            return i;
        }
        self.sls_index.insert(sls.to_string(), self.sls.len());
        self.sls.push((sls.to_string(), Vec::new()));
        self.sls.len() - 1
    }

    /// Adds `node` to the set of SLS `slot`. A node `add_chunk` just created is in no set
    /// but those this call added it to, where it is the last element: one comparison
    /// instead of `add_to_set`'s scan (an SLS every file includes, as in a ring of
    /// includes, holds thousands of nodes).
    fn sls_add(&mut self, slot: usize, node: usize, fresh: bool) {
        let set = &mut self.sls[slot].1;
        if fresh {
            if set.last() != Some(&node) {
                set.push(node);
            }
        } else {
            add_to_set(set, node);
        }
    }

    /// `add_chunk`. `from_cache` holds the SLS slots of the last `__sls_included_from__`
    /// list seen: chunks of one file share that list, so its names are looked up once.
    fn add_chunk(&mut self, chunks: &[Map], i: usize, from_cache: &mut FromCache) {
        let low = &chunks[i];
        let tag = gen_tag(low);
        let fresh = !self.index.contains_key(&tag);
        let node = self.node(&tag);
        self.nodes[node].chunk = Some(i);
        let state = text(low.get("state"));
        let name = text(low.get("name"));
        let id = text(low.get("__id__"));
        self.lookup_add((state.clone(), name.clone()), node, fresh);
        self.lookup_add((state, id.clone()), node, fresh);
        self.lookup_add(("id".into(), id), node, fresh);
        self.lookup_add(("id".into(), name), node, fresh);
        if let Some(sls) = low.get("__sls__").filter(|s| s.truthy()) {
            let slot = match sls {
                Value::Str(s) => self.sls_slot(s),
                other => self.sls_slot(&other.py_str()),
            };
            self.sls_add(slot, node, fresh);
        }
        if let Some(Value::List(from)) = low.get("__sls_included_from__") {
            let key = (from.as_slice().as_ptr(), from.len());
            if from_cache.0 != Some(key) {
                let mut slots = Vec::with_capacity(from.len());
                for sls in from.iter() {
                    slots.push(match sls {
                        Value::Str(s) => self.sls_slot(s),
                        other => self.sls_slot(&other.py_str()),
                    });
                }
                *from_cache = FromCache(Some(key), slots);
            }
            for &slot in &from_cache.1 {
                self.sls_add(slot, node, fresh);
            }
        }
    }

    /// Whether a node has attributes (Salt's `if self.dag.nodes.get(tag)`).
    fn has_attrs(&self, tag: &str) -> bool {
        self.index
            .get(tag)
            .is_some_and(|&i| self.nodes[i].chunk.is_some())
    }

    /// `_add_prereq`: `node` declares `prereq` on `req`.
    fn add_prereq(&mut self, chunks: &mut [Map], node: usize, req: usize) {
        if let Some(c) = self.nodes[node].chunk {
            chunks[c].insert("__prerequiring__", Value::Bool(true));
        }
        let prereq_chunk = self.nodes[req].chunk;
        if let Some(c) = prereq_chunk {
            chunks[c].insert("__prereq__", Value::Bool(true));
        }
        let check_tag = prereq_tag(&self.nodes[req].tag);
        if !self.has_attrs(&check_tag) {
            let check = self.node(&check_tag);
            self.nodes[check].chunk = prereq_chunk;
            let incoming: Vec<(usize, Req)> = self.nodes[req]
                .inc
                .iter()
                .flat_map(|(s, keys)| keys.iter().map(move |k| (*s, *k)))
                .collect();
            for (dep, key) in incoming {
                if key != Req::Prereq {
                    self.add_edge(dep, check, key);
                }
            }
        }
        let check = self.node(&check_tag);
        self.add_edge(check, node, Req::Prereq);
        self.add_edge(node, req, Req::Require);
        let node_check_tag = prereq_tag(&self.nodes[node].tag);
        if self.has_attrs(&node_check_tag) {
            let node_check = self.node(&node_check_tag);
            self.add_edge(check, node_check, Req::Prereq);
        }
    }

    /// `_add_reqs`.
    fn add_reqs(
        &mut self,
        chunks: &mut [Map],
        node_tag: &str,
        has_prereq_node: bool,
        req_type: Req,
        req_nodes: &[usize],
    ) {
        for &req in req_nodes {
            let node = self.node(node_tag);
            if req_type == Req::Prereq {
                self.add_prereq(chunks, node, req);
            } else {
                if has_prereq_node {
                    let check = self.node(&prereq_tag(node_tag));
                    self.add_edge(req, check, req_type);
                }
                self.add_edge(req, node, req_type);
            }
        }
    }

    /// `add_dependency`: whether the requisite matched.
    fn add_dependency(
        &mut self,
        chunks: &mut [Map],
        low: usize,
        req_type: Req,
        req_key: &str,
        req_val: &str,
    ) -> bool {
        let has_prereq_node = chunks[low].get("__prereq__").is_some_and(Value::truthy);
        let node_tag = gen_tag(&chunks[low]);
        let pattern = req_val.contains(['*', '?', '[', ']']);
        let mut found = false;
        if req_key == "sls" {
            if pattern {
                // Salt sets `found` before looking: a pattern always counts as found.
                found = true;
                let matches: Vec<Vec<usize>> = self
                    .sls
                    .iter()
                    .filter(|(sls, _)| fnmatch(sls, req_val))
                    .map(|(_, n)| n.clone())
                    .collect();
                for nodes in matches {
                    self.add_reqs(chunks, &node_tag, has_prereq_node, req_type, &nodes);
                }
            } else if let Some(nodes) = self
                .sls_index
                .get(req_val)
                .map(|&i| self.sls[i].1.clone())
                .filter(|n| !n.is_empty())
            {
                found = true;
                self.add_reqs(chunks, &node_tag, has_prereq_node, req_type, &nodes);
            }
        } else if pattern {
            let matches: Vec<Vec<usize>> = self
                .lookup
                .iter()
                .filter(|((state, name), _)| state == req_key && fnmatch(name, req_val))
                .map(|(_, n)| n.clone())
                .collect();
            for nodes in matches {
                found = true;
                self.add_reqs(chunks, &node_tag, has_prereq_node, req_type, &nodes);
            }
        } else if let Some(nodes) = self
            .lookup_index
            .get(&(req_key.to_string(), req_val.to_string()))
            .map(|&i| self.lookup[i].1.clone())
            .filter(|n| !n.is_empty())
        {
            found = true;
            self.add_reqs(chunks, &node_tag, has_prereq_node, req_type, &nodes);
        }
        found
    }

    /// `add_requisites`: Salt's error for the first requisite that fails.
    fn add_requisites(
        &mut self,
        chunks: &mut [Map],
        low: usize,
        disabled: &[String],
    ) -> Option<ReqError> {
        if !Req::ALL.iter().any(|r| chunks[low].contains_key(r.name())) {
            return None;
        }
        for req_type in Req::DIRECT {
            let Some(reqs) = chunks[low].get(req_type.name()).filter(|v| v.truthy()) else {
                continue;
            };
            // `for req_ref in low_reqs`: Python iterates a string by character, a dict by key
            let reqs: List = match reqs {
                Value::List(l) => l.clone(),
                Value::Str(s) => s
                    .chars()
                    .map(|c| Value::str(c.to_string()))
                    .collect::<Vec<_>>()
                    .into(),
                Value::Map(m) => m.keys().cloned().collect::<Vec<_>>().into(),
                _ => continue,
            };
            // Salt logs "The X requisite has been disabled, Ignoring." (compile is pure:
            // halite logs nothing here).
            if disabled.iter().any(|d| d == req_type.name()) {
                continue;
            }
            for (pos, req) in reqs.iter().enumerate() {
                let Some((written_key, key, val)) = req_ref(req) else {
                    continue;
                };
                let name = text(chunks[low].get("name"));
                let sls = text(chunks[low].get("__sls__"));
                let val = match val {
                    Value::Null => continue,
                    Value::Str(s) => s,
                    _ => {
                        return Some(ReqError {
                            text: format!(
                                "Requisite [{}: {key}] in state [{name}] in SLS [{sls}] must have a string as the value",
                                req_type.name()
                            ),
                            unmatched: None,
                        })
                    }
                };
                if !self.add_dependency(chunks, low, req_type, &key, &val) {
                    return Some(ReqError {
                        text: format!(
                            "Referenced state does not exist for requisite [{}: ({key}: {val})] in state [{name}] in SLS [{sls}]",
                            req_type.name()
                        ),
                        unmatched: Some(Unmatched {
                            requisite: self.written(low, req_type, pos),
                            item: match req {
                                Value::Str(_) => val.to_string(),
                                _ => format!("{written_key}: {val}"),
                            },
                            key,
                            val: val.to_string(),
                        }),
                    });
                }
            }
        }
        None
    }

    /// The requisite the user wrote for item `pos` of chunk `low`'s `req` list (a `watch`
    /// that `_reconcile_watch_req` made a `require` is a `watch`).
    fn written(&self, low: usize, req: Req, pos: usize) -> &'static str {
        let moved = self.watch_moved.iter().find(|(c, _)| *c == low);
        match (moved, req) {
            (Some((_, lens)), Req::Require) if pos >= lens[0] => "watch",
            (Some((_, lens)), Req::RequireAny) if pos >= lens[1] => "watch_any",
            _ => req.name(),
        }
    }

    /// `_get_chunk_order`: (the order, lowered to the smallest order among the states that
    /// depend on this one through the heaviest requisite type; the chunk's own order).
    /// Resolves the chunk's `order` (and a child's non-numeric one) in place, as Salt does.
    fn chunk_order(&mut self, chunks: &mut [Map], cap: i64, node: usize) -> (Value, Value) {
        let mut scratch = Map::new();
        let chunk: &mut Map = match self.nodes[node].chunk {
            Some(c) => &mut chunks[c],
            None => &mut scratch,
        };
        let mut order = match chunk.get("order") {
            Some(o @ (Value::Int(_) | Value::Float(_) | Value::Bool(_))) => o.clone(),
            other => {
                let o = match other {
                    Some(Value::Str(s)) if s == "last" => Value::Int(cap.saturating_add(1_000_000)),
                    Some(Value::Str(s)) if s == "first" => Value::Int(0),
                    _ => Value::Int(cap),
                };
                chunk.insert("order", o.clone());
                o
            }
        };
        let name_order = chunk.remove("name_order").unwrap_or(Value::Int(0));
        if name_order.truthy() {
            let frac = Value::Float(name_order.as_f64().unwrap_or(0.0) / 10000.0);
            order = num_add(&order, &frac);
            chunk.insert("order", order.clone());
        }
        if order.as_f64().unwrap_or(0.0) < 0.0 {
            order = num_add(&order, &Value::Int(cap.saturating_add(1_000_000)));
            chunk.insert("order", order.clone());
        }
        let own = chunk.get("order").cloned().unwrap_or(Value::Null);
        if self.nodes[node].child_min.is_none() {
            let mut child_min = Value::Float(f64::INFINITY);
            let mut req_order = i64::MIN;
            let edges: Vec<(usize, Req)> = self.nodes[node]
                .out
                .iter()
                .flat_map(|(t, keys)| keys.iter().map(move |k| (*t, *k)))
                .collect();
            for (child, key) in edges {
                if req_order > key.weight() {
                    continue;
                }
                req_order = key.weight();
                let child_order = match self.nodes[child].chunk {
                    None => Value::Float(f64::INFINITY),
                    Some(c) => match chunks[c].get("order") {
                        None => Value::Float(f64::INFINITY),
                        Some(o @ (Value::Int(_) | Value::Float(_) | Value::Bool(_))) => o.clone(),
                        Some(other) => {
                            let o = match other {
                                Value::Str(s) if s == "last" => {
                                    Value::Int(cap.saturating_add(1_000_000))
                                }
                                Value::Str(s) if s == "first" => Value::Int(0),
                                _ => Value::Int(cap),
                            };
                            chunks[c].insert("order", o.clone());
                            o
                        }
                    },
                };
                if cmp_num(&child_order, &child_min) == Ordering::Less {
                    child_min = child_order;
                }
            }
            if cmp_num(&order, &child_min) == Ordering::Greater {
                order = child_min.clone();
            }
            self.nodes[node].child_min = Some(child_min);
        }
        (order, own)
    }

    /// `find_cycle`: (source, target, key) edges of the first cycle a depth-first search in
    /// node order meets.
    fn find_cycle(&self) -> Vec<(usize, usize, Req)> {
        #[derive(Clone, Copy, PartialEq)]
        enum Color {
            White,
            Gray,
            Black,
        }
        let n = self.nodes.len();
        let mut color = vec![Color::White; n];
        let mut parent: Vec<Option<(usize, Req)>> = vec![None; n];
        // An explicit stack of (node, position in its edge list) instead of recursion.
        for start in 0..n {
            if color[start] != Color::White {
                continue;
            }
            let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
            color[start] = Color::Gray;
            while let Some(&mut (node, ref mut pos)) = stack.last_mut() {
                let edges: Vec<(usize, Req)> = self.nodes[node]
                    .out
                    .iter()
                    .flat_map(|(t, keys)| keys.iter().map(move |k| (*t, *k)))
                    .collect();
                if *pos >= edges.len() {
                    color[node] = Color::Black;
                    stack.pop();
                    continue;
                }
                let (target, key) = edges[*pos];
                *pos += 1;
                match color[target] {
                    Color::Gray => {
                        let mut cycle = vec![(node, target, key)];
                        let mut current = node;
                        while current != target {
                            let Some((prev, k)) = parent[current] else {
                                break;
                            };
                            cycle.push((prev, current, k));
                            current = prev;
                        }
                        cycle.reverse();
                        return cycle;
                    }
                    Color::White => {
                        parent[target] = Some((node, key));
                        color[target] = Color::Gray;
                        stack.push((target, 0));
                    }
                    Color::Black => {}
                }
            }
        }
        Vec::new()
    }

    /// The diagnostic of the "Recursive requisites were found" error `text`: each link of
    /// the cycle, placed at the requisite that makes its first one.
    fn diagnose_cycle(&self, text: &str, chunks: &[Map], cycle: &[(usize, usize, Req)]) {
        let links: Vec<crate::diagnose::CycleLink> = cycle
            .iter()
            .filter_map(|&(dependency, dependent, key)| {
                let (dependency, dependent_chunk) =
                    (self.nodes[dependency].chunk?, self.nodes[dependent].chunk?);
                let found = matching_item(&chunks[dependent_chunk], key, &chunks[dependency]);
                Some(crate::diagnose::CycleLink {
                    dependent: &chunks[dependent_chunk],
                    dependency: &chunks[dependency],
                    requisite: found.as_ref().map_or(key.name(), |(pos, _)| {
                        self.written(dependent_chunk, key, *pos)
                    }),
                    item: found.map(|(_, item)| item),
                })
            })
            .collect();
        crate::diagnose::requisite_cycle(text, &links);
    }

    /// `get_cycles_str`.
    fn cycles_str(&self, chunks: &[Map], cycle: &[(usize, usize, Req)]) -> String {
        let empty = Map::new();
        let chunk_of = |node: usize| self.nodes[node].chunk.map_or(&empty, |c| &chunks[c]);
        let chunk_str = |chunk: &Map| {
            let mut m = Map::new();
            m.insert("SLS", chunk.get("__sls__").cloned().unwrap_or(Value::Null));
            m.insert("ID", chunk.get("__id__").cloned().unwrap_or(Value::Null));
            if chunk.get("__id__") != chunk.get("name") {
                m.insert("NAME", chunk.get("name").cloned().unwrap_or(Value::Null));
            }
            Value::Map(m).py_repr()
        };
        cycle
            .iter()
            .map(|&(dependency, dependent, key)| {
                let dependent_chunk = chunk_of(dependent);
                let key = if key == Req::Require && !dependent_chunk.contains_key(key.name()) {
                    // the require edge added for a prereq shows as the prereq
                    Req::Prereq
                } else {
                    key
                };
                format!(
                    "({}, '{}', {})",
                    chunk_str(dependent_chunk),
                    key.name(),
                    chunk_str(chunk_of(dependency))
                )
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// Python's comparison of int / float / bool orders.
fn cmp_num(a: &Value, b: &Value) -> Ordering {
    match (a, b) {
        (Value::Int(x), Value::Int(y)) => x.cmp(y),
        _ => {
            let (x, y) = (a.as_f64().unwrap_or(0.0), b.as_f64().unwrap_or(0.0));
            x.partial_cmp(&y).unwrap_or(Ordering::Equal)
        }
    }
}

/// A heap entry: `((order, chunk order), label)`, then the node tag, smallest first.
struct Entry {
    order: Value,
    own: Value,
    label: String,
    tag: String,
    node: usize,
}

impl Entry {
    fn cmp_key(&self, other: &Entry) -> Ordering {
        cmp_num(&self.order, &other.order)
            .then_with(|| cmp_num(&self.own, &other.own))
            .then_with(|| self.label.cmp(&other.label))
            .then_with(|| self.tag.cmp(&other.tag))
    }
}

impl PartialEq for Entry {
    fn eq(&self, other: &Self) -> bool {
        self.cmp_key(other) == Ordering::Equal
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Entry {
    // BinaryHeap is a max-heap: reversed, so the smallest key comes out first (heapq).
    fn cmp(&self, other: &Self) -> Ordering {
        other.cmp_key(self)
    }
}

/// `"{state}{name}{fun}"` of a chunk ("" without one).
fn label(chunk: Option<&Map>) -> String {
    let Some(chunk) = chunk else {
        return String::new();
    };
    ["state", "name", "fun"]
        .iter()
        .map(|k| text(chunk.get(k)))
        .collect()
}

/// Salt 3008's `order_chunks` up to the sort: every chunk's `watch` reconciled and its
/// requisites added to the graph of all the chunks (`add_chunk` in chunk order first).
/// Returns the graph, the order cap, and the requisite errors.
fn build(chunks: &mut [Map], disabled_requisites: &[String]) -> (Graph, i64, Vec<String>) {
    let mut graph = Graph::default();
    let mut from_cache = FromCache::default();
    for i in 0..chunks.len() {
        graph.add_chunk(chunks, i, &mut from_cache);
    }
    let mut cap: i64 = 1;
    let mut errors = Vec::new();
    for i in 0..chunks.len() {
        if let Some(lens) = reconcile_watch_req(&mut chunks[i]) {
            graph.watch_moved.push((i, lens));
        }
        if let Some(error) = graph.add_requisites(chunks, i, disabled_requisites) {
            if let Some(u) = &error.unmatched {
                crate::diagnose::unmatched_requisite(&error.text, &chunks[i], u, chunks);
            }
            errors.push(error.text);
        } else if let Some(order) = chunks[i].get("order") {
            let order = match order {
                Value::Int(o) => *o,
                Value::Bool(b) => i64::from(*b),
                _ => continue,
            };
            if order > cap - 1 && order > 0 {
                cap = order.saturating_add(100);
            }
        }
    }
    (graph, cap, errors)
}

/// Salt 3008's `order_chunks` over the chunks `compile_high_data` built (in high data
/// order, `order` as written, `name_order` still present): the chunks in execution order,
/// or the requisite and cycle errors.
pub fn order_chunks_graph(
    mut chunks: Vec<Map>,
    disabled_requisites: &[String],
) -> Result<Vec<Map>, Vec<String>> {
    let (mut graph, cap, mut errors) = build(&mut chunks, disabled_requisites);
    // lexicographical_topological_sort (Kahn's algorithm over a heap).
    let n = graph.nodes.len();
    let mut in_degree: Vec<usize> = graph
        .nodes
        .iter()
        .map(|node| node.inc.iter().map(|(_, keys)| keys.len()).sum())
        .collect();
    let mut heap = BinaryHeap::new();
    let entry = |graph: &mut Graph, chunks: &mut Vec<Map>, node: usize| {
        let label = label(graph.nodes[node].chunk.map(|c| &chunks[c]));
        let (order, own) = graph.chunk_order(chunks, cap, node);
        Entry {
            order,
            own,
            label,
            tag: graph.nodes[node].tag.clone(),
            node,
        }
    };
    let ready: Vec<usize> = (0..n).filter(|&node| in_degree[node] == 0).collect();
    for node in ready {
        let e = entry(&mut graph, &mut chunks, node);
        heap.push(e);
    }
    let mut sorted = Vec::with_capacity(n);
    while let Some(Entry { node, .. }) = heap.pop() {
        sorted.push(node);
        let edges: Vec<(usize, usize)> = graph.nodes[node]
            .out
            .iter()
            .map(|(t, keys)| (*t, keys.len()))
            .collect();
        for (target, count) in edges {
            in_degree[target] -= count;
            if in_degree[target] == 0 {
                let e = entry(&mut graph, &mut chunks, target);
                heap.push(e);
            }
        }
    }
    if sorted.len() != n {
        let cycle = graph.find_cycle();
        let text = format!(
            "Recursive requisites were found: {}",
            graph.cycles_str(&chunks, &cycle)
        );
        graph.diagnose_cycle(&text, &chunks, &cycle);
        errors.push(text);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok(sorted
        .into_iter()
        .map(|node| match graph.nodes[node].chunk {
            Some(c) => chunks[c].clone(),
            None => Map::new(),
        })
        .collect())
}

/// A state of a [`StateGraph`]: a low chunk, or the test-mode run a `prereq` makes of one.
#[derive(Debug, Clone, PartialEq)]
pub struct StateNode {
    /// Salt's tag `state_|-id_|-name_|-fun` (with `_|-__prereq_test__` for a prereq check).
    pub tag: String,
    pub state: String,
    pub fun: String,
    pub id: String,
    pub name: String,
    pub sls: String,
    /// The test-mode run a `prereq` makes of this state before the state that asks.
    pub prereq_check: bool,
    /// Whether the node has a chunk (Salt's node attributes); without, `to_dot` labels it
    /// with its tag.
    pub has_chunk: bool,
}

/// A requisite: `target` waits for `source`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Edge {
    pub source: usize,
    pub target: usize,
    pub requisite: &'static str,
}

/// The requisite graph Salt 3008's `compile_high_data` leaves in `State.dependency_dag`, as
/// `state.graph` / `state.graph_highstate` print it (`to_dot`) and `halite graph` draws it:
/// the very graph [`order_chunks_graph`] sorts, read out. Orders follow Salt's dicts: nodes
/// in the order they were added, each node's edges by target in the order first linked,
/// then by requisite.
#[derive(Debug, Clone, Default)]
pub struct StateGraph {
    pub nodes: Vec<StateNode>,
    edges: Vec<Edge>,
}

impl StateGraph {
    /// Every edge: nodes in order, each node's out-edges by target then requisite.
    pub fn edges(&self) -> &[Edge] {
        &self.edges
    }

    /// Salt's `to_dot`, byte for byte.
    pub fn to_dot(&self) -> String {
        let mut dot = vec!["digraph G {".to_string()];
        for n in &self.nodes {
            if !n.has_chunk {
                dot.push(format!("  \"{}\" [label=\"{}\"];", n.tag, n.tag));
                continue;
            }
            let mut label = format!("{}.{}\\n{}", n.state, n.fun, n.id);
            if n.name != n.id {
                label.push_str(&format!("\\n({})", n.name));
            }
            dot.push(format!("  \"{}\" [label=\"{label}\"];", n.tag));
        }
        for e in &self.edges {
            dot.push(format!(
                "  \"{}\" -> \"{}\" [label=\"{}\"];",
                self.nodes[e.source].tag, self.nodes[e.target].tag, e.requisite
            ));
        }
        dot.push("}".to_string());
        dot.join("\n")
    }
}

/// The graph of the chunks `compile_high_data` built (see [`order_chunks_graph`]), errors
/// and all: Salt's `state.graph` prints the graph whatever `order_chunks` reported.
pub fn state_graph(mut chunks: Vec<Map>, disabled_requisites: &[String]) -> StateGraph {
    let (graph, _, _) = build(&mut chunks, disabled_requisites);
    let nodes = graph
        .nodes
        .iter()
        .map(|node| {
            let chunk = node.chunk.map(|c| &chunks[c]);
            let field = |key: &str| chunk.map(|c| text(c.get(key))).unwrap_or_default();
            StateNode {
                tag: node.tag.clone(),
                state: field("state"),
                fun: field("fun"),
                id: field("__id__"),
                name: field("name"),
                sls: chunk
                    .and_then(|c| c.get("__sls__"))
                    .map(Value::py_str)
                    .unwrap_or_default(),
                prereq_check: node.tag.ends_with(PREREQ_SUFFIX),
                has_chunk: chunk.is_some(),
            }
        })
        .collect();
    let mut edges = Vec::new();
    for (source, node) in graph.nodes.iter().enumerate() {
        for (target, keys) in &node.out {
            for key in keys {
                edges.push(Edge {
                    source,
                    target: *target,
                    requisite: key.name(),
                });
            }
        }
    }
    StateGraph { nodes, edges }
}

/// `_reconcile_watch_req`: `watch` becomes `require` (`watch_any`, `require_any`) for a
/// state module without `mod_watch`. When it moved anything: the lengths `require` and
/// `require_any` had before.
fn reconcile_watch_req(low: &mut Map) -> Option<[usize; 2]> {
    if !low.contains_key("watch") && !low.contains_key("watch_any") {
        return None;
    }
    let state = text(low.get("state"));
    if MOD_WATCH_STATES.contains(&state.as_str()) {
        return None;
    }
    let mut lens = [0; 2];
    for (i, (watch, require)) in [("watch", "require"), ("watch_any", "require_any")]
        .into_iter()
        .enumerate()
    {
        lens[i] = match low.get(require) {
            Some(Value::List(l)) => l.len(),
            _ => 0,
        };
        let Some(watched) = low.remove(watch) else {
            continue;
        };
        let target = low.entry_or(require, Value::List(Vec::new().into()));
        if let (Value::List(t), Value::List(w)) = (target, watched) {
            t.extend(w);
        }
    }
    Some(lens)
}

/// A requisite `add_requisites` could not add: Salt's text, and for one that matched
/// nothing, what it names.
struct ReqError {
    text: String,
    unmatched: Option<Unmatched>,
}

/// A requisite that matched no state.
pub(crate) struct Unmatched {
    /// The requisite as written (`require`, `watch`, ...).
    pub requisite: &'static str,
    /// The list item as written (`test: db`, or a bare `db`).
    pub item: String,
    /// The state module it names (`id`, `sls` or a module), and the ID, name or pattern.
    pub key: String,
    pub val: String,
}

/// The item of `dependent`'s `req` list that names `dependency`: (its position, its text).
fn matching_item(dependent: &Map, req: Req, dependency: &Map) -> Option<(usize, String)> {
    let Some(Value::List(list)) = dependent.get(req.name()) else {
        return None;
    };
    let (id, name) = (text(dependency.get("__id__")), text(dependency.get("name")));
    list.iter().enumerate().find_map(|(pos, r)| {
        let (written, key, Value::Str(val)) = req_ref(r)? else {
            return None;
        };
        let names = |v: &str| fnmatch(&id, v) || fnmatch(&name, v);
        let hit = match key.as_str() {
            "sls" => fnmatch(&text(dependency.get("__sls__")), &val),
            "id" => names(&val),
            module => module == text(dependency.get("state")) && names(&val),
        };
        hit.then(|| match r {
            Value::Str(_) => (pos, val.to_string()),
            _ => (pos, format!("{written}: {val}")),
        })
    })
}

/// A requisite list item as Salt reads it: (the key as written, the key `trim_req` leaves
/// (`file.managed: x` is `file: x`), the value); a bare string is `id`.
fn req_ref(req: &Value) -> Option<(String, String, Value)> {
    match req {
        Value::Str(s) => Some(("id".to_string(), "id".to_string(), Value::Str(s.clone()))),
        Value::Map(m) => m.first().map(|(k, v)| {
            let written = k.py_str();
            let key = match written.split_once('.') {
                Some((head, _)) => head.to_string(),
                None => written.clone(),
            };
            (written, key, v.clone())
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The graph of high data written as JSON (all in SLS `web`).
    fn graph(json: &str) -> StateGraph {
        let mut high = Map::new();
        let v = Value::from_json_str(json).expect("json");
        for (k, mut body) in v.as_map().cloned().unwrap_or_default() {
            if let Value::Map(b) = &mut body {
                b.insert("__sls__", Value::str("web"));
                b.insert("__env__", Value::str("base"));
            }
            high.insert(k, body);
        }
        state_graph(crate::chunks::compile_unsorted(high), &[])
    }

    #[test]
    fn a_prereq_adds_a_check_node_with_the_prereqd_states_requisites() {
        let g = graph(
            r#"{"a": {"test": ["nop"]},
                "b": {"test": ["nop", {"require": [{"test": "a"}]}]},
                "c": {"test": ["nop", {"prereq": [{"test": "b"}]}]}}"#,
        );
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
        assert!(g.nodes[3].prereq_check && g.nodes[3].id == "b");
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
        let watch_a = r#"{"watch": [{"test": "a"}]}"#;
        let g = graph(&format!(
            r#"{{"a": {{"test": ["nop"]}}, "f": {{"file": ["managed", {watch_a}]}},
                "m": {{"module": ["run", {watch_a}]}}}}"#
        ));
        // file has no mod_watch; module has one (`mod_watch = ...` in states/module.py)
        assert_eq!(
            g.edges().iter().map(|e| e.requisite).collect::<Vec<_>>(),
            ["require", "watch"]
        );
    }
}
