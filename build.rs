//! Compiles `rules/` into static tables in OUT_DIR. One generator module per
//! table family, under `build/`; `build/lang.rs` reads and checks the rules.

#[path = "build/claims.rs"]
mod claims;
#[path = "build/decompose.rs"]
mod decompose;
#[path = "build/fans.rs"]
mod fans;
#[path = "src/analysis/distance.rs"]
mod distance;
#[path = "build/lang.rs"]
mod lang;
#[path = "src/rules/vocabulary.rs"]
#[allow(dead_code)]
mod vocabulary;

use std::path::{Path, PathBuf};

fn run(rules: &Path, out: &Path) -> Result<(), String> {
    let fan_rules = fans::load(rules)?;
    fans::generate(&fan_rules, out)?;
    claims::generate(rules, out)?;
    decompose::generate(out)?;
    Ok(())
}

fn main() {
    println!("cargo:rerun-if-changed=rules");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-changed=src/rules/vocabulary.rs");
    println!("cargo:rerun-if-changed=src/analysis/distance.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    if let Err(message) = run(Path::new("rules"), &out_dir) {
        // One line naming file, line, fan and problem; cargo shows it as the build error.
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
