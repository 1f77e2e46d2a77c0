//! JSON read with the keys of every object unique. serde_json keeps the last
//! of repeated keys, so a record (or a served command) could say two things
//! at once and be taken at its last word; these readers refuse it, naming
//! the key, as the typed readers (serde's derived structs, the record
//! scanner) already refuse a repeated field.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::fmt;

/// A JSON value in which no object repeats a key.
pub struct UniqueValue(pub Value);

impl<'de> Deserialize<'de> for UniqueValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UniqueValue, D::Error> {
        d.deserialize_any(ValueVisitor).map(UniqueValue)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        // JSON has no NaN or infinity: `from` gives null only for those.
        Ok(Value::from(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(4096));
        while let Some(UniqueValue(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Value::Array(out))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let UniqueValue(v) = map.next_value()?;
            if out.contains_key(&key) {
                return Err(de::Error::custom(format_args!("duplicate key {key:?}")));
            }
            out.insert(key, v);
        }
        Ok(Value::Object(out))
    }
}

/// For `deserialize_with`: a [`Value`] with unique keys.
pub fn value<'de, D: Deserializer<'de>>(d: D) -> Result<Value, D::Error> {
    UniqueValue::deserialize(d).map(|u| u.0)
}

/// For `deserialize_with` on an optional value (null or absent: `None`).
pub fn option_value<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Option::<UniqueValue>::deserialize(d).map(|o| o.map(|u| u.0))
}

/// For `deserialize_with`: an optional string map (request, responses) whose
/// keys are unique (null or absent: `None`).
pub fn option_string_map<'de, D: Deserializer<'de>>(d: D) -> Result<Option<BTreeMap<String, String>>, D::Error> {
    option_map(d)
}

/// For `deserialize_with`: an optional map of `T` by string key (verdicts,
/// times, debug output) whose keys are unique (null or absent: `None`).
pub fn option_map<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<BTreeMap<String, T>>, D::Error> {
    struct UniqueMap<T>(BTreeMap<String, T>);
    impl<'de, T: Deserialize<'de>> Deserialize<'de> for UniqueMap<T> {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<UniqueMap<T>, D::Error> {
            struct V<T>(std::marker::PhantomData<T>);
            impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
                type Value = UniqueMap<T>;
                fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                    f.write_str("a map by string key")
                }
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<UniqueMap<T>, A::Error> {
                    let mut out = BTreeMap::new();
                    while let Some((key, value)) = map.next_entry::<String, T>()? {
                        if out.contains_key(&key) {
                            return Err(de::Error::custom(format_args!("duplicate key {key:?}")));
                        }
                        out.insert(key, value);
                    }
                    Ok(UniqueMap(out))
                }
            }
            d.deserialize_map(V(std::marker::PhantomData))
        }
    }
    Option::<UniqueMap<T>>::deserialize(d).map(|o| o.map(|m| m.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_as_serde_json_reads_them_unless_a_key_repeats() {
        for text in
            [r#"{"a":[1,-2,3.5,"x",null,true,{"b":{}}],"c":"\u00e9"}"#, "[]", "18446744073709551615", "-0.0", r#""s""#]
        {
            let UniqueValue(v) = serde_json::from_str(text).unwrap();
            assert_eq!(v, serde_json::from_str::<Value>(text).unwrap(), "{text}");
        }
        for (text, key) in [(r#"{"a":1,"a":1}"#, "a"), (r#"[{"x":{"y":1,"y":2}}]"#, "y")] {
            let e = serde_json::from_str::<UniqueValue>(text).err().expect(text);
            assert!(e.to_string().contains(&format!("duplicate key \"{key}\"")), "{e}");
        }
        struct Maps {
            m: Option<BTreeMap<String, String>>,
        }

        mcr_core::de_struct! { Maps, ignore;
            m: Option<BTreeMap<String, String>> = "m" @default with option_string_map,
        }
        assert_eq!(serde_json::from_str::<Maps>(r#"{"m":null}"#).unwrap().m, None);
        assert_eq!(serde_json::from_str::<Maps>(r#"{}"#).unwrap().m, None);
        assert_eq!(serde_json::from_str::<Maps>(r#"{"m":{"0":"PASS"}}"#).unwrap().m.unwrap()["0"], "PASS");
        let e = serde_json::from_str::<Maps>(r#"{"m":{"0":"PASS","0":"HU"}}"#).err().unwrap();
        assert!(e.to_string().contains("duplicate key \"0\""), "{e}");
    }
}
