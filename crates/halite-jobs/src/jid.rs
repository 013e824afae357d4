//! Job ids as Salt makes and reads them (salt/utils/jid.py).

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};

/// `gen_jid(opts)`: the UTC time as `%Y%m%d%H%M%S%f` (20 digits); with `unique_jid`, one
/// microsecond past the last id this process made when the clock has not moved, and
/// `_PID` after it.
pub fn gen_jid(unique: bool) -> String {
    use std::sync::Mutex;
    static LAST: Mutex<u128> = Mutex::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros())
        .unwrap_or(0);
    if !unique {
        return format_micros(now);
    }
    let mut last = LAST.lock().unwrap_or_else(|e| e.into_inner());
    let t = if *last >= now { *last + 1 } else { now };
    *last = t;
    format!("{}_{}", format_micros(t), std::process::id())
}

/// Microseconds since the epoch as the jid of that moment.
pub fn micros_to_jid(us: u128) -> String {
    format_micros(us)
}

/// Microseconds since the epoch as `%Y%m%d%H%M%S%f` in UTC.
fn format_micros(us: u128) -> String {
    let secs = (us / 1_000_000) as i64;
    let micro = (us % 1_000_000) as u32;
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}{:02}{:02}{:02}{micro:06}",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian (H. Hinnant's
/// `civil_from_days`).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// `is_jid(jid)`.
pub fn is_jid(jid: &str) -> bool {
    let b = jid.as_bytes();
    (b.len() == 20 || (b.len() > 21 && b[20] == b'_')) && b[..20].iter().all(u8::is_ascii_digit)
}

/// `jid_to_time(jid)`: `2013, Sep 16 12:55:24.463507`, or "" for what is no jid.
pub fn jid_to_time(jid: &str) -> String {
    const MONTHS: [&str; 13] = [
        "", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let b = jid.as_bytes();
    if b.len() != 20 && (b.len() <= 21 || b[20] != b'_') || !jid.is_char_boundary(20) {
        return String::new();
    }
    let month = jid[4..6]
        .parse::<usize>()
        .ok()
        .and_then(|m| MONTHS.get(m))
        .copied()
        .unwrap_or("");
    format!(
        "{}, {} {} {}:{}:{}.{}",
        &jid[..4],
        month,
        &jid[6..8],
        &jid[8..10],
        &jid[10..12],
        &jid[12..14],
        &jid[14..20]
    )
}

/// `jid_dir(jid, job_dir, "sha256")`: `JOB_DIR/HH/REST` of the id's sha256 hex digest.
pub fn jid_dir(job_dir: &Path, jid: &str) -> PathBuf {
    let digest = Sha256::digest(jid.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    job_dir.join(&hex[..2]).join(&hex[2..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jids_read_and_format_as_salt_s() {
        assert_eq!(format_micros(0), "19700101000000000000");
        // 2013-09-16 12:55:24.463507 UTC
        assert_eq!(format_micros(1_379_336_124_463_507), "20130916125524463507");
        assert_eq!(
            jid_to_time("20130916125524463507"),
            "2013, Sep 16 12:55:24.463507"
        );
        assert_eq!(jid_to_time("2013091612552446350"), "");
        assert!(is_jid("20130916125524463507") && is_jid("20130916125524463507_77"));
        assert!(!is_jid("2013091612552446350x") && !is_jid("req"));
        let a = gen_jid(true);
        let b = gen_jid(true);
        assert!(a < b && is_jid(&a), "{a} {b}");
        assert_eq!(gen_jid(false).len(), 20);
    }

    #[test]
    fn jid_dir_is_the_sha256_split_after_two_digits() {
        // hashlib.sha256(b"20130916125524463507").hexdigest()
        let d = jid_dir(Path::new("/c/jobs"), "20130916125524463507");
        let s = d.to_string_lossy();
        assert!(s.starts_with("/c/jobs/"), "{s}");
        let parts: Vec<&str> = s.trim_start_matches("/c/jobs/").split('/').collect();
        assert_eq!((parts[0].len(), parts[1].len()), (2, 62));
    }
}
