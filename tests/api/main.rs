//! The public API of every library crate, listed and compared with the
//! listings checked in under `api/` (one file a crate): an added, removed or
//! changed public item fails this test, so that every change of the API
//! shows in review. `MCR_BLESS=1 cargo test --release --test api` writes
//! the listings anew, to be committed with the change.
//!
//! The listing is read from the sources, as the compiler's privacy sees
//! them: from each crate's root, every module declared `pub` (not under
//! `#[cfg(test)]`), every `pub` item in it with its signature (functions,
//! structs with their public fields, enums with their variants, traits,
//! constants, statics, type aliases, exported macros), every `pub use`, and
//! every `impl` block's public methods and trait implementations. Items under
//! `#[doc(hidden)]` are left out. `docs/src/stability.md` says what the
//! listing promises.

use quote::ToTokens;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The library crates whose API is listed: package name and crate root.
const CRATES: &[(&str, &str)] = &[
    ("mcr-engine", "src/lib.rs"),
    ("mcr-core", "crates/core/src/lib.rs"),
    ("mcr-records", "crates/records/src/lib.rs"),
    ("mcr-arena", "crates/arena/src/lib.rs"),
    ("mcr-rules-lang", "crates/rules-lang/src/lib.rs"),
    ("mcr-rules-compiler", "crates/rules-compiler/src/lib.rs"),
];

#[path = "../common/mod.rs"]
mod common;

use common::repo;

/// Tokens as text, on one line.
fn text<T: ToTokens>(t: &T) -> String {
    t.to_token_stream().to_string()
}

fn is_pub(v: &syn::Visibility) -> bool {
    matches!(v, syn::Visibility::Public(_))
}

/// The attributes that change what a public item promises: `cfg`,
/// `non_exhaustive`, `deprecated`, `repr`.
fn shown_attrs(attrs: &[syn::Attribute]) -> String {
    let mut out = String::new();
    for a in attrs {
        let p = a.path();
        if p.is_ident("cfg") || p.is_ident("non_exhaustive") || p.is_ident("deprecated") || p.is_ident("repr") {
            out += &text(a);
            out.push(' ');
        }
    }
    out
}

fn hidden(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("doc") && text(a).contains("hidden"))
}

fn cfg_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| a.path().is_ident("cfg") && text(&a.meta).replace(' ', "") == "cfg(test)")
}

/// A crate's API listing, one line an item, sorted.
struct Lister {
    lines: BTreeSet<String>,
}

impl Lister {
    fn add(&mut self, module: &str, line: String) {
        self.lines.insert(format!("{module}: {line}"));
    }

    /// Lists the items of a module read from `file` (its folder holds the
    /// children of `mod x;`), named `module`.
    fn file(&mut self, file: &Path, module: &str, is_root_or_mod_rs: bool) {
        let source = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let parsed = syn::parse_file(&source).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        // Where `mod x;` is looked up: beside a lib.rs/mod.rs, in the
        // folder named after any other file.
        let dir = if is_root_or_mod_rs { file.parent().unwrap().to_path_buf() } else { file.with_extension("") };
        self.items(&parsed.items, module, &dir);
    }

    fn items(&mut self, items: &[syn::Item], module: &str, dir: &Path) {
        for item in items {
            self.item(item, module, dir);
        }
    }

    fn item(&mut self, item: &syn::Item, module: &str, dir: &Path) {
        use syn::Item;
        match item {
            Item::Mod(m) => {
                if !is_pub(&m.vis) || cfg_test(&m.attrs) || hidden(&m.attrs) {
                    return;
                }
                let name = m.ident.to_string();
                let path = format!("{module}::{name}");
                self.add(module, format!("{}pub mod {name}", shown_attrs(&m.attrs)));
                match &m.content {
                    Some((_, inner)) => self.items(inner, &path, &dir.join(&name)),
                    None => {
                        let (file, mod_rs) = match module_file(m, dir) {
                            Some(found) => found,
                            None => panic!("no file for `mod {name}` in {}", dir.display()),
                        };
                        self.file(&file, &path, mod_rs);
                    }
                }
            }
            Item::Fn(f) if is_pub(&f.vis) && !hidden(&f.attrs) => {
                self.add(module, format!("{}pub {}", shown_attrs(&f.attrs), text(&f.sig)));
            }
            Item::Struct(s) if is_pub(&s.vis) && !hidden(&s.attrs) => {
                let fields: Vec<String> = match &s.fields {
                    syn::Fields::Named(n) => n
                        .named
                        .iter()
                        .filter(|f| is_pub(&f.vis))
                        .map(|f| format!("pub {}: {}", f.ident.as_ref().unwrap(), text(&f.ty)))
                        .collect(),
                    syn::Fields::Unnamed(u) => u
                        .unnamed
                        .iter()
                        .map(|f| if is_pub(&f.vis) { format!("pub {}", text(&f.ty)) } else { "_".into() })
                        .collect(),
                    syn::Fields::Unit => Vec::new(),
                };
                let private = match &s.fields {
                    syn::Fields::Named(n) => n.named.iter().any(|f| !is_pub(&f.vis)),
                    _ => false,
                };
                let tail = if private { ", .." } else { "" };
                self.add(
                    module,
                    format!(
                        "{}pub struct {}{} {{ {}{tail} }}",
                        shown_attrs(&s.attrs),
                        s.ident,
                        text(&s.generics),
                        fields.join(", ")
                    ),
                );
            }
            Item::Enum(e) if is_pub(&e.vis) && !hidden(&e.attrs) => {
                let variants: Vec<String> = e
                    .variants
                    .iter()
                    .map(|v| {
                        let mut v = v.clone();
                        v.attrs.retain(|a| !a.path().is_ident("doc"));
                        text(&v)
                    })
                    .collect();
                self.add(
                    module,
                    format!(
                        "{}pub enum {}{} {{ {} }}",
                        shown_attrs(&e.attrs),
                        e.ident,
                        text(&e.generics),
                        variants.join(", ")
                    ),
                );
            }
            Item::Trait(t) if is_pub(&t.vis) && !hidden(&t.attrs) => {
                let members: Vec<String> = t
                    .items
                    .iter()
                    .map(|i| match i {
                        syn::TraitItem::Fn(f) => text(&f.sig),
                        syn::TraitItem::Type(t) => format!("type {}", t.ident),
                        syn::TraitItem::Const(c) => format!("const {}: {}", c.ident, text(&c.ty)),
                        other => text(other),
                    })
                    .collect();
                self.add(module, format!("pub trait {}{} {{ {} }}", t.ident, text(&t.generics), members.join("; ")));
            }
            Item::Const(c) if is_pub(&c.vis) && !hidden(&c.attrs) => {
                self.add(module, format!("{}pub const {}: {}", shown_attrs(&c.attrs), c.ident, text(&c.ty)));
            }
            Item::Static(s) if is_pub(&s.vis) && !hidden(&s.attrs) => {
                self.add(module, format!("{}pub static {}: {}", shown_attrs(&s.attrs), s.ident, text(&s.ty)));
            }
            Item::Type(t) if is_pub(&t.vis) && !hidden(&t.attrs) => {
                self.add(module, format!("pub type {}{} = {}", t.ident, text(&t.generics), text(&t.ty)));
            }
            Item::Use(u) if is_pub(&u.vis) && !hidden(&u.attrs) => {
                self.add(module, format!("{}pub use {}", shown_attrs(&u.attrs), text(&u.tree)));
            }
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                let name = m.ident.as_ref().map(|i| i.to_string()).unwrap_or_default();
                self.add(module, format!("macro_rules! {name}"));
            }
            // `include!` of generated code: the file is named, its items
            // are the generator's (rules/, checked by its own tests).
            Item::Macro(m) if m.mac.path.is_ident("include") => {
                self.add(module, format!("include!({})", m.mac.tokens));
            }
            Item::Impl(i) if !hidden(&i.attrs) && !cfg_test(&i.attrs) => {
                let head = match &i.trait_ {
                    Some((not, path, _)) => format!(
                        "impl{} {}{} for {}",
                        text(&i.generics),
                        if not.is_some() { "!" } else { "" },
                        text(path),
                        text(&i.self_ty)
                    ),
                    None => format!("impl{} {}", text(&i.generics), text(&i.self_ty)),
                };
                if i.trait_.is_some() {
                    self.add(module, format!("{}{head}", shown_attrs(&i.attrs)));
                    return;
                }
                for member in &i.items {
                    match member {
                        syn::ImplItem::Fn(f) if is_pub(&f.vis) && !hidden(&f.attrs) => {
                            self.add(module, format!("{head}: {}pub {}", shown_attrs(&f.attrs), text(&f.sig)));
                        }
                        syn::ImplItem::Const(c) if is_pub(&c.vis) && !hidden(&c.attrs) => {
                            self.add(module, format!("{head}: pub const {}: {}", c.ident, text(&c.ty)));
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}

/// The file of `mod name;` in `dir`: `#[path]`, `name.rs` or `name/mod.rs`
/// (and whether it is a `mod.rs`, whose children sit beside it).
fn module_file(m: &syn::ItemMod, dir: &Path) -> Option<(PathBuf, bool)> {
    for a in &m.attrs {
        if a.path().is_ident("path") {
            if let syn::Meta::NameValue(nv) = &a.meta {
                if let syn::Expr::Lit(syn::ExprLit { lit: syn::Lit::Str(s), .. }) = &nv.value {
                    return Some((dir.join(s.value()), true));
                }
            }
        }
    }
    let name = m.ident.to_string();
    let flat = dir.join(format!("{name}.rs"));
    if flat.is_file() {
        return Some((flat, false));
    }
    let nested = dir.join(&name).join("mod.rs");
    nested.is_file().then_some((nested, true))
}

/// A crate's listing as the text of its `api/` file.
fn listing(package: &str, root: &str) -> String {
    let mut lister = Lister { lines: BTreeSet::new() };
    let krate = package.replace('-', "_");
    lister.file(&repo().join(root), &krate, true);
    let mut out = format!(
        "# The public API of {package}, one item a line (tests/api/main.rs).\n\
         # Regenerate with MCR_BLESS=1 cargo test --release --test api.\n"
    );
    for line in &lister.lines {
        out += line;
        out.push('\n');
    }
    out
}

/// The lines of `want` missing from `got` and the reverse, as a short
/// report.
fn difference(want: &str, got: &str) -> String {
    let want: BTreeSet<&str> = want.lines().collect();
    let got: BTreeSet<&str> = got.lines().collect();
    let mut out = String::new();
    for gone in want.difference(&got).take(40) {
        out += &format!("- {gone}\n");
    }
    for new in got.difference(&want).take(40) {
        out += &format!("+ {new}\n");
    }
    out
}

#[test]
fn the_public_api_is_the_listed_one() {
    let bless = std::env::var_os("MCR_BLESS").is_some_and(|v| v == "1");
    let mut failures = Vec::new();
    for (package, root) in CRATES {
        let got = listing(package, root);
        let file = repo().join("api").join(format!("{package}.txt"));
        if bless {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &got).unwrap();
            continue;
        }
        let want = std::fs::read_to_string(&file).unwrap_or_default();
        if want != got {
            failures.push(format!("{}:\n{}", file.display(), difference(&want, &got)));
        }
    }
    assert!(
        failures.is_empty(),
        "the public API differs from its listing (an intended change: MCR_BLESS=1 cargo test --release --test api, \
         and commit api/):\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_library_crate_is_listed() {
    let listed: BTreeSet<&str> = CRATES.iter().map(|(p, _)| *p).collect();
    for entry in std::fs::read_dir(repo().join("crates")).unwrap() {
        let dir = entry.unwrap().path();
        let Ok(manifest) = std::fs::read_to_string(dir.join("Cargo.toml")) else { continue };
        let name = manifest
            .lines()
            .find_map(|l| l.strip_prefix("name = \"").and_then(|r| r.strip_suffix('"')))
            .expect("a package name");
        let publishes = !manifest.contains("publish = false");
        let library = dir.join("src/lib.rs").is_file() && !manifest.contains("proc-macro = true");
        if publishes && library {
            assert!(
                listed.contains(name),
                "the crate {name} ({}) has no API listing in tests/api/main.rs",
                dir.display()
            );
        }
    }
}

#[test]
fn the_listing_sees_an_added_item_and_skips_private_ones() {
    let dir = common::temp_dir("api");
    std::fs::create_dir_all(dir.join("inner")).unwrap();
    std::fs::write(
        dir.join("lib.rs"),
        "pub mod inner;\nmod private { pub fn hidden_by_module() {} }\n\
         pub fn f(x: u8) -> u8 { x }\npub(crate) fn g() {}\n#[cfg(test)]\npub mod tests { pub fn t() {} }\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("inner/mod.rs"),
        "#[non_exhaustive]\npub enum E { A, B(u8) }\npub struct S { pub a: u8, b: u8 }\nimpl S { pub fn new() -> S { todo!() } fn private(&self) {} }\n",
    )
    .unwrap();
    let mut lister = Lister { lines: BTreeSet::new() };
    lister.file(&dir.join("lib.rs"), "k", true);
    let lines: Vec<&str> = lister.lines.iter().map(String::as_str).collect();
    assert_eq!(
        lines,
        [
            "k: pub fn f (x : u8) -> u8",
            "k: pub mod inner",
            "k::inner: # [non_exhaustive] pub enum E { A, B (u8) }",
            "k::inner: impl S: pub fn new () -> S",
            "k::inner: pub struct S { pub a: u8, .. }",
        ]
    );
}

/// The `version = "..."` value of the first line of `text` that starts
/// with `key`.
fn version_after(text: &str, key: &str) -> Option<String> {
    let line = text.lines().find(|l| l.trim_start().starts_with(key))?;
    let quoted = line.split('"').nth(1)?;
    Some(quoted.to_string())
}

#[test]
fn the_version_is_written_once_and_every_package_takes_it() {
    let root = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap();
    let workspace = root.split("[workspace.package]").nth(1).expect("a [workspace.package] table");
    let version = version_after(workspace, "version =").expect("the workspace's version");
    // Every package of the workspace inherits it.
    let mut manifests = vec![repo().join("Cargo.toml"), repo().join("cli/Cargo.toml")];
    for entry in std::fs::read_dir(repo().join("crates")).unwrap() {
        manifests.push(entry.unwrap().path().join("Cargo.toml"));
    }
    for manifest in &manifests {
        let text = std::fs::read_to_string(manifest).unwrap();
        let package = text.split("[package]").nth(1).expect("a [package] table");
        assert!(
            package.contains("version.workspace = true"),
            "{} does not take the workspace's version",
            manifest.display()
        );
    }
    // The requirements on the workspace's own crates name it.
    let dependencies = root.split("[workspace.dependencies]").nth(1).expect("a [workspace.dependencies] table");
    let dependencies = dependencies.split("\n[").next().unwrap();
    for line in dependencies.lines().filter(|l| l.starts_with("mcr-")) {
        assert!(line.contains(&format!("version = \"{version}\"")), "{line}: not version {version}");
    }
    // The Python binding, a workspace of its own, repeats it; the Python
    // package takes the binding's (pyproject.toml's version is dynamic).
    let python = std::fs::read_to_string(repo().join("python/Cargo.toml")).unwrap();
    let binding = python.split("[package]").nth(1).unwrap();
    assert_eq!(version_after(binding, "version =").as_deref(), Some(version.as_str()), "python/Cargo.toml");
    assert!(python.contains(&format!("mcr-engine = {{ path = \"..\", version = \"{version}\" }}")));
    let pyproject = std::fs::read_to_string(repo().join("python/pyproject.toml")).unwrap();
    assert!(pyproject.contains("dynamic = [\"version\"]") && !pyproject.lines().any(|l| l.starts_with("version")));
    // The changelog has a section for it.
    let changelog = std::fs::read_to_string(repo().join("CHANGELOG.md")).unwrap();
    assert!(changelog.contains(&format!("## [{version}]")), "CHANGELOG.md has no section for {version}");
}
