//! Python's `difflib.SequenceMatcher` and `unified_diff`, ported so that file states print the
//! same hunks as Salt (`salt.utils.stringutils.get_diff` = `"".join(unified_diff(a, b))`).

use std::collections::HashMap;

type Opcode = (char, usize, usize, usize, usize);

struct Matcher<'a> {
    a: &'a [String],
    b: &'a [String],
    b2j: HashMap<&'a str, Vec<usize>>,
}

impl<'a> Matcher<'a> {
    fn new(a: &'a [String], b: &'a [String]) -> Self {
        let mut b2j: HashMap<&str, Vec<usize>> = HashMap::new();
        for (i, elt) in b.iter().enumerate() {
            b2j.entry(elt.as_str()).or_default().push(i);
        }
        // autojunk: popular elements of long sequences are dropped from b2j.
        let n = b.len();
        if n >= 200 {
            let ntest = n / 100 + 1;
            b2j.retain(|_, v| v.len() <= ntest);
        }
        Matcher { a, b, b2j }
    }

    fn find_longest_match(
        &self,
        alo: usize,
        ahi: usize,
        blo: usize,
        bhi: usize,
    ) -> (usize, usize, usize) {
        let (mut besti, mut bestj, mut bestsize) = (alo, blo, 0usize);
        let mut j2len: HashMap<usize, usize> = HashMap::new();
        for i in alo..ahi {
            let mut newj2len: HashMap<usize, usize> = HashMap::new();
            if let Some(js) = self.b2j.get(self.a[i].as_str()) {
                for &j in js {
                    if j < blo {
                        continue;
                    }
                    if j >= bhi {
                        break;
                    }
                    let k = j
                        .checked_sub(1)
                        .and_then(|p| j2len.get(&p))
                        .copied()
                        .unwrap_or(0)
                        + 1;
                    newj2len.insert(j, k);
                    if k > bestsize {
                        besti = i + 1 - k;
                        bestj = j + 1 - k;
                        bestsize = k;
                    }
                }
            }
            j2len = newj2len;
        }
        // No junk: extend with equal (possibly popular) elements on both sides.
        while besti > alo && bestj > blo && self.a[besti - 1] == self.b[bestj - 1] {
            besti -= 1;
            bestj -= 1;
            bestsize += 1;
        }
        while besti + bestsize < ahi
            && bestj + bestsize < bhi
            && self.a[besti + bestsize] == self.b[bestj + bestsize]
        {
            bestsize += 1;
        }
        (besti, bestj, bestsize)
    }

    fn matching_blocks(&self) -> Vec<(usize, usize, usize)> {
        let (la, lb) = (self.a.len(), self.b.len());
        let mut queue = vec![(0, la, 0, lb)];
        let mut blocks = Vec::new();
        while let Some((alo, ahi, blo, bhi)) = queue.pop() {
            let (i, j, k) = self.find_longest_match(alo, ahi, blo, bhi);
            if k > 0 {
                blocks.push((i, j, k));
                if alo < i && blo < j {
                    queue.push((alo, i, blo, j));
                }
                if i + k < ahi && j + k < bhi {
                    queue.push((i + k, ahi, j + k, bhi));
                }
            }
        }
        blocks.sort_unstable();
        let mut out: Vec<(usize, usize, usize)> = Vec::new();
        let (mut i1, mut j1, mut k1) = (0, 0, 0);
        for (i2, j2, k2) in blocks {
            if i1 + k1 == i2 && j1 + k1 == j2 {
                k1 += k2;
            } else {
                if k1 > 0 {
                    out.push((i1, j1, k1));
                }
                (i1, j1, k1) = (i2, j2, k2);
            }
        }
        if k1 > 0 {
            out.push((i1, j1, k1));
        }
        out.push((la, lb, 0));
        out
    }

    fn opcodes(&self) -> Vec<Opcode> {
        let (mut i, mut j) = (0, 0);
        let mut out = Vec::new();
        for (ai, bj, size) in self.matching_blocks() {
            let tag = if i < ai && j < bj {
                Some('r')
            } else if i < ai {
                Some('d')
            } else if j < bj {
                Some('i')
            } else {
                None
            };
            if let Some(t) = tag {
                out.push((t, i, ai, j, bj));
            }
            i = ai + size;
            j = bj + size;
            if size > 0 {
                out.push(('e', ai, i, bj, j));
            }
        }
        out
    }

    fn grouped_opcodes(&self, n: usize) -> Vec<Vec<Opcode>> {
        let mut codes = self.opcodes();
        if codes.is_empty() {
            codes = vec![('e', 0, 1, 0, 1)];
        }
        if let Some(first) = codes.first_mut() {
            if first.0 == 'e' {
                let (t, i1, i2, j1, j2) = *first;
                *first = (
                    t,
                    i1.max(i2.saturating_sub(n)),
                    i2,
                    j1.max(j2.saturating_sub(n)),
                    j2,
                );
            }
        }
        if let Some(last) = codes.last_mut() {
            if last.0 == 'e' {
                let (t, i1, i2, j1, j2) = *last;
                *last = (t, i1, i2.min(i1 + n), j1, j2.min(j1 + n));
            }
        }
        let nn = n + n;
        let mut groups = Vec::new();
        let mut group = Vec::new();
        for (tag, mut i1, i2, mut j1, j2) in codes {
            if tag == 'e' && i2 - i1 > nn {
                group.push((tag, i1, i2.min(i1 + n), j1, j2.min(j1 + n)));
                groups.push(std::mem::take(&mut group));
                i1 = i1.max(i2.saturating_sub(n));
                j1 = j1.max(j2.saturating_sub(n));
            }
            group.push((tag, i1, i2, j1, j2));
        }
        if !(group.is_empty() || group.len() == 1 && group[0].0 == 'e') {
            groups.push(group);
        }
        groups
    }
}

fn format_range(start: usize, stop: usize) -> String {
    let mut beginning = start + 1;
    let length = stop - start;
    if length == 1 {
        return beginning.to_string();
    }
    if length == 0 {
        beginning -= 1;
    }
    format!("{beginning},{length}")
}

/// `difflib.unified_diff(a, b, fromfile, tofile, n=3, lineterm)` as a list of lines (each
/// ending with `lineterm` for the control lines; content lines are emitted as given).
pub fn unified_diff(
    a: &[String],
    b: &[String],
    fromfile: &str,
    tofile: &str,
    lineterm: &str,
) -> Vec<String> {
    let m = Matcher::new(a, b);
    let mut out = Vec::new();
    let mut started = false;
    for group in m.grouped_opcodes(3) {
        if !started {
            started = true;
            out.push(format!("--- {fromfile}{lineterm}"));
            out.push(format!("+++ {tofile}{lineterm}"));
        }
        let (first, last) = (group[0], group[group.len() - 1]);
        out.push(format!(
            "@@ -{} +{} @@{lineterm}",
            format_range(first.1, last.2),
            format_range(first.3, last.4)
        ));
        for (tag, i1, i2, j1, j2) in group {
            if tag == 'e' {
                for line in &a[i1..i2] {
                    out.push(format!(" {line}"));
                }
                continue;
            }
            if tag == 'r' || tag == 'd' {
                for line in &a[i1..i2] {
                    out.push(format!("-{line}"));
                }
            }
            if tag == 'r' || tag == 'i' {
                for line in &b[j1..j2] {
                    out.push(format!("+{line}"));
                }
            }
        }
    }
    out
}

/// Python's `str.splitlines(keepends=True)` for `\n`-terminated text (also `readlines()`).
pub fn readlines(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(String::from).collect()
}

/// Salt's `get_diff(file1, file2, show_filenames=False)` on two texts: the joined unified diff
/// with empty file names, or "" when equal.
pub fn get_diff(old: &str, new: &str) -> String {
    if old == new {
        return String::new();
    }
    unified_diff(&readlines(old), &readlines(new), "", "", "\n").concat()
}

/// Salt 3008's `stringutils.get_conditional_diff` verdict: whether the diff of `old` and `new`
/// still has changes once the changed lines are compared as multisets (`ignore_ordering`),
/// each cut at its first comment character (`comment_chars`, in turn) and stripped
/// (`ignore_whitespace`); empty lines left over do not count.
pub fn conditional_has_changes(
    old: &str,
    new: &str,
    ignore_whitespace: bool,
    comment_chars: &[String],
) -> bool {
    if old == new {
        return false;
    }
    let (mut adds, mut subs) = (Vec::new(), Vec::new());
    for line in unified_diff(&readlines(old), &readlines(new), "", "", "\n") {
        if line.starts_with("+++") || line.starts_with("---") {
            continue;
        }
        let (oper, rest) = match line.chars().next() {
            Some(c @ ('+' | '-')) => (c, &line[1..]),
            _ => continue,
        };
        let mut text = rest;
        for c in comment_chars {
            if let Some(i) = text.find(c.as_str()) {
                text = &text[..i];
            }
        }
        // Python's str.strip(): whitespace at both ends
        let text = if ignore_whitespace { text.trim() } else { text };
        if text.is_empty() {
            continue;
        }
        if oper == '+' {
            adds.push(text.to_string());
        } else {
            subs.push(text.to_string());
        }
    }
    adds.sort();
    subs.sort();
    adds != subs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simple_replace() {
        let d = get_diff("line1\nline2\nline3\n", "line1\nchanged\nline3\n");
        assert_eq!(
            d,
            "--- \n+++ \n@@ -1,3 +1,3 @@\n line1\n-line2\n+changed\n line3\n"
        );
    }

    #[test]
    fn append_style() {
        let a: Vec<String> = ["alpha", "beta", "gamma"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let mut b = a.clone();
        b.push("delta".into());
        let d = unified_diff(&a, &b, "", "", "\n").join("\n");
        assert_eq!(
            d,
            "--- \n\n+++ \n\n@@ -1,3 +1,4 @@\n\n alpha\n beta\n gamma\n+delta"
        );
    }
}
