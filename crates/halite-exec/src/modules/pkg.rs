//! `salt.modules.aptpkg` (virtual name `pkg` on Debian-family hosts), read-only functions.
//! Installed versions come from /var/lib/dpkg/status, the file `dpkg-query -W` reads.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::cmp::Ordering;

pub(crate) const DPKG_STATUS: &str = "/var/lib/dpkg/status";

/// Salt's `list_pkgs` view: installed packages (`install`/`hold` + `installed`), foreign
/// architectures suffixed `:arch` on amd64 as Salt does.
fn installed(ctx: &ExecContext) -> Map {
    let text = std::fs::read_to_string(DPKG_STATUS).unwrap_or_default();
    let osarch = ctx
        .grains
        .get("osarch")
        .map(Value::py_str)
        .unwrap_or_default();
    let mut out = Map::new();
    for stanza in text.split("\n\n") {
        let (mut name, mut status, mut version, mut arch) = ("", "", "", "");
        for line in stanza.lines() {
            if let Some(v) = line.strip_prefix("Package: ") {
                name = v.trim();
            } else if let Some(v) = line.strip_prefix("Status: ") {
                status = v.trim();
            } else if let Some(v) = line.strip_prefix("Version: ") {
                version = v.trim();
            } else if let Some(v) = line.strip_prefix("Architecture: ") {
                arch = v.trim();
            }
        }
        let cols: Vec<&str> = status.split_whitespace().collect();
        if name.is_empty() || cols.len() < 3 {
            continue;
        }
        if !(cols[0].contains("install") || cols[0].contains("hold"))
            || !cols[2].contains("installed")
        {
            continue;
        }
        let mut key = name.to_string();
        if arch != "all" && osarch == "amd64" && osarch != arch && !arch.is_empty() {
            key = format!("{name}:{arch}");
        }
        match out.get_mut(&key) {
            // Salt joins several installed versions with a comma.
            Some(Value::Str(s)) => {
                s.push(',');
                s.push_str(version);
            }
            _ => {
                out.insert(key, Value::str(version));
            }
        }
    }
    out
}

/// `pkg.version(*names)`: '' for a package that is not installed; a dict for several names.
pub fn version(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let pkgs = installed(ctx);
    let lookup = |n: &Value| pkgs.get(&n.py_str()).cloned().unwrap_or(Value::str(""));
    match a.args.as_slice() {
        [] => Err(ExecError::Failed("No packages specified".into())),
        [one] => Ok(lookup(one)),
        many => Ok(Value::Map(
            many.iter()
                .map(|n| (Value::Str(n.py_str().into()), lookup(n)))
                .collect(),
        )),
    }
}

/// `pkg.list_pkgs()`: `{name: version}`, sorted by name.
pub fn list_pkgs(ctx: &ExecContext, _a: &Args) -> Result<Value, ExecError> {
    let mut m = installed(ctx);
    m.sort_keys();
    Ok(Value::Map(m))
}

/// `pkg.version_cmp(pkg1, pkg2, ignore_epoch=False)`: -1, 0 or 1 by dpkg's rules.
pub fn version_cmp(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("pkg.version_cmp", a, &["pkg1", "pkg2", "ignore_epoch"], 2)?;
    let norm = |s: String| {
        if b.truthy(2) {
            s.split_once(':').map(|(_, r)| r.to_string()).unwrap_or(s)
        } else {
            s
        }
    };
    let (v1, v2) = (norm(b.str_or(0, "")), norm(b.str_or(1, "")));
    Ok(Value::Int(match dpkg_cmp(&v1, &v2) {
        Ordering::Less => -1,
        Ordering::Equal => 0,
        Ordering::Greater => 1,
    }))
}

fn split_version(v: &str) -> (u64, &str, &str) {
    let (epoch, rest) = match v.split_once(':') {
        Some((e, r)) if e.chars().all(|c| c.is_ascii_digit()) => (e.parse().unwrap_or(0), r),
        _ => (0, v),
    };
    match rest.rsplit_once('-') {
        Some((up, rev)) => (epoch, up, rev),
        None => (epoch, rest, ""),
    }
}

/// dpkg's `verrevcmp` order of a non-digit character.
fn order(c: Option<u8>) -> i32 {
    match c {
        None => 0,
        Some(b'~') => -1,
        Some(c) if c.is_ascii_digit() => 0,
        Some(c) if c.is_ascii_alphabetic() => c as i32,
        Some(c) => c as i32 + 256,
    }
}

fn verrevcmp(a: &str, b: &str) -> Ordering {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let (mut i, mut j) = (0, 0);
    while i < a.len() || j < b.len() {
        let mut first_diff = 0;
        while (i < a.len() && !a[i].is_ascii_digit()) || (j < b.len() && !b[j].is_ascii_digit()) {
            let ac = order(a.get(i).copied().filter(|c| !c.is_ascii_digit()));
            let bc = order(b.get(j).copied().filter(|c| !c.is_ascii_digit()));
            if ac != bc {
                return ac.cmp(&bc);
            }
            if i < a.len() && !a[i].is_ascii_digit() {
                i += 1;
            }
            if j < b.len() && !b[j].is_ascii_digit() {
                j += 1;
            }
        }
        while i < a.len() && a[i] == b'0' {
            i += 1;
        }
        while j < b.len() && b[j] == b'0' {
            j += 1;
        }
        while i < a.len() && a[i].is_ascii_digit() && j < b.len() && b[j].is_ascii_digit() {
            if first_diff == 0 {
                first_diff = a[i] as i32 - b[j] as i32;
            }
            i += 1;
            j += 1;
        }
        if i < a.len() && a[i].is_ascii_digit() {
            return Ordering::Greater;
        }
        if j < b.len() && b[j].is_ascii_digit() {
            return Ordering::Less;
        }
        if first_diff != 0 {
            return first_diff.cmp(&0);
        }
    }
    Ordering::Equal
}

/// `dpkg --compare-versions` ordering.
pub(crate) fn dpkg_cmp(a: &str, b: &str) -> Ordering {
    let (ea, ua, ra) = split_version(a);
    let (eb, ub, rb) = split_version(b);
    ea.cmp(&eb)
        .then_with(|| verrevcmp(ua, ub))
        .then_with(|| verrevcmp(ra, rb))
}
