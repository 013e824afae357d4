//! A PostgreSQL server of the test's own: Debian's `postgresql` binaries (initdb,
//! postgres), a scratch data folder, loopback only on a free port, trust authentication
//! for the `salt` role, `fsync=off` (a test's data need not survive a crash). As root it
//! runs as `nobody` (PostgreSQL refuses root). Stopped (fast shutdown) and its folder
//! removed on drop; [`PgServer::stop`] and [`PgServer::restart`] let a test take it away
//! and bring it back with the same data.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

pub struct PgServer {
    _dir: tempfile::TempDir,
    data: PathBuf,
    bin: PathBuf,
    pub port: u16,
    child: Option<Child>,
    as_nobody: bool,
}

/// The folder holding `initdb` and `postgres` (the newest /usr/lib/postgresql/N/bin, else
/// PATH's).
fn bin_dir() -> Option<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .ok()?
        .filter_map(|e| e.ok())
        .map(|e| e.path().join("bin"))
        .filter(|b| b.join("initdb").is_file() && b.join("postgres").is_file())
        .collect();
    versions.sort();
    versions.pop()
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap_or(54329)
}

impl PgServer {
    /// A running server with a `salt` database owned by role `salt`, or why not.
    pub fn start() -> Result<PgServer, String> {
        let bin = bin_dir().ok_or("no PostgreSQL server binaries (Debian's postgresql package: /usr/lib/postgresql/N/bin)")?;
        // SAFETY: geteuid has no preconditions.
        let as_nobody = unsafe { libc::geteuid() } == 0;
        let dir = tempfile::Builder::new()
            .prefix("halitetest-pg.")
            .tempdir()
            .map_err(|e| e.to_string())?;
        let data = dir.path().join("data");
        std::fs::create_dir(&data).map_err(|e| e.to_string())?;
        if as_nobody {
            for p in [dir.path(), data.as_path()] {
                std::os::unix::fs::chown(p, Some(65534), Some(65534)).map_err(|e| e.to_string())?;
            }
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755))
                .map_err(|e| e.to_string())?;
        }
        let mut server = PgServer {
            _dir: dir,
            data,
            bin,
            port: free_port(),
            child: None,
            as_nobody,
        };
        let out = server
            .command("initdb")
            .args(["-U", "salt", "-A", "trust", "-E", "UTF8", "--no-sync", "-D"])
            .arg(&server.data)
            .output()
            .map_err(|e| format!("initdb: {e}"))?;
        if !out.status.success() {
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        server.restart()?;
        let mut c = server
            .client("postgres")
            .map_err(|e| format!("connecting: {e}"))?;
        c.batch_execute("CREATE DATABASE salt")
            .map_err(|e| format!("CREATE DATABASE: {e}"))?;
        Ok(server)
    }

    fn command(&self, prog: &str) -> Command {
        let exe = self.bin.join(prog);
        let mut c = if self.as_nobody {
            let mut c = Command::new("setpriv");
            c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
                .arg(exe);
            c
        } else {
            Command::new(exe)
        };
        c.current_dir(self.data.parent().unwrap_or(Path::new("/")));
        c
    }

    /// Starts the server (again) on its data and port; waits until it answers.
    pub fn restart(&mut self) -> Result<(), String> {
        if self.child.is_some() {
            return Ok(());
        }
        let child = self
            .command("postgres")
            .arg("-D")
            .arg(&self.data)
            .args([
                "-p",
                &self.port.to_string(),
                "-c",
                "listen_addresses=127.0.0.1",
                "-c",
                "fsync=off",
                "-k",
            ])
            .arg(&self.data)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("postgres: {e}"))?;
        self.child = Some(child);
        for _ in 0..200 {
            if self.client("postgres").is_ok() {
                return Ok(());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        Err("the server did not answer within 10 s".into())
    }

    /// Stops the server (SIGINT: fast shutdown), keeping its data.
    pub fn stop(&mut self) {
        if let Some(mut c) = self.child.take() {
            // SAFETY: the pid is our own child's.
            unsafe {
                libc::kill(c.id() as libc::pid_t, libc::SIGINT);
            }
            let _ = c.wait();
        }
    }

    /// A client of database `db` as role `salt`.
    pub fn client(&self, db: &str) -> Result<postgres::Client, postgres::Error> {
        postgres::Config::new()
            .host("127.0.0.1")
            .port(self.port)
            .user("salt")
            .dbname(db)
            .connect_timeout(std::time::Duration::from_secs(2))
            .connect(postgres::NoTls)
    }

    /// The master/minion config lines of Salt's pgjsonb returner for this server.
    pub fn returner_options(&self) -> String {
        format!(
            "returner.pgjsonb.host: 127.0.0.1\nreturner.pgjsonb.port: {}\nreturner.pgjsonb.user: salt\nreturner.pgjsonb.pass: salt\nreturner.pgjsonb.db: salt\n",
            self.port
        )
    }
}

impl Drop for PgServer {
    fn drop(&mut self) {
        self.stop();
    }
}
