//! A spinner on standard error for long state runs: only on a terminal, and only once the
//! run has taken more than a second, so quick runs and pipes stay clean.

use std::io::IsTerminal;
use std::sync::mpsc;
use std::time::Duration;

const DELAY: Duration = Duration::from_secs(1);

/// Runs `work`, showing `message` with a spinner if it lasts longer than [`DELAY`].
pub fn with_spinner<T>(message: &str, work: impl FnOnce() -> T) -> T {
    if !std::io::stderr().is_terminal() {
        return work();
    }
    let (done_tx, done_rx) = mpsc::channel::<()>();
    let message = message.to_string();
    let spinner = std::thread::spawn(move || {
        if done_rx.recv_timeout(DELAY).is_ok() {
            return;
        }
        let bar = indicatif::ProgressBar::new_spinner();
        bar.set_message(message);
        bar.enable_steady_tick(Duration::from_millis(120));
        let _ = done_rx.recv();
        bar.finish_and_clear();
    });
    let result = work();
    let _ = done_tx.send(());
    let _ = spinner.join();
    result
}
