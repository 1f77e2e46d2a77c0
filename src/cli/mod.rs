//! One module per subcommand.
pub mod audit;
pub mod bench;
pub mod bench_fan;
pub mod fan;
pub mod hands;
pub mod serve;
pub mod validate;
