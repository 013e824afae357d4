//! Minimal base64 for `!!binary`, mirroring `binascii.a2b_base64` (non-strict): characters
//! outside the alphabet are skipped, data stops at padding, and a wrong length is an error.

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

pub(crate) fn decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let mut acc = 0u32;
    let mut n = 0usize;
    let mut padded = false;
    for &c in text.as_bytes() {
        if c == b'=' {
            padded = true;
            break;
        }
        let Some(s) = sextet(c) else { continue };
        acc = (acc << 6) | s;
        n += 1;
        if n == 4 {
            out.extend_from_slice(&[(acc >> 16) as u8, (acc >> 8) as u8, acc as u8]);
            acc = 0;
            n = 0;
        }
    }
    match (n, padded) {
        (0, _) => Some(out),
        (2, true) => {
            out.push((acc >> 4) as u8);
            Some(out)
        }
        (3, true) => {
            out.extend_from_slice(&[(acc >> 10) as u8, (acc >> 2) as u8]);
            Some(out)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn decodes_padding_variants() {
        assert_eq!(super::decode("aGVsbG8=").as_deref(), Some(&b"hello"[..]));
        assert_eq!(super::decode("aGk=").as_deref(), Some(&b"hi"[..]));
        assert_eq!(super::decode("aGVs\nbG8h").as_deref(), Some(&b"hello!"[..]));
        assert_eq!(super::decode("aGk"), None);
    }
}
