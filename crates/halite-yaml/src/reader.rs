//! Input checks libyaml's reader does before any token is scanned.

use crate::error::{ErrorKind, YamlError};

/// saphyr's message for a tab right after a mapping `:`.
pub(crate) const TAB_AFTER_COLON: &str = "':' must be followed by a valid YAML whitespace";

/// libyaml accepts only printable characters: TAB, LF, CR, 0x20-0x7E, NEL, 0xA0-0xD7FF,
/// 0xE000-0xFFFD and the astral planes. PyYAML reports the first other one as a
/// `ReaderError` with the *byte* offset of the UTF-8 input.
pub(crate) fn check_printable(text: &str) -> Result<(), YamlError> {
    // Printable ASCII is checked a byte at a time; the first byte that is not (a control
    // character, or the lead byte of a non-ASCII character) starts the char-wise check.
    let Some(suspect) = first_not_printable_ascii(text.as_bytes()) else {
        return Ok(());
    };
    let bad = text[suspect..]
        .char_indices()
        .find(|(_, c)| !is_printable(*c))
        .map(|(i, c)| (suspect + i, c));
    let Some((offset, c)) = bad else {
        return Ok(());
    };
    let problem = format!(
        "unacceptable character #x{:04x}: control characters are not allowed\n  in \"<unicode string>\", position {offset}",
        c as u32
    );
    let line = text[..offset].matches('\n').count() + 1;
    let column = text[..offset]
        .rsplit('\n')
        .next()
        .map_or(0, |l| l.chars().count())
        + 1;
    Err(YamlError {
        problem,
        line,
        column,
        kind: ErrorKind::Other,
        ..YamlError::default()
    })
}

/// The offset of the first byte that is not printable ASCII (see [`PRINTABLE_ASCII`]).
/// Eight bytes at a time: a word with no byte below 0x20 and none at or above 0x7F is
/// skipped whole; other words (line breaks, tabs, anything else) are checked a byte at a
/// time.
fn first_not_printable_ascii(bytes: &[u8]) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut words = bytes.chunks_exact(8);
    let mut offset = 0;
    for word in words.by_ref() {
        let mut array = [0u8; 8];
        array.copy_from_slice(word);
        let w = u64::from_le_bytes(array);
        // high bit set per byte: >= 0x80 | >= 0x7F (adding 1 reaches 0x80) | < 0x20
        // (subtracting 0x20 borrows into the high bit of a byte below 0x80); carries and
        // borrows between bytes only add candidates, and candidates are checked exactly
        let candidates = (w | w.wrapping_add(LOW) | (w.wrapping_sub(LOW * 0x20) & !w)) & HIGH;
        if candidates != 0 {
            if let Some(i) = word.iter().position(|b| !PRINTABLE_ASCII[usize::from(*b)]) {
                return Some(offset + i);
            }
        }
        offset += 8;
    }
    words
        .remainder()
        .iter()
        .position(|b| !PRINTABLE_ASCII[usize::from(*b)])
        .map(|i| offset + i)
}

/// TAB, LF, CR and 0x20-0x7E; every other byte (controls, DEL, non-ASCII) is false.
const fn printable_ascii() -> [bool; 256] {
    let mut t = [false; 256];
    let mut b = 0x20;
    while b < 0x7f {
        t[b] = true;
        b += 1;
    }
    t[b'\t' as usize] = true;
    t[b'\n' as usize] = true;
    t[b'\r' as usize] = true;
    t
}

static PRINTABLE_ASCII: [bool; 256] = printable_ascii();

fn is_printable(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7e}' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}')
        || c as u32 >= 0x10000
}

/// Replaces the tab(s) between the `:` and the position (1-based line/column) saphyr
/// reported with spaces. None when there is no such tab (then the error stands).
pub(crate) fn tab_to_space_before(text: &str, line: usize, column: usize) -> Option<String> {
    let line_start = if line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(line - 2).map(|(i, _)| i + 1)?
    };
    let line_text = &text[line_start..];
    let at = line_text
        .char_indices()
        .nth(column.saturating_sub(1))
        .map_or(line_text.len(), |(i, _)| i);
    let before = &line_text[..at];
    let ws_start = before.trim_end_matches([' ', '\t']).len();
    if !before[..ws_start].ends_with(':') || !before[ws_start..].contains('\t') {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    out.push_str(&text[..line_start + ws_start]);
    out.push_str(&before[ws_start..].replace('\t', " "));
    out.push_str(&text[line_start + at..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_check_finds_what_the_byte_check_finds() {
        let plain = b"key: value\n  - item\ttab\r\n".repeat(3);
        for i in 0..plain.len() {
            for bad in [
                0u8, 0x01, 0x08, 0x0b, 0x1f, 0x7f, 0x80, 0xc3, 0xff, b' ', b'~', b'\n',
            ] {
                let mut text = plain.clone();
                text[i] = bad;
                let expected = text.iter().position(|b| !PRINTABLE_ASCII[usize::from(*b)]);
                assert_eq!(first_not_printable_ascii(&text), expected, "{i} {bad:#x}");
            }
        }
    }
}
