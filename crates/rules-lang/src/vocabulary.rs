//! The words a rules file may use: primitives the engine offers, by context.
//!
//! The one list of words: the checker ([`crate::lang`], run by `build.rs`
//! and `mcr rules check`) checks `rules/` against it (an unknown or misused
//! word fails naming file, line and fan), and the views in
//! `crates/core/src/fans/primitives.rs` implement one method per entry (the generated code
//! calls them, so a word without a method does not compile either).
//!
//! ```
//! use mcr_rules_lang::vocabulary::{lookup, Context, Shape};
//!
//! // `pair_is(class)` in a `when` line: a yes/no of one tile class.
//! assert_eq!(lookup("pair_is", Context::Hand).unwrap().shape, Shape::BoolOfClass);
//! // `shifted(n)` relates the sets of a group: not a word of a hand condition.
//! assert_eq!(lookup("shifted", Context::Group).unwrap().shape, Shape::BoolOfNumbers(1));
//! assert!(lookup("shifted", Context::Hand).is_none());
//! ```

/// Where an expression is evaluated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Context {
    /// A whole reading of the hand (`when` / `count` of a fan).
    Hand,
    /// A group of N chows or pungs (`when chows(N): ...`).
    Group,
    /// The hand as given, before any reading (`flag ... when ...`).
    Flag,
}

/// How a primitive is called and what it yields.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Shape {
    /// `name`, a yes/no.
    Bool,
    /// `name`, a number.
    Count,
    /// `name(class)`, a yes/no.
    BoolOfClass,
    /// `name(class)`, a number.
    CountOfClass,
    /// `name(n, ...)` with this many numbers (0 = any number of them), a yes/no.
    BoolOfNumbers(usize),
}

/// A word of the vocabulary: a primitive a condition may use in one
/// context. The tables of rules/README.md ("Primitives") are generated from
/// these entries.
pub struct Primitive {
    /// The word as written in a condition (`pair_is`, `same_suit`).
    pub name: &'static str,
    /// Where it may be used: a word may have an entry in more than one
    /// context (`self_drawn` in a hand condition and in a flag rule).
    pub context: Context,
    /// How it is called and what it yields (a yes/no or a number).
    pub shape: Shape,
    /// What it means, one line in the maintainers' words (the README's
    /// "meaning" column).
    pub doc: &'static str,
}

const fn p(name: &'static str, context: Context, shape: Shape, doc: &'static str) -> Primitive {
    Primitive { name, context, shape, doc }
}

use Context::*;
use Shape::*;

/// Every primitive, by context, in the order of the README's tables; the
/// checker refuses any other word where a primitive goes.
pub const PRIMITIVES: &[Primitive] = &[
    // --- readings (shapes) ---
    p("regular", Hand, Bool, "the reading is four sets and a pair"),
    p("seven_pairs", Hand, Bool, "the reading is seven pairs"),
    p("shifted_pairs", Hand, Bool, "the seven pairs are seven consecutive ranks of one suit"),
    p("thirteen_orphans", Hand, Bool, "the reading is thirteen orphans"),
    p("honors_knitted", Hand, Bool, "the reading is fourteen single tiles: honours and knitted suit tiles"),
    p("knitted_straight", Hand, Bool, "the hand holds a whole knitted straight (147/258/369 in three suits)"),
    p("nine_gates", Hand, Bool, "no melds, one suit, 1112345678999 plus one tile"),
    p("distinct_honors", Hand, Count, "how many of the seven honours the hand holds"),
    // --- sets ---
    p("chows", Hand, Count, "chows in the reading (melded or concealed)"),
    p("pungs", Hand, Count, "pungs and kongs in the reading"),
    p("kongs", Hand, Count, "kongs"),
    p("melded_kongs", Hand, Count, "kongs made from another player's tile"),
    p("concealed_kongs", Hand, Count, "concealed kongs"),
    p("concealed_pungs", Hand, Count, "concealed pungs and kongs (see policy discard_completes_pung)"),
    p("melded_sets", Hand, Count, "sets melded from other players' tiles (concealed kongs are not)"),
    p("count_pungs", Hand, CountOfClass, "pungs and kongs of tiles of a class"),
    p("pung_kinds", Hand, CountOfClass, "kinds of tiles of a class among the pungs and kongs (two pungs of one kind, six copies, are one)"),
    p("pair_is", Hand, BoolOfClass, "the reading has a pair of a tile of the class"),
    p("all_packs_contain", Hand, BoolOfClass, "every set and the pair holds a tile of the class"),
    p("all_packs_pung_of", Hand, BoolOfClass, "every set is a pung or kong, and it and the pair are of the class"),
    // --- tiles ---
    p("all_tiles", Hand, BoolOfClass, "every tile of the hand is of the class"),
    p("any_tile", Hand, BoolOfClass, "some tile of the hand is of the class"),
    p("voided_suits", Hand, Count, "suits (characters, bamboo, dots) with no tile in the hand"),
    p("tile_hogs", Hand, Count, "tile kinds used four times without being a kong"),
    // --- the win ---
    p("self_drawn", Hand, Bool, "won on a self-drawn tile"),
    p("fourth_tile", Hand, Bool, "the win tile is the last of its kind (after the flag rules)"),
    p("about_kong", Hand, Bool, "won on a kong replacement or by robbing a kong (after the flag rules)"),
    p("wall_last", Hand, Bool, "won on the last tile of the wall"),
    p("unique_wait", Hand, Bool, "the hand before the win waited on one tile kind only"),
    p("win_at_chow_end", Hand, Bool, "the win tile is the first or last tile of a concealed chow"),
    p("win_in_chow_middle", Hand, Bool, "the win tile is the middle tile of a concealed chow"),
    p("win_on_pair", Hand, Bool, "the win tile completes the pair"),
    p("win_tile", Hand, BoolOfClass, "the win tile is of the class (e.g. `win_tile(rank(5))`)"),
    p("win_in_knitted_straight", Hand, Bool, "the reading holds a knitted straight and the win tile is one of its nine tiles"),
    p("initial", Hand, Bool, "won with the dealt hand or on the first discard (the `initial` win flag: `flags.initial` in hand records, `initial` in the notation)"),
    p("seat_wind", Hand, Count, "the seat wind: 0 = East (the dealer), 1 = South, 2 = West, 3 = North"),
    p("prevalent_wind", Hand, Count, "the prevalent wind: 0 = East ... 3 = North"),
    p("fixed_packs", Hand, Count, "packs declared before the win: melded sets and concealed kongs"),
    p("flowers", Hand, Count, "flower tiles"),
    p("no_other_fan", Hand, Bool, "no other fan counts in this reading"),
    // --- groups of sets (`chows(N):` / `pungs(N):`) ---
    p("all", Group, BoolOfClass, "every set of the group is of tiles of the class"),
    p("same_suit", Group, Bool, "the sets are of one suit"),
    p("mixed_suits", Group, Bool, "the sets are of pairwise different suits"),
    p("suit_count", Group, Count, "how many suits the sets use"),
    p("same_rank", Group, Bool, "the sets have the same rank (a chow's rank is its middle tile's)"),
    p("same_tile", Group, Bool, "the sets are identical"),
    p("distinct_tiles", Group, Bool, "no two sets are identical (a kind held a fifth or sixth time can make two pungs of it)"),
    p("shifted", Group, BoolOfNumbers(1), "sorted ranks rise by exactly this step"),
    p("ranks", Group, BoolOfNumbers(0), "sorted ranks are exactly these"),
    p("each_suit_ranks", Group, BoolOfNumbers(0), "in every suit used, the sorted ranks are exactly these"),
    p("pair_rank", Group, BoolOfNumbers(1), "the pair of the reading has this rank"),
    p("pair_same_suit", Group, Bool, "the pair is of the sets' (one) suit"),
    p("pair_new_suit", Group, Bool, "the pair is of a suit no set of the group uses"),
    p("is_prevalent_wind", Group, Bool, "the set is of the prevalent wind"),
    p("is_seat_wind", Group, Bool, "the set is of the seat wind"),
    // --- the hand as given (flag rules) ---
    p("self_drawn", Flag, Bool, "the self-drawn flag as given"),
    p("fourth_tile", Flag, Bool, "the 4th-tile flag as given so far"),
    p("about_kong", Flag, Bool, "the about-kong flag as given so far"),
    p("wall_last", Flag, Bool, "the wall-last flag as given"),
    p("win_copies_concealed", Flag, Count, "copies of the win tile among the standing tiles and the win tile"),
    p("win_copies_melded", Flag, Count, "copies of the win tile in the melded packs"),
    p("fixed_kongs", Flag, Count, "kongs among the melded packs"),
    p("initial", Flag, Bool, "the initial flag as given (won with the dealt hand or on the first discard)"),
    p("seat_wind", Flag, Count, "the seat wind: 0 = East (the dealer) ... 3 = North"),
    p("fixed_packs", Flag, Count, "packs declared before the win: melded sets and concealed kongs"),
];

/// Tile classes usable as `name` arguments, and as `name(n, ...)` constructors.
pub const CLASSES: &[(&str, &str)] = &[
    ("honor", "winds and dragons"),
    ("wind", "east, south, west, north"),
    ("dragon", "red, green, white"),
    ("terminal", "1 and 9 of a suit"),
    ("terminal_or_honor", "1, 9 and honours"),
    ("simple", "2 to 8 of a suit"),
    ("numbered", "suit tiles"),
    ("even", "2, 4, 6, 8 of a suit"),
    ("green", "2 3 4 6 8 bamboo and the green dragon"),
    ("reversible", "1 2 3 4 5 8 9 dots, 2 4 5 6 8 9 bamboo, white dragon"),
];

/// Class constructors: (name, number of arguments, doc).
pub const CLASS_CONSTRUCTORS: &[(&str, usize, &str)] = &[
    ("rank", 1, "suit tiles of this rank"),
    ("rank_in", 2, "suit tiles with a rank from the first to the second number"),
];

/// The primitive `name` of a context, or `None` when the word is not one
/// there (`lookup("same_suit", Context::Hand)` is `None`: `same_suit` is a
/// group primitive).
pub fn lookup(name: &str, context: Context) -> Option<&'static Primitive> {
    PRIMITIVES.iter().find(|p| p.name == name && p.context == context)
}

/// Group primitives that read more than the group's tiles: the reading's
/// pair ([`GROUP_READS_PAIR`]), and the winds ([`GROUP_READS_WINDS`]). Group
/// fans that use none of them depend on the tiles alone, and are looked up
/// in tables made from the generated matchers; single-set fans that read no
/// pair, in tables by tile and winds.
pub const GROUP_READS_PAIR: &[&str] = &["pair_rank", "pair_same_suit", "pair_new_suit"];
/// Group primitives that read the prevalent or the seat wind (see
/// [`GROUP_READS_PAIR`]).
pub const GROUP_READS_WINDS: &[&str] = &["is_prevalent_wind", "is_seat_wind"];

/// Reading shapes a `special_readings` policy may name.
pub const SPECIAL_READINGS: &[&str] = &["seven_pairs", "honors_knitted", "thirteen_orphans", "knitted_straight"];

/// Win flags a `flag` rule may set.
pub const FLAGS: &[&str] = &["fourth_tile", "about_kong"];
