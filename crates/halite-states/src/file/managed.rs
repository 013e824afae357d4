//! `file.managed` (salt/states/file.py `managed`, salt/modules/file.py `check_managed_changes`,
//! `check_file_meta`, `manage_file`) and `file.serialize`, which writes through the same path.
//! `check_cmd` (with `tmp_dir`, `tmp_ext`) manages a temp file first and runs the command on it
//! (`mod_run_check_cmd`); `backup: minion` (or the `backup_mode` option) keeps the replaced file
//! under `cachedir/file_backup` (`salt.utils.files.copyfile`/`backup_minion`).

use super::difflib::get_diff;
use super::serializers::OptError;
use super::{
    backs_up, backup_minion, backup_mode, cachedir, changes_mut, check_perms, copy_with_perms,
    dirname, error, expanduser, is_dir, is_file, is_link, mkstemp, mode_bits, normalize_mode,
    not_absolute, umask, write_atomic_perms,
};
use crate::{StateCall, StateError};
use halite_value::{traverse, Map, Value};

const CHANGED_NOTE: &str =
    "\nNote: No changes made, actual changes may\nbe different due to other states.";

fn ret_ccnr(name: &str) -> Map {
    let mut m = Map::new();
    m.insert("changes", Value::Map(Map::new()));
    m.insert("comment", Value::str(""));
    m.insert("name", Value::str(name));
    m.insert("result", Value::Bool(true));
    m
}

/// Where the new content comes from.
enum Content {
    /// Text, or the bytes of a binary serializer (msgpack).
    Text(Vec<u8>),
    /// A file from `source` (already resolved to a local path), with the source URL.
    Source(String, String),
    None,
}

/// `_validate_str_list` + the line joining `managed` does (each line ends with a newline,
/// unless `contents_newline: False`).
fn contents_text(v: &Value, newline: bool, from_grains: bool) -> String {
    // `_validate_str_list`: `str()` of each item; dicts from the SLS or the pillar are
    // `OrderedDict`s in Salt, the grains' are plain dicts.
    let item_str = |v: &Value| {
        if from_grains {
            v.py_str()
        } else {
            super::salt_str(v)
        }
    };
    let parts: Vec<String> = match v {
        Value::List(l) => l.iter().map(item_str).collect(),
        other => vec![item_str(other)],
    };
    let mut out = String::new();
    for part in parts {
        for line in py_splitlines(&part) {
            out.push_str(line.trim_end_matches('\n').trim_end_matches('\r'));
            out.push('\n');
        }
    }
    if !newline {
        while out.ends_with('\n') || out.ends_with('\r') {
            out.pop();
        }
    }
    out
}

/// `str.splitlines()` for the usual line breaks.
fn py_splitlines(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' || b[i] == b'\r' {
            out.push(&s[start..i]);
            if b[i] == b'\r' && i + 1 < b.len() && b[i + 1] == b'\n' {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    if start < s.len() {
        out.push(&s[start..]);
    }
    out
}

/// `file.source_list` + `cp.cache_file`: the local file for a `salt://` URL or absolute path
/// (a list takes the first that exists). Err is Salt's comment.
pub(crate) fn resolve_source(call: &StateCall, source: &Value) -> Result<(String, String), String> {
    let saltenv = saltenv_of(call);
    let candidates: Vec<String> = match source {
        Value::List(l) => l.iter().map(Value::py_str).collect(),
        other => vec![other.py_str()],
    };
    let is_list = matches!(source, Value::List(_));
    for url in &candidates {
        if url.starts_with("salt://") {
            if let Some(p) = call.ctx.file_roots.find(&saltenv, url) {
                return Ok((url.clone(), p.to_string_lossy().into_owned()));
            }
        } else if let Some(p) = local_source_path(url) {
            // file.source_list takes a listed local file that exists; file.get_managed
            // takes a single one when the path exists.
            let exists = if is_list {
                p.starts_with('/') && std::path::Path::new(p).exists()
            } else {
                std::path::Path::new(p).exists()
            };
            if exists {
                return Ok((url.clone(), p.to_string()));
            }
        }
    }
    if is_list {
        return Err("Unable to manage file: none of the specified sources were found".into());
    }
    let first = candidates.first().cloned().unwrap_or_default();
    if first.starts_with("salt://") {
        Err(format!(
            "Source file {first} not found in saltenv '{saltenv}'"
        ))
    } else if let Some(p) = local_source_path(&first) {
        Err(format!("Local file source {p} does not exist"))
    } else {
        Err(format!("Source file {first} not found"))
    }
}

/// `file.source_list` for a list whose first source that is there is an http(s) URL (a
/// `HEAD` request answers it): that URL, as a plain source. None when the list's pick is
/// a `salt://` file or a local path (resolve_source picks it) or nothing.
fn remote_of_list(call: &StateCall, source: &Value) -> Option<Value> {
    let Value::List(l) = source else {
        return None;
    };
    let saltenv = saltenv_of(call);
    for item in l.iter() {
        let Value::Str(url) = item else { continue };
        let url: &str = url;
        if url.starts_with("salt://") {
            if call.ctx.file_roots.find(&saltenv, url).is_some() {
                return None;
            }
        } else if halite_exec::http::is_remote(url) {
            if halite_exec::http::head_ok(&call.ctx.opts, url) {
                return Some(Value::str(url));
            }
        } else if let Some(p) = local_source_path(url) {
            if p.starts_with('/') && std::path::Path::new(p).exists() {
                return None;
            }
        }
    }
    None
}

/// Why a remote source gave no file.
enum RemoteError {
    /// get_managed's comment (without file.managed's 3008 prefix).
    Comment(String),
    /// An exception get_managed does not catch (a hash file that cannot be fetched).
    Raised(String),
}

/// `file.get_managed` for a remote (`http(s)://`, `ftp://`) source: the `source_hash`
/// (required unless `skip_verify`), then the cached copy when it has that hash (any cached
/// copy with `skip_verify`), else `cp.cache_file(source, saltenv, source_hash=HSUM)`.
/// Ok is the local file and the (type, hex) sum to check it against.
fn fetch_remote(
    call: &StateCall,
    name: &str,
    src: &str,
) -> Result<(String, Option<(String, String)>), RemoteError> {
    let skip_verify = call.flag("skip_verify", false);
    let use_etag = call.flag("use_etag", false);
    let source_hash = call.arg("source_hash").filter(|v| v.truthy());
    let mut sum: Option<(String, String)> = None;
    if !skip_verify {
        if let Some(sh) = source_hash {
            match super::source_hash::source_sum_full(call, name, src, &sh.py_str()) {
                Ok(s) => sum = Some(s),
                // Salt 3008's get_managed: "Unable to manage file: {exc.strerror}"
                Err(super::SumError::Comment(e)) => {
                    return Err(RemoteError::Comment(
                        if call.salt_compat().is_3008() && !e.starts_with("Unable to manage file: ")
                        {
                            format!("Unable to manage file: {e}")
                        } else {
                            e
                        },
                    ))
                }
                Err(super::SumError::Fetch(e)) => return Err(RemoteError::Raised(e)),
            }
        } else if !use_etag {
            return Err(RemoteError::Comment(format!(
                "Unable to verify upstream hash of source file {}, please set source_hash or \
                 set skip_verify to True",
                redact_http_basic_auth(src)
            )));
        }
    }
    let saltenv = saltenv_of(call);
    let cachedir = super::cachedir(call);
    let cached = halite_exec::http::extrn_path(&cachedir, src, &saltenv);
    let mut sfn: Option<String> = None;
    if cached.is_file() && (source_hash.is_some() || skip_verify || use_etag) {
        let htype = sum.as_ref().map(|s| s.0.as_str()).unwrap_or("sha256");
        let cached_sum = std::fs::read(&cached)
            .map(|d| super::source_hash::hash_hex(htype, &d))
            .unwrap_or_default();
        if skip_verify {
            sum = Some((htype.to_string(), cached_sum));
            sfn = Some(cached.to_string_lossy().into_owned());
        } else if !use_etag && sum.as_ref().is_some_and(|s| s.1 == cached_sum) {
            sfn = Some(cached.to_string_lossy().into_owned());
        }
    }
    if sfn.is_none() {
        let hsum = sum.as_ref().map(|s| s.1.clone());
        let how = halite_exec::http::Fetch {
            source_hash: hsum.as_deref(),
            verify_ssl: Some(call.flag("verify_ssl", true)),
            ..Default::default()
        };
        let fetched = if halite_exec::http::FETCHED.contains(&url_scheme_of(src).as_str()) {
            halite_exec::http::cache_url(&call.ctx.opts, src, &saltenv, &how)
        } else {
            Err(format!(
                "halite: fetching {}:// URLs is not supported",
                url_scheme_of(src)
            ))
        };
        match fetched {
            Ok(p) => sfn = Some(p.to_string_lossy().into_owned()),
            Err(e) => {
                return Err(RemoteError::Comment(format!(
                    "Failed to cache {}: {e}",
                    redact_http_basic_auth(src)
                )))
            }
        }
    }
    let sfn = sfn.unwrap_or_default();
    if sfn == name {
        return Err(RemoteError::Comment(
            "Source file cannot be the same as destination".into(),
        ));
    }
    Ok((sfn, sum))
}

fn url_scheme_of(url: &str) -> String {
    halite_exec::http::scheme(url)
}

/// `salt.utils.url.redact_http_basic_auth`: `re.sub("(https?)://.*@", r"\1://<redacted>@",
/// url, flags=re.IGNORECASE)`.
fn redact_http_basic_auth(url: &str) -> String {
    let lower = url.to_ascii_lowercase();
    let mut from = 0;
    while let Some(i) = lower[from..].find("http").map(|i| i + from) {
        let s_len = if lower[i + 4..].starts_with('s') {
            5
        } else {
            4
        };
        if lower[i + s_len..].starts_with("://") {
            let body = i + s_len + 3;
            let line_end = url[body..].find('\n').map_or(url.len(), |e| e + body);
            if let Some(at) = url[body..line_end].rfind('@') {
                return format!(
                    "{}{}://<redacted>{}",
                    &url[..i],
                    &url[i..i + s_len],
                    &url[body + at..]
                );
            }
        }
        from = i + 4;
    }
    url.to_string()
}

/// The local path of a source without a scheme or with `file://` (get_managed's
/// `unix_local_source`), None for other schemes.
fn local_source_path(url: &str) -> Option<&str> {
    if let Some(p) = url.strip_prefix("file://") {
        return Some(p);
    }
    if super::source_hash::url_scheme(url).is_empty() {
        Some(url)
    } else {
        None
    }
}

pub fn managed(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let ret = ret_ccnr(&name);
    if name.is_empty() {
        return Ok(error(ret, "Destination file name is required"));
    }
    if let Some(tmpl) = call.arg("template").filter(|v| v.truthy()) {
        if tmpl.py_str().to_lowercase() != "jinja" {
            return Ok(error(
                ret,
                format!(
                    "halite: template '{}' is not supported (only jinja)",
                    tmpl.py_str()
                ),
            ));
        }
    }
    let mode_v = call.arg("mode").cloned();
    // `mode: keep`: the source file's mode.
    let keep_mode = matches!(&mode_v, Some(Value::Str(m)) if m.eq_ignore_ascii_case("keep"));
    let mode = if keep_mode {
        None
    } else {
        normalize_mode(mode_v.as_ref())
    };
    let source = call.arg("source").cloned();
    let (contents, contents_pillar, contents_grains) = (
        call.arg("contents"),
        call.arg("contents_pillar"),
        call.arg("contents_grains"),
    );
    let count = [contents, contents_pillar, contents_grains]
        .iter()
        .filter(|c| c.is_some())
        .count();
    if source.is_some() && count > 0 {
        return Ok(error(
            ret,
            "'source' cannot be used in combination with 'contents', 'contents_pillar', or 'contents_grains'",
        ));
    } else if keep_mode && count > 0 {
        return Ok(error(
            ret,
            "Mode preservation cannot be used in combination with 'contents', 'contents_pillar', or 'contents_grains'",
        ));
    } else if count > 1 {
        return Ok(error(
            ret,
            "Only one of 'contents', 'contents_pillar', and 'contents_grains' is permitted",
        ));
    }
    let mut replace = call.flag("replace", true);
    if source.is_none() && count == 0 && replace {
        replace = false;
    }
    let delim = call
        .arg_str("contents_delimiter")
        .unwrap_or_else(|| ":".into());
    let use_contents: Option<Value> = if let Some(key) = contents_pillar {
        match key {
            Value::List(l) => {
                let mut parts = Vec::new();
                for k in l.iter().map(Value::py_str) {
                    match traverse(&call.ctx.pillar, &k, &delim) {
                        Some(v) => parts.push(v.py_str()),
                        None => return Ok(error(ret, format!("Pillar {k} does not exist"))),
                    }
                }
                Some(Value::Str(parts.join("\n").into()))
            }
            // One key: the pillar value as it is, so a list of lines becomes lines
            // (`_validate_str_list`), not the list's repr.
            other => {
                let k = other.py_str();
                match traverse(&call.ctx.pillar, &k, &delim) {
                    Some(v) => Some(v.clone()),
                    None => return Ok(error(ret, format!("Pillar {k} does not exist"))),
                }
            }
        }
    } else if let Some(key) = contents_grains {
        let k = key.py_str();
        match traverse(&call.ctx.grains, &k, &delim) {
            Some(v) => Some(v.clone()),
            None => return Ok(error(ret, format!("Grain {k} does not exist"))),
        }
    } else {
        contents.cloned()
    };
    let mut text: Option<String> = None;
    if let Some(c) = &use_contents {
        if !call.flag("allow_empty", true) && !c.truthy() {
            let id = if let Some(p) = contents_pillar {
                format!("contents_pillar {}", p.py_str())
            } else if let Some(g) = contents_grains {
                format!("contents_grains {}", g.py_str())
            } else {
                "'contents'".into()
            };
            return Ok(error(
                ret,
                format!("{id} value would result in empty contents. Set allow_empty to True to allow the managed file to be empty."),
            ));
        }
        text = Some(contents_text(
            c,
            call.flag("contents_newline", true),
            contents_pillar.is_none() && contents_grains.is_some(),
        ));
        if is_jinja(call) {
            // file.apply_template_on_contents: the context/defaults plus saltenv.
            let mut vars = Map::new();
            vars.insert("saltenv", Value::Str(saltenv_of(call).into()));
            apply_context(call, &mut vars);
            match render_jinja(call, text.as_deref().unwrap_or(""), &vars) {
                Ok(r) => text = Some(r),
                Err(e) => return Ok(error(ret, e)),
            }
        }
    }
    manage(
        call,
        &name,
        ret,
        text.map(String::into_bytes),
        source,
        mode,
        keep_mode,
        replace,
        false,
    )
}

/// The part of `managed` after the contents are known (shared with `serialize`).
#[allow(clippy::too_many_arguments)]
fn manage(
    call: &StateCall,
    name: &str,
    mut ret: Map,
    text: Option<Vec<u8>>,
    source: Option<Value>,
    mode: Option<String>,
    keep_mode: bool,
    replace: bool,
    serialize: bool,
) -> Result<Map, StateError> {
    let user = call.arg_str("user");
    let group = call.arg_str("group");
    let follow = call.flag("follow_symlinks", true);
    let show_changes = call.flag("show_changes", true);
    if !call.flag("create", true) && !is_file(name) {
        ret.insert(
            "comment",
            Value::Str(format!("File {name} is not present and is not set for creation").into()),
        );
        return Ok(ret);
    }
    if let Some(err) = super::check_user_mode(user.as_deref(), group.as_deref(), call.test) {
        return Ok(error(ret, err));
    }
    if let Some(err) = not_absolute(name) {
        return Ok(error(ret, err));
    }
    if is_dir(name) {
        ret.insert(
            "comment",
            Value::Str(format!("Specified target {name} is a directory").into()),
        );
        ret.insert("result", Value::Bool(false));
        return Ok(ret);
    }
    // A mode chmod cannot take (`abc`, a list, a dict, `889`): Salt writes the file (a new
    // one with mode 0600) and then fails "Failed to change mode to X"; halite fails the same
    // way before writing anything (docs/compat.md).
    if !call.test {
        if let Some(m) = mode.as_deref().filter(|m| !super::mode_is_valid(m)) {
            return Ok(error(ret, format!("Failed to change mode to {m}")));
        }
    }
    let exists = std::path::Path::new(name).exists();
    // managed's early check: a remote source with a source_hash the file already has is
    // not fetched (replace turns False; a failure here is only logged).
    let mut replace = replace;
    if text.is_none() && !is_jinja(call) && exists && replace && !call.flag("skip_verify", false) {
        if let (Some(Value::Str(src)), Some(sh)) =
            (&source, call.arg("source_hash").filter(|v| v.truthy()))
        {
            if halite_exec::http::is_remote(src) {
                match super::source_hash::source_sum(call, name, src, &sh.py_str()) {
                    Ok((kind, hsum)) => {
                        if std::fs::read(name)
                            .is_ok_and(|d| super::source_hash::hash_hex(&kind, &d) == hsum)
                        {
                            replace = false;
                        }
                    }
                    Err(e) => tracing::error!(
                        "Failed checking existing file's hash against specified source_hash: {e}"
                    ),
                }
            }
        }
    }
    if !replace && exists {
        let (mut r, perms) = check_perms(
            name,
            ret,
            user.as_deref(),
            group.as_deref(),
            mode.as_deref(),
            call.test,
            follow,
        );
        if call.test {
            let lmode = perms.map(|p| p.mode);
            match (&mode, &lmode) {
                (Some(m), Some(l)) if m != l => {
                    r.insert("comment", Value::Str(format!("File {name} will be updated with permissions {m} from its current state of {l}").into()));
                }
                _ => {
                    r.insert(
                        "comment",
                        Value::Str(format!("File {name} not updated").into()),
                    );
                }
            }
        } else if !r.get("changes").map(Value::truthy).unwrap_or(false)
            && r.get("result").map(Value::truthy).unwrap_or(false)
        {
            r.insert(
                "comment",
                Value::Str(
                    format!("File {name} exists with proper permissions. No changes made.").into(),
                ),
            );
        }
        return Ok(r);
    }
    // get_managed for a remote source: its source_hash, then the cached or fetched copy.
    let mut remote_sum: Option<(String, String)> = None;
    let source = source.map(|s| remote_of_list(call, &s).unwrap_or(s));
    let content = match (&text, &source) {
        (Some(t), _) => Content::Text(t.clone()),
        (None, Some(Value::Str(src))) if halite_exec::http::is_remote(src) => {
            match fetch_remote(call, name, src) {
                Ok((path, sum)) => {
                    remote_sum = sum;
                    Content::Source(src.to_string(), path)
                }
                Err(RemoteError::Comment(comment)) => {
                    // Salt 3008's file.managed prefixes get_managed's comment outside test mode
                    let comment = if call.salt_compat().is_3008() && !call.test {
                        format!("Unable to manage file: {comment}")
                    } else {
                        comment
                    };
                    return Ok(error(ret, comment));
                }
                // test mode: check_managed_changes does not catch get_source_sum's
                // MinionError; a real run's managed reports it "Unable to manage file: ..."
                Err(RemoteError::Raised(e)) if call.test => {
                    return Err(StateError::Other(format!(
                        "salt.exceptions.MinionError: {e}"
                    )))
                }
                Err(RemoteError::Raised(e)) => {
                    return Ok(error(ret, format!("Unable to manage file: {e}")))
                }
            }
        }
        (None, Some(src)) => match resolve_source(call, src) {
            Ok((url, path)) => Content::Source(url, path),
            // Salt 3008's file.managed prefixes the comment file.get_managed returns
            // (`_error(ret, f"Unable to manage file: {comment_}")`, 3007 returned it as it
            // is); test mode returns check_managed_changes' comment unprefixed. file.source_list's
            // error already has the prefix and is not one of get_managed's.
            Err(comment)
                if call.salt_compat().is_3008()
                    && !call.test
                    && !comment.starts_with("Unable to manage file: ") =>
            {
                return Ok(error(ret, format!("Unable to manage file: {comment}")))
            }
            Err(comment) => return Ok(error(ret, comment)),
        },
        (None, None) => Content::None,
    };
    // A local source: get_managed reads `source_hash` (its format errors fail the state in
    // test mode too), refuses a template source that is the destination itself, and
    // manage_file compares the checksum before writing.
    let mut want_sum: Option<(String, String)> = None;
    if let Content::Source(url, path) = &content {
        if local_source_path(url).is_some() {
            let sh = call.arg("source_hash").filter(|v| v.truthy());
            if let Some(sh) = sh.filter(|_| !call.flag("skip_verify", false)) {
                match super::source_hash::source_sum_full(call, name, url, &sh.py_str()) {
                    Ok(sum) => want_sum = Some(sum),
                    // a remote hash file that cannot be fetched: get_managed does not catch
                    // the MinionError (test mode's exception; a real run's managed catches it)
                    Err(super::SumError::Fetch(e)) if call.test => {
                        return Err(StateError::Other(format!(
                            "salt.exceptions.MinionError: {e}"
                        )))
                    }
                    Err(super::SumError::Fetch(e)) => {
                        return Ok(error(ret, format!("Unable to manage file: {e}")))
                    }
                    // Salt 3008's file.get_managed wraps get_source_sum's error
                    // ("Unable to manage file: {exc.strerror}"), and outside test mode
                    // file.managed prefixes get_managed's comment once more. (An OSError
                    // reading a hash file is an exception the state reports as it is.)
                    Err(super::SumError::Comment(e))
                        if call.salt_compat().is_3008()
                            && !e.starts_with("Unable to manage file: ") =>
                    {
                        let once = format!("Unable to manage file: {e}");
                        let comment = if call.test {
                            once
                        } else {
                            format!("Unable to manage file: {once}")
                        };
                        return Ok(error(ret, comment));
                    }
                    Err(super::SumError::Comment(e)) => return Ok(error(ret, e)),
                }
            }
            if is_jinja(call) {
                want_sum = None;
                if path == name {
                    return Ok(error(
                        ret,
                        "Unable to manage file: Source file cannot be the same as destination",
                    ));
                }
            }
        }
    }
    // manage_file replaces the file only when its checksum differs from `source_hash`
    // (so a file that matches the declared sum stays as it is, in test mode too), and then
    // compares the source's checksum with it.
    if remote_sum.is_some() && !is_jinja(call) {
        want_sum = remote_sum;
    }
    let mut keep_dest = false;
    if let (Some((kind, hsum)), Content::Source(url, path)) = (&want_sum, &content) {
        let dest_exists = is_file(name) || is_link(name);
        let dest = if follow {
            std::fs::canonicalize(name)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_else(|_| name.to_string())
        } else {
            name.to_string()
        };
        let name_sum = if dest_exists && (follow || !is_link(name)) {
            std::fs::read(&dest)
                .ok()
                .map(|d| super::source_hash::hash_hex(kind, &d))
        } else {
            None
        };
        if name_sum.as_deref() == Some(hsum.as_str()) {
            keep_dest = true;
        } else if !call.test {
            if let Ok(data) = std::fs::read(path) {
                let dl_sum = super::source_hash::hash_hex(kind, &data);
                if dl_sum != *hsum {
                    let comment = if dest_exists {
                        format!("Specified {kind} checksum for {url} ({hsum}) does not match actual checksum ({dl_sum}). If the 'source_hash' value refers to a remote file with multiple possible matches, then it may be necessary to set 'source_hash_name'.")
                    } else {
                        format!("Specified {kind} checksum for {name} ({hsum}) does not match actual checksum ({dl_sum})")
                    };
                    return Ok(error(ret, comment));
                }
            }
        }
    }
    let new_data: Option<Vec<u8>> = match &content {
        Content::Text(t) => Some(t.clone()),
        Content::Source(url, path) => match std::fs::read(path) {
            Ok(d) if is_jinja(call) => {
                // file.get_managed renders the cached source with these variables.
                let mut vars = Map::new();
                vars.insert("name", Value::str(name));
                vars.insert("source", Value::str(url.clone()));
                vars.insert("user", user_value(call, "user"));
                vars.insert("group", user_value(call, "group"));
                vars.insert("mode", mode.clone().map(Value::from).unwrap_or(Value::Null));
                vars.insert("attrs", call.arg("attrs").cloned().unwrap_or(Value::Null));
                vars.insert("saltenv", Value::Str(saltenv_of(call).into()));
                // the state's extra keyword arguments (`apache: ...` beside an empty
                // `context:` in apache-formula), overridden by defaults and context
                for (k, v) in
                    crate::argspecs::extra_kwargs(call.salt_compat(), "file.managed", call.low)
                {
                    vars.insert(k, v.clone());
                }
                apply_context(call, &mut vars);
                super::accumulated::template_context(call, name, &mut vars);
                match render_jinja(call, &String::from_utf8_lossy(&d), &vars) {
                    Ok(r) => Some(r.into_bytes()),
                    Err(e) => return Ok(error(ret, e)),
                }
            }
            Ok(d) => Some(d),
            Err(_) => return Ok(error(ret, format!("Source file '{url}' not found"))),
        },
        Content::None => None,
    };
    let new_data = if keep_dest {
        std::fs::read(name).ok().or(new_data)
    } else {
        new_data
    };
    // keep_mode: cp.stat_file(source, octal=True), once the source is cached.
    let mode = match (&content, keep_mode) {
        (Content::Source(_, path), true) => {
            use std::os::unix::fs::PermissionsExt;
            std::fs::metadata(path)
                .map(|m| format!("{:04o}", m.permissions().mode() & 0o7777))
                .ok()
        }
        _ => mode,
    };
    if call.test {
        // check_managed_changes / check_file_meta
        let mut changes = Map::new();
        let ignore = IgnoreChanges::of(call);
        let mut has_changes = false;
        if std::fs::metadata(name).is_err() {
            match (&content, &new_data) {
                // Salt 3008's `new_file_diff`: a new file's contents diffed against nothing
                // (check_file_meta; with a source Salt 3008.4 fails on the missing file's
                // stats, which halite does not copy).
                (Content::Text(_), Some(new)) if new_file_diff(call) => {
                    let diff = file_diff(name, new);
                    if !diff.is_empty() {
                        changes.insert("diff", Value::Str(diff.into()));
                        has_changes = true;
                    }
                }
                _ => {
                    changes.insert("newfile", Value::str(name));
                    has_changes = true;
                }
            }
        } else {
            if let Some(new) = &new_data {
                if !file_equals(name, new) {
                    changes.insert("diff", Value::Str(file_diff(name, new).into()));
                    has_changes = ignore.as_ref().is_none_or(|i| i.has_changes(name, new));
                }
            }
            if let Some(st) = super::stats(name, follow) {
                if let Some(u) = &user {
                    if *u != st.user && *u != st.uid.to_string() {
                        changes.insert("user", Value::str(u.clone()));
                    }
                }
                if let Some(g) = &group {
                    if *g != st.group && *g != st.gid.to_string() {
                        changes.insert("group", Value::str(g.clone()));
                    }
                }
                if let Some(m) = &mode {
                    if *m != st.mode {
                        changes.insert("mode", Value::str(m.clone()));
                    }
                }
            }
        }
        if !changes.is_empty() {
            if changes.contains_key("diff") && !show_changes {
                changes.insert("diff", Value::str("<show_changes=False>"));
            }
            ret.insert("changes", Value::Map(changes));
            ret.insert("result", Value::Null);
            let comment = if serialize {
                format!("Dataset will be serialized and stored into {name}")
            } else {
                format!("The file {name} is set to be changed{CHANGED_NOTE}")
            };
            ret.insert("comment", Value::Str(comment.into()));
            if ignore.is_some() && !has_changes {
                ret.insert("skip_req", Value::Bool(true));
            }
        } else {
            ret.insert("result", Value::Bool(true));
            ret.insert(
                "comment",
                Value::Str(format!("The file {name} is in the correct state").into()),
            );
        }
        return Ok(ret);
    }
    let backup = backup_mode(call);
    let mut ret = ret;
    // check_cmd: the new contents go to a temp file first (a copy of the current file, when
    // there is one), the command runs on it, and only then the real file is managed.
    let _tmp = match call.arg("check_cmd").filter(|c| c.truthy()) {
        None => None,
        Some(check_cmd) => {
            let tmp_dir = match call.low.get("tmp_dir") {
                // Salt 3008 changed managed's and serialize's default tmp_dir from "" (the
                // working folder) to None (the temp folder).
                None if call.salt_compat() == halite_value::SaltCompat::V3008 => None,
                None => Some(String::new()),
                Some(Value::Null) => None,
                Some(v) => Some(v.py_str()),
            };
            let tmp_ext = call.arg_str("tmp_ext").unwrap_or_default();
            let tmp = match mkstemp(tmp_dir.as_deref(), &tmp_ext) {
                Ok(t) => TempFile(t),
                Err(e) => return Err(StateError::Other(py_os_error(&e, tmp_dir.as_deref()))),
            };
            if is_file(name) {
                if let Err(e) = copy_with_perms(name, &tmp.0) {
                    return Ok(error(
                        ret,
                        format!("Unable to copy file {name} to {}: {e}", tmp.0),
                    ));
                }
            }
            let checked = manage_file(
                call,
                &tmp.0,
                ret.clone(),
                &content,
                new_data.clone(),
                user.clone(),
                group.clone(),
                mode.clone(),
                follow,
                show_changes,
                &backup,
            )?;
            let changed = checked.get("changes").is_some_and(Value::truthy);
            // file.serialize hands its own `ret` to the temp file's manage_file (Salt mutates
            // it in place), so the temp file's changes and comment carry over; file.managed
            // starts again from a clean return.
            ret = if serialize { checked } else { ret_ccnr(name) };
            if changed {
                if let Some(failed) = run_check_cmd(call, &check_cmd.py_str(), &tmp.0)? {
                    for (k, v) in failed {
                        ret.insert(k, v);
                    }
                    return Ok(ret);
                }
            }
            Some(tmp)
        }
    };
    manage_file(
        call,
        name,
        ret,
        &content,
        new_data,
        user,
        group,
        mode,
        follow,
        show_changes,
        &backup,
    )
}

/// A temp file removed when dropped (`salt.utils.files.remove(tmp_filename)`).
struct TempFile(String);

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Python's text for an `OSError` from `tempfile.mkstemp`.
fn py_os_error(e: &std::io::Error, dir: Option<&str>) -> String {
    let kind = match e.kind() {
        std::io::ErrorKind::NotFound => "FileNotFoundError",
        std::io::ErrorKind::PermissionDenied => "PermissionError",
        _ => "OSError",
    };
    let errno = e.raw_os_error().unwrap_or(0);
    let msg = e.to_string();
    let msg = msg.split(" (os error").next().unwrap_or(&msg);
    format!("{kind}: [Errno {errno}] {msg}: '{}'", dir.unwrap_or(""))
}

/// `mod_run_check_cmd(cmd, filename)`: `cmd.run_all("<cmd> <filename>")`; a non-zero exit is
/// the state's failure (`None` when the check passed).
fn run_check_cmd(call: &StateCall, cmd: &str, filename: &str) -> Result<Option<Map>, StateError> {
    let mut kwargs = Map::new();
    kwargs.insert("shell", Value::str(call.shell));
    let cret = call
        .exec
        .call(
            call.ctx,
            "cmd.run_all",
            &halite_exec::Args::new(vec![Value::Str(format!("{cmd} {filename}").into())], kwargs),
        )
        .map_err(|e| StateError::Command(e.to_string()))?;
    let retcode = cret.get("retcode").and_then(Value::as_i64).unwrap_or(1);
    if retcode == 0 {
        return Ok(None);
    }
    let mut comment = String::from("check_cmd execution failed");
    for key in ["stdout", "stderr"] {
        if let Some(out) = cret.get(key).filter(|v| v.truthy()) {
            comment.push('\n');
            comment.push_str(&out.py_str());
        }
    }
    let mut ret = Map::new();
    ret.insert("comment", Value::Str(comment.into()));
    ret.insert("skip_watch", Value::Bool(true));
    ret.insert("result", Value::Bool(false));
    Ok(Some(ret))
}

/// `file.manage_file` (real run).
#[allow(clippy::too_many_arguments)]
fn manage_file(
    call: &StateCall,
    name: &str,
    mut ret: Map,
    content: &Content,
    new_data: Option<Vec<u8>>,
    user: Option<String>,
    group: Option<String>,
    mode: Option<String>,
    follow: bool,
    show_changes: bool,
    backup: &str,
) -> Result<Map, StateError> {
    let ignore = IgnoreChanges::of(call);
    let mut has_changes = false;
    if is_file(name) || is_link(name) {
        let real = if is_link(name) && follow {
            std::fs::canonicalize(name)
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_else(|_| name.to_string())
        } else {
            name.to_string()
        };
        let mut applied = None;
        if let Some(new) = &new_data {
            if !file_equals(&real, new) {
                let diff = if !show_changes {
                    "<show_changes=False>".to_string()
                } else {
                    file_diff(&real, new)
                };
                if let Some(i) = &ignore {
                    has_changes = i.has_changes(&real, new);
                }
                changes_mut(&mut ret).insert("diff", Value::Str(diff.into()));
                if backs_up(backup) {
                    if let Err(e) = backup_minion(&real, &cachedir(call)) {
                        return Ok(error(ret, format!("Failed to commit change: {e}")));
                    }
                }
                // owner and mode go on the new contents before they replace the old ones
                match write_atomic_perms(
                    &real,
                    new,
                    0o644,
                    &ret,
                    user.as_deref(),
                    group.as_deref(),
                    mode.as_deref(),
                ) {
                    Ok(done) => applied = Some(done),
                    Err(e) => return Ok(error(ret, format!("Failed to commit change: {e}"))),
                }
            }
        }
        let (mut r, _) = match applied {
            Some(done) => done,
            None => check_perms(
                name,
                ret,
                user.as_deref(),
                group.as_deref(),
                mode.as_deref(),
                false,
                follow,
            ),
        };
        if r.get("changes").map(Value::truthy).unwrap_or(false) {
            r.insert("comment", Value::Str(format!("File {name} updated").into()));
            if ignore.is_some() && !has_changes {
                r.insert("skip_req", Value::Bool(true));
            }
        } else if r.get("result").map(Value::truthy).unwrap_or(false) {
            r.insert(
                "comment",
                Value::Str(format!("File {name} is in the correct state").into()),
            );
        }
        return Ok(r);
    }
    // The target file does not exist.
    let contain_dir = dirname(name);
    let makedirs = call.flag("makedirs", false);
    let is_source = matches!(content, Content::Source(..));
    if is_source {
        let diff = match &new_data {
            Some(new) if new_file_diff(call) => file_diff(name, new),
            _ => "New file".into(),
        };
        changes_mut(&mut ret).insert("diff", Value::Str(diff.into()));
    }
    if !is_dir(&contain_dir) {
        if makedirs {
            let dir_mode = call
                .arg("dir_mode")
                .map(|v| normalize_mode(Some(v)))
                .unwrap_or_else(|| {
                    mode.as_ref().map(|m| {
                        m.chars()
                            .rev()
                            .take(3)
                            .collect::<Vec<_>>()
                            .into_iter()
                            .rev()
                            .map(|c| {
                                c.to_digit(8)
                                    .map(|d| {
                                        if d != 0 {
                                            char::from_digit(d | 1, 8).unwrap_or(c)
                                        } else {
                                            c
                                        }
                                    })
                                    .unwrap_or(c)
                            })
                            .collect::<String>()
                    })
                });
            if let Err(e) = makedirs_(&contain_dir, dir_mode.as_deref()) {
                return Ok(error(
                    ret,
                    format!("Failed to create directory {contain_dir}: {e}"),
                ));
            }
        } else {
            changes_mut(&mut ret).remove("diff");
            return Ok(error(ret, "Parent directory not present"));
        }
    }
    let mask = umask();
    // The state's owner and mode, set on the new file before it appears under its name.
    let perm_mode = mode
        .clone()
        .or_else(|| Some(format!("{:04o}", (0o777 ^ mask) & 0o666)));
    let mut applied = None;
    let mut write = |ret: &Map, data: &[u8], created: u32| {
        let done = write_atomic_perms(
            name,
            data,
            created,
            ret,
            user.as_deref(),
            group.as_deref(),
            perm_mode.as_deref(),
        )?;
        applied = Some(done);
        Ok::<(), std::io::Error>(())
    };
    match content {
        Content::Source(_, _) => {
            // cp.cache_file + copyfile: the new file comes from mkstemp, mode 0600.
            if let Some(d) = &new_data {
                if let Err(e) = write(&ret, d, 0o600) {
                    return Ok(error(ret, format!("Failed to commit change: {e}")));
                }
            }
        }
        Content::Text(t) => {
            // touch under umask 077 when a mode is given, then copy the contents in.
            let created = if mode.is_some() { 0o600 } else { 0o666 & !mask };
            if backs_up(backup) {
                // Salt touches the file, then copies the contents over it: the backup is of
                // the empty file.
                if let Err(e) = touch_then_backup(name, created, &cachedir(call)) {
                    return Ok(error(ret, format!("Failed to commit change: {e}")));
                }
            }
            let diff = if new_file_diff(call) {
                file_diff(name, t)
            } else {
                "New file".into()
            };
            changes_mut(&mut ret).insert("diff", Value::Str(diff.into()));
            if let Err(e) = write(&ret, t, created) {
                changes_mut(&mut ret).remove("diff");
                return Ok(error(ret, format!("File {name} not created: {e}")));
            }
        }
        Content::None => {
            let created = if mode.is_some() { 0o600 } else { 0o666 & !mask };
            let mut done = ret.clone();
            changes_mut(&mut done).insert("new", Value::Str(format!("file {name} created").into()));
            done.insert("comment", Value::str("Empty file"));
            if write(&done, b"", created).is_err() {
                return Ok(error(ret, format!("Empty file {name} not created")));
            }
            ret = done;
        }
    }
    let (mut r, _) = match applied {
        Some(done) => done,
        None => check_perms(
            name,
            ret,
            user.as_deref(),
            group.as_deref(),
            perm_mode.as_deref(),
            false,
            true,
        ),
    };
    if !r.get("comment").map(Value::truthy).unwrap_or(false) {
        r.insert("comment", Value::Str(format!("File {name} updated").into()));
    }
    if !r.get("changes").map(Value::truthy).unwrap_or(false)
        && r.get("result").map(Value::truthy).unwrap_or(false)
    {
        r.insert(
            "comment",
            Value::Str(format!("File {name} is in the correct state").into()),
        );
    }
    // A new file never "has changes" here (Salt 3008's manage_file only sets it on a diff).
    if ignore.is_some() && r.get("changes").is_some_and(Value::truthy) {
        r.insert("skip_req", Value::Bool(true));
    }
    Ok(r)
}

/// Salt 3008's `ignore_ordering`, `ignore_whitespace` and `ignore_comment_characters`
/// arguments of `file.managed`: with any of them set, a change that only reorders lines,
/// changes whitespace or comments (or only the metadata, or makes a new file outside test
/// mode) is made and reported but marks the result `skip_req`, so onchanges / watch /
/// prereq requisites on it do not fire (salt/modules/file.py `manage_file`,
/// `check_file_meta`; salt/state.py `_check_requisites`). Salt 3007 has no such arguments.
struct IgnoreChanges {
    whitespace: bool,
    comment_chars: Vec<String>,
}

impl IgnoreChanges {
    fn of(call: &StateCall) -> Option<Self> {
        if !call.salt_compat().is_3008() {
            return None;
        }
        let flag = |k: &str| call.arg(k).is_some_and(Value::truthy);
        let comments = call.arg("ignore_comment_characters");
        let any = flag("ignore_ordering")
            || flag("ignore_whitespace")
            || comments.is_some_and(Value::truthy);
        if !any {
            return None;
        }
        let comment_chars = match comments {
            Some(Value::Str(c)) => vec![c.to_string()],
            Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
            _ => Vec::new(),
        };
        Some(IgnoreChanges {
            whitespace: flag("ignore_whitespace"),
            comment_chars,
        })
    }

    /// `get_diff(old, new, ignore_...)`'s verdict for the file at `path` and `new`.
    fn has_changes(&self, path: &str, new: &[u8]) -> bool {
        let old = std::fs::read(path).unwrap_or_default();
        super::difflib::conditional_has_changes(
            &decode_lines(&old),
            &decode_lines(new),
            self.whitespace,
            &self.comment_chars,
        )
    }
}

/// `touch(name)` (an empty file with mode `created`) followed by `backup_minion(name)`.
fn touch_then_backup(name: &str, created: u32, cachedir: &str) -> std::io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(name)?;
    std::fs::set_permissions(name, std::fs::Permissions::from_mode(created))?;
    backup_minion(name, cachedir)
}

fn is_jinja(call: &StateCall) -> bool {
    call.arg("template")
        .map(|t| t.py_str().to_lowercase() == "jinja")
        .unwrap_or(false)
}

pub(crate) fn saltenv_of(call: &StateCall) -> String {
    call.low
        .get("saltenv")
        .or_else(|| call.low.get("__env__"))
        .map(Value::py_str)
        .unwrap_or_else(|| "base".into())
}

fn user_value(call: &StateCall, key: &str) -> Value {
    call.arg(key).cloned().unwrap_or(Value::Null)
}

/// The template variables: `defaults` updated with `context` (a shallow `dict.update`, as
/// file.get_managed and file.apply_template_on_contents do), laid over `vars`, the
/// arguments the state passes itself (`name`, `source`, `user`, `group`, `mode`, `attrs`,
/// `saltenv`): salt.utils.templates' `render_tmpl` lets "explicit context overwrite the
/// kws", so a context key named like a state argument wins.
pub(crate) fn apply_context(call: &StateCall, vars: &mut Map) {
    for key in ["defaults", "context"] {
        if let Some(Value::Map(m)) = call.arg(key) {
            for (k, v) in m.iter() {
                vars.insert(k.clone(), v.clone());
            }
        }
    }
}

/// Salt's jinja renderer (halite-jinja) with `salt`, `grains`, `pillar`, `opts` and `vars`.
pub(crate) fn render_jinja(call: &StateCall, text: &str, vars: &Map) -> Result<String, String> {
    // The loader's saltenv is the template's own `saltenv` variable (a context may set it).
    let saltenv = match vars.get("saltenv") {
        Some(Value::Str(env)) => env.to_string(),
        _ => saltenv_of(call),
    };
    call.templates
        .get(call.exec, call.ctx, &saltenv)
        .render(text, "<template>", vars)
        .map_err(|e| format!("Unable to manage file: {}", e.message))
}

/// Whether the file at `path` holds exactly `new`, read in blocks (a large file is never
/// held in memory whole). A file that cannot be read differs.
fn file_equals(path: &str, new: &[u8]) -> bool {
    use std::io::Read;
    let Ok(mut f) = std::fs::File::open(path) else {
        return false;
    };
    if f.metadata().map(|m| m.len()).ok() != Some(new.len() as u64) {
        return false;
    }
    let mut buf = vec![0u8; 64 * 1024];
    let mut at = 0usize;
    loop {
        let n = match f.read(&mut buf) {
            Ok(0) => return at == new.len(),
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(_) => return false,
        };
        if new.get(at..at + n) != Some(&buf[..n]) {
            return false;
        }
        at += n;
    }
}

/// `salt.utils.files.is_text` on a file's first block (512 bytes): no NUL byte, and UTF-8
/// or at most 30% of bytes outside printable ASCII and `\n\r\t\f\b`.
pub(crate) fn is_text(block: &[u8]) -> bool {
    let block = &block[..block.len().min(512)];
    if block.contains(&0) {
        return false;
    }
    if block.is_empty() || std::str::from_utf8(block).is_ok() {
        return true;
    }
    let nontext = block
        .iter()
        .filter(|b| !matches!(b, 32..=126 | b'\n' | b'\r' | b'\t' | 0x0c | 0x08))
        .count();
    nontext as f64 / block.len() as f64 <= 0.30
}

/// `file.get_diff(path, new)` for contents that differ: `_binary_replace`'s note when
/// either side is binary ("Replace binary file", "Replace binary file with text file",
/// "Replace text file with binary file"; only the first 512 bytes of the file are read),
/// else the unified diff of the two texts.
/// Salt 3008's `new_file_diff` (managed, check_file_meta, manage_file): a new file's
/// changes are a diff against an empty file instead of "New file" / `newfile`.
fn new_file_diff(call: &StateCall) -> bool {
    call.salt_compat().is_3008() && call.flag("new_file_diff", false)
}

fn file_diff(path: &str, new: &[u8]) -> String {
    use std::io::Read;
    let mut head = Vec::with_capacity(512);
    if let Ok(f) = std::fs::File::open(path) {
        let _ = f.take(512).read_to_end(&mut head);
    }
    match (is_text(&head), is_text(new)) {
        (false, false) => "Replace binary file".into(),
        (false, true) => "Replace binary file with text file".into(),
        (true, false) => "Replace text file with binary file".into(),
        (true, true) => {
            let old = std::fs::read(path).unwrap_or_default();
            get_diff(&decode_lines(&old), &decode_lines(new))
        }
    }
}

/// `salt.utils.data.decode_list(lines, encoding=("utf-8", "latin-1", ...))` as
/// stringutils.get_diff reads a file's lines: each line as UTF-8 when it is, else Latin-1.
fn decode_lines(data: &[u8]) -> String {
    if let Ok(s) = std::str::from_utf8(data) {
        return s.to_string();
    }
    let mut out = String::with_capacity(data.len());
    for line in data.split_inclusive(|b| *b == b'\n') {
        match std::str::from_utf8(line) {
            Ok(s) => out.push_str(s),
            Err(_) => out.extend(line.iter().map(|&b| char::from(b))),
        }
    }
    out
}

/// `file.makedirs_`: create the missing parents (with `dir_mode` when given).
pub(crate) fn makedirs_(dir: &str, dir_mode: Option<&str>) -> std::io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    if let Some(m) = dir_mode.and_then(mode_bits) {
        b.mode(m);
    }
    b.create(dir)
}

/// `file.serialize`: the dataset dumped with `formatter` (json, yaml, plist, configparser,
/// python) and managed like
/// `contents`.
pub fn serialize(call: &StateCall) -> Result<Map, StateError> {
    let name = expanduser(&call.name_str());
    let ret = ret_ccnr(&name);
    if name.is_empty() {
        return Ok(error(ret, "Must provide name to file.serialize"));
    }
    let formatter = call
        .arg_str("formatter")
        .or_else(|| call.arg_str("serializer"))
        .unwrap_or_else(|| "yaml".into())
        .to_lowercase();
    let dataset_pillar = call.arg("dataset_pillar").filter(|v| v.truthy());
    if dataset_pillar.is_some() && call.arg("dataset").is_some_and(Value::truthy) {
        return Ok(error(
            ret,
            "Only one of 'dataset' and 'dataset_pillar' is permitted",
        ));
    }
    let dataset = match dataset_pillar {
        // `pillar.get(dataset_pillar)`: `:`-separated path, "" when it is missing
        Some(key) => Some(
            traverse(&call.ctx.pillar, &key.py_str(), ":")
                .cloned()
                .unwrap_or_else(|| Value::Str("".into())),
        ),
        None => call.arg("dataset").cloned(),
    };
    let Some(dataset) = dataset else {
        return Ok(error(
            ret,
            "Neither 'dataset' nor 'dataset_pillar' was defined",
        ));
    };
    // Salt 3008 removed the python, plist and keyvalue serializers (salt/serializers/
    // has no python.py, plist.py, keyvalue.py): they are "not found" there.
    let removed_in_3008 = matches!(formatter.as_str(), "python" | "plist" | "keyvalue");
    let formatter_known = !(removed_in_3008 && call.salt_compat().is_3008())
        && matches!(
            formatter.as_str(),
            "json"
                | "yaml"
                | "plist"
                | "configparser"
                | "python"
                | "msgpack"
                | "keyvalue"
                | "yamlex"
        );
    if !formatter_known {
        // No such serializer (Salt 3007.8 has no toml library either).
        return Ok(error(
            ret,
            format!(
                "The {formatter} serializer could not be found. It either does not exist \
                 or its prerequisites are not installed."
            ),
        ));
    }
    // file.serialize's own defaults for the yaml and json serializers, updated with
    // `repack_dictlist(serializer_opts)` (and deserializer_opts) when given
    let mut serializer_opts = Map::new();
    match formatter.as_str() {
        "yaml" => {
            serializer_opts.insert("default_flow_style", Value::Bool(false));
            if call.arg("encoding").is_some_and(Value::truthy) {
                serializer_opts.insert("allow_unicode", Value::Bool(true));
            }
        }
        "json" => {
            serializer_opts.insert("indent", Value::Int(2));
            serializer_opts.insert(
                "separators",
                Value::List(vec![Value::str(","), Value::str(": ")].into()),
            );
            serializer_opts.insert("sort_keys", Value::Bool(true));
            if call.arg("encoding").is_some_and(Value::truthy) {
                serializer_opts.insert("ensure_ascii", Value::Bool(false));
            }
        }
        _ => {}
    }
    if let Some(v) = call.arg("serializer_opts").filter(|v| v.truthy()) {
        for (k, v) in repack_dictlist(v).iter() {
            serializer_opts.insert(k.clone(), v.clone());
        }
    }
    let deserializer_opts = match call.arg("deserializer_opts").filter(|v| v.truthy()) {
        Some(v) => repack_dictlist(v),
        None => Map::new(),
    };
    // merge_if_exists: the existing file's data, deserialized, updated with the dataset
    let mut dataset = dataset;
    let mut merged_from: Option<(Value, Value)> = None;
    if call.flag("merge_if_exists", false) && std::path::Path::new(&name).is_file() {
        let existing = match deserialize_existing(&formatter, &name, &deserializer_opts) {
            Ok(v) => v,
            Err(Existing::NoDeserializer) => {
                return Ok(error(
                    ret,
                    format!("merge_if_exists is not supported for the {formatter} serializer"),
                ))
            }
            Err(Existing::Unsupported(e)) => {
                return Ok(error(
                    ret,
                    format!("halite: the {formatter} deserializer option {e} is not implemented"),
                ))
            }
            Err(Existing::Failed(e)) => {
                return Ok(error(
                    ret,
                    format!("Failed to deserialize existing data: {e}"),
                ))
            }
        };
        if !existing.is_null() {
            // salt.utils.dictupdate.merge_recurse(existing_data, dataset)
            let merged = match (&existing, &dataset) {
                (Value::Map(a), Value::Map(b)) => {
                    let mut m = a.clone();
                    halite_value::merge_recurse(&mut m, b, false);
                    Value::Map(m)
                }
                _ => {
                    return Err(StateError::Other(
                        "TypeError: Cannot update using non-dict types in dictupdate.update()"
                            .into(),
                    ))
                }
            };
            if merged == existing {
                let mut ret = ret;
                ret.insert("result", Value::Bool(true));
                ret.insert(
                    "comment",
                    Value::Str(format!("The file {name} is in the correct state").into()),
                );
                return Ok(ret);
            }
            dataset = merged.clone();
            merged_from = Some((existing, merged));
        }
    }
    let mut ret = serialize_data(call, &name, ret, &formatter, dataset, &serializer_opts)?;
    if let Some((Value::Map(existing), Value::Map(merged))) = &merged_from {
        // recursive_diff(existing_data, merged_data).diffs replaces the text diff
        super::changes_mut(&mut ret).insert("diff", Value::Map(recursive_diff(merged, existing)));
    }
    Ok(ret)
}

/// `salt.utils.data.repack_dictlist`: a list of one-key dicts (and bare strings or
/// numbers, which become keys with None) as one dict; anything else (a dict, a dict with
/// two keys in the list) is "Invalid input" and gives an empty dict.
fn repack_dictlist(v: &Value) -> Map {
    let parsed;
    let v = match v {
        Value::Str(s) => match halite_yaml::load(s, halite_yaml::Schema::Salt) {
            Ok(p) => {
                parsed = p;
                &parsed
            }
            Err(_) => return Map::new(),
        },
        other => other,
    };
    let Value::List(l) = v else {
        return Map::new();
    };
    let mut out = Map::new();
    for item in l.iter() {
        match item {
            Value::Str(_) | Value::Int(_) | Value::Float(_) | Value::Bool(_) => {
                out.insert(item.clone(), Value::Null);
            }
            Value::Map(m) if m.len() == 1 => {
                for (k, v) in m.iter() {
                    out.insert(k.clone(), v.clone());
                }
            }
            _ => return Map::new(),
        }
    }
    out
}

/// Why `merge_if_exists` has no existing data.
enum Existing {
    /// The serializer has no `deserialize` (python, keyvalue).
    NoDeserializer,
    /// A deserializer option halite does not implement.
    Unsupported(String),
    /// The deserializer raised: its message.
    Failed(String),
}

/// `__serializers__[deserializer_name](fhr, **deserializer_options)` of the existing file.
fn deserialize_existing(formatter: &str, name: &str, opts: &Map) -> Result<Value, Existing> {
    let rejected = |e: OptError| match e {
        OptError::Rejected(m) => Existing::Failed(m),
        OptError::Unsupported(m) => Existing::Unsupported(m),
    };
    match formatter {
        "python" | "keyvalue" => return Err(Existing::NoDeserializer),
        // merge_if_exists reads the file in text mode, which msgpack refuses.
        "msgpack" => {
            return Err(Existing::Failed(
                "a bytes-like object is required, not '_io.TextIOWrapper'".into(),
            ))
        }
        _ => {}
    }
    deserializer_check(formatter, opts).map_err(rejected)?;
    let bytes = std::fs::read(name).unwrap_or_default();
    let text = String::from_utf8_lossy(&bytes);
    match formatter {
        "json" => Value::from_json_str(&text).map_err(|e| {
            // json.loads' text for the common case, else serde's
            let msg = e.to_string();
            if msg.starts_with("expected value") {
                let offset: usize = text
                    .split_inclusive('\n')
                    .take(e.line().saturating_sub(1))
                    .map(|l| l.chars().count())
                    .sum::<usize>()
                    + e.column().saturating_sub(1);
                format!(
                    "Expecting value: line {} column {} (char {offset})",
                    e.line(),
                    e.column()
                )
            } else {
                msg
            }
        }),
        "yaml" => halite_yaml::load(&text, halite_yaml::Schema::Salt).map_err(|e| e.to_string()),
        // the yamlex loader: a repeated key merges (`!aggregate`, `!reset`)
        "yamlex" => halite_yaml::load_yamlex(&text).map_err(|e| {
            if e.problem.starts_with(halite_yaml::YAMLEX_INVALID_INT) {
                e.problem
            } else {
                e.to_string()
            }
        }),
        "configparser" => {
            let o = super::serializers::configparser_opts(opts).map_err(rejected)?;
            super::serializers::configparser_load(&text, name, &o)
        }
        // plistlib.load reads either format
        _ if bytes.starts_with(b"bplist00") => super::serializers::plist_binary_load(&bytes),
        _ => super::serializers::plist_load(&text),
    }
    .map_err(Existing::Failed)
}

/// Whether the json/yaml deserializers accept `deserializer_opts` (`json.load(fp, **o)`,
/// `yaml.load(stream, **o)`).
fn deserializer_check(formatter: &str, opts: &Map) -> Result<(), OptError> {
    for (k, _) in opts.iter() {
        let key = k.py_str();
        match formatter {
            "json" => match key.as_str() {
                "strict" => {}
                "cls" | "object_hook" | "parse_float" | "parse_int" | "parse_constant"
                | "object_pairs_hook" => return Err(OptError::Unsupported(key)),
                _ => {
                    return Err(OptError::Rejected(format!(
                        "JSONDecoder.__init__() got an unexpected keyword argument '{key}'"
                    )))
                }
            },
            "yaml" | "yamlex" => {
                return Err(if key == "Loader" {
                    OptError::Unsupported(key)
                } else {
                    OptError::Rejected(format!("load() got an unexpected keyword argument '{key}'"))
                })
            }
            "plist" => return Err(OptError::Unsupported(key)),
            _ => {}
        }
    }
    Ok(())
}

/// `RecursiveDictDiffer._get_diffs(current, past, ignore_missing_keys=True)`: for each key of
/// `current` that `past` lacks or holds differently, `{"new": ..., "old": ...}` (`"<_null_>"`
/// for a missing old value), nested for dicts on both sides.
fn recursive_diff(current: &Map, past: &Map) -> Map {
    let mut out = Map::new();
    for (k, v) in current.iter() {
        match past.get_value(k) {
            None => {
                let mut d = Map::new();
                d.insert("new", v.clone());
                d.insert("old", Value::str("<_null_>"));
                out.insert(k.clone(), Value::Map(d));
            }
            Some(old) if old != v => {
                if let (Value::Map(a), Value::Map(b)) = (v, old) {
                    let sub = recursive_diff(a, b);
                    if !sub.is_empty() {
                        out.insert(k.clone(), Value::Map(sub));
                    }
                } else {
                    let mut d = Map::new();
                    d.insert("new", v.clone());
                    d.insert("old", old.clone());
                    out.insert(k.clone(), Value::Map(d));
                }
            }
            Some(_) => {}
        }
    }
    out
}

/// The serialized dataset managed as the file's contents.
fn serialize_data(
    call: &StateCall,
    name: &str,
    ret: Map,
    formatter: &str,
    dataset: Value,
    serializer_opts: &Map,
) -> Result<Map, StateError> {
    let name = name.to_string();
    // An option Salt's serializer rejects raises SerializationError; one halite does not
    // implement fails the state.
    let opt_error = |ret: Map, e: OptError| match e {
        OptError::Rejected(m) => Err(StateError::Other(format!(
            "salt.serializers.SerializationError: {m}"
        ))),
        OptError::Unsupported(m) => Ok(error(
            ret,
            format!("halite: the {formatter} serializer option {m} is not implemented"),
        )),
    };
    let failed = |e: String| {
        Err(StateError::Other(format!(
            "salt.serializers.SerializationError: {e}"
        )))
    };
    let text = match formatter {
        "json" => match super::serializers::json_opts(serializer_opts) {
            Ok(o) => format!("{}\n", super::serializers::json(&dataset, &o)),
            Err(e) => return opt_error(ret, e),
        },
        // file.serialize passes `default_flow_style: False` to the yaml serializer (unless
        // serializer_opts says otherwise), then appends a newline.
        "yaml" | "yamlex" => {
            match super::serializers::yaml(&dataset, serializer_opts, formatter == "yamlex") {
                Ok(t) => format!("{t}\n"),
                Err(e) => return opt_error(ret, e),
            }
        }
        // Salt appends a newline to text, not to plistlib's bytes.
        "plist" => {
            let mut sort = true;
            let mut binary = false;
            for (k, v) in serializer_opts.iter() {
                match k.py_str().as_str() {
                    // anything but FMT_BINARY: plistlib's default XML
                    "fmt" => binary = v.py_str() == "FMT_BINARY",
                    "sort_keys" => sort = v.truthy(),
                    "skipkeys" if !v.truthy() => {}
                    "skipkeys" => {
                        return opt_error(ret, OptError::Unsupported("plist skipkeys".into()))
                    }
                    key => {
                        return opt_error(
                            ret,
                            OptError::Rejected(format!(
                                "dumps() got an unexpected keyword argument '{key}'"
                            )),
                        )
                    }
                }
            }
            if binary {
                // bytes: no newline added
                return match super::serializers::plist_binary(&dataset, sort) {
                    Ok(bytes) => serialize_contents(call, &name, ret, bytes),
                    Err(e) => failed(e),
                };
            }
            match super::serializers::plist(&dataset, sort) {
                Ok(t) => t,
                Err(e) => return failed(e),
            }
        }
        "configparser" => match super::serializers::configparser_opts(serializer_opts) {
            Ok(o) => match super::serializers::configparser(&dataset, &o) {
                Ok(t) => format!("{t}\n"),
                Err(e) => return failed(e),
            },
            Err(e) => return opt_error(ret, e),
        },
        "keyvalue" => match super::serializers::keyvalue(&dataset, serializer_opts) {
            Ok(t) => format!("{t}\n"),
            Err(e) => return failed(e),
        },
        "python" => format!("{}\n", super::serializers::python(&dataset)),
        // Bytes: Salt adds no newline to them.
        "msgpack" => {
            // msgpack.packb(dataset, **options): the Packer's options that change nothing
            // for SLS data are accepted
            for (k, v) in serializer_opts.iter() {
                match k.py_str().as_str() {
                    "use_bin_type" | "strict_types" | "datetime" | "autoreset"
                    | "unicode_errors" | "buf_size" => {}
                    "use_single_float" | "default" if !v.truthy() => {}
                    key @ ("use_single_float" | "default") => {
                        return opt_error(ret, OptError::Unsupported(format!("msgpack {key}")))
                    }
                    key => {
                        return opt_error(
                            ret,
                            OptError::Rejected(format!(
                                "__init__() got an unexpected keyword argument '{key}'"
                            )),
                        )
                    }
                }
            }
            let bytes = super::serializers::msgpack(&dataset);
            return serialize_contents(call, &name, ret, bytes);
        }
        _ => unreachable!("the formatter was checked"),
    };
    serialize_contents(call, &name, ret, text.into_bytes())
}

/// The end of `file.serialize`: the serialized contents managed as `contents`.
fn serialize_contents(
    call: &StateCall,
    name: &str,
    ret: Map,
    contents: Vec<u8>,
) -> Result<Map, StateError> {
    let mode = normalize_mode(call.arg("mode"));
    if let Some(err) = not_absolute(name) {
        return Ok(error(ret, err));
    }
    let mut ret = ret;
    if call.arg("deserializer_opts").is_some_and(Value::truthy)
        && !call.flag("merge_if_exists", false)
    {
        ret.insert(
            "warnings",
            Value::List(
                vec![Value::str(
                    "The 'deserializer_opts' option is ignored unless merge_if_exists is set to \
                     True.",
                )]
                .into(),
            ),
        );
    }
    manage(
        call,
        name,
        ret,
        Some(contents),
        None,
        mode,
        false,
        true,
        true,
    )
}
