//! Links the `halite` binary as a position-dependent executable on Linux.
//!
//! A PIE has to be relocated when it starts: the dynamic loader rewrites ~12,000 pointers
//! (vtables, string tables, clap's and minijinja's static data) in 240 KB of
//! `.data.rel.ro`, reading 300 KB of relocation records to do it, which is ~0.2 ms and ~130
//! page faults of every call (a whole `state.show_lowstate` of a 100-file tree is ~25 ms).
//! Linked without PIE, the linker resolves them once. The code is still compiled
//! position-independent (Rust's default), so only the binary's own load address is fixed;
//! shared libraries, the stack and the heap stay randomised.
///
/// Not for a static build (musl, or glibc with `-C target-feature=+crt-static`:
/// scripts/build-static.sh): rustc links that as a static PIE, and `-no-pie` on top gives a
/// binary that crashes at once.
fn main() {
    let static_crt = std::env::var("CARGO_CFG_TARGET_FEATURE")
        .is_ok_and(|f| f.split(',').any(|x| x == "crt-static"))
        || std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("musl");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") && !static_crt {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
