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

fn sextet(c: u8) -> Option<u32> {
    match c {
        b'A'..=b'Z' => Some(u32::from(c - b'A')),
        b'a'..=b'z' => Some(u32::from(c - b'a') + 26),
        b'0'..=b'9' => Some(u32::from(c - b'0') + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    }
}

/// Decodes text already checked to be valid base64 (length a multiple of 4, padding only at
/// the end). Returns `None` on anything else.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    decode_into(text, &mut out).then_some(out)
}

/// [`decode`] appending to `out`; false (with `out` partly written) on invalid input.
pub fn decode_into(text: &str, out: &mut Vec<u8>) -> bool {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return false;
    }
    out.reserve(bytes.len() / 4 * 3);
    for chunk in bytes.chunks(4) {
        let pad = chunk.iter().rev().take_while(|c| **c == b'=').count();
        let mut n = 0u32;
        for (i, c) in chunk.iter().enumerate() {
            let v = if i >= 4 - pad {
                0
            } else {
                match sextet(*c) {
                    Some(v) => v,
                    None => return false,
                }
            };
            n = (n << 6) | v;
        }
        let decoded = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&decoded[..3 - pad.min(2)]);
    }
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
}
