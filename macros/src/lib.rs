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

use proc_macro::TokenStream;
use proc_macro2::TokenStream as Tokens;
use quote::quote;
use syn::parse::{Parse, ParseStream};
use syn::{Expr, Ident, Token};

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

#[proc_macro]
pub fn rule(input: TokenStream) -> TokenStream {
    let RuleInput { view, condition } = syn::parse_macro_input!(input as RuleInput);
    match compile(&view, &condition) {
        Ok(t) => t.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

fn ident_of(e: &Expr) -> Option<&Ident> {
    match e {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident(),
        _ => None,
    }
}

fn is_int(e: &Expr) -> bool {
    matches!(e, Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(_), .. }))
}

/// A whole number as a typed literal (`u32` in comparisons, `u8` as arguments).
fn int<N>(e: &Expr) -> syn::Result<Tokens>
where
    N: std::str::FromStr + quote::ToTokens,
    N::Err: std::fmt::Display,
{
    match e {
        Expr::Lit(syn::ExprLit { lit: syn::Lit::Int(i), .. }) => {
            let v: N = i.base10_parse()?;
            Ok(quote!(#v))
        }
        _ => Err(syn::Error::new_spanned(e, "expected a whole number")),
    }
}

/// A tile class argument: `wind` -> `Class::WIND`, `rank(5)` -> `Class::rank(&[5])`.
fn class(e: &Expr) -> syn::Result<Tokens> {
    if let Some(id) = ident_of(e) {
        let upper = Ident::new(&id.to_string().to_uppercase(), id.span());
        return Ok(quote!(crate::fans::class::Class::#upper));
    }
    if let Expr::Call(call) = e {
        if let Some(f) = ident_of(&call.func) {
            let args = call.args.iter().map(int::<u8>).collect::<syn::Result<Vec<_>>>()?;
            // Evaluated at compile time.
            return Ok(quote!({
                const C: crate::fans::class::Class = crate::fans::class::Class::#f(&[#(#args),*]);
                C
            }));
        }
    }
    Err(syn::Error::new_spanned(e, "expected a tile class"))
}

/// Primitives that cost a search (the wait analysis).
const COSTLY: &[&str] = &["unique_wait"];

fn costly(e: &Expr) -> bool {
    match e {
        Expr::Paren(x) => costly(&x.expr),
        Expr::Group(x) => costly(&x.expr),
        Expr::Unary(u) => costly(&u.expr),
        Expr::Binary(b) => costly(&b.left) || costly(&b.right),
        Expr::Path(_) => ident_of(e).is_some_and(|id| COSTLY.contains(&id.to_string().as_str())),
        Expr::Call(c) => ident_of(&c.func).is_some_and(|id| COSTLY.contains(&id.to_string().as_str())),
        _ => false,
    }
}

fn compile(view: &Ident, e: &Expr) -> syn::Result<Tokens> {
    Ok(match e {
        Expr::Paren(x) => {
            let inner = compile(view, &x.expr)?;
            quote!((#inner))
        }
        Expr::Group(x) => compile(view, &x.expr)?,
        Expr::Lit(_) => int::<u32>(e)?,
        Expr::Unary(u) => {
            let inner = compile(view, &u.expr)?;
            let op = &u.op;
            quote!(#op #inner)
        }
        Expr::Binary(b) => {
            let l = compile(view, &b.left)?;
            let r = compile(view, &b.right)?;
            let op = &b.op;
            // Conditions have no side effects: a costly test goes last in a
            // conjunction, so it runs only when the rest holds.
            if matches!(b.op, syn::BinOp::And(_)) && costly(&b.left) && !costly(&b.right) {
                quote!(#r #op #l)
            } else {
                quote!(#l #op #r)
            }
        }
        Expr::Path(_) => {
            let id = ident_of(e).ok_or_else(|| syn::Error::new_spanned(e, "expected a primitive"))?;
            quote!(#view.#id())
        }
        Expr::Call(call) => {
            let f = ident_of(&call.func).ok_or_else(|| syn::Error::new_spanned(&call.func, "expected a primitive"))?;
            if call.args.iter().all(is_int) {
                let args = call.args.iter().map(int::<u8>).collect::<syn::Result<Vec<_>>>()?;
                quote!(#view.#f(&[#(#args),*]))
            } else if call.args.len() == 1 {
                let c = class(&call.args[0])?;
                quote!(#view.#f(#c))
            } else {
                return Err(syn::Error::new_spanned(&call.args, "mixed arguments: a primitive takes whole numbers or one tile class"));
            }
        }
        other => return Err(syn::Error::new_spanned(other, "unsupported in a rule condition")),
    })
}
