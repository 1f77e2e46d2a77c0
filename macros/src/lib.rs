//! Procedural macros of mcr-engine. (being implemented)
use proc_macro::TokenStream;

#[proc_macro]
pub fn placeholder(_input: TokenStream) -> TokenStream {
    TokenStream::new()
}
