//! `mcr fan "<hand>"`: score one hand written in the compact notation
//! (see src/notation.rs or `mcr fan --help`).

use mcr_engine::{audit, fans, notation};
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "NOTATION\n  [chi 456m] [peng 1z] 234s 789s 9p +9p zimo seat=S prevalent=E\n\n  tiles: W1..W9 T1..T9 B1..B9 F1..F4 J1..J3, or digits + suit letter:\n         m/w characters, s/t bamboo, p/b dots, z honours (1-4 winds, 5-7 red green white)\n  +TILE  the winning tile\n  packs  [chi 456m] [peng 1z] [gang 7p] [angang 7p], optional offer number last\n  flags  zimo, 4th (last of its kind), kong (replacement or robbed kong), last (last wall tile), initial (dealt hand / first discard)\n  seat=, prevalent= 0-3 or E/S/W/N; flowers=N"
)]
pub struct Args {
    /// The hand, e.g. "[chi 456m] 234s 789s 9p +9p zimo".
    pub hand: Vec<String>,
    /// Show every reading weighed and every omission.
    #[arg(long)]
    pub explain: bool,
    #[command(flatten)]
    pub rules: super::RulesArg,
}

pub fn run(args: Args) -> Result<ExitCode, super::CliError> {
    let text = args.hand.join(" ");
    let hand = notation::parse_hand(&text)?;
    let profile = args.rules.rules;
    if args.explain {
        print!("{}", audit::report_with(profile, &hand, None).text);
        return Ok(ExitCode::SUCCESS);
    }
    let e = fans::explain_with(profile, &hand);
    let r = &e.result;
    match r.result {
        fans::WRONG_TILE_COUNT => println!("result -1: wrong number of tiles (packs x3 + standing tiles must be 13)"),
        fans::NOT_WIN => println!("result -3: not a winning hand"),
        fans::TILE_MORE_THAN_4 => {
            println!("result -2: a tile kind more than 4 times (the rules' `policy tile_limit` refuses the hand)")
        }
        total => {
            for (f, c) in r.fans() {
                let count = if c > 1 { format!(" x{c}") } else { String::new() };
                println!("{:>3}  {}{count}  ({})", f.value as u32 * c as u32, f.name, f.name_en);
            }
            let min = profile.game.min_fan;
            println!(
                "total {total} fan{}",
                if total >= min { String::new() } else { format!(" (below the {min}-fan minimum)") }
            );
            if let Some(i) = e.chosen {
                println!("reading: {}", audit::reading_text(&e.readings[i].reading));
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
