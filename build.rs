//! Compiles `rules/` into static tables in OUT_DIR. One generator module per
//! table family, under `build/`.

#[path = "build/claims.rs"]
mod claims;

fn main() {
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=build");
    let out_dir = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    if let Err(message) = claims::generate(std::path::Path::new("rules"), &out_dir) {
        // One line naming file, line and problem; cargo shows it as the build error.
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
