//! Timing of the grains with and without the DNS-dependent parts.
fn main() {
    for fq in [true, false] {
        let o = halite_grains::GrainsOptions {
            id: "testminion".into(),
            master: "salt".into(),
            enable_fqdns: fq,
            ..Default::default()
        };
        let t = std::time::Instant::now();
        let _ = halite_grains::core_grains_with(&o);
        eprintln!("enable_fqdns={fq}: {:?}", t.elapsed());
    }
}
