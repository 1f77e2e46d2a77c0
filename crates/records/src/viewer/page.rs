//! The page: a fixed HTML shell with the stylesheet and the script inlined,
//! and the games as one JSON document the script renders. Nothing is fetched.

use serde::Serialize;
use std::collections::BTreeMap;

use mcr_core::rules::claim_priority::{CLAIMS_FILE, ON_BUGANG, ON_DISCARD, ON_GANG};

use super::GameModel;
use mcr_core::tiles::{Suit, Tile};

const SHELL: &str = include_str!("assets/page.html");
const STYLE: &str = include_str!("assets/viewer.css");
const SCRIPT: &str = include_str!("assets/viewer.js");

/// How a tile is drawn: the judge's name, a face (rank, wind or dragon
/// letter), a suit class and label, and its code point in the Unicode
/// mahjong block.
struct Face {
    name: &'static str,
    face: String,
    suit: &'static str,
    label: &'static str,
    glyph: u32,
}

mcr_core::ser_struct! { Face;
    "name" => name,
    "face" => face,
    "suit" => suit,
    "label" => label,
    "glyph" => glyph,
}

fn faces() -> Vec<Face> {
    Tile::all()
        .map(|t| {
            let name = t.name();
            let (face, suit, label, glyph) = match t.suit() {
                Suit::Characters => (t.rank().to_string(), "W", "wan", 0x1F007 + t.rank() as u32 - 1),
                Suit::Bamboo => (t.rank().to_string(), "T", "tiao", 0x1F010 + t.rank() as u32 - 1),
                Suit::Dots => (t.rank().to_string(), "B", "bing", 0x1F019 + t.rank() as u32 - 1),
                Suit::Honor if t.is_wind() => {
                    let w = t.index() - Tile::wind(0).index();
                    (["E", "S", "W", "N"][w].to_string(), "F", "wind", 0x1F000 + w as u32)
                }
                Suit::Honor => {
                    let d = t.index() - Tile::wind(3).index() - 1;
                    (["R", "G", "\u{25a1}"][d].to_string(), name, ["red", "green", "white"][d], 0x1F004 + d as u32)
                }
            };
            Face { name, face, suit, label, glyph }
        })
        .collect()
}

fn claim_rules() -> BTreeMap<u32, String> {
    [ON_DISCARD, ON_BUGANG, ON_GANG]
        .iter()
        .flat_map(|levels| levels.iter().enumerate())
        .map(|(rank, l)| (l.line, format!("{}. {}", rank + 1, l.describe())))
        .collect()
}

struct Document<'a> {
    /// Tile faces by index (the models' tiles are indices).
    tiles: Vec<Face>,
    games: &'a [GameModel],
    /// The levels of `rules/claims.txt` by line, in the file's own words.
    claim_rules: BTreeMap<u32, String>,
    claims_file: &'static str,
    generator: &'static str,
}

mcr_core::ser_struct! { Document<'a>;
    "tiles" => tiles,
    "games" => games,
    "claim_rules" => claim_rules,
    "claims_file" => claims_file,
    "generator" => generator,
}

/// JSON safe inside a `<script>` element: no `<` (so no `</script>` or
/// `<!--`) outside what JSON itself escapes.
fn script_json<T: Serialize>(value: &T) -> Result<String, serde_json::Error> {
    Ok(serde_json::to_string(value)?.replace('<', "\\u003c"))
}

/// The whole page for `games`.
pub fn render(games: &[GameModel]) -> Result<String, serde_json::Error> {
    let doc = Document {
        tiles: faces(),
        claim_rules: claim_rules(),
        claims_file: CLAIMS_FILE,
        games,
        generator: concat!("mcr-engine ", env!("CARGO_PKG_VERSION")),
    };
    let data = script_json(&doc)?;
    let title = match games {
        [one] => format!("mcr view: game {}", html_escape(&one.id)),
        _ => format!("mcr view: {} games", games.len()),
    };
    Ok(SHELL
        .replace("{{TITLE}}", &title)
        .replace("{{STYLE}}", STYLE)
        .replace("{{SCRIPT}}", SCRIPT)
        .replace("{{DATA}}", &data))
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_json_cannot_close_the_script() {
        let s = script_json(&vec!["</script><!--"]).unwrap();
        assert!(!s.contains('<'));
        assert_eq!(serde_json::from_str::<Vec<String>>(&s).unwrap(), vec!["</script><!--"]);
    }

    #[test]
    fn page_is_self_contained() {
        let page = render(&[]).unwrap();
        for needle in ["{{", "http://", "https://", "<link", "src="] {
            assert!(!page.contains(needle), "page contains {needle:?}");
        }
        assert!(page.contains("id=\"mcr-data\""));
    }
}
