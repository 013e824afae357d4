//! `salt.modules.postgres`: loaded only when `psql` is on the PATH (Salt's `__virtual__`).
//!
//! The read-only queries run for real, as Salt runs them: `psql --no-align --no-readline
//! --no-psqlrc --no-password [--username U] [--host H] [--port P] --dbname DB ...` as the
//! `postgres` user (unless `runas` or a TCP `host` says otherwise), with the connection
//! settings from the arguments or the `postgres.*` options, a PGPASSFILE holding
//! `postgres.pass`, and the exit code in `__context__['retcode']`. Functions that change the
//! server are registered with Salt's signatures but fail saying halite does not run them.
//!
//! Differences: the command gets a login-like environment (HOME, USER, LOGNAME, SHELL, PATH)
//! instead of the one Salt captures through `su - <runas>`, and only the user's primary
//! group; an `expiry time` is its text (`2030-01-01 00:00:00`), not a Python datetime.

use crate::salt_utils::bind;
use crate::{Args, ExecContext, ExecError};
use halite_value::{Map, Value};
use std::io::Write;
use std::process::{Command, Stdio};

pub(crate) fn available() -> bool {
    super::cmd::which_path("psql").is_some()
}

/// The connection arguments every function takes.
const CONN: [&str; 6] = [
    "user",
    "host",
    "port",
    "maintenance_db",
    "password",
    "runas",
];

#[derive(Default, Clone)]
struct Conn {
    user: Option<Value>,
    host: Option<Value>,
    port: Option<Value>,
    maintenance_db: Option<Value>,
    password: Option<Value>,
    runas: Option<Value>,
}

impl Conn {
    /// The connection arguments at positions `first..first + 6` of a bound call.
    fn from_bound(b: &crate::salt_utils::Bound<'_>, first: usize) -> Conn {
        let at = |i: usize| b.opt(first + i).cloned();
        Conn {
            user: at(0),
            host: at(1),
            port: at(2),
            maintenance_db: at(3),
            password: at(4),
            runas: at(5),
        }
    }
}

fn names<'a>(lead: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    lead.iter()
        .chain(CONN.iter())
        .chain(tail.iter())
        .copied()
        .collect()
}

/// `config.option(key)` (`''` when unset) or `config.option(key, default=...)`.
fn option(ctx: &ExecContext, key: &str, default: Option<Value>) -> Value {
    let mut kwargs = Map::new();
    if let Some(d) = default {
        kwargs.insert("default", d);
    }
    super::config::option(ctx, &Args::new(vec![Value::str(key)], kwargs)).unwrap_or_default()
}

/// A non-empty string form of a truthy value.
fn text(v: &Option<Value>) -> Option<String> {
    v.as_ref().filter(|v| v.truthy()).map(Value::py_str)
}

/// `_find_pg_binary(util)`: on the PATH, else in the `postgres.bins_dir` option.
fn find_pg_binary(ctx: &ExecContext, util: &str) -> Option<String> {
    let bins_dir = option(ctx, "postgres.bins_dir", None);
    super::cmd::which_path(util).or_else(|| {
        bins_dir.truthy().then(|| {
            let dir = bins_dir.py_str();
            super::cmd::which_path(&format!("{}/{util}", dir.trim_end_matches('/')))
        })?
    })
}

/// `_psql_cmd(*args, user=, host=, port=, maintenance_db=)`.
fn psql_cmd(ctx: &ExecContext, conn: &Conn, args: &[&str]) -> Result<Vec<String>, ExecError> {
    let pick = |given: &Option<Value>, key: &str| {
        text(given).or_else(|| text(&Some(option(ctx, key, None))))
    };
    let user = pick(&conn.user, "postgres.user");
    let host = pick(&conn.host, "postgres.host");
    let port = pick(&conn.port, "postgres.port");
    let db = pick(&conn.maintenance_db, "postgres.maintenance_db");
    let psql = find_pg_binary(ctx, "psql")
        .ok_or_else(|| ExecError::Failed("psql executable not found.".into()))?;
    let mut cmd = vec![
        psql,
        "--no-align".into(),
        "--no-readline".into(),
        "--no-psqlrc".into(),
        "--no-password".into(),
    ];
    for (flag, v) in [("--username", user), ("--host", host), ("--port", port)] {
        if let Some(v) = v {
            cmd.push(flag.into());
            cmd.push(v);
        }
    }
    cmd.push("--dbname".into());
    cmd.push(db.unwrap_or_else(|| "postgres".into()));
    cmd.extend(args.iter().map(|a| a.to_string()));
    Ok(cmd)
}

/// What `cmd.run_all` returned for psql.
struct Ran {
    retcode: i64,
    stdout: String,
}

fn current_uid() -> u32 {
    // SAFETY: geteuid takes no arguments and cannot fail.
    unsafe { libc::geteuid() }
}

/// `_run_psql(cmd, runas, password, host, port, user)`: `cmd.run_all(cmd, runas=...,
/// clean_env=True, reset_system_locale=False, env={'PGPASSFILE': ...})`.
fn run_psql(ctx: &ExecContext, cmd: &[String], conn: &Conn) -> Result<Ran, ExecError> {
    let mut host = text(&conn.host);
    let mut runas = text(&conn.runas);
    if runas.is_none() {
        if host.is_none() {
            host = text(&Some(option(ctx, "postgres.host", None)));
        }
        if host.as_deref().is_none_or(|h| h.starts_with('/')) {
            let family = ctx
                .grains
                .get("os_family")
                .map(Value::py_str)
                .unwrap_or_default();
            runas = Some(if family.contains("OpenBSD") {
                "_postgresql".into()
            } else {
                "postgres".into()
            });
        }
    }
    let user = text(&conn.user).or_else(|| runas.clone());
    // `config.option('postgres.pass')` is '' when unset, so Salt always writes the file.
    let password = match &conn.password {
        Some(p) => p.clone(),
        None => option(ctx, "postgres.pass", None),
    };
    let account = match &runas {
        Some(name) => Some(
            super::useradd::passwd_entries()
                .into_iter()
                .find(|p| &p.name == name)
                .ok_or_else(|| ExecError::Failed(format!("User '{name}' is not available")))?,
        ),
        None => None,
    };
    let me = current_uid();
    if let Some(acct) = &account {
        if acct.uid != me && me != 0 {
            return Err(ExecError::Failed(format!(
                "Unable to run command '{}' as user '{}': switching users needs root",
                cmd.first().cloned().unwrap_or_default(),
                acct.name
            )));
        }
    }
    let pgpass = if password.is_null() {
        None
    } else {
        let host_field = match host.as_deref() {
            Some(h) if !h.starts_with('/') => h.to_string(),
            _ => "localhost".into(),
        };
        let line = format!(
            "{host_field}:{}:*:{}:{}",
            text(&conn.port).unwrap_or_else(|| "*".into()),
            user.clone().unwrap_or_else(|| "*".into()),
            password.py_str()
        );
        Some(write_pgpass(
            &line,
            account.as_ref().map(|a| (a.uid, a.gid)),
        )?)
    };

    let mut command = Command::new(&cmd[0]);
    command.args(&cmd[1..]);
    command.env_clear();
    command.stdin(Stdio::null());
    let home = match &account {
        Some(acct) => {
            command.env("HOME", &acct.dir);
            command.env("USER", &acct.name);
            command.env("LOGNAME", &acct.name);
            command.env("SHELL", &acct.shell);
            command.env("PATH", "/usr/local/bin:/usr/bin:/bin");
            if acct.uid != me {
                use std::os::unix::process::CommandExt;
                command.uid(acct.uid).gid(acct.gid);
            }
            acct.dir.clone()
        }
        None => std::env::var("HOME").unwrap_or_else(|_| "/".into()),
    };
    if std::path::Path::new(&home).is_dir() {
        command.current_dir(&home);
    }
    if let Some(p) = &pgpass {
        command.env("PGPASSFILE", p);
    }
    let output = command.output();
    if let Some(p) = &pgpass {
        if std::fs::remove_file(p).is_err() {
            tracing::warn!("Remove PGPASSFILE failed");
        }
    }
    let output = output.map_err(|e| {
        ExecError::Failed(format!(
            "Unable to run command '{}' with the context '{{}}', reason: {e}",
            cmd[0]
        ))
    })?;
    let retcode = output.status.code().map(i64::from).unwrap_or_else(|| {
        use std::os::unix::process::ExitStatusExt;
        -i64::from(output.status.signal().unwrap_or(0))
    });
    let stdout = String::from_utf8_lossy(&output.stdout)
        .trim_end()
        .to_string();
    let stderr = String::from_utf8_lossy(&output.stderr)
        .trim_end()
        .to_string();
    ctx.retcode.set(retcode);
    if retcode != 0 {
        tracing::error!("Command '{}' failed with return code: {retcode}", cmd[0]);
        if !stdout.is_empty() {
            tracing::error!("stdout: {stdout}");
        }
        if !stderr.is_empty() {
            tracing::error!("stderr: {stderr}");
        }
        tracing::error!("retcode: {retcode}");
        tracing::error!("Error connecting to Postgresql server");
    }
    Ok(Ran { retcode, stdout })
}

/// `salt.utils.files.mkstemp(text=True)` with the line, owned by the `runas` user.
fn write_pgpass(line: &str, owner: Option<(u32, u32)>) -> Result<std::path::PathBuf, ExecError> {
    use std::os::unix::fs::OpenOptionsExt;
    let fail = |e: std::io::Error| ExecError::Failed(format!("Unable to write PGPASSFILE: {e}"));
    let dir = std::env::temp_dir();
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    for attempt in 0..100u32 {
        let path = dir.join(format!("tmp{:x}{:x}{attempt}", std::process::id(), nanos));
        let file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path);
        let mut file = match file {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(fail(e)),
        };
        file.write_all(line.as_bytes()).map_err(fail)?;
        if let Some((uid, gid)) = owner {
            if uid != current_uid() {
                std::os::unix::fs::chown(&path, Some(uid), Some(gid)).map_err(fail)?;
            }
        }
        return Ok(path);
    }
    Err(ExecError::Failed(
        "Unable to write PGPASSFILE: no free temporary file name".into(),
    ))
}

/// Python's `csv.reader` (excel dialect) over `text`: rows of fields; blank lines are `[]`.
fn csv_rows(text: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut field_started = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if in_quotes {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    field.push('"');
                } else {
                    in_quotes = false;
                }
            } else {
                field.push(c);
            }
            continue;
        }
        match c {
            '"' if !field_started => {
                in_quotes = true;
                field_started = true;
            }
            ',' => {
                row.push(std::mem::take(&mut field));
                field_started = false;
            }
            '\r' | '\n' => {
                if c == '\r' && chars.peek() == Some(&'\n') {
                    chars.next();
                }
                if field_started || !row.is_empty() {
                    row.push(std::mem::take(&mut field));
                }
                rows.push(std::mem::take(&mut row));
                field_started = false;
            }
            _ => {
                field.push(c);
                field_started = true;
            }
        }
    }
    if field_started || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    rows
}

/// `psql_query`: `COPY (query) TO STDOUT WITH CSV HEADER`, rows as dicts; `[]` on failure.
fn query_rows(
    ctx: &ExecContext,
    query: &str,
    conn: &Conn,
    write: bool,
) -> Result<Vec<Map>, ExecError> {
    let mut csv_query = format!(
        "COPY ({}) TO STDOUT WITH CSV HEADER",
        query.trim().trim_end_matches(';')
    );
    if write {
        csv_query = format!("START TRANSACTION READ WRITE; {csv_query}; COMMIT TRANSACTION;");
    }
    let cmd = psql_cmd(ctx, conn, &["-v", "datestyle=ISO,MDY", "-c", &csv_query])?;
    let ran = run_psql(ctx, &cmd, conn)?;
    if ran.retcode > 0 {
        return Ok(Vec::new());
    }
    let mut header: Option<Vec<String>> = None;
    let mut ret = Vec::new();
    for row in csv_rows(&ran.stdout) {
        if row.is_empty() {
            continue;
        }
        match &header {
            None => header = Some(row),
            Some(h) => ret.push(
                h.iter()
                    .zip(row)
                    .map(|(k, v)| (Value::str(k.clone()), Value::Str(v.into())))
                    .collect(),
            ),
        }
    }
    if write {
        ret.pop();
    }
    Ok(ret)
}

fn rows_value(rows: Vec<Map>) -> Value {
    Value::List(rows.into_iter().map(Value::Map).collect())
}

/// `psql_query(query, user=None, host=None, port=None, maintenance_db=None, password=None,
/// runas=None, write=False)`.
pub fn psql_query(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&["query"], &["write"]);
    let b = bind("postgres.psql_query", a, &n, 1)?;
    let query = b.str_or(0, "");
    let rows = query_rows(ctx, &query, &Conn::from_bound(&b, 1), b.truthy(7))?;
    Ok(rows_value(rows))
}

/// `version(user=None, host=None, port=None, maintenance_db=None, password=None,
/// runas=None)`: the server's `server_version` setting, or None.
pub fn version(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&[], &[]);
    let b = bind("postgres.version", a, &n, 0)?;
    server_version(ctx, &Conn::from_bound(&b, 0))
}

fn server_version(ctx: &ExecContext, conn: &Conn) -> Result<Value, ExecError> {
    let query = "SELECT setting FROM pg_catalog.pg_settings WHERE name = 'server_version'";
    let cmd = psql_cmd(ctx, conn, &["-c", query, "-t"])?;
    let ran = run_psql(ctx, &cmd, conn)?;
    // `for line in salt.utils.itertools.split(stdout, "\n"): return line`
    Ok(if ran.stdout.is_empty() {
        Value::Null
    } else {
        Value::str(ran.stdout.split('\n').next().unwrap_or(""))
    })
}

/// `{row['Name']: row without 'Name'}` of a query.
fn by_name(ctx: &ExecContext, query: &str, conn: &Conn) -> Result<Map, ExecError> {
    let mut ret = Map::new();
    for mut row in query_rows(ctx, query, conn, false)? {
        let name = row.remove("Name").unwrap_or_default();
        ret.insert(name, Value::Map(row));
    }
    Ok(ret)
}

const DB_LIST_QUERY: &str = "SELECT datname as \"Name\", pga.rolname as \"Owner\", \
    pg_encoding_to_char(encoding) as \"Encoding\", datcollate as \"Collate\", \
    datctype as \"Ctype\", datacl as \"Access privileges\", spcname as \"Tablespace\" \
    FROM pg_database pgd, pg_roles pga, pg_tablespace pgts \
    WHERE pga.oid = pgd.datdba AND pgts.oid = pgd.dattablespace";

const TABLESPACE_LIST_QUERY: &str = "SELECT spcname as \"Name\", pga.rolname as \"Owner\", \
    spcacl as \"ACL\", spcoptions as \"Opts\", pg_tablespace_location(pgts.oid) as \"Location\" \
    FROM pg_tablespace pgts, pg_roles pga WHERE pga.oid = pgts.spcowner";

/// `db_list(user=None, host=None, port=None, maintenance_db=None, password=None, runas=None)`.
pub fn db_list(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&[], &[]);
    let b = bind("postgres.db_list", a, &n, 0)?;
    by_name(ctx, DB_LIST_QUERY, &Conn::from_bound(&b, 0)).map(Value::Map)
}

/// `db_exists(name, user=None, ...)`.
pub fn db_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&["name"], &[]);
    let b = bind("postgres.db_exists", a, &n, 1)?;
    let dbs = by_name(ctx, DB_LIST_QUERY, &Conn::from_bound(&b, 1))?;
    Ok(Value::Bool(
        dbs.contains_value_key(b.get(0).unwrap_or(&Value::Null)),
    ))
}

/// `tablespace_list(user=None, ...)`.
pub fn tablespace_list(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&[], &[]);
    let b = bind("postgres.tablespace_list", a, &n, 0)?;
    by_name(ctx, TABLESPACE_LIST_QUERY, &Conn::from_bound(&b, 0)).map(Value::Map)
}

/// `tablespace_exists(name, user=None, ...)`.
pub fn tablespace_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&["name"], &[]);
    let b = bind("postgres.tablespace_exists", a, &n, 1)?;
    let spaces = by_name(ctx, TABLESPACE_LIST_QUERY, &Conn::from_bound(&b, 1))?;
    Ok(Value::Bool(
        spaces.contains_value_key(b.get(0).unwrap_or(&Value::Null)),
    ))
}

/// `LooseVersion(a) >= LooseVersion(b)` for the version checks `user_list` makes.
fn loose_ge(a: &str, b: &str) -> bool {
    #[derive(PartialEq, PartialOrd)]
    enum Part {
        Num(u64),
        Word(String),
    }
    fn parts(s: &str) -> Vec<Part> {
        let re = regex::Regex::new(r"\d+|[a-z]+|\.").ok();
        let mut out = Vec::new();
        let mut last = 0;
        let push = |piece: &str, out: &mut Vec<Part>| {
            if piece.is_empty() || piece == "." {
                return;
            }
            out.push(match piece.parse::<u64>() {
                Ok(n) if piece.bytes().all(|c| c.is_ascii_digit()) => Part::Num(n),
                _ => Part::Word(piece.to_string()),
            });
        };
        if let Some(re) = re {
            for m in re.find_iter(s) {
                push(&s[last..m.start()], &mut out);
                push(m.as_str(), &mut out);
                last = m.end();
            }
        }
        push(&s[last..], &mut out);
        out
    }
    let (pa, pb) = (parts(a), parts(b));
    for (x, y) in pa.iter().zip(pb.iter()) {
        match x.partial_cmp(y) {
            Some(std::cmp::Ordering::Equal) | None => continue,
            Some(o) => return o == std::cmp::Ordering::Greater,
        }
    }
    pa.len() >= pb.len()
}

/// `user_list(...)`: `{name: {...}}`, or False when the server's version is unknown.
fn users(ctx: &ExecContext, conn: &Conn, return_password: bool) -> Result<Value, ExecError> {
    let ver = server_version(ctx, conn)?;
    let ver = match ver {
        Value::Str(v) if !v.is_empty() => v,
        _ => {
            tracing::warn!(
                "Attempt to parse version of Postgres server failed. Is the server responding?"
            );
            tracing::error!("Could not retrieve Postgres version. Is Postgresql server running?");
            return Ok(Value::Bool(false));
        }
    };
    let replication_column = if loose_ge(&ver, "9.1") {
        "pg_roles.rolreplication"
    } else {
        "NULL"
    };
    let rolcatupdate_column = if loose_ge(&ver, "9.5") {
        "NULL"
    } else {
        "pg_roles.rolcatupdate"
    };
    let x = |s: &'static str| if return_password { s } else { "" };
    let query = format!(
        "SELECT pg_roles.rolname as \"name\",pg_roles.rolsuper as \"superuser\", \
         pg_roles.rolinherit as \"inherits privileges\", pg_roles.rolcreaterole as \
         \"can create roles\", pg_roles.rolcreatedb as \"can create databases\", {rolcatupdate_column} \
         as \"can update system catalogs\", pg_roles.rolcanlogin as \"can login\", {replication_column} \
         as \"replication\", pg_roles.rolconnlimit as \"connections\", (SELECT \
         array_agg(pg_roles2.rolname)    FROM pg_catalog.pg_auth_members    JOIN \
         pg_catalog.pg_roles pg_roles2 ON (pg_auth_members.roleid = pg_roles2.oid)    \
         WHERE pg_auth_members.member = pg_roles.oid) as \
         \"groups\",pg_roles.rolvaliduntil::timestamp(0) as \"expiry time\", \
         pg_roles.rolconfig  as \"defaults variables\" {}FROM pg_roles {}{}",
        x(", COALESCE(pg_shadow.passwd, pg_authid.rolpassword) as \"password\" "),
        x("LEFT JOIN pg_authid ON pg_roles.oid = pg_authid.oid "),
        x("LEFT JOIN pg_shadow ON pg_roles.oid = pg_shadow.usesysid"),
    );
    let field = |row: &Map, key: &str| row.get(key).map(Value::py_str).unwrap_or_default();
    let mut ret = Map::new();
    for row in query_rows(ctx, &query, conn, false)? {
        let mut out = Map::new();
        for key in [
            "superuser",
            "inherits privileges",
            "can create roles",
            "can create databases",
            "can update system catalogs",
            "can login",
            "replication",
            "connections",
        ] {
            // get_bool: 't' / 'f', anything else (the connection limit too) None.
            out.insert(
                key,
                match field(&row, key).as_str() {
                    "t" => Value::Bool(true),
                    "f" => Value::Bool(false),
                    _ => Value::Null,
                },
            );
        }
        let expiry = field(&row, "expiry time");
        out.insert(
            "expiry time",
            if is_timestamp(&expiry) {
                Value::Str(expiry.into())
            } else {
                Value::Null
            },
        );
        out.insert(
            "defaults variables",
            Value::Str(field(&row, "defaults variables").into()),
        );
        if return_password {
            out.insert("password", Value::Str(field(&row, "password").into()));
        }
        let groups = field(&row, "groups");
        let groups = groups.trim_matches(|c| c == '{' || c == '}');
        let groups = csv_rows(groups).into_iter().next().unwrap_or_default();
        out.insert(
            "groups",
            Value::List(groups.into_iter().map(Value::from).collect()),
        );
        ret.insert(field(&row, "name"), Value::Map(out));
    }
    Ok(Value::Map(ret))
}

/// `datetime.strptime(s, "%Y-%m-%d %H:%M:%S")` succeeds.
fn is_timestamp(s: &str) -> bool {
    regex::Regex::new(r"^\d{4}-\d{1,2}-\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}$")
        .map(|re| re.is_match(s))
        .unwrap_or(false)
}

/// `user_list(user=None, host=None, port=None, maintenance_db=None, password=None,
/// runas=None, return_password=False)`.
pub fn user_list(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&[], &["return_password"]);
    let b = bind("postgres.user_list", a, &n, 0)?;
    users(ctx, &Conn::from_bound(&b, 0), b.truthy(6))
}

fn role(
    ctx: &ExecContext,
    name: &Value,
    conn: &Conn,
    return_password: bool,
) -> Result<Value, ExecError> {
    match users(ctx, conn, return_password)? {
        Value::Map(all) => Ok(all.get_value(name).cloned().unwrap_or(Value::Null)),
        _ => {
            tracing::error!("Could not retrieve Postgres role. Is Postgres running?");
            Ok(Value::Null)
        }
    }
}

/// `role_get(name, user=None, ..., runas=None, return_password=False)`.
pub fn role_get(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&["name"], &["return_password"]);
    let b = bind("postgres.role_get", a, &n, 1)?;
    role(
        ctx,
        b.get(0).unwrap_or(&Value::Null),
        &Conn::from_bound(&b, 1),
        b.truthy(7),
    )
}

/// `user_exists(name, user=None, ...)`.
pub fn user_exists(ctx: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    let n = names(&["name"], &[]);
    let b = bind("postgres.user_exists", a, &n, 1)?;
    let found = role(
        ctx,
        b.get(0).unwrap_or(&Value::Null),
        &Conn::from_bound(&b, 1),
        false,
    )?;
    Ok(Value::Bool(found.truthy()))
}

/// `user_create(username, user=None, host=None, port=None, maintenance_db=None,
/// password=None, createdb=None, createroles=None, inherit=None, login=None, connlimit=None,
/// encrypted=None, superuser=None, replication=None, rolepassword=None, valid_until=None,
/// groups=None, runas=None)`: bound like Salt's, then refused.
pub fn user_create(_: &ExecContext, a: &Args) -> Result<Value, ExecError> {
    bind(
        "postgres.user_create",
        a,
        &[
            "username",
            "user",
            "host",
            "port",
            "maintenance_db",
            "password",
            "createdb",
            "createroles",
            "inherit",
            "login",
            "connlimit",
            "encrypted",
            "superuser",
            "replication",
            "rolepassword",
            "valid_until",
            "groups",
            "runas",
        ],
        1,
    )?;
    Err(ExecError::Failed(
        "postgres.user_create: halite does not change PostgreSQL servers (only postgres.version, \
         psql_query, db_list, db_exists, tablespace_list, tablespace_exists, user_list, role_get \
         and user_exists are implemented)"
            .into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_rows_like_python() {
        assert_eq!(
            csv_rows("a,b\n1,\"x,\"\"y\"\"\nz\"\n\n2,\n"),
            vec![
                vec!["a".to_string(), "b".into()],
                vec!["1".into(), "x,\"y\"\nz".into()],
                vec![],
                vec!["2".into(), "".into()],
            ]
        );
        assert_eq!(csv_rows(""), Vec::<Vec<String>>::new());
        assert_eq!(
            csv_rows("\"a b\",c"),
            vec![vec!["a b".to_string(), "c".into()]]
        );
    }

    #[test]
    fn loose_versions() {
        assert!(loose_ge("15.18 (Debian 15.18-0+deb12u1)", "9.1"));
        assert!(loose_ge("9.5", "9.5"));
        assert!(!loose_ge("9.4.1", "9.5"));
        assert!(loose_ge("10.0", "9.5"));
    }
}
