// The build identity of the Python package: a hash of every source file that
// goes into it (the engine crate and the binding). Shared, by `include!`, by
// python/build.rs (which bakes it into the module as `BUILD_ID`) and by the
// root test tests/cli/python_package.rs (which refuses to test an installed
// package built from other sources).

/// Inputs of the package, relative to the repository root.
pub const BUILD_INPUTS: [&str; 12] = [
    "Cargo.toml",
    "Cargo.lock",
    "build.rs",
    "crates",
    "rules",
    "src",
    "python/Cargo.toml",
    "python/pyproject.toml",
    "python/build.rs",
    "python/build_id.rs",
    "python/src",
    "python/pysrc",
];

/// FNV-1a over (path, contents) of every input file, in path order.
pub fn build_id(root: &std::path::Path) -> String {
    fn walk(root: &std::path::Path, rel: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let full = root.join(rel);
        if full.is_dir() {
            let Ok(entries) = std::fs::read_dir(&full) else { return };
            for e in entries.flatten() {
                let name = e.file_name();
                let name = name.to_string_lossy();
                if name == "__pycache__" || name == "target" || name.ends_with(".pyc") || name.ends_with(".so") {
                    continue;
                }
                walk(root, &rel.join(&*name), out);
            }
        } else if full.is_file() {
            out.push(rel.to_path_buf());
        }
    }
    let mut files = Vec::new();
    for input in BUILD_INPUTS {
        walk(root, std::path::Path::new(input), &mut files);
    }
    files.sort();
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x100_0000_01b3);
        }
    };
    for f in &files {
        eat(f.to_string_lossy().replace('\\', "/").as_bytes());
        eat(&[0]);
        eat(&std::fs::read(root.join(f)).unwrap_or_default());
        eat(&[0]);
    }
    format!("{h:016x}")
}
