//! Compiles `rules/` into static tables in OUT_DIR. One generator module per
//! table family, under `build/`; `build/lang.rs` reads and checks the rules,
//! `build/profile.rs` applies the profiles (`rules/profiles/*.mcr`) to the
//! reference profile `botzone` (`rules/fans.mcr`).

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
#[path = "build/profile.rs"]
mod profile;
#[path = "build/provenance.rs"]
#[allow(dead_code)]
mod provenance;
#[path = "src/rules/vocabulary.rs"]
#[allow(dead_code)]
mod vocabulary;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A profile's Rust module name: `strict-98` -> `strict_98`.
fn ident(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect()
}

fn run(rules: &Path, out: &Path) -> Result<(), String> {
    let fan_rules = fans::load(rules)?;
    let base_text = std::fs::read_to_string(rules.join("fans.mcr")).map_err(|e| e.to_string())?;
    fans::generate(&fan_rules, fans::RULES_FILE, &[(fans::RULES_FILE, base_text.as_bytes())], &out.join("fan_rules.rs"))?;
    // Each profile's file and content, to hash in the provenance lines.
    let mut texts: Vec<(String, String)> = vec![(fans::RULES_FILE.to_string(), base_text.clone())];
    // name, file, extends, about, rules
    let mut done: Vec<(String, String, Option<String>, String, lang::Rules)> =
        vec![("botzone".into(), fans::RULES_FILE.into(), None, "the reference: the Botzone judge's calculator (pymahjonggb 1.4.0)".into(), fan_rules)];
    let mut pending = Vec::new();
    let dir = rules.join("profiles");
    if dir.is_dir() {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "mcr"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let file = format!("rules/profiles/{name}.mcr");
            let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: cannot read: {e}"))?;
            pending.push(profile::read_header(&name, &file, &text).map_err(|e| e.to_string())?);
            texts.push((file, text));
        }
    }
    // MCR_PROFILES=a,b compiles only these besides botzone (a faster build
    // while editing one profile).
    if let Ok(only) = std::env::var("MCR_PROFILES") {
        let only: Vec<&str> = only.split(',').map(str::trim).collect();
        pending.retain(|p| only.contains(&p.name.as_str()));
    }
    // Each profile once its base is compiled.
    while !pending.is_empty() {
        let Some(k) = pending.iter().position(|p| done.iter().any(|d| d.0 == p.extends)) else {
            let p = &pending[0];
            return Err(format!("{}:1: extends unknown profile `{}` (or profiles extend each other in a cycle)", p.file, p.extends));
        };
        let p = pending.remove(k);
        let base = &done.iter().find(|d| d.0 == p.extends).unwrap().4;
        let rules = profile::apply(base, &base_text, &p).map_err(|e| e.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\nerror: "))?;
        // Inputs: the profile, then the profiles it extends, down to rules/fans.mcr.
        let mut chain = vec![p.file.clone()];
        let mut up = Some(p.extends.clone());
        while let Some(name) = up {
            let d = done.iter().find(|d| d.0 == name).unwrap();
            chain.push(d.1.clone());
            up = d.2.clone();
        }
        let inputs: Vec<(&str, &[u8])> =
            chain.iter().map(|f| (f.as_str(), texts.iter().find(|t| &t.0 == f).map_or(&[][..], |t| t.1.as_bytes()))).collect();
        fans::generate(&rules, &p.file, &inputs, &out.join(format!("fan_rules_{}.rs", ident(&p.name))))?;
        done.push((p.name.clone(), p.file.clone(), Some(p.extends.clone()), p.about.clone(), rules));
    }
    let inputs: Vec<(&str, &[u8])> = texts.iter().filter(|t| done.iter().any(|d| d.1 == t.0)).map(|t| (t.0.as_str(), t.1.as_bytes())).collect();
    let mut s = provenance::header("build.rs", &inputs);
    s += "\n// The profiles, one module of tables each.\n\n";
    let max = done.iter().map(|d| d.4.fans.len() + 1).max().unwrap();
    writeln!(s, "/// The largest fan table of all profiles (fan count arrays have this size).").unwrap();
    writeln!(s, "pub const MAX_FAN_TABLE_SIZE: usize = {max};\n").unwrap();
    for (k, d) in done.iter().enumerate() {
        let file = if k == 0 { "fan_rules.rs".to_string() } else { format!("fan_rules_{}.rs", ident(&d.0)) };
        writeln!(s, "/// Profile `{}` ({}).\npub mod {} {{ include!(concat!(env!(\"OUT_DIR\"), \"/{file}\")); }}", d.0, d.1, ident(&d.0)).unwrap();
    }
    writeln!(s, "\n/// Calls `$m! {{ (module, name, file, extends, about), ... }}` over the profiles.").unwrap();
    writeln!(s, "macro_rules! for_each_profile {{ ($m:ident) => {{ $m! {{").unwrap();
    for d in &done {
        writeln!(s, "    ({}, {:?}, {:?}, {:?}, {:?}),", ident(&d.0), d.0, d.1, d.2, d.3).unwrap();
    }
    writeln!(s, "}} }}; }}\npub(crate) use for_each_profile;\n").unwrap();
    // The rules files compiled in, for `mcr rules check` of a profile kept
    // outside a rules/ folder.
    writeln!(s, "/// The rules files compiled into this build: (file, text).").unwrap();
    writeln!(s, "pub static SOURCES: &[(&str, &str)] = &[").unwrap();
    for d in &done {
        let text = &texts.iter().find(|t| t.0 == d.1).unwrap().1;
        writeln!(s, "    ({:?}, {:?}),", d.1, text).unwrap();
    }
    writeln!(s, "];").unwrap();
    std::fs::write(out.join("profiles.rs"), s).map_err(|e| e.to_string())?;
    claims::generate(rules, out)?;
    decompose::generate(out)?;
    Ok(())
}

fn main() {
    // Not the whole of rules/: rules/snapshots/ is test data.
    println!("cargo:rerun-if-changed=rules/fans.mcr");
    println!("cargo:rerun-if-changed=rules/claims.txt");
    println!("cargo:rerun-if-changed=rules/profiles");
    println!("cargo:rerun-if-env-changed=MCR_PROFILES");
    println!("cargo:rerun-if-changed=build");
    // The grammar of conditions, which build/lang.rs includes from the macro crate.
    println!("cargo:rerun-if-changed=macros/src/grammar.rs");
    println!("cargo:rerun-if-changed=src/rules/vocabulary.rs");
    println!("cargo:rerun-if-changed=src/analysis/distance.rs");
    let out_dir = PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    if let Err(message) = run(Path::new("rules"), &out_dir) {
        // One line naming file, line, fan and problem; cargo shows it as the build error.
        eprintln!("error: {message}");
        std::process::exit(1);
    }
}
