//! Compiles `rules/` into static tables in OUT_DIR with the generators
//! (`crates/rules-compiler`, `mcr_rules_compiler`): one generator module per
//! table family; the rules language (`crates/rules-lang`) reads and checks
//! the rules (`lang`) and loads the profiles (`load`: `rules/profiles/*.mcr`,
//! each applied to its base by `profile`) and the reference profile
//! `botzone` (`rules/fans.mcr`).

use mcr_rules_compiler::{claim_priority, decompose, fans, load, provenance};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A profile's Rust module name: `strict-98` -> `strict_98`.
fn ident(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect()
}

/// Compiles the rules into `out`; an error is one of the generators' or the
/// loader's, each naming its file (and line).
fn run(rules: &Path, out: &Path) -> Result<(), Box<dyn std::error::Error>> {
    // MCR_PROFILES=a,b compiles only these besides botzone (a faster build
    // while editing one profile).
    let only = std::env::var("MCR_PROFILES").ok();
    let only: Option<Vec<&str>> = only.as_deref().map(|o| o.split(',').map(str::trim).collect());
    let profiles = load::profiles(rules, only.as_deref())?;
    for (k, p) in profiles.compiled.iter().enumerate() {
        // Inputs: the profile, then the profiles it extends, down to rules/fans.mcr.
        let inputs: Vec<(&str, &[u8])> = p.chain.iter().map(|f| (f.as_str(), profiles.text(f).as_bytes())).collect();
        let file = if k == 0 { "fan_rules.rs".to_string() } else { format!("fan_rules_{}.rs", ident(&p.name)) };
        fans::generate(&p.rules, &p.file, &inputs, &out.join(file))?;
    }
    let done = &profiles.compiled;
    let texts = &profiles.texts;
    let inputs: Vec<(&str, &[u8])> =
        texts.iter().filter(|t| done.iter().any(|d| d.file == t.0)).map(|t| (t.0.as_str(), t.1.as_bytes())).collect();
    let mut s = provenance::header("build.rs", &inputs);
    s += "\n// The profiles, one module of tables each.\n\n";
    let max = done.iter().map(|d| d.rules.fans.len() + 1).max().unwrap();
    writeln!(s, "/// The largest fan table of all profiles (fan count arrays have this size).").unwrap();
    writeln!(s, "pub const MAX_FAN_TABLE_SIZE: usize = {max};\n").unwrap();
    for (k, d) in done.iter().enumerate() {
        let file = if k == 0 { "fan_rules.rs".to_string() } else { format!("fan_rules_{}.rs", ident(&d.name)) };
        writeln!(
            s,
            "/// Profile `{}` ({}).\npub mod {} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{file}\")); }}",
            d.name,
            d.file,
            ident(&d.name)
        )
        .unwrap();
    }
    writeln!(s, "\n/// Calls `$m! {{ (module, name, file, extends, about), ... }}` over the profiles.").unwrap();
    writeln!(s, "macro_rules! for_each_profile {{ ($m:ident) => {{ $m! {{").unwrap();
    for d in done {
        writeln!(s, "    ({}, {:?}, {:?}, {:?}, {:?}),", ident(&d.name), d.name, d.file, d.extends, d.about).unwrap();
    }
    writeln!(s, "}} }}; }}\npub(crate) use for_each_profile;\n").unwrap();
    // The rules files compiled in, for `mcr rules check` of a profile kept
    // outside a rules/ folder.
    writeln!(s, "/// The rules files compiled into this build: (file, text).").unwrap();
    writeln!(s, "pub static SOURCES: &[(&str, &str)] = &[").unwrap();
    for d in done {
        let text = profiles.text(&d.file);
        writeln!(s, "    ({:?}, {:?}),", d.file, text).unwrap();
    }
    writeln!(s, "];").unwrap();
    let file = out.join("profiles.rs");
    std::fs::write(&file, s).map_err(|e| format!("{}: cannot write: {e}", file.display()))?;
    claim_priority::generate(rules, out)?;
    decompose::generate(out)?;
    Ok(())
}

fn main() {
    // Not the whole of rules/: rules/snapshots/ is test data.
    println!("cargo:rerun-if-changed=rules/fans.mcr");
    println!("cargo:rerun-if-changed=rules/claims.txt");
    println!("cargo:rerun-if-changed=rules/profiles");
    println!("cargo:rerun-if-env-changed=MCR_PROFILES");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    if let Err(message) = run(Path::new("rules"), &out_dir) {
        // One line naming file, line, fan and problem; cargo shows it as the build error.
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
