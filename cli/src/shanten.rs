//! `mcr shanten "<hand>"`: per shape the shanten and useful tiles of a hand
//! waiting for its 14th tile; with 14 tiles, the discard table, best first.

use mcr_engine::analysis::{self, corpus::forms_json, discards, Shape, SHAPES};
use mcr_engine::notation::{self, parse_tiles};
use mcr_engine::tiles::Tile;
use serde_json::json;
use std::process::ExitCode;

#[derive(clap::Args)]
#[command(
    after_help = "The hand is written as for `mcr fan` (see `mcr fan --help`), the winning tile optional:\n  [chi 456m] 123s 789s 4p 5p 6z 6z      (10 standing tiles and a pack: per shape)\n  123m 456m 789s 1p 2p 3z 4z 5z +9p      (14 tiles: a +tile is the one drawn; the discard table)"
)]
pub struct Args {
    /// The hand, e.g. "[chi 456m] 123s 789s 4p 5p 6z 6z".
    pub hand: Vec<String>,
    /// Tiles seen elsewhere (discards, others' packs), e.g. "1m1m5z": not counted as unseen.
    #[arg(long, default_value = "")]
    pub visible: String,
    /// text or json.
    #[arg(long, default_value = "text")]
    pub format: super::Format,
}

pub fn shape_label(s: Shape) -> &'static str {
    match s {
        Shape::Regular => "regular",
        Shape::SevenPairs => "seven pairs",
        Shape::ThirteenOrphans => "thirteen orphans",
        Shape::HonorsKnitted => "honors & knitted",
        Shape::KnittedStraight => "knitted straight",
    }
}

pub fn names(tiles: impl Iterator<Item = Tile>) -> Vec<&'static str> {
    tiles.map(|t| t.name()).collect()
}

pub fn run(args: Args) -> Result<ExitCode, super::CliError> {
    let fail = |e: String| Err(super::CliError::input("mcr shanten", e));
    let h = notation::parse_hand_text(&args.hand.join(" ")).map_err(|e| super::CliError::input("mcr shanten", e))?;
    let visible = match args.visible.split_whitespace().map(parse_tiles).collect::<Result<Vec<_>, _>>() {
        Ok(v) => v.concat(),
        Err(e) => return fail(format!("--visible: {e}")),
    };
    let mut standing = h.standing.clone();
    standing.extend(h.win);
    let json = args.format == super::Format::Json;
    match standing.len() + 3 * h.packs.len() {
        13 if h.packs.len() <= 4 && !visible.is_empty() => {
            fail("--visible counts the unseen copies of the discard table: it needs a hand holding its 14th tile".into())
        }
        13 if h.packs.len() <= 4 => {
            let a = analysis::analyse(&h.packs, &standing);
            let best = a.shanten().map_err(|e| e.to_string());
            if json {
                let shanten = best.map(|s| json!(s)).unwrap_or_else(|e| json!({ "error": e }));
                println!("{}", json!({ "shanten": shanten, "useful": names(a.useful().iter()), "forms": forms_json(&a) }));
                return Ok(ExitCode::SUCCESS);
            }
            for (shape, r) in SHAPES.iter().zip(a.shapes) {
                match r {
                    Ok(s) => println!("{:<17} {:>2}  {} ({} kinds)", shape_label(*shape), s.shanten, names(s.useful.iter()).join(" "), s.useful.len()),
                    Err(_) => println!("{:<17}  -  (not for {} standing tiles)", shape_label(*shape), standing.len()),
                }
            }
            match best {
                Ok(s) => println!("shanten {s}{}", if s == 0 { " (waiting)" } else { "" }),
                Err(e) => println!("shanten: {e}"),
            }
            Ok(ExitCode::SUCCESS)
        }
        14 if h.packs.len() <= 4 => {
            let rows =
                discards(&h.packs, &standing, &visible).map_err(|e| super::CliError::input("mcr shanten", e))?;
            if json {
                let rows: Vec<_> = rows
                    .iter()
                    .map(|d| json!({ "discard": d.tile.name(), "shanten": d.shanten, "useful": names(d.useful.iter()), "unseen": d.unseen, "forms": forms_json(&d.shapes) }))
                    .collect();
                println!("{}", json!({ "discards": rows }));
                return Ok(ExitCode::SUCCESS);
            }
            println!("discard  shanten  kinds  unseen  useful tiles");
            for d in &rows {
                println!("{:<7}  {:>7}  {:>5}  {:>6}  {}", d.tile.name(), d.shanten, d.useful.len(), d.unseen, names(d.useful.iter()).join(" "));
            }
            Ok(ExitCode::SUCCESS)
        }
        n => fail(format!(
            "{} standing tiles and {} packs make {n} tiles: a hand waiting for its 14th tile has 13 (packs count 3), one holding it 14",
            standing.len(),
            h.packs.len()
        )),
    }
}
