//! Bot programs: what the bots file says of each entry ([`spec`]), the
//! bytes a program reads and writes on Botzone (`protocol`), the sandbox
//! it runs in ([`sandbox`]), and one program over one game (`process`).
//!
//! Inside: `protocol` and `sandbox` depend on nothing here; `spec` on
//! `protocol`; `process` on the other three.

pub(crate) mod process;
pub mod protocol;
pub mod sandbox;
pub mod spec;
