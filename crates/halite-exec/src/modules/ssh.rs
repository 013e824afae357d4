//! `salt.modules.ssh` (loaded where an `ssh` binary is found): a user's authorized_keys read
//! and edited as Salt does (`auth_keys`, `check_key`, `set_auth_key`, `rm_auth_key`), and the
//! known_hosts functions `ssh_known_hosts` needs when the key is given (no network).

use crate::hashes::{b64decode, md5_hex, sha1_hex, sha256_hex, sha512_hex};
use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, SaltCompat, Value};
use std::sync::OnceLock;

/// Salt's `__virtual__`: an `ssh` binary on PATH.
pub(crate) fn available() -> bool {
    super::useradd::which("ssh").is_ok()
}

fn failed(msg: impl Into<String>) -> ExecError {
    ExecError::Failed(msg.into())
}

/// `_refine_enc(enc)`.
pub(crate) fn refine_enc(enc: &str) -> Result<String, ExecError> {
    const ALSO: [&str; 13] = [
        "rsa-sha2-512",
        "rsa-sha2-256",
        "rsa-sha2-512-cert-v01@openssh.com",
        "rsa-sha2-256-cert-v01@openssh.com",
        "ssh-rsa-cert-v01@openssh.com",
        "ecdsa-sha2-nistp256-cert-v01@openssh.com",
        "ecdsa-sha2-nistp384-cert-v01@openssh.com",
        "ecdsa-sha2-nistp521-cert-v01@openssh.com",
        "sk-ecdsa-sha2-nistp256@openssh.com",
        "sk-ecdsa-sha2-nistp256-cert-v01@openssh.com",
        "ssh-ed25519-cert-v01@openssh.com",
        "sk-ssh-ed25519@openssh.com",
        "sk-ssh-ed25519-cert-v01@openssh.com",
    ];
    Ok(match enc {
        "r" | "rsa" | "ssh-rsa" => "ssh-rsa".into(),
        "d" | "dsa" | "dss" | "ssh-dss" => "ssh-dss".into(),
        "e" | "ecdsa" => "ecdsa-sha2-nistp256".into(),
        "ecdsa-sha2-nistp521" | "ecdsa-sha2-nistp384" | "ecdsa-sha2-nistp256" => enc.into(),
        "ed25519" | "ssh-ed25519" => "ssh-ed25519".into(),
        e if ALSO.contains(&e) => e.into(),
        _ => return Err(failed(format!("Incorrect encryption key type '{enc}'."))),
    })
}

/// `_format_auth_line(key, enc, comment, options)`.
pub(crate) fn format_auth_line(key: &str, enc: &str, comment: &str, options: &[String]) -> String {
    let mut line = String::new();
    if !options.is_empty() {
        line.push_str(&options.join(","));
        line.push(' ');
    }
    line.push_str(&format!("{enc} {key} {comment}\n"));
    line
}

/// `base64.b64decode(key, validate=True)`: only the alphabet, padding at the end.
fn strict_b64(key: &str) -> Option<Vec<u8>> {
    let body = key.trim_end_matches('=');
    if !body
        .bytes()
        .all(|c| c.is_ascii_alphanumeric() || c == b'+' || c == b'/')
    {
        return None;
    }
    b64decode(key).ok()
}

/// `_fingerprint(public_key, fingerprint_hash_type)`: `None` for a key that is not base64.
pub(crate) fn fingerprint(key: &str, hash_type: Option<&str>) -> Result<Option<String>, ExecError> {
    let ht = hash_type.unwrap_or("sha256").to_lowercase();
    let f: fn(&[u8]) -> String = match ht.as_str() {
        "md5" => md5_hex,
        "sha1" => sha1_hex,
        "sha256" => sha256_hex,
        "sha512" => sha512_hex,
        _ => {
            return Err(failed(format!(
                "The fingerprint_hash_type {ht} is not supported."
            )))
        }
    };
    let Some(raw) = strict_b64(key) else {
        return Ok(None);
    };
    let hex = f(&raw);
    let chunks: Vec<&str> = hex
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect();
    Ok(Some(chunks.join(":")))
}

/// `_expand_authorized_keys_path(path, user, home)`.
fn expand_path(path: &str, user: &str, home: &str) -> Result<String, ExecError> {
    let mut out = String::new();
    let mut esc = false;
    for c in path.chars() {
        if esc {
            esc = false;
            match c {
                '%' => out.push('%'),
                'u' => out.push_str(user),
                'h' => out.push_str(home),
                _ => {
                    return Err(failed(format!(
                        "AuthorizedKeysFile path: unknown token character \"%{c}\""
                    )))
                }
            }
        } else if c == '%' {
            esc = true;
        } else {
            out.push(c);
        }
    }
    if esc {
        return Err(failed(
            "AuthorizedKeysFile path: Last character can't be escape character",
        ));
    }
    Ok(out)
}

fn user_entry(user: &str) -> Option<super::useradd::Passwd> {
    super::useradd::passwd_entries()
        .into_iter()
        .find(|p| p.name == user)
}

/// `_get_config_file(user, config)`.
fn config_file(user: &str, config: &str) -> Result<String, ExecError> {
    let Some(pw) = user_entry(user) else {
        return Err(failed(format!("User '{user}' does not exist")));
    };
    let config = expand_path(config, user, &pw.dir)?;
    if config.starts_with('/') {
        Ok(config)
    } else {
        Ok(std::path::Path::new(&pw.dir)
            .join(config)
            .to_string_lossy()
            .into_owned())
    }
}

fn key_line_re() -> &'static regex::Regex {
    static RE: OnceLock<regex::Regex> = OnceLock::new();
    RE.get_or_init(|| {
        regex::Regex::new(r"^(.*?)\s?((?:sk-)?(?:ssh\-|ecds)[\w@.-]+\s.+)$").expect("valid regex")
    })
}

/// One authorized key: enc, comment, options, fingerprint.
pub(crate) struct AuthKey {
    pub enc: String,
    pub comment: String,
    pub options: Vec<String>,
    pub fingerprint: String,
}

/// `_validate_keys(key_file, fingerprint_hash_type)`, in file order.
fn validate_keys(path: &str, hash_type: Option<&str>) -> Result<Vec<(String, AuthKey)>, ExecError> {
    let text = std::fs::read_to_string(path)
        .map_err(|_| failed(format!("Problem reading ssh key file {path}")))?;
    let mut out: Vec<(String, AuthKey)> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(c) = key_line_re().captures(line) else {
            continue;
        };
        let opts = c.get(1).map(|m| m.as_str()).unwrap_or("");
        let comps: Vec<&str> = c[2].split_whitespace().collect();
        if comps.len() < 2 {
            continue;
        }
        let options = if opts.is_empty() {
            Vec::new()
        } else {
            opts.split(',').map(String::from).collect()
        };
        let Some(fp) = fingerprint(comps[1], hash_type)? else {
            continue;
        };
        let entry = AuthKey {
            enc: comps[0].into(),
            comment: comps[2..].join(" "),
            options,
            fingerprint: fp,
        };
        match out.iter_mut().find(|(k, _)| k == comps[1]) {
            Some(slot) => slot.1 = entry,
            None => out.push((comps[1].to_string(), entry)),
        }
    }
    Ok(out)
}

/// `auth_keys(user, config, fingerprint_hash_type)` for one user.
pub(crate) fn user_auth_keys(
    user: &str,
    config: &str,
    hash_type: Option<&str>,
) -> Result<Vec<(String, AuthKey)>, ExecError> {
    let Ok(full) = config_file(user, config) else {
        return Ok(Vec::new());
    };
    if !std::path::Path::new(&full).is_file() {
        return Ok(Vec::new());
    }
    validate_keys(&full, hash_type)
}

fn keys_value(keys: &[(String, AuthKey)]) -> Value {
    let mut m = Map::new();
    for (k, v) in keys {
        let mut e = Map::new();
        e.insert("enc", Value::str(v.enc.as_str()));
        e.insert("comment", Value::str(v.comment.as_str()));
        e.insert(
            "options",
            Value::List(v.options.iter().map(Value::from).collect()),
        );
        e.insert("fingerprint", Value::str(v.fingerprint.as_str()));
        m.insert(k.as_str(), Value::Map(e));
    }
    Value::Map(m)
}

fn opt_str(v: Option<&Value>) -> Option<String> {
    v.filter(|v| v.truthy()).map(Value::py_str)
}

fn options_of(v: Option<&Value>) -> Vec<String> {
    match v {
        Some(Value::List(l)) => l.iter().map(Value::py_str).collect(),
        Some(Value::Null) | None => Vec::new(),
        Some(v) if !v.truthy() => Vec::new(),
        Some(v) => v.py_str().chars().map(String::from).collect(),
    }
}

/// `ssh.auth_keys(user=None, config='.ssh/authorized_keys', fingerprint_hash_type=None)`.
pub fn auth_keys(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.auth_keys",
        a,
        &["user", "config", "fingerprint_hash_type"],
        0,
    )?;
    let config = opt_str(b.get(1)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    let ht = opt_str(b.get(2));
    match b.opt(0).filter(|u| u.truthy()) {
        Some(Value::List(users)) => {
            let mut m = Map::new();
            for u in users.iter() {
                let u = u.py_str();
                let full = config_file(&u, &config).ok();
                if full.is_some_and(|f| std::path::Path::new(&f).is_file()) {
                    m.insert(
                        u.as_str(),
                        keys_value(&user_auth_keys(&u, &config, ht.as_deref())?),
                    );
                }
            }
            Ok(Value::Map(m))
        }
        Some(u) => Ok(keys_value(&user_auth_keys(
            &u.py_str(),
            &config,
            ht.as_deref(),
        )?)),
        None => {
            let mut m = Map::new();
            let mut names: Vec<String> = super::useradd::passwd_entries()
                .into_iter()
                .map(|p| p.name)
                .collect();
            names.sort();
            for u in names {
                let full = config_file(&u, &config).ok();
                if full.is_some_and(|f| std::path::Path::new(&f).is_file()) {
                    m.insert(
                        u.as_str(),
                        keys_value(&user_auth_keys(&u, &config, ht.as_deref())?),
                    );
                }
            }
            Ok(Value::Map(m))
        }
    }
}

/// `check_key(...)`: "add", "update" or "exists".
pub(crate) fn check(
    user: &str,
    key: &str,
    enc: &str,
    comment: &str,
    options: &[String],
    config: &str,
    ht: Option<&str>,
) -> Result<&'static str, ExecError> {
    let enc = refine_enc(enc)?;
    let current = user_auth_keys(user, config, ht)?;
    let nline = format_auth_line(key, &enc, comment, options);
    match current.iter().find(|(k, _)| k == key) {
        Some((_, c)) => {
            let cline = format_auth_line(key, &c.enc, &c.comment, &c.options);
            Ok(if cline != nline { "update" } else { "exists" })
        }
        None => Ok("add"),
    }
}

/// `ssh.check_key(user, key, enc, comment, options, config='.ssh/authorized_keys',
/// cache_keys=None, fingerprint_hash_type=None)`.
pub fn check_key(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.check_key",
        a,
        &[
            "user",
            "key",
            "enc",
            "comment",
            "options",
            "config",
            "cache_keys",
            "fingerprint_hash_type",
        ],
        5,
    )?;
    let config = opt_str(b.get(5)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    Ok(Value::str(check(
        &b.str_or(0, ""),
        &b.str_or(1, ""),
        &b.str_or(2, ""),
        &b.get(3).map(Value::py_str).unwrap_or_default(),
        &options_of(b.get(4)),
        &config,
        opt_str(b.get(7)).as_deref(),
    )?))
}

fn chown(path: &str, uid: u32, gid: u32) {
    // SAFETY: geteuid has no preconditions and cannot fail.
    if unsafe { libc::geteuid() } == 0 {
        let _ = std::os::unix::fs::chown(path, Some(uid), Some(gid));
    }
}

fn chmod(path: &str, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode));
}

/// `ssh.set_auth_key(user, key, enc='ssh-rsa', comment='', options=None,
/// config='.ssh/authorized_keys', cache_keys=None, fingerprint_hash_type=None)`.
pub fn set_auth_key(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.set_auth_key",
        a,
        &[
            "user",
            "key",
            "enc",
            "comment",
            "options",
            "config",
            "cache_keys",
            "fingerprint_hash_type",
        ],
        2,
    )?;
    let (user, key) = (b.str_or(0, ""), b.str_or(1, ""));
    let config = opt_str(b.get(5)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    let comment = b.get(3).map(Value::py_str).unwrap_or_default();
    let options = options_of(b.get(4));
    let ht = opt_str(b.get(7));
    if key.split_whitespace().count() > 1 {
        return Ok(Value::str("invalid"));
    }
    let enc = refine_enc(
        &b.get(2)
            .map(Value::py_str)
            .unwrap_or_else(|| "ssh-rsa".into()),
    )?;
    let Some(pw) = user_entry(&user) else {
        return Ok(Value::str("fail"));
    };
    if fingerprint(&key, ht.as_deref())?.is_none() {
        return Ok(Value::str("Invalid public key"));
    }
    let full = config_file(&user, &config)?;
    match check(
        &user,
        &key,
        &enc,
        &comment,
        &options,
        &config,
        ht.as_deref(),
    )? {
        "update" => {
            let auth_line = format_auth_line(&key, &enc, &comment, &options);
            let text = std::fs::read_to_string(&full)
                .map_err(|e| failed(format!("Problem reading or writing to key file: {e}")))?;
            let re = regex::Regex::new(
                r"((.*)\s)?((?:sk-)?(?:ssh|ecdsa)-[a-z0-9@.-]+)\s([a-zA-Z0-9+/]+={0,2})(\s(.*))?",
            )
            .expect("valid regex");
            let mut out = String::new();
            for line in text.lines() {
                let line = line.trim();
                if line.is_empty() {
                    continue;
                }
                if line.starts_with('#') {
                    out.push_str(line);
                    out.push('\n');
                    continue;
                }
                let hit = re
                    .captures(line)
                    .and_then(|c| c.get(4).map(|m| m.as_str() == key))
                    .unwrap_or(false);
                if hit {
                    out.push_str(&auth_line);
                } else {
                    out.push_str(line);
                    out.push('\n');
                }
            }
            std::fs::write(&full, out)
                .map_err(|e| failed(format!("Problem reading or writing to key file: {e}")))?;
            Ok(Value::str("replace"))
        }
        "exists" => Ok(Value::str("no change")),
        _ => {
            let auth_line = format_auth_line(&key, &enc, &comment, &options);
            if full.starts_with(&pw.dir) && !std::path::Path::new(&pw.dir).is_dir() {
                return Ok(Value::str("fail"));
            }
            let dir = std::path::Path::new(&full)
                .parent()
                .map(|p| p.to_string_lossy().into_owned())
                .unwrap_or_default();
            if !std::path::Path::new(&dir).is_dir() {
                std::fs::create_dir_all(&dir).map_err(|e| failed(format!("{dir}: {e}")))?;
                chown(&dir, pw.uid, pw.gid);
                chmod(&dir, 0o700);
            }
            let new_file = !std::path::Path::new(&full).is_file();
            let mut text = if new_file {
                String::new()
            } else {
                std::fs::read_to_string(&full)
                    .map_err(|e| failed(format!("Could not write to key file: {e}")))?
            };
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(&auth_line);
            std::fs::write(&full, text)
                .map_err(|e| failed(format!("Could not write to key file: {e}")))?;
            if new_file {
                chown(&full, pw.uid, pw.gid);
                chmod(&full, 0o600);
            }
            Ok(Value::str("new"))
        }
    }
}

/// `ssh.rm_auth_key(user, key, config='.ssh/authorized_keys', fingerprint_hash_type=None)`.
pub fn rm_auth_key(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.rm_auth_key",
        a,
        &["user", "key", "config", "fingerprint_hash_type"],
        2,
    )?;
    let (user, key) = (b.str_or(0, ""), b.str_or(1, ""));
    let config = opt_str(b.get(2)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    let current = user_auth_keys(&user, &config, opt_str(b.get(3)).as_deref())?;
    if !current.iter().any(|(k, _)| *k == key) {
        return Ok(Value::str("Key not present"));
    }
    let full = config_file(&user, &config)?;
    if !std::path::Path::new(&full).is_file() {
        return Ok(Value::str(format!(
            "Authorized keys file {full} not present"
        )));
    }
    let Ok(text) = std::fs::read_to_string(&full) else {
        return Ok(Value::str("Key not removed"));
    };
    let mut out = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line.starts_with('#') {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let Some(c) = key_line_re().captures(line) else {
            continue;
        };
        let comps: Vec<&str> = c[2].split_whitespace().collect();
        if comps.len() >= 2 && comps[1] == key {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    if std::fs::write(&full, out).is_err() {
        return Ok(Value::str("Key not removed"));
    }
    Ok(Value::str("Key removed"))
}

/// `cp.cache_file(source, saltenv)` for a `salt://` source, an `http(s)://`/`ftp://` one
/// (fetched into the cache; the MinionError is not caught) or a local path: the file.
fn source_file(
    ctx: &ExecContext,
    source: &str,
    saltenv: &str,
) -> Result<Option<std::path::PathBuf>, ExecError> {
    if crate::http::FETCHED.contains(&crate::http::scheme(source).as_str()) {
        return super::cp::cache_path(ctx, source, saltenv, &crate::http::Fetch::default())
            .map_err(|e| ExecError::Failed(format!("salt.exceptions.MinionError: {e}")));
    }
    Ok(source_file_local(ctx, source, saltenv))
}

fn source_file_local(ctx: &ExecContext, source: &str, saltenv: &str) -> Option<std::path::PathBuf> {
    if source.starts_with("salt://") {
        let (path, env) = crate::fileserver::split_salt_url(source, saltenv);
        ctx.file_roots.find(&env, &path)
    } else {
        let p = std::path::PathBuf::from(source.strip_prefix("file://").unwrap_or(source));
        p.is_file().then_some(p)
    }
}

/// `ssh.check_key_file(user, source, config='.ssh/authorized_keys', saltenv='base',
/// fingerprint_hash_type=None)`: each key of the file with `check_key`'s word.
pub fn check_key_file(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.check_key_file",
        a,
        &[
            "user",
            "source",
            "config",
            "saltenv",
            "fingerprint_hash_type",
        ],
        2,
    )?;
    let user = b.str_or(0, "");
    let config = opt_str(b.get(2)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    let saltenv = opt_str(b.get(3)).unwrap_or_else(|| "base".into());
    let ht = opt_str(b.get(4));
    let Some(file) = source_file(ctx, &b.str_or(1, ""), &saltenv)? else {
        return Ok(Value::Map(Map::new()));
    };
    let mut m = Map::new();
    for (key, k) in validate_keys(&file.to_string_lossy(), ht.as_deref())? {
        let word = check(
            &user,
            &key,
            &k.enc,
            &k.comment,
            &k.options,
            &config,
            ht.as_deref(),
        )?;
        m.insert(key.as_str(), Value::str(word));
    }
    Ok(Value::Map(m))
}

/// `ssh.set_auth_key_from_file(user, source, config='.ssh/authorized_keys', saltenv='base',
/// fingerprint_hash_type=None)`: "fail", "replace", "new" or "no change".
pub fn set_auth_key_from_file(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    // Salt 3008 takes **kwargs and an `options` keyword that replaces every key's options
    // from the file; 3007's signature has neither.
    let salt3008 = halite_value::SaltCompat::of_value(&ctx.opts).is_3008();
    let b = crate::salt_utils::bind_with(
        "ssh.set_auth_key_from_file",
        a,
        &[
            "user",
            "source",
            "config",
            "saltenv",
            "fingerprint_hash_type",
        ],
        2,
        salt3008,
    )?;
    let forced_options = a
        .kwargs
        .get("options")
        .filter(|o| salt3008 && o.truthy())
        .cloned();
    let config = opt_str(b.get(2)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    let saltenv = opt_str(b.get(3)).unwrap_or_else(|| "base".into());
    let ht = b.get(4).cloned().unwrap_or(Value::Null);
    let Some(file) = source_file(ctx, &b.str_or(1, ""), &saltenv)? else {
        return Err(failed("Failed to pull key file from salt file server"));
    };
    let keys = validate_keys(&file.to_string_lossy(), opt_str(Some(&ht)).as_deref())?;
    if keys.is_empty() {
        return Ok(Value::str("fail"));
    }
    let mut rval = String::new();
    for (key, k) in keys {
        let mut kw = Map::new();
        kw.insert("enc", Value::str(k.enc));
        kw.insert("comment", Value::str(k.comment));
        kw.insert(
            "options",
            forced_options
                .clone()
                .unwrap_or_else(|| Value::List(k.options.iter().map(Value::from).collect())),
        );
        kw.insert("config", Value::str(config.as_str()));
        kw.insert("fingerprint_hash_type", ht.clone());
        let r = set_auth_key(
            ctx,
            &Args::new(
                vec![b.get(0).cloned().unwrap_or(Value::Null), Value::str(key)],
                kw,
            ),
        )?;
        rval.push_str(&r.py_str());
    }
    Ok(Value::str(if rval.contains("fail") {
        "fail"
    } else if rval.contains("replace") {
        "replace"
    } else if rval.contains("new") {
        "new"
    } else {
        "no change"
    }))
}

/// `ssh.rm_auth_key_from_file(user, source, config='.ssh/authorized_keys', saltenv='base',
/// fingerprint_hash_type=None)`: `rm_auth_key` for every key of the file (options and all),
/// the words folded as Salt folds them.
pub fn rm_auth_key_from_file(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.rm_auth_key_from_file",
        a,
        &[
            "user",
            "source",
            "config",
            "saltenv",
            "fingerprint_hash_type",
        ],
        2,
    )?;
    let config = opt_str(b.get(2)).unwrap_or_else(|| ".ssh/authorized_keys".into());
    let saltenv = opt_str(b.get(3)).unwrap_or_else(|| "base".into());
    let ht = b.get(4).cloned().unwrap_or(Value::Null);
    let Some(file) = source_file(ctx, &b.str_or(1, ""), &saltenv)? else {
        return Err(failed("Failed to pull key file from salt file server"));
    };
    let keys = validate_keys(&file.to_string_lossy(), opt_str(Some(&ht)).as_deref())?;
    if keys.is_empty() {
        return Ok(Value::str("fail"));
    }
    let mut rval = String::new();
    for (key, _) in keys {
        let mut kw = Map::new();
        kw.insert("config", Value::str(config.as_str()));
        kw.insert("fingerprint_hash_type", ht.clone());
        let r = rm_auth_key(
            ctx,
            &Args::new(
                vec![b.get(0).cloned().unwrap_or(Value::Null), Value::str(key)],
                kw,
            ),
        )?;
        rval.push_str(&r.py_str());
    }
    Ok(Value::str(if rval.contains("Key not removed") {
        "Key not removed"
    } else if rval.contains("Key removed") {
        "Key removed"
    } else {
        "Key not present"
    }))
}

/// `cmd.run(argv, python_shell=False)`: stdout and stderr in one stream, trailing space cut.
fn cmd_run(ctx: &ExecContext, argv: &[&str]) -> Result<String, ExecError> {
    let opts = crate::process::CmdOptions {
        merge_stderr: true,
        ..Default::default()
    };
    let argv: Vec<String> = argv.iter().map(|s| s.to_string()).collect();
    let out = crate::process::run(&crate::process::Program::Argv(argv), &opts)
        .map_err(ExecError::Failed)?;
    ctx.retcode.set(out.retcode);
    Ok(out.stdout)
}

fn status_error(msg: String) -> Value {
    let mut m = Map::new();
    m.insert("status", Value::str("error"));
    m.insert("error", Value::str(msg));
    Value::Map(m)
}

/// `_get_known_hosts_file(config, user)`: the path, or Salt's error dict.
fn known_hosts_file(config: Option<String>, user: Option<&str>) -> Result<String, Value> {
    let config = config.unwrap_or_else(|| {
        if user.is_some() {
            ".ssh/known_hosts".into()
        } else {
            "/etc/ssh/ssh_known_hosts".into()
        }
    });
    if config.starts_with('/') {
        return Ok(config);
    }
    match user {
        Some(u) => match user_entry(u) {
            Some(pw) => Ok(std::path::Path::new(&pw.dir)
                .join(&config)
                .to_string_lossy()
                .into_owned()),
            None => Err(status_error(format!("User {u} does not exist"))),
        },
        None => Err(status_error(
            "Cannot determine absolute path to file.".into(),
        )),
    }
}

fn ssh_hostname(hostname: &str, port: Option<&Value>) -> String {
    match port.filter(|p| p.truthy() && **p != Value::Int(22)) {
        Some(p) => format!("[{hostname}]:{}", p.py_str()),
        None => hostname.to_string(),
    }
}

/// `_parse_openssh_output(lines)`.
fn parse_openssh(text: &str, ht: Option<&str>) -> Result<Vec<Map>, ExecError> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        let [hostname, enc, key] = parts[..] else {
            continue;
        };
        let Some(fp) = fingerprint(key, ht)? else {
            continue;
        };
        let mut m = Map::new();
        m.insert("hostname", Value::str(hostname));
        m.insert("key", Value::str(key));
        m.insert("enc", Value::str(enc));
        m.insert("fingerprint", Value::str(fp));
        out.push(m);
    }
    Ok(out)
}

/// `get_known_host_entries`: the entries (`None` when there are none) or Salt's error dict.
fn known_entries(
    ctx: &ExecContext,
    user: Option<&str>,
    hostname: &str,
    config: Option<String>,
    port: Option<&Value>,
    ht: Option<&str>,
) -> Result<Result<Vec<Map>, Value>, ExecError> {
    let full = match known_hosts_file(config, user) {
        Ok(f) => f,
        Err(e) => return Ok(Err(e)),
    };
    let out = cmd_run(
        ctx,
        &[
            "ssh-keygen",
            "-F",
            &ssh_hostname(hostname, port),
            "-f",
            &full,
        ],
    )?;
    Ok(Ok(parse_openssh(&out, ht)?))
}

fn entries_value(v: &[Map]) -> Value {
    if v.is_empty() {
        Value::Null
    } else {
        Value::List(v.iter().cloned().map(Value::Map).collect())
    }
}

/// `ssh.get_known_host_entries(user, hostname, config=None, port=None,
/// fingerprint_hash_type=None)`.
pub fn get_known_host_entries(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.get_known_host_entries",
        a,
        &[
            "user",
            "hostname",
            "config",
            "port",
            "fingerprint_hash_type",
        ],
        2,
    )?;
    let user = opt_str(b.get(0));
    Ok(
        match known_entries(
            ctx,
            user.as_deref(),
            &b.str_or(1, ""),
            opt_str(b.get(2)),
            b.opt(3),
            opt_str(b.get(4)).as_deref(),
        )? {
            Ok(e) => entries_value(&e),
            Err(e) => e,
        },
    )
}

/// `ssh.check_known_host(user=None, hostname=None, key=None, fingerprint=None, config=None,
/// port=None, fingerprint_hash_type=None)`.
pub fn check_known_host(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.check_known_host",
        a,
        &[
            "user",
            "hostname",
            "key",
            "fingerprint",
            "config",
            "port",
            "fingerprint_hash_type",
        ],
        0,
    )?;
    let Some(hostname) = opt_str(b.get(1)) else {
        return Ok(status_error("hostname argument required".into()));
    };
    let user = opt_str(b.get(0));
    let entries = match known_entries(
        ctx,
        user.as_deref(),
        &hostname,
        opt_str(b.get(4)),
        b.opt(5),
        opt_str(b.get(6)).as_deref(),
    )? {
        Ok(e) => e,
        // Salt 3008 returns the error dict (`if known_host_entries and "error" in ...`);
        // 3007 iterates its keys as entries: h["key"] raises TypeError.
        Err(e) if SaltCompat::of_value(&ctx.opts).is_3008() => return Ok(e),
        Err(_) => {
            return Err(failed(
                "TypeError: string indices must be integers, not 'str'",
            ))
        }
    };
    if entries.is_empty() {
        return Ok(Value::str("add"));
    }
    let has = |field: &str, want: &str| {
        entries
            .iter()
            .any(|e| e.get(field).map(Value::py_str).as_deref() == Some(want))
    };
    Ok(Value::str(if let Some(key) = opt_str(b.get(2)) {
        if has("key", &key) {
            "exists"
        } else {
            "update"
        }
    } else if let Some(fp) = opt_str(b.get(3)) {
        if has("fingerprint", &fp) {
            "exists"
        } else {
            "update"
        }
    } else {
        "exists"
    }))
}

fn chown_user(path: &str, user: Option<&str>) {
    if let Some(pw) = user.and_then(user_entry) {
        chown(path, pw.uid, pw.gid);
    }
}

/// `ssh.rm_known_host(user=None, hostname=None, config=None, port=None)`: `ssh-keygen -R`.
pub fn rm_known_host(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.rm_known_host",
        a,
        &["user", "hostname", "config", "port"],
        0,
    )?;
    let Some(hostname) = opt_str(b.get(1)) else {
        return Ok(status_error("hostname argument required".into()));
    };
    let user = opt_str(b.get(0));
    let full = match known_hosts_file(opt_str(b.get(2)), user.as_deref()) {
        Ok(f) => f,
        Err(e) => return Ok(e),
    };
    if !std::path::Path::new(&full).is_file() {
        return Ok(status_error(format!(
            "Known hosts file {full} does not exist"
        )));
    }
    let out = cmd_run(
        ctx,
        &[
            "ssh-keygen",
            "-R",
            &ssh_hostname(&hostname, b.opt(3)),
            "-f",
            &full,
        ],
    )?;
    chown_user(&full, user.as_deref());
    let mut m = Map::new();
    m.insert("status", Value::str("removed"));
    m.insert("comment", Value::str(out));
    Ok(Value::Map(m))
}

/// `ssh.hash_known_hosts(user=None, config=None)`: `ssh-keygen -H`.
pub fn hash_known_hosts(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind("ssh.hash_known_hosts", a, &["user", "config"], 0)?;
    let user = opt_str(b.get(0));
    let full = match known_hosts_file(opt_str(b.get(1)), user.as_deref()) {
        Ok(f) => f,
        Err(e) => return Ok(e),
    };
    let Ok(md) = std::fs::metadata(&full) else {
        return Ok(status_error(format!(
            "Known hosts file {full} does not exist"
        )));
    };
    let out = cmd_run(ctx, &["ssh-keygen", "-H", "-f", &full])?;
    {
        use std::os::unix::fs::PermissionsExt;
        chmod(&full, md.permissions().mode() & 0o7777);
    }
    chown_user(&full, user.as_deref());
    let mut m = Map::new();
    m.insert("status", Value::str("updated"));
    m.insert("comment", Value::str(out));
    Ok(Value::Map(m))
}

/// `ssh.set_known_host(user=None, hostname=None, fingerprint=None, key=None, port=None,
/// enc=None, config=None, hash_known_hosts=True, timeout=5, fingerprint_hash_type=None)`.
/// Without `key` the host's keys are fetched with `ssh-keyscan` (`recv_known_host_entries`).
pub fn set_known_host(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let b = bind(
        "ssh.set_known_host",
        a,
        &[
            "user",
            "hostname",
            "fingerprint",
            "key",
            "port",
            "enc",
            "config",
            "hash_known_hosts",
            "timeout",
            "fingerprint_hash_type",
        ],
        0,
    )?;
    let Some(hostname) = opt_str(b.get(1)) else {
        return Ok(status_error("hostname argument required".into()));
    };
    let hash = b.get(7).is_none_or(Value::truthy);
    let port = b.opt(4);
    if port.is_some_and(|p| *p != Value::Int(22)) && hash {
        return Ok(status_error(
            "argument port can not be used in conjunction with argument hash_known_hosts".into(),
        ));
    }
    let user = opt_str(b.get(0));
    let (fp, key, enc) = (opt_str(b.get(2)), opt_str(b.get(3)), opt_str(b.get(5)));
    let config = opt_str(b.get(6));
    let ht = opt_str(b.get(9));
    let stored = match known_entries(
        ctx,
        user.as_deref(),
        &hostname,
        config.clone(),
        port,
        ht.as_deref(),
    )? {
        Ok(e) => e,
        // As in check_known_host: 3008 returns the error dict, 3007 raises.
        Err(e) if SaltCompat::of_value(&ctx.opts).is_3008() => return Ok(e),
        Err(_) => {
            return Err(failed(
                "TypeError: string indices must be integers, not 'str'",
            ))
        }
    };
    let field = |e: &Map, k: &str| e.get(k).map(Value::py_str).unwrap_or_default();
    let stored_keys: Vec<String> = stored
        .iter()
        .filter(|e| enc.as_ref().is_none_or(|x| &field(e, "enc") == x))
        .map(|e| field(e, "key"))
        .collect();
    let stored_fps: Vec<String> = stored.iter().map(|e| field(e, "fingerprint")).collect();
    let update = stored.is_empty()
        || fp.as_ref().is_some_and(|f| !stored_fps.contains(f))
        || key.as_ref().is_some_and(|k| !stored_keys.contains(k));
    let check = !update && key.is_none() && fp.is_none();
    if !update && !check {
        return Ok(exists(&stored_keys));
    }
    let enc_v = b.get(5).cloned().unwrap_or(Value::Null);
    let new_entries: Vec<Map> = match &key {
        Some(key) => {
            let mut new = Map::new();
            new.insert("hostname", Value::str(hostname.as_str()));
            new.insert("enc", enc_v.clone());
            new.insert("key", Value::str(key.as_str()));
            vec![new]
        }
        None => {
            let timeout = b.get(8).map(Value::py_str).unwrap_or_else(|| "5".into());
            let remote = recv_known_host_entries(
                ctx,
                &hostname,
                enc.as_deref(),
                port,
                hash,
                &timeout,
                ht.as_deref(),
            )?;
            if remote.is_empty() {
                return Ok(status_error("Unable to receive remote host keys".into()));
            }
            if fp
                .as_ref()
                .is_some_and(|f| !remote.iter().any(|e| &field(e, "fingerprint") == f))
            {
                return Ok(status_error(
                    "Remote host public keys found but none of their fingerprints match the one you have provided".into(),
                ));
            }
            if check {
                let known: std::collections::BTreeSet<String> =
                    remote.iter().map(|e| field(e, "key")).collect();
                if known == stored_keys.iter().cloned().collect() {
                    return Ok(exists(&stored_keys));
                }
            }
            remote
        }
    };
    let full = match known_hosts_file(config, user.as_deref()) {
        Ok(f) => f,
        Err(e) => return Ok(e),
    };
    let origmode = std::fs::metadata(&full).ok().map(|m| {
        use std::os::unix::fs::PermissionsExt;
        m.permissions().mode() & 0o7777
    });
    if origmode.is_some() {
        let out = cmd_run(
            ctx,
            &[
                "ssh-keygen",
                "-F",
                &ssh_hostname(&hostname, port),
                "-f",
                &full,
            ],
        )?;
        let lines: Vec<&str> = out.lines().collect();
        let mut remove: Vec<usize> = Vec::new();
        for (i, line) in lines.iter().enumerate() {
            if i % 2 != 0 {
                continue;
            }
            let no = line
                .split_whitespace()
                .last()
                .and_then(|n| n.parse::<usize>().ok());
            let line_enc = lines
                .get(i + 1)
                .and_then(|l| l.split_whitespace().rev().nth(1))
                .unwrap_or("");
            if enc.as_ref().is_some_and(|e| e != line_enc) {
                continue;
            }
            if let Some(no) = no {
                remove.push(no);
            }
        }
        if !remove.is_empty() {
            let text = std::fs::read_to_string(&full).map_err(|e| {
                failed(format!(
                    "Couldn't remove old entry(ies) from known hosts file: '{e}'"
                ))
            })?;
            let mut kept: Vec<&str> = text.split_inclusive('\n').collect();
            remove.sort_unstable();
            for no in remove.iter().rev() {
                if *no >= 1 && *no <= kept.len() {
                    kept.remove(no - 1);
                }
            }
            std::fs::write(&full, kept.concat()).map_err(|e| {
                failed(format!(
                    "Couldn't remove old entry(ies) from known hosts file: '{e}'"
                ))
            })?;
        }
    }
    let mut lines = String::new();
    for entry in &new_entries {
        let (host, enc, key) = (
            field(entry, "hostname"),
            entry.get("enc").map(Value::py_str).unwrap_or_default(),
            field(entry, "key"),
        );
        if hash || port.is_none_or(|p| *p == Value::Int(22)) || host.contains(':') {
            lines.push_str(&format!("{host} {enc} {key}\n"));
        } else {
            let port = port.map(Value::py_str).unwrap_or_default();
            lines.push_str(&format!("[{host}]:{port} {enc} {key}\n"));
        }
    }
    let dir = std::path::Path::new(&full)
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !std::path::Path::new(&dir).exists() && std::fs::create_dir_all(&dir).is_ok() {
        if let Some(pw) = user.as_deref().and_then(user_entry) {
            chown(&dir, pw.uid, pw.gid);
            chmod(&dir, 0o700);
        }
    }
    {
        use std::io::Write;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .create(true)
            .open(&full)
            .map_err(|e| failed(format!("Couldn't append to known hosts file: '{e}'")))?;
        f.write_all(lines.as_bytes())
            .map_err(|e| failed(format!("Couldn't append to known hosts file: '{e}'")))?;
    }
    chown_user(&full, user.as_deref());
    chmod(&full, origmode.unwrap_or(0o600));
    // ssh-keyscan -H hashed the fetched names already.
    if key.is_some() && hash {
        let mut kw = Map::new();
        kw.insert("user", user.clone().map(Value::from).unwrap_or(Value::Null));
        kw.insert("config", Value::str(full.as_str()));
        hash_known_hosts(ctx, &Args::new(vec![], kw))?;
    }
    let mut m = Map::new();
    m.insert("status", Value::str("updated"));
    m.insert("old", entries_value(&stored));
    m.insert(
        "new",
        Value::List(new_entries.into_iter().map(Value::Map).collect()),
    );
    Ok(Value::Map(m))
}

/// `set_known_host`'s `{"status": "exists", "keys": stored_keys}`.
fn exists(stored_keys: &[String]) -> Value {
    let mut m = Map::new();
    m.insert("status", Value::str("exists"));
    m.insert(
        "keys",
        Value::List(stored_keys.iter().map(Value::from).collect()),
    );
    Value::Map(m)
}

/// `recv_known_host_entries(hostname, enc, port, hash_known_hosts, timeout,
/// fingerprint_hash_type)`: the host's keys as `ssh-keyscan` prints them (asked up to five
/// times while it prints nothing), parsed as the known_hosts file is.
fn recv_known_host_entries(
    ctx: &ExecContext,
    hostname: &str,
    enc: Option<&str>,
    port: Option<&Value>,
    hash: bool,
    timeout: &str,
    ht: Option<&str>,
) -> Result<Vec<Map>, ExecError> {
    let port = port.filter(|p| p.truthy()).map(Value::py_str);
    let mut cmd: Vec<&str> = vec!["ssh-keyscan"];
    if let Some(p) = &port {
        cmd.extend(["-p", p]);
    }
    if let Some(e) = enc.filter(|e| !e.is_empty()) {
        cmd.extend(["-t", e]);
    }
    if hash {
        cmd.push("-H");
    }
    cmd.extend(["-T", timeout, hostname]);
    let mut out = String::new();
    for _ in 0..5 {
        out = cmd_run(ctx, &cmd)?;
        if out.lines().next().is_some() {
            break;
        }
    }
    parse_openssh(&out, ht)
}
