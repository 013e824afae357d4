//! Salt's `strftime` / `date_format` filter (salt/utils/dateutils.py): a date given as
//! `None` (now) or a Unix timestamp (number or digit string), formatted with C `strftime`
//! codes. Times are UTC (the host's local time zone is not consulted).

use super::{add, FilterResult};
use crate::repr::py_str;
use minijinja::value::{Value, ValueKind};
use minijinja::{Environment, Error, ErrorKind};
use std::time::{SystemTime, UNIX_EPOCH};

pub fn register(env: &mut Environment<'static>) {
    add(env, "strftime", |_, v, a| {
        strftime(
            &v,
            &a.str_at(0, "format").unwrap_or_else(|| "%Y-%m-%d".into()),
        )
    });
    add(env, "date_format", |_, v, a| {
        strftime(
            &v,
            &a.str_at(0, "format").unwrap_or_else(|| "%Y-%m-%d".into()),
        )
    });
}

fn timestamp(v: &Value) -> Result<f64, Error> {
    match v.kind() {
        ValueKind::None | ValueKind::Undefined => Ok(SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs_f64())
            .unwrap_or(0.0)),
        ValueKind::Number => f64::try_from(v.clone()).map_err(|_| unparsable(v)),
        ValueKind::String => py_str(v).trim().parse::<f64>().map_err(|_| unparsable(v)),
        _ => Err(unparsable(v)),
    }
}

fn unparsable(v: &Value) -> Error {
    Error::new(
        ErrorKind::InvalidOperation,
        format!("Unable to parse {}. Consider installing timelib", py_str(v)),
    )
}

/// Days since 1970-01-01 -> (year, month, day) (Howard Hinnant's civil_from_days).
fn civil(days: i64) -> (i64, u32, u32) {
    let z = days + 719468;
    let era = z.div_euclid(146097);
    let doe = z.rem_euclid(146097);
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

const DAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

fn strftime(v: &Value, fmt: &str) -> FilterResult {
    let ts = timestamp(v)?;
    let secs = ts.floor() as i64;
    let days = secs.div_euclid(86400);
    let sod = secs.rem_euclid(86400);
    let (y, m, d) = civil(days);
    let (hh, mm, ss) = (sod / 3600, (sod % 3600) / 60, sod % 60);
    let weekday = (days + 3).rem_euclid(7) as usize; // 1970-01-01 was a Thursday
    let yday = days - days_from_civil(y, 1, 1) + 1;
    let mut out = String::new();
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('Y') => out.push_str(&y.to_string()),
            Some('y') => out.push_str(&format!("{:02}", y.rem_euclid(100))),
            Some('m') => out.push_str(&format!("{m:02}")),
            Some('d') => out.push_str(&format!("{d:02}")),
            Some('e') => out.push_str(&format!("{d:2}")),
            Some('H') => out.push_str(&format!("{hh:02}")),
            Some('I') => out.push_str(&format!("{:02}", if hh % 12 == 0 { 12 } else { hh % 12 })),
            Some('p') => out.push_str(if hh < 12 { "AM" } else { "PM" }),
            Some('M') => out.push_str(&format!("{mm:02}")),
            Some('S') => out.push_str(&format!("{ss:02}")),
            Some('f') => out.push_str(&format!("{:06}", ((ts - ts.floor()) * 1e6).round() as i64)),
            Some('j') => out.push_str(&format!("{yday:03}")),
            Some('a') => out.push_str(&DAYS[weekday][..3]),
            Some('A') => out.push_str(DAYS[weekday]),
            Some('u') => out.push_str(&(weekday + 1).to_string()),
            Some('w') => out.push_str(&((weekday + 1) % 7).to_string()),
            Some('b') | Some('h') => out.push_str(&MONTHS[(m - 1) as usize][..3]),
            Some('B') => out.push_str(MONTHS[(m - 1) as usize]),
            Some('s') => out.push_str(&secs.to_string()),
            Some('F') => out.push_str(&format!("{y}-{m:02}-{d:02}")),
            Some('T') => out.push_str(&format!("{hh:02}:{mm:02}:{ss:02}")),
            Some('D') => out.push_str(&format!("{m:02}/{d:02}/{:02}", y.rem_euclid(100))),
            Some('Z') | Some('z') => {}
            Some('%') => out.push('%'),
            Some(other) => {
                out.push('%');
                out.push(other);
            }
            None => out.push('%'),
        }
    }
    Ok(Value::from(out))
}

fn days_from_civil(y: i64, m: u32, d: u32) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = i64::from((m + 9) % 12);
    let doy = (153 * mp + 2) / 5 + i64::from(d) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146097 + doe - 719468
}
