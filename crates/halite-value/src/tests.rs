use super::*;

#[test]
fn float_repr_matches_python() {
    assert_eq!(py_float_repr(1.1), "1.1");
    assert_eq!(py_float_repr(1.0), "1.0");
    assert_eq!(py_float_repr(10001.0001), "10001.0001");
    assert_eq!(py_float_repr(1e16), "1e+16");
    assert_eq!(py_float_repr(1.5e-7), "1.5e-07");
    assert_eq!(py_float_repr(0.0001), "0.0001");
    assert_eq!(py_float_repr(123456789012345.6), "123456789012345.6");
}

#[test]
fn repr_of_nested_values() {
    let v = Value::Map(
        map! {"b" => 2, "a" => vec![Value::Int(1), Value::str("x")], "c" => map!{"nested" => true}},
    );
    assert_eq!(
        v.py_repr(),
        "{'b': 2, 'a': [1, 'x'], 'c': {'nested': True}}"
    );
    assert_eq!(Value::str("it's").py_repr(), "\"it's\"");
    assert_eq!(Value::Null.py_repr(), "None");
}

#[test]
fn json_pretty_like_python() {
    let v =
        Value::Map(map! {"a" => Vec::<Value>::new(), "b" => map!{"c" => 1.5}, "d" => Value::Null});
    assert_eq!(
        v.to_json(),
        "{\n    \"a\": [],\n    \"b\": {\n        \"c\": 1.5\n    },\n    \"d\": null\n}"
    );
}

#[test]
fn map_lookup_by_str_and_order() {
    let mut m = map! {"z" => 1, "a" => 2};
    m.insert(Value::Int(3), Value::str("int key"));
    assert_eq!(m.get("a"), Some(&Value::Int(2)));
    assert_eq!(m.get_value(&Value::Int(3)), Some(&Value::str("int key")));
    m.insert("z", Value::Int(9));
    let keys: Vec<String> = m.keys().map(|k| k.py_str()).collect();
    assert_eq!(keys, ["z", "a", "3"]);
}

#[test]
fn python_equality_across_numbers() {
    assert_eq!(Value::Int(1), Value::Float(1.0));
    assert_eq!(Value::Bool(true), Value::Int(1));
    assert_ne!(Value::str("1"), Value::Int(1));
}

#[test]
fn traverse_paths() {
    let v = Value::Map(map! {"a" => map!{"b" => vec![Value::str("x"), Value::str("y")]}});
    assert_eq!(traverse(&v, "a:b:1", ":"), Some(&Value::str("y")));
    assert_eq!(traverse(&v, "a:c", ":"), None);
}

#[test]
fn recursive_merge() {
    let mut a = map! {"x" => map!{"y" => 1, "l" => vec![Value::Int(1)]}};
    let b = map! {"x" => map!{"z" => 2, "l" => vec![Value::Int(1), Value::Int(2)]}};
    merge_recurse(&mut a, &b, true);
    assert_eq!(
        Value::Map(a).py_repr(),
        "{'x': {'y': 1, 'l': [1, 2], 'z': 2}}"
    );
}

#[test]
fn fnmatch_like_python() {
    assert!(fnmatch("testminion", "test*"));
    assert!(!fnmatch("testminion", "test[a-z]+"));
    assert!(fnmatch("test+", "test[a-z+]"));
    assert!(fnmatch("a.b", "a.?"));
    assert!(!fnmatch("ab", "a[!b]"));
    assert!(fnmatch("a[", "a["));
    assert!(fnmatch("a]", "a[]]"));
    assert!(fnmatch("roles.db", "roles.*"));
    assert!(!fnmatch("roles", "roles.*"));
}

#[test]
fn json_string_escapes_like_python_ensure_ascii_false() {
    let v = Value::str("a\"b\\c\nd\te\u{1}f é ☃");
    assert_eq!(v.to_json(), "\"a\\\"b\\\\c\\nd\\te\\u0001f é ☃\"");
}

mod json_forms {
    use crate::{Map, Value};

    /// `to_json`, then every non-ASCII character escaped: what `to_json_ascii` must equal.
    fn two_pass(v: &Value) -> String {
        let json = v.to_json();
        let mut out = String::new();
        for c in json.chars() {
            if c.is_ascii() {
                out.push(c);
                continue;
            }
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{:04x}", u));
            }
        }
        out
    }

    #[test]
    fn json_ascii_and_streamed_json_agree_with_to_json() {
        let mut inner = Map::new();
        inner.insert(
            "é\u{1F600}\"\\\n\r\t\u{8}\u{c}\u{1}\u{7f}x",
            Value::Float(1.5),
        );
        inner.insert(Value::Int(-12), Value::List(vec![].into()));
        inner.insert(Value::Bool(true), Value::Map(Map::new()));
        inner.insert(Value::Null, Value::Float(f64::NAN));
        inner.insert(Value::Float(1e20), Value::Float(f64::NEG_INFINITY));
        let mut m = Map::new();
        m.insert("a", Value::Map(inner));
        m.insert(
            "l",
            Value::List(
                vec![
                    Value::Int(i64::MIN),
                    Value::Int(0),
                    Value::Int(i64::MAX),
                    Value::Null,
                    Value::Bool(false),
                    Value::str("ü\u{2028}"),
                    Value::List(vec![Value::List(vec![Value::Float(0.1)].into())].into()),
                ]
                .into(),
            ),
        );
        for v in [Value::Map(m), Value::str("x"), Value::Int(3), Value::Null] {
            assert_eq!(v.to_json_ascii(), two_pass(&v));
            let mut streamed = Vec::new();
            v.write_json_to(&mut streamed).unwrap();
            assert_eq!(String::from_utf8(streamed).unwrap(), v.to_json());
        }
    }
}

#[test]
fn value_is_24_bytes() {
    // A `Str` is 24 bytes and leaves room in its last byte for the enum's tag; every other
    // variant must stay within that (a `List` is 16 bytes, a boxed `Map` 8).
    assert_eq!(std::mem::size_of::<Value>(), 24);
}

#[test]
fn list_copies_share_until_one_changes() {
    let original: List = (0..4).map(Value::from).collect();
    let mut copy = original.clone();
    assert!(copy.ptr_eq(&original));
    copy.push(Value::from(4));
    assert!(!copy.ptr_eq(&original));
    assert_eq!(original.len(), 4);
    assert_eq!(copy.len(), 5);

    let mut through_deref = original.clone();
    through_deref[0] = Value::str("changed");
    through_deref.sort_by_key(|v| v.as_i64());
    assert_eq!(original[0], Value::from(0));
    assert_eq!(
        Value::List(original.clone()).to_json_styled(JsonStyle::Compact),
        "[0, 1, 2, 3]"
    );

    let mut iterated = original.clone();
    for v in &mut iterated {
        *v = Value::Null;
    }
    assert_eq!(original.iter().filter(|v| v.is_null()).count(), 0);
    assert_eq!(original.clone().into_vec(), original.to_vec());
}

#[test]
fn list_resize_pads_and_truncates() {
    let mut l = List::new();
    l.resize(3, Value::Null);
    assert_eq!(l, vec![Value::Null, Value::Null, Value::Null]);
    l.resize(1, Value::Int(1));
    assert_eq!(l.len(), 1);
}

#[test]
fn map_small_and_indexed_behave_alike() {
    for n in [3usize, 16, 17, 40] {
        let mut m = Map::new();
        for i in 0..n {
            m.insert(format!("k{i}"), Value::from(i));
        }
        m.insert(Value::Int(1), Value::str("one"));
        assert_eq!(m.get_value(&Value::Float(1.0)), Some(&Value::str("one")));
        assert_eq!(
            m.insert(Value::Bool(true), Value::str("uno")),
            Some(Value::str("one"))
        );
        assert_eq!(m.len(), n + 1);
        for i in 0..n {
            assert_eq!(m.get(&format!("k{i}")), Some(&Value::from(i)), "n={n}");
        }
        assert_eq!(m.remove("k1"), Some(Value::from(1)));
        assert!(!m.contains_key("k1"));
        assert_eq!(m.get(&format!("k{}", n - 1)), Some(&Value::from(n - 1)));
        m.shift_insert(0, Value::str("first"), Value::Null);
        assert_eq!(m.first().map(|(k, _)| k.clone()), Some(Value::str("first")));
        assert_eq!(m.get_index_of(&Value::str("k0")), Some(1));
        m.retain(|k, _| k.as_str() != Some("k2"));
        assert!(m.get("k2").is_none() && m.get("k0").is_some());
        let keys: Vec<String> = m.keys().map(Value::py_str).collect();
        assert_eq!(keys[..2], ["first".to_string(), "k0".to_string()]);
        let reversed: Map = m.clone().into_iter().rev().collect();
        assert_eq!(reversed, m, "dict equality ignores order");
        assert_ne!(reversed.first(), m.first());
    }
}

#[test]
fn removals_keep_an_indexed_map_consistent() {
    let mut m = Map::new();
    for i in 0..40 {
        m.insert(format!("k{i}"), Value::from(i));
    }
    // front, back, middle, then the rest in a scattered order
    let mut order: Vec<usize> = vec![0, 39, 20];
    order.extend(
        (1..39)
            .filter(|i| *i != 20)
            .map(|i| (i * 7) % 39)
            .filter(|i| ![0, 20].contains(i)),
    );
    order.dedup();
    let mut gone = std::collections::HashSet::new();
    for i in order {
        if !gone.insert(i) {
            continue;
        }
        assert_eq!(m.remove(&format!("k{i}")), Some(Value::from(i)));
        for (pos, (k, _)) in m.iter().enumerate() {
            assert_eq!(m.get_index_of(k), Some(pos), "after removing k{i}");
        }
        assert!(m.get(&format!("k{i}")).is_none());
    }
}
