//! Botzone formats: platform verdicts in the engine and in records.

#[path = "../common/mod.rs"]
#[allow(dead_code)]
mod common;

mod text;
mod verdicts;
