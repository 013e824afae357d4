//! Prints the core grains as `salt-call --local --out json grains.items` would, and the time
//! they took: `cargo run --release -p halite-grains --example grains [ID]`.
fn main() {
    let id = std::env::args().nth(1);
    let t = std::time::Instant::now();
    let g = halite_grains::core_grains_for(id.as_deref());
    let took = t.elapsed();
    println!("{}", halite_value::Value::Map(g).to_json());
    eprintln!("core_grains took {took:?}");
}
