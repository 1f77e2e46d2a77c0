//! `Engine`: the Botzone judge's state machine (`mcr_engine::engine::Engine`)
//! with the validator's interface (`reset`/`step` returning
//! `{"requests": {...}, "display": {...}}`) and typed accessors.

use mcr_engine::engine::{Engine as Core, Turn};
use mcr_engine::tiles::Tile;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::convert::{json_to_py, seat as seat_number, turn_dict};
use crate::EngineError;

/// One game at a time, in process. `reset(wall, quan, srand)` starts a game
/// and returns the INIT turn; `step(responses)` feeds the four seats'
/// answers and returns the next turn. Turns are dicts shaped as the public
/// validator expects; after each call the typed accessors describe it.
#[pyclass(module = "mcr_engine")]
pub struct Engine {
    core: Core,
    turn: Option<Turn>,
}

impl Engine {
    fn turn(&self) -> PyResult<&Turn> {
        self.turn.as_ref().ok_or_else(|| EngineError::new_err("no turn yet: call reset first"))
    }
    /// The engine to change; EngineError when a call on it is under way
    /// (Python code run by that call's arguments calling it again).
    fn borrow<'py>(slf: &Bound<'py, Self>) -> PyResult<PyRefMut<'py, Self>> {
        slf.try_borrow_mut().map_err(|_| {
            EngineError::new_err("the engine is in use by a call under way (reset or step called from inside one)")
        })
    }
}

#[pymethods]
impl Engine {
    /// A judge under the rule profile `rules` (`profiles()`; the minimum
    /// fan, scores and penalty follow it). Raises `UnknownRules` for an
    /// unknown name.
    #[new]
    #[pyo3(signature = (rules="botzone"))]
    fn new(rules: &str) -> PyResult<Engine> {
        Ok(Engine { core: Core::with_profile(crate::rules::profile(rules)?), turn: None })
    }

    /// The rule profile's name.
    #[getter]
    fn rules(&self) -> &'static str {
        self.core.profile().name
    }

    /// Starts a game on the 136-tile `wall` (seat s owns `wall[34s:34s+34]`),
    /// prevalent wind `quan` (0..3) and the judge's seed `srand`; returns the
    /// INIT turn. Raises EngineError on a bad wall, quan or srand.
    fn reset<'py>(slf: &Bound<'py, Self>, wall: Vec<String>, quan: i64, srand: i64) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let mut this = Self::borrow(slf)?;
        let this = &mut *this;
        this.turn = None;
        match this.core.reset(&wall, quan, srand) {
            Ok(t) => {
                let d = turn_dict(py, &t)?;
                this.turn = Some(t);
                Ok(d)
            }
            Err(e) => {
                this.core = Core::new();
                Err(EngineError::new_err(format!("reset: {e}")))
            }
        }
    }

    /// Feeds the answers (`{"0": "PASS", ...}`, or a sequence of four by
    /// seat) and returns the next turn. Raises EngineError on a missing
    /// answer, before reset or after the end of the game (an illegal answer
    /// is not an error: it ends the game with the judge's WA verdict).
    /// `verdicts` (`{"2": "TLE"}`, a record turn's `verdicts`): seats the
    /// platform gave a verdict instead of an answer (their answer may be
    /// missing); the judge ends the game on the first it examines.
    #[pyo3(signature = (responses, verdicts=None))]
    fn step<'py>(
        slf: &Bound<'py, Self>,
        responses: &Bound<'py, PyAny>,
        verdicts: Option<std::collections::BTreeMap<String, String>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        let verdicts = verdicts.unwrap_or_default();
        let failed: [Option<String>; 4] =
            std::array::from_fn(|s| verdicts.get(mcr_engine::record::SEAT_KEYS[s]).cloned());
        let mut answers: [String; 4] = Default::default();
        if let Ok(d) = responses.downcast::<PyDict>() {
            for (k, _) in d.iter() {
                let key: String = k.str()?.to_string();
                if !matches!(key.as_str(), "0" | "1" | "2" | "3") {
                    return Err(EngineError::new_err(format!("step: response key {key:?} is not a seat \"0\"..\"3\"")));
                }
            }
            for (seat, slot) in answers.iter_mut().enumerate() {
                let Some(v) = d.get_item(mcr_engine::record::SEAT_KEYS[seat])? else {
                    if failed[seat].is_some() {
                        continue;
                    }
                    return Err(EngineError::new_err(format!("step: no response for seat {seat}")));
                };
                *slot = v
                    .extract()
                    .map_err(|_| EngineError::new_err(format!("step: response of seat {seat} is not a str")))?;
            }
        } else {
            let v: Vec<String> = responses
                .extract()
                .map_err(|_| EngineError::new_err("step: responses must be a dict {\"0\": str, ..} or four strs"))?;
            if v.len() != 4 {
                return Err(EngineError::new_err(format!("step: {} responses, expected 4", v.len())));
            }
            for (slot, a) in answers.iter_mut().zip(v) {
                *slot = a;
            }
        }
        // The answers are read first: reading them may run Python code
        // (a key's `__str__`, a sequence's `__getitem__`) that uses this engine.
        let mut this = Self::borrow(slf)?;
        let r = [answers[0].as_str(), answers[1].as_str(), answers[2].as_str(), answers[3].as_str()];
        let v = [0, 1, 2, 3].map(|s| failed[s].as_deref());
        let t = this.core.step_with_verdicts(r, v).map_err(|e| EngineError::new_err(format!("step: {e}")))?;
        let d = turn_dict(py, &t)?;
        this.turn = Some(t);
        Ok(d)
    }

    /// The last turn's display action: INIT, DEAL, DRAW, PLAY, PENG, CHI,
    /// GANG, BUGANG, HUANG, HU, WA or WH.
    #[getter]
    fn action(&self) -> PyResult<String> {
        Ok(self.turn()?.event.action().to_string())
    }
    /// The seat the last event is about (None for INIT, DEAL, HUANG).
    #[getter]
    fn player(&self) -> PyResult<Option<u8>> {
        Ok(self.turn()?.event.player())
    }
    /// The last turn's canHu: per seat -4 (not asked) or the calculator's raw result.
    #[getter]
    fn can_hu(&self) -> PyResult<[i32; 4]> {
        Ok(self.turn()?.can_hu)
    }
    /// Tiles left in each seat's wall segment.
    #[getter]
    fn tile_cnt(&self) -> PyResult<[u8; 4]> {
        Ok(self.turn()?.tile_cnt)
    }
    /// The game has ended (or not started).
    #[getter]
    fn is_over(&self) -> bool {
        self.core.is_over()
    }
    /// Final scores by seat once the game has ended, else None.
    #[getter]
    fn scores(&self) -> PyResult<Option<[i32; 4]>> {
        Ok(self.turn()?.event.scores())
    }
    /// The request strings the seats receive next (None once the game is over).
    fn requests(&self) -> PyResult<Option<[String; 4]>> {
        Ok(self.turn()?.requests())
    }
    /// The last turn's display dict (as `step` returned it).
    fn display<'py>(&self, py: Python<'py>) -> PyResult<PyObject> {
        json_to_py(py, &self.turn()?.display_json())
    }
    /// Concealed tiles of `seat`, sorted, as names.
    fn hand<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyList>> {
        let counts = self.core.hand(seat_number(seat)?);
        let names: Vec<&str> =
            Tile::all().flat_map(|t| std::iter::repeat_n(t.name(), counts[t.index()] as usize)).collect();
        PyList::new(py, names)
    }
    /// Melds of `seat` as `(kind, tile, offer)` in pymahjonggb's encoding.
    fn packs(&self, seat: i64) -> PyResult<Vec<(&'static str, &'static str, u8)>> {
        Ok(self.core.packs(seat_number(seat)?).iter().map(|p| (p.kind.name(), p.tile.name(), p.offer)).collect())
    }
    fn __repr__(&self) -> String {
        match &self.turn {
            None => "Engine(not started)".into(),
            Some(t) => format!("Engine(last={}, over={})", t.event.action(), self.core.is_over()),
        }
    }
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Engine>()
}
