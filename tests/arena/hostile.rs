//! Hostile bots (placeholder until verdicts land).
