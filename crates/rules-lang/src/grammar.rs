//! The grammar of a rules condition (rules/README.md, "Syntax of
//! fans.mcr"), in one place: [`parse`] reads a condition's text into the
//! tree of the language, [`Expr`], that both of its users walk:
//!
//! - the checker, [`crate::lang`] (build.rs, `mcr rules check`): types the
//!   tree against the vocabulary and names file, line and fan;
//! - the generator of the fan tables (mcr-rules-compiler): turns the tree
//!   into Rust over the primitives.
//!
//! The reader is a lexer and a precedence parser of the condition syntax:
//! names, whole numbers, `name(arguments)`, parentheses, `!`, `&&`, `||`,
//! `==` `!=` `<` `<=` `>` `>=`, `+` `-`. It reads the neighbouring Rust
//! forms too (other operators, literals that are no whole number, `=`,
//! paths, fields, indexing, a call on something other than a name), with
//! Rust's precedences, as [`Node::Invalid`] leaves or operators the
//! checker rejects: each user reports them when its own walk reaches them,
//! in its own words. Only text that is no expression at all (a missing
//! operand, an unclosed parenthesis, a stray token) is a [`SyntaxError`].
//!
//! Each node keeps its text as tokens joined by single spaces, with none
//! inside brackets (`a && b`, `! self_drawn`, `rank_in (7 , 9)`,
//! `a :: kongs`, `[kongs]`): the form the checker's messages quote.

use std::fmt;

/// A condition read: a node of the tree and the text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    /// What the expression is in the language.
    pub node: Node,
    /// Its tokens joined (see the module's documentation).
    text: String,
}

/// The forms of a condition: each node of the tree [`parse`] gives, e.g.
/// `chows > 0 && pair_is(numbered)` is a [`Node::Binary`] `&&` of a
/// `Binary` `>` (of `Primitive(chows)` and `Number(0)`) and a
/// `Call(pair_is, [numbered])`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node {
    /// `( c )`, parentheses written.
    Paren(Box<Expr>),
    /// A whole number (one that fits 64 bits; each user narrows it to its
    /// own type).
    Number(u64),
    /// `op c`: `!` (or `-`, `*`, which the checker rejects), e.g.
    /// `!any_tile(honor)`.
    Unary(UnOp, Box<Expr>),
    /// `a op b`: `&&`, `||`, a comparison, `+` or `-` (or another Rust
    /// operator, which the checker rejects), e.g. `kongs == 4`.
    Binary(Box<Expr>, BinOp, Box<Expr>),
    /// `name`: a primitive without arguments, e.g. `self_drawn`.
    Primitive(String),
    /// `name(arguments)`: a primitive with arguments, e.g. `all(wind)`,
    /// `ranks(2, 8)`.
    Call(String, Vec<Arg>),
    /// A form outside the language.
    Invalid(Invalid),
}

/// A prefix operator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `!`, the negation of a yes/no.
    Not,
    /// `-`, outside the language (numbers are whole and not negative).
    Neg,
    /// `*`, outside the language.
    Deref,
}

/// An infix operator: those of the language, and the other Rust operators
/// read so that the checker can name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `&&`.
    And,
    /// `||`.
    Or,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// Another Rust operator (`*`, `/`, `%`, `&`, `|`, `^`, `<<`, `>>`, or a
    /// compound assignment such as `+=`): as written.
    Other(&'static str),
}

impl BinOp {
    /// The operator as written (`&&`, `<=`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            BinOp::And => "&&",
            BinOp::Or => "||",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Other(op) => op,
        }
    }
}

/// What a condition cannot be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    /// A literal that is no whole number (`"four"`, `1.5`, `true`, a number
    /// beyond 64 bits).
    Literal,
    /// Where a primitive's name goes, something else (`hand::concealed`,
    /// the callee of `(pairs)(1)`): that part's text.
    NotAName(String),
    /// `a = b` (an assignment: `==` compares).
    Assign,
    /// Any other Rust form (`hand.concealed`, `pairs[0]`, `[kongs]`, ...).
    Unsupported,
}

/// One argument of a primitive: `numbered` in `pair_is(numbered)`, `8` in
/// `ranks(2, 8)`, `rank(5)` in `win_tile(rank(5))`. A primitive takes whole
/// numbers or one tile class; which of the two, its user decides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arg {
    /// The argument as written.
    pub expr: Expr,
    /// The argument as a whole number, if it is one.
    pub number: Option<u64>,
    /// The argument as a tile class.
    pub class: Class,
}

/// A tile class argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Class {
    /// `wind`.
    Name(String),
    /// `rank(5)`: a constructor (its name, when the callee is one name) and
    /// its arguments, each as a whole number if it is one.
    Constructor(Option<String>, Vec<Option<u64>>),
    /// Anything else.
    Other,
}

/// Text that is no expression: what was found where, in plain words
/// (`unexpected end of input, expected an expression`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SyntaxError {
    /// The problem, e.g. ``unexpected `kongs` ``.
    pub message: String,
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SyntaxError {}

impl Expr {
    /// The expression's tokens joined: `a && b`, `all_tiles (rank (5))`.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// A whole number as an expression (`0`: the rule of a fan whose rule
    /// did not read, so that it still has one).
    pub fn number(n: u64) -> Expr {
        Expr { node: Node::Number(n), text: n.to_string() }
    }

    /// Does the condition use the primitive `name` (anywhere in it)?
    pub fn uses(&self, name: &str) -> bool {
        match &self.node {
            Node::Paren(x) | Node::Unary(_, x) => x.uses(name),
            Node::Binary(l, _, r) => l.uses(name) || r.uses(name),
            Node::Primitive(id) | Node::Call(id, _) => id == name,
            Node::Number(_) | Node::Invalid(_) => false,
        }
    }
}

impl fmt::Display for Expr {
    /// The expression's tokens joined ([`Expr::text`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// Reads a condition. A form outside the language is read, as an
/// [`Node::Invalid`] leaf or an operator the checker rejects; text that is
/// no expression is a [`SyntaxError`].
///
/// ```
/// use mcr_rules_lang::grammar::{self, BinOp, Class, Invalid, Node};
///
/// // The relation of a group fan: `when  pungs(1): all(terminal) || all(wind)`.
/// let cond = grammar::parse("all(terminal) || all(wind)").unwrap();
/// let Node::Binary(left, BinOp::Or, _) = &cond.node else { panic!("an `||`") };
/// let Node::Call(name, args) = &left.node else { panic!("a call") };
/// assert_eq!(name, "all");
/// assert_eq!(args[0].class, Class::Name("terminal".into()));
/// assert!(cond.uses("all") && !cond.uses("same_suit"));
/// assert_eq!(cond.text(), "all (terminal) || all (wind)");
///
/// // `=` where `==` was meant: read, as a leaf the checker reports.
/// assert_eq!(grammar::parse("kongs = 3").unwrap().node, Node::Invalid(Invalid::Assign));
/// // No expression at all.
/// let e = grammar::parse("kongs ==").unwrap_err();
/// assert_eq!(e.to_string(), "unexpected end of input, expected an expression");
/// ```
pub fn parse(text: &str) -> Result<Expr, SyntaxError> {
    let tokens = lex(text)?;
    let mut p = Reader { tokens: &tokens, at: 0 };
    let e = p.expr(0)?;
    match p.peek() {
        None => Ok(e),
        Some(t) => Err(p.unexpected(t)),
    }
}

// --- the lexer ---

/// A token's kind: how the parser treats it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A name (`kongs`, `rank`), `true` and `false` included.
    Ident,
    /// Digits alone: a whole number.
    Int,
    /// Another literal: a number with a fraction or suffix, a string, a
    /// character.
    Literal,
    /// An operator or punctuation (`&&`, `(`, `::`, `,`).
    Punct,
}

#[derive(Debug, Clone)]
struct Token {
    kind: Kind,
    text: String,
}

/// Operators and punctuation, the longest first.
const PUNCTS: &[&str] = &[
    "<<=", ">>=", "&&", "||", "==", "!=", "<=", ">=", "<<", ">>", "::", "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=",
    "->", "=>", "..", "!", "<", ">", "=", "+", "-", "*", "/", "%", "^", "&", "|", "(", ")", "[", "]", "{", "}", ",",
    ".", ";", ":", "?", "@", "#", "$", "~",
];

fn lex(text: &str) -> Result<Vec<Token>, SyntaxError> {
    let mut tokens = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let word = |s: &str| s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(s.len());
        let (kind, len) = if c.is_ascii_digit() {
            let mut len = word(rest);
            // A fraction: `1.5` (not `1..2`, not `1.x`).
            let b = rest.as_bytes();
            if b.get(len) == Some(&b'.') && b.get(len + 1).is_some_and(u8::is_ascii_digit) {
                len += 1 + word(&rest[len + 1..]);
            }
            let kind = if rest[..len].bytes().all(|b| b.is_ascii_digit()) { Kind::Int } else { Kind::Literal };
            (kind, len)
        } else if c.is_alphabetic() || c == '_' {
            (Kind::Ident, word(rest))
        } else if c == '"' || c == '\'' {
            (Kind::Literal, quoted(rest, c)?)
        } else if let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) {
            (Kind::Punct, p.len())
        } else {
            return Err(SyntaxError { message: format!("unexpected character `{c}`") });
        };
        tokens.push(Token { kind, text: rest[..len].to_string() });
        rest = &rest[len..];
    }
    Ok(tokens)
}

/// The length of a quoted literal at the start of `s` (a string or a
/// character, with its escapes).
fn quoted(s: &str, quote: char) -> Result<usize, SyntaxError> {
    let mut escaped = false;
    for (i, c) in s.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            _ if c == quote => return Ok(i + 1),
            _ => {}
        }
    }
    let what = if quote == '"' { "string" } else { "character" };
    Err(SyntaxError { message: format!("unterminated {what} literal") })
}

// --- the parser ---

struct Reader<'t> {
    tokens: &'t [Token],
    at: usize,
}

/// Infix operators by binding power (Rust's order, loosest first): `=` and
/// compound assignments (right-associative), `||`, `&&`, comparisons (not
/// chained), `|`, `^`, `&`, shifts, `+ -`, `* / %`.
fn infix(op: &str) -> Option<(u8, BinOp)> {
    Some(match op {
        "||" => (2, BinOp::Or),
        "&&" => (3, BinOp::And),
        "==" => (4, BinOp::Eq),
        "!=" => (4, BinOp::Ne),
        "<" => (4, BinOp::Lt),
        "<=" => (4, BinOp::Le),
        ">" => (4, BinOp::Gt),
        ">=" => (4, BinOp::Ge),
        "|" => (5, BinOp::Other("|")),
        "^" => (6, BinOp::Other("^")),
        "&" => (7, BinOp::Other("&")),
        "<<" => (8, BinOp::Other("<<")),
        ">>" => (8, BinOp::Other(">>")),
        "+" => (9, BinOp::Add),
        "-" => (9, BinOp::Sub),
        "*" => (10, BinOp::Other("*")),
        "/" => (10, BinOp::Other("/")),
        "%" => (10, BinOp::Other("%")),
        _ => return None,
    })
}

/// Compound assignments: read at the loosest level, as operators the
/// checker rejects.
const COMPOUND_ASSIGN: &[&str] = &["+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=", "<<=", ">>="];

/// The binding power of comparisons, which do not chain.
const COMPARISON: u8 = 4;

impl Reader<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn peek_punct(&self, p: &str) -> bool {
        self.peek().is_some_and(|t| t.kind == Kind::Punct && t.text == p)
    }

    /// The node over the tokens from `start` to here, its text the tokens
    /// joined.
    fn node(&self, start: usize, node: Node) -> Expr {
        Expr { node, text: join(&self.tokens[start..self.at]) }
    }

    fn unexpected(&self, t: &Token) -> SyntaxError {
        SyntaxError { message: format!("unexpected `{}`", t.text) }
    }

    fn expected_expression(&self) -> SyntaxError {
        match self.peek() {
            None => SyntaxError { message: "unexpected end of input, expected an expression".into() },
            Some(t) => SyntaxError { message: format!("unexpected `{}`, expected an expression", t.text) },
        }
    }

    /// Closes what `open` opened at `start`, or says it is unclosed.
    fn close(&mut self, open: &str, close: &str) -> Result<(), SyntaxError> {
        if self.peek_punct(close) {
            self.at += 1;
            return Ok(());
        }
        match self.peek() {
            None => Err(SyntaxError { message: format!("unclosed `{open}`") }),
            Some(t) => Err(SyntaxError { message: format!("unexpected `{}`, expected `{close}`", t.text) }),
        }
    }

    /// An expression whose operators bind tighter than `min`.
    fn expr(&mut self, min: u8) -> Result<Expr, SyntaxError> {
        let start = self.at;
        let mut left = self.unary()?;
        let mut compared = false;
        while let Some(t) = self.peek() {
            if t.kind != Kind::Punct {
                break;
            }
            if min == 0 && (t.text == "=" || COMPOUND_ASSIGN.contains(&t.text.as_str())) {
                let op = PUNCTS.iter().find(|p| **p == t.text).copied().unwrap_or("=");
                self.at += 1;
                let right = self.expr(0)?;
                let node = if op == "=" {
                    Node::Invalid(Invalid::Assign)
                } else {
                    Node::Binary(Box::new(left), BinOp::Other(op), Box::new(right))
                };
                return Ok(self.node(start, node));
            }
            let Some((power, op)) = infix(&t.text) else { break };
            if power <= min {
                break;
            }
            if power == COMPARISON {
                if compared {
                    return Err(SyntaxError { message: "comparison operators cannot be chained".into() });
                }
                compared = true;
            }
            self.at += 1;
            let right = self.expr(power)?;
            left = self.node(start, Node::Binary(Box::new(left), op, Box::new(right)));
        }
        Ok(left)
    }

    /// A prefix operator and its operand, or a postfix expression.
    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        let start = self.at;
        let op = match self.peek() {
            Some(t) if t.kind == Kind::Punct && t.text == "!" => UnOp::Not,
            Some(t) if t.kind == Kind::Punct && t.text == "-" => UnOp::Neg,
            Some(t) if t.kind == Kind::Punct && t.text == "*" => UnOp::Deref,
            _ => return self.postfix(),
        };
        self.at += 1;
        let operand = self.unary()?;
        Ok(self.node(start, Node::Unary(op, Box::new(operand))))
    }

    /// A primary expression and its calls, fields, indexing and paths.
    fn postfix(&mut self) -> Result<Expr, SyntaxError> {
        let start = self.at;
        let mut e = self.primary()?;
        loop {
            if self.peek_punct("(") {
                self.at += 1;
                let args = self.list(")")?;
                let node = match &e.node {
                    Node::Primitive(name) => Node::Call(name.clone(), args.into_iter().map(arg).collect()),
                    _ => Node::Invalid(Invalid::NotAName(e.text.clone())),
                };
                e = self.node(start, node);
            } else if self.peek_punct("[") {
                self.at += 1;
                self.list("]")?;
                e = self.node(start, Node::Invalid(Invalid::Unsupported));
            } else if self.peek_punct(".") {
                self.at += 1;
                match self.peek() {
                    Some(t) if matches!(t.kind, Kind::Ident | Kind::Int) => self.at += 1,
                    Some(t) => return Err(self.unexpected(t)),
                    None => return Err(SyntaxError { message: "unexpected end of input after `.`".into() }),
                }
                // A method call is one form with its arguments.
                if self.peek_punct("(") {
                    self.at += 1;
                    self.list(")")?;
                }
                e = self.node(start, Node::Invalid(Invalid::Unsupported));
            } else if self.peek_punct("?") {
                self.at += 1;
                e = self.node(start, Node::Invalid(Invalid::Unsupported));
            } else {
                return Ok(e);
            }
        }
    }

    /// Expressions separated by commas up to `close` (the opening token
    /// read already).
    fn list(&mut self, close: &str) -> Result<Vec<Expr>, SyntaxError> {
        let open = if close == ")" { "(" } else { "[" };
        let mut items = Vec::new();
        while !self.peek_punct(close) {
            items.push(self.expr(0)?);
            if !self.peek_punct(",") {
                break;
            }
            self.at += 1;
        }
        self.close(open, close)?;
        Ok(items)
    }

    fn primary(&mut self) -> Result<Expr, SyntaxError> {
        let start = self.at;
        let Some(t) = self.peek() else { return Err(self.expected_expression()) };
        let t = t.clone();
        self.at += 1;
        let node = match t.kind {
            Kind::Int => t.text.parse().map_or(Node::Invalid(Invalid::Literal), Node::Number),
            Kind::Literal => Node::Invalid(Invalid::Literal),
            Kind::Ident if t.text == "true" || t.text == "false" => Node::Invalid(Invalid::Literal),
            Kind::Ident => {
                // A path: `hand::concealed`.
                let mut path = false;
                while self.peek_punct("::") {
                    self.at += 1;
                    match self.peek() {
                        Some(n) if n.kind == Kind::Ident => self.at += 1,
                        _ => {
                            self.at -= 1;
                            let t = self.tokens[self.at].clone();
                            return Err(self.unexpected(&t));
                        }
                    }
                    path = true;
                }
                if path {
                    Node::Invalid(Invalid::NotAName(join(&self.tokens[start..self.at])))
                } else {
                    Node::Primitive(t.text)
                }
            }
            Kind::Punct => match t.text.as_str() {
                "(" => {
                    if self.peek_punct(")") {
                        // `()`.
                        self.at += 1;
                        Node::Invalid(Invalid::Unsupported)
                    } else {
                        let inner = self.expr(0)?;
                        if self.peek_punct(",") {
                            // A tuple.
                            self.at += 1;
                            self.list(")")?;
                            Node::Invalid(Invalid::Unsupported)
                        } else {
                            self.close("(", ")")?;
                            Node::Paren(Box::new(inner))
                        }
                    }
                }
                "[" => {
                    self.list("]")?;
                    Node::Invalid(Invalid::Unsupported)
                }
                "{" => {
                    let mut depth = 1;
                    while depth > 0 {
                        let Some(t) = self.peek() else {
                            return Err(SyntaxError { message: "unclosed `{`".into() });
                        };
                        if t.kind == Kind::Punct && t.text == "{" {
                            depth += 1;
                        } else if t.kind == Kind::Punct && t.text == "}" {
                            depth -= 1;
                        }
                        self.at += 1;
                    }
                    Node::Invalid(Invalid::Unsupported)
                }
                _ => {
                    self.at -= 1;
                    return Err(self.expected_expression());
                }
            },
        };
        Ok(self.node(start, node))
    }
}

/// An argument of a call, read both ways.
fn arg(expr: Expr) -> Arg {
    let number = match &expr.node {
        Node::Number(n) => Some(*n),
        _ => None,
    };
    let class = match &expr.node {
        Node::Primitive(name) => Class::Name(name.clone()),
        Node::Call(name, args) => Class::Constructor(Some(name.clone()), args.iter().map(|a| a.number).collect()),
        _ => Class::Other,
    };
    Arg { expr, number, class }
}

/// Tokens joined by single spaces, none after an opening bracket or before
/// a closing one (`f (a , b)`, `[kongs]`); braces keep theirs.
fn join(tokens: &[Token]) -> String {
    let mut s = String::new();
    let mut after_open = true;
    for t in tokens {
        let punct = |p: &str| t.kind == Kind::Punct && t.text == p;
        if !after_open && !punct(")") && !punct("]") {
            s.push(' ');
        }
        s += &t.text;
        after_open = punct("(") || punct("[");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> String {
        parse(s).unwrap().text().to_string()
    }

    fn error(s: &str) -> String {
        parse(s).unwrap_err().to_string()
    }

    /// The text of a node is its tokens joined as Rust's token printing
    /// joins them (spaces between tokens, none inside brackets).
    #[test]
    fn text_is_the_tokens_joined() {
        assert_eq!(text("a&&b"), "a && b");
        assert_eq!(text("!self_drawn"), "! self_drawn");
        assert_eq!(text("all_tiles(rank_in(7,9))"), "all_tiles (rank_in (7 , 9))");
        assert_eq!(text("a::kongs == 4"), "a :: kongs == 4");
        assert_eq!(text("[kongs]"), "[kongs]");
        assert_eq!(text("-kongs"), "- kongs");
        assert_eq!(text("ranks()"), "ranks ()");
        assert_eq!(text("!( a || b )"), "! (a || b)");
        assert_eq!(text("\"four\""), "\"four\"");
        assert_eq!(text("{ a }"), "{ a }");
    }

    #[test]
    fn precedence_is_rusts() {
        // `||` loosest, then `&&`, comparisons, `+ -`, `* / %`, prefix.
        let e = parse("a || b && c == 1 + 2 * 3").unwrap();
        let Node::Binary(l, BinOp::Or, r) = &e.node else { panic!("{e:?}") };
        assert_eq!(l.text(), "a");
        let Node::Binary(_, BinOp::And, r) = &r.node else { panic!("{r:?}") };
        let Node::Binary(_, BinOp::Eq, r) = &r.node else { panic!("{r:?}") };
        let Node::Binary(_, BinOp::Add, r) = &r.node else { panic!("{r:?}") };
        assert_eq!(
            r.node,
            Node::Binary(Box::new(parse("2").unwrap()), BinOp::Other("*"), Box::new(parse("3").unwrap()))
        );
        // Left-associative.
        let e = parse("a - b - c").unwrap();
        let Node::Binary(l, BinOp::Sub, _) = &e.node else { panic!() };
        assert_eq!(l.text(), "a - b");
        // A prefix binds tighter than any infix operator.
        let e = parse("!a && b").unwrap();
        let Node::Binary(l, BinOp::And, _) = &e.node else { panic!() };
        assert_eq!(l.node, Node::Unary(UnOp::Not, Box::new(parse("a").unwrap())));
    }

    #[test]
    fn calls_and_arguments() {
        let e = parse("win_tile(rank(5))").unwrap();
        let Node::Call(name, args) = &e.node else { panic!() };
        assert_eq!(name, "win_tile");
        assert_eq!(args[0].class, Class::Constructor(Some("rank".into()), vec![Some(5)]));
        assert_eq!(args[0].number, None);
        let e = parse("ranks(2, 5, 8)").unwrap();
        let Node::Call(_, args) = &e.node else { panic!() };
        assert_eq!(args.iter().map(|a| a.number).collect::<Vec<_>>(), [Some(2), Some(5), Some(8)]);
        assert_eq!(args[0].class, Class::Other);
        let e = parse("ranks(2, 5,)").unwrap();
        let Node::Call(_, args) = &e.node else { panic!() };
        assert_eq!(args.len(), 2);
    }

    /// The forms outside the language, read as leaves for the checker.
    #[test]
    fn forms_outside_the_language_are_leaves() {
        let invalid = |s: &str| parse(s).unwrap().node;
        for literal in ["\"four\"", "1.5", "true", "false", "4u8", "'a'", "99999999999999999999999"] {
            assert_eq!(invalid(literal), Node::Invalid(Invalid::Literal), "{literal}");
        }
        assert_eq!(invalid("kongs = 4"), Node::Invalid(Invalid::Assign));
        assert_eq!(invalid("hand::concealed"), Node::Invalid(Invalid::NotAName("hand :: concealed".into())));
        assert_eq!(invalid("(pairs)(1)"), Node::Invalid(Invalid::NotAName("(pairs)".into())));
        assert_eq!(invalid("a::b(1)"), Node::Invalid(Invalid::NotAName("a :: b".into())));
        for unsupported in ["hand.concealed", "pairs[0]", "[kongs]", "a.b()", "()", "(a, b)", "{ a }", "a?"] {
            assert_eq!(invalid(unsupported), Node::Invalid(Invalid::Unsupported), "{unsupported}");
        }
        let Node::Binary(_, op, _) = invalid("kongs * 1") else { panic!() };
        assert_eq!(op.as_str(), "*");
        let Node::Binary(_, op, _) = invalid("kongs += 1") else { panic!() };
        assert_eq!(op, BinOp::Other("+="));
        assert_eq!(invalid("-kongs"), Node::Unary(UnOp::Neg, Box::new(parse("kongs").unwrap())));
    }

    #[test]
    fn syntax_errors_say_what_was_found() {
        assert_eq!(error(""), "unexpected end of input, expected an expression");
        assert_eq!(error("fourth_tile +"), "unexpected end of input, expected an expression");
        assert_eq!(error("count kongs"), "unexpected `kongs`");
        assert_eq!(error("kongs == )"), "unexpected `)`, expected an expression");
        assert_eq!(error("(kongs == 4"), "unclosed `(`");
        assert_eq!(error("all(wind"), "unclosed `(`");
        assert_eq!(error("all(wind;"), "unexpected `;`, expected `)`");
        assert_eq!(error("kongs == 4)"), "unexpected `)`");
        assert_eq!(error("a == b == c"), "comparison operators cannot be chained");
        assert_eq!(error("kongs € 4"), "unexpected character `€`");
        assert_eq!(error("tiles == \"four"), "unterminated string literal");
        assert_eq!(error("a::"), "unexpected `::`");
        assert_eq!(error("hand."), "unexpected end of input after `.`");
        assert_eq!(error("{ a"), "unclosed `{`");
    }
}
