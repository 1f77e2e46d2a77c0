//! Botzone formats: match logs in and out, platform verdicts in the engine and in records.

#[path = "../common/mod.rs"]
#[allow(dead_code)]
mod common;

mod logs;
mod text;
mod verdicts;
