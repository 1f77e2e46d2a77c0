use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// Game record files (.jsonl or .jsonl.gz).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Check the records themselves (a second opinion independent of the engine).
    #[arg(long)]
    pub self_test: bool,
    /// Compare only action, player, tile, tileCHI, hand, fan, fanCnt, score.
    #[arg(long)]
    pub loose: bool,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub jobs: Option<usize>,
    /// Stop after N games (over all files).
    #[arg(long)]
    pub limit: Option<usize>,
}

pub fn run(args: Args) -> ExitCode {
    if args.self_test {
        return crate::cli::selftest::run(&args);
    }
    eprintln!("engine replay is not implemented on this branch (use --self-test)");
    ExitCode::FAILURE
}
