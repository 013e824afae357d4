fn main() {
    println!("halite: work in progress");
}
