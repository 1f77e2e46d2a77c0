//! `mcr import FILE... [--from FORMAT] -o OUT`: Botzone text logs, match logs
//! or records in, game records out (`mcr_engine::convert::import`).

use std::path::PathBuf;
use std::process::ExitCode;

use mcr_engine::convert::{self, Output, Summary};
use mcr_engine::formats::Format;

/// A format's name on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FormatArg {
    BotzoneText,
    BotzoneLog,
    Record,
}

impl From<FormatArg> for Format {
    fn from(f: FormatArg) -> Format {
        match f {
            FormatArg::BotzoneText => Format::BotzoneText,
            FormatArg::BotzoneLog => Format::BotzoneLog,
            FormatArg::Record => Format::Record,
        }
    }
}

#[derive(clap::Args)]
pub struct Args {
    /// Input files (plain or .gz; `-` is stdin), any mix of the formats.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The input format [default: told from each file's first line].
    #[arg(long, value_enum)]
    pub from: Option<FormatArg>,
    /// Output records (.jsonl, or .jsonl.gz compressed; `-` is stdout).
    #[arg(short = 'o', long = "output", value_name = "OUT")]
    pub output: PathBuf,
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let done = Output::create(&args.output).and_then(|mut out| {
        let s = convert::import(&args.files, args.from.map(Format::from), max_line_bytes, &mut out)?;
        out.finish()?;
        Ok(s)
    });
    report("import", "imported", &args.output, done)
}

/// The last line `WHAT: X/Y games DONE`, then the reasons for the rest; exit
/// 0 only when every game read was written. An output that failed is the
/// error.
pub fn report(
    what: &'static str,
    done: &str,
    output: &std::path::Path,
    summary: std::io::Result<Summary>,
) -> Result<ExitCode, super::CliError> {
    let s = summary.map_err(|e| super::CliError::failed(what, format!("{}: {e}", output.display())))?;
    for k in &s.skipped {
        eprintln!("{what}: {k}");
    }
    eprintln!("{what}: {}/{} games {done}", s.written, s.read);
    for r in &s.reasons {
        eprintln!("  {}", super::hinted(r));
    }
    if s.more > 0 {
        eprintln!("  ... and {} more", s.more);
    }
    Ok(if s.all() { ExitCode::SUCCESS } else { ExitCode::FAILURE })
}
