//! `mcr bench replay FILE`: parses every record first, then times only the
//! engine (reset + every step, every canHu computed, nothing rendered) over
//! all games, several passes, on one thread. Each game is replayed under
//! its own rules (its `"rules"` key, else `--rules`).

use std::hint::black_box;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use mcr_engine::engine::{Engine, EngineError, Turn};
use mcr_engine::fans::Profile;
use mcr_engine::record::{GameRecord, Records};
use mcr_engine::replay::{Record, Replayer};

#[derive(clap::Args)]
pub struct Args {
    /// Game records (.jsonl or .jsonl.gz).
    pub file: PathBuf,
    /// Passes over the whole corpus.
    #[arg(long, default_value_t = 5)]
    pub passes: usize,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

/// A game reduced to what the engine is fed.
struct Game {
    wall: Vec<String>,
    quan: i64,
    srand: i64,
    /// Answers to every turn, by seat.
    answers: Vec<[Option<String>; 4]>,
    /// The rules it is replayed under (its own `"rules"`, else `--rules`).
    profile: &'static Profile,
}

impl Game {
    fn from_record(r: &GameRecord, profile: &'static Profile) -> Game {
        let answers = r.turns.iter().map(|t| t.responses_by_seat().map(|a| a.map(str::to_string))).collect();
        Game { wall: r.wall.clone(), quan: r.quan, srand: r.srand, answers, profile }
    }
}

impl Record for Game {
    fn reset(&self, engine: &mut Engine) -> Result<Turn, EngineError> {
        engine.reset(&self.wall, self.quan, self.srand)
    }
    fn turns(&self) -> usize {
        self.answers.len()
    }
    fn answers(&self, k: usize) -> [Option<&str>; 4] {
        let a = &self.answers[k];
        [a[0].as_deref(), a[1].as_deref(), a[2].as_deref(), a[3].as_deref()]
    }
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let started = Instant::now();
    // Reduce each record as it is read: whole records are far bigger.
    let records = Records::<GameRecord>::open_with(&args.file, max_line_bytes)
        .map_err(|e| super::CliError::failed("bench replay", e))?;
    let mut games = Vec::new();
    let (mut unreplayable, mut unreadable) = (0u64, 0u64);
    for r in records {
        match r {
            Ok(l) => match args.rules.for_record(l.record.rules) {
                Ok(profile) => games.push(Game::from_record(&l.record, profile)),
                Err(conflict) => {
                    eprintln!(
                        "{}:{}: game {}: {}",
                        args.file.display(),
                        l.line,
                        l.record.game_id,
                        super::conflict_hint(&conflict)
                    );
                    unreplayable += 1;
                }
            },
            Err(e) => {
                eprintln!("{e}");
                unreadable += 1;
            }
        }
    }
    if games.is_empty() {
        return Err(super::CliError::failed("bench replay", format!("no games in {}", args.file.display())));
    }
    let parse_secs = started.elapsed().as_secs_f64();

    let mut engine = Engine::new();
    let (mut turns, mut errors) = (0u64, 0u64);
    let passes = args.passes.max(1);
    let timer = Instant::now();
    for _ in 0..passes {
        for g in &games {
            if engine.profile() != g.profile {
                engine = Engine::with_profile(g.profile);
            }
            let mut r = Replayer::new(engine, g);
            while let Some(step) = r.next() {
                match step {
                    Ok(step) => {
                        black_box(step.turn);
                        turns += 1;
                    }
                    Err(_) => errors += 1,
                }
            }
            engine = r.into_engine();
        }
    }
    let secs = timer.elapsed().as_secs_f64();
    let played = (games.len() * passes) as f64;
    println!(
        "bench replay: {} games x {passes} passes, {turns} turns (reset + steps) in {secs:.3}s; \
         parsing took {parse_secs:.3}s; {errors} engine errors",
        games.len()
    );
    println!("bench replay: {:.0} games/s {:.0} steps/s", played / secs, turns as f64 / secs);
    // Measured, but not over everything: the exit code says so.
    Ok(if errors > 0 || unreplayable > 0 || unreadable > 0 { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}
