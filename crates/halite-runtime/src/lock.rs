//! One state run at a time, as salt/modules/state.py `_check_queue` / `running()` enforce it:
//! every running `state.*` call has a proc file under the cache dir (`proc/<jid>`, msgpack,
//! the format salt-call writes, so Salt and halite runs on one minion see each other); a
//! second call finds the first and is refused with "The function "state.apply" is running as PID N and was started at
//! 2026, Nov 21 16:35:46.123456 with jid 20261121163546123456" (exit status 1).

use std::path::{Path, PathBuf};

/// The proc file of the running state call; removed on drop.
#[derive(Debug)]
pub struct StateRunLock {
    path: PathBuf,
    pub jid: String,
    /// This run's temp-file journal.
    journal: Option<PathBuf>,
}

impl Drop for StateRunLock {
    fn drop(&mut self) {
        halite_exec::files::set_temp_journal(None);
        if let Some(j) = &self.journal {
            let _ = std::fs::remove_file(j);
        }
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Where state runs note their temp files (`<jid>-<pid>`, see [`clean_dead_runs_temp_files`]).
pub fn temp_journal_dir(cachedir: &Path) -> PathBuf {
    cachedir.join("halite-temp")
}

/// Whether `name` is a temp file name halite gives and `pid` made: `.<target>.halite-<pid>-<n>`
/// beside a target (atomic writes), or `__salt.tmp.*` (mkstemp, check_cmd).
fn is_temp_name_of(name: &str, pid: i64) -> bool {
    if name.starts_with("__salt.tmp.") {
        return true;
    }
    let Some((head, n)) = name.rsplit_once('-') else {
        return false;
    };
    name.starts_with('.')
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
        && head.ends_with(&format!(".halite-{pid}"))
}

/// Removes the temp files that killed state runs left: each run notes every temp file it
/// creates in `cachedir/halite-temp/<jid>-<pid>` before creating it (atomic writes put a
/// `.<target>.halite-<pid>-<n>` beside the target; `check_cmd` and `cmd.script` use
/// `__salt.tmp.*`), and removes the journal when it ends. A journal whose pid is gone, or
/// is not a Salt/halite process any more, or is ours (a dead run whose pid we got again), is
/// a dead run's: the files it lists are removed when their names are the ones that run gave
/// (so a listed path that is now something else is left alone), then the journal. A live
/// run's journal is left alone. Salt's own temp files are not touched: Salt leaves them.
pub fn clean_dead_runs_temp_files(cachedir: &Path) {
    let Ok(rd) = std::fs::read_dir(temp_journal_dir(cachedir)) else {
        return;
    };
    let me = i64::from(std::process::id());
    for entry in rd.flatten() {
        let journal = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .rsplit_once('-')
            .and_then(|(_, p)| p.parse::<i64>().ok())
        else {
            continue;
        };
        if pid != me && pid_alive(pid) && cmdline_is_salt(pid) {
            continue;
        }
        if let Ok(text) = std::fs::read(&journal) {
            for line in text.split(|b| *b == b'\n') {
                use std::os::unix::ffi::OsStrExt;
                let p = Path::new(std::ffi::OsStr::from_bytes(line));
                let ours = p.is_absolute()
                    && p.file_name()
                        .is_some_and(|n| is_temp_name_of(&n.to_string_lossy(), pid));
                let regular = std::fs::symlink_metadata(p).is_ok_and(|m| m.is_file());
                if ours && regular {
                    let _ = std::fs::remove_file(p);
                }
            }
        }
        let _ = std::fs::remove_file(&journal);
    }
}

struct LocalTime {
    year: i32,
    month: u32,
    day: u32,
    hour: u32,
    min: u32,
    sec: u32,
    micros: u32,
}

fn local_now() -> LocalTime {
    let d = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    let t: libc::time_t = d.as_secs() as libc::time_t;
    // SAFETY: localtime_r fills the zeroed struct we own.
    let tm = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        libc::localtime_r(&t, &mut tm);
        tm
    };
    LocalTime {
        year: tm.tm_year + 1900,
        month: (tm.tm_mon + 1) as u32,
        day: tm.tm_mday as u32,
        hour: tm.tm_hour as u32,
        min: tm.tm_min as u32,
        sec: tm.tm_sec as u32,
        micros: d.subsec_micros(),
    }
}

/// `salt.utils.jid.gen_jid`: `%Y%m%d%H%M%S%f` in local time.
pub fn gen_jid() -> String {
    let t = local_now();
    format!(
        "{:04}{:02}{:02}{:02}{:02}{:02}{:06}",
        t.year, t.month, t.day, t.hour, t.min, t.sec, t.micros
    )
}

/// `salt.utils.jid.jid_to_time`: `2026, Nov 21 16:35:46.123456`.
pub fn jid_to_time(jid: &str) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    if jid.len() < 20 || !jid.chars().all(|c| c.is_ascii_digit()) {
        return String::new();
    }
    let month: usize = jid[4..6].parse().unwrap_or(1);
    format!(
        "{}, {} {} {}:{}:{}.{}",
        &jid[0..4],
        MONTHS
            .get(month.saturating_sub(1))
            .copied()
            .unwrap_or("Jan"),
        &jid[6..8],
        &jid[8..10],
        &jid[10..12],
        &jid[12..14],
        &jid[14..20]
    )
}

fn pid_alive(pid: i64) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks for existence/permission.
    pid > 0 && unsafe { libc::kill(pid, 0) == 0 || *libc::__errno_location() == libc::EPERM }
}

/// `salt.utils.minion._check_cmdline`: on Linux a live pid counts only when its command line
/// holds `salt` (a recycled pid does not).
fn cmdline_is_salt(pid: i64) -> bool {
    if !Path::new("/proc").is_dir() {
        return true;
    }
    match std::fs::read(format!("/proc/{pid}/cmdline")) {
        Ok(cmdline) => cmdline.windows(4).any(|w| w == b"salt"),
        Err(_) => false,
    }
}

/// One running job, as a proc file describes it.
#[derive(Debug, Clone, PartialEq)]
pub struct ProcData {
    pub fun: String,
    pub pid: i64,
    pub jid: String,
}

/// The bytes of a proc file: `salt.payload.dumps({"fun", "pid", "jid", "tgt"})` as
/// salt/cli/caller.py writes them (msgpack; a map of 4 with str keys in that order).
pub fn encode_proc_file(fun: &str, pid: i64, jid: &str) -> Vec<u8> {
    use rmpv::Value as M;
    let data = M::Map(vec![
        (M::from("fun"), M::from(fun)),
        (M::from("pid"), M::from(pid)),
        (M::from("jid"), M::from(jid)),
        (M::from("tgt"), M::from("salt-call")),
    ]);
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = rmpv::encode::write_value(&mut out, &data);
    out
}

/// The job a proc file describes (`salt.payload.loads`), or `None` when it is not a map
/// with a pid. `jid` may be a string or an integer, `fun` absent (as `saltutil.is_running`
/// reads it: `data.get("fun", "")`).
pub fn decode_proc_file(bytes: &[u8]) -> Option<ProcData> {
    let mut rd = bytes;
    let rmpv::Value::Map(entries) = rmpv::decode::read_value(&mut rd).ok()? else {
        return None;
    };
    let get = |key: &str| {
        entries
            .iter()
            .find(|(k, _)| k.as_str() == Some(key))
            .map(|(_, v)| v)
    };
    let text = |v: Option<&rmpv::Value>| match v {
        Some(rmpv::Value::String(s)) => s.as_str().map(str::to_string),
        Some(rmpv::Value::Binary(b)) => Some(String::from_utf8_lossy(b).into_owned()),
        Some(rmpv::Value::Integer(i)) => Some(i.to_string()),
        _ => None,
    };
    let pid = get("pid")?.as_i64()?;
    Some(ProcData {
        fun: text(get("fun")).unwrap_or_default(),
        pid,
        jid: text(get("jid")).unwrap_or_default(),
    })
}

/// `salt.utils.minion.running(opts)` as salt-call (multiprocessing) reads it: the jobs of
/// `cachedir/proc` whose process runs. Removes, as Salt does, an empty file and the file of
/// a dead pid or of a pid that is not a Salt process; our own pid's files are skipped (a
/// file with our pid but another jid was left by a dead run whose pid we got again: removed).
/// halite's proc files before they took Salt's format (`halite-<jid>-<pid>`, text) are
/// removed once their pid is gone.
pub fn running(cachedir: &Path, own_jid: Option<&str>) -> Vec<ProcData> {
    let dir = cachedir.join("proc");
    let mut out = Vec::new();
    let Ok(rd) = std::fs::read_dir(&dir) else {
        return out;
    };
    let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    let me = i64::from(std::process::id());
    for p in entries {
        let Ok(bytes) = std::fs::read(&p) else {
            continue;
        };
        if bytes.is_empty() {
            let _ = std::fs::remove_file(&p);
            continue;
        }
        let Some(data) = decode_proc_file(&bytes) else {
            let legacy = p
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("halite-"));
            if legacy {
                let pid = String::from_utf8_lossy(&bytes)
                    .lines()
                    .next()
                    .and_then(|l| l.trim().parse::<i64>().ok());
                if pid.is_none_or(|pid| !pid_alive(pid)) {
                    let _ = std::fs::remove_file(&p);
                }
            }
            continue;
        };
        if data.pid == me {
            if own_jid.is_some_and(|j| j != data.jid) {
                let _ = std::fs::remove_file(&p);
            }
            continue;
        }
        if !pid_alive(data.pid) || !cmdline_is_salt(data.pid) {
            let _ = std::fs::remove_file(&p);
            continue;
        }
        out.push(data);
    }
    out
}

/// Register this `fun` (e.g. `state.apply`) as running under `cachedir/proc`, in Salt's
/// format, so that Salt and halite runs on one minion see each other. When another live
/// state call is registered, returns Salt's conflict messages instead (the caller prints
/// them as the return, `{"local": [...]}`, and exits 1). `concurrent=True` skips the check.
pub fn acquire(cachedir: &Path, fun: &str, concurrent: bool) -> Result<StateRunLock, Vec<String>> {
    let dir = cachedir.join("proc");
    let _ = std::fs::create_dir_all(&dir);
    let jid = gen_jid();
    let active = running(cachedir, Some(&jid));
    if !concurrent {
        let conflicts: Vec<String> = active
            .iter()
            .filter(|d| halite_value::fnmatch(&d.fun, "state.*"))
            .map(|d| {
                format!(
                    "The function \"{}\" is running as PID {} and was started at {} with jid {}",
                    d.fun,
                    d.pid,
                    jid_to_time(&d.jid),
                    d.jid
                )
            })
            .collect();
        if !conflicts.is_empty() {
            return Err(conflicts);
        }
    }
    let path = dir.join(&jid);
    let _ = std::fs::write(
        &path,
        encode_proc_file(fun, i64::from(std::process::id()), &jid),
    );
    // What dead runs left, then this run's own journal.
    clean_dead_runs_temp_files(cachedir);
    let journal = Some({
        let d = temp_journal_dir(cachedir);
        let _ = std::fs::create_dir_all(&d);
        d.join(format!("{jid}-{}", std::process::id()))
    });
    halite_exec::files::set_temp_journal(journal.clone());
    Ok(StateRunLock { path, jid, journal })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_dead_runs_own_temp_names_are_removed() {
        assert!(is_temp_name_of(".app.conf.halite-1234-0", 1234));
        assert!(is_temp_name_of(".x.halite-1234-17", 1234));
        assert!(is_temp_name_of("__salt.tmp.ab_c9x0z", 1234));
        // Another pid's, or not halite's pattern.
        assert!(!is_temp_name_of(".app.conf.halite-999-0", 1234));
        assert!(!is_temp_name_of("app.conf.halite-1234-0", 1234));
        assert!(!is_temp_name_of(".app.conf.halite-1234-", 1234));
        assert!(!is_temp_name_of(".app.conf.halite-1234-0x", 1234));
        assert!(!is_temp_name_of("app.conf", 1234));
    }

    #[test]
    fn jid_to_time_as_salt_prints_it() {
        assert_eq!(
            jid_to_time("20261121163546123456"),
            "2026, Nov 21 16:35:46.123456"
        );
    }
}
