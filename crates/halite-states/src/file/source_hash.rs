//! `source_hash` for local sources (salt/modules/file.py `get_source_sum`, `extract_hash`,
//! and the `check_web_source_hash` test in `manage_file`). Salt verifies it only for a
//! local path or `file://` source: a `salt://` source is hashed by the fileserver and its
//! `source_hash` is never read.

use crate::StateCall;
use halite_exec::hashes;

/// `HASHES`: type and hex length, in Salt's order.
const HASHES: [(&str, usize); 6] = [
    ("sha512", 128),
    ("sha384", 96),
    ("sha256", 64),
    ("sha224", 56),
    ("sha1", 40),
    ("md5", 32),
];

const VALID_PROTOS: [&str; 7] = ["salt", "file", "http", "https", "ftp", "swift", "s3"];

fn type_of_len(len: usize) -> Option<&'static str> {
    HASHES.iter().find(|(_, l)| *l == len).map(|(t, _)| *t)
}

/// `get_hash(path, form)` for the supported types.
pub fn hash_hex(kind: &str, data: &[u8]) -> String {
    hashes::hex_of_kind(kind, data)
}

fn invalid_format(source_hash: &str) -> String {
    let mut by_len: Vec<(&str, usize)> = HASHES.to_vec();
    by_len.sort_by_key(|(_, l)| *l);
    let lens: Vec<String> = by_len.iter().map(|(t, l)| format!("{t} ({l})")).collect();
    format!(
        "Source hash {source_hash} format is invalid. The supported formats are: 1) a hash, \
         2) an expression in the format <hash_type>=<hash>, or 3) either a path to a local \
         file containing hashes, or a URI of a remote hash file. Supported protocols for remote \
         hash files are: {}. The hash may also not be of a valid length, the following are \
         supported hash types and lengths: {}.",
        VALID_PROTOS.join(", "),
        lens.join(", ")
    )
}

/// `urlparse(x).scheme` (lowercased), or "" when there is none.
pub fn url_scheme(url: &str) -> String {
    halite_exec::http::scheme(url)
}

/// An OSError's text as Python prints it: `[Errno 2] No such file or directory: 'X'`.
fn os_error(e: &std::io::Error, path: &str) -> String {
    let text = e.to_string();
    let text = match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    };
    match e.raw_os_error() {
        Some(code) => format!("[Errno {code}] {text}: '{path}'"),
        None => format!("{text}: '{path}'"),
    }
}

const WHITESPACE: &str = " \t\n\r\x0b\x0c";

/// Whether `line` names `name` the way `extract_hash` accepts: it ends with its basename
/// after a separator, or starts with it and whitespace.
fn line_names(line: &str, full: &str, basename: &str, separators: &str) -> bool {
    if line.ends_with(basename) {
        let idx = line.len() - basename.len();
        return idx > 0
            && line[..idx]
                .chars()
                .last()
                .map(|c| separators.contains(c))
                .unwrap_or(false);
    }
    line.strip_prefix(full)
        .and_then(|rest| rest.chars().next())
        .map(|c| c.is_whitespace())
        .unwrap_or(false)
}

fn basename(p: &str) -> &str {
    p.rsplit('/').next().unwrap_or(p)
}

/// `extract_hash(hash_fn, "", file_name, source, source_hash_name)`.
fn extract_hash(
    text: &str,
    file_name: &str,
    source: &str,
    source_hash_name: Option<&str>,
) -> Option<(String, String)> {
    let seps = format!("{WHITESPACE}\\/*");
    let src_path = source
        .find("://")
        .map(|i| &source[i + 3..])
        .unwrap_or(source);
    let src_base = basename(src_path);
    let mut partial = None;
    let mut found: [Option<(String, String)>; 3] = [None, None, None];
    for raw in text.lines() {
        let line = raw.trim();
        // The first run of letters/digits that is all hex and of a supported length.
        let token = line
            .split(|c: char| !c.is_ascii_alphanumeric())
            .find(|t| (32..=128).contains(&t.len()) && t.chars().all(|c| c.is_ascii_hexdigit()));
        let Some(token) = token else { continue };
        let Some(kind) = type_of_len(token.len()) else {
            continue;
        };
        let matched = (kind.to_string(), token.to_string());
        if partial.is_none() {
            partial = Some(matched.clone());
        }
        if let Some(shn) = source_hash_name {
            if line.ends_with(shn) {
                let idx = line.len() - shn.len();
                if idx > 0
                    && line[..idx]
                        .chars()
                        .last()
                        .is_some_and(|c| WHITESPACE.contains(c))
                {
                    found[0].get_or_insert(matched.clone());
                }
            } else if line
                .strip_prefix(shn)
                .and_then(|r| r.chars().next())
                .is_some_and(char::is_whitespace)
            {
                found[0].get_or_insert(matched.clone());
            }
        }
        if !file_name.is_empty() && line_names(line, file_name, basename(file_name), &seps) {
            found[1].get_or_insert(matched.clone());
        }
        if !source.is_empty() && line_names(line, source, src_base, &seps) {
            found[2].get_or_insert(matched.clone());
        }
    }
    found.into_iter().flatten().next().or(partial)
}

/// Why `get_source_sum` gave no sum.
pub enum SumError {
    /// A `CommandExecutionError`: the state's comment.
    Comment(String),
    /// The remote hash file could not be fetched: the `MinionError` the file client raised
    /// (uncaught by `get_source_sum`), its text.
    Fetch(String),
}

/// `get_source_sum`: the (hash type, lowercase hex) a `source_hash` names. Err is the
/// state's comment (a hash file that cannot be fetched: the file client's error text).
pub fn source_sum(
    call: &StateCall,
    name: &str,
    source: &str,
    source_hash: &str,
) -> Result<(String, String), String> {
    source_sum_full(call, name, source, source_hash).map_err(|e| match e {
        SumError::Comment(c) | SumError::Fetch(c) => c,
    })
}

/// [`source_sum`], telling a comment from a hash file that could not be fetched.
pub fn source_sum_full(
    call: &StateCall,
    name: &str,
    source: &str,
    source_hash: &str,
) -> Result<(String, String), SumError> {
    inner_source_sum(call, name, source, source_hash)
}

fn inner_source_sum(
    call: &StateCall,
    name: &str,
    source: &str,
    source_hash: &str,
) -> Result<(String, String), SumError> {
    let c = SumError::Comment;
    let mut hash_fn: Option<String> = None;
    if source_hash.starts_with('/') {
        hash_fn = Some(source_hash.to_string());
    } else {
        let proto = url_scheme(source_hash);
        if VALID_PROTOS.contains(&proto.as_str()) {
            let found = match proto.as_str() {
                "salt" => {
                    let saltenv = super::managed::saltenv_of(call);
                    call.ctx
                        .file_roots
                        .find(&saltenv, source_hash)
                        .map(|p| p.to_string_lossy().into_owned())
                }
                "file" => Some(source_hash["file://".len()..].to_string())
                    .filter(|p| std::path::Path::new(p).is_file()),
                // cp.cache_file(source_hash, saltenv, verify_ssl=verify_ssl)
                _ => {
                    let saltenv = super::managed::saltenv_of(call);
                    let how = halite_exec::http::Fetch {
                        source_hash: None,
                        verify_ssl: Some(call.flag("verify_ssl", true)),
                        ..Default::default()
                    };
                    let fetched = if halite_exec::http::FETCHED.contains(&proto.as_str()) {
                        halite_exec::http::cache_url(&call.ctx.opts, source_hash, &saltenv, &how)
                    } else {
                        Err(format!(
                            "halite: fetching {proto}:// URLs is not supported ({source_hash})"
                        ))
                    };
                    match fetched {
                        Ok(p) => Some(p.to_string_lossy().into_owned()),
                        Err(e) => return Err(SumError::Fetch(e)),
                    }
                }
            };
            match found {
                Some(p) => hash_fn = Some(p),
                None => return Err(c(format!("Source hash file {source_hash} not found"))),
            }
        } else if !proto.is_empty() {
            return Err(c(invalid_format(source_hash)));
        }
    }
    if let Some(path) = hash_fn {
        let data = std::fs::read(&path)
            .map_err(|e| c(format!("Unable to manage file: {}", os_error(&e, &path))))?;
        let text = String::from_utf8_lossy(&data);
        let shn = call.arg_str("source_hash_name");
        return match extract_hash(&text, name, source, shn.as_deref()) {
            Some((t, h)) => Ok((t, h.to_lowercase())),
            None => Err(c(invalid_format(source_hash))),
        };
    }
    let (kind, hsum) = match source_hash.split_once('=') {
        Some((t, h)) => (t.trim().to_string(), h.trim().to_string()),
        None => {
            if source_hash.is_empty() || !source_hash.chars().all(|c| c.is_ascii_hexdigit()) {
                return Err(c(invalid_format(source_hash)));
            }
            match type_of_len(source_hash.len()) {
                Some(t) => (t.to_string(), source_hash.to_string()),
                None => return Err(c(invalid_format(source_hash))),
            }
        }
    };
    let Some(&(_, want_len)) = HASHES.iter().find(|(t, _)| *t == kind) else {
        let names: Vec<&str> = HASHES.iter().map(|(t, _)| *t).collect();
        return Err(c(format!(
            "Invalid hash type '{kind}'. Supported hash types are: {}. Either remove the hash \
             type and simply use '{hsum}' as the source_hash, or change the hash type to a \
             supported type.",
            names.join(", ")
        )));
    };
    match type_of_len(hsum.len()) {
        None => Err(c(invalid_format(source_hash))),
        Some(actual) if hsum.len() != want_len => Err(c(format!(
            "Invalid length ({}) for hash type '{kind}'. Either remove the hash type and simply \
             use '{hsum}' as the source_hash, or change the hash type to '{actual}'",
            hsum.len()
        ))),
        Some(_) => Ok((kind, hsum.to_lowercase())),
    }
}
