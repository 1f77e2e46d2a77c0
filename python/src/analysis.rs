//! The Pythonic hand analysis: `shanten`, `discards`, `waits`, over the
//! library's `mcr_engine::analysis` (the one implementation; the fans of a
//! wait are the calculator's, as `Result` objects of [`crate::calc`]).
//!
//! A hand is the compact notation (`"[chi 456m] 123s 789s 4p 5p 6z 6z"`,
//! its packs, flags and winds in it) or a sequence of tile names with
//! `pack=` a sequence of `(kind, tile, offer)`.

use mcr_engine::analysis::{self, HandShanten, ShantenError, TileSet, SHAPES};
use mcr_engine::hand::{HandInput, Pack, WinFlags};
use mcr_engine::notation::{self, parse_tiles};
use mcr_engine::tiles::Tile;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::calc::Result as FanResultPy;
use crate::convert::{packs as read_packs, tiles as read_tiles};
use crate::HandError;

fn names(s: TileSet) -> Vec<&'static str> {
    s.iter().map(|t| t.name()).collect()
}

/// A list of tile names as Python writes it: `['W1', 'B3']`.
fn py_list(names: &[&str]) -> String {
    format!("[{}]", names.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", "))
}

fn py_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

/// The shanten of one shape and its useful tiles.
#[pyclass(module = "mcr_engine", frozen, get_all)]
#[derive(Clone)]
pub struct ShapeShanten {
    /// "regular", "seven_pairs", "thirteen_orphans", "honors_knitted" or "knitted_straight".
    shape: &'static str,
    /// Tiles to change before waiting (0: waiting).
    shanten: i32,
    /// Tile names that lower it (the winning tiles when waiting), in tile order.
    useful: Vec<&'static str>,
}

#[pymethods]
impl ShapeShanten {
    fn __repr__(&self) -> String {
        format!("ShapeShanten('{}', shanten={}, useful={})", self.shape, self.shanten, py_list(&self.useful))
    }
}

/// The five shapes as a dict: shape name -> ShapeShanten, or None where the
/// shape does not take that many standing tiles.
fn shapes_dict<'py>(py: Python<'py>, h: &HandShanten) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (shape, r) in SHAPES.iter().zip(h.shapes) {
        match r {
            Ok(s) => d.set_item(
                shape.name(),
                ShapeShanten { shape: shape.name(), shanten: s.shanten, useful: names(s.useful) },
            )?,
            Err(_) => d.set_item(shape.name(), py.None())?,
        }
    }
    Ok(d)
}

/// What `shanten` returns: the least shanten over the five shapes, the
/// useful tiles of the shapes at it, and each shape.
#[pyclass(module = "mcr_engine", frozen)]
pub struct Shanten {
    h: HandShanten,
}

#[pymethods]
impl Shanten {
    /// The least shanten over the shapes (pymahjonggb's `MahjongShanten`).
    #[getter]
    fn shanten(&self) -> i32 {
        self.h.shanten().unwrap_or(i32::MAX)
    }
    /// Whether one tile completes the hand in some shape (shanten 0).
    #[getter]
    fn is_waiting(&self) -> bool {
        self.h.shanten() == Ok(0)
    }
    /// Useful tiles of the shapes at the least shanten, in tile order.
    #[getter]
    fn useful(&self) -> Vec<&'static str> {
        names(self.h.useful())
    }
    /// shape name -> ShapeShanten, or None where the shape does not take
    /// that many standing tiles.
    #[getter]
    fn shapes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        shapes_dict(py, &self.h)
    }
    fn __repr__(&self) -> String {
        format!("Shanten(shanten={}, useful={})", self.shanten(), py_list(&self.useful()))
    }
}

/// One row of the discard table.
#[pyclass(module = "mcr_engine", frozen)]
pub struct Discard {
    d: analysis::Discard,
}

#[pymethods]
impl Discard {
    /// The tile discarded.
    #[getter]
    fn tile(&self) -> &'static str {
        self.d.tile.name()
    }
    /// The least shanten after the discard.
    #[getter]
    fn shanten(&self) -> i32 {
        self.d.shanten
    }
    /// Useful tiles of the shapes at that shanten.
    #[getter]
    fn useful(&self) -> Vec<&'static str> {
        names(self.d.useful)
    }
    /// Unseen copies of the useful tiles: 4 each, minus those in the hand,
    /// its packs and `visible`.
    #[getter]
    fn unseen(&self) -> u32 {
        self.d.unseen
    }
    /// Every shape after the discard (as `Shanten.shapes`).
    #[getter]
    fn shapes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        shapes_dict(py, &self.d.shapes)
    }
    fn __repr__(&self) -> String {
        format!(
            "Discard('{}', shanten={}, useful={}, unseen={})",
            self.tile(),
            self.d.shanten,
            py_list(&self.useful()),
            self.d.unseen
        )
    }
}

/// One winning tile of a waiting hand, scored by the calculator both ways.
#[pyclass(module = "mcr_engine", frozen, get_all)]
pub struct Wait {
    /// The winning tile.
    tile: &'static str,
    /// The hand won with it self-drawn (a `Result`: total, fans, reading).
    self_drawn: Py<FanResultPy>,
    /// The hand won with it on a discard.
    discard: Py<FanResultPy>,
    /// `(self_drawn, discard)`: whether each falls below the 8-fan minimum
    /// (then the rules do not allow that win).
    below_minimum: (bool, bool),
}

#[pymethods]
impl Wait {
    fn __repr__(&self) -> String {
        let (z, d) = (self.self_drawn.get().total_fan(), self.discard.get().total_fan());
        let (bz, bd) = self.below_minimum;
        format!("Wait('{}', self_drawn={z}, discard={d}, below_minimum=({}, {}))", self.tile, py_bool(bz), py_bool(bd))
    }
}

/// A hand as the analysis takes it: packs, standing tiles (a `+` tile of the
/// notation appended), and what the notation says of flags and winds.
struct Hand {
    packs: Vec<Pack>,
    standing: Vec<Tile>,
    marked_win: bool,
    flags: WinFlags,
    seat: u8,
    prevalent: u8,
    flowers: u8,
}

fn read_hand(hand: &Bound<'_, PyAny>, pack: Option<&Bound<'_, PyAny>>) -> PyResult<Hand> {
    if let Ok(text) = hand.extract::<String>() {
        if pack.is_some() {
            return Err(HandError::new_err("a hand in notation carries its packs: pass no pack= with it"));
        }
        let h = notation::parse_hand_text(&text).map_err(HandError::new_err)?;
        let mut standing = h.standing;
        standing.extend(h.win);
        return Ok(Hand {
            packs: h.packs,
            standing,
            marked_win: h.win.is_some(),
            flags: h.flags,
            seat: h.seat,
            prevalent: h.prevalent,
            flowers: h.flowers,
        });
    }
    let standing = read_tiles(hand, "hand")?;
    let packs = match pack {
        Some(p) => read_packs(p)?,
        None => Vec::new(),
    };
    Ok(Hand { packs, standing, marked_win: false, flags: WinFlags::default(), seat: 0, prevalent: 0, flowers: 0 })
}

/// Checks that the hand holds `total` tiles counting each pack as 3.
fn check_count(h: &Hand, total: usize, what: &str, hint: &str) -> PyResult<()> {
    if h.packs.len() > 4 || h.standing.len() + 3 * h.packs.len() != total {
        return Err(HandError::new_err(format!(
            "{} standing tiles and {} packs: {what} has {total} - 3 x packs standing tiles{hint}",
            h.standing.len(),
            h.packs.len()
        )));
    }
    Ok(())
}

fn shanten_error(e: ShantenError) -> PyErr {
    HandError::new_err(e.to_string())
}

/// The shanten of a hand waiting for its 14th tile (13 - 3 x packs standing
/// tiles), in each of the five shapes and overall, with the useful tiles.
/// `hand`: the notation, or tile names with `pack=` (kind, tile, offer).
#[pyfunction]
#[pyo3(signature = (hand, pack=None))]
fn shanten(hand: &Bound<'_, PyAny>, pack: Option<&Bound<'_, PyAny>>) -> PyResult<Shanten> {
    let h = read_hand(hand, pack)?;
    check_count(&h, 13, "a hand waiting for its 14th tile", " (discards() takes a hand holding it)")?;
    let a = analysis::analyse(&h.packs, &h.standing);
    a.shanten().map_err(shanten_error)?;
    Ok(Shanten { h: a })
}

/// The discard table of a hand holding its 14th tile (14 - 3 x packs
/// standing tiles; in the notation a `+` tile is the one drawn), best first:
/// least shanten, then most unseen useful copies, then most useful kinds.
/// `visible`: tiles seen elsewhere (notation or names), not counted unseen.
#[pyfunction]
#[pyo3(signature = (hand, pack=None, visible=None))]
fn discards(
    hand: &Bound<'_, PyAny>,
    pack: Option<&Bound<'_, PyAny>>,
    visible: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Discard>> {
    let h = read_hand(hand, pack)?;
    check_count(&h, 14, "a hand holding its 14th tile", " (shanten() takes a hand waiting for it)")?;
    let visible = match visible {
        None => Vec::new(),
        Some(v) => match v.extract::<String>() {
            Ok(text) => text
                .split_whitespace()
                .map(parse_tiles)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| HandError::new_err(format!("visible: {e}")))?
                .concat(),
            Err(_) => read_tiles(v, "visible")?,
        },
    };
    let rows = analysis::discards(&h.packs, &h.standing, &visible).map_err(shanten_error)?;
    Ok(rows.into_iter().map(|d| Discard { d }).collect())
}

/// Each tile that completes a hand waiting for its 14th tile (13 - 3 x packs
/// standing tiles, no `+` tile), in tile order, with the calculator's result
/// self-drawn and on a discard. The keywords (or, for the notation, its
/// words `4th`, `kong`, `last`, `seat=`, `prevalent=`, `flowers=`; a keyword
/// given wins) apply to every win. `rules`: the rule profile that scores
/// the wins and sets the minimum of `below_minimum` (`profiles()`).
#[pyfunction]
#[pyo3(signature = (hand, pack=None, *, flower_count=None, fourth_tile=None, about_kong=None, wall_last=None,
                    seat_wind=None, prevalent_wind=None, rules="botzone"))]
#[allow(clippy::too_many_arguments)]
fn waits(
    py: Python<'_>,
    hand: &Bound<'_, PyAny>,
    pack: Option<&Bound<'_, PyAny>>,
    flower_count: Option<u8>,
    fourth_tile: Option<bool>,
    about_kong: Option<bool>,
    wall_last: Option<bool>,
    seat_wind: Option<u8>,
    prevalent_wind: Option<u8>,
    rules: &str,
) -> PyResult<Vec<Wait>> {
    let profile = crate::rules::profile(rules)?;
    let h = read_hand(hand, pack)?;
    if h.marked_win {
        return Err(HandError::new_err("a waiting hand has no winning tile yet: leave out the +tile"));
    }
    check_count(&h, 13, "a waiting hand", "")?;
    let flags = WinFlags {
        self_drawn: false,
        fourth_tile: fourth_tile.unwrap_or(h.flags.fourth_tile),
        about_kong: about_kong.unwrap_or(h.flags.about_kong),
        wall_last: wall_last.unwrap_or(h.flags.wall_last),
        initial: h.flags.initial,
    };
    let (seat, prevalent, flowers) =
        (seat_wind.unwrap_or(h.seat), prevalent_wind.unwrap_or(h.prevalent), flower_count.unwrap_or(h.flowers));
    let found = analysis::waits::waits_with(profile, &h.packs, &h.standing, flags, seat, prevalent, flowers)
        .map_err(|e| HandError::new_err(e.to_string()))?;
    let mut out = Vec::with_capacity(found.len());
    for w in found {
        let input = |self_drawn| {
            HandInput::new(&h.packs, &h.standing, w.tile, WinFlags { self_drawn, ..flags }, seat, prevalent, flowers)
                .map_err(|e| HandError::new_err(e.to_string()))
        };
        out.push(Wait {
            tile: w.tile.name(),
            below_minimum: w.below_minimum(),
            self_drawn: Py::new(py, FanResultPy::new(input(true)?, w.self_drawn))?,
            discard: Py::new(py, FanResultPy::new(input(false)?, w.discard))?,
        });
    }
    Ok(out)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<ShapeShanten>()?;
    m.add_class::<Shanten>()?;
    m.add_class::<Discard>()?;
    m.add_class::<Wait>()?;
    // The judge's minimum (the botzone profile's `game min_fan`).
    m.add("MINIMUM_FAN", mcr_engine::fans::Profile::default().game.min_fan)?;
    m.add_function(wrap_pyfunction!(shanten, m)?)?;
    m.add_function(wrap_pyfunction!(discards, m)?)?;
    m.add_function(wrap_pyfunction!(waits, m)?)?;
    Ok(())
}
