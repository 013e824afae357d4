//! Test support shared by every crate's tests (a dev-dependency only).
//!
//! A test that cannot run here (not root, a tool missing, no formula checkouts, ...) must not
//! look like a pass. libtest hides what a passing test prints with `eprintln!`, so
//! [`skip`] writes its line straight to the process's stderr (past the capture) and, when
//! `HALITE_SKIP_LOG` names a file, appends it there: `scripts/test.sh` (the README's test
//! command) sets it and lists every skip with its reason after cargo's own summary.

use std::io::Write;

pub mod dpkg;
pub mod postgres_server;

/// Reports that `what` (a test, a case, a group of cases) did not run, and why.
pub fn skip(what: &str, why: &str) {
    let line = format!("SKIPPED {what}: {}", why.replace('\n', " "));
    let _ = writeln!(std::io::stderr().lock(), "{line}");
    if let Some(log) = std::env::var_os("HALITE_SKIP_LOG") {
        // One write of one line per call: appends from parallel tests do not interleave.
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(log)
        {
            let _ = f.write_all(format!("{line}\n").as_bytes());
        }
    }
}

/// [`skip`] for the running test as a whole, named as libtest names its thread.
pub fn skip_this_test(why: &str) {
    let name = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    skip(&name, why);
}

/// The rows of `sql` in the SQLite file at `db`, each column as text (NULL as "None", as
/// Python's `str()` of it, so expectations read as Salt's tables are read).
pub fn sqlite_rows(db: &std::path::Path, sql: &str) -> Vec<Vec<String>> {
    use rusqlite::types::ValueRef;
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap_or_else(|e| panic!("{}: {e}", db.display()));
    let mut st = conn.prepare(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    let n = st.column_count();
    let rows = st
        .query_map([], |r| {
            (0..n)
                .map(|i| {
                    Ok(match r.get_ref(i)? {
                        ValueRef::Null => "None".to_string(),
                        ValueRef::Integer(v) => v.to_string(),
                        ValueRef::Real(v) => v.to_string(),
                        ValueRef::Text(t) | ValueRef::Blob(t) => {
                            String::from_utf8_lossy(t).into_owned()
                        }
                    })
                })
                .collect::<rusqlite::Result<Vec<String>>>()
        })
        .unwrap_or_else(|e| panic!("{sql}: {e}"));
    rows.map(|r| r.unwrap_or_else(|e| panic!("{sql}: {e}")))
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_skip_is_appended_to_the_log_named_by_the_environment() {
        let dir = std::env::temp_dir().join(format!("halitetest-skiplog-{}", std::process::id()));
        let _ = std::fs::remove_file(&dir);
        // Only this test in this binary touches the variable.
        std::env::set_var("HALITE_SKIP_LOG", &dir);
        super::skip("case a", "no tool\nhere");
        super::skip("case b", "not root");
        std::env::remove_var("HALITE_SKIP_LOG");
        let text = std::fs::read_to_string(&dir).unwrap_or_default();
        let _ = std::fs::remove_file(&dir);
        assert_eq!(
            text,
            "SKIPPED case a: no tool here\nSKIPPED case b: not root\n"
        );
    }
}
