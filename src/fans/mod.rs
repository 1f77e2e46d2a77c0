//! The fan calculator. PLACEHOLDER API (being implemented): every hand is
//! "not a winning hand" until the rules-driven calculator lands.

use crate::hand::HandInput;

/// Number of entries in the fan table (0 = none, 1..=81 official, 82 = 明暗杠).
pub const FAN_TABLE_SIZE: usize = 83;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FanInfo {
    pub index: u8,
    pub name: &'static str,
    pub name_en: &'static str,
    pub value: u16,
}

/// Result of one calculation: the raw code the reference returns (total fan,
/// or -1 wrong tile count, -2 a tile more than 4 times, -3 not a winning hand)
/// and how many times each fan counted, by fan index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FanResult {
    pub result: i32,
    pub counts: [u8; FAN_TABLE_SIZE],
}

impl FanResult {
    /// (fan, count) in fan-index order.
    pub fn fans(&self) -> impl Iterator<Item = (&'static FanInfo, u8)> + '_ {
        self.counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(i, &c)| (fan_info(i), c))
    }
}

pub fn fan_info(_index: usize) -> &'static FanInfo {
    unimplemented!("placeholder")
}

/// Full calculation with the fan list.
pub fn calculate(_hand: &HandInput) -> FanResult {
    FanResult { result: -3, counts: [0; FAN_TABLE_SIZE] }
}

/// Only the raw result (what canHu needs).
pub fn calculate_total(hand: &HandInput) -> i32 {
    calculate(hand).result
}
