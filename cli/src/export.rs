//! `mcr export FILE... --to botzone-text|botzone-log -o OUT`: game records
//! written in a Botzone format (`mcr_engine::convert::export`).

use std::path::PathBuf;
use std::process::ExitCode;

use mcr_engine::convert::{self, Output};
use mcr_engine::formats::Format;

/// The formats records are exported to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ToArg {
    BotzoneText,
    BotzoneLog,
}

#[derive(clap::Args)]
pub struct Args {
    /// Game records (.jsonl or .jsonl.gz; `-` is stdin).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The output format.
    #[arg(long, value_enum)]
    pub to: ToArg,
    /// Output file (.gz compressed; `-` is stdout).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let to = match args.to {
        ToArg::BotzoneText => Format::BotzoneText,
        ToArg::BotzoneLog => Format::BotzoneLog,
    };
    let done = Output::create(&args.output).and_then(|mut out| {
        let s = convert::export(&args.files, to, max_line_bytes, &mut out)?;
        out.finish()?;
        Ok(s)
    });
    // The last line names what was written; the reasons follow (error
    // games for the text format, which cannot hold them).
    super::import::report("export", "exported", &args.output, done)
}
