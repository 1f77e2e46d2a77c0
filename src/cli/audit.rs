//! `mcr audit`: why each fan was or was not counted, side by side with a
//! recorded list. Takes a hand in the notation, or hands corpus records.

use mcr_engine::record::{hand_inputs, Records};
use mcr_engine::{audit, notation};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// A hands corpus (.jsonl/.jsonl.gz) to audit.
    #[arg(long, conflicts_with = "hand")]
    pub hands: Option<PathBuf>,
    /// Game records: audit the fan list of each HU (and WH) display.
    #[arg(long, conflicts_with_all = ["hand", "hands"])]
    pub games: Option<PathBuf>,
    /// Only these record ids (hand ids with --hands, game ids with --games).
    #[arg(long)]
    pub id: Vec<String>,
    /// Only records where the engine and the record differ (with --hands).
    #[arg(long)]
    pub differing: bool,
    /// A hand in the notation of `mcr fan`.
    pub hand: Vec<String>,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

pub fn run(args: Args) -> ExitCode {
    if let Some(file) = &args.games {
        return audit_games(file, &args);
    }
    if let Some(file) = &args.hands {
        let (mut shown, mut differ) = (0usize, 0usize);
        for (rec, input) in hand_inputs(file).filter_map(super::ok_or_report) {
            let h = &rec.record;
            if !args.id.is_empty() && !args.id.contains(&h.id) {
                continue;
            }
            let r = audit::report_with(args.rules.rules, &input, Some((h.expected.result, &h.expected.fan)));
            show(&r, args.differing, &format!("{} ({}:{})", h.id, file.display(), rec.line), &mut shown, &mut differ);
        }
        println!("audit: {shown} shown, {differ} differ from the record");
        return if differ == 0 { ExitCode::SUCCESS } else { ExitCode::FAILURE };
    }
    if args.hand.is_empty() {
        eprintln!("mcr audit: give a hand (see `mcr fan --help`) or --hands FILE");
        return ExitCode::from(2);
    }
    match notation::parse_hand(&args.hand.join(" ")) {
        Ok(h) => {
            print!("{}", audit::report_with(args.rules.rules, &h, None).text);
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("mcr audit: {e}");
            ExitCode::from(2)
        }
    }
}

/// Replays each game and, where it ends in HU or WH, explains the winner's
/// hand against the fan list the judge displayed.
fn audit_games(file: &std::path::Path, args: &Args) -> ExitCode {
    use mcr_engine::engine::Engine;
    use mcr_engine::record::GameRecord;
    let records = match Records::<GameRecord>::open(file) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let (mut shown, mut differ, mut failed) = (0usize, 0usize, 0usize);
    for rec in records {
        let rec = match rec {
            Ok(r) => r,
            Err(e) => {
                eprintln!("{e}");
                failed += 1;
                continue;
            }
        };
        let g = &rec.record;
        if !args.id.is_empty() && !args.id.contains(&g.game_id) {
            continue;
        }
        let Some(last) = g.turns.last() else { continue };
        let action = last.display["action"].as_str().unwrap_or("");
        if action != "HU" && action != "WH" {
            continue;
        }
        let winner = last.display["player"].as_u64().unwrap_or(0) as u8;
        let recorded: Vec<(String, i32, i32)> = last.display["fan"]
            .as_array()
            .map(|l| {
                l.iter()
                    .map(|f| (f["name"].as_str().unwrap_or("").to_string(), f["value"].as_i64().unwrap_or(0) as i32, f["cnt"].as_i64().unwrap_or(0) as i32))
                    .collect()
            })
            .unwrap_or_default();
        let recorded_result = last.display["fanCnt"].as_i64().unwrap_or(0) as i32;
        // Drive the engine to the turn before the verdict, then ask for the
        // winner's hand as it stands.
        let mut engine = Engine::with_profile(args.rules.rules);
        let mut state = engine.reset(&g.wall, g.quan, g.srand).map(|_| ());
        for t in &g.turns[..g.turns.len() - 2] {
            if state.is_err() {
                break;
            }
            state = engine.step_map(t.responses.as_ref().unwrap_or(&Default::default())).map(|_| ());
        }
        let hand = state.and_then(|_| engine.win_hand(winner));
        match hand {
            Ok(hand) => {
                let r = audit::report_with(args.rules.rules, &hand, Some((recorded_result, &recorded)));
                let title = format!("game {} ({}:{}), {action} by seat {winner}", g.game_id, file.display(), rec.line);
                show(&r, args.differing, &title, &mut shown, &mut differ);
            }
            Err(e) => {
                eprintln!("{}:{}: game {}: cannot replay: {e}", file.display(), rec.line, g.game_id);
                failed += 1;
            }
        }
    }
    println!("audit: {shown} shown, {differ} differ from the record, {failed} unreadable");
    if differ == 0 && failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints one report (all, or only disagreeing ones) and keeps the counts.
fn show(r: &audit::Report, only_differing: bool, title: &str, shown: &mut usize, differ: &mut usize) {
    *differ += r.differs as usize;
    if only_differing && !r.differs {
        return;
    }
    println!("== {title}\n{}", r.text);
    *shown += 1;
}
