//! The `salt` template variable: Salt's loader dictionary of execution functions.
//! `salt['mod.fun'](...)` and `salt.mod.fun(...)` both dispatch to the [`Registry`].
//! An unknown name behaves as in Jinja2 over Salt's `LazyLoader`: the lookup gives an
//! undefined value (Jinja2's `getitem` swallows the `KeyError`), so
//! `salt['x.y'] | default(none)` works and calling it is an undefined error.

use crate::convert::{from_mj, to_mj, to_mj_ordered};
use halite_exec::{Args, ExecContext, ExecError, Registry};
use halite_value::Map;
use minijinja::value::{Enumerator, Object, ObjectRepr, Value};
use minijinja::{Error, ErrorKind, State};
use std::fmt;
use std::sync::Arc;

/// Prefix of errors raised by execution functions, so the error mapper can give Salt's
/// "Problem running salt function in Jinja template: ..." text.
pub const EXEC_ERROR_PREFIX: &str = "\u{1}exec:";

#[derive(Clone)]
pub struct SaltLoader {
    registry: Arc<Registry>,
    ctx: Arc<ExecContext>,
}

impl fmt::Debug for SaltLoader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<salt.utils.templates.AliasedLoader object>")
    }
}

impl SaltLoader {
    pub fn new(registry: Arc<Registry>, ctx: Arc<ExecContext>) -> Self {
        SaltLoader { registry, ctx }
    }

    /// Calls `name` with template arguments (the last may be keyword arguments).
    pub fn call(&self, name: &str, args: &[Value]) -> Result<Value, Error> {
        let args = split_args(args);
        match self.registry.call(&self.ctx, name, &args) {
            // pillar.* hand out the compiled pillar's OrderedDicts (a default or a merge
            // result is a plain dict)
            Ok(v) if name.starts_with("pillar.") && self.found_in_pillar(name, &args) => {
                Ok(to_mj_ordered(&v))
            }
            Ok(v) => Ok(to_mj(&v)),
            Err(ExecError::NotAvailable(n)) => Err(Error::new(
                ErrorKind::UndefinedError,
                format!("'salt.utils.templates.AliasedLoader object' has no attribute '{n}'"),
            )),
            Err(ExecError::Failed(msg)) => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("{EXEC_ERROR_PREFIX}{msg}"),
            )),
        }
    }
}

impl SaltLoader {
    /// Whether `pillar.*` returned data found in the pillar (not a default, not merged).
    fn found_in_pillar(&self, name: &str, args: &Args) -> bool {
        if name != "pillar.get" {
            return true;
        }
        if args
            .get(2, "merge")
            .is_some_and(halite_value::Value::truthy)
        {
            return false;
        }
        let key = args.get_str(0, "key").unwrap_or_default();
        let delim = args.get_str(99, "delimiter").unwrap_or_else(|| ":".into());
        halite_value::traverse(&self.ctx.pillar, &key, &delim).is_some()
    }
}

/// Template call arguments -> Python `*args, **kwargs`.
pub fn split_args(args: &[Value]) -> Args {
    let mut positional = Vec::with_capacity(args.len());
    let mut kwargs = Map::new();
    for a in args {
        if a.is_kwargs() {
            if let Ok(keys) = a.try_iter() {
                for k in keys {
                    let v = a.get_item(&k).unwrap_or_default();
                    kwargs.insert(k.as_str().unwrap_or_default().to_string(), from_mj(&v));
                }
            }
        } else {
            positional.push(from_mj(a));
        }
    }
    Args::new(positional, kwargs)
}

impl Object for SaltLoader {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Map
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let found = self.lookup(key);
        if found.is_none() {
            crate::mutable::record_miss("'salt.utils.templates.AliasedLoader object'", key);
        }
        found
    }

    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Values(self.registry.names().into_iter().map(Value::from).collect())
    }

    fn call_method(
        self: &Arc<Self>,
        _state: &mut State<'_, '_>,
        method: &str,
        _args: &[Value],
    ) -> Result<Value, Error> {
        Err(Error::new(
            ErrorKind::UndefinedError,
            format!("'salt.utils.templates.AliasedLoader object' has no attribute '{method}'"),
        ))
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<salt.utils.templates.AliasedLoader object>")
    }
}

impl SaltLoader {
    /// `salt['mod.fun']` or `salt.mod` (a namespace of the module's functions).
    fn lookup(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let name = key.as_str()?;
        if name.contains('.') {
            self.registry.contains(name).then(|| {
                Value::from_object(SaltFunc {
                    loader: (**self).clone(),
                    name: name.to_string(),
                })
            })
        } else {
            let prefix = format!("{name}.");
            self.registry
                .names()
                .iter()
                .any(|n| n.starts_with(&prefix))
                .then(|| {
                    Value::from_object(SaltModule {
                        loader: (**self).clone(),
                        module: name.to_string(),
                    })
                })
        }
    }
}

/// `salt.mod`: a namespace whose attributes are the module's functions.
#[derive(Debug)]
struct SaltModule {
    loader: SaltLoader,
    module: String,
}

impl Object for SaltModule {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        let name = format!("{}.{}", self.module, key.as_str()?);
        self.loader.registry.contains(&name).then(|| {
            Value::from_object(SaltFunc {
                loader: self.loader.clone(),
                name,
            })
        })
    }

    fn call_method(
        self: &Arc<Self>,
        _state: &mut State<'_, '_>,
        method: &str,
        args: &[Value],
    ) -> Result<Value, Error> {
        self.loader
            .call(&format!("{}.{}", self.module, method), args)
    }
}

/// One execution function, callable from the template.
#[derive(Debug)]
pub struct SaltFunc {
    loader: SaltLoader,
    name: String,
}

impl Object for SaltFunc {
    fn repr(self: &Arc<Self>) -> ObjectRepr {
        ObjectRepr::Plain
    }

    fn call(self: &Arc<Self>, _state: &mut State<'_, '_>, args: &[Value]) -> Result<Value, Error> {
        self.loader.call(&self.name, args)
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "<function {} at 0x7f0000000000>",
            self.name.rsplit('.').next().unwrap_or("")
        )
    }
}
