//! Small helpers shared by the state modules and the runtime.

use halite_value::{Map, Value};

/// Salt's `_gen_tag`: `state_|-__id__|-name_|-fun`, each part as Python's `str()`.
pub fn gen_tag(low: &Map) -> String {
    let part = |k: &str| low.get(k).map(Value::py_str).unwrap_or_default();
    format!(
        "{}_|-{}_|-{}_|-{}",
        part("state"),
        part("__id__"),
        part("name"),
        part("fun")
    )
}

pub fn gen_tag_value(low: &Value) -> String {
    low.as_map().map(gen_tag).unwrap_or_default()
}

/// Salt's `STATE_REQUISITE_KEYWORDS`: the first 13 of [`STATE_INTERNAL_KEYWORDS`].
pub const STATE_REQUISITE_KEYWORDS: &[&str] = STATE_INTERNAL_KEYWORDS.split_at(13).0;

/// Salt's `STATE_INTERNAL_KEYWORDS` (requisites, their `_in` forms and the runtime keywords):
/// what `format_call` keeps out of a state function's `**kwargs`.
pub const STATE_INTERNAL_KEYWORDS: &[&str] = &[
    "onchanges",
    "onchanges_any",
    "onfail",
    "onfail_any",
    "onfail_all",
    "onfail_stop",
    "prereq",
    "prerequired",
    "watch",
    "watch_any",
    "require",
    "require_any",
    "listen",
    "onchanges_in",
    "onfail_in",
    "prereq_in",
    "watch_in",
    "require_in",
    "listen_in",
    "fun",
    "state",
    "check_cmd",
    "cmd_opts_exclude",
    "failhard",
    "onlyif",
    "unless",
    "creates",
    "retry",
    "order",
    "parallel",
    "reload_modules",
    "reload_grains",
    "reload_pillar",
    "runas",
    "runas_password",
    "fire_event",
    "saltenv",
    "umask",
    "use",
    "use_in",
    "__env__",
    "__sls__",
    "__id__",
    "__sls_included_from__",
    "__orchestration_jid__",
    "__pub_user",
    "__pub_arg",
    "__pub_jid",
    "__pub_fun",
    "__pub_tgt",
    "__pub_ret",
    "__pub_pid",
    "__pub_tgt_type",
    "__prereq__",
    "__prerequired__",
    "__umask__",
];

/// A state function's `**kwargs`: the chunk's keys that are neither internal keywords nor
/// among the function's named parameters (`params`).
pub fn extra_kwargs(low: &Map, params: &[&str]) -> Map {
    low.iter()
        .filter(|(k, _)| {
            let k = k.py_str();
            !STATE_INTERNAL_KEYWORDS.contains(&k.as_str()) && !params.contains(&k.as_str())
        })
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Python's `fnmatch.fnmatch` on POSIX (case-sensitive): `*`, `?`, `[seq]`, `[!seq]`; an
/// unclosed `[` is a literal.
pub fn fnmatch(name: &str, pat: &str) -> bool {
    let n: Vec<char> = name.chars().collect();
    let p: Vec<char> = pat.chars().collect();
    fn class_end(p: &[char], i: usize) -> Option<usize> {
        // p[i] == '['; returns index of closing ']'
        let mut j = i + 1;
        if j < p.len() && p[j] == '!' {
            j += 1;
        }
        if j < p.len() && p[j] == ']' {
            j += 1;
        }
        while j < p.len() && p[j] != ']' {
            j += 1;
        }
        (j < p.len()).then_some(j)
    }
    fn class_match(p: &[char], start: usize, end: usize, c: char) -> bool {
        let mut i = start + 1;
        let neg = i < end && p[i] == '!';
        if neg {
            i += 1;
        }
        let mut hit = false;
        let first = i;
        while i < end {
            if i + 2 < end && p[i + 1] == '-' {
                if p[i] <= c && c <= p[i + 2] {
                    hit = true;
                }
                i += 3;
            } else {
                if p[i] == c || (i == first && p[i] == ']' && c == ']') {
                    hit = true;
                }
                i += 1;
            }
        }
        hit != neg
    }
    fn rec(n: &[char], p: &[char]) -> bool {
        let (mut ni, mut pi) = (0, 0);
        let mut star: Option<(usize, usize)> = None;
        loop {
            if pi < p.len() {
                match p[pi] {
                    '*' => {
                        star = Some((pi, ni));
                        pi += 1;
                        continue;
                    }
                    '?' if ni < n.len() => {
                        ni += 1;
                        pi += 1;
                        continue;
                    }
                    '[' => {
                        if let Some(end) = class_end(p, pi) {
                            if ni < n.len() && class_match(p, pi, end, n[ni]) {
                                ni += 1;
                                pi = end + 1;
                                continue;
                            }
                        } else if ni < n.len() && n[ni] == '[' {
                            ni += 1;
                            pi += 1;
                            continue;
                        }
                    }
                    c if c != '?' && ni < n.len() && n[ni] == c => {
                        ni += 1;
                        pi += 1;
                        continue;
                    }
                    _ => {}
                }
            } else if ni == n.len() {
                return true;
            }
            match star {
                Some((sp, sn)) if sn < n.len() => {
                    star = Some((sp, sn + 1));
                    pi = sp + 1;
                    ni = sn + 1;
                }
                _ => return false,
            }
        }
    }
    rec(&n, &p)
}

/// Python `datetime.time.isoformat()` of the local time now: `HH:MM:SS.ffffff`, or
/// `HH:MM:SS` when the microseconds are 0.
pub fn local_time_iso(t: std::time::SystemTime) -> String {
    let d = t.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let micros = d.subsec_micros();
    let offset = local_utc_offset(secs);
    let day = (secs + offset).rem_euclid(86_400);
    let (h, m, s) = (day / 3600, (day / 60) % 60, day % 60);
    if micros == 0 {
        format!("{h:02}:{m:02}:{s:02}")
    } else {
        format!("{h:02}:{m:02}:{s:02}.{micros:06}")
    }
}

/// The time stamp `salt.utils.files.backup_minion` puts in a backup's name:
/// `time.strftime("%a_%b_%d_%H:%M:%S_%Y")` (local time, C locale) with the last six digits of
/// the time in microseconds inserted before the year: `Mon_Jan_01_12:00:00_123456_2024`.
pub fn backup_stamp(t: std::time::SystemTime) -> String {
    const DAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let d = t.duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own; both pointers are valid.
    let tm = unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        libc::localtime_r(&secs, &mut tm);
        tm
    };
    let name = |names: &[&'static str], i: libc::c_int| -> &'static str {
        usize::try_from(i)
            .ok()
            .and_then(|i| names.get(i))
            .copied()
            .unwrap_or("???")
    };
    format!(
        "{}_{}_{:02}_{:02}:{:02}:{:02}_{:06}_{}",
        name(&DAYS, tm.tm_wday),
        name(&MONTHS, tm.tm_mon),
        tm.tm_mday,
        tm.tm_hour,
        tm.tm_min,
        tm.tm_sec,
        d.subsec_micros(),
        tm.tm_year + 1900
    )
}

fn local_utc_offset(secs: i64) -> i64 {
    let t: libc::time_t = secs as libc::time_t;
    // SAFETY: localtime_r writes into the zeroed struct we own; both pointers are valid.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&t, &mut tm).is_null() {
            return 0;
        }
        tm.tm_gmtoff
    }
}

#[cfg(test)]
mod tests {
    use super::fnmatch;

    #[test]
    fn fnmatch_like_python() {
        assert!(fnmatch("web_one", "web_*"));
        assert!(fnmatch("db_one", "db_on?"));
        assert!(!fnmatch("db_one", "db_o?"));
        assert!(fnmatch("abc", "a[a-c]c"));
        assert!(!fnmatch("abc", "a[!a-c]c"));
        assert!(fnmatch("a[", "a["));
        assert!(fnmatch("", "*"));
        assert!(fnmatch("x/y", "x*"));
        assert!(!fnmatch("main", "other"));
    }
}
