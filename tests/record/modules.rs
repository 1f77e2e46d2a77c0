//! No cycle among sibling modules, in any crate of the repository: each
//! module has one role and its dependencies on its siblings point one way.
//!
//! A module is a `.rs` file (`mod.rs`, `lib.rs` and `main.rs` stand for
//! their folder or crate). Its imports are the `crate::` and `super::` paths
//! it writes, in `use` declarations (grouped trees included) and inline; the
//! module an import reaches is the longest prefix of the path that is a
//! module of the crate. An import from `a::b::x` to `a::c::y` is an edge
//! `b -> c` between the siblings `b` and `c` under `a`; a child using its
//! ancestors' items, or a parent its children's, is no sibling edge.
//! Comments and string literals are not code.
//!
//! The crates are found by walking the repository for `Cargo.toml` files:
//! a package's sources are the folders of its `[lib]` and `[[bin]]` paths,
//! or its `src/` folder.

use crate::common;
use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::{Path, PathBuf};

/// A module's path in its crate: `["record", "scan"]` for `record/scan.rs`,
/// empty for the crate's root.
type ModPath = Vec<String>;

/// Where an import is written: the file and its line (from 1).
#[derive(Clone, Debug, PartialEq)]
struct Site {
    file: PathBuf,
    line: usize,
}

/// The sibling edges of one crate: under each parent module, `from -> to`
/// with the first place it is written.
type Edges = BTreeMap<ModPath, BTreeMap<(String, String), Site>>;

/// Folders the walk for crates does not enter.
fn skipped(name: &str) -> bool {
    name.starts_with('.') || name == "target" || name == "node_modules"
}

/// The source folders of every package under `root`: the folder of each
/// `path` of its `[lib]` and `[[bin]]` sections, or `src/`.
fn crate_sources(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut BTreeSet<PathBuf>) {
        let manifest = dir.join("Cargo.toml");
        if let Ok(text) = std::fs::read_to_string(&manifest) {
            let mut section = String::new();
            let mut is_package = false;
            let mut found = false;
            for line in text.lines().map(str::trim) {
                if line.starts_with('[') {
                    section = line.trim_matches(['[', ']']).trim().to_string();
                    is_package |= section == "package";
                } else if (section == "lib" || section == "bin") && line.starts_with("path") {
                    if let Some(path) = line.split('"').nth(1) {
                        let file = dir.join(path);
                        out.insert(file.parent().unwrap_or(dir).to_path_buf());
                        found = true;
                    }
                }
            }
            if is_package && !found && dir.join("src").is_dir() {
                out.insert(dir.join("src"));
            }
        }
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() && !skipped(&path.file_name().unwrap().to_string_lossy()) {
                walk(&path, out);
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(root, &mut out);
    out.into_iter().collect()
}

/// The `.rs` files under a crate's source folder, sorted.
fn rust_files(src: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(src, &mut out);
    out.sort();
    out
}

/// The module a file is: its path from the source folder without `.rs`,
/// `mod`, `lib` and `main` standing for their folder.
fn module_path(src: &Path, file: &Path) -> ModPath {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut path: ModPath = rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    if matches!(path.last().map(String::as_str), Some("mod" | "lib" | "main")) {
        path.pop();
    }
    path
}

/// The code of a Rust file with its comments (line, block, doc) and the
/// contents of its string and character literals blanked to spaces; line
/// breaks are kept, so positions and lines are those of the file.
fn strip(text: &str) -> Vec<char> {
    let s: Vec<char> = text.chars().collect();
    let mut out = s.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for c in &mut out[from..to.min(s.len())] {
            if *c != '\n' {
                *c = ' ';
            }
        }
    };
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < s.len() {
        let at = |k: usize| s.get(k).copied().unwrap_or('\0');
        if s[i] == '/' && at(i + 1) == '/' {
            let end = s[i..].iter().position(|&c| c == '\n').map_or(s.len(), |p| i + p);
            blank(&mut out, i, end);
            i = end;
        } else if s[i] == '/' && at(i + 1) == '*' {
            let (mut depth, mut j) = (1, i + 2);
            while j < s.len() && depth > 0 {
                if s[j] == '/' && at(j + 1) == '*' {
                    depth += 1;
                    j += 2;
                } else if s[j] == '*' && at(j + 1) == '/' {
                    depth -= 1;
                    j += 2;
                } else {
                    j += 1;
                }
            }
            blank(&mut out, i, j);
            i = j;
        } else if s[i] == 'r' && (i == 0 || !ident(s[i - 1]) || (s[i - 1] == 'b' && (i < 2 || !ident(s[i - 2])))) && {
            let hashes = s[i + 1..].iter().take_while(|&&c| c == '#').count();
            at(i + 1 + hashes) == '"'
        } {
            // A raw string: r"..", r#".."#, br#".."#.
            let hashes = s[i + 1..].iter().take_while(|&&c| c == '#').count();
            let mut j = i + 2 + hashes;
            while j < s.len() && !(s[j] == '"' && (1..=hashes).all(|k| at(j + k) == '#')) {
                j += 1;
            }
            let end = j + 1 + hashes;
            blank(&mut out, i, end);
            i = end;
        } else if s[i] == '"' {
            let mut j = i + 1;
            while j < s.len() && s[j] != '"' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if s[i] == '\'' && (at(i + 1) == '\\' || at(i + 2) == '\'') {
            // A character literal ('x', '\n', '\u{..}'); a lifetime has no
            // closing quote.
            let mut j = i + 1;
            while j < s.len() && s[j] != '\'' {
                j += if s[j] == '\\' { 2 } else { 1 };
            }
            blank(&mut out, i, j + 1);
            i = j + 1;
        } else if ident(s[i]) {
            // A whole identifier or number, so that a quote or `r` inside
            // one is not read as a literal's start.
            while i < s.len() && ident(s[i]) {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// A cursor over stripped code.
struct Code<'a> {
    s: &'a [char],
    pos: usize,
}

impl Code<'_> {
    fn peek(&self) -> char {
        self.s.get(self.pos).copied().unwrap_or('\0')
    }
    fn skip_ws(&mut self) {
        while self.peek().is_whitespace() {
            self.pos += 1;
        }
    }
    fn eat(&mut self, text: &str) -> bool {
        self.skip_ws();
        let n = text.chars().count();
        if self.s.len() >= self.pos + n && self.s[self.pos..self.pos + n].iter().copied().eq(text.chars()) {
            self.pos += n;
            true
        } else {
            false
        }
    }
    fn ident(&mut self) -> Option<String> {
        self.skip_ws();
        let start = self.pos;
        if !(self.peek().is_alphabetic() || self.peek() == '_') {
            return None;
        }
        while self.peek().is_alphanumeric() || self.peek() == '_' {
            self.pos += 1;
        }
        Some(self.s[start..self.pos].iter().collect())
    }

    /// A use tree after `prefix`: its leaves as paths with the position of
    /// their first segment here. `None` if it is no use tree (`use<'a>`).
    fn use_tree(&mut self, prefix: &[String], out: &mut Vec<(Vec<String>, usize)>) -> Option<()> {
        self.skip_ws();
        let start = self.pos;
        let mut segments = prefix.to_vec();
        self.eat("::");
        loop {
            if self.eat("{") {
                while !self.eat("}") {
                    self.use_tree(&segments, out)?;
                    if !self.eat(",") {
                        self.eat("}").then_some(())?;
                        break;
                    }
                }
                return Some(());
            }
            if self.eat("*") {
                out.push((segments, start));
                return Some(());
            }
            segments.push(self.ident()?);
            if !self.eat("::") {
                let back = self.pos;
                match self.ident().as_deref() {
                    Some("as") => {
                        self.ident()?;
                    }
                    _ => self.pos = back,
                }
                out.push((segments, start));
                return Some(());
            }
        }
    }

    /// An inline path's segments after its first (`crate::a::B::<T>` gives
    /// `a`, `B`).
    fn path_rest(&mut self) -> Vec<String> {
        let mut segments = Vec::new();
        loop {
            let back = self.pos;
            if !self.eat("::") {
                break;
            }
            match self.ident() {
                Some(segment) => segments.push(segment),
                None => {
                    self.pos = back;
                    break;
                }
            }
        }
        segments
    }
}

/// The module a path written in the (possibly inline) module `here`
/// reaches: the longest prefix of it that is one of `modules`. `None` for
/// a path that does not start at `crate`, `self` or `super`.
fn target(here: &[String], path: &[String], modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    let mut full: ModPath = match path.first()?.as_str() {
        "crate" => Vec::new(),
        "self" | "super" => here.to_vec(),
        _ => return None,
    };
    let mut rest = &path[1..];
    if path[0] == "super" {
        full.pop();
    }
    while rest.first().is_some_and(|s| s == "super") {
        full.pop();
        rest = &rest[1..];
    }
    full.extend(rest.iter().filter(|s| *s != "self").cloned());
    let mut reached = Vec::new();
    for segment in full {
        reached.push(segment);
        if !modules.contains(&reached) {
            reached.pop();
            break;
        }
    }
    Some(reached)
}

/// The imports a file writes: each path with the position where it starts,
/// and the inline module (`mod tests { .. }`) it is written in.
fn imports(code: &[char]) -> Vec<(Vec<String>, usize, Vec<String>)> {
    let mut out = Vec::new();
    let mut cursor = Code { s: code, pos: 0 };
    let mut depth = 0usize;
    // The inline modules open here, with the depth of their braces.
    let mut inline: Vec<(String, usize)> = Vec::new();
    while cursor.pos < code.len() {
        let c = cursor.peek();
        if c == '{' {
            depth += 1;
            cursor.pos += 1;
        } else if c == '}' {
            if inline.last().is_some_and(|m| m.1 == depth) {
                inline.pop();
            }
            depth = depth.saturating_sub(1);
            cursor.pos += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = cursor.pos;
            let word = cursor.ident().unwrap_or_else(|| {
                // A number: its digits and suffix.
                while cursor.peek().is_alphanumeric() || cursor.peek() == '_' {
                    cursor.pos += 1;
                }
                String::new()
            });
            let names: Vec<String> = inline.iter().map(|m| m.0.clone()).collect();
            match word.as_str() {
                "mod" => {
                    let back = cursor.pos;
                    match (cursor.ident(), cursor.eat("{")) {
                        (Some(name), true) => {
                            depth += 1;
                            inline.push((name, depth));
                        }
                        _ => cursor.pos = back,
                    }
                }
                "use" => {
                    let mut leaves = Vec::new();
                    if cursor.use_tree(&[], &mut leaves).is_some() && cursor.eat(";") {
                        out.extend(leaves.into_iter().map(|(path, at)| (path, at, names.clone())));
                    } else {
                        cursor.pos = start + 3;
                    }
                }
                "crate" | "super" | "self" => {
                    let mut path = vec![word];
                    path.extend(cursor.path_rest());
                    if path.len() > 1 {
                        out.push((path, start, names));
                    }
                }
                _ => {}
            }
        } else {
            cursor.pos += 1;
        }
    }
    out
}

/// The sibling edges of the crate whose sources are `src`; the files are
/// named by their path from `root`.
fn edges(src: &Path, root: &Path) -> Edges {
    let files = rust_files(src);
    let modules: BTreeSet<ModPath> = files.iter().map(|f| module_path(src, f)).collect();
    let mut edges = Edges::new();
    for file in &files {
        let from = module_path(src, file);
        let text = std::fs::read_to_string(file).unwrap();
        let code = strip(&text);
        for (path, at, inline) in imports(&code) {
            let here: ModPath = from.iter().chain(&inline).cloned().collect();
            let Some(to) = target(&here, &path, &modules) else { continue };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common < from.len() && common < to.len() {
                let line = 1 + code[..at].iter().filter(|&&c| c == '\n').count();
                let site = Site { file: file.strip_prefix(root).unwrap_or(file).to_path_buf(), line };
                let pair = (from[common].clone(), to[common].clone());
                edges.entry(from[..common].to_vec()).or_default().entry(pair).or_insert(site);
            }
        }
    }
    edges
}

/// The cycles of a crate's edges: one report per group of siblings that
/// reach each other, naming the shortest cycle through its first module,
/// then every edge of the group with where it is written.
fn cycles(src: &Path, edges: &Edges) -> Vec<String> {
    let mut reports = Vec::new();
    for (parent, pairs) in edges {
        let graph: BTreeMap<&str, BTreeSet<&str>> = pairs.keys().fold(BTreeMap::new(), |mut g, (a, b)| {
            g.entry(a.as_str()).or_default().insert(b.as_str());
            g
        });
        let reach = |from: &str| -> BTreeSet<&str> {
            let mut seen = BTreeSet::new();
            let mut queue = VecDeque::from([from]);
            while let Some(v) = queue.pop_front() {
                for &w in graph.get(v).into_iter().flatten() {
                    if seen.insert(w) {
                        queue.push_back(w);
                    }
                }
            }
            seen
        };
        let mut done = BTreeSet::new();
        for &v in graph.keys() {
            if done.contains(v) || !reach(v).contains(v) {
                continue;
            }
            let group: BTreeSet<&str> = reach(v).into_iter().filter(|w| reach(w).contains(v)).collect();
            done.extend(group.iter().copied());
            // The shortest way from v back to v.
            let mut before: BTreeMap<&str, &str> = BTreeMap::new();
            let mut queue = VecDeque::from([v]);
            'search: while let Some(u) = queue.pop_front() {
                for &w in &graph[u] {
                    if w == v {
                        before.insert(v, u);
                        break 'search;
                    }
                    if group.contains(w) && !before.contains_key(w) {
                        before.insert(w, u);
                        queue.push_back(w);
                    }
                }
            }
            let mut cycle = vec![v];
            let mut at = before[v];
            while at != v {
                cycle.push(at);
                at = before[at];
            }
            cycle.push(v);
            cycle.reverse();
            let under =
                if parent.is_empty() { "the crate's root".to_string() } else { format!("`{}`", parent.join("::")) };
            let mut report = format!("{}: under {under}, a cycle: {}", src.display(), cycle.join(" -> "));
            if group.len() + 1 > cycle.len() {
                report += &format!(" (in a group of {} that reach each other)", group.len());
            }
            for ((a, b), site) in pairs {
                if group.contains(a.as_str()) && group.contains(b.as_str()) {
                    report += &format!("\n    {a} -> {b}: {}:{}", site.file.display(), site.line);
                }
            }
            reports.push(report);
        }
    }
    reports
}

/// Every crate's cycles, the source folders named from `root`.
fn all_cycles(root: &Path) -> Vec<String> {
    crate_sources(root)
        .iter()
        .flat_map(|src| cycles(src.strip_prefix(root).unwrap_or(src), &edges(src, root)))
        .collect()
}

#[test]
fn no_crate_has_a_cycle_among_sibling_modules() {
    let root = common::repo();
    let sources: Vec<PathBuf> =
        crate_sources(root).iter().map(|s| s.strip_prefix(root).unwrap().to_path_buf()).collect();
    for expected in ["src", "crates/core/src", "crates/records/src", "cli/src", "python/src"] {
        assert!(
            sources.contains(&PathBuf::from(expected)),
            "the walk did not find the crate of {expected}: {sources:?}"
        );
    }
    let reports = all_cycles(root);
    assert!(
        reports.is_empty(),
        "modules that import each other (move the shared item to the module it belongs to, or to a module both use):\n{}",
        reports.join("\n")
    );
}

/// A synthetic crate in a fresh folder, without a cycle: the files of
/// `files` (path from the crate's folder, text).
fn synthetic(name: &str, files: &[(&str, &str)]) -> common::TempDir {
    let dir = common::temp_dir(name);
    for (path, text) in files {
        let path = dir.join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    dir
}

/// The acyclic tree of the synthetic tests: `a -> b` and `b -> notes`
/// under the root, `c -> d` under `b`; what is written in comments, strings
/// and an inline test module does not count.
const ACYCLIC: &[(&str, &str)] = &[
    ("Cargo.toml", "[package]\nname = \"synthetic\"\n"),
    ("src/lib.rs", "mod a;\nmod b;\nmod notes;\nuse crate::a::Seat;\n"),
    ("src/a.rs", "pub struct Seat;\nfn f() {\n    let _ = crate::b::c::Thing;\n}\n"),
    ("src/b/mod.rs", "mod c;\nmod d;\npub use c::Thing;\nuse super::a::Seat;\n"),
    ("src/b/c.rs", "pub struct Thing;\nuse super::d::{Other as O};\n"),
    (
        "src/b/d.rs",
        "pub struct Other;\n\
         // use super::c::Thing;\n\
         /// The same as `super::c::Thing`.\n\
         /* crate::a::Seat, /* nested */ super::c */\n\
         const S: &str = \"super::c::Thing\";\n\
         const R: &str = r#\"crate::a::Seat \"quoted\"\"#;\n\
         const C: char = '\"'; fn g<'a>(x: &'a str) -> &'a str { x }\n\
         fn h() -> usize { super::super::notes::N }\n\
         #[cfg(test)]\n\
         mod tests {\n    use super::c::Thing;\n}\n",
    ),
    ("src/notes.rs", "pub const N: usize = 1;\n"),
];

#[test]
fn the_check_reads_every_kind_of_import_and_passes_an_acyclic_tree() {
    let dir = synthetic("modules-acyclic", ACYCLIC);
    let src = dir.join("src");
    assert_eq!(crate_sources(&dir), vec![src.clone()]);
    let found: Vec<(String, String, String, String)> = edges(&src, &dir)
        .into_iter()
        .flat_map(|(parent, pairs)| {
            pairs
                .into_iter()
                .map(move |((a, b), site)| (parent.join("::"), a, b, format!("{}:{}", site.file.display(), site.line)))
        })
        .collect();
    let expected = [
        ("", "a", "b", "src/a.rs:3"),
        ("", "b", "a", "src/b/mod.rs:4"),
        ("", "b", "notes", "src/b/d.rs:8"),
        ("b", "c", "d", "src/b/c.rs:2"),
    ];
    let expected: Vec<(String, String, String, String)> =
        expected.iter().map(|(p, a, b, s)| (p.to_string(), a.to_string(), b.to_string(), s.to_string())).collect();
    // `a <-> b` is a cycle; the acyclic tree is this one without `b/mod.rs`'s
    // import of `a`, below.
    assert_eq!(found, expected);
    std::fs::write(src.join("b/mod.rs"), "mod c;\nmod d;\npub use c::Thing;\n").unwrap();
    assert_eq!(all_cycles(&dir), Vec::<String>::new());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_added_cycle_fails_the_check_naming_its_edges() {
    let dir = synthetic("modules-cyclic", ACYCLIC);
    let src = dir.join("src");
    std::fs::write(src.join("b/mod.rs"), "mod c;\nmod d;\npub use c::Thing;\n").unwrap();
    assert_eq!(all_cycles(&dir), Vec::<String>::new());
    // A grouped use tree closing `b -> a` under the root and `d -> c` under
    // `b`, and an inline path closing `notes -> b`.
    std::fs::write(
        src.join("b/d.rs"),
        "pub struct Other;\nfn h() -> usize { super::super::notes::N }\n\
         use crate::{a::Seat, b::{c::{self, Thing}, d::Other as _}};\n",
    )
    .unwrap();
    std::fs::write(src.join("notes.rs"), "pub const N: usize = 1;\nconst M: u8 = crate::b::TABLE[0];\n").unwrap();
    let reports = all_cycles(&dir);
    assert_eq!(reports.len(), 2, "{reports:#?}");
    assert!(reports[0].starts_with("src: under the crate's root, a cycle: a -> b -> a"), "{}", reports[0]);
    assert!(reports[0].contains("\n    a -> b: src/a.rs:3\n    b -> a: src/b/d.rs:3\n    b -> notes: src/b/d.rs:2\n    notes -> b: src/notes.rs:2"), "{}", reports[0]);
    assert!(reports[0].contains("(in a group of 3 that reach each other)"), "{}", reports[0]);
    assert!(reports[1].starts_with("src: under `b`, a cycle: c -> d -> c"), "{}", reports[1]);
    assert!(reports[1].contains("\n    c -> d: src/b/c.rs:2\n    d -> c: src/b/d.rs:3"), "{}", reports[1]);
    let _ = std::fs::remove_dir_all(&dir);
}
