//! `mcr decide FILE...`: per discard of each decision state (JSON lines), the
//! chance and expected points of a win of the minimum fan within the draws
//! left, and the fewest draws to one (`mcr_engine::analysis::decide`, whose
//! docs state the model). `mcr decide "<hand>" --draws N`: the same for one
//! hand written in the compact notation.

use mcr_engine::analysis::decide::{decide_with, decision_line, DecideRecord, Decision, Options, State};
use mcr_engine::analysis::discard::pack_counts;
use mcr_engine::notation::{self, parse_tiles};
use mcr_engine::record::Records;
use mcr_engine::tiles::TILE_KINDS;
use std::io::Write;
use std::process::ExitCode;

use super::CliError;

#[derive(clap::Args)]
#[command(after_help = "\
Files: one state a line, {\"id\", \"hand\", \"packs\": [[\"CHI\"|\"PENG\"|\"GANG\", tile, offer]], \"seat\", \"prevalent\",
\"shown\", \"unseen\" (34 counts each, W1-W9 B1-B9 T1-T9 F1-F4 J1-J3), \"draws_left\", optional \"rules\"};
one line out per state: {\"id\", \"wins_now\", \"exact\", \"discards\": [{\"tile\", \"win_prob\", \"exp_points\", \"min_draws\"}]}.
A line that cannot be read is reported with its file and line and skipped.

One hand: written as for `mcr fan`, holding its draw (14 - 3 x packs standing tiles), with --draws:
  mcr decide \"123m 456m 789s 1p 2p 3z 4z 5z 9p 9p 7s\" --draws 5 --visible \"1p1p5z\"
Tiles in --visible and in the hand's exposed packs count as shown; unseen is 4 less the hand,
its packs and --visible.")]
pub struct Args {
    /// Decision files (.jsonl or .jsonl.gz); with --draws, one hand instead.
    #[arg(required = true)]
    pub input: Vec<String>,
    /// One hand: the draws left after its discard.
    #[arg(long)]
    pub draws: Option<u32>,
    /// One hand: tiles seen elsewhere (discards, others' packs), e.g. "1m1m5z".
    #[arg(long, default_value = "")]
    pub visible: String,
    /// One hand: text or json.
    #[arg(long, default_value = "text")]
    pub format: super::Format,
    /// Exact search up to this many draws left.
    #[arg(long, default_value_t = Options::default().exact_draws)]
    pub exact_draws: u32,
    /// Hands searched per discard past the exact draws.
    #[arg(long, default_value_t = Options::default().node_budget)]
    pub node_budget: usize,
    /// single: the single-player model, exact (states or one hand); table:
    /// the table model on every decision of game records (sampled worlds
    /// played out).
    #[arg(long, value_enum, default_value = "single")]
    pub model: Model,
    /// Table model: only this turn of each game.
    #[arg(long)]
    pub turn: Option<usize>,
    /// Table model: only this seat's decisions (0-3).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..4))]
    pub seat: Option<u8>,
    /// Table model: only these game ids (repeatable).
    #[arg(long)]
    pub id: Vec<String>,
    /// Table model: worlds each action is played in.
    #[arg(long, default_value_t = mcr_engine::table::Options::default().worlds)]
    pub worlds: usize,
    /// Table model: the seed of the worlds.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Table model: how the hidden tiles are dealt (drawn: the others' hands as a player's after their
    /// draws; uniform).
    #[arg(long, default_value = "drawn", value_parser = ["drawn", "uniform"])]
    pub sampler: String,
    /// Table model: stop adding worlds to a decision after this many milliseconds.
    #[arg(long)]
    pub time_limit_ms: Option<u64>,
    /// Table model: each decision's answer against what happened (its figures alone), summed up as the
    /// calibration (text or --format json).
    #[arg(long)]
    pub calibrate: bool,
    /// With --calibrate: write each decision's prediction and outcome here (JSON lines).
    #[arg(long)]
    pub rows: Option<std::path::PathBuf>,
    /// With --calibrate: the inputs are rows written by --rows (of one or many runs), summed up again
    /// without analysing.
    #[arg(long)]
    pub from_rows: bool,
    /// With --calibrate: write the reliability diagrams here (SVG).
    #[arg(long)]
    pub svg: Option<std::path::PathBuf>,
    /// Table model: worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub jobs: usize,
    #[command(flatten)]
    pub rules: super::RecordRulesArg,
}

/// The decision model of `mcr decide`.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Model {
    /// The single-player model (`analysis::decide`).
    Single,
    /// The table model (`table`).
    Table,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    if args.model == Model::Table {
        if args.draws.is_some() {
            return Err(CliError::input(
                "mcr decide",
                "--draws takes one hand, for the single-player model; the table model reads game records",
            ));
        }
        if args.worlds == 0 {
            return Err(CliError::input("mcr decide", "--worlds 0: at least one world"));
        }
        let table = super::decide_table::TableArgs {
            files: args.input.iter().map(std::path::PathBuf::from).collect(),
            ids: &args.id,
            turn: args.turn,
            seat: args.seat,
            options: super::decide_table::options(
                args.worlds,
                args.seed,
                args.time_limit_ms,
                mcr_engine::table::Sampler::parse(&args.sampler).unwrap_or_default(),
            ),
            calibrate: args.calibrate,
            from_rows: args.from_rows,
            rows: args.rows.as_deref(),
            svg: args.svg.as_deref(),
            format: args.format,
            jobs: args.jobs,
            rules: args.rules.rules,
        };
        return super::decide_table::run(table, max_line_bytes);
    }
    let options = Options { exact_draws: args.exact_draws, node_budget: args.node_budget };
    match args.draws {
        Some(draws) => one_hand(&args, draws, options),
        None => files(&args, options, max_line_bytes),
    }
}

/// The decision files: each state answered on stdout, each line that
/// cannot be read or answered reported with its place and skipped (exit 1
/// at the end).
fn files(args: &Args, options: Options, max_line_bytes: usize) -> Result<ExitCode, CliError> {
    let write_failed = |e: std::io::Error| CliError::failed("mcr decide", format!("cannot write the output: {e}"));
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    for file in &args.input {
        let path = std::path::Path::new(file);
        let records = match Records::<DecideRecord>::open_with(path, max_line_bytes) {
            Ok(r) => r,
            Err(e) => {
                eprintln!("mcr decide: {}", super::hinted(&e));
                failed = true;
                continue;
            }
        };
        for item in records {
            let rec = match item {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("{}", super::hinted(&e));
                    failed = true;
                    continue;
                }
            };
            let at = format!("{}:{}", path.display(), rec.line);
            let answer = args
                .rules
                .for_record(rec.record.rules)
                .map_err(|c| super::conflict_hint(&c))
                .and_then(|profile| Ok((profile, rec.record.to_state().map_err(|e| e.to_string())?)))
                .and_then(|(profile, state)| decide_with(profile, &state, options).map_err(|e| e.to_string()));
            match answer {
                Ok(d) => writeln!(out, "{}", decision_line(&d, &rec.record.id)).map_err(write_failed)?,
                Err(e) => {
                    eprintln!("{at}: {e}");
                    failed = true;
                }
            }
        }
    }
    out.flush().map_err(write_failed)?;
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

fn one_hand(args: &Args, draws: u32, options: Options) -> Result<ExitCode, CliError> {
    let fail = |e: String| Err(CliError::input("mcr decide", e));
    let h = notation::parse_hand_text(&args.input.join(" ")).map_err(|e| CliError::input("mcr decide", e))?;
    let visible = match args.visible.split_whitespace().map(parse_tiles).collect::<Result<Vec<_>, _>>() {
        Ok(v) => v.concat(),
        Err(e) => return fail(format!("--visible: {e}")),
    };
    let mut hand = h.standing.clone();
    hand.extend(h.win);
    let own_packs = pack_counts(&h.packs);
    let exposed = pack_counts(&h.packs.iter().copied().filter(|p| !p.is_concealed_kong()).collect::<Vec<_>>());
    let mut shown = exposed;
    let mut seen = own_packs;
    for t in &visible {
        shown[t.index()] += 1;
        seen[t.index()] += 1;
    }
    hand.iter().for_each(|t| seen[t.index()] += 1);
    let mut unseen = [0u8; TILE_KINDS];
    for (i, u) in unseen.iter_mut().enumerate() {
        if seen[i] > 4 {
            return fail(format!(
                "{} copies of {} among the hand, its packs and --visible",
                seen[i],
                mcr_engine::tiles::Tile::from_index(i as u8)
            ));
        }
        *u = 4 - seen[i];
    }
    let state =
        State { packs: h.packs.clone(), hand, seat: h.seat, prevalent: h.prevalent, shown, unseen, draws_left: draws };
    let profile = args.rules.profile();
    let d = decide_with(profile, &state, options).map_err(|e| CliError::input("mcr decide", e))?;
    if args.format == super::Format::Json {
        println!("{}", decision_line(&d, &serde_json::Value::Null));
    } else {
        print_text(&d, draws, profile.game.min_fan);
    }
    Ok(ExitCode::SUCCESS)
}

fn print_text(d: &Decision, draws: u32, min_fan: i32) {
    if d.wins_now {
        println!("wins now: {} fan", d.fan_now);
    }
    let how = if d.exact { "exact" } else { "deeper search" };
    println!("{draws} draws left ({how}); a win needs {min_fan} fan");
    println!("discard  win_prob  exp_points  min_draws");
    let mut rows = d.discards.clone();
    rows.sort_by(|a, b| b.exp_points.total_cmp(&a.exp_points).then(b.win_prob.total_cmp(&a.win_prob)));
    for r in rows {
        let min = r.min_draws.map_or("-".to_string(), |m| m.to_string());
        println!("{:<7}  {:>8.4}  {:>10.3}  {:>9}", r.tile.name(), r.win_prob, r.exp_points, min);
    }
}
