//! `mcr waits "<hand>"`: each tile that completes a hand waiting for its 14th
//! tile, with the fans the calculator gives it self-drawn and on a discard.

use super::shanten::names;
use mcr_engine::analysis::waits::waits_with;
use mcr_engine::fans::FanResult;
use mcr_engine::notation;
use serde_json::json;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "The hand is written as for `mcr fan` (see `mcr fan --help`), without a winning tile;\nflags (4th, kong, last), seat=, prevalent=, flowers= apply to every win.\n  mcr waits \"[peng 1z] 234s 789s 55p 67p seat=E prevalent=E\""
)]
pub struct Args {
    /// The hand, e.g. "[peng 1z] 234s 789s 55p 67p".
    pub hand: Vec<String>,
    /// text or json.
    #[arg(long, default_value = "text")]
    pub format: super::Format,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

fn fans_json(r: &FanResult) -> serde_json::Value {
    if !r.is_win() {
        return json!({ "result": r.result });
    }
    let fans = r.fan_list();
    json!({ "total": r.result, "fans": fans, "below_minimum": r.result < r.profile.game.min_fan })
}

fn fans_text(r: &FanResult) -> String {
    if !r.is_win() {
        return format!("result {} (no win)", r.result);
    }
    let list: Vec<String> = r
        .fans()
        .map(|(f, c)| if c > 1 { format!("{} {}x{c}", f.name, f.value) } else { format!("{} {}", f.name, f.value) })
        .collect();
    let min = r.profile.game.min_fan;
    let below = if r.result < min { format!("  (below the {min}-fan minimum)") } else { String::new() };
    format!("{:>2} fan{below}  {}", r.result, list.join(", "))
}

pub fn run(args: Args) -> Result<ExitCode, super::CliError> {
    let fail = |e: String| Err(super::CliError::input("mcr waits", e));
    let h = notation::parse_hand_text(&args.hand.join(" ")).map_err(|e| super::CliError::input("mcr waits", e))?;
    if h.win.is_some() {
        return fail("a waiting hand has no winning tile yet: leave out the +tile".into());
    }
    if h.packs.len() > 4 || h.standing.len() + 3 * h.packs.len() != 13 {
        return fail(format!(
            "{} standing tiles and {} packs: a waiting hand has 13 - 3 x packs standing tiles",
            h.standing.len(),
            h.packs.len()
        ));
    }
    let profile = args.rules.rules;
    let found = waits_with(profile, &h.packs, &h.standing, h.flags, h.seat, h.prevalent, h.flowers)
        .map_err(|e| super::CliError::input("mcr waits", e))?;
    if args.format == super::Format::Json {
        let rows: Vec<_> = found.iter().map(|w| json!({ "tile": w.tile.name(), "self_drawn": fans_json(&w.self_drawn), "discard": fans_json(&w.discard) })).collect();
        println!("{}", json!({ "waits": rows }));
        return Ok(ExitCode::SUCCESS);
    }
    if found.is_empty() {
        println!("not waiting: no tile completes the hand");
        return Ok(ExitCode::SUCCESS);
    }
    for w in &found {
        println!("{}  self-drawn {}", w.tile.name(), fans_text(&w.self_drawn));
        println!("    discard    {}", fans_text(&w.discard));
    }
    let legal = found.iter().filter(|w| w.below_minimum() != (true, true));
    let min = profile.game.min_fan;
    println!(
        "waits: {} ({} reach {min} fan: {})",
        found.len(),
        legal.clone().count(),
        names(legal.map(|w| w.tile)).join(" ")
    );
    Ok(ExitCode::SUCCESS)
}
