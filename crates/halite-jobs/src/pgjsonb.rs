//! Salt's `pgjsonb` returner (salt/returners/pgjsonb.py): jobs and returns in PostgreSQL
//! with Salt's table layout, so Salt's readers of those tables (and SQL of one's own over
//! the jsonb columns) see halite's runs:
//!
//! - `jids (jid varchar(255) primary key, load jsonb)`;
//! - `salt_returns (fun, jid, return jsonb, id, success varchar(10), full_ret jsonb,
//!   alter_time timestamptz)`: `return` the host's return, `full_ret` the whole returner
//!   load (`fun`, `jid`, `id`, `return`, ...), `success` as Python's `str()` of the load's
//!   `success` (`false` when it has none, as salt-ssh's never has: psycopg2 sends Python's
//!   False, which PostgreSQL casts to `false`);
//! - `salt_events (id bigint, tag, data jsonb, alter_time, master_id)`.
//!
//! Options as Salt reads them (`returner.pgjsonb.host`, `.user`, `.pass`, `.db`, `.port`,
//! `.connect_timeout`), defaults localhost / salt / salt / salt / 5432. Salt expects the
//! tables made beforehand; halite makes whichever are missing. No TLS (`sslmode` other than
//! `disable`/`allow`/`prefer` is refused rather than silently ignored).

use halite_value::{Map, Value};
use postgres::{Client, NoTls};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS jids (
   jid varchar(255) NOT NULL primary key,
   load jsonb NOT NULL
);
CREATE TABLE IF NOT EXISTS salt_returns (
  fun varchar(50) NOT NULL,
  jid varchar(255) NOT NULL,
  return jsonb NOT NULL,
  id varchar(255) NOT NULL,
  success varchar(10) NOT NULL,
  full_ret jsonb NOT NULL,
  alter_time TIMESTAMP WITH TIME ZONE DEFAULT NOW()
);
CREATE INDEX IF NOT EXISTS idx_salt_returns_id ON salt_returns (id);
CREATE INDEX IF NOT EXISTS idx_salt_returns_jid ON salt_returns (jid);
CREATE INDEX IF NOT EXISTS idx_salt_returns_fun ON salt_returns (fun);
CREATE SEQUENCE IF NOT EXISTS seq_salt_events_id;
CREATE TABLE IF NOT EXISTS salt_events (
    id BIGINT NOT NULL UNIQUE DEFAULT nextval('seq_salt_events_id'),
    tag varchar(255) NOT NULL,
    data jsonb NOT NULL,
    alter_time TIMESTAMP WITH TIME ZONE DEFAULT NOW(),
    master_id varchar(255) NOT NULL
);
";

/// The connection options.
#[derive(Debug, Clone, PartialEq)]
pub struct PgOptions {
    pub host: String,
    pub user: String,
    pub pass: String,
    pub db: String,
    pub port: u16,
    pub connect_timeout: Option<u64>,
    pub sslmode: Option<String>,
}

impl PgOptions {
    /// `returner.pgjsonb.*` of `opts` over Salt's defaults.
    pub fn from_opts(opts: &Map) -> PgOptions {
        let get = |k: &str| {
            opts.get(format!("returner.pgjsonb.{k}").as_str())
                .filter(|v| !v.is_null())
                .map(Value::py_str)
        };
        PgOptions {
            host: get("host").unwrap_or_else(|| "localhost".into()),
            user: get("user").unwrap_or_else(|| "salt".into()),
            pass: get("pass").unwrap_or_else(|| "salt".into()),
            db: get("db").unwrap_or_else(|| "salt".into()),
            port: get("port").and_then(|p| p.parse().ok()).unwrap_or(5432),
            connect_timeout: get("connect_timeout").and_then(|t| t.parse().ok()),
            sslmode: get("sslmode"),
        }
    }
}

/// An open connection with the tables in place.
pub struct Pg {
    client: Client,
}

fn json(v: &Value) -> serde_json::Value {
    serde_json::Value::from(v)
}

impl Pg {
    pub fn connect(o: &PgOptions) -> Result<Pg, String> {
        if let Some(mode) = o.sslmode.as_deref() {
            if !matches!(mode, "disable" | "allow" | "prefer") {
                return Err(format!(
                    "returner.pgjsonb.sslmode {mode}: halite connects without TLS (use a local socket or an SSH tunnel)"
                ));
            }
        }
        let mut cfg = postgres::Config::new();
        cfg.host(&o.host)
            .port(o.port)
            .user(&o.user)
            .password(&o.pass)
            .dbname(&o.db)
            .application_name("halite");
        cfg.connect_timeout(std::time::Duration::from_secs(
            o.connect_timeout.unwrap_or(5),
        ));
        let mut client = cfg
            .connect(NoTls)
            .map_err(|e| format!("PostgreSQL {}:{}/{}: {e}", o.host, o.port, o.db))?;
        client
            .batch_execute(SCHEMA)
            .map_err(|e| format!("PostgreSQL schema: {e}"))?;
        Ok(Pg { client })
    }

    /// `save_load(jid, load)`: `ON CONFLICT (jid) DO UPDATE`, as Salt on PostgreSQL 9.5+.
    pub fn save_load(&mut self, jid: &str, load: &Map) -> Result<(), postgres::Error> {
        let load = json(&Value::Map(load.clone()));
        self.client.execute(
            "INSERT INTO jids (jid, load) VALUES ($1, $2) ON CONFLICT (jid) DO UPDATE SET load = $2",
            &[&jid, &load],
        )?;
        Ok(())
    }

    /// `returner(ret)`: one `salt_returns` row of a returner load (`fun`, `jid`, `id`,
    /// `return`, maybe `success`).
    pub fn returner(&mut self, load: &Map) -> Result<(), postgres::Error> {
        let s = |k: &str| load.get(k).map(Value::py_str).unwrap_or_default();
        let success = match load.get("success") {
            Some(Value::Bool(b)) => b.to_string(),
            Some(v) if v.py_str() == "1" => "true".to_string(),
            Some(v) => v.py_str(),
            None => "false".to_string(),
        };
        let ret = json(load.get("return").unwrap_or(&Value::Null));
        let full = json(&Value::Map(load.clone()));
        self.client.execute(
            "INSERT INTO salt_returns (fun, jid, return, id, success, full_ret, alter_time) \
             VALUES ($1, $2, $3, $4, $5, $6, now())",
            &[&s("fun"), &s("jid"), &ret, &s("id"), &success, &full],
        )?;
        Ok(())
    }

    /// `event_return(events)`: one `salt_events` row.
    pub fn event_return(
        &mut self,
        tag: &str,
        data: &Value,
        master_id: &str,
    ) -> Result<(), postgres::Error> {
        let data = json(data);
        self.client.execute(
            "INSERT INTO salt_events (tag, data, master_id, alter_time) VALUES ($1, $2, $3, now())",
            &[&tag, &data, &master_id],
        )?;
        Ok(())
    }

    /// `get_load(jid)`.
    pub fn get_load(&mut self, jid: &str) -> Result<Map, postgres::Error> {
        let row = self
            .client
            .query_opt("SELECT load FROM jids WHERE jid = $1", &[&jid])?;
        Ok(
            match row.map(|r| Value::from(r.get::<_, serde_json::Value>(0))) {
                Some(Value::Map(m)) => m,
                _ => Map::new(),
            },
        )
    }

    /// `get_jid(jid)`: `{id: full_ret}`.
    pub fn get_jid(&mut self, jid: &str) -> Result<Map, postgres::Error> {
        let mut ret = Map::new();
        for row in self.client.query(
            "SELECT id, full_ret FROM salt_returns WHERE jid = $1",
            &[&jid],
        )? {
            let id: String = row.get(0);
            ret.insert(id.as_str(), Value::from(row.get::<_, serde_json::Value>(1)));
        }
        Ok(ret)
    }

    /// Every job: (jid, load), oldest first.
    pub fn jobs(&mut self) -> Result<Vec<(String, Map)>, postgres::Error> {
        let mut out = Vec::new();
        for row in self
            .client
            .query("SELECT jid, load FROM jids ORDER BY jid", &[])?
        {
            if let Value::Map(m) = Value::from(row.get::<_, serde_json::Value>(1)) {
                out.push((row.get(0), m));
            }
        }
        Ok(out)
    }

    /// Removes the jobs older than `keep_seconds` (0 keeps everything; Salt's
    /// `clean_old_jobs` for pgjsonb deletes by `alter_time`).
    pub fn clean_old_jobs(&mut self, keep_seconds: u64) -> Result<(), postgres::Error> {
        if keep_seconds == 0 {
            return Ok(());
        }
        let secs = keep_seconds as f64;
        self.client.execute(
            "DELETE FROM salt_returns WHERE alter_time < now() - make_interval(secs => $1)",
            &[&secs],
        )?;
        self.client.execute(
            "DELETE FROM salt_events WHERE alter_time < now() - make_interval(secs => $1)",
            &[&secs],
        )?;
        Ok(())
    }

    pub fn client(&mut self) -> &mut Client {
        &mut self.client
    }
}
