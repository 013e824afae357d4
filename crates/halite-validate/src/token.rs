//! The opaque tokens idem prints for a tracked parameter, and their decoding
//! (`idem/tool/parameter.py`: `BaseParam.__str__`, `split_and_decode_base64`).

use crate::b64;

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

/// `_decode_base64`: a piece that looks like base64 is decoded (UTF-8, errors replaced),
/// anything else is kept. Like idem, this also decodes ordinary words that happen to look
/// like base64 when they sit next to a token (`{{ p }}test` garbles `test`).
fn decode_piece_into(piece: &str, out: &mut String) {
    let looks_encoded =
        !piece.is_empty() && piece.trim().len().is_multiple_of(4) && looks_base64(piece);
    if looks_encoded {
        if let Some(bytes) = b64::decode(piece.trim_end_matches('\n')) {
            out.push_str(&String::from_utf8_lossy(&bytes));
            return;
        }
    }
    out.push_str(piece);
}

/// `split_and_decode_base64`: decodes every token in `text` (only when the tag occurs).
pub fn split_and_decode(text: &str) -> String {
    if !text.contains(TAG) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    for piece in text.split(TAG) {
        decode_piece_into(piece, &mut out);
    }
    out
}

/// Whether `text` may hold a parameter (a token, or an already decoded `?? ... ??`).
pub fn may_hold_param(text: &str) -> bool {
    text.contains(TAG) || text.contains("??")
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
}
