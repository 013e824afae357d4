//! A generated store: HOSTS hosts (web, db, cache, lb and worker roles) each run by one
//! fleet job every `24 / runs_per_day` hours for DAYS days, with realistic outcomes
//! (mostly unchanged; changed with a config file diff; a failing check now and then;
//! `test=True` runs pending), one host unreported for two days, one failing its last runs,
//! one unreachable on the last run. Written through halite_jobs (`summarise` of a running
//! dict, then `Sqlite::record_run`), as `halite ssh` writes. For the README's pictures
//! (`scripts/dashboard-demo.sh`), the tests and the benchmark.

use halite_jobs::jid::micros_to_jid;
use halite_jobs::sqlite::Sqlite;
use halite_jobs::summary::summarise;
use halite_value::Value;
use serde_json::json;
use std::path::Path;

/// What to generate.
#[derive(Debug, Clone)]
pub struct DemoSpec {
    pub hosts: usize,
    pub days: u32,
    pub runs_per_day: u32,
    /// The last run is just before this (microseconds since the epoch).
    pub now_micros: u128,
    pub seed: u64,
}

/// What was generated.
#[derive(Debug, Clone, Default)]
pub struct DemoStore {
    pub hosts: Vec<String>,
    /// Every fleet job, oldest first.
    pub jids: Vec<String>,
    /// The host without a run for two days.
    pub unreported: String,
    /// The host whose last runs fail.
    pub failing: String,
    /// The host unreachable on the last run.
    pub unreachable: String,
}

const ROLES: [(&str, &str, &str); 5] = [
    ("web", "nginx", "/etc/nginx/nginx.conf"),
    (
        "db",
        "postgresql",
        "/etc/postgresql/15/main/postgresql.conf",
    ),
    ("cache", "redis-server", "/etc/redis/redis.conf"),
    ("lb", "haproxy", "/etc/haproxy/haproxy.cfg"),
    ("worker", "celery", "/etc/default/celery"),
];

const OSES: [(&str, &str, &str, &str); 4] = [
    ("Debian", "12", "6.1.0-28-amd64", "Debian-12"),
    ("Debian", "12", "6.1.0-27-amd64", "Debian-12"),
    ("Ubuntu", "22.04", "5.15.0-126-generic", "Ubuntu-22.04"),
    ("Rocky", "9.4", "5.14.0-427.el9.x86_64", "Rocky Linux-9"),
];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        // xorshift64*
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

/// The id of the `i`th host.
pub fn host_name(i: usize) -> String {
    let (role, _, _) = ROLES[i % ROLES.len()];
    format!("{role}{:02}", i / ROLES.len() + 1)
}

#[derive(Clone, Copy, PartialEq)]
enum Outcome {
    Unchanged,
    Changed,
    Pending,
    Failed,
}

fn running_dict(i: usize, outcome: Outcome, rng: &mut Rng, slot: usize) -> serde_json::Value {
    let (role, svc, conf) = ROLES[i % ROLES.len()];
    let mut m = serde_json::Map::new();
    let mut n = 0i64;
    let mut add = |module: &str,
                   id: &str,
                   name: &str,
                   fun: &str,
                   sls: &str,
                   result: serde_json::Value,
                   comment: String,
                   changes: serde_json::Value,
                   ms: f64| {
        m.insert(
            format!("{module}_|-{id}_|-{name}_|-{fun}"),
            json!({"result": result, "comment": comment, "changes": changes, "name": name,
                   "__id__": id, "__sls__": sls, "__run_num__": n, "duration": ms,
                   "start_time": "00:00:00.000000"}),
        );
        n += 1;
    };
    let quick = |rng: &mut Rng| 2.0 + rng.below(40) as f64 + rng.below(100) as f64 / 100.0;
    let t = serde_json::Value::Bool(true);
    let empty = json!({});
    add(
        "pkg",
        "base-packages",
        "base-packages",
        "installed",
        "base",
        t.clone(),
        "All specified packages are already installed".into(),
        empty.clone(),
        300.0 + rng.below(900) as f64,
    );
    add(
        "user",
        "deploy",
        "deploy",
        "present",
        "base.users",
        t.clone(),
        "User deploy is present and up to date".into(),
        empty.clone(),
        quick(rng),
    );
    add(
        "file",
        "/etc/motd",
        "/etc/motd",
        "managed",
        "base",
        t.clone(),
        "File /etc/motd is in the correct state".into(),
        empty.clone(),
        quick(rng),
    );
    add(
        "sysctl",
        "vm.swappiness",
        "vm.swappiness",
        "present",
        "base.tuning",
        t.clone(),
        "Sysctl value vm.swappiness = 10 is already set".into(),
        empty.clone(),
        quick(rng),
    );
    add(
        "pkg",
        svc,
        svc,
        "installed",
        role,
        t.clone(),
        "All specified packages are already installed".into(),
        empty.clone(),
        200.0 + rng.below(600) as f64,
    );
    let conf_id = format!("{svc}-config");
    match outcome {
        Outcome::Changed | Outcome::Pending => {
            let old = 64 + (slot % 7) * 16;
            let diff = format!(
                "--- \n+++ \n@@ -3,7 +3,7 @@\n # managed by halite: {role}\n worker_processes auto;\n-worker_connections {old};\n+worker_connections {};\n keepalive_timeout 65;\n",
                old + 16
            );
            let (result, comment) = if outcome == Outcome::Pending {
                (
                    serde_json::Value::Null,
                    format!("The file {conf} is set to be changed\nNote: No changes made, actual changes may\nbe different due to other states."),
                )
            } else {
                (t.clone(), format!("File {conf} updated"))
            };
            add(
                "file",
                &conf_id,
                conf,
                "managed",
                role,
                result.clone(),
                comment,
                json!({"diff": diff}),
                8.0 + rng.below(30) as f64,
            );
            let (sc, sm) = if outcome == Outcome::Pending {
                (json!({}), format!("Service {svc} is set to be restarted"))
            } else {
                (json!({svc: true}), "Service restarted".to_string())
            };
            add(
                "service",
                svc,
                svc,
                "running",
                role,
                result,
                sm,
                sc,
                150.0 + rng.below(900) as f64,
            );
        }
        _ => {
            add(
                "file",
                &conf_id,
                conf,
                "managed",
                role,
                t.clone(),
                format!("File {conf} is in the correct state"),
                empty.clone(),
                quick(rng),
            );
            add(
                "service",
                svc,
                svc,
                "running",
                role,
                t.clone(),
                format!("The service {svc} is already running"),
                empty.clone(),
                quick(rng),
            );
        }
    }
    let check = format!("{svc}-healthcheck");
    if outcome == Outcome::Failed {
        add(
            "cmd",
            &check,
            &format!("/usr/local/bin/check-{svc}"),
            "run",
            role,
            serde_json::Value::Bool(false),
            format!("Command \"/usr/local/bin/check-{svc}\" run"),
            json!({"pid": 4242, "retcode": 2, "stdout": "", "stderr": format!("{svc}: connection refused on 127.0.0.1")}),
            40.0 + rng.below(3000) as f64,
        );
    } else {
        add(
            "cmd",
            &check,
            &format!("/usr/local/bin/check-{svc}"),
            "run",
            role,
            t.clone(),
            "unless condition is true".into(),
            empty.clone(),
            20.0 + rng.below(80) as f64,
        );
    }
    serde_json::Value::Object(m)
}

fn grains(i: usize, rng: &mut Rng) -> serde_json::Value {
    let (role, _, _) = ROLES[i % ROLES.len()];
    let (os, rel, kernel, finger) = OSES[(i / ROLES.len() + i) % OSES.len()];
    let id = host_name(i);
    let cpus = [2, 4, 8, 16][i % 4];
    let mem = [2048, 4096, 8192, 16384][(i / 3) % 4];
    json!({
        "id": id, "host": id, "fqdn": format!("{id}.example.net"), "os": os,
        "os_family": if os == "Rocky" { "RedHat" } else { "Debian" },
        "osrelease": rel, "osfinger": finger, "kernel": "Linux", "kernelrelease": kernel,
        "num_cpus": cpus, "mem_total": mem,
        "virtual": "kvm", "roles": [role], "cpuarch": "x86_64",
        "ipv4": ["127.0.0.1", format!("10.0.{}.{}", i / 250, i % 250 + 2)],
        "ip4_interfaces": {"eth0": [format!("10.0.{}.{}", i / 250, i % 250 + 2)], "lo": ["127.0.0.1"]},
        "saltversioninfo": [3008, 4], "serialnumber": format!("{:08x}", rng.next() as u32),
    })
}

/// Writes the store at `path` (made, or added to).
pub fn generate(path: &Path, spec: &DemoSpec) -> Result<DemoStore, String> {
    let mut db = Sqlite::open(path, 30.0).map_err(|e| format!("{}: {e}", path.display()))?;
    // A generator's rows can be made again: no sync at each commit.
    db.conn()
        .execute_batch("PRAGMA synchronous = OFF;")
        .map_err(|e| e.to_string())?;
    let mut rng = Rng(spec.seed | 1);
    let hosts: Vec<String> = (0..spec.hosts).map(host_name).collect();
    let slots = (spec.days * spec.runs_per_day) as usize;
    let step = 86_400_000_000u128 / u128::from(spec.runs_per_day.max(1));
    let first = spec
        .now_micros
        .saturating_sub(step * slots as u128)
        .saturating_add(60_000_000);
    let mut out = DemoStore {
        hosts: hosts.clone(),
        unreported: hosts.get(3).cloned().unwrap_or_default(),
        failing: hosts.get(7).cloned().unwrap_or_default(),
        unreachable: hosts.get(12).cloned().unwrap_or_default(),
        ..Default::default()
    };
    let two_days = 2 * 86_400_000_000u128;
    for slot in 0..slots {
        let t = first + step * slot as u128 + u128::from(rng.below(1_000_000) as u32);
        let jid = micros_to_jid(t);
        out.jids.push(jid.clone());
        let last = slot + 1 == slots;
        for (i, id) in hosts.iter().enumerate() {
            if *id == out.unreported && t + two_days > spec.now_micros {
                continue;
            }
            let grains_now = (last
                || (*id == out.unreported && t + two_days + step > spec.now_micros))
                .then(|| grains(i, &mut rng));
            let g = grains_now
                .as_ref()
                .and_then(|g| Value::from_json_str(&g.to_string()).ok());
            if *id == out.unreachable && last {
                let ret = Value::from_json_str(&json!({"_error": "Failed to connect: ssh: connect to host unreachable port 22: No route to host", "stderr": "ssh: connect to host unreachable port 22: No route to host", "retcode": 255}).to_string())
                    .unwrap_or(Value::Null);
                let s = summarise(&ret, 255, true);
                db.record_run(&jid, id, "state.apply", &s, g.as_ref())
                    .map_err(|e| e.to_string())?;
                continue;
            }
            let r = rng.below(1000);
            let outcome = if (*id == out.failing && slot + 10 >= slots) || r < 30 {
                Outcome::Failed
            } else if r < 55 {
                Outcome::Pending
            } else if r < 200 {
                Outcome::Changed
            } else {
                Outcome::Unchanged
            };
            let ret = Value::from_json_str(&running_dict(i, outcome, &mut rng, slot).to_string())
                .unwrap_or(Value::Null);
            let retcode = if outcome == Outcome::Failed { 2 } else { 0 };
            let s = summarise(&ret, retcode, true);
            db.record_run(&jid, id, "state.apply", &s, g.as_ref())
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(out)
}
