//! Generator for the claim-priority table (rules/claims.*). (being implemented)
use std::path::Path;

pub fn generate(_rules: &Path, _out: &Path) -> Result<(), String> {
    Ok(())
}
