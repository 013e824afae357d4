//! Standard base64 (RFC 4648, with padding), as Python's `base64.b64encode/b64decode`.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `base64.b64encode(data).decode()`.
pub fn encode(data: &[u8]) -> String {
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        let sextets = [(n >> 18) & 63, (n >> 12) & 63, (n >> 6) & 63, n & 63];
        for (i, s) in sextets.iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[*s as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Each byte's sextet, or `INVALID`.
const INVALID: u8 = 0xff;

const fn decode_table() -> [u8; 256] {
    let mut t = [INVALID; 256];
    let mut i = 0;
    while i < 64 {
        t[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    t
}

static SEXTET: [u8; 256] = decode_table();

/// Decodes text already checked to be valid base64 (length a multiple of 4, padding only at
/// the end). Returns `None` on anything else.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    decode_into(text, &mut out).then_some(out)
}

/// [`decode`] appending to `out`; false (with `out` partly written) on invalid input: a
/// length that is no multiple of 4, or a character outside the alphabet that is not one of
/// the `=` ending a group of four.
pub fn decode_into(text: &str, out: &mut Vec<u8>) -> bool {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return false;
    }
    out.reserve(bytes.len() / 4 * 3);
    for chunk in bytes.chunks_exact(4) {
        let [a, b, c, d] = [
            SEXTET[usize::from(chunk[0])],
            SEXTET[usize::from(chunk[1])],
            SEXTET[usize::from(chunk[2])],
            SEXTET[usize::from(chunk[3])],
        ];
        if (a | b | c | d) < 64 {
            let n =
                (u32::from(a) << 18) | (u32::from(b) << 12) | (u32::from(c) << 6) | u32::from(d);
            out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
            continue;
        }
        // trailing `=` in this group are padding (zero bits); one or two `=` drop one or
        // two bytes, three or four still give one byte (as written first)
        let pad = chunk.iter().rev().take_while(|c| **c == b'=').count();
        let data = &chunk[..4 - pad];
        let mut n = 0u32;
        for c in data {
            let v = SEXTET[usize::from(*c)];
            if v == INVALID {
                return false;
            }
            n = (n << 6) | u32::from(v);
        }
        n <<= 6 * pad as u32;
        let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&decoded[..3 - pad.min(2)]);
    }
    true
}

/// idem's `base64_regex` check and the decoding in one pass: the text is non-empty, a
/// multiple of 4 long, of the alphabet only except one or two `=` ending it. Returns false
/// (with `out` partly written) for anything else.
pub fn decode_strict_into(text: &str, out: &mut Vec<u8>) -> bool {
    let bytes = text.as_bytes();
    if bytes.is_empty() || !bytes.len().is_multiple_of(4) {
        return false;
    }
    let pad = bytes.iter().rev().take_while(|c| **c == b'=').count();
    if pad > 2 {
        return false;
    }
    out.reserve(bytes.len() / 4 * 3);
    let (groups, last) = bytes.split_at(bytes.len() - 4);
    for chunk in groups.chunks_exact(4) {
        let [a, b, c, d] = [
            SEXTET[usize::from(chunk[0])],
            SEXTET[usize::from(chunk[1])],
            SEXTET[usize::from(chunk[2])],
            SEXTET[usize::from(chunk[3])],
        ];
        if (a | b | c | d) >= 64 {
            return false;
        }
        let n = (u32::from(a) << 18) | (u32::from(b) << 12) | (u32::from(c) << 6) | u32::from(d);
        out.extend_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
    }
    let mut n = 0u32;
    for c in &last[..4 - pad] {
        let v = SEXTET[usize::from(*c)];
        if v >= 64 {
            return false;
        }
        n = (n << 6) | u32::from(v);
    }
    n <<= 6 * pad as u32;
    let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
    out.extend_from_slice(&decoded[..3 - pad]);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for s in [
            "",
            "a",
            "ab",
            "abc",
            "abcd",
            "?? params.get('x') ?? ^^x^^ ??",
        ] {
            assert_eq!(decode(&encode(s.as_bytes())).as_deref(), Some(s.as_bytes()));
        }
        assert_eq!(encode(b"ab"), "YWI=");
    }

    /// The decoder as written first (one group of four at a time, no table).
    fn decode_plain(text: &str) -> Option<Vec<u8>> {
        let sextet = |c: u8| ALPHABET.iter().position(|a| *a == c).map(|p| p as u32);
        let bytes = text.as_bytes();
        if !bytes.len().is_multiple_of(4) {
            return None;
        }
        let mut out = Vec::new();
        for chunk in bytes.chunks(4) {
            let pad = chunk.iter().rev().take_while(|c| **c == b'=').count();
            let mut n = 0u32;
            for (i, c) in chunk.iter().enumerate() {
                let v = if i >= 4 - pad { 0 } else { sextet(*c)? };
                n = (n << 6) | v;
            }
            let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
            out.extend_from_slice(&decoded[..3 - pad.min(2)]);
        }
        Some(out)
    }

    #[test]
    fn decodes_as_before() {
        for s in [
            "", "YWI=", "YQ==", "YWJj", "a===", "====", "YQ==YWJj", "YW=j", "YWJ", "YW\nj", "+/+/",
            "-_-_", "YWJjZA==", "Y===YWJj", "\u{e9}ab",
        ] {
            assert_eq!(decode(s), decode_plain(s), "{s:?}");
        }
    }
}
