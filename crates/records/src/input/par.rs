//! The inputs' games on worker threads ([`par_games`]): the one parallel
//! pipeline of `mcr validate` (and `--self-test`), `mcr audit --games` and
//! the standings. It draws nothing: a caller that shows progress passes a
//! callback ([`ParOptions::progress`]).

use std::path::Path;

use rayon::prelude::*;

use super::{Inputs, Piece};
use crate::formats::ImportError;
use crate::record::lines::Block;
use crate::record::par::{worker_threads, ParOptions, ParStats, ProgressEvent};
use crate::record::{RecordError, RecordErrorKind};

/// Reads the games of `inputs` in order ([`Inputs::reader`]) and calls
/// `f(state, file, line, bytes)` on every game as a record line on the
/// worker threads (`state` made by `init` once per worker, e.g. an engine;
/// a game record file's lines as they are, a game imported from a Botzone
/// format as its record written on one line), then `each(file, line,
/// result)` on one thread at a time in input order; what could not be read
/// comes as `Err` in its place (line 0 for a whole file). The next piece
/// (a block of lines, an imported game) is read while the workers check the
/// current one. Stops after `options.limit` games. Fails only when the
/// worker threads cannot start.
pub fn par_games<S, R, I, F, E>(
    inputs: &Inputs,
    options: &ParOptions,
    init: I,
    f: F,
    mut each: E,
) -> Result<ParStats, rayon::ThreadPoolBuildError>
where
    S: Send,
    I: Fn() -> S + Sync + Send,
    F: Fn(&mut S, &Path, usize, &[u8]) -> R + Sync + Send,
    R: Send,
    E: FnMut(&Path, usize, Result<R, RecordError>) + Send,
{
    let threads = worker_threads(options.jobs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build()?;
    let progress = options.progress.as_deref();
    let mut stats = ParStats { threads, ..ParStats::default() };
    let mut reader = inputs.reader().limit(options.limit);
    let (init, f) = (&init, &f);
    // The state of the games checked one at a time (imported games).
    let mut single: Option<S> = None;
    let mut last_file = None::<std::path::PathBuf>;
    pool.install(|| {
        let read = |reader: &mut super::Reader, block: &mut Block, seconds: &mut f64| {
            let clock = std::time::Instant::now();
            let piece = reader.next_into(block);
            *seconds += clock.elapsed().as_secs_f64();
            piece
        };
        let mut spare = Block::default();
        let mut current = read(&mut reader, &mut spare, &mut stats.read_seconds);
        while let Some(piece) = current {
            let file = match &piece {
                Piece::Lines { file, .. } => Some(file.clone()),
                Piece::Game(g) => Some(g.file.clone()),
                Piece::Text { file, .. } => Some(file.clone()),
                Piece::Error(_) => None,
            };
            if let (Some(p), Some(file)) = (progress, file) {
                if last_file.as_ref() != Some(&file) {
                    p(ProgressEvent::File(&file));
                    last_file = Some(file);
                }
            }
            let mut seconds = 0.0;
            let (stats_ref, each, single) = (&mut stats, &mut each, &mut single);
            let (next, used) = rayon::join(
                || read(&mut reader, &mut spare, &mut seconds),
                || {
                    check(piece, init, f, single, |file, line, result| {
                        stats_ref.lines += 1;
                        stats_ref.unreadable += result.is_err() as usize;
                        each(file, line, result);
                    })
                },
            );
            stats.read_seconds += seconds;
            if let Some(block) = used {
                spare = block;
            }
            if let Some(p) = progress {
                p(ProgressEvent::Lines(stats.lines));
            }
            current = next;
        }
    });
    if let Some(p) = progress {
        p(ProgressEvent::Done);
    }
    Ok(stats)
}

/// One piece's games through `f`, handed to `each` in order; gives back a
/// block's buffer for reuse.
fn check<S: Send, R>(
    piece: Piece,
    init: &(impl Fn() -> S + Sync + Send),
    f: &(impl Fn(&mut S, &Path, usize, &[u8]) -> R + Sync + Send),
    single: &mut Option<S>,
    mut each: impl FnMut(&Path, usize, Result<R, RecordError>),
) -> Option<Block>
where
    R: Send,
{
    match piece {
        Piece::Lines { file, block } => {
            let mut results: Vec<(usize, Result<R, RecordError>)> = block
                .par_lines()
                .map_init(init, |state, (line, text)| (line, Ok(f(state, &file, line, text))))
                .collect();
            // Lines that could not be read take their place in line order.
            if !block.errors.is_empty() {
                results.extend(block.errors.iter().map(|e| (e.line, Err(e.clone()))));
                results.sort_by_key(|r| r.0);
            }
            for (line, result) in results {
                each(&file, line, result);
            }
            Some(block)
        }
        Piece::Game(g) => {
            let result = match serde_json::to_vec(&g.record) {
                Ok(bytes) => Ok(f(single.get_or_insert_with(init), &g.file, g.line, &bytes)),
                Err(e) => {
                    Err(RecordError::new(&g.file, g.line, RecordErrorKind::Invalid(format!("record not written: {e}"))))
                }
            };
            each(&g.file, g.line, result);
            None
        }
        // Not asked for: text games are imported.
        Piece::Text { file, game } => {
            let e = ImportError::new(&file, game.line, "a text game not imported").game(game.id);
            each(&file, game.line, Err(RecordError::from(e)));
            None
        }
        Piece::Error(e) => {
            let (file, line) = (e.file.clone(), e.line);
            each(&file, line, Err(RecordError::from(e)));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn results_come_in_input_order_with_errors_in_place() {
        let mut text = String::new();
        for i in 0..50_000 {
            text.push_str(&format!("{{\"a\":{i},\"turns\":[]}}\n"));
            if i == 30_000 {
                text.push_str(&"x".repeat(5000));
                text.push('\n');
            }
        }
        let dir = std::env::temp_dir().join(format!("mcr-input-par-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let a = dir.join("a.jsonl");
        std::fs::write(&a, &text).unwrap();
        let files = vec![a.clone(), PathBuf::from("/nonexistent/x.jsonl"), a];
        let inputs = Inputs::open(&files, None, 4096);
        let options = ParOptions { jobs: Some(2), max_line_bytes: 4096, ..ParOptions::default() };
        let mut seen = Vec::new();
        let stats = par_games(
            &inputs,
            &options,
            || (),
            |_, _, line, bytes| (line, bytes.len()),
            |file, line, r| seen.push((file.to_path_buf(), line, r.map(|x| x.0).map_err(|e| e.line))),
        )
        .unwrap();
        assert_eq!(stats.lines, 2 * 50_001 + 1);
        assert_eq!(stats.unreadable, 3);
        assert_eq!(seen.len(), stats.lines);
        assert_eq!(seen[30_001].1, 30_002);
        assert_eq!(seen[30_001].2, Err(30_002));
        assert_eq!(seen[30_002].2, Ok(30_003));
        assert_eq!((seen[50_001].0.clone(), seen[50_001].2), (files[1].clone(), Err(0)));
        assert_eq!(seen[50_002].2, Ok(1));
        // The limit counts every game.
        let options = ParOptions { limit: Some(50_002), ..options };
        let stats = par_games(&inputs, &options, || (), |_, _, _, _| (), |_, _, _| ()).unwrap();
        assert_eq!(stats.lines, 50_002);
    }
}
