//! `mcr audit`: why each fan was or was not counted, side by side with a
//! recorded list. Takes a hand in the notation, hands corpus records, or game
//! records (replayed by the engine; with `--replay cai`, also scored on the
//! flags of a cai-style replay layer).

use mcr_engine::audit::games::{audit_game_asked, GameAudit, Kind, Replay};
use mcr_engine::audit::{self, text};
use mcr_engine::input::par_games;
use mcr_engine::notation;
use mcr_engine::record::{hand_inputs_with, parse_line, GameRecord, ParOptions, Selection};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::CliError;

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    Text,
    Json,
}

#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum ReplayArg {
    /// The flags of the cai-style FeatureAgent replay layer.
    Cai,
}

#[derive(clap::Args)]
pub struct Args {
    /// A hands corpus (.jsonl/.jsonl.gz) to audit.
    #[arg(long, conflicts_with = "hand")]
    pub hands: Option<PathBuf>,
    /// Game records (.jsonl/.jsonl.gz), Botzone logs, folders: replay each game and audit its ending.
    #[arg(long, num_args = 1.., conflicts_with_all = ["hand", "hands"])]
    pub games: Vec<PathBuf>,
    /// Only these record ids (hand ids with --hands, game ids with --games).
    #[arg(long)]
    pub id: Vec<String>,
    /// Only game records carrying one of these tags.
    #[arg(long)]
    pub tag: Vec<String>,
    /// Only records where something differs (record vs engine; with
    /// --replay cai also judge vs cai replay).
    #[arg(long)]
    pub differing: bool,
    /// Also score each win on another flag source's flags (--games).
    #[arg(long, value_enum)]
    pub replay: Option<ReplayArg>,
    /// text, or json: one object per game (keys documented in docs/src/audit.md).
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// A hand in the notation of `mcr fan`.
    pub hand: Vec<String>,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    if !args.games.is_empty() {
        return audit_games(&args, max_line_bytes);
    }
    if let Some(file) = &args.hands {
        return audit_hands(file, &args, max_line_bytes);
    }
    if args.hand.is_empty() {
        return Err(CliError::input(
            "mcr audit",
            "give a hand (see `mcr fan --help`), --hands FILE or --games FILE...",
        ));
    }
    let h = notation::parse_hand(&args.hand.join(" ")).map_err(|e| CliError::input("mcr audit", e))?;
    print!("{}", audit::report_with(args.rules.profile(), &h, None).text);
    Ok(ExitCode::SUCCESS)
}

fn audit_hands(file: &Path, args: &Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let (mut read, mut shown, mut differ, mut failed) = (0usize, 0usize, 0usize, 0usize);
    for item in hand_inputs_with(file, max_line_bytes) {
        let (rec, input) = match item {
            Ok(x) => x,
            Err(e) => {
                eprintln!("{}", super::hinted(&e));
                failed += 1;
                continue;
            }
        };
        read += 1;
        let h = &rec.record;
        if !args.id.is_empty() && !args.id.contains(&h.id) {
            continue;
        }
        let r = audit::report_with(args.rules.profile(), &input, Some((h.expected.result, &h.expected.fan)));
        differ += r.differs as usize;
        if args.differing && !r.differs {
            continue;
        }
        println!("== {} ({}:{})\n{}", h.id, file.display(), rec.line, r.text);
        shown += 1;
    }
    println!("audit: {shown} shown, {differ} differ from the record, {failed} unreadable");
    if read == 0 {
        return Err(CliError::failed("mcr audit", format!("no hand record read from {}", file.display())));
    }
    Ok(if differ == 0 && failed == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

/// The counts of the closing lines.
#[derive(Default)]
struct Summary {
    read: usize,
    hu: usize,
    /// HU and WH endings: fan lists of the record.
    lists: usize,
    agree: usize,
    draws: usize,
    errors: usize,
    bad: usize,
    unreadable: usize,
    cai_differ: usize,
    below_gate: usize,
    known: usize,
    reproduced: usize,
}

impl Summary {
    fn add(&mut self, a: &GameAudit) {
        match a.kind {
            Kind::Draw => self.draws += 1,
            Kind::Error => {
                self.errors += 1;
                // A WH's refused HU is a fan list of the record too.
                if let Some(w) = &a.win {
                    self.lists += 1;
                    self.agree += w.agree as usize;
                }
            }
            Kind::Bad => self.bad += 1,
            Kind::Hu => {
                self.hu += 1;
                self.lists += 1;
                let Some(w) = &a.win else { return };
                self.agree += w.agree as usize;
                if let Some(c) = &w.cai {
                    if c.status != "agree" {
                        self.cai_differ += 1;
                        self.below_gate += (c.status == "cai_replay_below_8fan_gate") as usize;
                    }
                    if let Some(k) = &c.known {
                        self.known += 1;
                        self.reproduced += (k.list_equal && k.status_equal) as usize;
                    }
                }
            }
        }
    }
}

fn audit_games(args: &Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let replay = if args.replay == Some(ReplayArg::Cai) { Replay::Cai } else { Replay::Judge };
    let selection = Selection { ids: args.id.clone(), tags: args.tag.clone(), limit: 0, profile: args.rules.rules };
    let options = ParOptions { max_line_bytes, ..ParOptions::default() };
    let mut s = Summary::default();
    // Records are read, selected and audited on the workers, printed here
    // in file order; `None`: a record read and not selected.
    let audit = |_: &mut (), file: &Path, line: usize, bytes: &[u8]| {
        let record = parse_line::<GameRecord>(file, line, bytes)?;
        if !selection.accepts(&record) {
            return Ok(None);
        }
        let mut a = audit_game_asked(selection.profile, &record, replay);
        a.file = Some(file.display().to_string());
        a.line = Some(line);
        Ok(Some(a))
    };
    let inputs = super::open_inputs("audit", &args.games, max_line_bytes);
    let done = par_games(
        &inputs,
        &options,
        || (),
        audit,
        |file, line, result| {
            let audited = match result.and_then(|r| r) {
                Ok(a) => a,
                Err(e) => {
                    eprintln!("{}", super::hinted(&e));
                    s.unreadable += 1;
                    // A file that cannot be opened is not a record.
                    if args.format == Format::Json && line > 0 {
                        print_json(&GameAudit::unreadable(&file.display().to_string(), e.line, e.message()));
                    }
                    return;
                }
            };
            s.read += 1;
            let Some(a) = audited else { return };
            s.add(&a);
            if a.kind == Kind::Bad {
                eprintln!(
                    "{}:{}: game {}: {}",
                    a.file.as_deref().unwrap_or(""),
                    a.line.unwrap_or(0),
                    a.game_id,
                    match &a.conflict {
                        Some(c) => super::conflict_hint(c),
                        None => a.problem.clone().unwrap_or_default(),
                    }
                );
            }
            if args.differing && !a.differs {
                return;
            }
            match args.format {
                Format::Json => print_json(&a),
                Format::Text => println!("{}", text::game_text(&a)),
            }
        },
    );
    done.map_err(|e| CliError::failed("mcr audit", format!("cannot start the worker threads: {e}")))?;
    let mut lines = vec![
        format!(
            "games: {} read, {} HU, {} draws, {} error games, {} bad records, {} unreadable",
            s.read, s.hu, s.draws, s.errors, s.bad, s.unreadable
        ),
        format!("audit: {}/{} fan lists agree with the record", s.agree, s.lists),
    ];
    if replay == Replay::Cai {
        lines.push(format!(
            "cai replay: {} games differ ({} below the 8-fan gate); known discrepancies reproduced: {}/{}",
            s.cai_differ, s.below_gate, s.reproduced, s.known
        ));
    }
    for l in &lines {
        // JSON output stays one object per line; the summary goes to stderr.
        if args.format == Format::Json {
            eprintln!("{l}");
        } else {
            println!("{l}");
        }
    }
    if s.read == 0 {
        return Err(CliError::failed("mcr audit", "no game record read"));
    }
    let all = s.agree == s.lists && s.bad == 0 && s.unreadable == 0 && s.reproduced == s.known;
    Ok(if all { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}

fn print_json(a: &GameAudit) {
    match serde_json::to_string(a) {
        Ok(j) => println!("{j}"),
        Err(e) => eprintln!("mcr audit: {}: cannot write JSON: {e}", a.game_id),
    }
}
