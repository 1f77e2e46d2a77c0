//! Serialisation and deserialisation of the library's named-field structs
//! with `macro_rules!` rather than a procedural derive, so that the
//! library builds without a Rust parser in its dependency tree.
//!
//! [`ser_struct!`](crate::ser_struct) writes `Serialize` for a struct with
//! named fields: a JSON object, keys in the order listed, each key optionally
//! skipped by a predicate (`skip_serializing_if`) or written by a function
//! (`serialize_with`). [`de_struct!`](crate::de_struct) writes `Deserialize`
//! for a struct with named fields: from a map (or a sequence, in field
//! order), each key with an optional default and an optional reading
//! function (`deserialize_with`), unknown keys ignored or refused. Both
//! behave as serde's derive does, errors included (`missing field`,
//! `unknown field`, `duplicate field`, `invalid length`), so a record read
//! or written through them is the same bytes and the same message.
//!
//! [`ser_flat_struct!`](crate::ser_flat_struct) writes `Serialize` for a
//! struct with flattened fields (`#[serde(flatten)]`).
//! [`ser_unit_enum!`](crate::ser_unit_enum) writes `Serialize` for an enum
//! of unit variants, each as its name.
//!
//! The forms, for a struct `S<'a>` (the lifetime is optional):
//!
//! ```text
//! ser_struct! { S<'a>;
//!     "key" => field,                                  // always written
//!     "key" => field if Option::is_none,               // skipped when the predicate holds
//!     "key" => field with(path::to::f: FieldType),     // written by f(&self.field, serializer)
//! }
//! de_struct! { S<'a>, ignore;                          // or `deny`: unknown keys refused
//!     field: Type = "key",                             // required (an absent Option is None)
//!     field: Type = "key" @default,                    // Default::default() when absent
//!     field: Type = "key" with path::to::f,            // read by f(deserializer); required
//!     field: Type = "key" @default with path::to::f,
//! }
//! ```
//!
//! A struct whose lifetime is listed deserialises as serde's derive does
//! with `#[serde(borrow)]`: `impl<'de: 'a, 'a> Deserialize<'de> for S<'a>`.

use serde::de::{self, Deserialize, Deserializer, Visitor};
use std::fmt;
use std::marker::PhantomData;

#[doc(hidden)]
pub use serde;

/// A deserializer of an absent key: an `Option` reads as `None`, anything
/// else fails with `missing field` (what serde's derive does for a field
/// without a default).
pub struct MissingField<E> {
    key: &'static str,
    error: PhantomData<E>,
}

impl<'de, E: de::Error> Deserializer<'de> for MissingField<E> {
    type Error = E;

    fn deserialize_any<V: Visitor<'de>>(self, _visitor: V) -> Result<V::Value, E> {
        Err(E::missing_field(self.key))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, E> {
        visitor.visit_none()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

/// The value of the absent key `key` of type `T`: `None` for an `Option`,
/// the error `missing field` otherwise.
pub fn missing<'de, T: Deserialize<'de>, E: de::Error>(key: &'static str) -> Result<T, E> {
    T::deserialize(MissingField { key, error: PhantomData })
}

/// The fields of a struct as entries of a map: what a struct flattened into
/// another writes ([`ser_struct!`](crate::ser_struct) implements it).
pub trait SerializeFields {
    /// Writes each field not skipped as an entry of `map`.
    fn serialize_fields<M: serde::ser::SerializeMap>(&self, map: &mut M) -> Result<(), M::Error>;
}

/// What a struct read from a sequence expected: `struct S with 3 elements`.
pub struct SeqLength {
    /// The struct's name.
    pub name: &'static str,
    /// How many fields it reads.
    pub len: usize,
}

impl de::Expected for SeqLength {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let s = if self.len == 1 { "" } else { "s" };
        write!(f, "struct {} with {} element{s}", self.name, self.len)
    }
}

/// `Serialize` for a struct with named fields (the module's documentation
/// gives the form).
#[doc(hidden)]
#[macro_export]
macro_rules! ser_struct {
    ($name:ident <$lt:lifetime> ; $($fields:tt)*) => {
        $crate::__ser_struct! { $name [<$lt>] $lt ; $($fields)* }
    };
    ($name:ident ; $($fields:tt)*) => {
        $crate::__ser_struct! { $name [] '__x ; $($fields)* }
    };
}

/// [`ser_struct!`](crate::ser_struct) with the struct's generics (`<'a>` or
/// none) and a lifetime for its `with` wrappers (the struct's, or one of
/// their own).
#[doc(hidden)]
#[macro_export]
macro_rules! __ser_struct {
    (
        $name:ident [$($g:tt)*] $lt:lifetime ;
        $( $key:literal => $f:ident $(with($sw:path : $st:ty))? $(if $skip:path)? ),* $(,)?
    ) => {
        const _: () = {
            use $crate::serde_impl::serde::ser::{Serialize, SerializeStruct, Serializer};
            impl $($g)* $crate::serde_impl::SerializeFields for $name $($g)* {
                fn serialize_fields<__M: $crate::serde_impl::serde::ser::SerializeMap>(
                    &self,
                    map: &mut __M,
                ) -> Result<(), __M::Error> {
                    $(
                        if $crate::__ser_present!(self.$f $(, $skip)?) == 1 {
                            map.serialize_entry($key, &$crate::__ser_value!(self.$f, $lt $(, $sw, $st)?))?;
                        }
                    )*
                    Ok(())
                }
            }
            impl $($g)* Serialize for $name $($g)* {
                fn serialize<__S: Serializer>(&self, s: __S) -> Result<__S::Ok, __S::Error> {
                    let len = 0usize $( + $crate::__ser_present!(self.$f $(, $skip)?) )*;
                    let mut st = s.serialize_struct(stringify!($name), len)?;
                    $(
                        if $crate::__ser_present!(self.$f $(, $skip)?) == 1 {
                            st.serialize_field($key, &$crate::__ser_value!(self.$f, $lt $(, $sw, $st)?))?;
                        } else {
                            st.skip_field($key)?;
                        }
                    )*
                    st.end()
                }
            }
        };
    };
}

/// `Serialize` for a struct some of whose fields are flattened: written as
/// a map, `"key" => field` as an entry, `flatten => field` as the entries
/// of the field's own [`ser_struct!`](crate::ser_struct) (serde's
/// `#[serde(flatten)]`).
#[doc(hidden)]
#[macro_export]
macro_rules! ser_flat_struct {
    ($name:ident; $($key:tt => $f:ident),* $(,)?) => {
        impl $crate::serde_impl::serde::Serialize for $name {
            fn serialize<__S: $crate::serde_impl::serde::Serializer>(&self, s: __S) -> Result<__S::Ok, __S::Error> {
                use $crate::serde_impl::serde::ser::SerializeMap;
                let mut map = s.serialize_map(None)?;
                $( $crate::__ser_flat_entry!(map, $key, &self.$f); )*
                map.end()
            }
        }
    };
}

/// One entry of [`ser_flat_struct!`](crate::ser_flat_struct).
#[doc(hidden)]
#[macro_export]
macro_rules! __ser_flat_entry {
    ($map:ident, flatten, $v:expr) => {
        $crate::serde_impl::SerializeFields::serialize_fields($v, &mut $map)?
    };
    ($map:ident, $key:literal, $v:expr) => {
        $map.serialize_entry($key, $v)?
    };
}

/// `Serialize` for an enum of unit variants, each written as its name:
/// `ser_unit_enum! { E; A = "a", B = "b" }` (serde's unit variants, with
/// `rename` or `rename_all` spelled out).
#[doc(hidden)]
#[macro_export]
macro_rules! ser_unit_enum {
    ($name:ident; $($v:ident = $key:literal),* $(,)?) => {
        impl $crate::serde_impl::serde::Serialize for $name {
            fn serialize<__S: $crate::serde_impl::serde::Serializer>(&self, s: __S) -> Result<__S::Ok, __S::Error> {
                match self {
                    $($name::$v => s.serialize_unit_variant(stringify!($name), $name::$v as u32, $key),)*
                }
            }
        }
    };
}

/// 1 when a field is written, 0 when its predicate skips it.
#[doc(hidden)]
#[macro_export]
macro_rules! __ser_present {
    ($v:expr) => {
        1usize
    };
    ($v:expr, $skip:path) => {
        if $skip(&$v) {
            0usize
        } else {
            1usize
        }
    };
}

/// A field as written: itself, or wrapped for its `with` function.
#[doc(hidden)]
#[macro_export]
macro_rules! __ser_value {
    ($v:expr, $lt:lifetime) => {
        $v
    };
    ($v:expr, $lt:lifetime, $sw:path, $st:ty) => {{
        struct __With<'__s, $lt> {
            value: &'__s $st,
            lifetime: ::std::marker::PhantomData<&$lt()>,
        }
        impl<'__s, $lt> $crate::serde_impl::serde::Serialize for __With<'__s, $lt> {
            fn serialize<__S: $crate::serde_impl::serde::Serializer>(&self, s: __S) -> Result<__S::Ok, __S::Error> {
                $sw(self.value, s)
            }
        }
        __With { value: &$v, lifetime: ::std::marker::PhantomData }
    }};
}

/// `Deserialize` for a struct with named fields (the module's documentation
/// gives the form).
#[doc(hidden)]
#[macro_export]
macro_rules! de_struct {
    ($name:ident <$lt:lifetime> , $unknown:ident ; $($fields:tt)*) => {
        $crate::__de_struct! { $name [<$lt>] [: $lt, $lt] $lt, $unknown ; $($fields)* }
    };
    ($name:ident , $unknown:ident ; $($fields:tt)*) => {
        $crate::__de_struct! { $name [] [] '__x, $unknown ; $($fields)* }
    };
}

/// [`de_struct!`](crate::de_struct) with the struct's generics (`<'a>` or
/// none), the bounds of `'de` on them, and a lifetime for its visitor and
/// `with` wrappers (the struct's, or one of their own).
#[doc(hidden)]
#[macro_export]
macro_rules! __de_struct {
    (
        $name:ident [$($g:tt)*] [$($b:tt)*] $lt:lifetime, $unknown:ident ;
        $( $f:ident : $t:ty = $key:literal $(@$default:ident)? $(with $w:path)? ),* $(,)?
    ) => {
        const _: () = {
            use $crate::serde_impl::serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
            use ::std::marker::PhantomData;

            const FIELDS: &[&str] = &[$($key),*];

            #[allow(non_camel_case_types, dead_code)]
            enum __Field {
                $($f,)*
                __ignore,
            }
            struct __FieldVisitor;
            impl<'de> Visitor<'de> for __FieldVisitor {
                type Value = __Field;
                fn expecting(&self, f: &mut ::std::fmt::Formatter) -> ::std::fmt::Result {
                    f.write_str("field identifier")
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<__Field, E> {
                    match v {
                        $($key => Ok(__Field::$f),)*
                        _ => $crate::__de_unknown!($unknown, v, FIELDS),
                    }
                }
                fn visit_bytes<E: de::Error>(self, v: &[u8]) -> Result<__Field, E> {
                    match ::std::str::from_utf8(v) {
                        Ok(s) => self.visit_str(s),
                        Err(_) => $crate::__de_unknown!($unknown, &String::from_utf8_lossy(v), FIELDS),
                    }
                }
            }
            impl<'de> Deserialize<'de> for __Field {
                #[inline]
                fn deserialize<D: Deserializer<'de>>(d: D) -> Result<__Field, D::Error> {
                    d.deserialize_identifier(__FieldVisitor)
                }
            }


            struct __Visitor<'de, $lt>(PhantomData<(&'de (), &$lt ())>);
            impl<'de: $lt, $lt> Visitor<'de> for __Visitor<'de, $lt> {
                type Value = $name $($g)*;
                fn expecting(&self, f: &mut ::std::fmt::Formatter) -> ::std::fmt::Result {
                    f.write_str(concat!("struct ", stringify!($name)))
                }
                #[inline]
                fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                    $( let mut $f: Option<$t> = None; )*
                    while let Some(key) = map.next_key::<__Field>()? {
                        match key {
                            $(
                                __Field::$f => {
                                    if $f.is_some() {
                                        return Err(<A::Error as de::Error>::duplicate_field($key));
                                    }
                                    $f = Some($crate::__de_next!(map, next_value, $lt, $t $(, $w)?));
                                }
                            )*
                            __Field::__ignore => {
                                map.next_value::<de::IgnoredAny>()?;
                            }
                        }
                    }
                    $(
                        let $f = match $f {
                            Some(v) => v,
                            None => $crate::__de_missing!(A::Error, $t, $key, [$($default)?], [$($w)?]),
                        };
                    )*
                    Ok($name { $($f),* })
                }
                fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                    let mut index = 0usize;
                    $(
                        let $f = match $crate::__de_next!(seq, next_element, $lt, $t $(, $w)?) {
                            Some(v) => v,
                            None => $crate::__de_short!(A::Error, index, FIELDS.len(), stringify!($name), [$($default)?]),
                        };
                        index += 1;
                    )*
                    let _ = index;
                    Ok($name { $($f),* })
                }
            }

            impl<'de $($b)*> Deserialize<'de> for $name $($g)* {
                fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                    d.deserialize_struct(stringify!($name), FIELDS, __Visitor(PhantomData))
                }
            }
        };
    };
}

/// An unknown key: skipped (`ignore`) or refused (`deny`).
#[doc(hidden)]
#[macro_export]
macro_rules! __de_unknown {
    (ignore, $v:expr, $fields:expr) => {
        Ok(__Field::__ignore)
    };
    (deny, $v:expr, $fields:expr) => {
        Err(de::Error::unknown_field($v, $fields))
    };
}

/// The next value (`next_value`) or element (`next_element`) of a field,
/// through its `with` function when it has one.
#[doc(hidden)]
#[macro_export]
macro_rules! __de_next {
    ($access:ident, next_value, $lt:lifetime, $t:ty) => {
        $access.next_value::<$t>()?
    };
    ($access:ident, next_element, $lt:lifetime, $t:ty) => {
        $access.next_element::<$t>()?
    };
    ($access:ident, $next:ident, $lt:lifetime, $t:ty, $w:path) => {{
        struct __With<'de, $lt> {
            value: $t,
            lifetime: ::std::marker::PhantomData<(&'de (), &$lt ())>,
        }
        impl<'de: $lt, $lt> $crate::serde_impl::serde::Deserialize<'de> for __With<'de, $lt> {
            #[inline]
            fn deserialize<D: $crate::serde_impl::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $w(d).map(|value| __With { value, lifetime: ::std::marker::PhantomData })
            }
        }
        $crate::__de_with!($access, $next, __With<'de, $lt>)
    }};
}

/// A field read through its `with` wrapper.
#[doc(hidden)]
#[macro_export]
macro_rules! __de_with {
    ($access:ident, next_value, $w:ty) => {
        $access.next_value::<$w>()?.value
    };
    ($access:ident, next_element, $w:ty) => {
        $access.next_element::<$w>()?.map(|w| w.value)
    };
}

/// The value of an absent key: its default, or serde's missing-field rule
/// (an `Option` is `None`; a field read `with` a function is an error).
#[doc(hidden)]
#[macro_export]
macro_rules! __de_missing {
    ($e:ty, $t:ty, $key:literal, [default], [$($w:tt)*]) => {
        ::std::default::Default::default()
    };
    ($e:ty, $t:ty, $key:literal, [], []) => {
        $crate::serde_impl::missing::<$t, $e>($key)?
    };
    ($e:ty, $t:ty, $key:literal, [], [$($w:tt)+]) => {
        return Err(<$e as de::Error>::missing_field($key))
    };
}

/// A sequence too short for a field: its default, or `invalid length`.
#[doc(hidden)]
#[macro_export]
macro_rules! __de_short {
    ($e:ty, $index:expr, $len:expr, $name:expr, [default]) => {
        ::std::default::Default::default()
    };
    ($e:ty, $index:expr, $len:expr, $name:expr, []) => {
        return Err(<$e as de::Error>::invalid_length($index, &$crate::serde_impl::SeqLength { name: $name, len: $len }))
    };
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    fn is_zero(n: &u32) -> bool {
        *n == 0
    }

    fn hashed<S: serde::Serializer>(v: &u32, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_args!("#{v}"))
    }

    fn doubled<'de, D: serde::Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
        <i64 as serde::Deserialize>::deserialize(d).map(|n| n * 2)
    }

    #[derive(Debug, PartialEq, Default)]
    struct Out {
        name: String,
        count: u32,
        note: Option<String>,
        tag: u32,
    }

    crate::ser_struct! { Out;
        "name" => name,
        "n" => count if is_zero,
        "note" => note if Option::is_none,
        "tag" => tag with(hashed: u32),
    }

    #[derive(Debug, PartialEq)]
    struct In<'a> {
        id: &'a str,
        n: i64,
        maybe: Option<u8>,
        tags: Vec<String>,
        twice: i64,
    }

    crate::de_struct! { In<'a>, ignore;
        id: &'a str = "id",
        n: i64 = "num",
        maybe: Option<u8> = "maybe",
        tags: Vec<String> = "tags" @default,
        twice: i64 = "twice" @default with doubled,
    }

    #[derive(Debug, PartialEq)]
    struct Strict {
        a: u8,
    }

    crate::de_struct! { Strict, deny;
        a: u8 = "a",
    }

    #[derive(Clone, Copy)]
    enum Side {
        Left,
        RightHand,
    }

    crate::ser_unit_enum! { Side; Left = "left", RightHand = "right_hand" }

    struct Flat {
        id: u8,
        out: Out,
    }

    crate::ser_flat_struct! { Flat;
        "id" => id,
        flatten => out,
    }

    #[test]
    fn writes_unit_variants_and_flattened_fields() {
        assert_eq!(serde_json::to_string(&[Side::Left, Side::RightHand]).unwrap(), r#"["left","right_hand"]"#);
        let f = Flat { id: 1, out: Out { name: "n".into(), count: 0, note: None, tag: 2 } };
        assert_eq!(serde_json::to_string(&f).unwrap(), r##"{"id":1,"name":"n","tag":"#2"}"##);
    }

    #[test]
    fn writes_keys_in_order_skipping_and_through_functions() {
        let out = Out { name: "x".into(), count: 3, note: None, tag: 7 };
        assert_eq!(serde_json::to_string(&out).unwrap(), r##"{"name":"x","n":3,"tag":"#7"}"##);
        let out = Out { name: "y".into(), count: 0, note: Some("z".into()), tag: 0 };
        assert_eq!(serde_json::to_value(&out).unwrap(), json!({"name": "y", "note": "z", "tag": "#0"}));
        assert_eq!(serde_json::to_string(&out).unwrap(), r##"{"name":"y","note":"z","tag":"#0"}"##);
    }

    #[test]
    fn reads_borrowed_defaults_and_functions() {
        let text = r#"{"num":4,"id":"g1","other":[1,{"x":2}],"twice":5}"#;
        let v: In = serde_json::from_str(text).unwrap();
        assert_eq!(v, In { id: "g1", n: 4, maybe: None, tags: vec![], twice: 10 });
        assert!(std::ptr::eq(v.id.as_ptr(), text[text.find("g1").unwrap()..].as_ptr()));
        let v: In = serde_json::from_str(r#"{"id":"g","num":1,"maybe":7,"tags":["t"]}"#).unwrap();
        assert_eq!(v, In { id: "g", n: 1, maybe: Some(7), tags: vec!["t".into()], twice: 0 });
        let v: In = serde_json::from_str(r#"["g",2,null]"#).unwrap();
        assert_eq!(v, In { id: "g", n: 2, maybe: None, tags: vec![], twice: 0 });
    }

    #[test]
    fn errors_are_serdes_words() {
        let err = |text: &str| serde_json::from_str::<In>(text).unwrap_err().to_string();
        assert_eq!(err(r#"{"id":"g"}"#), "missing field `num` at line 1 column 10");
        assert_eq!(err(r#"{"id":"g","num":1,"id":"h"}"#), "duplicate field `id` at line 1 column 22");
        assert_eq!(err(r#"{"id":"g","num":"1"}"#), "invalid type: string \"1\", expected i64 at line 1 column 19");
        assert_eq!(err(r#"["g"]"#), "invalid length 1, expected struct In with 5 elements at line 1 column 5");
        assert_eq!(err("3"), "invalid type: integer `3`, expected struct In at line 1 column 1");
        let strict = |text: &str| serde_json::from_str::<Strict>(text).unwrap_err().to_string();
        assert_eq!(strict(r#"{"a":1,"b":2}"#), "unknown field `b`, expected `a` at line 1 column 10");
        assert_eq!(strict("{}"), "missing field `a` at line 1 column 2");
        assert_eq!(strict("[]"), "invalid length 0, expected struct Strict with 1 element at line 1 column 2");
        assert_eq!(serde_json::from_str::<Strict>(r#"{"a":1}"#).unwrap(), Strict { a: 1 });
    }
}
