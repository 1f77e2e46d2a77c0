//! One module per subcommand.
pub mod audit;
pub mod bench;
pub mod bench_fan;
pub mod bench_replay;
pub mod fan;
pub mod hands;
pub mod selftest;
pub mod serve;
pub mod validate;
