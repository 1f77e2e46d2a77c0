//! `mcr rules list`: the rule profiles compiled in.

use mcr_engine::fans::Profile;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub what: What,
}

#[derive(clap::Subcommand)]
pub enum What {
    /// List the rule profiles: name, base, fans, file, about.
    List,
}

pub fn run(args: Args) -> ExitCode {
    match args.what {
        What::List => {
            for p in Profile::all() {
                println!(
                    "{:<28} {:<10} {:>3} fans  {:<40} {}",
                    p.name,
                    p.extends.map(|e| format!("< {e}")).unwrap_or_default(),
                    p.fans.len() - 1,
                    p.file,
                    p.about
                );
            }
            ExitCode::SUCCESS
        }
    }
}
