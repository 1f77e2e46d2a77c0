//! The reference bot's view: a seat's engine built from its requests alone
//! gives the same legal answers as the full engine, on every turn of random
//! games (claims, kongs, robbed kongs and wins included), and its HU fans
//! are the full engine's.

use mcr_engine::engine::seat_view::SeatView;
use mcr_engine::engine::{Engine, Move};
use mcr_engine::env::wall::{self, Rng};
use mcr_engine::tiles::Tile;

fn moves(e: &Engine, seat: u8) -> Vec<Move> {
    let mut v = Vec::new();
    e.legal_moves(seat, |m| v.push(m));
    v
}

#[test]
fn a_seat_s_view_has_the_full_engine_s_legal_moves() {
    let mut claims = 0;
    let mut turns = 0;
    let mut endings = std::collections::BTreeMap::new();
    for g in 0..300u64 {
        let deal = wall::deal(99, g, false);
        let mut engine = Engine::new();
        let mut turn = engine.reset(&deal.wall.map(Tile::name), deal.quan as i64, deal.srand as i64).unwrap();
        let mut views: Vec<SeatView> = (0..4).map(|_| SeatView::default()).collect();
        let mut answers: [String; 4] = Default::default();
        let mut rng = Rng::stream(7, g);
        let mut first = true;
        while let Some(requests) = turn.requests() {
            for s in 0..4u8 {
                let prev = (!first).then(|| answers[s as usize].as_str());
                views[s as usize]
                    .observe(&requests[s as usize], prev)
                    .unwrap_or_else(|e| panic!("game {g} seat {s}: {e}"));
                let full = moves(&engine, s);
                let seen = moves(views[s as usize].engine(), s);
                assert_eq!(seen, full, "game {g} seat {s} request {:?}", requests[s as usize]);
                assert_eq!(views[s as usize].engine().hu_fans(s), engine.hu_fans(s), "game {g} seat {s}");
            }
            first = false;
            turns += 1;
            // Claims are chosen more often than uniformly, so that they happen.
            for s in 0..4 {
                let m = moves(&engine, s as u8);
                let claim = m.iter().filter(|m| m.claim != mcr_engine::engine::Claim::Pass).count();
                let pick = if claim > 0 && m.len() < 40 && rng.below(2) == 0 {
                    let c: Vec<&Move> = m.iter().filter(|m| m.claim != mcr_engine::engine::Claim::Pass).collect();
                    claims += 1;
                    *c[rng.below(c.len())]
                } else {
                    m[rng.below(m.len())]
                };
                answers[s] = pick.answer().unwrap();
            }
            turn = engine.step([&answers[0], &answers[1], &answers[2], &answers[3]]).unwrap();
        }
        *endings.entry(turn.event.action().to_string()).or_insert(0) += 1;
    }
    assert!(claims > 1000 && turns > 10_000, "{claims} claims, {turns} turns");
    assert!(endings.contains_key("HU") && endings.contains_key("HUANG"), "{endings:?}");
}

#[test]
fn requests_out_of_order_are_errors() {
    let mut v = SeatView::default();
    assert!(v.observe("2 W1", None).is_err());
    v.observe("0 1 0", None).unwrap();
    assert!(v.observe("3 0 PLAY W1", None).is_err());
    assert!(v.observe("1 0 0 0 0 W1", None).is_err());
    assert!(v.observe("9", None).is_err());
}
