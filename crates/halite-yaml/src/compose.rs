//! Events -> node graph, as PyYAML's composer (libyaml's `CParser.get_single_node`) does:
//! tags are resolved here, aliases share the anchored node, and a second document is an error.

use crate::error::{from_scan_error, ErrorKind, Mark, OpenKind, YamlError};
use crate::resolve;
use crate::Schema;
use saphyr_parser::{Event, Parser, ScalarStyle, Span, Tag};
use std::collections::HashMap;

pub(crate) type NodeId = usize;

/// Deeper nesting than this is refused: PyYAML itself dies with `RecursionError` well before
/// (each level costs several Python frames), and our constructor recurses too.
const MAX_DEPTH: usize = 400;

#[derive(Debug)]
pub(crate) enum NodeKind {
    Scalar { value: String },
    Seq(Vec<NodeId>),
    Map(Vec<(NodeId, NodeId)>),
}

#[derive(Debug)]
pub(crate) struct Node {
    pub kind: NodeKind,
    /// The resolved tag, e.g. `tag:yaml.org,2002:int` or `!custom`.
    pub tag: String,
    pub start: Mark,
    /// False while a collection is still being composed: an alias to it would be recursive.
    pub complete: bool,
}

impl Node {
    /// PyYAML's `node.id`.
    pub fn id_name(&self) -> &'static str {
        match self.kind {
            NodeKind::Scalar { .. } => "scalar",
            NodeKind::Seq(_) => "sequence",
            NodeKind::Map(_) => "mapping",
        }
    }
}

#[derive(Debug, Default)]
pub(crate) struct Graph {
    pub nodes: Vec<Node>,
    pub root: Option<NodeId>,
}

struct Frame {
    node: NodeId,
    span: Span,
    children: Vec<NodeId>,
}

pub(crate) const TAG_STR: &str = "tag:yaml.org,2002:str";
pub(crate) const TAG_SEQ: &str = "tag:yaml.org,2002:seq";
pub(crate) const TAG_MAP: &str = "tag:yaml.org,2002:map";

/// PyYAML's full tag text: `!!int` -> `tag:yaml.org,2002:int`, `!foo` -> `!foo`.
fn tag_text(tag: &Tag) -> String {
    if tag.handle == "!" || tag.handle.is_empty() && tag.suffix == "!" {
        if tag.suffix == "!" {
            return "!".to_string();
        }
        format!("!{}", tag.suffix)
    } else {
        format!("{}{}", tag.handle, tag.suffix)
    }
}

struct Composer<'a> {
    text: &'a str,
    schema: Schema,
    graph: Graph,
    stack: Vec<Frame>,
    anchors: HashMap<usize, NodeId>,
    /// Lazily built char list, only needed to describe an error's open collection.
    chars: Option<Vec<char>>,
}

/// Composes the single document of `text`.
pub(crate) fn compose(text: &str, schema: Schema) -> Result<Graph, YamlError> {
    let mut c = Composer {
        text,
        schema,
        graph: Graph::default(),
        stack: Vec::new(),
        anchors: HashMap::new(),
        chars: None,
    };
    let mut parser = Parser::new_from_str(text);
    let mut documents = 0usize;
    loop {
        let (event, span) = match parser.next_event() {
            None => break,
            Some(Ok(ev)) => ev,
            Some(Err(e)) => {
                let open = c.innermost_open();
                return Err(from_scan_error(&e, open));
            }
        };
        match event {
            Event::StreamEnd => break,
            Event::DocumentStart(_) => {
                documents += 1;
                if documents > 1 {
                    return Err(c.second_document_error(&span));
                }
            }
            Event::Scalar(value, style, anchor, tag) => {
                let tag = c.scalar_tag(&value, style, tag.as_deref());
                let id = c.push_node(
                    NodeKind::Scalar {
                        value: value.into_owned(),
                    },
                    tag,
                    &span,
                    true,
                );
                c.register_anchor(anchor, id);
                c.attach(id);
            }
            Event::SequenceStart(anchor, tag) => {
                let tag = collection_tag(tag.as_deref(), TAG_SEQ);
                c.open(NodeKind::Seq(Vec::new()), tag, span, anchor)?;
            }
            Event::MappingStart(anchor, tag) => {
                let tag = collection_tag(tag.as_deref(), TAG_MAP);
                c.open(NodeKind::Map(Vec::new()), tag, span, anchor)?;
            }
            Event::SequenceEnd | Event::MappingEnd => c.close(),
            Event::Alias(anchor) => {
                let mark = Mark::from_saphyr(&span.start);
                let id = match c.anchors.get(&anchor) {
                    Some(id) => *id,
                    None => {
                        return Err(YamlError::new(
                            ErrorKind::Composer,
                            "found undefined alias",
                            mark,
                        ))
                    }
                };
                if !c.graph.nodes.get(id).is_some_and(|n| n.complete) {
                    // PyYAML would build a self-referencing object; Value cannot hold one.
                    return Err(YamlError::new(
                        ErrorKind::Other,
                        "recursive aliases are not supported",
                        mark,
                    ));
                }
                c.attach(id);
            }
            Event::Nothing | Event::StreamStart | Event::DocumentEnd => {}
        }
    }
    Ok(c.graph)
}

fn collection_tag(tag: Option<&Tag>, default: &str) -> String {
    match tag.map(tag_text) {
        Some(t) if t != "!" => t,
        _ => default.to_string(),
    }
}

impl Composer<'_> {
    fn scalar_tag(&self, value: &str, style: ScalarStyle, tag: Option<&Tag>) -> String {
        match tag.map(tag_text) {
            // `!` is the non-specific tag: resolved with implicit=(False, False), i.e. str.
            Some(t) if t == "!" => TAG_STR.to_string(),
            Some(t) => t,
            None if style == ScalarStyle::Plain => {
                resolve::resolve_plain(self.schema, value).to_string()
            }
            None => TAG_STR.to_string(),
        }
    }

    fn push_node(&mut self, kind: NodeKind, tag: String, span: &Span, complete: bool) -> NodeId {
        let id = self.graph.nodes.len();
        self.graph.nodes.push(Node {
            kind,
            tag,
            start: Mark::from_saphyr(&span.start),
            complete,
        });
        id
    }

    fn register_anchor(&mut self, anchor: usize, id: NodeId) {
        if anchor > 0 {
            self.anchors.insert(anchor, id);
        }
    }

    fn open(
        &mut self,
        kind: NodeKind,
        tag: String,
        span: Span,
        anchor: usize,
    ) -> Result<(), YamlError> {
        if self.stack.len() >= MAX_DEPTH {
            let mark = Mark::from_saphyr(&span.start);
            return Err(YamlError::new(
                ErrorKind::Other,
                "maximum nesting depth exceeded",
                mark,
            ));
        }
        let id = self.push_node(kind, tag, &span, false);
        self.register_anchor(anchor, id);
        self.stack.push(Frame {
            node: id,
            span,
            children: Vec::new(),
        });
        Ok(())
    }

    fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        if let Some(node) = self.graph.nodes.get_mut(frame.node) {
            match &mut node.kind {
                NodeKind::Seq(items) => *items = frame.children,
                NodeKind::Map(pairs) => {
                    let mut it = frame.children.into_iter();
                    while let (Some(k), Some(v)) = (it.next(), it.next()) {
                        pairs.push((k, v));
                    }
                }
                NodeKind::Scalar { .. } => {}
            }
            node.complete = true;
        }
        self.attach(frame.node);
    }

    fn attach(&mut self, id: NodeId) {
        match self.stack.last_mut() {
            Some(frame) => frame.children.push(id),
            None => {
                if self.graph.root.is_none() {
                    self.graph.root = Some(id);
                }
            }
        }
    }

    fn second_document_error(&self, span: &Span) -> YamlError {
        let ctx_mark = self
            .graph
            .root
            .and_then(|r| self.graph.nodes.get(r))
            .map(|n| n.start);
        YamlError::new(
            ErrorKind::Composer,
            "but found another document",
            Mark::from_saphyr(&span.start),
        )
        .with_context("expected a single document in the stream", ctx_mark)
    }

    /// The innermost open collection, flow or block, with the mark libyaml uses as the
    /// parser-error context.
    fn innermost_open(&mut self) -> Option<(OpenKind, Mark)> {
        let frame = self.stack.last()?;
        let node = self.graph.nodes.get(frame.node)?;
        let is_map = matches!(node.kind, NodeKind::Map(_));
        let (start, end) = (frame.span.start.index(), frame.span.end.index());
        let text = self.text;
        let chars = self.chars.get_or_insert_with(|| text.chars().collect());
        let opener = if end > start {
            chars.get(end - 1).copied()
        } else {
            None
        };
        let kind = match (opener, is_map) {
            (Some('{'), _) => OpenKind::FlowMap,
            (Some('['), _) => OpenKind::FlowSeq,
            (_, true) => OpenKind::BlockMap,
            (_, false) => OpenKind::BlockSeq,
        };
        // libyaml's block contexts point at the first key / first '-', not at an anchor or tag.
        let mark = match kind {
            OpenKind::FlowMap | OpenKind::FlowSeq => Mark::from_saphyr(&frame.span.end).prev_col(),
            _ => Mark::from_saphyr(&frame.span.start),
        };
        Some((kind, mark))
    }
}
