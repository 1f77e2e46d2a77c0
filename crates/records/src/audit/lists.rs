//! Fan lists: the calculator's, the record's (every number checked, none
//! truncated: a count or value that does not fit is a bad record, not a
//! smaller number) and the one a `known_discrepancy` recorded.

use crate::record::GameRecord;
use mcr_core::fans::{FanResult, Profile, MAX_FAN_TABLE_SIZE};
use serde_json::Value;

/// One fan of a list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FanItem {
    /// The fan's name.
    pub name: String,
    /// Its value.
    pub value: i64,
    /// How many times it counted.
    pub count: i64,
}

mcr_core::ser_struct! { FanItem;
    "name" => name,
    "value" => value,
    "count" => count,
}

/// A fan list and its total.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct FanList {
    /// The total fan.
    pub total: i64,
    /// The fans.
    pub fans: Vec<FanItem>,
}

mcr_core::ser_struct! { FanList;
    "total" => total,
    "fans" => fans,
}

impl FanList {
    /// The calculator's list, in fan-table order.
    pub fn of(r: &FanResult) -> FanList {
        let fans = r
            .fans()
            .map(|(f, n)| FanItem { name: f.name.to_string(), value: f.value as i64, count: n as i64 })
            .collect();
        FanList { total: r.result as i64, fans }
    }

    /// Counts by fan index of `profile`'s table; `None` if a name is
    /// unknown, a value is not the table's, or a count is out of range.
    fn counts(&self, profile: &Profile) -> Option<[u8; MAX_FAN_TABLE_SIZE]> {
        let mut c = [0u8; MAX_FAN_TABLE_SIZE];
        for f in &self.fans {
            let info = profile.fan_by_name(&f.name)?;
            if info.value as i64 != f.value {
                return None;
            }
            let n = u8::try_from(f.count).ok()?;
            c[info.index as usize] = c[info.index as usize].checked_add(n)?;
        }
        Some(c)
    }

    /// The same fans, counts and total as the calculator's result.
    pub fn same_as(&self, r: &FanResult) -> bool {
        self.total == r.result as i64 && self.counts(r.profile).is_some_and(|c| c == r.counts)
    }

    /// Text: `混一色 6, 圈风刻 2 x2 ... (total 11)`.
    pub fn text(&self) -> String {
        let items: Vec<String> = self
            .fans
            .iter()
            .map(|f| {
                if f.count == 1 {
                    format!("{} {}", f.name, f.value)
                } else {
                    format!("{} {} x{}", f.name, f.value, f.count)
                }
            })
            .collect();
        format!("{} (total {})", if items.is_empty() { "-".into() } else { items.join(", ") }, self.total)
    }
}

/// An integer of a display that must fit `range`.
fn int_in(v: &Value, key: &str, range: std::ops::RangeInclusive<i64>, turn: usize) -> Result<i64, String> {
    let x = v.get(key).ok_or_else(|| format!("turn {turn}: no {key:?}"))?;
    x.as_i64()
        .filter(|n| range.contains(n))
        .ok_or_else(|| format!("turn {turn}: {key:?} is {x}, not an integer in {}..={}", range.start(), range.end()))
}

/// The recorded list: `expected.fan` / `fan_total`, which the HU display's
/// `fan` / `fanCnt` must repeat (every number checked, none truncated).
pub(super) fn recorded_list(g: &GameRecord, last: usize) -> Result<FanList, String> {
    let d = &g.turns[last].display;
    let total = int_in(d, "fanCnt", i32::MIN as i64..=i32::MAX as i64, last)?;
    let mut shown = FanList { total, fans: Vec::new() };
    for f in d.get("fan").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]) {
        let name =
            f.get("name").and_then(Value::as_str).ok_or_else(|| format!("turn {last}: a fan without a name: {f}"))?;
        let value = int_in(f, "value", 0..=i32::MAX as i64, last)?;
        let count = int_in(f, "cnt", 0..=u8::MAX as i64, last)?;
        shown.fans.push(FanItem { name: name.to_string(), value, count });
    }
    let e = &g.expected;
    let Some(expected_total) = e.fan_total else {
        return Ok(shown);
    };
    let expected = FanList {
        total: expected_total as i64,
        fans: e.fan.iter().map(|(n, v, c)| FanItem { name: n.clone(), value: *v as i64, count: *c as i64 }).collect(),
    };
    let key = |l: &FanList| {
        let mut v: Vec<(String, i64, i64)> = l.fans.iter().map(|f| (f.name.clone(), f.value, f.count)).collect();
        v.sort();
        (l.total, v)
    };
    if key(&expected) != key(&shown) {
        return Err(format!(
            "turn {last}: the HU display's fan list ({}) is not expected.fan ({})",
            shown.text(),
            expected.text()
        ));
    }
    Ok(expected)
}

/// The recorded `known_discrepancy` of a record, against ours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnownCheck {
    /// The recorded status.
    pub recorded_status: Option<String>,
    /// The recorded cai-replay fan list.
    pub recorded_fans: Option<FanList>,
    /// Our cai-style list equals the recorded `fans_cai_replay` (and total).
    pub list_equal: bool,
    /// Our status equals the recorded `status`.
    pub status_equal: bool,
}

mcr_core::ser_struct! { KnownCheck;
    "recorded_status" => recorded_status,
    "recorded_fans" => recorded_fans,
    "list_equal" => list_equal,
    "status_equal" => status_equal,
}

/// The recorded `known_discrepancy.mahjonggb` against our cai-style result.
pub(super) fn known_check(k: &Value, cai: &FanResult, status: &str) -> KnownCheck {
    let m = k.get("mahjonggb").unwrap_or(k);
    let recorded_status = m.get("status").and_then(Value::as_str).map(str::to_string);
    let recorded_fans = m.get("fans_cai_replay").and_then(Value::as_array).and_then(|l| {
        let fans = l
            .iter()
            .map(|f| {
                let f = f.as_array()?;
                Some(FanItem {
                    name: f.first()?.as_str()?.to_string(),
                    value: f.get(1)?.as_i64()?,
                    count: f.get(2)?.as_i64()?,
                })
            })
            .collect::<Option<Vec<_>>>()?;
        let total = match m.get("fan_cai_replay") {
            Some(t) => t.as_i64()?,
            None => fans.iter().map(|f| f.value * f.count).sum(),
        };
        Some(FanList { total, fans })
    });
    let list_equal = recorded_fans.as_ref().is_some_and(|l| l.same_as(cai));
    let status_equal = recorded_status.as_deref() == Some(status);
    KnownCheck { recorded_status, recorded_fans, list_equal, status_equal }
}
