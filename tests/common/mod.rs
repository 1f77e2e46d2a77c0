//! The one home of what the integration tests share: the repository's
//! root, the test data and its corpora ([`corpus`]), temporary folders, runs
//! of the `mcr` binary, the Python oracles, snapshots, the rule for tests
//! that need Python, and the fan helpers. Every test binary includes it as
//! `#[path = "../common/mod.rs"] mod common;`.
#![allow(dead_code, unused_macros, unused_imports)]

pub mod corpus;

pub use corpus::data;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The repository's root (the facade's package, whose tests these are).
pub fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the repository, by its path from the root.
pub fn repo_file(path: &str) -> String {
    let p = repo().join(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// What a run of the `mcr` binary gave.
#[derive(Debug)]
pub struct Run {
    /// The exit code (None when killed by a signal).
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn ok(&self) -> bool {
        self.code == Some(0)
    }

    /// (exited 0, stdout, stderr).
    pub fn parts(self) -> (bool, String, String) {
        (self.ok(), self.stdout, self.stderr)
    }

    /// (exit code, stdout, stderr).
    pub fn coded(self) -> (Option<i32>, String, String) {
        (self.code, self.stdout, self.stderr)
    }
}

/// The `mcr` binary of this build: `target/<profile>/mcr`, beside the
/// `deps/` folder of the test executable. The binary belongs to the package
/// `mcr-cli` (cli/), so cargo gives these tests no `CARGO_BIN_EXE_mcr`:
/// `cargo test` at the workspace's root builds it with the tests; a test
/// run of this package alone (`cargo test -p mcr-engine`, `--test NAME`)
/// needs `cargo build -p mcr-cli` of the same profile first.
pub fn mcr_bin() -> &'static str {
    static BIN: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    BIN.get_or_init(|| {
        let exe = std::env::current_exe().expect("the test executable's path");
        let dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps/ holds the test executable");
        let bin = dir.join(format!("mcr{}", std::env::consts::EXE_SUFFIX));
        assert!(
            bin.is_file(),
            "no mcr binary at {}: build it with the same profile as the tests \
             (`cargo build --release -p mcr-cli`), or run `cargo test` at the workspace's root, which builds it",
            bin.display()
        );
        bin.into_os_string().into_string().expect("a UTF-8 path of the mcr binary")
    })
}

impl From<std::process::Output> for Run {
    fn from(out: std::process::Output) -> Run {
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    }
}

/// Runs the `mcr` binary built for these tests with `args`.
pub fn mcr(args: &[&str]) -> Run {
    Command::new(mcr_bin()).args(args).output().expect("run the mcr binary").into()
}

/// Runs the `mcr` binary with `args` in the working directory `dir`.
pub fn mcr_in(dir: &Path, args: &[&str]) -> Run {
    Command::new(mcr_bin()).args(args).current_dir(dir).output().expect("run the mcr binary").into()
}

/// `mcr play` of `n` games with `seed` written to `dir/name`, under the
/// profile `rules` (None: botzone, no `"rules"` key), as the command line
/// writes them; the file's path.
pub fn mcr_play(dir: &Path, name: &str, n: usize, seed: u64, rules: Option<&str>) -> PathBuf {
    let file = dir.join(name);
    let (n, seed) = (n.to_string(), seed.to_string());
    let mut args = vec!["play", "--games", &n, "--seed", &seed, "-o", file.to_str().expect("a UTF-8 path")];
    if let Some(r) = rules {
        args.extend(["--rules", r]);
    }
    let run = mcr(&args);
    assert!(run.ok(), "{run:?}");
    file
}

/// A run of the `mcr` binary going on ([`mcr_started`]), for a test that
/// signals it before it ends.
pub struct Started(std::process::Child);

impl Started {
    /// Sends `signal` to the run.
    #[cfg(unix)]
    pub fn signal(&self, signal: i32) {
        // SAFETY: kill sends a signal to a child process of ours; no memory
        // is involved.
        unsafe {
            libc::kill(self.0.id() as i32, signal);
        }
    }

    /// Waits for the run's end (its standard output is discarded: empty).
    pub fn wait(self) -> Run {
        self.0.wait_with_output().expect("wait for the mcr binary").into()
    }
}

/// Starts the `mcr` binary with `args`, its standard output discarded and
/// its standard error kept for [`Started::wait`].
pub fn mcr_started(args: &[&str]) -> Started {
    use std::process::Stdio;
    let child = Command::new(mcr_bin())
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the mcr binary");
    Started(child)
}

/// Runs the `mcr` binary with `args`, `input` written to its standard input
/// (from another thread, so that a reply larger than the pipe cannot
/// deadlock), the input closed at its end.
pub fn mcr_with_input(args: &[&str], input: Vec<u8>) -> Run {
    run_with_input(mcr_bin(), args, input).into()
}

/// Runs `program` with `args`, `input` written to its standard input from
/// another thread (a reply larger than the pipe cannot deadlock), the input
/// closed at its end; its output as it is (bytes).
pub fn run_with_input(program: &str, args: &[&str], input: Vec<u8>) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {program}: {e}"));
    let mut stdin = child.stdin.take().expect("a piped stdin");
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().unwrap_or_else(|e| panic!("wait for {program}: {e}"));
    // The child may end without reading all of its input: a broken pipe is its answer.
    let _ = writer.join().expect("the input writer");
    out
}

/// A fresh folder under the system's temporary directory, removed with
/// everything in it when dropped ([`temp_dir`]). It derefs to its path.
#[derive(Debug)]
pub struct TempDir(PathBuf);

impl TempDir {
    /// The folder's path.
    pub fn path(&self) -> &Path {
        &self.0
    }
}

impl std::ops::Deref for TempDir {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for TempDir {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh, empty folder named after `name`, unique to this process and
/// call (two tests asking for the same name get two folders), removed when
/// the returned [`TempDir`] is dropped.
pub fn temp_dir(name: &str) -> TempDir {
    use std::sync::atomic::{AtomicUsize, Ordering};
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("mcr-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    TempDir(dir)
}

/// Processes (from /proc) whose command line holds `token`: bots or
/// programs a test expects gone.
pub fn processes_with(token: &str) -> Vec<String> {
    let mut found = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        if e.file_name().to_str().is_none_or(|s| s.parse::<u32>().is_err()) {
            continue;
        }
        if let Ok(c) = std::fs::read(e.path().join("cmdline")) {
            let c = String::from_utf8_lossy(&c).replace('\0', " ");
            if c.contains(token) {
                found.push(format!("{}: {c}", e.file_name().to_string_lossy()));
            }
        }
    }
    found
}

/// Writes `bytes` to `name` in this process's scratch folder for test
/// inputs (kept after the run, for a look at a failure) and returns its path.
pub fn temp_file(name: &str, bytes: impl AsRef<[u8]>) -> String {
    let dir = std::env::temp_dir().join(format!("mcr-test-inputs-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_string_lossy().into()
}

/// xorshift64*: the random generators of the differential tests (seeded,
/// reproducible, no dependency).
pub struct XorShift(pub u64);

impl XorShift {
    pub fn new(seed: u64) -> XorShift {
        XorShift(seed.max(1))
    }
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in 0..n.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
    /// True with probability p/q.
    pub fn chance(&mut self, p: usize, q: usize) -> bool {
        self.below(q) < p
    }
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
}

/// What a Python oracle script of `tests/oracle/` answered: one JSON value
/// per input line, or why it could not run (python3 or the pymahjonggb
/// version it needs missing, and what installs it).
pub enum Oracle {
    Ran(Vec<serde_json::Value>),
    Missing(String),
}

/// The folder that holds pymahjonggb `version` for the oracles,
/// `target/oracle/pymahjonggb-<version>` of the repository (one `MahjongGB`
/// module per folder: `tests/oracle/mahjonggb_loader.py` looks there first).
pub fn oracle_dir(version: &str) -> PathBuf {
    repo().join("target/oracle").join(format!("pymahjonggb-{version}"))
}

/// The command that installs pymahjonggb `version` where the oracles look.
pub fn oracle_install_command(version: &str) -> String {
    format!("python3 -m pip install --target {} pymahjonggb=={version}", oracle_dir(version).display())
}

/// Whether `dir` holds a finished install of pymahjonggb `version` (pip
/// writes the distribution's RECORD last).
fn oracle_installed(dir: &Path, version: &str) -> bool {
    dir.join(format!("pymahjonggb-{version}.dist-info")).join("RECORD").is_file()
}

/// Makes [`oracle_dir`]`(version)` when it is missing, once: `python3 -m
/// pip install --target` into a temporary folder beside it, renamed into
/// place when complete, so that no oracle ever sees half an install. Test
/// threads of one process wait on a mutex, test processes on a lock file
/// (`target/oracle/.pymahjonggb-<version>.lock`); the outcome is kept for
/// the process, so a failed install (no pip, no network) is tried once.
/// `Err` says why it could not be made and what to run.
pub fn oracle_install(version: &str) -> Result<PathBuf, String> {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static DONE: Mutex<Option<HashMap<String, Result<PathBuf, String>>>> = Mutex::new(None);
    let mut done = DONE.lock().unwrap_or_else(|e| e.into_inner());
    let done = done.get_or_insert_with(HashMap::new);
    if let Some(outcome) = done.get(version) {
        return outcome.clone();
    }
    let outcome = install_oracle_locked(version);
    done.insert(version.to_string(), outcome.clone());
    outcome
}

fn install_oracle_locked(version: &str) -> Result<PathBuf, String> {
    let dir = oracle_dir(version);
    if oracle_installed(&dir, version) {
        return Ok(dir);
    }
    let command = oracle_install_command(version);
    let cannot =
        |why: String| format!("pymahjonggb {version} could not be installed ({why}); install it with `{command}`");
    let parent = dir.parent().expect("target/oracle");
    std::fs::create_dir_all(parent).map_err(|e| cannot(format!("cannot make {}: {e}", parent.display())))?;
    let lock_path = parent.join(format!(".pymahjonggb-{version}.lock"));
    let lock = std::fs::File::options()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| cannot(format!("cannot open {}: {e}", lock_path.display())))?;
    // Released when `lock` is dropped (or the process ends).
    lock.lock().map_err(|e| cannot(format!("cannot lock {}: {e}", lock_path.display())))?;
    if oracle_installed(&dir, version) {
        return Ok(dir); // another test process made it meanwhile
    }
    if dir.exists() {
        // An unfinished install (an interrupted `pip install --target`): made again.
        let stale = parent.join(format!(".pymahjonggb-{version}.stale-{}", std::process::id()));
        std::fs::rename(&dir, &stale)
            .map_err(|e| cannot(format!("cannot move the unfinished {}: {e}", dir.display())))?;
        let _ = std::fs::remove_dir_all(&stale);
    }
    let tmp = parent.join(format!(".pymahjonggb-{version}.tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let run = Command::new("python3")
        .args(["-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-input", "--retries", "2"])
        .arg("--target")
        .arg(&tmp)
        .arg(format!("pymahjonggb=={version}"))
        .stdin(std::process::Stdio::null())
        .output();
    let out = match run {
        Ok(out) => out,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(cannot("python3 not found".into())),
        Err(e) => return Err(cannot(format!("cannot run python3: {e}"))),
    };
    if !out.status.success() || !oracle_installed(&tmp, version) {
        let _ = std::fs::remove_dir_all(&tmp);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let last = stderr.lines().rev().find(|l| !l.trim().is_empty() && !l.contains("Running pip as the 'root' user"));
        let code = out.status.code().map_or("a signal".to_string(), |c| format!("exit {c}"));
        return Err(cannot(format!("pip failed ({code}): {}", last.unwrap_or("no message").trim())));
    }
    std::fs::rename(&tmp, &dir).map_err(|e| {
        let _ = std::fs::remove_dir_all(&tmp);
        cannot(format!("cannot move the install into {}: {e}", dir.display()))
    })?;
    let _ = std::io::Write::write_all(
        &mut std::io::stderr().lock(),
        format!("installed pymahjonggb {version} into {} for the oracles\n", dir.display()).as_bytes(),
    );
    Ok(dir)
}

/// Runs `tests/oracle/<script>` with `args` on the JSON-lines file `input`,
/// after [`oracle_install`] of every pymahjonggb version in `versions` (the
/// ones the script loads). Where an install fails, the script may still use
/// the environment's own MahjongGB if it is the version asked for; otherwise
/// it exits 3 and the answer is `Missing`, naming the package, the version
/// and the command that installs it. Exit 4 (a folder holding another
/// version) is a failure, never a skip.
pub fn run_oracle(script: &str, versions: &[&str], args: &[&str], input: &Path) -> Oracle {
    let install: Vec<String> = versions.iter().filter_map(|v| oracle_install(v).err()).collect();
    let script = repo().join("tests/oracle").join(script);
    let run = Command::new("python3").arg(&script).args(args).arg(input).stdin(std::process::Stdio::null()).output();
    let out = match run {
        Ok(o) => o,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Oracle::Missing(format!("python3 not found; {}", install.join("; ")));
        }
        Err(e) => panic!("cannot run python3 {}: {e}", script.display()),
    };
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => {}
        Some(3) => {
            // The script names what it lacks and the command; a failed
            // install says why the command did not work here.
            let lacks = stderr.trim();
            let why = if install.is_empty() {
                lacks.to_string()
            } else {
                format!("{}; {}", install.join("; "), lacks.split("; install it").next().unwrap_or(lacks))
            };
            return Oracle::Missing(why);
        }
        Some(4) => panic!("wrong oracle version: {}", stderr.trim()),
        other => panic!("oracle failed (exit {other:?}): {stderr}"),
    }
    let text = String::from_utf8(out.stdout).expect("oracle output is UTF-8");
    Oracle::Ran(
        text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("bad oracle line {l}: {e}"))).collect(),
    )
}

/// A numeric setting from the environment (case counts, seeds), or `default`.
pub fn env_num(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

// ------------------------------------------------------------ snapshots

/// Compares `actual` with the snapshot `tests/snapshots/<name>`; with
/// `UPDATE_SNAPSHOTS=1` in the environment, (re)writes the snapshot instead
/// (review the diff with git before committing it). A missing snapshot is a
/// failure unless updating.
#[track_caller]
pub fn assert_snapshot(name: &str, actual: &str) {
    let path = repo().join("tests/snapshots").join(name);
    let expected = std::fs::read_to_string(&path).map_err(|e| {
        format!("snapshot {} cannot be read ({e}); run with UPDATE_SNAPSHOTS=1 to create it", path.display())
    });
    accept_or_diff(&format!("tests/snapshots/{name}"), 0, expected, actual, |text| {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
    });
}

/// The one accept-and-diff of the tests: `actual` against the accepted text
/// `expected` of `what` (`Err`: why there is none). Under `UPDATE_SNAPSHOTS=1`
/// a different `actual` is accepted with `accept(actual)` (review the diff
/// with git); otherwise a difference fails naming the first differing line
/// (`offset`: the lines of the file before the compared text).
#[track_caller]
pub fn accept_or_diff(
    what: &str,
    offset: usize,
    expected: Result<String, String>,
    actual: &str,
    accept: impl FnOnce(&str),
) {
    if std::env::var("UPDATE_SNAPSHOTS").is_ok_and(|v| v == "1") {
        if expected.as_deref() != Ok(actual) {
            accept(actual);
            eprintln!("UPDATED {what}");
        }
        return;
    }
    let expected = expected.unwrap_or_else(|e| panic!("{e}"));
    if expected == actual {
        return;
    }
    let (e, a): (Vec<&str>, Vec<&str>) = (expected.lines().collect(), actual.lines().collect());
    let first = (0..e.len().max(a.len())).find(|&i| e.get(i) != a.get(i)).unwrap_or(e.len());
    panic!(
        "{what}:{}: differs from what the test computes:\n  accepted: {:?}\n  actual:   {:?}\n\
         ({} lines accepted, {} now; if the change is intended, rerun with UPDATE_SNAPSHOTS=1 and review the diff)",
        offset + first + 1,
        e.get(first).copied().unwrap_or("<end>"),
        a.get(first).copied().unwrap_or("<end>"),
        e.len(),
        a.len()
    );
}

// ------------------------------------------------------------ Markdown

/// The lines of a Markdown text outside its fenced blocks (the fence lines
/// left out too), with their line numbers (from 1).
pub fn outside_fences(text: &str) -> Vec<(usize, &str)> {
    let mut fence = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fence = !fence;
        } else if !fence {
            out.push((i + 1, line));
        }
    }
    out
}

// ------------------------------------------------------------ Python

/// Whether a missing Python dependency must fail the test rather than skip
/// it: in CI (`CI=true` or `CI=1`, as CI services and `.ci/run` set), or when
/// `switch` (e.g. `MCR_REQUIRE_PYTHON`, `MCR_REQUIRE_ORACLE`) is `1`.
pub fn required(switch: &str) -> bool {
    let on = |name: &str, values: &[&str]| std::env::var(name).is_ok_and(|v| values.contains(&v.as_str()));
    on("CI", &["true", "1"]) || on(switch, &["1"])
}

/// Called when a Python dependency is missing: fails when [`required`],
/// otherwise writes `SKIPPED: <test>: <reason>` to the process's stderr
/// directly (not through `eprintln!`, which the test harness captures and
/// hides for a passing test), so that it shows in the `cargo test` output;
/// the tests that can skip also say so by their name (`..._requires_python`).
/// Returns so that the caller can return.
#[track_caller]
pub fn skip(switch: &str, reason: &str) {
    use std::io::Write;
    if required(switch) {
        panic!("{reason}, and it is required here ({switch}=1 or CI=true): this test may not skip");
    }
    let test = std::thread::current().name().unwrap_or("?").to_string();
    let line = format!("SKIPPED: {test}: {reason} (set {switch}=1 to make this a failure; CI never skips)\n");
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
}

/// Whether `python3` runs here.
pub fn python3_found() -> bool {
    Command::new("python3").arg("--version").output().is_ok_and(|o| o.status.success())
}

// ------------------------------------------------------------ fans

/// Scores a hand in the notation of `mcr fan`.
pub fn score(notation: &str) -> mcr_engine::fans::FanResult {
    let hand = mcr_engine::notation::parse_hand(notation).unwrap_or_else(|e| panic!("{notation}: {e}"));
    mcr_engine::fans::calculate(&hand)
}

pub fn has_fan(r: &mcr_engine::fans::FanResult, name: &str) -> bool {
    r.fans().any(|(f, _)| f.name == name)
}

/// The fan names of a result, in index order.
pub fn fan_names(r: &mcr_engine::fans::FanResult) -> Vec<&'static str> {
    r.fans().map(|(f, _)| f.name).collect()
}

/// `fan_case!(test_name, fan, positive hand, its total, negative hand, its
/// total, what the negative hand shows instead)`: the negative hand must
/// not show `fan` and must show the fan named last (the near miss, or the
/// fan that omits `fan`).
#[macro_export]
macro_rules! fan_case {
    ($test:ident, $fan:expr, $pos:expr, $pos_total:expr, $neg:expr, $neg_total:expr, $neg_shows:expr) => {
        #[test]
        fn $test() {
            assert!(mcr_engine::fans::fan_by_name($fan).is_some(), "{} is not in rules/fans.mcr", $fan);
            assert!(mcr_engine::fans::fan_by_name($neg_shows).is_some(), "{} is not in rules/fans.mcr", $neg_shows);
            let pos = common::score($pos);
            assert!(common::has_fan(&pos, $fan), "{} should show {}: got {:?}", $pos, $fan, common::fan_names(&pos));
            if pos.result != $pos_total {
                common::differs_from_reference(&format!(
                    "total of {}: {} (reference {})",
                    $pos, pos.result, $pos_total
                ));
            }
            let neg = common::score($neg);
            assert!(!common::has_fan(&neg, $fan), "{} must not show {}: got {:?}", $neg, $fan, common::fan_names(&neg));
            assert!(
                common::has_fan(&neg, $neg_shows),
                "{} should show {} instead of {}: got {:?}",
                $neg,
                $neg_shows,
                $fan,
                common::fan_names(&neg)
            );
            if neg.result != $neg_total {
                common::differs_from_reference(&format!(
                    "total of {}: {} (reference {})",
                    $neg, neg.result, $neg_total
                ));
            }
        }
    };
}

/// A test comparing the base rules (botzone, `rules/fans.mcr`) with the
/// reference found `what` differing: it passes, printing that the base
/// "differs from the reference as accepted in rules/snapshots/botzone.txt",
/// when that is a deliberate change of the base accepted there
/// (`mcr rules snapshot botzone --accept`); it panics with `what` and the
/// diff by fan to review otherwise.
/// (Checked once per test binary: it diffs the bundled corpora.)
pub fn differs_from_reference(what: &str) {
    static CHECKED: std::sync::OnceLock<Result<String, mcr_engine::rules::snapshot::SnapshotError>> =
        std::sync::OnceLock::new();
    match CHECKED.get_or_init(|| mcr_engine::rules::snapshot::accepted_base_change(repo())) {
        Ok(note) => eprintln!("{what}\n{note}"),
        Err(diff) => panic!("{what}\n{diff}"),
    }
}
