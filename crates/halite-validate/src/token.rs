//! The opaque tokens idem prints for a tracked parameter, and their decoding
//! (`idem/tool/parameter.py`: `BaseParam.__str__`, `split_and_decode_base64`).

use crate::b64;
use memchr::memmem;
use std::sync::OnceLock;

/// `BASE_64_TAG` in idem.
pub const TAG: &str = "--base64--";

/// `str(param)` in idem: `--base64--<b64("?? display ?? internal ??")>--base64--`.
pub fn encode(display: &str, internal: &str) -> String {
    let message = format!("?? {display} ?? {internal} ??");
    format!("{TAG}{}{TAG}", b64::encode(message.as_bytes()))
}

/// idem's `base64_regex` (`^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)$`,
/// where `$` also matches before one final newline), checked by hand: this runs on every
/// piece of every string of the high data.
#[cfg(test)]
fn looks_base64(piece: &str) -> bool {
    let body = piece.strip_suffix('\n').unwrap_or(piece).as_bytes();
    if body.is_empty() || !body.len().is_multiple_of(4) {
        return false;
    }
    let pad = body.iter().rev().take_while(|c| **c == b'=').count();
    if pad > 2 {
        return false;
    }
    body[..body.len() - pad]
        .iter()
        .all(|c| c.is_ascii_alphanumeric() || *c == b'+' || *c == b'/')
}

/// A substring searcher built once (`str::find` sets one up on every call, which showed in
/// profiles: these searches run over every string of the data several times).
pub struct Needle {
    finder: OnceLock<memmem::Finder<'static>>,
    text: &'static str,
}

impl Needle {
    pub const fn new(text: &'static str) -> Self {
        Needle {
            finder: OnceLock::new(),
            text,
        }
    }

    fn finder(&self) -> &memmem::Finder<'static> {
        self.finder.get_or_init(|| memmem::Finder::new(self.text))
    }

    /// The byte offset of the first occurrence in `hay` (as `hay.find(text)`).
    pub fn find(&self, hay: &str) -> Option<usize> {
        self.finder().find(hay.as_bytes())
    }

    pub fn is_in(&self, hay: &str) -> bool {
        self.find(hay).is_some()
    }

    pub fn len(&self) -> usize {
        self.text.len()
    }
}

static TAG_NEEDLE: Needle = Needle::new(TAG);
static QQ: Needle = Needle::new("??");

/// `_decode_base64`: a piece that looks like base64 is decoded (UTF-8, errors replaced),
/// anything else is kept. Like idem, this also decodes ordinary words that happen to look
/// like base64 when they sit next to a token (`{{ p }}test` garbles `test`).
fn decode_piece_into(piece: &str, out: &mut String, scratch: &mut Vec<u8>) {
    // `base64_regex` (its `$` also matches before one final newline), then the decoding,
    // in one pass
    let body = piece.strip_suffix('\n').unwrap_or(piece);
    scratch.clear();
    if b64::decode_strict_into(body, scratch) {
        out.push_str(&String::from_utf8_lossy(scratch));
        return;
    }
    out.push_str(piece);
}

/// Whether `text` holds the token tag.
pub fn has_tag(text: &str) -> bool {
    TAG_NEEDLE.is_in(text)
}

/// `split_and_decode_base64`: decodes every token in `text` (only when the tag occurs).
pub fn split_and_decode(text: &str) -> String {
    if !has_tag(text) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    split_and_decode_into(text, &mut out);
    out
}

/// [`split_and_decode`] appending to `out` (whether or not the tag occurs).
pub fn split_and_decode_into(text: &str, out: &mut String) {
    let mut scratch = Vec::new();
    // `text.split(TAG)`: non-overlapping occurrences, left to right
    let mut rest = text;
    while let Some(at) = TAG_NEEDLE.find(rest) {
        decode_piece_into(&rest[..at], out, &mut scratch);
        rest = &rest[at + TAG_NEEDLE.len()..];
    }
    decode_piece_into(rest, out, &mut scratch);
}

/// Whether `text` may hold a parameter (a token, or an already decoded `?? ... ??`).
pub fn may_hold_param(text: &str) -> bool {
    has_tag(text) || QQ.is_in(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_round_trip() {
        let t = encode("params.get('a')", "^^a^^");
        assert_eq!(
            split_and_decode(&format!("x {t} y")),
            "x ?? params.get('a') ?? ^^a^^ ?? y"
        );
    }

    /// The decoding as it was written first (`str::split`, one allocation per piece).
    fn split_and_decode_plain(text: &str) -> String {
        if !text.contains(TAG) {
            return text.to_string();
        }
        let mut out = String::new();
        for piece in text.split(TAG) {
            let looks_encoded =
                !piece.is_empty() && piece.trim().len().is_multiple_of(4) && looks_base64(piece);
            match looks_encoded
                .then(|| b64::decode(piece.trim_end_matches('\n')))
                .flatten()
            {
                Some(bytes) => out.push_str(&String::from_utf8_lossy(&bytes)),
                None => out.push_str(piece),
            }
        }
        out
    }

    #[test]
    fn decoding_matches_str_split() {
        let t = encode("params.get('a')", "^^a^^");
        let cases = [
            String::new(),
            TAG.to_string(),
            format!("{TAG}{TAG}"),
            "--base64--base64--".to_string(),
            "--base64--base64--base64--".to_string(),
            format!("a{t}test{t}"),
            format!("{t}\n{t}abcd"),
            format!("--{t}--"),
            format!("x{TAG}/w=={TAG}"),
            format!("x{TAG}4pyT{TAG}"),
            format!("x{TAG}YQ==YWJj{TAG}"),
            format!("{TAG}a==={TAG}"),
            format!("{TAG}===={TAG}"),
            format!("{TAG}YWJj\n{TAG}YWI=\n"),
            format!("{TAG}YWJj\n\n{TAG}"),
            format!("{TAG}YW J{TAG} YWJj"),
            format!("{TAG}ab=c{TAG}/w=="),
            format!("{TAG}\n{TAG}"),
            "plain text".to_string(),
        ];
        for c in cases {
            assert_eq!(split_and_decode(&c), split_and_decode_plain(&c), "{c:?}");
        }
    }
}
