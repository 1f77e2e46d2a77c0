//! The optional `"rules"` key of a game record: the name of the rule profile
//! the game was played under (`mcr play --rules NAME` writes it; a record
//! without it was played under `botzone`, the judge's rules).
//!
//! Every reader of game records decides the profile of a record here, with
//! [`profile_for`]:
//!
//! | record's `"rules"` | `--rules` | replayed under |
//! |---|---|---|
//! | absent | not given | `botzone` |
//! | absent | `X` | `X` |
//! | `Y` | not given | `Y` |
//! | `Y` | `Y` | `Y` |
//! | `Y` | `X` (another) | none: the record is reported as a [`RulesConflict`] |
//!
//! An unknown profile name, or a value that is not a string, makes the
//! record malformed (the readers name file and line).

use std::fmt;

use serde::de::{self, Deserializer, Visitor};

use mcr_core::fans::Profile;

/// A record's `"rules"` names no profile: the name read (the message lists
/// the profiles).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(
    /// The name read.
    pub String,
);

impl std::fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let UnknownProfile(v0) = self;
        write!(f, "unknown rule profile {v0:?} in \"rules\" (profiles: {names})", names = Profile::names().join(", "))
    }
}

impl std::error::Error for UnknownProfile {}

/// The profile named `name` in a record's `"rules"` key; an unknown name is
/// an error naming it and listing the profiles.
pub fn profile_named(name: &str) -> Result<&'static Profile, UnknownProfile> {
    Profile::by_name(name).ok_or_else(|| UnknownProfile(name.to_string()))
}

/// serde: the `"rules"` key as a profile (with `#[serde(default)]` for a
/// record without it).
pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<&'static Profile>, D::Error> {
    struct Name;
    impl<'de> Visitor<'de> for Name {
        type Value = &'static Profile;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("the name of a rule profile (a string) in \"rules\"")
        }
        fn visit_str<E: de::Error>(self, name: &str) -> Result<&'static Profile, E> {
            profile_named(name).map_err(E::custom)
        }
    }
    d.deserialize_str(Name).map(Some)
}

/// serde: a profile as its name in the `"rules"` key.
pub fn serialize<S: serde::Serializer>(profile: &Option<&'static Profile>, s: S) -> Result<S::Ok, S::Error> {
    match profile {
        Some(p) => s.serialize_str(p.name),
        None => s.serialize_none(),
    }
}

/// A record played under one profile, replayed with `--rules` naming another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesConflict {
    /// The record's `"rules"`.
    pub recorded: &'static Profile,
    /// `--rules`.
    pub asked: &'static Profile,
}

impl fmt::Display for RulesConflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rules conflict: the record says \"rules\": {:?} but {:?} was asked for",
            self.recorded.name, self.asked.name
        )
    }
}

impl std::error::Error for RulesConflict {}

/// Where the profile a record is replayed under came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// The record's own `"rules"` key (also when `--rules` names the same).
    Record,
    /// `--rules`, for a record without the key.
    Flag,
    /// Neither: `botzone`.
    Default,
}

mcr_core::ser_unit_enum! { Origin; Record = "record", Flag = "--rules", Default = "default" }

/// The profile a record is replayed under: its own `"rules"` when it has
/// the key, else `asked` (`--rules`), else `botzone`; a record whose key
/// names another profile than `asked` is a [`RulesConflict`].
pub fn profile_for(
    recorded: Option<&'static Profile>,
    asked: Option<&'static Profile>,
) -> Result<&'static Profile, RulesConflict> {
    decide(recorded, asked).map(|(p, _)| p)
}

/// [`profile_for`], with where the profile came from.
pub fn decide(
    recorded: Option<&'static Profile>,
    asked: Option<&'static Profile>,
) -> Result<(&'static Profile, Origin), RulesConflict> {
    match (recorded, asked) {
        (Some(recorded), Some(asked)) if recorded != asked => Err(RulesConflict { recorded, asked }),
        (Some(p), _) => Ok((p, Origin::Record)),
        (None, Some(p)) => Ok((p, Origin::Flag)),
        (None, None) => Ok((Profile::default(), Origin::Default)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct R {
        rules: Option<&'static Profile>,
    }

    mcr_core::de_struct! { R, ignore;
        rules: Option<&'static Profile> = "rules" @default with deserialize,
    }

    #[test]
    fn reads_a_known_name_and_rejects_others_by_name() {
        assert_eq!(serde_json::from_str::<R>("{}").unwrap().rules, None);
        let house = Profile::by_name("house-example").unwrap();
        assert_eq!(serde_json::from_str::<R>(r#"{"rules":"house-example"}"#).unwrap().rules, Some(house));
        let e = serde_json::from_str::<R>(r#"{"rules":"nope"}"#).unwrap_err().to_string();
        assert!(
            e.contains("unknown rule profile \"nope\" in \"rules\" (profiles: botzone, ")
                && e.contains("house-example"),
            "{e}"
        );
        for bad in ["3", "null", "[\"botzone\"]", "{}"] {
            let e = serde_json::from_str::<R>(&format!("{{\"rules\":{bad}}}")).unwrap_err().to_string();
            assert!(
                e.contains("invalid type") && e.contains("expected the name of a rule profile (a string) in \"rules\""),
                "{bad}: {e}"
            );
        }
    }

    #[test]
    fn precedence() {
        let (b, h) = (Profile::default(), Profile::by_name("house-example").unwrap());
        assert_eq!(profile_for(None, None), Ok(b));
        assert_eq!(profile_for(None, Some(h)), Ok(h));
        assert_eq!(profile_for(Some(h), None), Ok(h));
        assert_eq!(profile_for(Some(h), Some(h)), Ok(h));
        let c = profile_for(Some(h), Some(b)).unwrap_err();
        assert_eq!(c, RulesConflict { recorded: h, asked: b });
        assert_eq!(
            c.to_string(),
            "rules conflict: the record says \"rules\": \"house-example\" but \"botzone\" was asked for"
        );
        assert_eq!(decide(None, None), Ok((b, Origin::Default)));
        assert_eq!(decide(None, Some(h)), Ok((h, Origin::Flag)));
        assert_eq!(decide(Some(h), None), Ok((h, Origin::Record)));
        assert_eq!(decide(Some(h), Some(h)), Ok((h, Origin::Record)));
        assert_eq!(decide(Some(b), None), Ok((b, Origin::Record)));
    }
}
