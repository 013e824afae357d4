//! `file.patch` (salt/states/file.py `patch`, the same in 3007.8 and 3008.4): the patch is
//! fetched with `file.managed` into a temp file, applied once with `-N -r REJECTS -o OUTPUT`
//! (nothing changes: the patched text goes to OUTPUT) to see whether it applies; when it does
//! not, the rejected hunks are reverse-applied with `--dry-run` to tell "already applied" from
//! "would not apply"; then the patch is applied for real. Every run goes through the
//! `file.patch` execution function (the system `patch`).

use super::{error, expanduser, mkstemp, saltenv_of};
use crate::{StateCall, StateError};
use halite_exec::Args;
use halite_value::{Map, Value};

fn ret_ncrc(name: &str) -> Map {
    let mut m = Map::new();
    m.insert("name", Value::str(name));
    m.insert("changes", Value::Map(Map::new()));
    m.insert("result", Value::Bool(false));
    m.insert("comment", Value::str(""));
    m
}

fn warn(ret: &mut Map, text: &str) {
    match ret.get_mut("warnings") {
        Some(Value::List(l)) => l.push(Value::str(text)),
        _ => {
            ret.insert("warnings", Value::from(vec![Value::str(text)]));
        }
    }
}

/// Python's `int(text)` for a strip count.
fn py_int(text: &str) -> Option<i64> {
    super::py_int_parses(text)
        .then(|| text.trim().replace('_', "").parse::<i64>().ok())
        .flatten()
}

/// The options the state passes on, and the strip count they name (`-pN`, `--strip=N`,
/// `--strip N`); Err is the state's comment.
fn sanitize_options(
    options: Option<&Value>,
    mut strip: Option<String>,
) -> Result<(Vec<String>, Option<String>), String> {
    let words: Vec<String> = match options {
        None => Vec::new(),
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(other) => crate::cmd::shlex_split(&other.py_str()),
    };
    let strip_error =
        "Invalid format for '-strip' CLI option. Consider using the 'strip' option for this state.";
    let mut sanitized = Vec::new();
    let mut blacklisted = Vec::new();
    let mut index = 0;
    while index < words.len() {
        let option = &words[index];
        if ["-N", "--forward", "-r", "--reject-file", "-o", "--output"]
            .iter()
            .any(|item| option.starts_with(item))
        {
            blacklisted.push(option.clone());
        }
        if let Some(n) = option.strip_prefix("-p") {
            strip = Some(py_int(n).ok_or("Invalid format for '-p' CLI option. Consider using the 'strip' option for this state.")?.to_string());
        } else if option.starts_with("--strip") {
            if option.contains('=') {
                let n = option.rsplit('=').next().unwrap_or_default();
                strip = Some(py_int(n).ok_or(strip_error)?.to_string());
            } else {
                let next = words.get(index + 1).and_then(|n| py_int(n));
                strip = Some(next.ok_or(strip_error)?.to_string());
                index += 1;
            }
        } else {
            sanitized.push(option.clone());
        }
        index += 1;
    }
    if !blacklisted.is_empty() {
        return Err(format!(
            "The following CLI options are not allowed: {}",
            blacklisted.join(", ")
        ));
    }
    Ok((sanitized, strip))
}

/// `file.source_list(source, source_hash, __env__)[0]`: a list gives its first source that
/// exists (Err: the CommandExecutionError's text); anything else is taken as it is.
fn source_match(call: &StateCall, source: Option<&Value>) -> Result<Value, String> {
    let Some(Value::List(items)) = source else {
        return Ok(source.cloned().unwrap_or(Value::Null));
    };
    let saltenv = saltenv_of(call);
    for item in items {
        let url = match item {
            Value::Map(m) => m.keys().next().map(Value::py_str).unwrap_or_default(),
            other => other.py_str(),
        };
        let found = if url.starts_with("salt://") {
            call.ctx.file_roots.find(&saltenv, &url).is_some()
                || call.ctx.file_roots.find_dir(&saltenv, &url).is_some()
        } else if let Some(p) = url.strip_prefix("file://") {
            std::path::Path::new(p).exists()
        } else {
            url.starts_with('/') && std::path::Path::new(&url).exists()
        };
        if found {
            return Ok(Value::Str(url.into()));
        }
    }
    Err("none of the specified sources were found".into())
}

/// The temp files a run makes, removed when it ends however it ends.
struct Cleanup(Vec<String>);

impl Drop for Cleanup {
    fn drop(&mut self) {
        for path in &self.0 {
            let _ = std::fs::remove_file(path);
        }
    }
}

pub fn patch(call: &StateCall) -> Result<Map, StateError> {
    let name_v = call.name();
    let mut ret = ret_ncrc(&name_v.py_str());
    if halite_exec::which_path("patch").is_none() {
        return Ok(error(ret, "patch executable not found on minion"));
    }
    if !name_v.truthy() {
        return Ok(error(ret, "A file/directory to be patched is required"));
    }
    let Value::Str(raw) = &name_v else {
        return Ok(error(ret, format!("Invalid path '{}'", name_v.py_str())));
    };
    let name = expanduser(raw);
    if !name.starts_with('/') {
        return Ok(error(ret, format!("{name} is not an absolute path")));
    }
    let path = std::path::Path::new(&name);
    if !path.exists() {
        return Ok(error(ret, format!("{name} does not exist")));
    }
    let is_dir = path.is_dir();
    for deprecated in ["hash", "dry_run_first"] {
        if call.low.contains_key(deprecated) {
            warn(
                &mut ret,
                &format!("The '{deprecated}' argument is no longer used and has been ignored."),
            );
        }
    }
    let reject_file = call.arg_str("reject_file");
    if let Some(rf) = &reject_file {
        let parent = super::dirname(rf);
        if !parent.starts_with('/') {
            return Ok(error(ret, format!("'{rf}' is not an absolute path")));
        }
        if !std::path::Path::new(&parent).is_dir() {
            return Ok(error(
                ret,
                format!("Parent directory for reject_file '{rf}' either does not exist, or is not a directory"),
            ));
        }
    }
    let strip = call.arg("strip").map(Value::py_str);
    let (sanitized, strip) = match sanitize_options(call.low.get("options"), strip) {
        Ok(v) => v,
        Err(comment) => return Ok(error(ret, comment)),
    };
    let source = match source_match(call, call.arg("source")) {
        Ok(s) => s,
        Err(comment) => return Ok(error(ret, comment)),
    };
    // The state's `saltenv` is not added to the source URL here: Salt's check reads the
    // path salt.utils.url.parse returns, which never starts with salt://; the saltenv
    // reaches the file server as the state's __env__ (saltenv_of).

    let mut cleanup = Cleanup(Vec::new());
    let tmp = |cleanup: &mut Cleanup| -> Result<String, StateError> {
        let p = mkstemp(None, "").map_err(|e| StateError::Other(e.to_string()))?;
        cleanup.0.push(p.clone());
        Ok(p)
    };
    let patch_file = tmp(&mut cleanup)?;
    let mut low = Map::new();
    low.insert("name", Value::str(patch_file.clone()));
    for key in [
        "source",
        "source_hash",
        "source_hash_name",
        "skip_verify",
        "template",
        "context",
        "defaults",
    ] {
        let v = if key == "source" {
            source.clone()
        } else {
            call.low.get(key).cloned().unwrap_or(Value::Null)
        };
        low.insert(key, v);
    }
    low.insert("__env__", Value::str(saltenv_of(call)));
    for key in ["__id__", "__sls__"] {
        if let Some(v) = call.low.get(key) {
            low.insert(key, v.clone());
        }
    }
    // managed runs with test=False, also in test mode
    let sub = StateCall {
        low: &low,
        test: false,
        ..*call
    };
    let fetched = match super::managed::managed(&sub) {
        Ok(r) => r,
        Err(e) => {
            return Ok(error(
                ret,
                format!("Failed to cache patch file {}: {e}", source.py_str()),
            ))
        }
    };
    if !call.test && !fetched.get("result").is_some_and(Value::truthy) {
        return Ok(fetched);
    }

    let run_patch = |patch_file: &str, extra: &[String], dry_run: bool| {
        let mut opts: Vec<Value> = sanitized.iter().map(|o| Value::str(o.clone())).collect();
        opts.extend(extra.iter().map(|o| Value::str(o.clone())));
        let mut kwargs = Map::new();
        kwargs.insert("options", Value::from(opts));
        kwargs.insert("dry_run", Value::Bool(dry_run));
        let args = vec![Value::str(name.clone()), Value::str(patch_file)];
        match call
            .exec
            .call(call.ctx, "file.patch", &Args::new(args, kwargs))
        {
            Ok(Value::Map(m)) => Ok(m),
            Ok(_) => Ok(Map::new()),
            Err(e) => Err(StateError::Command(e.to_string())),
        }
    };
    let patch_rejects = match &reject_file {
        Some(rf) => rf.clone(),
        None => tmp(&mut cleanup)?,
    };
    let patch_output = tmp(&mut cleanup)?;
    // Patch's output goes to a temp file (-o) rather than /dev/null, as Salt does it.
    let strip_opt: Vec<String> = match (&strip, is_dir) {
        (Some(n), true) => vec![format!("-p{n}")],
        _ => Vec::new(),
    };
    let mut check_opts: Vec<String> = ["-N", "-r", &patch_rejects, "-o", &patch_output]
        .iter()
        .map(|s| s.to_string())
        .collect();
    check_opts.extend(strip_opt.iter().cloned());
    let pre_check = run_patch(&patch_file, &check_opts, false)?;
    let retcode = |m: &Map| m.get("retcode").and_then(Value::as_i64).unwrap_or(-1);
    let stderr = |m: &Map| m.get("stderr").cloned().unwrap_or(Value::str(""));
    if retcode(&pre_check) != 0 {
        let rejects_empty = std::fs::metadata(&patch_rejects)
            .map(|m| m.len() == 0)
            .unwrap_or(true);
        if rejects_empty {
            ret.insert("comment", stderr(&pre_check));
            ret.insert("result", Value::Bool(false));
            return Ok(ret);
        }
        // The rejects are written from the top of the directory: no strip for them.
        let reverse = run_patch(&patch_rejects, &["-R".into(), "-f".into()], true)?;
        let already_applied = retcode(&reverse) == 0;
        if retcode(&pre_check) == 2 && stderr(&pre_check).truthy() {
            ret.insert("comment", stderr(&pre_check));
            ret.insert("result", Value::Bool(false));
            return Ok(ret);
        }
        if already_applied {
            ret.insert("comment", Value::str("Patch was already applied"));
            ret.insert("result", Value::Bool(true));
            return Ok(ret);
        }
        let mut comment = String::from(
            "Patch would not apply cleanly, no changes made. Results of dry-run are below.",
        );
        if reject_file.is_none() {
            comment.push_str(
                " Run state again using the reject_file option to save rejects to a persistent file.",
            );
        }
        let output = call.ctx.opts.get("output").map(Value::py_str);
        comment.push_str("\n\n");
        comment.push_str(&halite_output::out_format(
            &Value::Map(pre_check),
            "nested",
            output.as_deref(),
            14,
        ));
        ret.insert("comment", Value::Str(comment.into()));
        return Ok(ret);
    }
    if call.test {
        ret.insert("result", Value::Null);
        ret.insert("comment", Value::str("The patch would be applied"));
        ret.insert("changes", Value::Map(pre_check));
        return Ok(ret);
    }
    // the patch applies cleanly
    let applied = run_patch(&patch_file, &strip_opt, false)?;
    let ok = retcode(&applied) == 0;
    ret.insert("changes", Value::Map(applied));
    if ok {
        ret.insert("comment", Value::str("Patch successfully applied"));
        ret.insert("result", Value::Bool(true));
    } else {
        ret.insert("comment", Value::str("Failed to apply patch"));
    }
    Ok(ret)
}
