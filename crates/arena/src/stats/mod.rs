//! Statistics from records alone: the sequential test ([`sprt`]), the
//! per-wall sums of a candidate and a baseline it runs on (`walls`), and
//! tournament standings ([`standings`]).
//!
//! Inside: `walls` depends on `sprt`; `standings` on both.

pub mod sprt;
pub mod standings;
pub(crate) mod walls;
