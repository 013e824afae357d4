//! Events -> node graph, as PyYAML's composer (libyaml's `CParser.get_single_node`) does:
//! tags are resolved here, aliases share the anchored node, and a second document is an error.

use crate::error::{ErrorKind, Mark, YamlError};
use crate::resolve;
use crate::tabs::TabCheck;
use crate::translate::{translate, OpenKind, Source};
use crate::Schema;
use saphyr_parser::{Event, Marker, Parser, ScalarStyle, Span, Tag};
use std::borrow::Cow;
use std::collections::HashMap;

pub(crate) type NodeId = usize;

/// Deeper nesting than this is refused: PyYAML itself dies with `RecursionError` well before
/// (each level costs several Python frames), and our constructor recurses too.
const MAX_DEPTH: usize = 400;

#[derive(Debug)]
pub(crate) enum NodeKind<'a> {
    /// The text, borrowed from the document where the scanner could (plain scalars).
    Scalar {
        value: Cow<'a, str>,
    },
    Seq(Vec<NodeId>),
    Map(Vec<(NodeId, NodeId)>),
}

#[derive(Debug)]
pub(crate) struct Node<'a> {
    pub kind: NodeKind<'a>,
    /// The resolved tag, e.g. `tag:yaml.org,2002:int` or `!custom` (borrowed for the
    /// resolver's tags: one allocation less per node).
    pub tag: Cow<'static, str>,
    /// How many times the node is attached (1 + number of aliases to it).
    pub refs: u32,
    pub start: Mark,
    /// False while a collection is still being composed: an alias to it would be recursive.
    pub complete: bool,
}

impl Node<'_> {
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
pub(crate) struct Graph<'a> {
    pub nodes: Vec<Node<'a>>,
    pub root: Option<NodeId>,
}

struct Frame {
    node: NodeId,
    span: Span,
    /// Where this collection's children start in `Composer::children`.
    first_child: usize,
    /// `[` / `{` collection (as opposed to a block one).
    flow: bool,
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
    graph: Graph<'a>,
    stack: Vec<Frame>,
    /// The children of every open collection, innermost last (one buffer for all: each
    /// collection gets one exactly sized list when it closes).
    children: Vec<NodeId>,
    anchors: HashMap<usize, NodeId>,
    anchor_names: HashMap<String, Mark>,
    ascii: bool,
    /// Byte offset of every char, built only for non-ASCII text that needs it.
    char_offsets: Option<Vec<usize>>,
}

/// Composes the single document of `text`.
pub(crate) fn compose(text: &str, schema: Schema) -> Result<Graph<'_>, YamlError> {
    let mut c = Composer {
        text,
        schema,
        // Roughly one node per 12 bytes of typical SLS text; reserving up front avoids
        // repeated large reallocations of the node arena.
        graph: Graph {
            nodes: Vec::with_capacity(text.len() / 12 + 4),
            root: None,
        },
        stack: Vec::new(),
        children: Vec::new(),
        anchors: HashMap::new(),
        anchor_names: HashMap::new(),
        ascii: text.is_ascii(),
        char_offsets: None,
    };
    let mut parser = Parser::new_from_str(text);
    let mut documents = 0usize;
    let mut tabs = TabCheck::new(text);
    let tab_src = tabs.as_ref().map(|_| Source::new(text));
    loop {
        let (event, span) = match parser.next_event() {
            None => break,
            Some(Ok(ev)) => ev,
            Some(Err(e)) => {
                // libyaml would have stopped at a tab line before this error
                if let (Some(t), Some(src)) = (&tabs, &tab_src) {
                    let open_flow = c
                        .stack
                        .iter()
                        .find(|f| f.flow)
                        .map(|f| f.span.start.index());
                    t.check_before(src, e.marker().index(), open_flow)?;
                }
                let open = c.innermost_open();
                return Err(translate(&e, open, &Source::new(text)));
            }
        };
        if let Some(t) = tabs.as_mut() {
            match &event {
                Event::Scalar(_, style, _, _) => {
                    if let Some(src) = &tab_src {
                        t.scalar(*style, &span, src);
                    }
                }
                Event::SequenceEnd | Event::MappingEnd => {
                    if let Some(f) = c.stack.last().filter(|f| f.flow) {
                        t.flow(f.span.start.index(), span.end.index());
                    }
                    t.other(&span);
                }
                Event::StreamEnd | Event::MappingStart(..) | Event::SequenceStart(..) => {}
                _ => t.other(&span),
            }
        }
        match event {
            Event::StreamEnd => break,
            Event::DocumentStart(explicit) => {
                documents += 1;
                if documents > 1 && !explicit {
                    // libyaml allows an implicit (no `---`) document only first.
                    let mark = Mark::from_saphyr(&span.start);
                    return Err(YamlError::new(
                        ErrorKind::Parser,
                        "did not find expected <document start>",
                        mark,
                    ));
                }
                if documents > 1 {
                    return Err(c.second_document_error(&span));
                }
            }
            Event::Scalar(value, style, anchor, tag) => {
                c.check_node_start(anchor, &span)?;
                c.check_empty_key(&value, style, anchor, tag.is_some(), &span)?;
                let tag = c.scalar_tag(&value, style, tag.as_deref());
                let mut value = value;
                c.fix_block_scalar_at_eof(&mut value, style, &span);
                let id = c.push_node(NodeKind::Scalar { value }, tag, &span, true);
                c.register_anchor(anchor, id, &span)?;
                c.attach(id);
            }
            Event::SequenceStart(anchor, tag) => {
                c.check_node_start(anchor, &span)?;
                let tag = collection_tag(tag.as_deref(), TAG_SEQ);
                c.open(NodeKind::Seq(Vec::new()), tag, span, anchor)?;
            }
            Event::MappingStart(anchor, tag) => {
                c.check_node_start(anchor, &span)?;
                let tag = collection_tag(tag.as_deref(), TAG_MAP);
                c.open(NodeKind::Map(Vec::new()), tag, span, anchor)?;
            }
            Event::SequenceEnd | Event::MappingEnd => c.close(),
            Event::Alias(anchor) => {
                c.check_anchor_syntax(&span.start, '*')?;
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
                        "maximum recursion depth exceeded",
                        mark,
                    ));
                }
                c.attach(id);
            }
            Event::Nothing | Event::StreamStart | Event::DocumentEnd => {}
        }
    }
    if let (Some(t), Some(src)) = (&tabs, &tab_src) {
        t.check(src)?;
    }
    Ok(c.graph)
}

fn collection_tag(tag: Option<&Tag>, default: &'static str) -> Cow<'static, str> {
    match tag.map(tag_text) {
        Some(t) if t != "!" => Cow::Owned(t),
        _ => Cow::Borrowed(default),
    }
}

impl<'a> Composer<'a> {
    fn scalar_tag(&self, value: &str, style: ScalarStyle, tag: Option<&Tag>) -> Cow<'static, str> {
        match tag.map(tag_text) {
            // `!` is the non-specific tag. libyaml still reports a plain scalar as
            // plain_implicit, so `! 123` is the int 123; a quoted one is a str.
            Some(t) if t == "!" && style == ScalarStyle::Plain => {
                Cow::Borrowed(resolve::resolve_plain(self.schema, value))
            }
            Some(t) if t == "!" => Cow::Borrowed(TAG_STR),
            Some(t) => Cow::Owned(t),
            None if style == ScalarStyle::Plain => {
                Cow::Borrowed(resolve::resolve_plain(self.schema, value))
            }
            None => Cow::Borrowed(TAG_STR),
        }
    }

    fn push_node(
        &mut self,
        kind: NodeKind<'a>,
        tag: Cow<'static, str>,
        span: &Span,
        complete: bool,
    ) -> NodeId {
        let id = self.graph.nodes.len();
        self.graph.nodes.push(Node {
            kind,
            tag,
            start: Mark::from_saphyr(&span.start),
            complete,
            refs: 0,
        });
        id
    }

    /// Records an anchor; libyaml's composer rejects a name used twice in a document.
    fn register_anchor(&mut self, anchor: usize, id: NodeId, span: &Span) -> Result<(), YamlError> {
        if anchor == 0 {
            return Ok(());
        }
        self.anchors.insert(anchor, id);
        let mark = Mark::from_saphyr(&span.start);
        if let Some(name) = self.anchor_name(&span.start) {
            if let Some(first) = self.anchor_names.get(&name) {
                return Err(
                    YamlError::new(ErrorKind::Composer, "second occurrence", mark)
                        .with_context("found duplicate anchor; first occurrence", Some(*first)),
                );
            }
            self.anchor_names.insert(name, mark);
        }
        Ok(())
    }

    /// Byte offset of a char index (the text is ASCII in the common case).
    fn byte_of(&mut self, char_index: usize) -> usize {
        if self.ascii {
            return char_index.min(self.text.len());
        }
        let text = self.text;
        let offsets = self
            .char_offsets
            .get_or_insert_with(|| text.char_indices().map(|(b, _)| b).collect());
        offsets.get(char_index).copied().unwrap_or(text.len())
    }

    /// libyaml checks saphyr (YAML 1.2) does not do: anchor name characters, and a tab
    /// after a block sequence's `-`.
    fn check_node_start(&mut self, anchor: usize, span: &Span) -> Result<(), YamlError> {
        if anchor > 0 {
            self.check_anchor_syntax(&span.start, '&')?;
        }
        self.check_tab_after_dash(&span.start)
    }

    /// The byte offset of the `&`/`*` of a node starting at `start` (after a tag).
    fn sigil_offset(&mut self, start: &Marker, sigil: char) -> Option<usize> {
        let from = self.byte_of(start.index());
        let rest = self.text.get(from..)?;
        if rest.starts_with(sigil) {
            return Some(from);
        }
        if !rest.starts_with('!') {
            return None;
        }
        let end = rest.find(char::is_whitespace)?;
        let skipped = rest[end..].len() - rest[end..].trim_start_matches([' ', '\t']).len();
        let at = from + end + skipped;
        self.text.get(at..)?.starts_with(sigil).then_some(at)
    }

    /// libyaml anchors/aliases are `[0-9A-Za-z_-]+` followed by a blank or one of
    /// `?:,]}%@\``; saphyr takes any non-blank, non-flow character.
    fn check_anchor_syntax(&mut self, start: &Marker, sigil: char) -> Result<(), YamlError> {
        let Some(at) = self.sigil_offset(start, sigil) else {
            return Ok(());
        };
        let name_start = at + 1;
        let rest = &self.text[name_start..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-'))
            .unwrap_or(rest.len());
        let next = rest[len..].chars().next();
        let next_ok = next.is_none_or(|c| {
            matches!(
                c,
                ' ' | '\t' | '\r' | '\n' | '?' | ':' | ',' | ']' | '}' | '%' | '@' | '`'
            )
        });
        // columns: same line as the node start
        let col0 = start.col() + self.text[self.byte_of(start.index())..at].chars().count();
        let line = start.line().saturating_sub(1);
        let bad = Mark {
            line,
            col: col0 + 1 + rest[..len].chars().count(),
        };
        let ctx = Mark { line, col: col0 };
        if len == 0 || !next_ok {
            let what = if sigil == '&' {
                "while scanning an anchor"
            } else {
                "while scanning an alias"
            };
            return Err(YamlError::new(
                ErrorKind::Scanner,
                "did not find expected alphabetic or numeric character",
                bad,
            )
            .with_context(what, Some(ctx)));
        }
        if next == Some(':')
            && self.stack.last().is_some_and(|f| !f.flow)
            && rest[len + 1..].starts_with([' ', '\t', '\n', '\r'])
        {
            // `&a: x` as a value: libyaml ends the anchor before `:`, which is then a
            // mapping indicator where none is allowed.
            let map_value = self
                .stack
                .last()
                .is_some_and(|f| self.child_count(f) % 2 == 1);
            if map_value {
                return Err(YamlError::new(
                    ErrorKind::Scanner,
                    "mapping values are not allowed in this context",
                    bad,
                ));
            }
        }
        Ok(())
    }

    /// `-<TAB>item`: libyaml does not skip a tab after a block entry indicator.
    fn check_tab_after_dash(&mut self, start: &Marker) -> Result<(), YamlError> {
        let Some(frame) = self.stack.last() else {
            return Ok(());
        };
        let in_block_seq = !frame.flow
            && matches!(
                self.graph.nodes.get(frame.node).map(|n| &n.kind),
                Some(NodeKind::Seq(_))
            );
        if !in_block_seq {
            return Ok(());
        }
        let at = self.byte_of(start.index());
        let before = &self.text[..at];
        let ws = before.len() - before.trim_end_matches([' ', '\t']).len();
        let gap = &before[at - ws..];
        if ws == 0 || !gap.contains('\t') || !before[..at - ws].ends_with('-') {
            return Ok(());
        }
        let tab_chars_before_start =
            gap.chars().count() - gap.find('\t').map_or(0, |i| gap[..i].chars().count());
        let mark = Mark {
            line: start.line().saturating_sub(1),
            col: start.col().saturating_sub(tab_chars_before_start),
        };
        Err(YamlError::new(
            ErrorKind::Scanner,
            "found character that cannot start any token",
            mark,
        )
        .with_context("while scanning for the next token", None))
    }

    /// The anchor name of a node starting at `start` (`&name`, possibly after a tag): events
    /// only carry anchor ids, but duplicate detection needs names.
    fn anchor_name(&mut self, start: &Marker) -> Option<String> {
        let from = self.byte_of(start.index());
        let mut rest = self.text.get(from..)?;
        if rest.starts_with('!') {
            let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
            rest = rest[end..].trim_start();
        }
        let name = rest.strip_prefix('&')?;
        let end = name
            .find(|c: char| c.is_whitespace() || ",[]{}".contains(c))
            .unwrap_or(name.len());
        Some(name[..end].to_string())
    }

    /// libyaml (YAML 1.1) has no empty implicit keys: `: a` in a block mapping is
    /// "did not find expected key"; saphyr (YAML 1.2) reads a null key.
    fn check_empty_key(
        &mut self,
        value: &str,
        style: ScalarStyle,
        anchor: usize,
        tagged: bool,
        span: &Span,
    ) -> Result<(), YamlError> {
        if !value.is_empty() || style != ScalarStyle::Plain || anchor != 0 || tagged {
            return Ok(());
        }
        let Some(frame) = self.stack.last() else {
            return Ok(());
        };
        let is_block_map_key = self.child_count(frame).is_multiple_of(2)
            && matches!(
                self.graph.nodes.get(frame.node).map(|n| &n.kind),
                Some(NodeKind::Map(_))
            )
            && !frame.flow;
        let map_node = frame.node;
        if !is_block_map_key {
            return Ok(());
        }
        let at = self.byte_of(span.start.index());
        if self.text.get(at..).is_some_and(|r| r.starts_with(':')) {
            let map_mark = self.graph.nodes.get(map_node).map(|n| n.start);
            return Err(YamlError::new(
                ErrorKind::Parser,
                "did not find expected key",
                Mark::from_saphyr(&span.start),
            )
            .with_context("while parsing a block mapping", map_mark));
        }
        Ok(())
    }

    /// A `|`/`>` scalar that ends the input without a final line break: libyaml keeps no
    /// trailing newline (there is none to clip), saphyr adds one.
    fn fix_block_scalar_at_eof(
        &mut self,
        value: &mut Cow<'_, str>,
        style: ScalarStyle,
        span: &Span,
    ) {
        if !matches!(style, ScalarStyle::Literal | ScalarStyle::Folded)
            || self.text.ends_with(['\n', '\r'])
        {
            return;
        }
        let end = self.byte_of(span.end.index());
        let rest_is_blank = self.text.get(end..).is_none_or(|r| r.trim().is_empty());
        if rest_is_blank
            && value.ends_with('\n')
            && !self
                .text
                .trim_end_matches([' ', '\t'])
                .ends_with(['\n', '\r'])
        {
            value.to_mut().pop();
        }
    }

    fn open(
        &mut self,
        kind: NodeKind<'a>,
        tag: Cow<'static, str>,
        span: Span,
        anchor: usize,
    ) -> Result<(), YamlError> {
        if self.stack.len() >= MAX_DEPTH {
            let mark = Mark::from_saphyr(&span.start);
            // What PyYAML's recursive constructor dies with long before this depth.
            return Err(YamlError::new(
                ErrorKind::Other,
                "maximum recursion depth exceeded",
                mark,
            ));
        }
        let id = self.push_node(kind, tag, &span, false);
        self.register_anchor(anchor, id, &span)?;
        let flow = self.opens_flow(&span);
        self.stack.push(Frame {
            node: id,
            span,
            first_child: self.children.len(),
            flow,
        });
        Ok(())
    }

    fn close(&mut self) {
        let Some(frame) = self.stack.pop() else {
            return;
        };
        let children = self.children.get(frame.first_child..).unwrap_or_default();
        if let Some(node) = self.graph.nodes.get_mut(frame.node) {
            match &mut node.kind {
                NodeKind::Seq(items) => *items = children.to_vec(),
                NodeKind::Map(pairs) => {
                    *pairs = children.chunks_exact(2).map(|p| (p[0], p[1])).collect();
                }
                NodeKind::Scalar { .. } => {}
            }
            node.complete = true;
        }
        self.children.truncate(frame.first_child);
        self.attach(frame.node);
    }

    fn attach(&mut self, id: NodeId) {
        if let Some(node) = self.graph.nodes.get_mut(id) {
            node.refs += 1;
        }
        if !self.stack.is_empty() {
            self.children.push(id);
        } else if self.graph.root.is_none() {
            self.graph.root = Some(id);
        }
    }

    fn child_count(&self, frame: &Frame) -> usize {
        self.children.len().saturating_sub(frame.first_child)
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

    /// Whether a collection-start event is a `[`/`{` (its span ends just after it).
    fn opens_flow(&mut self, span: &Span) -> bool {
        let (start, end) = (span.start.index(), span.end.index());
        if end <= start {
            return false;
        }
        let at = self.byte_of(end - 1);
        self.text
            .get(at..)
            .is_some_and(|r| r.starts_with(['[', '{']))
    }

    /// The innermost open collection, flow or block, with the mark libyaml uses as the
    /// parser-error context.
    fn innermost_open(&self) -> Option<(OpenKind, Mark)> {
        let frame = self.stack.last()?;
        let node = self.graph.nodes.get(frame.node)?;
        let is_map = matches!(node.kind, NodeKind::Map(_));
        let kind = match (frame.flow, is_map) {
            (true, true) => OpenKind::FlowMap,
            (true, false) => OpenKind::FlowSeq,
            (false, true) => OpenKind::BlockMap,
            (false, false) => OpenKind::BlockSeq,
        };
        // libyaml's flow contexts point at the bracket, after any anchor or tag.
        let mark = if frame.flow {
            Mark::from_saphyr(&frame.span.end).prev_col()
        } else {
            Mark::from_saphyr(&frame.span.start)
        };
        Some((kind, mark))
    }
}
