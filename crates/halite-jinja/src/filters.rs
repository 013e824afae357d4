//! Filters: Jinja2 builtins whose Python behaviour differs from minijinja's, and Salt's
//! `jinja_filter` registrations (salt/utils/jinja.py, data.py, stringutils.py, ...).

mod collections;
mod dates;
mod hashes;
mod host;
mod network;
mod pyrandom;
mod salt_data;
mod strings;

use crate::args::PyArgs;
use crate::mutable::{make_mutable, MutList};
use crate::repr::py_str;
use crate::{pyformat, serializers};
use minijinja::value::{Kwargs, Rest, Value};
use minijinja::{Environment, Error, State};

pub type FilterResult = Result<Value, Error>;

/// Adds a filter taking `(value, *args, **kwargs)` Python-style.
fn add(
    env: &mut Environment<'static>,
    name: &'static str,
    f: fn(&State, Value, PyArgs) -> FilterResult,
) {
    env.add_filter(
        name,
        move |state: &State, value: Value, rest: Rest<Value>, kwargs: Kwargs| {
            // StrictUndefined: every filter but `default` fails on an undefined value
            if value.is_undefined() && name != "default" && name != "d" {
                return Err(crate::errors::undefined_use());
            }
            f(state, value, PyArgs::from_parts(&rest, &kwargs))
        },
    );
}

pub fn register(env: &mut Environment<'static>) {
    // template-internal helpers used by the preprocessor
    env.add_function("__m", |v: Value| make_mutable(&v));
    env.add_function("__pyfmt", |fmt: Value, args: Value| {
        pyformat::percent_format(&py_str(&fmt), &args).map(Value::from)
    });
    // Salt's `odict` global is `collections.OrderedDict`
    env.add_function("odict", |rest: Rest<Value>, kw: Kwargs| {
        collections::dict_ctor(PyArgs::from_parts(&rest, &kw)).map(|d| {
            crate::mutable::as_mut_map(&d)
                .map(|m| crate::mutable::MutMap::new_ordered_from(&m).into_value())
                .unwrap_or(d)
        })
    });
    env.add_function("dict", |rest: Rest<Value>, kw: Kwargs| {
        collections::dict_ctor(PyArgs::from_parts(&rest, &kw))
    });
    env.add_function("raise", |msg: Value| -> FilterResult {
        Err(Error::new(
            minijinja::ErrorKind::InvalidOperation,
            py_str(&msg),
        ))
    });
    env.add_function("show_full_context", |state: &State| {
        collections::full_context(state)
    });

    // serializers
    env.add_filter("load_yaml", serializers::load_yaml);
    env.add_filter("load_json", serializers::load_json);
    env.add_filter("load_text", serializers::load_text);
    env.add_filter("json", serializers::json);
    env.add_filter("tojson", serializers::tojson);
    env.add_filter("python", serializers::python);
    env.add_filter("yaml", serializers::yaml);
    env.add_filter("yaml_encode", serializers::yaml_encode);
    env.add_filter("yaml_dquote", serializers::yaml_dquote);
    env.add_filter("yaml_squote", serializers::yaml_squote);

    strings::register(env);
    collections::register(env);
    network::register(env);
    pyrandom::register(env);
    hashes::register(env);
    host::register(env);
    dates::register(env);
    salt_data::register(env);
}

/// The Salt release the render's options select (`opts['salt_compat']`, 3008 without it).
pub(crate) fn salt_compat(state: &State) -> halite_value::SaltCompat {
    state
        .lookup("opts")
        .and_then(|o| o.get_item(&Value::from("salt_compat")).ok())
        .filter(|v| !v.is_undefined())
        .and_then(|v| halite_value::SaltCompat::parse(&crate::from_mj(&v)))
        .unwrap_or_default()
}

/// `list(value)` as a fresh mutable list.
pub fn to_list(v: &Value) -> Result<Vec<Value>, Error> {
    crate::methods::iter_values(v)
}

pub fn mut_list(items: Vec<Value>) -> Value {
    MutList::new(items).into_value()
}
