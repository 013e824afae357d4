//! `load` (both schemas) and the dumpers must never panic, whatever the input.
#![no_main]

use halite_yaml::{dump, load, salt_render_error_message, yamlify_arg, DumpOptions, Schema};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match load(text, Schema::Salt) {
        Ok(v) => {
            let _ = dump(&v, DumpOptions::default());
        }
        Err(e) => {
            let _ = salt_render_error_message(&e, text);
        }
    }
    let _ = load(text, Schema::Yaml12);
    if text.len() < 200 {
        let _ = yamlify_arg(text);
    }
});
