//! `halite dashboard [-c CONFIG_DIR] [--listen ADDR:PORT]`: the read-only pages over the job
//! store the master config names (halite_dashboard), served until the process is stopped.

use anyhow::{anyhow, Result};
use clap::Parser;
use halite_dashboard::{check_listen, App, Auth};
use halite_value::{Map, Value};
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Parser, Debug)]
#[command(
    name = "halite dashboard",
    about = "Read-only pages over the job store: the fleet at a glance, hosts, runs, diffs, grains, /metrics",
    after_help = "Master config options:
  sqlite3.database             the store (default CACHEDIR/jobs.sqlite)
  dashboard_unreported_hours   a host whose last run is older is unreported (default 24)
  dashboard_token              requests need `Authorization: Bearer TOKEN`
  dashboard_user, dashboard_password   or basic authentication
A --listen address other than loopback is refused unless a token or a user and password are set."
)]
pub struct DashboardCli {
    #[arg(short = 'c', long = "config-dir", default_value = "/etc/salt")]
    config_dir: PathBuf,
    /// ADDR:PORT to listen on
    #[arg(long = "listen", default_value = "127.0.0.1:8450")]
    listen: String,
}

fn opt_str(master: &Map, key: &str) -> Option<String> {
    master
        .get(key)
        .filter(|v| !v.is_null())
        .map(Value::py_str)
        .filter(|s| !s.is_empty())
}

pub fn main(argv: Vec<String>) -> Result<u8> {
    let cli = match DashboardCli::try_parse_from(argv) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return Ok(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let (master, _, cfg) = crate::jobs::master_store(&cli.config_dir)?;
    let auth = Auth {
        token: opt_str(&master, "dashboard_token"),
        basic: match (
            opt_str(&master, "dashboard_user"),
            opt_str(&master, "dashboard_password"),
        ) {
            (Some(u), Some(p)) => Some((u, p)),
            (None, None) => None,
            _ => {
                return Err(anyhow!(
                    "dashboard_user and dashboard_password go together: set both or neither"
                ))
            }
        },
    };
    let unreported_hours = match master.get("dashboard_unreported_hours") {
        None | Some(Value::Null) => 24.0,
        Some(v) => v
            .as_f64()
            .or_else(|| v.py_str().parse().ok())
            .filter(|h: &f64| h.is_finite() && *h >= 0.0)
            .ok_or_else(|| anyhow!("dashboard_unreported_hours must be a number of hours"))?,
    };
    let addrs: Vec<SocketAddr> = cli
        .listen
        .to_socket_addrs()
        .map_err(|e| anyhow!("--listen {}: {e}", cli.listen))?
        .collect();
    let addr = *addrs
        .first()
        .ok_or_else(|| anyhow!("--listen {}: no address", cli.listen))?;
    for a in &addrs {
        check_listen(a, &auth).map_err(|e| anyhow!(e))?;
    }
    let listener = TcpListener::bind(addr).map_err(|e| anyhow!("listening on {addr}: {e}"))?;
    let local = listener.local_addr().unwrap_or(addr);
    let app = App {
        database: cfg.database.clone(),
        unreported_hours,
        auth,
        now_micros: None,
    };
    eprintln!(
        "halite dashboard: http://{local}/ over {}",
        cfg.database.display()
    );
    let handler = Arc::new(move |req: &halite_dashboard::http::Request| app.respond(req));
    halite_dashboard::http::serve(listener, handler)?;
    Ok(0)
}
