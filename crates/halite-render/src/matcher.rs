//! Top-file targeting: `confirm_top` and the matchers it dispatches to (salt/matchers/).
//! The default matcher is compound; a bare word in a compound expression is a glob.

use halite_value::{fnmatch, traverse, Value};

/// What a target is matched against.
#[derive(Debug, Clone, Copy)]
pub struct MatchContext<'a> {
    pub id: &'a str,
    pub grains: &'a Value,
    pub pillar: &'a Value,
    /// The `nodegroups` option: `{name: "compound expr" | [words]}`.
    pub nodegroups: &'a Value,
}

/// `confirm_top.confirm_top`: the `match:` option in the target's list picks the matcher.
pub fn confirm_top(tgt: &str, data: &[Value], ctx: &MatchContext) -> bool {
    let mut matcher = "compound".to_string();
    for item in data {
        if let Some(m) = item.get("match") {
            matcher = m.py_str();
        }
    }
    match matcher.as_str() {
        "nodegroup" => nodegroup_match(tgt, ctx),
        other => run_matcher(other, tgt, ":", ctx).unwrap_or_else(|| {
            tracing::error!("Attempting to match with unknown matcher: {other}");
            false
        }),
    }
}

/// The matchers Salt has (salt/matchers/*_match.py; `managing_minion` and `resource` are
/// Salt 3008's).
pub const KNOWN: [&str; 17] = [
    "cache",
    "compound",
    "compound_pillar_exact",
    "data",
    "glob",
    "grain",
    "grain_pcre",
    "ipcidr",
    "list",
    "nodegroup",
    "pcre",
    "pillar",
    "pillar_exact",
    "pillar_pcre",
    "range",
    "managing_minion",
    "resource",
];

/// Whether Salt has a matcher named `name`.
pub fn is_known(name: &str) -> bool {
    KNOWN.contains(&name)
}

/// The matcher a target's list picks with a `match:` option (the last one), `None` when it
/// has none (compound).
pub fn matcher_of(data: &[Value]) -> Option<Value> {
    data.iter()
        .rev()
        .find_map(|item| item.get("match").cloned())
}

/// Runs one named matcher; `None` for a matcher Salt does not have.
fn run_matcher(name: &str, tgt: &str, delimiter: &str, ctx: &MatchContext) -> Option<bool> {
    Some(match name {
        "compound" => compound_match(tgt, ctx),
        "glob" => fnmatch(ctx.id, tgt),
        "pcre" => pcre_match(tgt, ctx.id),
        "list" => list_match(tgt, ctx.id),
        "grain" => tgt.contains(delimiter) && subdict_match(ctx.grains, tgt, delimiter, false),
        "grain_pcre" => tgt.contains(delimiter) && subdict_match(ctx.grains, tgt, delimiter, true),
        "pillar" => tgt.contains(delimiter) && subdict_match(ctx.pillar, tgt, delimiter, false),
        "pillar_pcre" => tgt.contains(delimiter) && subdict_match(ctx.pillar, tgt, delimiter, true),
        "ipcidr" => ipcidr_match(tgt, ctx.grains),
        _ => return None,
    })
}

/// Python `re.match`: anchored at the start only.
fn py_re_match(pattern: &str, text: &str) -> bool {
    match regex::Regex::new(&format!("^(?:{pattern})")) {
        Ok(re) => re.is_match(text),
        Err(_) => {
            tracing::error!("Invalid regex '{pattern}' in match");
            false
        }
    }
}

fn pcre_match(tgt: &str, id: &str) -> bool {
    py_re_match(tgt, id)
}

/// `list_match`: `a,b,c` holding the id, or the id itself.
fn list_match(tgt: &str, id: &str) -> bool {
    tgt.contains(&format!(",{id},"))
        || tgt.starts_with(&format!("{id},"))
        || tgt.ends_with(&format!(",{id}"))
        || tgt == id
}

/// `salt.utils.data.subdict_match`: `a:b:glob` against nested data, deepest key first; values
/// compare as lower-cased text with fnmatch (or `re.match`).
pub fn subdict_match(data: &Value, expr: &str, delimiter: &str, regex: bool) -> bool {
    let splits: Vec<&str> = expr.split(delimiter).collect();
    if splits.len() == 1 {
        return false;
    }
    for idx in (1..splits.len()).rev() {
        let key = splits[..idx].join(delimiter);
        let (matchstr, found) = if key == "*" {
            (expr.to_string(), Some(data))
        } else {
            (
                splits[idx..].join(delimiter),
                traverse(data, &key, delimiter),
            )
        };
        let Some(found) = found else { continue };
        if matches!(found, Value::Map(m) if m.is_empty()) {
            continue;
        }
        let hit = match found {
            Value::Map(_) => dict_match(found, &matchstr, delimiter, regex),
            Value::List(items) => items.iter().any(|member| {
                (matches!(member, Value::Map(_)) && dict_match(member, &matchstr, delimiter, regex))
                    || value_match(member, &matchstr, regex)
            }),
            other => value_match(other, &matchstr, regex),
        };
        if hit {
            return true;
        }
    }
    false
}

fn value_match(target: &Value, pattern: &str, regex: bool) -> bool {
    let target = target.py_str().to_lowercase();
    let pattern = pattern.to_lowercase();
    if regex {
        py_re_match(&pattern, &target)
    } else {
        fnmatch(&target, &pattern)
    }
}

fn dict_match(target: &Value, pattern: &str, delimiter: &str, regex: bool) -> bool {
    let Value::Map(m) = target else { return false };
    let (wildcard, pattern) = match pattern.strip_prefix("*:") {
        Some(rest) => (true, rest),
        None => (false, pattern),
    };
    if pattern == "*" || m.contains_key(pattern) || subdict_match(target, pattern, delimiter, regex)
    {
        return true;
    }
    if wildcard {
        for v in m.values() {
            let hit = match v {
                Value::Map(_) => dict_match(v, pattern, delimiter, regex),
                Value::List(items) => items.iter().any(|i| value_match(i, pattern, regex)),
                other => value_match(other, pattern, regex),
            };
            if hit {
                return true;
            }
        }
    }
    false
}

/// `ipcidr_match`: an address in the `ipv4`/`ipv6` grain, or a network containing one.
fn ipcidr_match(tgt: &str, grains: &Value) -> bool {
    let (addr_part, prefix) = match tgt.split_once('/') {
        Some((a, p)) => (a, p.parse::<u8>().ok()),
        None => (tgt, None),
    };
    let Ok(addr) = addr_part.parse::<std::net::IpAddr>() else {
        tracing::error!("Invalid IP/CIDR target: {tgt}");
        return false;
    };
    let proto = if addr.is_ipv4() { "ipv4" } else { "ipv6" };
    let Some(Value::List(ips)) = grains.get(proto) else {
        return false;
    };
    let ips = ips
        .iter()
        .filter_map(|v| v.as_str()?.parse::<std::net::IpAddr>().ok());
    match prefix {
        None if !tgt.contains('/') => ips.into_iter().any(|ip| ip == addr),
        None => false,
        Some(bits) => ips.into_iter().any(|ip| in_network(ip, addr, bits)),
    }
}

fn in_network(ip: std::net::IpAddr, net: std::net::IpAddr, bits: u8) -> bool {
    use std::net::IpAddr::*;
    match (ip, net) {
        (V4(a), V4(n)) if bits <= 32 => {
            let mask = if bits == 0 {
                0
            } else {
                u32::MAX << (32 - bits)
            };
            u32::from(a) & mask == u32::from(n) & mask
        }
        (V6(a), V6(n)) if bits <= 128 => {
            let mask = if bits == 0 {
                0
            } else {
                u128::MAX << (128 - bits)
            };
            u128::from(a) & mask == u128::from(n) & mask
        }
        _ => false,
    }
}

/// `nodegroup_match`: the nodegroup's expression, matched as a compound target.
fn nodegroup_match(tgt: &str, ctx: &MatchContext) -> bool {
    match nodegroup_words(tgt, ctx.nodegroups, &mut Vec::new()) {
        Some(words) => compound_words(words, ctx),
        None => false,
    }
}

/// `nodegroup_comp`: expands `N@group` words recursively, parenthesised.
fn nodegroup_words(name: &str, nodegroups: &Value, seen: &mut Vec<String>) -> Option<Vec<String>> {
    if seen.iter().any(|s| s == name) {
        tracing::error!("Failed nodegroup expansion: illegal nested nodegroup \"{name}\"");
        return None;
    }
    let words: Vec<String> = match nodegroups.get(name)? {
        Value::Str(s) => s.split_whitespace().map(String::from).collect(),
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        _ => return None,
    };
    seen.push(name.to_string());
    let mut out = vec!["(".to_string()];
    for w in words {
        match w.strip_prefix("N@") {
            Some(inner) if !inner.is_empty() => {
                out.extend(nodegroup_words(inner, nodegroups, seen)?)
            }
            _ => out.push(w),
        }
    }
    out.push(")".into());
    seen.pop();
    Some(out)
}

/// `compound_match.match`.
pub fn compound_match(tgt: &str, ctx: &MatchContext) -> bool {
    compound_words(tgt.split_whitespace().map(String::from).collect(), ctx)
}

const OPERS: [&str; 5] = ["and", "or", "not", "(", ")"];

fn compound_words(mut words: Vec<String>, ctx: &MatchContext) -> bool {
    let mut results: Vec<String> = Vec::new();
    words.reverse();
    while let Some(word) = words.pop() {
        if OPERS.contains(&word.as_str()) {
            match results.last().map(String::as_str) {
                Some(last) => {
                    if last == "(" && (word == "and" || word == "or") {
                        return false;
                    }
                    if word == "not" && !["and", "or", "("].contains(&last) {
                        results.push("and".into());
                    }
                    results.push(word);
                }
                None => {
                    if word != "(" && word != "not" {
                        return false;
                    }
                    results.push(word);
                }
            }
            continue;
        }
        let result = match parse_target(&word) {
            Some((engine, delim, pattern)) => {
                if engine == 'N' {
                    if let Some(expanded) =
                        nodegroup_words(pattern, ctx.nodegroups, &mut Vec::new())
                    {
                        words.extend(expanded.into_iter().rev());
                    }
                    continue;
                }
                let name = match engine {
                    'G' => "grain",
                    'P' => "grain_pcre",
                    'I' => "pillar",
                    'J' => "pillar_pcre",
                    'L' => "list",
                    'S' => "ipcidr",
                    'E' => "pcre",
                    _ => return false,
                };
                match run_matcher(name, pattern, delim.unwrap_or(":"), ctx) {
                    Some(r) => r,
                    None => return false,
                }
            }
            None => fnmatch(ctx.id, &word),
        };
        results.push(if result { "True" } else { "False" }.into());
    }
    eval_bool_expr(&results).unwrap_or(false)
}

/// `TARGET_REX`: `G@`, `G:@` (a delimiter for G/P/I/J), ... ; `None` for a plain glob.
fn parse_target(word: &str) -> Option<(char, Option<&str>, &str)> {
    let mut chars = word.char_indices();
    let (_, engine) = chars.next()?;
    if !"GPIJLNSER".contains(engine) {
        return None;
    }
    let rest = &word[1..];
    if let Some(pattern) = rest.strip_prefix('@') {
        return (!pattern.is_empty()).then_some((engine, None, pattern));
    }
    if "GPIJ".contains(engine) {
        let mut it = rest.char_indices();
        let (_, d) = it.next()?;
        let after = &rest[d.len_utf8()..];
        if let Some(pattern) = after.strip_prefix('@') {
            if !pattern.is_empty() {
                return Some((engine, Some(&rest[..d.len_utf8()]), pattern));
            }
        }
    }
    None
}

/// Evaluates Python's `eval()` of `True and ( False or not True )`.
fn eval_bool_expr(tokens: &[String]) -> Option<bool> {
    let mut pos = 0;
    let v = or_expr(tokens, &mut pos)?;
    (pos == tokens.len()).then_some(v)
}

fn or_expr(t: &[String], pos: &mut usize) -> Option<bool> {
    let mut v = and_expr(t, pos)?;
    while t.get(*pos).map(String::as_str) == Some("or") {
        *pos += 1;
        let rhs = and_expr(t, pos)?;
        v = v || rhs;
    }
    Some(v)
}

fn and_expr(t: &[String], pos: &mut usize) -> Option<bool> {
    let mut v = not_expr(t, pos)?;
    while t.get(*pos).map(String::as_str) == Some("and") {
        *pos += 1;
        let rhs = not_expr(t, pos)?;
        v = v && rhs;
    }
    Some(v)
}

fn not_expr(t: &[String], pos: &mut usize) -> Option<bool> {
    match t.get(*pos).map(String::as_str)? {
        "not" => {
            *pos += 1;
            not_expr(t, pos).map(|v| !v)
        }
        "(" => {
            *pos += 1;
            let v = or_expr(t, pos)?;
            (t.get(*pos).map(String::as_str) == Some(")")).then(|| {
                *pos += 1;
                v
            })
        }
        "True" => {
            *pos += 1;
            Some(true)
        }
        "False" => {
            *pos += 1;
            Some(false)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use halite_value::map;

    fn ctx<'a>(grains: &'a Value, pillar: &'a Value, ng: &'a Value) -> MatchContext<'a> {
        MatchContext {
            id: "testminion",
            grains,
            pillar,
            nodegroups: ng,
        }
    }

    #[test]
    fn compound_expressions() {
        let grains =
            Value::Map(map! {"os" => "Debian", "roles" => vec![Value::str("web")], "num" => 2});
        let pillar = Value::Map(map! {"a" => map!{"b" => "xyz"}});
        let ng = Value::Map(map! {"webs" => "G@roles:web and test*"});
        let c = ctx(&grains, &pillar, &ng);
        assert!(compound_match("test*", &c));
        assert!(!compound_match("test[a-z]+", &c));
        assert!(compound_match("G@os:Debian and not foo", &c));
        assert!(compound_match("G@roles:w* or bar", &c));
        assert!(compound_match("G@num:2", &c));
        assert!(compound_match("I@a:b:x*", &c));
        assert!(compound_match("( bar or testminion ) and G@os:deb*", &c));
        assert!(compound_match("N@webs", &c));
        assert!(!compound_match("and testminion", &c));
        assert!(list_match("testminion, gamma", "testminion"));
        assert!(pcre_match("test.*on$", "testminion"));
        assert!(!pcre_match("minion", "testminion"));
    }
}
