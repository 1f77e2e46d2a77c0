//! The masks of the two flag sources compared decision by decision
//! (`mcr samples --diff-flags`): every decision of the inputs (forced ones
//! included) sampled with [`Flags::Judge`] and with [`Flags::Cai`], and each
//! action group whose bits differ counted by decision kind and by which
//! side allows it, with the first example of each.

use std::collections::BTreeMap;
use std::path::Path;

use crate::env::action::{describe, ANGANG, BUGANG, CHI, GANG, HU, NUM_ACTIONS, PASS, PENG};

use super::extract::Batch;
use super::run::Stream;
use super::{Flags, Options};

/// One kind of difference: the decision kind, the action group, and the
/// side that allows it ("judge" or "cai").
pub type Key = (u8, &'static str, &'static str);

/// Where a difference was seen first.
#[derive(Clone, Debug)]
pub struct Example {
    /// The game's index.
    pub game: i64,
    /// The turn.
    pub turn: i32,
    /// The deciding seat.
    pub seat: i8,
    /// The action, in words.
    pub action: String,
    /// The action's index.
    pub act: i64,
}

#[derive(Clone, Debug, Default)]
/// How the masks of the two flag models differ, by kind and action.
pub struct FlagDiff {
    /// Decisions compared.
    pub decisions: usize,
    /// Decisions whose masks differ at all.
    pub differing: usize,
    /// By (kind, action, which side allows it): how many, and the first seen.
    pub counts: BTreeMap<Key, (usize, Option<Example>)>,
}

fn group(i: usize) -> &'static str {
    match i {
        PASS => "PASS",
        HU => "HU",
        i if i < CHI => "PLAY",
        i if i < PENG => "CHI",
        i if i < GANG => "PENG",
        i if i < ANGANG => "GANG (melded)",
        i if i < BUGANG => "GANG (concealed)",
        _ => "BUGANG",
    }
}

/// The name of a sample kind (0 draw, 1 claim, 2 meld discard).
pub fn kind_name(k: u8) -> &'static str {
    match k {
        0 => "own draw",
        1 => "claim",
        _ => "meld discard",
    }
}

/// Compares the two flag sources over `files`.
pub fn compare(files: &[impl AsRef<Path>], opts: Options) -> FlagDiff {
    let base = Options { keep_forced: true, ..opts };
    let mut judge = Stream::new(files, Options { flags: Flags::Judge, ..base }, None);
    let mut cai = Stream::new(files, Options { flags: Flags::Cai, ..base }, None);
    let (mut j, mut c) = (Batch::new(opts.encoding.len()), Batch::new(opts.encoding.len()));
    let mut out = FlagDiff::default();
    while judge.next_game(&mut j).is_some() && cai.next_game(&mut c).is_some() {
        for i in 0..j.len().min(c.len()) {
            out.decisions += 1;
            let (mj, mc) =
                (&j.mask[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS], &c.mask[i * NUM_ACTIONS..(i + 1) * NUM_ACTIONS]);
            if mj == mc {
                continue;
            }
            out.differing += 1;
            let mut seen: Vec<Key> = Vec::new();
            for a in 0..NUM_ACTIONS {
                if mj[a] == mc[a] {
                    continue;
                }
                let key = (j.kind[i] as u8, group(a), if mj[a] == 1 { "judge" } else { "cai" });
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                let e = out.counts.entry(key).or_default();
                e.0 += 1;
                e.1.get_or_insert(Example {
                    game: j.game[i],
                    turn: j.turn[i],
                    seat: j.seat[i],
                    action: describe(a),
                    act: j.act[i],
                });
            }
        }
        j.clear();
        c.clear();
    }
    out
}
