//! STUB: interface only; the implementation is in progress.
use halite_value::Map;

#[derive(Debug, Clone)]
pub struct CompileOptions {
    /// `state_auto_order` from the minion config (default true).
    pub state_auto_order: bool,
}

impl Default for CompileOptions {
    fn default() -> Self {
        CompileOptions { state_auto_order: true }
    }
}

/// High data (as `state.show_highstate` prints it, with `__extend__` / `__exclude__`) to the
/// ordered low chunks `state.show_lowstate` prints; or Salt's list of error strings.
pub fn compile_low_chunks(high: Map, opts: &CompileOptions) -> Result<Vec<Map>, Vec<String>> {
    let _ = (high, opts);
    Err(vec!["halite-compile is not implemented yet".into()])
}
