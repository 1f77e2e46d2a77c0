#![deny(missing_docs)]
//! Procedural macros of mcr-engine.
//!
//! `rule!(view; condition)` compiles a condition of the rules language
//! (checked beforehand by `build.rs`, which knows file and line) into Rust
//! over a view value:
//!
//! - `name`            -> `view.name()`
//! - `name(1, 2)`      -> `view.name(&[1, 2])`
//! - `name(class)`     -> `view.name(Class::CLASS)`
//! - `name(rank(5))`   -> `view.name(Class::rank(&[5]))`
//! - `&& || ! == != < <= > >= + - ( )` keep their meaning; numbers are `u32`
//!   (a conjunction tests a costly primitive, `unique_wait`, last).
//!
//! The grammar is read by the rules crate's `grammar` (`build/grammar.rs`,
//! shared with the checker): this file only turns its tree into Rust.

use mcr_rules_compiler::grammar;

use grammar::{Arg, Class, Cond, Invalid, Node};
use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Ident, LitInt, Token};

struct RuleInput {
    view: Ident,
    condition: Expr,
}

impl Parse for RuleInput {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let view: Ident = input.parse()?;
        input.parse::<Token![;]>()?;
        let condition: Expr = input.parse()?;
        Ok(RuleInput { view, condition })
    }
}

/// `rule!(view; condition)`: the condition, written in the rules language,
/// as a Rust `bool` expression over `view` (see the crate's documentation
/// for the translation). A condition the grammar does not take is a compile
/// error at its span.
///
/// ```ignore
/// // 一色四步高 over four chows, as the generated fan rules write it:
/// let holds = mcr_macros::rule!(v; same_suit && (shifted(1) || shifted(2)));
/// // which becomes
/// let holds = v.same_suit() && (v.shifted(&[1]) || v.shifted(&[2]));
/// ```
#[proc_macro]
pub fn rule(input: TokenStream) -> TokenStream {
    let RuleInput { view, condition } = syn::parse_macro_input!(input as RuleInput);
    match compile(&view, &grammar::read(&condition)) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

/// A whole number as a typed literal (`u32` in comparisons, `u8` as arguments).
fn int<N>(i: &LitInt) -> syn::Result<Tokens>
where
    N: std::str::FromStr + quote::ToTokens,
    N::Err: std::fmt::Display,
{
    let v: N = i.base10_parse()?;
    Ok(quote!(#v))
}

/// The whole number an argument must be.
fn int_arg(e: &Expr, number: Option<&LitInt>) -> syn::Result<Tokens> {
    number.map_or_else(|| Err(syn::Error::new_spanned(e, "expected a whole number")), int::<u8>)
}

/// A tile class argument: `wind` -> `Class::WIND`, `rank(5)` -> `Class::rank(&[5])`.
fn class(a: &Arg) -> syn::Result<Tokens> {
    match &a.class {
        Class::Name(id) => {
            let upper = Ident::new(&id.to_string().to_uppercase(), id.span());
            Ok(quote!(crate::fans::class::Class::#upper))
        }
        Class::Constructor(Some(f), args) => {
            let args = args.iter().map(|(e, n)| int_arg(e, *n)).collect::<syn::Result<Vec<_>>>()?;
            // Evaluated at compile time.
            Ok(quote!({
                const C: crate::fans::class::Class = crate::fans::class::Class::#f(&[#(#args),*]);
                C
            }))
        }
        Class::Constructor(None, _) | Class::Other => Err(syn::Error::new_spanned(a.expr, "expected a tile class")),
    }
}

/// Primitives that cost a search (the wait analysis).
const COSTLY: &[&str] = &["unique_wait"];

fn costly(c: &Cond) -> bool {
    COSTLY.iter().any(|p| c.uses(p))
}

fn compile(view: &Ident, c: &Cond) -> syn::Result<Tokens> {
    Ok(match &c.node {
        Node::Paren(x) => {
            let inner = compile(view, x)?;
            quote!((#inner))
        }
        Node::Number(n) => int::<u32>(n)?,
        Node::Unary(op, x) => {
            let inner = compile(view, x)?;
            quote!(#op #inner)
        }
        Node::Binary(left, op, right) => {
            let l = compile(view, left)?;
            let r = compile(view, right)?;
            // Conditions have no side effects: a costly test goes last in a
            // conjunction, so it runs only when the rest holds.
            if matches!(op, syn::BinOp::And(_)) && costly(left) && !costly(right) {
                quote!(#r #op #l)
            } else {
                quote!(#l #op #r)
            }
        }
        Node::Primitive(id) => quote!(#view.#id()),
        Node::Call(f, args) => {
            // Whole numbers, or one tile class.
            if args.items.iter().all(|a| a.number.is_some()) {
                let numbers = args.items.iter().map(|a| int_arg(a.expr, a.number)).collect::<syn::Result<Vec<_>>>()?;
                quote!(#view.#f(&[#(#numbers),*]))
            } else if let [a] = &args.items[..] {
                let c = class(a)?;
                quote!(#view.#f(#c))
            } else {
                return Err(syn::Error::new_spanned(
                    args.list,
                    "mixed arguments: a primitive takes whole numbers or one tile class",
                ));
            }
        }
        Node::Invalid(Invalid::Literal) => return Err(syn::Error::new_spanned(c.expr, "expected a whole number")),
        Node::Invalid(Invalid::NotAName(at)) => return Err(syn::Error::new_spanned(at, "expected a primitive")),
        Node::Invalid(Invalid::Assign | Invalid::Unsupported) => {
            return Err(syn::Error::new_spanned(c.expr, "unsupported in a rule condition"))
        }
    })
}
