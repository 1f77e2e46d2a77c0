//! Editing the base rules (`rules/fans.mcr`): `mcr rules diff` against the
//! answers recorded in the records, by fan, with examples and the rule lines
//! that differ ([`recorded`]), and a deliberate change of the base accepted
//! in `rules/snapshots/botzone.txt` ([`accept`]). A real edit of
//! `fans.mcr`, rebuilt, is in tests/rules/rules_variants.rs; here the records are
//! edited instead (the same difference seen from the other side), which
//! needs no build.

#[path = "../common/mod.rs"]
mod common;

mod accept;
mod corpora;
mod legacy;
mod recorded;
