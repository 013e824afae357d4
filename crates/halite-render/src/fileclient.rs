//! The parts of Salt's local file client that rendering uses: which sls files an environment
//! has (`list_states`, globbed by `glob_states`) and where an sls lives (`get_state`).

use halite_exec::FileRoots;
use halite_value::fnmatch;
use indexmap::IndexMap;
use std::path::PathBuf;

/// An sls resolved to a file: `source` is the `salt://` relative path Salt reports
/// (`a/b.sls` or `a/b/init.sls`).
#[derive(Debug, Clone)]
pub struct StateFile {
    pub path: PathBuf,
    pub source: String,
}

/// `fileclient.get_state`: `a.b` is `a/b.sls`, else `a/b/init.sls`.
pub fn get_state(roots: &FileRoots, sls: &str, saltenv: &str) -> Option<StateFile> {
    let base = sls.replace('.', "/");
    [format!("{base}.sls"), format!("{base}/init.sls")]
        .into_iter()
        .find_map(|source| {
            roots
                .find(saltenv, &source)
                .map(|path| StateFile { path, source })
        })
}

/// `fnmatch.filter(avail, pattern)` over the sls names of an environment (sorted, as
/// [`list_states`] returns them). A pattern without wildcards matches only itself and is
/// looked up: tops and includes name most files that way, and globbing each name against
/// every file of a large tree would be quadratic.
pub fn glob_states(avail: &[String], pattern: &str) -> Vec<String> {
    if !pattern.contains(['*', '?', '[']) {
        let found = avail.binary_search_by(|s| s.as_str().cmp(pattern)).is_ok();
        return if found {
            vec![pattern.to_string()]
        } else {
            Vec::new()
        };
    }
    avail
        .iter()
        .filter(|s| fnmatch(s, pattern))
        .cloned()
        .collect()
}

/// `{saltenv: [sls, ...]}`: each environment's sls names, sorted.
pub type Avail = IndexMap<String, Vec<String>>;

/// [`list_states`] of each of `envs`.
pub fn list_envs(roots: &FileRoots, envs: impl IntoIterator<Item = String>) -> Avail {
    envs.into_iter()
        .map(|env| {
            let states = list_states(roots, &env);
            (env, states)
        })
        .collect()
}

/// `fileclient.list_states`: every `.sls` file as an sls name, sorted.
pub fn list_states(roots: &FileRoots, saltenv: &str) -> Vec<String> {
    let mut states: Vec<String> = roots
        .list_files(saltenv)
        .into_iter()
        .filter_map(|path| {
            if let Some(pkg) = path.strip_suffix("/init.sls") {
                Some(pkg.replace('/', "."))
            } else {
                path.strip_suffix(".sls").map(|p| p.replace('/', "."))
            }
        })
        .collect();
    states.sort();
    states.dedup();
    states
}
