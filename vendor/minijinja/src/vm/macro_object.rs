use std::fmt;
use std::sync::Arc;

use crate::error::{Error, ErrorKind};
use crate::output::Output;
use crate::utils::AutoEscape;
use crate::value::{Enumerator, Kwargs, Object, Tuple, Value};
use crate::vm;
use crate::vm::state::State;

pub(crate) struct Macro {
    pub name: Value,
    pub arg_spec: Vec<Value>,
    // Values need to be 'static, so the macro cannot directly borrow the
    // instructions that declared it.  The instruction stream is registered
    // once on the render state and identified by its stable address.
    pub instructions_id: usize,
    pub offset: u32,
    pub state_id: isize,
    pub closure: Option<usize>,
    pub caller_reference: bool,
    // halite: Jinja2's `catch_varargs` / `catch_kwargs`
    pub varargs_reference: bool,
    pub kwargs_reference: bool,
}

impl fmt::Debug for Macro {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<macro {}>", self.name)
    }
}

impl Macro {
    /// halite: binds the call's arguments as Jinja2's `Macro.__call__` does
    /// (jinja2/runtime.py): positional arguments first; keyword arguments fill only the
    /// parameters left over; `caller` when the macro uses it; what remains goes to
    /// `kwargs` and `varargs` when the macro uses them, else it is Jinja2's TypeError.
    /// Returns the parameter values and the special variables to store (`caller`,
    /// `kwargs`, `varargs`).
    #[allow(clippy::type_complexity)]
    fn prepare_args(
        &self,
        args: &[Value],
    ) -> Result<(Vec<Value>, Vec<(&'static str, Value)>), Error> {
        let (args, kwargs) = match args.last() {
            Some(last) => match Kwargs::extract(last) {
                Some(kwargs) => (&args[..args.len() - 1], Some(kwargs)),
                None => (args, None),
            },
            _ => (args, None),
        };
        // the keyword arguments not bound yet, in the call's order
        let mut remaining: Vec<(Value, Value)> = match kwargs {
            Some(ref kwargs) => kwargs
                .values
                .iter()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect(),
            None => Vec::new(),
        };
        let mut take = |key: &str| {
            let pos = remaining
                .iter()
                .position(|(k, _)| k.as_str() == Some(key))?;
            Some(remaining.remove(pos).1)
        };
        let name = self.name.as_str().unwrap_or("");
        let argument_count = self.arg_spec.len();

        let mut arg_values = Vec::with_capacity(argument_count);
        let mut found_caller = false;
        for (idx, spec) in self.arg_spec.iter().enumerate() {
            if let Some(arg) = args.get(idx) {
                arg_values.push(arg.clone());
                continue;
            }
            let Some(spec) = spec.as_str() else {
                arg_values.push(Value::UNDEFINED);
                continue;
            };
            if spec == "caller" {
                found_caller = true;
            }
            arg_values.push(take(spec).unwrap_or(Value::UNDEFINED));
        }

        let mut specials = Vec::new();
        if self.caller_reference && !found_caller {
            specials.push(("caller", take("caller").unwrap_or(Value::UNDEFINED)));
        }

        if self.kwargs_reference {
            let mut map = crate::value::value_map_with_capacity(remaining.len());
            map.extend(remaining);
            specials.push(("kwargs", Value::from_object(map)));
        } else if let Some((key, _)) = remaining.iter().next() {
            let key = key.as_str().unwrap_or("");
            return Err(Error::new(
                ErrorKind::TooManyArguments,
                if key == "caller" {
                    format!(
                        "macro '{name}' was invoked with two values for the special caller \
                         argument. This is most likely a bug."
                    )
                } else {
                    format!("macro '{name}' takes no keyword argument '{key}'")
                },
            ));
        }

        if self.varargs_reference {
            let extra = args.get(argument_count..).unwrap_or_default().to_vec();
            specials.push(("varargs", Value::from_object(Tuple::new(extra))));
        } else if args.len() > argument_count {
            return Err(Error::new(
                ErrorKind::TooManyArguments,
                format!("macro '{name}' takes not more than {argument_count} argument(s)"),
            ));
        }

        Ok((arg_values, specials))
    }
}

impl Object for Macro {
    fn enumerate(self: &Arc<Self>) -> Enumerator {
        Enumerator::Str(&["name", "arguments", "caller"])
    }

    fn get_value(self: &Arc<Self>, key: &Value) -> Option<Value> {
        Some(match some!(key.as_str()) {
            "name" => self.name.clone(),
            "arguments" => Value::from_iter(self.arg_spec.iter().cloned()),
            "caller" => Value::from(self.caller_reference),
            _ => return None,
        })
    }

    fn call(self: &Arc<Self>, state: &mut State<'_, '_>, args: &[Value]) -> Result<Value, Error> {
        if state.id != self.state_id {
            return Err(Error::new(
                ErrorKind::InvalidOperation,
                "cannot call this macro. template state went away.",
            ));
        }

        let (arg_values, mut specials) = ok!(self.prepare_args(args));
        // halite: the `kwargs` dict goes through halite-jinja's `__m` (the function its
        // preprocessor wraps dict literals in), so that it is one of its mutable dicts
        if let Some(slot) = specials.iter_mut().find(|(name, _)| *name == "kwargs") {
            if let Some(make_mutable) = state.lookup("__m") {
                slot.1 = ok!(make_mutable.call(state, &[slot.1.clone()]));
            }
        }
        let mut rv = String::new();
        ok!(vm::eval_macro(
            state,
            self.instructions_id,
            self.offset,
            &mut Output::new(&mut rv),
            self.closure,
            specials,
            arg_values
        ));

        Ok(if !matches!(state.auto_escape(), AutoEscape::None) {
            Value::from_safe_string(rv)
        } else {
            Value::from(rv)
        })
    }

    fn render(self: &Arc<Self>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "<macro {}>", self.name)
    }
}
