//! The user and group databases (Python's `pwd` and `grp`), through glibc's reentrant calls.
//!
//! `getpwuid`/`getpwnam`/`getgrgid`/`getgrnam` return storage that the next call, from any
//! thread, overwrites. States run with `parallel: True` run in threads, and each checks file
//! ownership by name, so every lookup goes through the `_r` forms here, each with its own
//! buffer (grown while glibc answers ERANGE, for groups with many members).
//!
//! Lookups are memoised while the files they come from are unchanged ([`Table`]): a state
//! run asks for the owner of each file it manages several times (before and after each
//! change), and glibc answers every such question by opening, reading and parsing
//! /etc/passwd or /etc/group again (six system calls and a parse each; 6,500 lookups in the
//! first run of benches/apply.sh's 5,000 states). Here each lookup costs two `stat`s.

use std::ffi::{CStr, CString};
use std::sync::Mutex;

/// A `pwd` entry.
#[derive(Debug, Clone)]
pub struct Passwd {
    pub name: String,
    pub uid: libc::uid_t,
    pub gid: libc::gid_t,
    pub dir: String,
}

/// A `grp` entry (name and gid; the member list is read from /etc/group where needed).
#[derive(Debug, Clone)]
pub struct Group {
    pub name: String,
    pub gid: libc::gid_t,
}

/// Runs a `get*_r` call with a buffer that grows while it answers ERANGE; `Some` when it
/// found an entry (`result` not null).
fn with_buffer<T>(
    mut call: impl FnMut(&mut [libc::c_char]) -> (libc::c_int, Option<T>),
) -> Option<T> {
    let mut buf = vec![0 as libc::c_char; 1024];
    loop {
        let (rc, found) = call(&mut buf);
        if rc == libc::ERANGE && buf.len() < (1 << 24) {
            buf.resize(buf.len() * 4, 0);
            continue;
        }
        return if rc == 0 { found } else { None };
    }
}

/// Copies a C string field of an entry glibc filled in.
///
/// # Safety
/// `p` is null or a NUL-terminated string that lives as long as the call's buffer.
unsafe fn field(p: *const libc::c_char) -> String {
    if p.is_null() {
        return String::new();
    }
    // SAFETY: the caller's contract.
    unsafe { CStr::from_ptr(p) }.to_string_lossy().into_owned()
}

fn passwd_by(
    lookup: impl Fn(*mut libc::passwd, &mut [libc::c_char], *mut *mut libc::passwd) -> libc::c_int,
) -> Option<Passwd> {
    with_buffer(|buf| {
        // SAFETY: a zeroed passwd is a valid out-parameter; glibc fills it and points its
        // strings into `buf`, which outlives the copies below.
        let mut pw: libc::passwd = unsafe { std::mem::zeroed() };
        let mut result: *mut libc::passwd = std::ptr::null_mut();
        let rc = lookup(&mut pw, buf, &mut result);
        let found = (rc == 0 && !result.is_null()).then(|| Passwd {
            // SAFETY: the strings point into `buf` (see above).
            name: unsafe { field(pw.pw_name) },
            uid: pw.pw_uid,
            gid: pw.pw_gid,
            // SAFETY: as above.
            dir: unsafe { field(pw.pw_dir) },
        });
        (rc, found)
    })
}

fn group_by(
    lookup: impl Fn(*mut libc::group, &mut [libc::c_char], *mut *mut libc::group) -> libc::c_int,
) -> Option<Group> {
    with_buffer(|buf| {
        // SAFETY: as in `passwd_by`.
        let mut gr: libc::group = unsafe { std::mem::zeroed() };
        let mut result: *mut libc::group = std::ptr::null_mut();
        let rc = lookup(&mut gr, buf, &mut result);
        let found = (rc == 0 && !result.is_null()).then(|| Group {
            // SAFETY: the name points into `buf`.
            name: unsafe { field(gr.gr_name) },
            gid: gr.gr_gid,
        });
        (rc, found)
    })
}

/// The identity of a file's contents as far as a lookup cares: any write to /etc/passwd or
/// /etc/group (shadow's tools write a new file and rename it; an append changes the size)
/// changes one of these.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Stamp {
    dev: u64,
    ino: u64,
    size: u64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

fn stamp(path: &str) -> Option<Stamp> {
    use std::os::unix::fs::MetadataExt;
    let md = std::fs::metadata(path).ok()?;
    Some(Stamp {
        dev: md.dev(),
        ino: md.ino(),
        size: md.size(),
        mtime: (md.mtime(), md.mtime_nsec()),
        ctime: (md.ctime(), md.ctime_nsec()),
    })
}

const NSSWITCH: &str = "/etc/nsswitch.conf";

/// Whether glibc asks the `files` source first for `database` (`passwd: files systemd`):
/// then an entry found in the file is the answer glibc gives, whatever comes after.
fn files_first(nsswitch: &str, database: &str) -> bool {
    nsswitch.lines().any(|line| {
        let line = line.split('#').next().unwrap_or_default();
        line.split_once(':').is_some_and(|(db, sources)| {
            db.trim() == database && sources.split_whitespace().next() == Some("files")
        })
    })
}

/// One database file read and parsed, with the stamps it was read under. `entries` is
/// `None` when glibc would not answer from the file first, or when a line is not in the
/// plain form this parser reads exactly as glibc's files source does (then every lookup
/// goes to glibc).
struct Table<T> {
    file: Stamp,
    nsswitch: Option<Stamp>,
    entries: Option<Vec<T>>,
}

/// Parses the lines of /etc/passwd or /etc/group as glibc's files source: leading blanks
/// skipped, empty and `#` lines ignored; `fields` colon-separated fields a line.
fn parse_lines<T>(
    text: &str,
    fields: usize,
    entry: impl Fn(&[&str]) -> Option<T>,
) -> Option<Vec<T>> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split(':').collect();
        if f.len() != fields {
            return None;
        }
        out.push(entry(&f)?);
    }
    Some(out)
}

fn decimal(field: &str) -> Option<u32> {
    (!field.is_empty() && field.bytes().all(|b| b.is_ascii_digit()))
        .then(|| field.parse().ok())
        .flatten()
}

static PASSWD: Mutex<Option<Table<Passwd>>> = Mutex::new(None);
static GROUP: Mutex<Option<Table<Group>>> = Mutex::new(None);

/// The entry `pick` finds in `path`'s table (re-read when the file or nsswitch.conf
/// changed); `None` when the table is not usable or has no such entry: ask glibc then.
fn from_table<T: Clone>(
    table: &Mutex<Option<Table<T>>>,
    (path, nsswitch_path): (&str, &str),
    database: &str,
    parse: impl Fn(&str) -> Option<Vec<T>>,
    pick: impl Fn(&T) -> bool,
) -> Option<T> {
    let file = stamp(path)?;
    let nsswitch = stamp(nsswitch_path);
    let mut guard = table.lock().ok()?;
    let fresh = guard
        .as_ref()
        .is_some_and(|t| t.file == file && t.nsswitch == nsswitch);
    if !fresh {
        let usable = std::fs::read_to_string(nsswitch_path)
            .map(|text| files_first(&text, database))
            .unwrap_or(false);
        let entries = if usable {
            std::fs::read_to_string(path).ok().and_then(|t| parse(&t))
        } else {
            None
        };
        *guard = Some(Table {
            file,
            nsswitch,
            entries,
        });
    }
    guard
        .as_ref()?
        .entries
        .as_ref()?
        .iter()
        .find(|e| pick(e))
        .cloned()
}

fn passwd_table(pick: impl Fn(&Passwd) -> bool) -> Option<Passwd> {
    from_table(
        &PASSWD,
        ("/etc/passwd", NSSWITCH),
        "passwd",
        |text| {
            parse_lines(text, 7, |f| {
                Some(Passwd {
                    name: f[0].to_string(),
                    uid: decimal(f[2])?,
                    gid: decimal(f[3])?,
                    dir: f[5].to_string(),
                })
            })
        },
        pick,
    )
}

fn group_table(pick: impl Fn(&Group) -> bool) -> Option<Group> {
    from_table(
        &GROUP,
        ("/etc/group", NSSWITCH),
        "group",
        |text| {
            parse_lines(text, 4, |f| {
                Some(Group {
                    name: f[0].to_string(),
                    gid: decimal(f[2])?,
                })
            })
        },
        pick,
    )
}

/// `pwd.getpwnam(name)`.
pub fn getpwnam(name: &str) -> Option<Passwd> {
    if let Some(p) = passwd_table(|p| p.name == name) {
        return Some(p);
    }
    getpwnam_libc(name)
}

fn getpwnam_libc(name: &str) -> Option<Passwd> {
    let c = CString::new(name).ok()?;
    passwd_by(|pw, buf, result| {
        // SAFETY: a valid C string, out-parameters and a buffer of the length passed.
        unsafe { libc::getpwnam_r(c.as_ptr(), pw, buf.as_mut_ptr(), buf.len(), result) }
    })
}

/// `pwd.getpwuid(uid)`.
pub fn getpwuid(uid: libc::uid_t) -> Option<Passwd> {
    if let Some(p) = passwd_table(|p| p.uid == uid) {
        return Some(p);
    }
    getpwuid_libc(uid)
}

fn getpwuid_libc(uid: libc::uid_t) -> Option<Passwd> {
    passwd_by(|pw, buf, result| {
        // SAFETY: out-parameters and a buffer of the length passed.
        unsafe { libc::getpwuid_r(uid, pw, buf.as_mut_ptr(), buf.len(), result) }
    })
}

/// `grp.getgrnam(name)`.
pub fn getgrnam(name: &str) -> Option<Group> {
    if let Some(g) = group_table(|g| g.name == name) {
        return Some(g);
    }
    getgrnam_libc(name)
}

fn getgrnam_libc(name: &str) -> Option<Group> {
    let c = CString::new(name).ok()?;
    group_by(|gr, buf, result| {
        // SAFETY: a valid C string, out-parameters and a buffer of the length passed.
        unsafe { libc::getgrnam_r(c.as_ptr(), gr, buf.as_mut_ptr(), buf.len(), result) }
    })
}

/// `grp.getgrgid(gid)`.
pub fn getgrgid(gid: libc::gid_t) -> Option<Group> {
    if let Some(g) = group_table(|g| g.gid == gid) {
        return Some(g);
    }
    getgrgid_libc(gid)
}

fn getgrgid_libc(gid: libc::gid_t) -> Option<Group> {
    group_by(|gr, buf, result| {
        // SAFETY: out-parameters and a buffer of the length passed.
        unsafe { libc::getgrgid_r(gid, gr, buf.as_mut_ptr(), buf.len(), result) }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_and_its_group_are_found_by_id_and_by_name() {
        let root = getpwuid(0).expect("uid 0 has an entry");
        assert_eq!(root.uid, 0);
        assert_eq!(getpwnam(&root.name).map(|p| p.uid), Some(0));
        let group = getgrgid(0).expect("gid 0 has an entry");
        assert_eq!(getgrnam(&group.name).map(|g| g.gid), Some(0));
        assert!(getpwnam("halitetest-no-such-user").is_none());
        assert!(getgrnam("halitetest-no-such-group").is_none());
        assert!(getpwnam("nul\0inside").is_none());
    }

    #[test]
    fn every_entry_of_the_files_is_answered_as_glibc_answers_it() {
        let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
        for line in passwd
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let name = line.split(':').next().unwrap_or_default();
            let (ours, theirs) = (getpwnam(name), getpwnam_libc(name));
            assert_eq!(
                ours.as_ref().map(|p| (&p.name, p.uid, p.gid, &p.dir)),
                theirs.as_ref().map(|p| (&p.name, p.uid, p.gid, &p.dir)),
                "{name}"
            );
            if let Some(p) = theirs {
                assert_eq!(
                    getpwuid(p.uid).map(|q| q.name),
                    getpwuid_libc(p.uid).map(|q| q.name)
                );
            }
        }
        let group = std::fs::read_to_string("/etc/group").unwrap_or_default();
        for line in group
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let name = line.split(':').next().unwrap_or_default();
            let theirs = getgrnam_libc(name);
            assert_eq!(
                getgrnam(name).map(|g| (g.name, g.gid)),
                theirs.clone().map(|g| (g.name, g.gid)),
                "{name}"
            );
            if let Some(g) = theirs {
                assert_eq!(
                    getgrgid(g.gid).map(|h| h.name),
                    getgrgid_libc(g.gid).map(|h| h.name)
                );
            }
        }
    }

    #[test]
    fn the_files_source_is_used_only_when_glibc_asks_it_first() {
        let conf = "# comment\npasswd:         files systemd\ngroup: sss files\nhosts: files dns\n";
        assert!(files_first(conf, "passwd"));
        assert!(!files_first(conf, "group"));
        assert!(!files_first(conf, "shadow"));
        assert!(files_first("passwd: files # only\n", "passwd"));
        assert!(!files_first("passwd: compat\n", "passwd"));
    }

    #[test]
    fn a_line_not_in_the_plain_form_leaves_the_file_to_glibc() {
        let entry = |f: &[&str]| Some((f[0].to_string(), decimal(f[2])?));
        assert_eq!(
            parse_lines(
                "  root:x:0:0:r:/root:/bin/sh\n# note\n\nbin:x:2:2::/bin:/x\n",
                7,
                entry
            ),
            Some(vec![("root".into(), 0), ("bin".into(), 2)])
        );
        assert_eq!(parse_lines("root:x:0:0:r:/root\n", 7, entry), None);
        assert_eq!(parse_lines("+@netgroup:x:::::\n", 7, entry), None);
        assert_eq!(parse_lines("root:x:-1:0:r:/root:/bin/sh\n", 7, entry), None);
    }

    #[test]
    fn a_changed_file_or_nsswitch_conf_is_read_again() {
        let dir = std::env::temp_dir().join(format!("halite-accounts-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (file, nss) = (dir.join("group"), dir.join("nsswitch.conf"));
        let paths = (
            file.to_str().unwrap_or_default(),
            nss.to_str().unwrap_or_default(),
        );
        let table: Mutex<Option<Table<(String, u32)>>> = Mutex::new(None);
        let lookup = |gid: u32| {
            from_table(
                &table,
                paths,
                "group",
                |t| parse_lines(t, 4, |f| Some((f[0].to_string(), decimal(f[2])?))),
                |e| e.1 == gid,
            )
            .map(|e| e.0)
        };
        let write = |p: &std::path::Path, text: &str| {
            // a new file renamed over the old one, as shadow's tools write /etc/group
            let tmp = p.with_extension("tmp");
            std::fs::write(&tmp, text).expect("write");
            std::fs::rename(&tmp, p).expect("rename");
        };
        write(&nss, "group: files\n");
        write(&file, "a:x:1:\n");
        assert_eq!(lookup(1).as_deref(), Some("a"));
        write(&file, "b:x:1:\n");
        assert_eq!(lookup(1).as_deref(), Some("b"));
        write(&nss, "group: sss files\n");
        assert_eq!(lookup(1), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn lookups_from_many_threads_do_not_mix_their_answers() {
        let root = getpwuid(0).expect("uid 0").name;
        let other = getpwuid(65534).map(|p| p.name);
        let threads: Vec<_> = (0..8)
            .map(|t| {
                let (root, other) = (root.clone(), other.clone());
                std::thread::spawn(move || {
                    for _ in 0..2000 {
                        let uid = if t % 2 == 0 { 0 } else { 65534 };
                        let got = getpwuid(uid).map(|p| p.name);
                        let want = if uid == 0 {
                            Some(root.clone())
                        } else {
                            other.clone()
                        };
                        assert_eq!(got, want);
                    }
                })
            })
            .collect();
        for t in threads {
            t.join().expect("a lookup thread panicked");
        }
    }
}
