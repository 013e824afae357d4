//! STUB: the implementation is in progress.
