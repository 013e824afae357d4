//! A command's `timeout` ends everything the command started, not only its direct child:
//! `sh -c "sleep 100 & sleep 100"` leaves no sleep behind (Salt's TimedProc kills the shell
//! alone; halite kills the process group the command leads, a deliberate difference).

use halite_exec::process::{run, CmdOptions, Program, Timeout};
use std::time::{Duration, Instant};

/// Whether `pid` is a live process (a zombie waiting for its reaper counts as dead).
fn alive(pid: i32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => false,
        Ok(stat) => {
            // "pid (comm) S ...": the state follows the last ')'.
            let state = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().next())
                .unwrap_or("");
            state != "Z" && state != "X"
        }
    }
}

#[test]
fn cmd_timeout_kills_the_whole_process_group() {
    let dir = tempfile::tempdir().expect("tempdir");
    let pids = dir.path().join("pids");
    let script = format!(
        "sleep 100 & echo $! > {p}; sleep 100 & echo $! >> {p}; wait",
        p = pids.display()
    );
    let opts = CmdOptions {
        shell: "/bin/sh".into(),
        timeout: Some(Timeout {
            secs: 1.0,
            text: "1".into(),
        }),
        ..Default::default()
    };
    let started = Instant::now();
    let res = run(&Program::Shell(script.clone()), &opts).expect("run");
    assert!(res.timed_out, "the command should time out: {res:?}");
    assert_eq!(
        res.stdout,
        format!("{script} : Timed out after 1 seconds"),
        "Salt's timeout message"
    );
    assert!(started.elapsed() < Duration::from_secs(30));
    let text = std::fs::read_to_string(&pids).expect("the script wrote its children's pids");
    let children: Vec<i32> = text
        .split_whitespace()
        .map(|p| p.parse().expect("pid"))
        .collect();
    assert_eq!(children.len(), 2, "two background sleeps: {text:?}");
    // SIGKILL is delivered at once, but the orphans are reaped by whoever adopted them: give
    // that a moment.
    let deadline = Instant::now() + Duration::from_secs(5);
    while children.iter().any(|&p| alive(p)) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    for pid in &children {
        assert!(!alive(*pid), "sleep {pid} outlived the timeout");
    }
    assert!(!alive(res.pid as i32), "the shell outlived the timeout");
}

#[test]
fn cmd_without_timeout_stays_in_our_process_group() {
    // Without a timeout the command is not moved out of halite's group (a terminal's Ctrl-C
    // still reaches it).
    let res = run(
        &Program::Shell("cut -d' ' -f5 /proc/$$/stat".into()),
        &CmdOptions {
            shell: "/bin/sh".into(),
            ..Default::default()
        },
    )
    .expect("run");
    // SAFETY: getpgrp has no preconditions.
    let ours = unsafe { libc::getpgrp() };
    assert_eq!(res.stdout.trim(), ours.to_string());
}
