//! Templates compiled before their render, on a core that would otherwise wait.
//!
//! Compiling a template (Salt's preprocessing, then minijinja's lexer, parser and code
//! generator) depends only on the file's text and the syntax options, not on grains, pillar
//! or the render's variables, so it can run while the minion is still loading grains and
//! pillar. Each template is compiled into an environment of its own (the process-wide base
//! with the syntax set); its render takes that environment over and adds the loader and the
//! globals there, instead of building one and compiling the template itself.
//!
//! A compiled template is used only for the very text it was compiled from and under the
//! same syntax options: a file rewritten in between (a template's `cmd.run` generating the
//! next sls) is compiled again at render time.

use crate::env::{self, SyntaxFlags};
use minijinja::Environment;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

struct Compiled {
    source: String,
    flags: SyntaxFlags,
    env: Environment<'static>,
}

/// Templates compiled ahead, by template name (the file's path), each taken by one render.
#[derive(Default)]
pub struct Precompiled {
    templates: Mutex<HashMap<String, Compiled>>,
    /// How many renders took their template from here.
    used: AtomicUsize,
}

impl Precompiled {
    /// Compiles `source` (the file `name`) with the syntax options `flags`. A template that
    /// does not compile is left for its render, which reports the error.
    pub fn compile(&self, name: &str, source: String, flags: SyntaxFlags) {
        let Ok(mut environment) = env::with_syntax(&flags) else {
            return;
        };
        if environment
            .add_template_owned(name.to_string(), flags.preprocess(&source))
            .is_err()
        {
            return;
        }
        let compiled = Compiled {
            source,
            flags,
            env: environment,
        };
        if let Ok(mut templates) = self.templates.lock() {
            templates.insert(name.to_string(), compiled);
        }
    }

    /// Whether `name` is compiled already.
    pub fn contains(&self, name: &str) -> bool {
        self.templates
            .lock()
            .is_ok_and(|templates| templates.contains_key(name))
    }

    /// The environment holding `name` compiled from exactly `source` with `flags`.
    pub(crate) fn take(
        &self,
        name: &str,
        source: &str,
        flags: &SyntaxFlags,
    ) -> Option<Environment<'static>> {
        let compiled = self.templates.lock().ok()?.remove(name)?;
        let usable = compiled.source == source && compiled.flags == *flags;
        if usable {
            self.used.fetch_add(1, Ordering::Relaxed);
        }
        usable.then_some(compiled.env)
    }

    /// Drops the templates no render took.
    pub fn clear(&self) {
        if let Ok(mut templates) = self.templates.lock() {
            templates.clear();
        }
    }

    /// How many renders took their template from here so far.
    pub fn used(&self) -> usize {
        self.used.load(Ordering::Relaxed)
    }
}
