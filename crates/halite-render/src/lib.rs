//! The render stage: top file + SLS files (Jinja, then YAML) with grains, pillar and the
//! `salt` functions, into high data, as Salt's `BaseHighState` does it (salt/state.py).
//!
//! Nothing here touches the target system: it reads files, grains, pillar and opts.

pub mod diagnose;
pub mod fileclient;
pub mod highstate;
pub mod matcher;
pub mod opts;
pub mod pillar;
pub mod prefetch;
pub mod renderers;
mod secrets;
mod speculate;
pub mod stateconf;
pub mod template;
pub mod top;

pub use highstate::HighState;
pub use renderers::SaltRenderers;
pub use template::RenderError;
