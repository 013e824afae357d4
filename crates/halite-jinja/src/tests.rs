//! Jinja tests: Jinja2's builtins with Python semantics and Salt's `match`, `equalto`, `list`.

use crate::args::PyArgs;
use crate::filters::FilterResult;
use crate::repr::py_str;
use minijinja::value::{Kwargs, ObjectRepr, Rest, Value, ValueKind};
use minijinja::{Environment, State};

fn add(
    env: &mut Environment<'static>,
    name: &'static str,
    f: fn(&State, &Value, PyArgs) -> FilterResult,
) {
    env.add_test(
        name,
        move |state: &State, value: &Value, rest: Rest<Value>, kwargs: Kwargs| {
            f(state, value, PyArgs::from_parts(&rest, &kwargs)).map(|v| v.is_true())
        },
    );
}

fn b(x: bool) -> FilterResult {
    Ok(Value::from(x))
}

pub fn register(env: &mut Environment<'static>) {
    // defined/undefined also forget the lookup miss they consumed (see errors.rs).
    add(env, "defined", |_, v, _| {
        crate::mutable::take_last_miss();
        b(!v.is_undefined())
    });
    add(env, "undefined", |_, v, _| {
        crate::mutable::take_last_miss();
        b(v.is_undefined())
    });
    add(env, "list", |_, v, _| {
        b(v.kind() == ValueKind::Seq && !v.is_tuple())
    });
    add(env, "match", |_, v, a| {
        let mut re =
            regex::RegexBuilder::new(&format!("^(?:{})", a.str_at(0, "rgx").unwrap_or_default()));
        re.case_insensitive(a.bool_at(1, "ignorecase", false))
            .multi_line(a.bool_at(2, "multiline", false));
        let re = re.build().map_err(|e| {
            minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e.to_string())
        })?;
        b(re.is_match(&py_str(v)))
    });
    add(env, "equalto", |_, v, a| {
        b(Some(v.clone()) == a.get(0, "other"))
    });
    add(env, "callable", |_, v, _| {
        b(v.as_object()
            .is_some_and(|o| o.repr() == ObjectRepr::Plain && !v.is_kwargs()))
    });
    add(env, "mapping", |_, v, _| b(v.kind() == ValueKind::Map));
    add(env, "sequence", |_, v, _| {
        b(matches!(
            v.kind(),
            ValueKind::Seq | ValueKind::String | ValueKind::Map
        ))
    });
    add(env, "iterable", |_, v, _| {
        b(matches!(
            v.kind(),
            ValueKind::Seq | ValueKind::String | ValueKind::Map | ValueKind::Iterable
        ))
    });
    add(env, "string", |_, v, _| b(v.kind() == ValueKind::String));
    add(env, "number", |_, v, _| {
        b(v.is_number() || v.kind() == ValueKind::Bool)
    });
    add(env, "integer", |_, v, _| {
        b(v.is_integer() && v.kind() != ValueKind::Bool)
    });
    add(env, "float", |_, v, _| b(v.is_number() && !v.is_integer()));
    add(env, "boolean", |_, v, _| b(v.kind() == ValueKind::Bool));
    add(env, "lower", |_, v, _| {
        let s = py_str(v);
        b(s.chars().any(char::is_lowercase) && !s.chars().any(char::is_uppercase))
    });
    add(env, "upper", |_, v, _| {
        let s = py_str(v);
        b(s.chars().any(char::is_uppercase) && !s.chars().any(char::is_lowercase))
    });
}
