//! `mcr serve`: the engine over JSON lines on stdin/stdout (see `src/serve.rs`).

use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub rules: super::RulesArg,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let stdin = std::io::stdin().lock();
    let stdout = std::io::stdout().lock();
    match mcr_engine::serve::serve_with(args.rules.rules, max_line_bytes, stdin, stdout) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // The client closed our output: nobody is left to tell.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(super::CliError::failed("serve", e)),
    }
}
