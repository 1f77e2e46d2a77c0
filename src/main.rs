fn main() {
    println!("mcr: under construction");
}
