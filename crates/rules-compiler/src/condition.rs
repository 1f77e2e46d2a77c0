//! A condition of the rules as Rust: the expression the generated fan
//! tables test, over a view value (`v`, `g`) whose methods are the
//! primitives (`crates/core/src/fans/primitives.rs`):
//!
//! - `name`            -> `v.name()`
//! - `name(1, 2)`      -> `v.name(&[1u8, 2u8])`
//! - `name(class)`     -> `v.name(Class::CLASS)`
//! - `name(rank(5))`   -> `v.name({ const C: Class = Class::rank(&[5u8]); C })`
//!   (the class made at compile time)
//! - `&& || ! == != < <= > >= + - ( )` keep their meaning; numbers in
//!   comparisons and sums are `u32`, arguments `u8`;
//! - a conjunction tests a costly primitive (`unique_wait`, a search of
//!   the waits) last: conditions have no side effects, so it runs only when
//!   the rest holds.
//!
//! `Class` is the engine's tile class (`crate::fans::class::Class`), which
//! the generated file imports. The rules are checked first
//! ([`mcr_rules_lang::lang`], with file, line and fan); what the checker
//! lets through always translates, and anything else is an error naming
//! the expression.

use mcr_rules_lang::grammar::{Arg, BinOp, Class, Expr, Node, UnOp};
use std::fmt;

/// A condition the generator cannot write as Rust (the checker lets none
/// through): the expression, or the part of it, named.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ConditionError {
    /// A call mixing whole numbers and a tile class (the call).
    MixedArguments(String),
    /// An operator outside the language (the expression).
    UnsupportedOperator(String),
    /// An expression outside the rules language.
    OutsideLanguage(String),
    /// A number too large for the type it is used as.
    TooLarge {
        /// The number.
        number: u64,
        /// The Rust type (`u8`, `u32`).
        ty: &'static str,
    },
    /// An argument that is no whole number where one is needed (the argument).
    ExpectedNumber(String),
    /// An argument that is no tile class where one is needed (the argument).
    ExpectedClass(String),
}

impl fmt::Display for ConditionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConditionError::MixedArguments(e) => {
                write!(f, "`{e}`: mixed arguments: a primitive takes whole numbers or one tile class")
            }
            ConditionError::UnsupportedOperator(e) => write!(f, "unsupported operator in `{e}`"),
            ConditionError::OutsideLanguage(e) => write!(f, "`{e}` is outside the rules language"),
            ConditionError::TooLarge { number, ty } => write!(f, "`{number}` is too large for a {ty}"),
            ConditionError::ExpectedNumber(e) => write!(f, "expected a whole number, found `{e}`"),
            ConditionError::ExpectedClass(e) => write!(f, "expected a tile class, found `{e}`"),
        }
    }
}

impl std::error::Error for ConditionError {}

/// Primitives that cost a search (the wait analysis).
pub const COSTLY: &[&str] = &["unique_wait"];

fn costly(e: &Expr) -> bool {
    COSTLY.iter().any(|p| e.uses(p))
}

/// The condition `e` as a Rust expression over the view named `view`.
///
/// ```
/// use mcr_rules_compiler::condition::rust;
/// use mcr_rules_lang::grammar::parse;
///
/// let e = parse("chows > 0 && pair_is(numbered)").unwrap();
/// assert_eq!(rust("v", &e).unwrap(), "v.chows() > 0u32 && v.pair_is(Class::NUMBERED)");
/// let e = parse("unique_wait && same_suit && ranks(2, 5, 8)").unwrap();
/// assert_eq!(rust("g", &e).unwrap(), "g.ranks(&[2u8, 5u8, 8u8]) && g.same_suit() && g.unique_wait()");
/// ```
pub fn rust(view: &str, e: &Expr) -> Result<String, ConditionError> {
    Ok(match &e.node {
        Node::Paren(x) => format!("({})", rust(view, x)?),
        Node::Number(n) => format!("{}u32", narrow::<u32>(*n)?),
        Node::Unary(UnOp::Not, x) => format!("!{}", rust(view, x)?),
        Node::Binary(left, op, right) if op_of(*op).is_some() => {
            let op = op.as_str();
            let (l, r) = (rust(view, left)?, rust(view, right)?);
            if op == "&&" && costly(left) && !costly(right) {
                format!("{r} {op} {l}")
            } else {
                format!("{l} {op} {r}")
            }
        }
        Node::Primitive(name) => format!("{view}.{name}()"),
        Node::Call(name, args) => {
            // Whole numbers, or one tile class.
            if args.iter().all(|a| a.number.is_some()) {
                format!("{view}.{name}(&[{}])", numbers(args.iter().map(|a| (a.number, &a.expr)))?)
            } else if let [a] = &args[..] {
                format!("{view}.{name}({})", class(a)?)
            } else {
                return Err(ConditionError::MixedArguments(e.to_string()));
            }
        }
        Node::Unary(..) | Node::Binary(..) => return Err(ConditionError::UnsupportedOperator(e.to_string())),
        Node::Invalid(_) => return Err(ConditionError::OutsideLanguage(e.to_string())),
    })
}

/// The operators of the language (the checker rejects the others).
fn op_of(op: BinOp) -> Option<&'static str> {
    match op {
        BinOp::Other(_) => None,
        op => Some(op.as_str()),
    }
}

/// A whole number as the type it is used as.
fn narrow<N: TryFrom<u64> + ToString>(n: u64) -> Result<String, ConditionError> {
    N::try_from(n)
        .map(|n| n.to_string())
        .map_err(|_| ConditionError::TooLarge { number: n, ty: std::any::type_name::<N>() })
}

/// Arguments as a list of `u8` literals: `1u8, 2u8`.
fn numbers<'a>(args: impl Iterator<Item = (Option<u64>, &'a Expr)>) -> Result<String, ConditionError> {
    let items: Vec<String> = args
        .map(|(n, at)| match n {
            Some(n) => Ok(format!("{}u8", narrow::<u8>(n)?)),
            None => Err(ConditionError::ExpectedNumber(at.to_string())),
        })
        .collect::<Result<_, _>>()?;
    Ok(items.join(", "))
}

/// A tile class argument: `wind` -> `Class::WIND`, `rank(5)` -> a constant
/// `Class::rank(&[5u8])`.
fn class(a: &Arg) -> Result<String, ConditionError> {
    match &a.class {
        Class::Name(name) => Ok(format!("Class::{}", name.to_uppercase())),
        Class::Constructor(Some(f), args) => {
            let Node::Call(_, items) = &a.expr.node else {
                return Err(ConditionError::ExpectedClass(a.expr.to_string()));
            };
            debug_assert_eq!(items.len(), args.len());
            let list = numbers(items.iter().map(|i| (i.number, &i.expr)))?;
            // Evaluated at compile time.
            Ok(format!("{{ const C: Class = Class::{f}(&[{list}]); C }}"))
        }
        Class::Constructor(None, _) | Class::Other => Err(ConditionError::ExpectedClass(a.expr.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mcr_rules_lang::grammar::parse;

    fn r(s: &str) -> String {
        rust("v", &parse(s).unwrap()).unwrap_or_else(|e| panic!("{s}: {e}"))
    }

    fn err(s: &str) -> String {
        rust("v", &parse(s).unwrap()).unwrap_err().to_string()
    }

    /// Each form as the table of the module's documentation says.
    #[test]
    fn each_form() {
        assert_eq!(r("self_drawn"), "v.self_drawn()");
        assert_eq!(r("ranks(1, 2)"), "v.ranks(&[1u8, 2u8])");
        assert_eq!(r("all(wind)"), "v.all(Class::WIND)");
        assert_eq!(r("all_packs_pung_of(terminal_or_honor)"), "v.all_packs_pung_of(Class::TERMINAL_OR_HONOR)");
        assert_eq!(r("win_tile(rank(5))"), "v.win_tile({ const C: Class = Class::rank(&[5u8]); C })");
        assert_eq!(r("all_tiles(rank_in(7, 9))"), "v.all_tiles({ const C: Class = Class::rank_in(&[7u8, 9u8]); C })");
        assert_eq!(r("!any_tile(honor)"), "!v.any_tile(Class::HONOR)");
        assert_eq!(r("kongs == 4"), "v.kongs() == 4u32");
        assert_eq!(
            r("chows + pungs != 4 || (a < 1 && b <= 2) || c > 3 && d >= 0"),
            "v.chows() + v.pungs() != 4u32 || (v.a() < 1u32 && v.b() <= 2u32) || v.c() > 3u32 && v.d() >= 0u32"
        );
        assert_eq!(r("a - 1 == 0"), "v.a() - 1u32 == 0u32");
    }

    /// A conjunction asks `unique_wait` last; a disjunction keeps its order.
    #[test]
    fn costly_conditions_go_last() {
        for (cond, want) in [
            ("unique_wait && a", "v.a() && v.unique_wait()"),
            ("a && unique_wait", "v.a() && v.unique_wait()"),
            ("unique_wait && a && b", "v.b() && v.a() && v.unique_wait()"),
            ("(unique_wait || a) && b", "v.b() && (v.unique_wait() || v.a())"),
            ("!unique_wait && a", "v.a() && !v.unique_wait()"),
            ("unique_wait || a", "v.unique_wait() || v.a()"),
            ("a && b", "v.a() && v.b()"),
            ("unique_wait && (unique_wait || a)", "v.unique_wait() && (v.unique_wait() || v.a())"),
        ] {
            assert_eq!(r(cond), want, "{cond}");
        }
    }

    /// What the checker refuses does not translate either.
    #[test]
    fn refuses_what_is_outside_the_language() {
        assert_eq!(err("pairs(300)"), "`300` is too large for a u8");
        assert_eq!(err("kongs == 4294967296"), "`4294967296` is too large for a u32");
        assert_eq!(
            err("pairs(1, wind)"),
            "`pairs (1 , wind)`: mixed arguments: a primitive takes whole numbers or one tile class"
        );
        assert_eq!(err("suits(1 + 2)"), "expected a tile class, found `1 + 2`");
        assert_eq!(err("suits(rank(x))"), "expected a whole number, found `x`");
        assert_eq!(err("(pairs)(1)"), "`(pairs) (1)` is outside the rules language");
        assert_eq!(err("hand.concealed"), "`hand . concealed` is outside the rules language");
        assert_eq!(err("kongs * 1"), "unsupported operator in `kongs * 1`");
        assert_eq!(err("-kongs"), "unsupported operator in `- kongs`");
    }
}
