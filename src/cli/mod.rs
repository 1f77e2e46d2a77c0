//! One module per subcommand.
pub mod audit;
pub mod bench;
pub mod bench_fan;
pub mod bench_replay;
pub mod fan;
pub mod hands;
pub mod selftest;
pub mod serve;
pub mod validate;

/// A record or its located error: errors go to stderr and are skipped.
pub fn ok_or_report<T>(item: Result<T, String>) -> Option<T> {
    item.map_err(|e| eprintln!("{e}")).ok()
}

/// Game ids seen in a run: a repeated id is warned about on stderr (with
/// both places) and still counted, as each line is a game.
#[derive(Default)]
pub struct DuplicateIds {
    seen: std::collections::HashMap<String, (std::path::PathBuf, usize)>,
    pub repeats: usize,
}

impl DuplicateIds {
    pub fn see(&mut self, id: &str, file: &std::path::Path, line: usize) {
        if id.is_empty() {
            return;
        }
        match self.seen.get(id) {
            Some((f, l)) => {
                self.repeats += 1;
                eprintln!("warning: {}:{line}: game id {id:?} repeats {}:{l}", file.display(), f.display());
            }
            None => {
                self.seen.insert(id.to_owned(), (file.to_path_buf(), line));
            }
        }
    }
}
