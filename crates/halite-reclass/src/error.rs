use thiserror::Error;

/// Everything that can go wrong; the text follows reclass-rs's messages where it has one.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
pub enum ReclassError {
    /// Bad `reclass-config.yml` or inconsistent paths.
    #[error("{0}")]
    Config(String),
    /// Walking `nodes/` or `classes/` failed, or two files define the same entity.
    #[error("{0}")]
    Discovery(String),
    /// Rendering one node failed (`-n`): `Error while rendering <node>: ...`.
    #[error("Error while rendering {node}: {message}")]
    Node { node: String, message: String },
    /// Rendering the inventory failed (`-i`) because of one node.
    #[error("Error while rendering inventory: Error rendering node {node}: {message}")]
    Inventory { node: String, message: String },
    /// The command line is unusable (e.g. an unsupported output format).
    #[error("{0}")]
    Usage(String),
}

impl ReclassError {
    /// The underlying message, without the node/inventory prefix.
    pub fn message(&self) -> &str {
        match self {
            ReclassError::Config(m) | ReclassError::Discovery(m) | ReclassError::Usage(m) => m,
            ReclassError::Node { message, .. } | ReclassError::Inventory { message, .. } => message,
        }
    }
}
