//! `mcr judge [--rules PROFILE] [--layout LAYOUT]`: the Botzone judge
//! program, one turn of its protocol on stdin/stdout (src/judge/).

use std::io::{Read, Write};
use std::process::ExitCode;

use mcr_engine::judge::{Judge, Layout};

#[derive(clap::Args)]
pub struct Args {
    #[command(flatten)]
    pub rules: super::RulesArg,
    /// The output's layout: jsoncpp-1 (the public judge and the platform's,
    /// built against jsoncpp 1.x), jsoncpp-0.5 (botzone-local's binary) or
    /// compact (one line) [default: the profile's judge's]
    #[arg(long, value_name = "LAYOUT", value_parser = parse_layout)]
    pub layout: Option<Layout>,
}

fn parse_layout(name: &str) -> Result<Layout, String> {
    Layout::by_name(name).ok_or_else(|| {
        let names: Vec<&str> = Layout::ALL.iter().map(|l| l.name()).collect();
        format!("unknown layout `{name}` (layouts: {})", names.join(", "))
    })
}

pub fn run(args: Args, max_line_bytes: usize) -> Result<ExitCode, super::CliError> {
    let mut judge = Judge::new(args.rules.rules);
    if let Some(layout) = args.layout {
        judge = judge.with_layout(layout);
    }
    // One byte past the bound tells a long input from one at the bound.
    let limit = mcr_engine::record::line_bound(max_line_bytes);
    let mut input = Vec::new();
    use super::CliError;
    std::io::stdin()
        .lock()
        .take(limit as u64 + 1)
        .read_to_end(&mut input)
        .map_err(|e| CliError::failed("judge", format!("cannot read the standard input: {e}")))?;
    let out = judge.respond_text(&input, max_line_bytes).map_err(|e| CliError::failed("judge", e))?;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(out.as_bytes()).and_then(|()| stdout.flush()) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(CliError::failed("judge", format!("cannot write the output: {e}"))),
    }
}
