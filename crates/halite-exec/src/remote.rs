//! Who answers an impure execution function while the controller compiles a host's
//! catalog (ARCHITECTURE.md, "Who renders a template that asks the target something").
//!
//! A fleet run (`halite ssh`) renders every host's templates on the controller from the
//! host's cached grains. A pure function (grains, pillar, opts, the file roots) is answered
//! there; an impure one (`cmd.run`, `file.file_exists`, `pkg.version`, ...) describes the
//! target, so the thread compiling a host sets a [`RemoteCall`] that runs the function on
//! that host over its open connection (memoised per host by the caller). With no
//! connection (`halite catalog compile`) such a call fails, naming the function. Outside
//! either scope nothing changes: the function runs here, as `salt-call --local` does.

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

/// Called in front of an impure function: `Some` answer when the call goes elsewhere.
pub(crate) fn intercept(name: &str, args: &Args) -> Option<Result<Value, ExecError>> {
    let target = TARGET.with(|t| t.borrow().clone());
    match target {
        Target::Local => None,
        Target::Unreachable => Some(Err(ExecError::Failed(format!(
            "'{name}' asks the target host, and a catalog compiled without a connection cannot ask it (compile through `halite ssh`)"
        )))),
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
}
