//! The report page (`mcr arena standings --html`): one self-contained file
//! (inline CSS, script and SVG, nothing fetched) drawing the standings
//! (exactly the JSON form), and listing every game: for runs of at most
//! [`EMBED_GAMES`] games the `mcr view` page of all of them is embedded and
//! each game opens in it; past that each game names the command that writes
//! its page.

use super::{GameEntry, Standings};
use mcr_records::viewer::{self, Selection};
use serde::Serialize;
use std::path::Path;

const SHELL: &str = include_str!("assets/report.html");
const STYLE: &str = include_str!("assets/report.css");
const SCRIPT: &str = include_str!("assets/report.js");

/// The most games whose viewer pages are embedded (about 35 KB a game).
pub const EMBED_GAMES: usize = 200;

struct Document<'a> {
    standings: &'a Standings,
    games: &'a [GameEntry],
    /// The `mcr view` page of all the games, or `null`.
    viewer: Option<String>,
    generator: &'static str,
}

mcr_core::ser_struct! { Document<'a>;
    "standings" => standings,
    "games" => games,
    "viewer" => viewer,
    "generator" => generator,
}

/// JSON safe inside a `<script>` element.
fn script_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("report serializes").replace('<', "\\u003c")
}

fn html_escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The page for `standings` over `games`, read from `files` (replayed again
/// for the embedded viewer when there are at most `embed` games). Returns
/// the page and the viewer's located problems.
pub fn report(
    standings: &Standings,
    games: &[GameEntry],
    files: &[impl AsRef<Path>],
    embed: usize,
) -> (String, Vec<String>) {
    let mut problems = Vec::new();
    let viewer = if !games.is_empty() && games.len() <= embed {
        let sel = Selection { ids: Vec::new(), tags: Vec::new(), limit: embed, profile: None };
        let loaded = viewer::load(files, &sel);
        problems.extend(loaded.errors.iter().map(ToString::to_string));
        match viewer::page::render(&loaded.games) {
            Ok(p) => Some(p),
            Err(e) => {
                problems.push(format!("viewer page: {e}"));
                None
            }
        }
    } else {
        None
    };
    let title = format!("mcr arena standings: {} bots, {} games", standings.bots.len(), standings.records);
    let doc = Document { standings, games, viewer, generator: concat!("mcr-engine ", env!("CARGO_PKG_VERSION")) };
    let page = SHELL
        .replace("{{TITLE}}", &html_escape(&title))
        .replace("{{STYLE}}", STYLE)
        .replace("{{SCRIPT}}", SCRIPT)
        .replace("{{DATA}}", &script_json(&doc));
    (page, problems)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_is_self_contained() {
        let s = super::super::Builder::default().finish();
        let (page, _) = report(&s, &[], &[] as &[&Path], 0);
        for needle in ["{{", "http://", "https://", "<link", "src=\""] {
            assert!(!page.contains(needle), "page contains {needle:?}");
        }
    }
}
