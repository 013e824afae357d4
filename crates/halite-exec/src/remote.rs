//! Who answers an execution function that reads or changes the host while the controller
//! compiles a host's catalog (ARCHITECTURE.md, "Who renders a template that asks the
//! target something").
//!
//! A fleet run (`halite ssh`) renders every host's templates on the controller from the
//! host's cached grains. A function registered pure (grains, pillar, opts, the file
//! roots, computations) is answered there; one that reads the host
//! (`register_host_read`: `file.read`, `file.file_exists`, `pkg.version`, `user.info`,
//! ...) or changes it (`cmd.run`, ...) describes the target, so the thread compiling a
//! host sets a [`RemoteCall`] that runs the function on that host over its open
//! connection (memoised per host by the caller). With no connection (`halite catalog
//! compile`) such a call fails, naming the function. Outside either scope nothing
//! changes: the function runs here, as `salt-call --local` does (there the controller is
//! the host).
//!
//! The scope is per thread; a thread that renders for the one that set it (halite-render's
//! speculative workers) enters the same scope ([`current`], [`enter`]). A speculative
//! render never asks the target: a host-reading call there voids the speculation, and the
//! walk, rendering the file itself, asks.

use crate::{Args, ExecError};
use halite_value::Value;
use std::cell::RefCell;
use std::sync::Arc;

/// Runs `mod.fun` with its arguments on the host being compiled.
pub type RemoteCall = Arc<dyn Fn(&str, &Args) -> Result<Value, ExecError> + Send + Sync>;

#[derive(Clone)]
enum Target {
    Local,
    Unreachable,
    Remote(RemoteCall),
}

thread_local! {
    static TARGET: RefCell<Target> = const { RefCell::new(Target::Local) };
}

fn scoped<R>(target: Target, f: impl FnOnce() -> R) -> R {
    let previous = TARGET.with(|t| std::mem::replace(&mut *t.borrow_mut(), target));
    struct Restore(Option<Target>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(prev) = self.0.take() {
                TARGET.with(|t| *t.borrow_mut() = prev);
            }
        }
    }
    let _restore = Restore(Some(previous));
    f()
}

/// Runs `f` with impure calls answered by `call` (the host's connection).
pub fn with_target<R>(call: RemoteCall, f: impl FnOnce() -> R) -> R {
    scoped(Target::Remote(call), f)
}

/// Runs `f` with no host to ask: an impure call fails.
pub fn without_target<R>(f: impl FnOnce() -> R) -> R {
    scoped(Target::Unreachable, f)
}

/// This thread's scope (who answers a host-reading call), for a helper thread to
/// [`enter`].
#[derive(Clone)]
pub struct Scope(Target);

/// The scope this thread runs in.
pub fn current() -> Scope {
    Scope(TARGET.with(|t| t.borrow().clone()))
}

/// Runs `f` in `scope` (taken with [`current`] on another thread).
pub fn enter<R>(scope: Scope, f: impl FnOnce() -> R) -> R {
    scoped(scope.0, f)
}

/// Whether a host-reading call on this thread is answered somewhere else than here.
pub fn is_remote() -> bool {
    TARGET.with(|t| !matches!(*t.borrow(), Target::Local))
}

/// Called in front of a function that reads or changes the host: `Some` answer when the
/// call goes elsewhere (or cannot be answered).
pub(crate) fn intercept(name: &str, args: &Args) -> Option<Result<Value, ExecError>> {
    let target = TARGET.with(|t| t.borrow().clone());
    match target {
        Target::Local => None,
        Target::Unreachable => Some(Err(ExecError::Failed(format!(
            "'{name}' asks the target host, and a catalog compiled without a connection cannot ask it (compile through `halite ssh`)"
        )))),
        Target::Remote(_) if crate::speculation::is_speculating() => {
            crate::speculation::abort();
            Some(Err(ExecError::Failed(format!(
                "'{name}' asks the target host, which a speculative render does not do"
            ))))
        }
        Target::Remote(call) => Some(call(name, args)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impure_calls_go_to_the_target_only_inside_the_scope() {
        let r = crate::Registry::standard();
        let ctx = crate::ExecContext::default();
        let args = Args::new(vec![Value::str("echo local")], Default::default());
        let call: RemoteCall = Arc::new(|name, _| Ok(Value::str(format!("remote {name}"))));
        let got = with_target(call, || r.call(&ctx, "cmd.run", &args));
        assert_eq!(got.ok(), Some(Value::str("remote cmd.run")));
        let refused = without_target(|| r.call(&ctx, "cmd.run", &args));
        assert!(refused.is_err());
        // grains.get is pure: answered here even with a target set.
        let call: RemoteCall = Arc::new(|_, _| Ok(Value::str("remote")));
        let g = with_target(call, || {
            r.call(
                &ctx,
                "grains.get",
                &Args::new(vec![Value::str("x")], Default::default()),
            )
        });
        assert_ne!(g.ok(), Some(Value::str("remote")));
    }

    #[test]
    fn host_reads_go_to_the_target_and_are_refused_without_one() {
        let r = crate::Registry::standard();
        let ctx = crate::ExecContext::default();
        let args = Args::new(vec![Value::str("/etc/hostname")], Default::default());
        let call: RemoteCall = Arc::new(|name, _| Ok(Value::str(format!("remote {name}"))));
        let got = with_target(call.clone(), || r.call(&ctx, "file.read", &args));
        assert_eq!(got.ok(), Some(Value::str("remote file.read")));
        let refused = without_target(|| r.call(&ctx, "file.file_exists", &args));
        let text = refused.err().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            text.contains("'file.file_exists' asks the target host"),
            "{text}"
        );
        // Speculating: voided, never sent (the walk asks); in a helper thread too.
        let scope = with_target(call, current);
        let spec = std::thread::spawn(move || {
            enter(scope, || {
                crate::speculation::speculate(|| r.call(&ctx, "file.read", &args).is_ok())
            })
        })
        .join()
        .ok();
        assert_eq!(spec, Some(None));
        // Locally (salt-call --local) a host read runs here, speculatively too.
        let r = crate::Registry::standard();
        let ctx = crate::ExecContext::default();
        let exists = Args::new(vec![Value::str("/")], Default::default());
        let here =
            crate::speculation::speculate(|| r.call(&ctx, "file.directory_exists", &exists).ok());
        assert_eq!(here, Some(Some(Value::Bool(true))));
    }
}
