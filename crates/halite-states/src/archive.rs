//! Salt's `archive` state module (salt/states/archive.py): `archive.extracted` for tar
//! (plain, gzip, bzip2, xz) and zip archives from `salt://`, a local path or `file://`.
//!
//! As in Salt 3007.8: without `options` a tar archive is read and extracted in-process (Salt
//! uses Python's tarfile; halite the `tar` crate, gzip with `flate2`, bzip2 and xz through
//! the system `bzip2`/`xz`), with `options` the system `tar` runs (`tar xv<opts> -f FILE` in
//! the target directory). A zip archive is listed with `zipinfo` and extracted with
//! `unzip` (Salt: Python's zipfile, or `unzip` with `options`).
//!
//! Unlike Salt, an archive with a member that would land outside the target directory (an
//! absolute name, a `..` component, a member under a symlink the archive makes, a symlink
//! pointing outside) is refused before anything is written (docs/compat.md).

use crate::file::{group_gid, user_uid};
use crate::{StateCall, StateError, StateRegistry};
use halite_exec::archive::{guess_archive_type, list_contents, open_tar, Contents};
use halite_exec::Args;
use halite_value::{Map, Value};
use std::os::unix::fs::MetadataExt;
use std::path::Path;

pub(crate) fn register(r: &mut StateRegistry) {
    r.register("archive.extracted", extracted, &["name", "source"]);
}

fn fail(mut ret: Map, comment: impl Into<String>) -> Result<Map, StateError> {
    ret.insert("comment", Value::str(comment.into()));
    Ok(ret)
}

fn warn(ret: &mut Map, text: &str) {
    let w = ret.entry_or("warnings", Value::List(Default::default()));
    if let Value::List(l) = w {
        l.push(Value::str(text));
    }
}

/// `archive.extracted`.
pub fn extracted(call: &StateCall) -> Result<Map, StateError> {
    let name_v = call.name();
    let mut ret = Map::new();
    ret.insert("name", name_v.clone());
    ret.insert("result", Value::Bool(false));
    ret.insert("changes", Value::Map(Map::new()));
    ret.insert("comment", Value::str(""));

    let flag = |k: &str| call.flag(k, false);
    if flag("skip_files_list_verify") && flag("skip_verify") {
        return fail(
            ret,
            "Only one of \"skip_files_list_verify\" and \"skip_verify\" can be set to True",
        );
    }
    if call.low.contains_key("keep_source") && call.low.contains_key("keep") {
        warn(
            &mut ret,
            "Both 'keep_source' and 'keep' were used. Since these both do the same thing, \
             'keep' was ignored.",
        );
    }

    // name: absolute, not a file; kept with one trailing slash.
    let name = match &name_v {
        Value::Null => return fail(ret, "Name of the directory path needs to be specified"),
        Value::Str(s) if s.is_empty() => {
            return fail(ret, "Name of the directory path needs to be specified")
        }
        Value::Str(s) if s.starts_with('/') => s.to_string(),
        other => return fail(ret, format!("{} is not an absolute path", other.py_str())),
    };
    let name = name.trim_end_matches('/');
    if Path::new(name).is_file() {
        return fail(ret, format!("{name} exists and is not a directory"));
    }
    let name = format!("{name}/");

    let if_missing = call.arg("if_missing").map(Value::py_str);
    if if_missing.as_deref().is_some_and(|p| !p.starts_with('/')) {
        return fail(ret, "Value for 'if_missing' is not an absolute path");
    }
    let enforce_on = call.arg("enforce_ownership_on").map(Value::py_str);
    if let Some(e) = &enforce_on {
        if !e.starts_with('/') {
            return fail(
                ret,
                "Value for 'enforce_ownership_on' is not an absolute path",
            );
        }
        if !within(e, &name) {
            return fail(
                ret,
                format!("Value for 'enforce_ownership_on' must be within {name}"),
            );
        }
    }
    if let Some(p) = &if_missing {
        if Path::new(p).exists() {
            ret.insert("result", Value::Bool(true));
            return fail(ret, format!("Path {p} exists"));
        }
    }
    let user = call.arg("user").filter(|v| v.truthy()).map(Value::py_str);
    let group = call.arg("group").filter(|v| v.truthy()).map(Value::py_str);
    let uid = match &user {
        Some(u) => match user_uid(u).or_else(|| u.parse().ok()) {
            Some(uid) => Some(uid),
            None => return fail(ret, format!("User {u} does not exist")),
        },
        None => None,
    };
    let gid = match &group {
        Some(g) => match group_gid(g).or_else(|| g.parse().ok()) {
            Some(gid) => Some(gid),
            None => return fail(ret, format!("Group {g} does not exist")),
        },
        None => None,
    };
    let source_hash = call
        .arg("source_hash")
        .filter(|v| v.truthy())
        .map(Value::py_str);
    if flag("source_hash_update") && source_hash.is_none() {
        warn(
            &mut ret,
            "The 'source_hash_update' argument is ignored when 'source_hash' is not also \
             specified.",
        );
    }
    if call.arg("signature").is_some() || call.arg("source_hash_sig").is_some() {
        return fail(
            ret,
            "Cannot verify signatures because the gpg module was not loaded",
        );
    }

    // file.source_list: a list takes the first source that exists.
    let saltenv = crate::file::saltenv_of(call);
    let source_match = match call.arg("source") {
        Some(Value::List(l)) => {
            let found = l.iter().map(Value::py_str).find(|u| {
                if u.starts_with("salt://") {
                    call.ctx.file_roots.find(&saltenv, u).is_some()
                } else {
                    let p = u.strip_prefix("file://").unwrap_or(u);
                    p.starts_with('/') && Path::new(p).exists()
                }
            });
            match found {
                Some(u) => u,
                None => return fail(ret, "none of the specified sources were found"),
            }
        }
        Some(v) if v.truthy() => v.py_str(),
        _ => return fail(ret, "Invalid source \"None\""),
    };
    let scheme = crate::file::url_scheme(&source_match);
    let source_is_local = scheme.is_empty() || scheme == "file";
    let url_path = source_match
        .split_once("://")
        .map(|(_, rest)| rest.to_string())
        .unwrap_or_else(|| source_match.clone());
    let url_path = url_path.trim_end_matches('/').to_string();
    let source_match = if source_is_local {
        let p = crate::file::expanduser(&url_path);
        let real = std::fs::canonicalize(&p)
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or(p);
        if !Path::new(&real).is_file() {
            return fail(ret, format!("Source file '{real}' does not exist"));
        }
        real
    } else if scheme != "salt" && !halite_exec::http::FETCHED.contains(&scheme.as_str()) {
        return fail(
            ret,
            format!("halite: the source {source_match} is not supported (salt://, http(s)://, ftp://, file:// or a local path)"),
        );
    } else {
        source_match
    };

    let archive_format = match call.arg("archive_format").filter(|v| v.truthy()) {
        Some(v) => v.py_str().to_lowercase(),
        None => match guess_archive_type(&url_path) {
            Some(f) => f.to_string(),
            None => {
                return fail(
                    ret,
                    "Could not guess archive_format from the value of the 'source' argument. \
                     Please set this archive_format to one of the following: tar, rar, zip",
                )
            }
        },
    };
    if !["tar", "rar", "zip"].contains(&archive_format.as_str()) {
        return fail(
            ret,
            format!(
                "Invalid archive_format '{archive_format}'. Either set it to a supported value \
                 (tar, rar, zip) or remove this argument and the archive format will be \
                 guessed based on file extension."
            ),
        );
    }
    let options = call.arg("options").map(Value::py_str);
    let options = options.filter(|o| !o.is_empty());
    let strip_components = match (&options, archive_format.as_str()) {
        (Some(o), "tar") => strip_components_of(o),
        _ => None,
    };
    if archive_format == "zip" {
        if options.is_some()
            && call
                .low
                .get("use_cmd_unzip")
                .is_some_and(|v| !v.is_null() && !v.truthy())
        {
            return fail(
                ret,
                "'use_cmd_unzip' cannot be set to False if CLI options are being specified \
                 (via the 'options' argument). Either remove 'use_cmd_unzip', or set it to True.",
            );
        }
        if call.arg("password").is_some() {
            return fail(
                ret,
                "halite: password-protected zip archives are not supported",
            );
        }
    } else if call.arg("password").is_some() {
        return fail(
            ret,
            "The 'password' argument is only supported for zip archives",
        );
    }
    if archive_format == "rar" {
        return fail(ret, "halite: rar archives are not supported");
    }

    // trim_output: True is 100; the comment prints the value as Python does.
    let trim_v = call
        .low
        .get("trim_output")
        .cloned()
        .unwrap_or(Value::Bool(false));
    let trim: Option<usize> = match &trim_v {
        Value::Bool(true) => Some(100),
        Value::Bool(false) | Value::Null => None,
        Value::Int(n) => usize::try_from(*n).ok().filter(|n| *n > 0),
        other => match other.py_str().trim().parse::<i64>() {
            Ok(n) => usize::try_from(n).ok().filter(|n| *n > 0),
            Err(_) => {
                return fail(
                    ret,
                    "Invalid value for trim_output, must be True/False or an integer",
                )
            }
        },
    };
    // Python truthiness of `trim_output` once Salt has made it an integer.
    let trim_set = match &trim_v {
        Value::Bool(b) => *b,
        Value::Null => false,
        Value::Int(n) => *n != 0,
        other => other.py_str().trim().parse::<i64>().is_ok_and(|n| n != 0),
    };
    let trim_shown = match &trim_v {
        Value::Bool(true) => "100".to_string(),
        Value::Null => "False".to_string(),
        other => other.py_str(),
    };

    let source_sum = match &source_hash {
        Some(h) => match crate::file::source_sum_full(call, &source_match, &source_match, h) {
            Ok(s) => Some(s),
            Err(crate::file::SumError::Comment(e)) => return fail(ret, e),
            // get_source_sum does not catch the file client's MinionError
            Err(crate::file::SumError::Fetch(e)) => {
                return Err(StateError::Other(format!(
                    "salt.exceptions.MinionError: {e}"
                )))
            }
        },
        None => None,
    };
    let remote = halite_exec::http::FETCHED.contains(&scheme.as_str());

    let cached = if source_is_local {
        source_match.clone()
    } else {
        if call.test {
            ret.insert("result", Value::Null);
            return fail(
                ret,
                format!(
                    "Archive {source_match} would be cached (if necessary) and checked to \
                     discover if extraction is needed"
                ),
            );
        }
        if remote {
            match file_cached(
                call,
                &source_match,
                source_hash.is_some(),
                source_sum.as_ref(),
            ) {
                Ok(p) => p,
                Err(r) => return Ok(r),
            }
        } else {
            match call.ctx.file_roots.find(&saltenv, &source_match) {
                Some(p) => p.to_string_lossy().into_owned(),
                None => {
                    // file.cached's own return.
                    let mut m = Map::new();
                    m.insert("changes", Value::Map(Map::new()));
                    m.insert(
                        "comment",
                        Value::str(format!(
                            "Failed to cache {source_match}, check minion log for more information"
                        )),
                    );
                    m.insert("name", Value::str(source_match.as_str()));
                    m.insert("result", Value::Bool(false));
                    return Ok(m);
                }
            }
        }
    };

    let contents = match list_contents(
        &cached,
        &archive_format,
        strip_components,
        call.salt_compat().is_3008(),
    ) {
        Ok(c) => c,
        Err(msg) => {
            let mut errors = Vec::new();
            if if_missing.is_none() {
                errors.push("'if_missing' must be set".to_string());
            }
            if enforce_on.is_none() && (user.is_some() || group.is_some()) {
                errors.push(
                    "Ownership cannot be managed without setting 'enforce_ownership_on'."
                        .to_string(),
                );
            }
            let mut msg =
                format!("{msg} Additional info follows:\n\narchive location:\n    {cached}");
            if !errors.is_empty() {
                msg.push_str("\n\n");
                if archive_format == "tar" {
                    msg.push_str(
                        "If the source archive is a tar archive compressed using a compression \
                         type not natively supported by the tar command, then setting the \
                         'list_options' argument may allow the contents to be listed. \
                         Otherwise, if Salt is unable to determine the files/directories in \
                         the archive, the following workaround(s) would need to be used for \
                         this state to proceed",
                    );
                } else {
                    msg.push_str(
                        "The following workarounds must be used for this state to proceed",
                    );
                }
                msg.push_str(&format!(
                    " (assuming the source file is a valid {archive_format} archive):\n"
                ));
                for e in errors {
                    msg.push_str(&format!("\n- {e}"));
                }
            }
            return fail(ret, msg);
        }
    };
    if let Some(bad) = escaping_member(&contents) {
        return fail(
            ret,
            format!(
                "halite: refusing to extract {source_match}: member '{bad}' would be written \
                 outside {name}"
            ),
        );
    }

    if call.flag("enforce_toplevel", true)
        && (contents.top_level_dirs.len() > 1 || !contents.top_level_files.is_empty())
    {
        return fail(
            ret,
            format!(
                "Archive does not have a single top-level directory. To allow this archive to \
                 be extracted, set 'enforce_toplevel' to False. To avoid a '{archive_format}-bomb' \
                 it may also be advisable to set a top-level directory by adding it to the \
                 'name' value (for example, setting 'name' to {name}some_dir instead of {name})."
            ),
        );
    }
    let clean = flag("clean");
    let clean_parent = flag("clean_parent");
    if clean && clean_parent {
        return fail(
            ret,
            "Only one of 'clean' and 'clean_parent' can be set to True",
        );
    }

    let mut extraction_needed = flag("overwrite");
    let mut contents_missing = false;
    let if_missing_exists = if_missing.as_deref().is_some_and(|p| Path::new(p).exists());
    let mut removed: Vec<Value> = Vec::new();
    if !if_missing_exists {
        let mut incorrect = Vec::new();
        for (list, kind) in [
            (&contents.dirs, 'd'),
            (&contents.files, 'f'),
            (&contents.links, 'l'),
        ] {
            for path in list.iter() {
                let full = format!("{name}{path}");
                match std::fs::symlink_metadata(full.trim_end_matches('/')) {
                    Ok(md) => {
                        let ft = md.file_type();
                        let ok = match kind {
                            'd' => ft.is_dir(),
                            'f' => !ft.is_symlink() && !ft.is_dir(),
                            _ => ft.is_symlink(),
                        };
                        if !ok {
                            incorrect.push(path.clone());
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                        extraction_needed = true;
                        contents_missing = true;
                    }
                    Err(e) if e.raw_os_error() == Some(libc::ENOTDIR) => {}
                    Err(e) => return fail(ret, e.to_string()),
                }
            }
        }
        if !incorrect.is_empty() {
            let paths: String = incorrect.iter().map(|x| format!("\n- {x}")).collect();
            let mut comment = format!(
                "The below paths (relative to {name}) exist, but are the incorrect type (file \
                 instead of directory, symlink instead of file, etc.)."
            );
            if call.test && clean {
                ret.insert("result", Value::Null);
                comment.push_str(&format!(
                    " Since the 'clean' option is enabled, the destination paths would be \
                     cleared and the archive would be extracted.\n\n{}",
                    paths.trim_start_matches('\n')
                ));
                return fail(ret, comment);
            }
            if call.test && clean_parent {
                ret.insert("result", Value::Null);
                comment.push_str(
                    " Since the 'clean_parent' option is enabled, the destination parent \
                     directory would be removed first and then re-created and the archive \
                     would be extracted",
                );
                return fail(ret, comment);
            }
            if !clean {
                if !flag("force") {
                    comment.push_str(&format!(
                        " To proceed with extraction, set 'force' to True. Note that this will \
                         remove these paths before extracting.\n{paths}"
                    ));
                    return fail(ret, comment);
                }
                for path in &incorrect {
                    let full = format!("{name}{path}");
                    if let Err(e) = rm_rf(full.trim_end_matches('/')) {
                        return fail(
                            ret,
                            format!(
                                "One or more paths existed by were the incorrect type (i.e. file \
                                 instead of directory or vice-versa), but could not be removed. \
                                 The following errors were observed:\n\n- {e}"
                            ),
                        );
                    }
                    removed.push(Value::str(full));
                    extraction_needed = true;
                }
            }
        }
    }
    let mut changes = Map::new();
    if !removed.is_empty() {
        changes.insert("removed", Value::List(removed.clone().into()));
    }

    let explain = |c: &mut String| {
        if contents_missing {
            c.push_str(", due to absence of one or more files/dirs");
        }
    };
    let mut files: Vec<String> = Vec::new();
    let mut created_destdir = false;
    if extraction_needed {
        if let (true, Some((kind, hsum)), false) =
            (source_is_local, &source_sum, flag("skip_verify"))
        {
            let data = std::fs::read(&source_match).unwrap_or_default();
            if crate::file::hash_hex(kind, &data) != *hsum {
                return fail(
                    ret,
                    format!("{source_match} does not match the desired source_hash {hsum}"),
                );
            }
        }
        if call.test {
            ret.insert("result", Value::Null);
            let mut c = format!("Archive {source_match} would be extracted to {name}");
            if clean {
                c.push_str(", after cleaning destination path(s)");
            }
            explain(&mut c);
            ret.insert("changes", Value::Map(changes));
            return fail(ret, c);
        }
        if clean_parent {
            if let Err(e) = rm_rf(name.trim_end_matches('/')) {
                return fail(
                    ret,
                    format!(
                        "Unable to remove the directory {name}. The following errors were \
                         observed:\n\n- {e}"
                    ),
                );
            }
            changes.insert(
                "removed",
                Value::str(format!(
                    "Directory {name} was removed prior to the extraction"
                )),
            );
        }
        if clean {
            for path in contents
                .top_level_dirs
                .iter()
                .chain(&contents.top_level_files)
            {
                let full = format!("{name}{path}");
                if let Err(e) = rm_rf(full.trim_end_matches('/')) {
                    return fail(
                        ret,
                        format!(
                            "One or more paths could not be cleaned. The following errors were \
                             observed:\n\n- {e}"
                        ),
                    );
                }
                removed.push(Value::str(full));
            }
            changes.insert("removed", Value::List(removed.clone().into()));
        }
        if !Path::new(&name).is_dir() {
            if let Err(e) = std::fs::create_dir_all(&name) {
                return fail(ret, format!("halite: could not create {name}: {e}"));
            }
            if uid.is_some() {
                let _ = std::os::unix::fs::chown(&name, uid, None);
            }
            created_destdir = true;
        }
        let extracted = if archive_format == "zip" {
            extract_zip(call, &cached, &name, options.as_deref(), &contents)
        } else if let Some(opts) = &options {
            match tar_with_options(call, &cached, &name, opts) {
                Ok(lines) => Ok(lines),
                Err(TarFailed(results)) => {
                    ret.insert("result", Value::Bool(false));
                    ret.insert("changes", Value::Map(results));
                    return Ok(ret);
                }
            }
        } else {
            extract_tar(&cached, &name).inspect_err(|_| {
                if created_destdir {
                    let _ = std::fs::remove_dir(&name);
                }
            })
        };
        match extracted {
            Ok(mut names) => {
                match archive_format.as_str() {
                    "zip" => names = trim_files(names, &trim_v, trim),
                    _ => {
                        if let Some(n) = trim {
                            names.truncate(n);
                        }
                    }
                }
                files = names;
            }
            Err(e) => return fail(ret, e),
        }
    }

    // user/group: the top-level paths (or enforce_ownership_on), recursively.
    let mut missing_owned = Vec::new();
    if uid.is_some() || gid.is_some() {
        let targets: Vec<String> = match &enforce_on {
            Some(e) => vec![e.clone()],
            None => contents
                .top_level_dirs
                .iter()
                .chain(&contents.top_level_files)
                .chain(&contents.top_level_links)
                .map(|p| format!("{name}{p}").trim_end_matches('/').to_string())
                .collect(),
        };
        let mut updated = false;
        for t in targets {
            if std::fs::symlink_metadata(&t).is_err() {
                if !call.test {
                    missing_owned.push(t);
                }
                continue;
            }
            chown_tree(Path::new(&t), uid, gid, call.test, &mut updated);
        }
        if updated {
            changes.insert("updated ownership", Value::Bool(true));
        }
    }

    let mut comment;
    if extraction_needed {
        if !files.is_empty() {
            if created_destdir {
                changes.insert(
                    "directories_created",
                    Value::List(vec![Value::str(name.as_str())].into()),
                );
            }
            changes.insert(
                "extracted_files",
                Value::List(
                    files
                        .iter()
                        .map(|f| Value::str(f.as_str()))
                        .collect::<Vec<_>>()
                        .into(),
                ),
            );
            comment = format!("{source_match} extracted to {name}");
            explain(&mut comment);
            // Salt 3008 appends the trim note only when `trim_output` is set
            // (`if trim_output:` around it in states/archive.py); 3007.8 always did,
            // "... trimmed to False number of lines" included.
            if !call.salt_compat().is_3008() || trim_set {
                comment.push_str(&format!(
                    ". Output was trimmed to {trim_shown} number of lines"
                ));
            }
            ret.insert("result", Value::Bool(true));
        } else {
            comment = format!("No files were extracted from {source_match}");
            ret.insert("result", Value::Bool(false));
        }
    } else {
        ret.insert("result", Value::Bool(true));
        comment = if if_missing_exists {
            format!("{} exists", if_missing.clone().unwrap_or_default())
        } else {
            "All files in archive are already present".to_string()
        };
        if call.test && changes.contains_key("updated ownership") {
            ret.insert("result", Value::Null);
            comment.push_str(". Ownership would be updated on one or more files/directories.");
        }
    }
    if !missing_owned.is_empty() {
        if if_missing.is_none() {
            ret.insert("result", Value::Bool(false));
        }
        comment.push_str(
            "\n\nWhile trying to enforce user/group ownership, the following paths were \
             missing:\n",
        );
        for m in &missing_owned {
            comment.push_str(&format!("\n- {m}"));
        }
    }
    ret.insert("changes", Value::Map(changes));
    ret.insert("comment", Value::str(comment));
    // file.not_cached: a remote source's cached copy goes unless keep_source (or keep)
    let keep_source = match (call.low.get("keep_source"), call.low.get("keep")) {
        (Some(v), _) | (None, Some(v)) => v.truthy(),
        (None, None) => true,
    };
    if remote && !keep_source {
        if let Err(e) = std::fs::remove_file(&cached) {
            if e.kind() != std::io::ErrorKind::NotFound {
                warn(&mut ret, &format!("Failed to delete {cached}: {e}"));
            }
        }
    }
    Ok(ret)
}

/// The `file.cached` state as archive.extracted runs it for a remote source: the cached
/// copy's path, or file.cached's failed return (which archive.extracted returns as it is).
fn file_cached(
    call: &StateCall,
    url: &str,
    has_source_hash: bool,
    source_sum: Option<&(String, String)>,
) -> Result<String, Map> {
    let failed = |comment: String| {
        let mut m = Map::new();
        m.insert("changes", Value::Map(Map::new()));
        m.insert("comment", Value::str(comment));
        m.insert("name", Value::str(url));
        m.insert("result", Value::Bool(false));
        m
    };
    let skip_verify = call.flag("skip_verify", false);
    let use_etag = call.flag("use_etag", false);
    if !skip_verify && !has_source_hash && !use_etag {
        return Err(failed(format!(
            "Unable to verify upstream hash of source file {url}, please set source_hash or \
             set skip_verify or use_etag to True"
        )));
    }
    let saltenv = crate::file::saltenv_of(call);
    let how = halite_exec::http::Fetch {
        source_hash: source_sum.map(|s| s.1.as_str()),
        // file.cached calls cp.cache_file without verify_ssl: its default True
        verify_ssl: Some(true),
        ..Default::default()
    };
    // the hash type: source_sum's, else the minion's hash_type
    let kind = match source_sum {
        Some((k, _)) => k.clone(),
        None => call
            .ctx
            .opts
            .get("hash_type")
            .map(Value::py_str)
            .unwrap_or_else(|| "sha256".into()),
    };
    let cachedir = crate::file::cachedir(call);
    let pre_hash = std::fs::read(halite_exec::http::extrn_path(&cachedir, url, &saltenv))
        .ok()
        .map(|d| crate::file::hash_hex(&kind, &d));
    let local =
        halite_exec::http::cache_url(&call.ctx.opts, url, &saltenv, &how).map_err(failed)?;
    let local_s = local.to_string_lossy().into_owned();
    if let (false, Some((_, hsum))) = (skip_verify, source_sum) {
        let post = std::fs::read(&local)
            .map(|d| crate::file::hash_hex(&kind, &d))
            .unwrap_or_default();
        if post != *hsum {
            let mut r = failed(format!(
                "File is cached to {local_s}, but the hash ({post}) does not match the \
                 specified hash ({hsum})"
            ));
            if pre_hash.as_deref() != Some(post.as_str()) {
                let mut h = Map::new();
                h.insert("old", pre_hash.map(Value::from).unwrap_or(Value::Null));
                h.insert("new", Value::str(post));
                let mut changes = Map::new();
                changes.insert("hash", Value::Map(h));
                r.insert("changes", Value::Map(changes));
            }
            return Err(r);
        }
    }
    Ok(local_s)
}

/// `not os.path.relpath(path, start).startswith("../")`.
fn within(path: &str, start: &str) -> bool {
    let p = crate::file::normpath(path);
    let s = crate::file::normpath(start);
    p == s || p.starts_with(&format!("{}/", s.trim_end_matches('/')))
}

/// `--strip(-components)=N` in tar options.
fn strip_components_of(options: &str) -> Option<usize> {
    let re = regex::Regex::new(r#"--strip(?:-components)?(?:\s+|=)["']?(\d+)["']?"#).ok()?;
    re.captures(options)?.get(1)?.as_str().parse().ok()
}

/// The archive's bytes, decompressed: gzip in-process, bzip2/xz through the system tools
/// (Python's tarfile reads all four).
/// A member that would be written outside the target directory, if any.
fn escaping_member(c: &Contents) -> Option<String> {
    let normal = |p: &str| -> Option<Vec<String>> {
        let mut parts: Vec<String> = Vec::new();
        for comp in p.split('/') {
            match comp {
                "" | "." => {}
                ".." => {
                    parts.pop()?;
                }
                other => parts.push(other.to_string()),
            }
        }
        Some(parts)
    };
    let links: Vec<Vec<String>> = c
        .link_targets
        .iter()
        .filter(|(_, t)| !t.starts_with("/hardlink:"))
        .filter_map(|(n, _)| normal(n))
        .collect();
    for name in &c.names {
        if name.starts_with('/') || name.split('/').any(|p| p == "..") {
            return Some(name.clone());
        }
        let parts = normal(name)?;
        // Written through a symlink the archive makes.
        if links
            .iter()
            .any(|l| parts.len() > l.len() && parts[..l.len()] == l[..])
        {
            return Some(name.clone());
        }
    }
    for (name, target) in &c.link_targets {
        let t = target.strip_prefix("/hardlink:");
        let escapes = match t {
            Some(h) => h.starts_with('/') || normal(h).is_none(),
            None => {
                if target.starts_with('/') {
                    true
                } else {
                    let dir = name.rsplit_once('/').map(|(d, _)| d).unwrap_or("");
                    normal(&format!("{dir}/{target}")).is_none()
                }
            }
        };
        if escapes {
            return Some(name.clone());
        }
    }
    None
}

/// `tarfile.open(cached).extractall(name)`; the member names (`getnames()`).
fn extract_tar(cached: &str, name: &str) -> Result<Vec<String>, String> {
    let fail = || {
        "Failed to read from tar archive using Python's native tar file support. If archive is \
         compressed using something other than gzip or bzip2, the 'options' argument may be \
         required to pass the correct options to the tar command in order to extract the \
         archive."
            .to_string()
    };
    let reader = open_tar(cached).map_err(|_| fail())?;
    let mut ar = tar::Archive::new(reader);
    ar.set_preserve_permissions(true);
    ar.set_overwrite(true);
    let mut names = Vec::new();
    let mut dir_modes: Vec<(String, u32, Option<u64>)> = Vec::new();
    for e in ar.entries().map_err(|_| fail())? {
        let mut e = e.map_err(|_| fail())?;
        let member = String::from_utf8_lossy(&e.path_bytes())
            .trim_end_matches('/')
            .to_string();
        if e.header().entry_type().is_dir() {
            // tarfile sets a directory's mode after its files are in (a read-only directory).
            let path = format!("{name}{member}");
            std::fs::create_dir_all(&path)
                .map_err(|err| format!("halite: extracting {member} failed: {err}"))?;
            if let Ok(mode) = e.header().mode() {
                dir_modes.push((path, mode, e.header().mtime().ok()));
            }
            names.push(member);
            continue;
        }
        e.unpack_in(name)
            .map_err(|err| format!("halite: extracting {member} failed: {err}"))?;
        names.push(member);
    }
    // tarfile sets each directory's times and mode last.
    for (path, mode, mtime) in dir_modes.into_iter().rev() {
        use std::os::unix::fs::PermissionsExt;
        if let (Some(t), Ok(dir)) = (mtime, std::fs::File::open(&path)) {
            let t = std::time::UNIX_EPOCH + std::time::Duration::from_secs(t);
            let _ = dir.set_times(std::fs::FileTimes::new().set_accessed(t).set_modified(t));
        }
        let _ = std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode & 0o7777));
    }
    Ok(names)
}

struct TarFailed(Map);

/// The system tar with the state's `options`: `tar xv<short> <long...> -f FILE` in `name`.
fn tar_with_options(
    call: &StateCall,
    cached: &str,
    name: &str,
    options: &str,
) -> Result<Vec<String>, TarFailed> {
    let words = shlex_words(options);
    let opts: Vec<String> = words
        .into_iter()
        .filter(|x| !matches!(x.as_str(), "v" | "-v" | "--verbose"))
        .collect();
    let mut short = String::from("xv");
    let mut long = Vec::new();
    for (i, o) in opts.iter().enumerate() {
        if o.starts_with('-') || i > 0 {
            long.push(o.clone());
        } else {
            short.push_str(&o.replace(['x', 'f'], ""));
        }
    }
    let mut cmd = vec![Value::str("tar"), Value::str(short.as_str())];
    cmd.extend(long.iter().map(|s| Value::str(s.as_str())));
    cmd.push(Value::str("-f"));
    cmd.push(Value::str(cached));
    let mut kw = Map::new();
    kw.insert("cwd", Value::str(name));
    kw.insert("python_shell", Value::Bool(false));
    let res = call.exec.call(
        call.ctx,
        "cmd.run_all",
        &Args::new(vec![Value::List(cmd.into())], kw),
    );
    let res = match res {
        Ok(Value::Map(m)) => m,
        Ok(_) | Err(_) => {
            let mut m = Map::new();
            m.insert("retcode", Value::Int(1));
            return Err(TarFailed(m));
        }
    };
    if res.get("retcode").and_then(Value::as_i64) != Some(0) {
        return Err(TarFailed(res));
    }
    let out = res.get("stdout").map(Value::py_str).unwrap_or_default();
    let lines: Vec<String> = out.lines().map(str::to_string).collect();
    if lines.is_empty() {
        return Ok(vec!["no tar output so far".to_string()]);
    }
    Ok(lines)
}

fn shlex_words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut quote: Option<char> = None;
    let mut chars = s.chars();
    while let Some(ch) = chars.next() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            (Some(_), c) => cur.push(c),
            (None, '\'' | '"') => {
                quote = Some(ch);
                have = true;
            }
            (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                    have = true;
                }
            }
            (None, c) if c.is_whitespace() => {
                if have || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    have = false;
                }
            }
            (None, c) => {
                cur.push(c);
                have = true;
            }
        }
    }
    if have || !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `archive.unzip` (or `cmd_unzip` with options) through the system `unzip`; the names
/// extracted (`zipfile.namelist()`).
fn extract_zip(
    call: &StateCall,
    cached: &str,
    name: &str,
    options: Option<&str>,
    contents: &Contents,
) -> Result<Vec<String>, String> {
    let _ = call;
    let mut cmd = std::process::Command::new("unzip");
    cmd.arg("-o").arg("-qq");
    if let Some(o) = options {
        cmd.args(shlex_words(o));
    }
    let out = cmd
        .arg(cached)
        .arg("-d")
        .arg(name)
        .output()
        .map_err(|e| format!("Exception encountered unpacking zipfile: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "Exception encountered unpacking zipfile: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ));
    }
    Ok(contents.names.clone())
}

/// `archive._trim_files`.
fn trim_files(mut files: Vec<String>, trim_v: &Value, trim: Option<usize>) -> Vec<String> {
    let count = if matches!(trim_v, Value::Bool(_) | Value::Null) {
        100
    } else {
        trim.unwrap_or(100)
    };
    let off = matches!(trim_v, Value::Bool(false) | Value::Null);
    if !off && files.len() > count {
        files.truncate(count);
        files.push(format!("List trimmed after {count} files."));
    }
    files
}

/// `salt.utils.files.rm_rf`: a file, a link or a tree; a missing path is fine.
fn rm_rf(p: &str) -> std::io::Result<()> {
    match std::fs::symlink_metadata(p) {
        Ok(md) if md.is_dir() => std::fs::remove_dir_all(p),
        Ok(_) => std::fs::remove_file(p),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(e),
    }
}

fn chown_tree(p: &Path, uid: Option<u32>, gid: Option<u32>, test: bool, updated: &mut bool) {
    let Ok(md) = std::fs::symlink_metadata(p) else {
        return;
    };
    let differs = uid.is_some_and(|u| u != md.uid()) || gid.is_some_and(|g| g != md.gid());
    if differs {
        *updated = true;
        if !test {
            let _ = std::os::unix::fs::lchown(p, uid, gid);
        }
    }
    if md.is_dir() {
        if let Ok(rd) = std::fs::read_dir(p) {
            for e in rd.flatten() {
                chown_tree(&e.path(), uid, gid, test, updated);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn contents(names: &[&str], links: &[(&str, &str)]) -> Contents {
        Contents {
            names: names.iter().map(|s| s.to_string()).collect(),
            link_targets: links
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            ..Default::default()
        }
    }

    #[test]
    fn members_escaping_the_target_are_found() {
        assert_eq!(escaping_member(&contents(&["app", "app/a"], &[])), None);
        assert!(escaping_member(&contents(&["/etc/passwd"], &[])).is_some());
        assert!(escaping_member(&contents(&["app/../../x"], &[])).is_some());
        assert!(escaping_member(&contents(&["l", "l/x"], &[("l", "/etc")])).is_some());
        assert!(escaping_member(&contents(&["app/l"], &[("app/l", "../../x")])).is_some());
        assert_eq!(
            escaping_member(&contents(&["app/l"], &[("app/l", "a.txt")])),
            None
        );
    }

    #[test]
    fn archive_type_guessed_from_extension() {
        assert_eq!(guess_archive_type("x/App.TGZ"), Some("tar"));
        assert_eq!(guess_archive_type("a.zip"), Some("zip"));
        assert_eq!(guess_archive_type("a.gz"), None);
    }
}
