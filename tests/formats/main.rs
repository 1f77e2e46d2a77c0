//! Botzone formats: match logs in and out (real platform logs in every shape they come in),
//! platform verdicts in the engine and in records.

#[path = "../common/mod.rs"]
mod common;

mod logs;
mod platform;
mod text;
mod verdicts;
