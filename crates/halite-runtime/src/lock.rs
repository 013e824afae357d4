//! One state run at a time, as salt/modules/state.py `_check_queue` / `running()` enforce it:
//! every running `state.*` call has a proc file under the cache dir; a second call finds the
//! first and is refused with "The function "state.apply" is running as PID N and was started at
//! 2026, Nov 21 16:35:46.123456 with jid 20261121163546123456" (exit status 1).

use std::path::{Path, PathBuf};

/// The proc file of the running state call; removed on drop.
#[derive(Debug)]
pub struct StateRunLock {
    path: PathBuf,
    pub jid: String,
}

impl Drop for StateRunLock {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
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

fn pid_alive(pid: i32) -> bool {
    // SAFETY: kill with signal 0 only checks for existence/permission.
    pid > 0 && unsafe { libc::kill(pid, 0) == 0 || *libc::__errno_location() == libc::EPERM }
}

/// Register this `fun` (e.g. `state.apply`) as running under `cachedir/proc`. When another
/// live state call is registered, returns Salt's conflict messages instead (the caller prints
/// them as the return, `{"local": [...]}`, and exits 1). `concurrent=True` skips the check.
pub fn acquire(cachedir: &Path, fun: &str, concurrent: bool) -> Result<StateRunLock, Vec<String>> {
    let dir = cachedir.join("proc");
    let _ = std::fs::create_dir_all(&dir);
    let mut conflicts = Vec::new();
    if !concurrent {
        if let Ok(rd) = std::fs::read_dir(&dir) {
            let mut entries: Vec<_> = rd.flatten().map(|e| e.path()).collect();
            entries.sort();
            for p in entries {
                let Ok(text) = std::fs::read_to_string(&p) else {
                    continue;
                };
                let mut lines = text.lines();
                let (Some(pid), Some(jid), Some(f)) = (lines.next(), lines.next(), lines.next())
                else {
                    continue;
                };
                let Ok(pid) = pid.trim().parse::<i32>() else {
                    continue;
                };
                if !f.starts_with("state.") || !pid_alive(pid) || pid == std::process::id() as i32 {
                    continue;
                }
                conflicts.push(format!(
                    "The function \"{f}\" is running as PID {pid} and was started at {} with jid {jid}",
                    jid_to_time(jid)
                ));
            }
        }
    }
    if !conflicts.is_empty() {
        return Err(conflicts);
    }
    let jid = gen_jid();
    let path = dir.join(format!("halite-{jid}-{}", std::process::id()));
    let _ = std::fs::write(&path, format!("{}\n{jid}\n{fun}\n", std::process::id()));
    Ok(StateRunLock { path, jid })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_run_is_refused_while_first_runs() {
        let dir = tempfile::tempdir().expect("tempdir");
        let first = acquire(dir.path(), "state.apply", false).expect("first run");
        // A fake live holder: our parent process id is alive and not us.
        let ppid = unsafe { libc::getppid() };
        let jid = "20261121163546123456";
        std::fs::write(
            dir.path().join("proc").join("other"),
            format!("{ppid}\n{jid}\nstate.sls\n"),
        )
        .expect("write");
        let err = acquire(dir.path(), "state.apply", false).expect_err("conflict");
        assert_eq!(
            err,
            vec![format!(
                "The function \"state.sls\" is running as PID {ppid} and was started at 2026, Nov 21 16:35:46.123456 with jid {jid}"
            )]
        );
        assert!(acquire(dir.path(), "state.apply", true).is_ok());
        drop(first);
    }
}
