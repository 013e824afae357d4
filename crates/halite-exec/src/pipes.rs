//! Collecting a command's output without helper threads: both pipes read on the calling
//! thread with `poll(2)`, then the exit awaited (shared by `cmd.*` and the cmd states).

use std::io::Read;
use std::os::fd::{AsRawFd, OwnedFd};
use std::process::Child;
use std::time::Instant;

/// Reads the command's output pipes to their ends on this thread (`poll(2)` on both, so
/// neither can fill up and block the command, and no reader threads are needed). `None` when
/// the deadline passes while the command still runs; once it has exited, the pipes are read
/// to the end however long a grandchild holds them, as Salt's reader does.
pub fn drain(
    child: &mut Child,
    fds: [Option<OwnedFd>; 2],
    mut deadline: Option<Instant>,
) -> std::io::Result<Option<[Vec<u8>; 2]>> {
    let mut pipes: Vec<(usize, std::fs::File)> = fds
        .into_iter()
        .enumerate()
        .filter_map(|(i, fd)| fd.map(|fd| (i, std::fs::File::from(fd))))
        .collect();
    let mut bufs = [Vec::new(), Vec::new()];
    let mut chunk = vec![0u8; 64 * 1024];
    while !pipes.is_empty() {
        let mut polls: Vec<libc::pollfd> = pipes
            .iter()
            .map(|(_, f)| libc::pollfd {
                fd: f.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            })
            .collect();
        let wait_ms = deadline.map_or(-1, |d| {
            let left = d.saturating_duration_since(Instant::now());
            left.as_millis().min(i32::MAX as u128) as i32 + i32::from(left.subsec_nanos() > 0)
        });
        // SAFETY: `polls` is a live, correctly sized array of pollfd for the call.
        let n = unsafe { libc::poll(polls.as_mut_ptr(), polls.len() as libc::nfds_t, wait_ms) };
        if n < 0 {
            let err = std::io::Error::last_os_error();
            if err.kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            return Err(err);
        }
        if n == 0 {
            if child.try_wait()?.is_none() {
                return Ok(None);
            }
            deadline = None;
            continue;
        }
        let mut closed = Vec::new();
        for (k, p) in polls.iter().enumerate() {
            if p.revents == 0 {
                continue;
            }
            let (slot, file) = &mut pipes[k];
            match file.read(&mut chunk) {
                Ok(0) => closed.push(k),
                Ok(got) => bufs[*slot].extend_from_slice(&chunk[..got]),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => closed.push(k),
            }
        }
        for k in closed.into_iter().rev() {
            pipes.remove(k);
        }
    }
    Ok(Some(bufs))
}

/// Waits for the command to exit until the deadline; false when it is still running then.
pub fn wait_until(child: &mut Child, deadline: Instant) -> std::io::Result<bool> {
    loop {
        if child.try_wait()?.is_some() {
            return Ok(true);
        }
        if Instant::now() >= deadline {
            return Ok(false);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}
