//! The purity barrier for speculative rendering.
//!
//! Salt renders SLS files one after the other, and a template may change the world a later
//! template reads (`cmd.run` writing a file that `cp.get_file_str` reads, `grains.setval`,
//! the last command's `retcode`, log lines in order). halite renders files ahead of the
//! in-order walk on spare cores, and keeps the walk's results identical to a sequential run
//! with two rules, both enforced per thread here:
//! - a speculative render ([`speculate`]) may call only *pure* execution functions (those
//!   registered with [`Registry::register_pure`](crate::Registry::register_pure): they read
//!   the world and change nothing). An impure call is refused and voids the whole
//!   speculative computation, whatever the template does with the error;
//! - the walk takes a speculative result only while no render it did itself has made an
//!   impure call ([`impure_calls`] has not moved since the speculation started): every
//!   speculative render then saw the world the sequential walk would have shown it.
//!
//! Thread-local state: a render runs start to finish on one thread (nested renders such as
//! `slsutil.renderer` included), and unrelated threads (tests in parallel, a worker for
//! another engine) must not disturb each other's counts.

use std::cell::Cell;

thread_local! {
    static SPECULATING: Cell<bool> = const { Cell::new(false) };
    static ABORTED: Cell<bool> = const { Cell::new(false) };
    static IMPURE_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// Runs `f` speculatively on this thread: impure execution functions are refused. `None`
/// when the computation was voided ([`abort`]: an impure call, or anything else the caller's
/// barrier rejects, such as a log line), whatever `f` returned.
pub fn speculate<R>(f: impl FnOnce() -> R) -> Option<R> {
    let was = SPECULATING.with(|s| s.replace(true));
    let was_aborted = ABORTED.with(|a| a.replace(false));
    // Restores the flags even when `f` unwinds (the worker catches panics).
    struct Restore(bool, bool);
    impl Drop for Restore {
        fn drop(&mut self) {
            SPECULATING.with(|s| s.set(self.0));
            ABORTED.with(|a| a.set(self.1));
        }
    }
    let restore = Restore(was, was_aborted);
    let out = f();
    let aborted = ABORTED.with(Cell::get);
    drop(restore);
    (!aborted).then_some(out)
}

/// Whether this thread is inside [`speculate`].
pub fn is_speculating() -> bool {
    SPECULATING.with(Cell::get)
}

/// Voids the current speculative computation (no effect outside [`speculate`]).
pub fn abort() {
    if is_speculating() {
        ABORTED.with(|a| a.set(true));
    }
}

/// Whether the current speculative computation has been voided (so far).
pub fn is_aborted() -> bool {
    is_speculating() && ABORTED.with(Cell::get)
}

/// How many impure execution functions this thread has run (outside [`speculate`]). The
/// walk compares it with its value when the speculation started.
pub fn impure_calls() -> u64 {
    IMPURE_CALLS.with(Cell::get)
}

/// The barrier in front of an impure function: refused (and the speculation voided) while
/// speculating, else counted.
pub(crate) fn impure_call(name: &str) -> Result<(), crate::ExecError> {
    if is_speculating() {
        abort();
        return Err(crate::ExecError::Failed(format!(
            "'{name}' has side effects and is not run in a speculative render"
        )));
    }
    IMPURE_CALLS.with(|c| c.set(c.get() + 1));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refused_and_voided_while_speculating() {
        let before = impure_calls();
        let out = speculate(|| impure_call("cmd.run").is_err());
        assert_eq!(out, None);
        assert_eq!(impure_calls(), before);
        assert!(!is_speculating());
        assert!(impure_call("cmd.run").is_ok());
        assert_eq!(impure_calls(), before + 1);
        assert_eq!(speculate(|| 7), Some(7));
    }
}
