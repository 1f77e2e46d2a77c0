//! One module per subcommand.
pub mod audit;
pub mod bench;
pub mod bench_fan;
pub mod bench_replay;
pub mod fan;
pub mod hands;
pub mod rules;
pub mod rules_check;
pub mod selftest;
pub mod serve;
pub mod validate;

/// `--rules NAME`: the rule profile to score with (flattened into each
/// subcommand that scores).
#[derive(clap::Args, Clone, Debug)]
pub struct RulesArg {
    /// Rule profile (`mcr rules list`); botzone is the reference.
    #[arg(long = "rules", value_name = "PROFILE", default_value = "botzone", value_parser = parse_profile)]
    pub rules: &'static mcr_engine::fans::Profile,
}

pub fn parse_profile(name: &str) -> Result<&'static mcr_engine::fans::Profile, String> {
    mcr_engine::fans::Profile::by_name(name)
        .ok_or_else(|| format!("unknown profile `{name}` (profiles: {})", mcr_engine::fans::Profile::names().join(", ")))
}

/// A record or its located error: errors go to stderr and are skipped.
pub fn ok_or_report<T>(item: Result<T, String>) -> Option<T> {
    item.map_err(|e| eprintln!("{e}")).ok()
}
