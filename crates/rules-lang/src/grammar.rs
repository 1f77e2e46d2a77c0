//! The grammar of a rules condition (rules/README.md), in one place: `read`
//! walks the `syn` expression once and gives the tree of the language,
//! [`Cond`], that both of its users walk:
//!
//! - the checker, build/lang.rs (build.rs, `mcr rules check`): types the
//!   tree against the vocabulary and names file, line and fan;
//! - the compiler, `rule!` (macros/src/lib.rs): turns the tree into Rust.
//!
//! A form outside the language is a [`Node::Invalid`] leaf, not an early
//! error: each user reports it when its own walk reaches it, in its words.
//!
//! The file is the rules crate's (`build/`); the proc-macro crate depends on
//! that crate for it. It uses nothing but `syn`.

use syn::punctuated::Punctuated;
use syn::token::Comma;
use syn::{BinOp, Expr, Ident, Lit, LitInt, UnOp};

/// A condition: the tree of the language over the expression written.
pub struct Cond<'a> {
    /// The expression this node was read from (its text, its span).
    pub expr: &'a Expr,
    /// What the expression is in the language.
    pub node: Node<'a>,
}

/// The forms of a condition: each node of the tree [`read`] gives, e.g.
/// `chows > 0 && pair_is(numbered)` is a [`Node::Binary`] `&&` of a
/// `Binary` `>` (of `Primitive(chows)` and `Number(0)`) and a
/// `Call(pair_is, [numbered])`.
pub enum Node<'a> {
    /// `( c )`, parentheses written. (An invisible group, from a macro's
    /// expansion, is read through: it has no node.)
    Paren(Box<Cond<'a>>),
    /// A whole number (each user parses it to its own type).
    Number(&'a LitInt),
    /// `op c`: `!` (or another operator, which the checker rejects), e.g.
    /// `!any_tile(honor)`.
    Unary(&'a UnOp, Box<Cond<'a>>),
    /// `a op b`: `&&`, `||`, a comparison (`==`, `!=`, `<`, `<=`, `>`,
    /// `>=`), `+` or `-` (another operator the checker rejects), e.g.
    /// `kongs == 4`.
    Binary(Box<Cond<'a>>, &'a BinOp, Box<Cond<'a>>),
    /// `name`: a primitive without arguments, e.g. `self_drawn`.
    Primitive(&'a Ident),
    /// `name(arguments)`: a primitive with arguments, e.g. `all(wind)`,
    /// `ranks(2, 8)`.
    Call(&'a Ident, Args<'a>),
    /// A form outside the language.
    Invalid(Invalid<'a>),
}

/// What a condition cannot be.
pub enum Invalid<'a> {
    /// A literal that is no whole number (`"four"`, `1.5`, `true`).
    Literal,
    /// Where a primitive's name goes, something else (`hand::concealed`,
    /// the callee of `(pairs)(1)`): that part.
    NotAName(&'a Expr),
    /// `a = b` (an assignment: `==` compares).
    Assign,
    /// Any other Rust form (`hand.concealed`, `pairs[0]`, ...).
    Unsupported,
}

/// The arguments of a primitive, each read both ways: a primitive takes
/// whole numbers or one tile class, which of the two its user decides.
pub struct Args<'a> {
    /// As written (where `rule!` points its error for mixed arguments; the
    /// checker names the primitive instead).
    #[allow(dead_code)]
    pub list: &'a Punctuated<Expr, Comma>,
    /// Each argument, in order.
    pub items: Vec<Arg<'a>>,
}

/// One argument of a primitive: `numbered` in `pair_is(numbered)`, `8` in
/// `ranks(2, 8)`, `rank(5)` in `win_tile(rank(5))`.
pub struct Arg<'a> {
    /// The argument as written.
    pub expr: &'a Expr,
    /// The argument as a whole number, if it is one.
    pub number: Option<&'a LitInt>,
    /// The argument as a tile class.
    pub class: Class<'a>,
}

/// A tile class argument.
pub enum Class<'a> {
    /// `wind`.
    Name(&'a Ident),
    /// `rank(5)`: a constructor (its name, when the callee is one name) and
    /// its arguments, each with its whole number if it is one.
    Constructor(Option<&'a Ident>, Vec<(&'a Expr, Option<&'a LitInt>)>),
    /// Anything else.
    Other,
}

impl Cond<'_> {
    /// Does the condition use the primitive `name` (anywhere in it)?
    pub fn uses(&self, name: &str) -> bool {
        match &self.node {
            Node::Paren(x) | Node::Unary(_, x) => x.uses(name),
            Node::Binary(l, _, r) => l.uses(name) || r.uses(name),
            Node::Primitive(id) | Node::Call(id, _) => *id == name,
            Node::Number(_) | Node::Invalid(_) => false,
        }
    }
}

/// The one name a path expression is, if it is one.
pub fn name_of(e: &Expr) -> Option<&Ident> {
    match e {
        Expr::Path(p) if p.qself.is_none() => p.path.get_ident(),
        _ => None,
    }
}

/// The literal of a whole number, if `e` is one.
pub fn number_of(e: &Expr) -> Option<&LitInt> {
    match e {
        Expr::Lit(syn::ExprLit { lit: Lit::Int(i), .. }) => Some(i),
        _ => None,
    }
}

/// Reads a condition (the one walk of the grammar). Nothing is refused
/// here: a form outside the language is a [`Node::Invalid`] leaf, which the
/// checker reports with the file and line, and `rule!` with the span.
///
/// ```
/// use mcr_rules_compiler::grammar::{self, Class, Node};
///
/// // The relation of a group fan: `when  pungs(1): all(terminal) || all(wind)`.
/// let expr: syn::Expr = syn::parse_str("all(terminal) || all(wind)").unwrap();
/// let cond = grammar::read(&expr);
/// let Node::Binary(left, _, _) = &cond.node else { panic!("an `||`") };
/// let Node::Call(name, args) = &left.node else { panic!("a call") };
/// assert_eq!(name.to_string(), "all");
/// assert!(matches!(&args.items[0].class, Class::Name(c) if c.to_string() == "terminal"));
/// assert!(cond.uses("all") && !cond.uses("same_suit"));
///
/// // `=` where `==` was meant: read, as a leaf the checker reports.
/// let expr: syn::Expr = syn::parse_str("kongs = 3").unwrap();
/// assert!(matches!(grammar::read(&expr).node, Node::Invalid(grammar::Invalid::Assign)));
/// ```
pub fn read(expr: &Expr) -> Cond<'_> {
    let node = match expr {
        Expr::Group(g) => return read(&g.expr),
        Expr::Paren(p) => Node::Paren(Box::new(read(&p.expr))),
        Expr::Lit(_) => match number_of(expr) {
            Some(n) => Node::Number(n),
            None => Node::Invalid(Invalid::Literal),
        },
        Expr::Unary(u) => Node::Unary(&u.op, Box::new(read(&u.expr))),
        Expr::Binary(b) => Node::Binary(Box::new(read(&b.left)), &b.op, Box::new(read(&b.right))),
        Expr::Path(_) => match name_of(expr) {
            Some(name) => Node::Primitive(name),
            None => Node::Invalid(Invalid::NotAName(expr)),
        },
        Expr::Call(call) => match name_of(&call.func) {
            Some(name) => Node::Call(name, Args { list: &call.args, items: call.args.iter().map(arg).collect() }),
            None => Node::Invalid(Invalid::NotAName(&call.func)),
        },
        Expr::Assign(_) => Node::Invalid(Invalid::Assign),
        _ => Node::Invalid(Invalid::Unsupported),
    };
    Cond { expr, node }
}

fn arg(expr: &Expr) -> Arg<'_> {
    let class = if let Some(name) = name_of(expr) {
        Class::Name(name)
    } else if let Expr::Call(call) = expr {
        Class::Constructor(name_of(&call.func), call.args.iter().map(|a| (a, number_of(a))).collect())
    } else {
        Class::Other
    };
    Arg { expr, number: number_of(expr), class }
}
