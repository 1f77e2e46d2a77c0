//! Tournaments: the duplicate schedule's records, standings from records
//! (checked against a separate reading of the records and a direct
//! bootstrap), shards, resume, and the report page in Chromium.

#[path = "../browser/mod.rs"]
mod browser;
#[path = "../common/mod.rs"]
mod common;

mod output;
mod records;
mod report;
mod resume;
mod runner;
mod sprt;
mod standings;
