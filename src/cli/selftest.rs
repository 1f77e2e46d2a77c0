//! `mcr validate --self-test`: written on another branch; this placeholder
//! only lets the engine branch compile and is replaced at merge.

use std::process::ExitCode;

pub fn run(_args: &crate::cli::validate::Args) -> ExitCode {
    eprintln!("validate --self-test: not implemented");
    ExitCode::FAILURE
}
