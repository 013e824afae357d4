//! A host's catalog as plain data, and its archive in salt-ssh's `state.pkg` layout.
//!
//! A catalog is what the controller compiles for one host and the host only applies: the
//! low chunks (`lowstate.json`), the pillar (`pillar.json`), the roster's grains
//! (`roster_grains.json`) and every `salt://` file the chunks name, under
//! `<saltenv>/<path>` (salt/client/ssh/state.py `prep_trans_tar`). halite adds one member
//! of its own, `halite_catalog.json` (format version, minion id, the grains the catalog was
//! compiled from, the Salt release it was compiled for: `salt_compat`, which the apply
//! follows), which Salt's `state.pkg` ignores (it only reads the three JSON files and the
//! folders).
//!
//! The archive is a gzip'd tar, byte-identical for the same catalog (members sorted, no
//! times, owners or modes from the controller), checked by its sha256 as salt-ssh checks
//! `pkg_sum`. Unpacking refuses any member that could land outside the destination: an
//! absolute path, a `..` component, and any link or special file (salt-ssh's archives hold
//! regular files only; `shutil.copy` follows symlinks when it builds them).

use halite_value::{Map, SaltCompat, Value, SALT_COMPAT_KEY};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

/// The version of halite's additions to the layout (`halite_catalog.json`). 2 added
/// `salt_compat`, the Salt release the catalog was compiled for.
pub const FORMAT_VERSION: i64 = 2;

pub const LOWSTATE: &str = "lowstate.json";
pub const PILLAR: &str = "pillar.json";
pub const ROSTER_GRAINS: &str = "roster_grains.json";
pub const META: &str = "halite_catalog.json";

#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error("archive member '{0}': {1}")]
    Member(String, String),
    #[error("reading the archive: {0}")]
    Io(#[from] std::io::Error),
    #[error("{0}: not valid JSON: {1}")]
    Json(String, String),
    #[error("the archive has no {0}")]
    Missing(&'static str),
    #[error("the archive unpacks to more than {0} bytes (halite's limit for a catalog; raise it with HALITE_MAX_CATALOG_BYTES)")]
    TooBig(u64),
    #[error("{META}: salt_compat must be \"3007\" or \"3008\", not {0}")]
    SaltCompat(String),
}

/// One host's compiled catalog.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Catalog {
    /// The low chunks in run order, or Salt's error list (a list of strings).
    pub lowstate: Value,
    pub pillar: Option<Value>,
    pub roster_grains: Option<Value>,
    /// halite's metadata: `format`, `id`, `grains` (what the catalog was compiled from),
    /// `salt_compat` (the Salt release it was compiled for, `"3007"` or `"3008"`).
    pub meta: Option<Value>,
    /// `<saltenv>/<path>` -> contents, for every salt:// file the chunks name.
    pub files: BTreeMap<String, Vec<u8>>,
}

/// `salt_refs`: every string starting with `salt://` in `data`, depth first, once each.
pub fn salt_refs(data: &Value, out: &mut Vec<String>) {
    match data {
        Value::Str(s) if s.starts_with("salt://") && !out.iter().any(|o| o == s.as_str()) => {
            out.push(s.to_string());
        }
        Value::List(l) => l.iter().for_each(|v| salt_refs(v, out)),
        Value::Map(m) => m.iter().for_each(|(_, v)| salt_refs(v, out)),
        _ => {}
    }
}

/// `lowstate_file_refs`: the salt:// references of the chunks by saltenv (a chunk's
/// `__env__`, else base); keys starting with `__` are not searched.
pub fn lowstate_file_refs(chunks: &Value) -> BTreeMap<String, Vec<String>> {
    let mut refs: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let Value::List(chunks) = chunks else {
        return refs;
    };
    for chunk in chunks.iter() {
        let Value::Map(chunk) = chunk else { continue };
        let mut saltenv = "base".to_string();
        let mut crefs = Vec::new();
        for (k, v) in chunk.iter() {
            let key = k.py_str();
            if key == "__env__" {
                saltenv = v.py_str();
            } else if !key.starts_with("__") {
                salt_refs(v, &mut crefs);
            }
        }
        let env = refs.entry(saltenv).or_default();
        for r in crefs {
            if !env.contains(&r) {
                env.push(r);
            }
        }
    }
    refs
}

pub fn sha256_hex(data: &[u8]) -> String {
    let digest = Sha256::digest(data);
    let mut s = String::with_capacity(64);
    for b in digest.iter() {
        s.push_str(&format!("{b:02x}"));
    }
    s
}

/// Compact JSON (`json.dumps` without indent) of a value, as salt-ssh writes the members.
fn json_bytes(v: &Value) -> Vec<u8> {
    v.to_json_styled(halite_value::JsonStyle::Compact)
        .into_bytes()
}

impl Catalog {
    /// The members of the archive, sorted by path.
    fn members(&self) -> BTreeMap<String, Vec<u8>> {
        let mut m = BTreeMap::new();
        m.insert(LOWSTATE.to_string(), json_bytes(&self.lowstate));
        if let Some(p) = &self.pillar {
            m.insert(PILLAR.to_string(), json_bytes(p));
        }
        if let Some(g) = &self.roster_grains {
            m.insert(ROSTER_GRAINS.to_string(), json_bytes(g));
        }
        if let Some(meta) = &self.meta {
            m.insert(META.to_string(), json_bytes(meta));
        }
        for (k, v) in &self.files {
            m.insert(k.clone(), v.clone());
        }
        m
    }

    /// The archive: a gzip'd tar, the same bytes for the same catalog.
    pub fn pack(&self) -> Result<Vec<u8>, CatalogError> {
        let gz = flate2::GzBuilder::new()
            .mtime(0)
            .write(Vec::new(), flate2::Compression::default());
        let mut tar = tar::Builder::new(gz);
        tar.mode(tar::HeaderMode::Deterministic);
        for (path, data) in self.members() {
            check_member_path(&path)?;
            let mut header = tar::Header::new_gnu();
            header.set_entry_type(tar::EntryType::Regular);
            header.set_size(data.len() as u64);
            header.set_mode(0o644);
            header.set_mtime(0);
            header.set_uid(0);
            header.set_gid(0);
            tar.append_data(&mut header, &path, data.as_slice())?;
        }
        let gz = tar.into_inner()?;
        Ok(gz.finish()?)
    }

    /// Reads an archive (halite's or salt-ssh's) into memory, refusing unsafe members.
    pub fn unpack(archive: &[u8]) -> Result<Catalog, CatalogError> {
        let mut members: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        each_member(
            archive,
            halite_value::limits::max_catalog_bytes(),
            |path, entry| {
                let mut data = Vec::new();
                entry.read_to_end(&mut data)?;
                members.insert(path, data);
                Ok(())
            },
        )?;
        let mut catalog = Catalog::from_json_members(&mut members)?;
        // Other files at the top are no saltenv's: salt-ssh's state.pkg ignores them too.
        members.retain(|k, _| k.contains('/'));
        catalog.files = members;
        Ok(catalog)
    }

    /// The catalog of an archive without its salt:// files (read past, never held): what
    /// its JSON members say, for a check before it is applied.
    pub fn unpack_without_files(archive: &[u8]) -> Result<Catalog, CatalogError> {
        let mut json: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        each_member(
            archive,
            halite_value::limits::max_catalog_bytes(),
            |path, entry| {
                if [LOWSTATE, PILLAR, ROSTER_GRAINS, META].contains(&path.as_str()) {
                    let mut data = Vec::new();
                    entry.read_to_end(&mut data)?;
                    json.insert(path, data);
                }
                Ok(())
            },
        )?;
        Catalog::from_json_members(&mut json)
    }

    /// Reads an archive as [`Catalog::unpack`] does, but streams its salt:// files to
    /// `root/<saltenv>/<path>` as they come (`root` must exist and be empty): only the JSON
    /// members are held in memory, so an archive of big files needs no more memory than a
    /// small one. The catalog returned has no `files`; the saltenvs written come with it.
    pub fn unpack_into(
        archive: &[u8],
        root: &Path,
    ) -> Result<(Catalog, Vec<String>), CatalogError> {
        Catalog::unpack_into_bounded(archive, root, halite_value::limits::max_catalog_bytes())
    }

    fn unpack_into_bounded(
        archive: &[u8],
        root: &Path,
        limit: u64,
    ) -> Result<(Catalog, Vec<String>), CatalogError> {
        use std::os::unix::fs::OpenOptionsExt;
        let mut json: BTreeMap<String, Vec<u8>> = BTreeMap::new();
        let mut envs: Vec<String> = Vec::new();
        each_member(archive, limit, |path, entry| {
            let Some((env, _)) = path.split_once('/') else {
                if [LOWSTATE, PILLAR, ROSTER_GRAINS, META].contains(&path.as_str()) {
                    let mut data = Vec::new();
                    entry.read_to_end(&mut data)?;
                    json.insert(path, data);
                }
                return Ok(());
            };
            if !envs.iter().any(|e| e == env) {
                envs.push(env.to_string());
            }
            let target = root.join(&path);
            if let Some(parent) = target.parent() {
                std::fs::create_dir_all(parent)?;
            }
            // Only regular files were let through, so nothing under `root` is a link; a
            // member named twice is written again, as tar's extraction does.
            let mut f = std::fs::OpenOptions::new()
                .write(true)
                .create(true)
                .truncate(true)
                .custom_flags(libc::O_NOFOLLOW)
                .mode(0o644)
                .open(&target)?;
            std::io::copy(entry, &mut f)?;
            Ok(())
        })?;
        Ok((Catalog::from_json_members(&mut json)?, envs))
    }

    /// The catalog of the archive's JSON members (taken out of `members`), without files.
    fn from_json_members(members: &mut BTreeMap<String, Vec<u8>>) -> Result<Catalog, CatalogError> {
        let mut json = |name: &'static str| {
            members
                .remove(name)
                .map(|d| {
                    Value::from_json_str(&String::from_utf8_lossy(&d))
                        .map_err(|e| CatalogError::Json(name.to_string(), e.to_string()))
                })
                .transpose()
        };
        let lowstate = json(LOWSTATE)?.ok_or(CatalogError::Missing(LOWSTATE))?;
        Ok(Catalog {
            lowstate,
            pillar: json(PILLAR)?,
            roster_grains: json(ROSTER_GRAINS)?,
            meta: json(META)?,
            files: BTreeMap::new(),
        })
    }

    /// The Salt release the catalog was compiled for (`salt_compat` in its metadata);
    /// `None` for a catalog without it (salt-ssh's archives, halite's format 1).
    pub fn salt_compat(&self) -> Result<Option<SaltCompat>, CatalogError> {
        match self.meta.as_ref().and_then(|m| m.get(SALT_COMPAT_KEY)) {
            None => Ok(None),
            Some(v) => SaltCompat::parse(v)
                .map(Some)
                .ok_or_else(|| CatalogError::SaltCompat(v.py_repr())),
        }
    }

    /// The low chunks, when the lowstate is a list of mappings (not Salt's error list).
    pub fn chunks(&self) -> Option<Vec<Map>> {
        let Value::List(l) = &self.lowstate else {
            return None;
        };
        l.iter()
            .map(|c| match c {
                Value::Map(m) => Some(m.clone()),
                _ => None,
            })
            .collect()
    }
}

/// Calls `each` with every regular file of a gzip'd tar (its normalised path and its
/// contents as a reader), refusing unsafe members and more than
/// `halite_value::limits::max_catalog_bytes` in all.
fn each_member(
    archive: &[u8],
    limit: u64,
    mut each: impl FnMut(String, &mut dyn Read) -> Result<(), CatalogError>,
) -> Result<(), CatalogError> {
    let gz = flate2::read::GzDecoder::new(archive);
    let mut tar = tar::Archive::new(gz);
    let mut total: u64 = 0;
    for entry in tar.entries()? {
        let mut entry = entry?;
        let path = String::from_utf8_lossy(&entry.path_bytes()).into_owned();
        let kind = entry.header().entry_type();
        check_member_path(&path)?;
        match kind {
            tar::EntryType::Directory => continue,
            tar::EntryType::Regular | tar::EntryType::Continuous => {}
            // Long-name and pax records are consumed by the tar reader itself; anything
            // else left (a link, a device, a fifo) could point outside or is no file.
            other => {
                return Err(CatalogError::Member(
                    path,
                    format!(
                        "a {} is not allowed in a catalog (regular files only)",
                        kind_name(other)
                    ),
                ))
            }
        }
        // The header's size bounds what the entry's reader yields.
        total = total.saturating_add(entry.size());
        if total > limit {
            return Err(CatalogError::TooBig(limit));
        }
        each(normalise(&path), &mut entry)?;
    }
    Ok(())
}

fn kind_name(kind: tar::EntryType) -> &'static str {
    match kind {
        tar::EntryType::Symlink => "symbolic link",
        tar::EntryType::Link => "hard link",
        tar::EntryType::Char | tar::EntryType::Block => "device",
        tar::EntryType::Fifo => "fifo",
        _ => "special entry",
    }
}

/// `./a//b` -> `a/b`.
fn normalise(path: &str) -> String {
    path.split('/')
        .filter(|c| !c.is_empty() && *c != ".")
        .collect::<Vec<_>>()
        .join("/")
}

/// A member path must stay inside the destination: relative, no `..`, not empty.
fn check_member_path(path: &str) -> Result<(), CatalogError> {
    let bad = |why: &str| Err(CatalogError::Member(path.to_string(), why.to_string()));
    if path.starts_with('/') {
        return bad("an absolute path would land outside the destination");
    }
    if path.contains('\0') || path.contains('\\') {
        return bad("a NUL or backslash in a member name");
    }
    if path.split('/').any(|c| c == "..") {
        return bad("a '..' component would land outside the destination");
    }
    if normalise(path).is_empty() {
        return bad("an empty member name");
    }
    Ok(())
}

/// A chunk's tag, as the running dict names it: `state_|-id_|-name_|-fun`.
fn chunk_tag(chunk: &Value) -> String {
    let g = |k: &str| chunk.get(k).map(Value::py_str).unwrap_or_default();
    format!(
        "{}_|-{}_|-{}_|-{}",
        g("state"),
        g("__id__"),
        g("name"),
        g("fun")
    )
}

/// What changed from `old` to `new`, one line each (`+` added, `-` removed, `~` changed);
/// empty when the catalogs apply the same. Pillar values are never printed, only keys.
pub fn diff(old: &Catalog, new: &Catalog) -> Vec<String> {
    let mut out = Vec::new();
    let chunks = |c: &Catalog| -> Vec<(String, Value)> {
        match &c.lowstate {
            Value::List(l) => l.iter().map(|ch| (chunk_tag(ch), ch.clone())).collect(),
            other => vec![("<errors>".to_string(), other.clone())],
        }
    };
    let (a, b) = (chunks(old), chunks(new));
    let amap: BTreeMap<&str, &Value> = a.iter().map(|(t, v)| (t.as_str(), v)).collect();
    let bmap: BTreeMap<&str, &Value> = b.iter().map(|(t, v)| (t.as_str(), v)).collect();
    for (tag, _) in &a {
        if !bmap.contains_key(tag.as_str()) {
            out.push(format!("- state {tag}"));
        }
    }
    for (tag, chunk) in &b {
        match amap.get(tag.as_str()) {
            None => out.push(format!("+ state {tag}")),
            Some(prev) if *prev != chunk => {
                let keys = changed_keys(prev, chunk);
                out.push(format!("~ state {tag}: {}", keys.join(", ")));
            }
            Some(_) => {}
        }
    }
    let order = |v: &[(String, Value)]| v.iter().map(|(t, _)| t.clone()).collect::<Vec<_>>();
    let (oa, ob): (Vec<_>, Vec<_>) = (order(&a), order(&b));
    let common_a: Vec<&String> = oa
        .iter()
        .filter(|t| bmap.contains_key(t.as_str()))
        .collect();
    let common_b: Vec<&String> = ob
        .iter()
        .filter(|t| amap.contains_key(t.as_str()))
        .collect();
    if common_a != common_b {
        out.push("~ run order".to_string());
    }
    let empty = Value::Map(Map::new());
    let pa = old.pillar.as_ref().unwrap_or(&empty);
    let pb = new.pillar.as_ref().unwrap_or(&empty);
    for k in changed_keys(pa, pb) {
        out.push(format!("~ pillar {k}"));
    }
    for (path, data) in &old.files {
        match new.files.get(path) {
            None => out.push(format!("- file {path}")),
            Some(d) if d != data => out.push(format!("~ file {path}")),
            Some(_) => {}
        }
    }
    for path in new.files.keys() {
        if !old.files.contains_key(path) {
            out.push(format!("+ file {path}"));
        }
    }
    let ga = old.roster_grains.as_ref().unwrap_or(&empty);
    let gb = new.roster_grains.as_ref().unwrap_or(&empty);
    for k in changed_keys(ga, gb) {
        out.push(format!("~ roster_grains {k}"));
    }
    out
}

/// The top-level keys of two mappings whose values differ (or that only one has).
fn changed_keys(a: &Value, b: &Value) -> Vec<String> {
    let (Value::Map(a), Value::Map(b)) = (a, b) else {
        return if a == b {
            Vec::new()
        } else {
            vec!["<value>".into()]
        };
    };
    let mut keys: Vec<String> = Vec::new();
    for (k, v) in a.iter() {
        if b.get_value(k) != Some(v) {
            keys.push(k.py_str());
        }
    }
    for (k, _) in b.iter() {
        if a.get_value(k).is_none() {
            keys.push(k.py_str());
        }
    }
    keys
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn sample() -> Catalog {
        let low = Value::from_json_str(
            r#"[{"state":"file","__id__":"x","name":"/tmp/x","fun":"managed","source":"salt://web/a.txt","__env__":"base","__sls__":"web","order":10000}]"#,
        )
        .unwrap();
        let mut files = BTreeMap::new();
        files.insert("base/web/a.txt".to_string(), b"hello\n".to_vec());
        Catalog {
            lowstate: low,
            pillar: Some(Value::from_json_str(r#"{"who":"world"}"#).unwrap()),
            roster_grains: None,
            meta: None,
            files,
        }
    }

    #[test]
    fn salt_compat_survives_the_archive_and_a_bad_one_is_refused() {
        let mut c = sample();
        assert_eq!(c.salt_compat().unwrap(), None, "no metadata: no release");
        for compat in SaltCompat::ALL {
            c.meta = Some(
                Value::from_json_str(&format!(
                    r#"{{"format":{FORMAT_VERSION},"id":"web1","salt_compat":"{}"}}"#,
                    compat.name()
                ))
                .unwrap(),
            );
            let back = Catalog::unpack(&c.pack().unwrap()).unwrap();
            assert_eq!(back.salt_compat().unwrap(), Some(compat));
        }
        c.meta = Some(Value::from_json_str(r#"{"salt_compat":"3009"}"#).unwrap());
        let err = c.salt_compat().unwrap_err().to_string();
        assert!(
            err.contains("halite_catalog.json") && err.contains("'3009'"),
            "{err}"
        );
    }

    #[test]
    fn pack_is_byte_identical_and_round_trips() {
        let c = sample();
        let a = c.pack().unwrap();
        let b = c.pack().unwrap();
        assert_eq!(a, b);
        assert_eq!(Catalog::unpack(&a).unwrap(), c);
    }

    #[test]
    fn unpack_into_streams_the_files_and_keeps_the_rest() {
        let c = sample();
        let dir = tempfile::tempdir().unwrap();
        let (back, envs) = Catalog::unpack_into(&c.pack().unwrap(), dir.path()).unwrap();
        assert_eq!(envs, vec!["base".to_string()]);
        assert!(back.files.is_empty());
        assert_eq!(back.lowstate, c.lowstate);
        assert_eq!(back.pillar, c.pillar);
        for (path, data) in &c.files {
            assert_eq!(
                &std::fs::read(dir.path().join(path)).unwrap(),
                data,
                "{path}"
            );
        }
    }

    #[test]
    fn unpacking_stops_at_the_bound_before_reading_past_it() {
        let mut c = sample();
        c.files
            .insert("base/big.bin".to_string(), vec![0u8; 3 << 20]);
        let archive = c.pack().unwrap();
        let dir = tempfile::tempdir().unwrap();
        let err = Catalog::unpack_into_bounded(&archive, dir.path(), 1 << 20).unwrap_err();
        assert!(
            matches!(err, CatalogError::TooBig(n) if n == 1 << 20),
            "{err}"
        );
        assert!(
            err.to_string().contains("HALITE_MAX_CATALOG_BYTES"),
            "{err}"
        );
        assert!(
            !dir.path().join("base/big.bin").exists(),
            "nothing past the bound is written"
        );
    }

    #[test]
    fn long_member_names_round_trip() {
        let mut c = sample();
        let long = format!("base/{}/f.txt", "d".repeat(150));
        c.files.insert(long.clone(), b"x".to_vec());
        let back = Catalog::unpack(&c.pack().unwrap()).unwrap();
        assert_eq!(back.files.get(&long).map(Vec::as_slice), Some(&b"x"[..]));
    }

    #[test]
    fn file_refs_by_saltenv() {
        let refs = lowstate_file_refs(&sample().lowstate);
        assert_eq!(refs["base"], vec!["salt://web/a.txt".to_string()]);
    }

    /// A raw tar member, written with the header bytes set by hand so that the tar
    /// builder's own path checks do not stop the hostile name.
    fn hostile(name: &str, kind: tar::EntryType, link: Option<&str>) -> Vec<u8> {
        let mut header = tar::Header::new_gnu();
        {
            let gnu = header.as_gnu_mut().unwrap();
            gnu.name[..name.len()].copy_from_slice(name.as_bytes());
        }
        header.set_entry_type(kind);
        header.set_size(if link.is_some() { 0 } else { 3 });
        header.set_mode(0o644);
        if let Some(l) = link {
            let gnu = header.as_gnu_mut().unwrap();
            gnu.linkname[..l.len()].copy_from_slice(l.as_bytes());
        }
        header.set_cksum();
        let mut raw = header.as_bytes().to_vec();
        if link.is_none() {
            let mut block = [0u8; 512];
            block[..3].copy_from_slice(b"bad");
            raw.extend_from_slice(&block);
        }
        raw.extend_from_slice(&[0u8; 1024]);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        gz.write_all(&raw).unwrap();
        gz.finish().unwrap()
    }

    #[test]
    fn unpack_refuses_members_escaping_the_destination() {
        for (name, kind, link) in [
            ("/etc/halitetest", tar::EntryType::Regular, None),
            ("../halitetest", tar::EntryType::Regular, None),
            ("base/../../halitetest", tar::EntryType::Regular, None),
            ("base/link", tar::EntryType::Symlink, Some("/etc")),
            ("base/link", tar::EntryType::Symlink, Some("../..")),
            ("base/hard", tar::EntryType::Link, Some("/etc/passwd")),
        ] {
            let archive = hostile(name, kind, link);
            let err = Catalog::unpack(&archive).expect_err(name);
            assert!(
                matches!(err, CatalogError::Member(..)),
                "{name}: unexpected error {err}"
            );
        }
    }

    #[test]
    fn diff_names_changed_states_files_and_pillar_keys() {
        let a = sample();
        let mut b = sample();
        assert!(diff(&a, &b).is_empty());
        b.files
            .insert("base/web/a.txt".to_string(), b"bye\n".to_vec());
        b.pillar = Some(Value::from_json_str(r#"{"who":"moon"}"#).unwrap());
        let d = diff(&a, &b);
        assert_eq!(d, vec!["~ pillar who", "~ file base/web/a.txt"]);
    }
}
