//! The `salt` template variable: Salt's loader dictionary of execution functions.
//! `salt['mod.fun'](...)` and `salt.mod.fun(...)` both dispatch to the [`Registry`].
//! An unknown name behaves as in Jinja2 over Salt's `LazyLoader`: the lookup gives an
//! undefined value (Jinja2's `getitem` swallows the `KeyError`), so
//! `salt['x.y'] | default(none)` works and calling it is an undefined error.

use crate::convert::{
    from_mj, to_mj, to_mj_merged, to_mj_ordered, to_mj_pillar, to_mj_shaped, ArgShapes,
    PillarShapes, Source,
};
use halite_exec::{Args, ExecContext, ExecError, Registry};
use halite_value::Map;
use minijinja::value::{Enumerator, Object, ObjectRepr, Value};
use minijinja::{Error, ErrorKind, State};
use std::fmt;
use std::sync::Arc;

/// Prefix of errors raised by execution functions, so the error mapper can give Salt's
/// "Problem running salt function in Jinja template: ..." text.
pub const EXEC_ERROR_PREFIX: &str = "\u{1}exec:";

/// Prefix of a render error a function returned (`slsutil.renderer` on a template that fails):
/// render_jinja_tmpl's generic handler reports it as "Jinja error: ..." with a traceback.
pub const RENDER_ERROR_PREFIX: &str = "\u{1}render:";

#[derive(Clone)]
pub struct SaltLoader {
    registry: Arc<Registry>,
    ctx: Arc<ExecContext>,
    shapes: Arc<PillarShapes>,
}

impl fmt::Debug for SaltLoader {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<salt.utils.templates.AliasedLoader object>")
    }
}

impl SaltLoader {
    pub fn new(registry: Arc<Registry>, ctx: Arc<ExecContext>, shapes: Arc<PillarShapes>) -> Self {
        SaltLoader {
            registry,
            ctx,
            shapes,
        }
    }

    /// Calls `name` with template arguments (the last may be keyword arguments).
    pub fn call(&self, name: &str, mj_args: &[Value]) -> Result<Value, Error> {
        let mut args = split_args(mj_args);
        let before = args.clone();
        halite_exec::take_render_error();
        halite_exec::take_python_error();
        let result = self.registry.call_mut(&self.ctx, name, &mut args);
        if result.is_ok() {
            write_back(mj_args, &before, &args);
        }
        match result {
            Ok(v) => Ok(self.convert_result(name, &v, mj_args, &before)),
            Err(ExecError::NotAvailable(n)) => Err(Error::new(
                ErrorKind::UndefinedError,
                format!("'salt.utils.templates.AliasedLoader object' has no attribute '{n}'"),
            )),
            Err(ExecError::Failed(msg)) if halite_exec::take_render_error() => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("{RENDER_ERROR_PREFIX}{msg}"),
            )),
            // A plain Python exception: errors.rs gives render_jinja_tmpl's "Jinja error".
            Err(ExecError::Failed(msg)) if halite_exec::take_python_error() => {
                Err(Error::new(ErrorKind::InvalidOperation, msg))
            }
            Err(ExecError::Failed(msg) | ExecError::Command(msg)) => Err(Error::new(
                ErrorKind::InvalidOperation,
                format!("{EXEC_ERROR_PREFIX}{msg}"),
            )),
        }
    }
}

impl SaltLoader {
    /// A function result as template data. Dict types (`dict` or Salt's `OrderedDict`,
    /// which matters for `|yaml` key order and error texts) follow where Salt's function
    /// got them: the pillar, or its arguments.
    fn convert_result(
        &self,
        name: &str,
        v: &halite_value::Value,
        mj_args: &[Value],
        args: &Args,
    ) -> Value {
        let positional: Vec<Value> = mj_args.iter().filter(|a| !a.is_kwargs()).cloned().collect();
        let kwarg = |k: &str| {
            mj_args.iter().filter(|a| a.is_kwargs()).find_map(|a| {
                a.get_item(&Value::from(k))
                    .ok()
                    .filter(|v| !v.is_undefined())
            })
        };
        let arg = |i: usize, k: &str| positional.get(i).cloned().or_else(|| kwarg(k));
        match name {
            "pillar.get" => {
                let merge = args
                    .get(2, "merge")
                    .is_some_and(halite_value::Value::truthy);
                let default = arg(1, "default");
                // Python hands the default object back unchanged: an undefined default stays
                // StrictUndefined and fails where the template uses it.
                let raw_default = positional.get(1).cloned();
                if let Some(d) = raw_default.filter(|d| d.is_undefined()) {
                    if !merge && !self.found_in_pillar(name, args) {
                        return d;
                    }
                }
                if merge {
                    let mut sources: Vec<Source> =
                        default.into_iter().map(Source::Template).collect();
                    sources.push(Source::Pillar);
                    to_mj_merged(v, &sources, &self.shapes)
                } else if self.found_in_pillar(name, args) {
                    to_mj_ordered(v)
                } else {
                    to_mj_merged(
                        v,
                        &default
                            .into_iter()
                            .map(Source::Template)
                            .collect::<Vec<_>>(),
                        &self.shapes,
                    )
                }
            }
            // the whole pillar (or `pillar.item`'s new dict of some keys) is a plain dict
            "pillar.items" | "pillar.data" | "pillar.item" => to_mj_pillar(v),
            "pillar.raw" if arg(0, "key").is_none() => to_mj_pillar(v),
            _ if name.starts_with("pillar.") => to_mj_ordered(v),
            "slsutil.merge" | "slsutil.update" | "defaults.merge" | "defaults.update"
            | "defaults.deepcopy" => {
                let sources: Vec<Source> = [
                    arg(0, "obj_a"),
                    arg(1, "obj_b"),
                    arg(0, "dest"),
                    arg(1, "upd"),
                ]
                .into_iter()
                .flatten()
                .map(Source::Template)
                .collect();
                to_mj_merged(v, &sources, &self.shapes)
            }
            // salt.utils.data.filter_by: the matching lookup entry, updated in place with a
            // deep copy of `merge`
            "grains.filter_by" | "pillar.filter_by" | "config.filter_by" => {
                let mut sources = Vec::new();
                if let (Some(lookup), halite_value::Value::Map(result)) = (arg(0, "lookup_dict"), v)
                {
                    if let Some(entry) = matching_entry(&lookup, result) {
                        sources.push(Source::Template(entry));
                    }
                }
                if let Some(merge) = arg(2, "merge") {
                    sources.push(Source::Template(merge));
                }
                to_mj_merged(v, &sources, &self.shapes)
            }
            _ => to_mj_shaped(v, &ArgShapes::new(mj_args), &self.shapes),
        }
    }

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

/// The lookup-table entry `filter_by` picked: the first dict entry whose keys all appear in
/// the result (a merge only adds keys).
fn matching_entry(lookup: &Value, result: &halite_value::Map) -> Option<Value> {
    let table = crate::mutable::as_mut_map(lookup)?;
    table.values().into_iter().find(|entry| {
        crate::mutable::as_mut_map(entry).is_some_and(|m| {
            !m.is_empty()
                && m.keys()
                    .iter()
                    .all(|k| result.contains_value_key(&from_mj(k)))
        })
    })
}

/// Salt functions that change their first argument in place (`defaults.merge`...): the
/// registry hands back the new value, which replaces the template dict's contents.
fn write_back(mj_args: &[Value], before: &Args, after: &Args) {
    let positional: Vec<&Value> = mj_args.iter().filter(|a| !a.is_kwargs()).collect();
    for (i, (old, new)) in before.args.iter().zip(after.args.iter()).enumerate() {
        if old != new {
            if let (Some(target), halite_value::Value::Map(m)) = (positional.get(i), new) {
                replace_contents(target, m);
            }
        }
    }
    for (k, new) in after.kwargs.iter() {
        if before.kwargs.get_value(k) != Some(new) {
            let target = mj_args
                .iter()
                .filter(|a| a.is_kwargs())
                .find_map(|a| a.get_item(&to_mj(k)).ok().filter(|v| !v.is_undefined()));
            if let (Some(target), halite_value::Value::Map(m)) = (target, new) {
                replace_contents(&target, m);
            }
        }
    }
}

fn replace_contents(target: &Value, new: &halite_value::Map) {
    if let Some(dest) = crate::mutable::as_mut_map(target) {
        dest.clear();
        for (k, v) in new.iter() {
            dest.insert(to_mj(k), to_mj(v));
        }
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
