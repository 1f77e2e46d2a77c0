//! Bakes the build identity (python/build_id.rs) into the module.
include!("build_id.rs");

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    for input in BUILD_INPUTS {
        println!("cargo:rerun-if-changed={}", root.join(input).display());
    }
    println!("cargo:rustc-env=MCR_PY_BUILD_ID={}", build_id(&root));
}
