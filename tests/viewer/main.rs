//! Looking at games: the viewer (`mcr view`, `mcr_engine::viewer`) and the
//! game reviews (`mcr review`, `analysis::review`; `--model table`,
//! `analysis::review_table`). The viewer's pages are
//! checked turn by turn against the engine, in headless Chromium where it is
//! found (tests/browser) and on the page's data without it; the review's
//! decisions against the records' own displays and the decision analysis.
//! `cargo test --release --test viewer`.

#[path = "../browser/mod.rs"]
mod browser;
#[path = "../common/mod.rs"]
mod common;

mod review;
mod review_table;
mod viewer;
