"""Type stubs of mcr_engine (the native module mcr_engine._native)."""
from os import PathLike
from typing import Any, Dict, Iterable, Iterator, List, Literal, Mapping, Optional, Sequence, Tuple, TypedDict, Union, overload

BUILD_ID: str
__version__: str

TileName = str
PackTuple = Tuple[str, TileName, int]
Turn = Dict[str, Dict[str, Any]]
FanTuple = Tuple[Tuple[Any, ...], ...]
CalculatorArgs = Tuple[Any, ...]

class McrError(Exception):
    """Base class of the errors mcr_engine raises."""

class HandError(McrError, ValueError):
    """A hand that cannot be read: unknown tile, bad pack, too many tiles or packs, wind out of range."""

class UnsupportedInput(McrError, ValueError):
    """mahjonggb drop-in: an input pymahjonggb 1.4.0 accepts without a stated rule."""

class UnknownRules(McrError, ValueError):
    """rules= names no rule profile; the message lists the known ones (profiles())."""

class ArgumentError(McrError, ValueError):
    """An argument outside its allowed values (a format name, an option, a bot's settings)."""

class ArgumentTypeError(McrError, TypeError):
    """An argument of the wrong type (a hand that is neither text nor a dict)."""

class EngineError(McrError):
    """The engine refused a command (bad wall, quan or srand, missing response, step before reset or after the end)."""

class EnvError(McrError):
    """The environment refused a command or its input (configuration, array dtype/shape/layout)."""

NUM_ACTIONS: int

def action_name(index: int) -> str:
    """The name of action index (0..234): "pass", "hu", "play W1", "chi T3 k=0", ..."""

from .env import ActionError as ActionError, StepResult as StepResult, VecEnv as VecEnv
from .arena import Arena as Arena, Standings as Standings, batched as batched, sprt as sprt
from . import policies as policies

class RecordError(McrError):
    """A record file or line could not be read (or, importing a Botzone
    format, a game could not be imported: ``game`` is its match id, ``at``
    the place in it, e.g. ``"log[37]"`` or ``"line 212"``). ``line`` is 1-based,
    or 0 when the error concerns the whole file or folder."""
    path: str
    line: int
    reason: str
    game: Optional[str]
    at: Optional[str]

class Fan:
    """One fan of a result."""
    @property
    def name(self) -> str: ...
    @property
    def name_en(self) -> str: ...
    @property
    def value(self) -> int: ...
    @property
    def count(self) -> int: ...
    @property
    def points(self) -> int: ...

class Result:
    """What calculate returns."""
    @property
    def result(self) -> int: ...
    @property
    def total(self) -> int: ...
    @property
    def rules(self) -> str:
        """The rule profile that scored it."""
    @property
    def is_win(self) -> bool: ...
    @property
    def error(self) -> Optional[str]: ...
    @property
    def fans(self) -> List[Fan]: ...
    @property
    def reading(self) -> Optional[str]: ...
    @property
    def hand(self) -> str: ...
    def as_tuple(self, verbose: bool = False) -> FanTuple: ...

def calculate(
    hand: Union[str, Sequence[TileName]],
    pack: Optional[Sequence[Sequence[Any]]] = None,
    win_tile: Optional[TileName] = None,
    *,
    flower_count: int = 0,
    self_drawn: bool = False,
    fourth_tile: bool = False,
    about_kong: bool = False,
    wall_last: bool = False,
    seat_wind: int = 0,
    prevalent_wind: int = 0,
    rules: str = "botzone",
) -> Result: ...
def explain(
    hand: Union[str, Sequence[TileName]],
    pack: Optional[Sequence[Sequence[Any]]] = None,
    win_tile: Optional[TileName] = None,
    *,
    flower_count: int = 0,
    self_drawn: bool = False,
    fourth_tile: bool = False,
    about_kong: bool = False,
    wall_last: bool = False,
    seat_wind: int = 0,
    prevalent_wind: int = 0,
    rules: str = "botzone",
) -> str: ...
def calculate_many(
    hands: Union[List[CalculatorArgs], Tuple[CalculatorArgs, ...]],
    fans: bool = False,
    verbose: bool = False,
    *,
    rules: str = "botzone",
    threads: int = 1,
) -> List[Any]: ...
def profiles() -> Dict[str, str]:
    """The rule profiles (botzone first), each name to its about line."""
def fan_table() -> List[Tuple[str, str, int]]: ...
def encode_hands(hands: Union[List[CalculatorArgs], Tuple[CalculatorArgs, ...]]) -> bytes: ...
def calculate_packed(
    data: bytes, fans: bool = False, verbose: bool = False, *, rules: str = "botzone", threads: int = 1
) -> List[Any]: ...

class Engine:
    """The Botzone judge in process: reset/step as the public validator expects."""
    def __init__(self, rules: str = "botzone") -> None: ...
    @property
    def rules(self) -> str: ...
    def reset(self, wall: Sequence[TileName], quan: int, srand: int) -> Turn: ...
    def step(self, responses: Union[Mapping[str, str], Sequence[str]]) -> Turn: ...
    @property
    def action(self) -> str: ...
    @property
    def player(self) -> Optional[int]: ...
    @property
    def can_hu(self) -> List[int]: ...
    @property
    def tile_cnt(self) -> List[int]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> Optional[List[int]]: ...
    def requests(self) -> Optional[List[str]]: ...
    def display(self) -> Dict[str, Any]: ...
    def hand(self, seat: int) -> List[TileName]: ...
    def packs(self, seat: int) -> List[PackTuple]: ...

class RecordReader(Iterator[Any]):
    def __iter__(self) -> "RecordReader": ...
    def __next__(self) -> Any: ...

FormatName = Literal["record", "botzone-text", "botzone-log"]

def read_games(
    path: Union[str, PathLike[str]], *, from_: Optional[FormatName] = None, on_error: Literal["raise", "yield"] = "raise"
) -> RecordReader: ...

class ImportSummary(TypedDict):
    read: int
    imported: int
    reasons: List[str]
    more: int

def import_games(
    paths: Union[str, PathLike[str], Iterable[Union[str, PathLike[str]]]],
    out: Union[str, PathLike[str]],
    *,
    from_: Optional[FormatName] = None,
) -> ImportSummary: ...
def read_hands(path: Union[str, PathLike[str]], *, on_error: Literal["raise", "yield"] = "raise") -> RecordReader: ...

# The hand analysis (shanten, useful tiles, discards, waits).
MINIMUM_FAN: int
ShapeName = Literal["regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight"]
HandArg = Union[str, Sequence[TileName]]

class ShapeShanten:
    """The shanten of one shape and its useful tiles."""
    @property
    def shape(self) -> ShapeName: ...
    @property
    def shanten(self) -> int: ...
    @property
    def useful(self) -> List[TileName]: ...

class Shanten:
    """What shanten returns."""
    @property
    def shanten(self) -> int: ...
    @property
    def is_waiting(self) -> bool: ...
    @property
    def useful(self) -> List[TileName]: ...
    @property
    def shapes(self) -> Dict[ShapeName, Optional[ShapeShanten]]: ...

class Discard:
    """One row of the discard table."""
    @property
    def tile(self) -> TileName: ...
    @property
    def shanten(self) -> int: ...
    @property
    def useful(self) -> List[TileName]: ...
    @property
    def unseen(self) -> int: ...
    @property
    def shapes(self) -> Dict[ShapeName, Optional[ShapeShanten]]: ...

class Wait:
    """One winning tile of a waiting hand, scored by the calculator both ways."""
    @property
    def tile(self) -> TileName: ...
    @property
    def self_drawn(self) -> Result: ...
    @property
    def discard(self) -> Result: ...
    @property
    def below_minimum(self) -> Tuple[bool, bool]: ...

def shanten(hand: HandArg, pack: Optional[Sequence[Sequence[Any]]] = None) -> Shanten: ...
def discards(
    hand: HandArg, pack: Optional[Sequence[Sequence[Any]]] = None, visible: Optional[HandArg] = None
) -> List[Discard]: ...
def waits(
    hand: HandArg,
    pack: Optional[Sequence[Sequence[Any]]] = None,
    *,
    flower_count: Optional[int] = None,
    fourth_tile: Optional[bool] = None,
    about_kong: Optional[bool] = None,
    wall_last: Optional[bool] = None,
    seat_wind: Optional[int] = None,
    prevalent_wind: Optional[int] = None,
    rules: str = "botzone",
) -> List[Wait]: ...

# Training samples (mcr_engine._samples; needs numpy).
def samples(
    paths: Any, encoding: str = "baseline", flags: str = "judge", batch: int = 4096, keep_forced: bool = False, rules: Optional[str] = None
) -> Iterator[Dict[str, Any]]: ...
def sample_state(obs: Any) -> Dict[str, Any]: ...

class SampleStream:
    def __init__(self, paths: List[str], encoding: str = "baseline", flags: str = "judge", keep_forced: bool = False, rules: Optional[str] = None) -> None: ...
    def next_batch(self, n: int) -> Optional[Dict[str, Any]]: ...
    def problems(self) -> List[str]: ...
    def counts(self) -> Tuple[int, int, int, int]: ...

# The decision analysis (mcr_engine._decide; needs numpy).
import numpy as _np
import numpy.typing as _npt

#: The columns of decide()'s arrays: the 34 tiles in the judge's order.
DECIDE_TILES: List[TileName]

class DecideResult(TypedDict):
    win_prob: _npt.NDArray[_np.float64]
    exp_points: _npt.NDArray[_np.float64]
    min_draws: _npt.NDArray[_np.float64]
    discard: _npt.NDArray[_np.bool_]
    wins_now: _npt.NDArray[_np.bool_]
    exact: _npt.NDArray[_np.bool_]
    budget_hit: _npt.NDArray[_np.bool_]
    fan_now: _npt.NDArray[_np.int32]

@overload
def decide(
    states: Sequence[Mapping[str, Any]],
    *,
    model: Literal["single"] = "single",
    rules: Optional[str] = None,
    threads: int = 1,
    exact_draws: int = 3,
    node_budget: int = 1000,
) -> DecideResult:
    """Per state and per tile (columns DECIDE_TILES): the chance and expected points of a win of
    the minimum fan within the draws left after discarding it, and the fewest draws to one
    (NaN, NaN and inf where the tile is not held; min_draws inf where no win is reachable)."""

class TableAction(TypedDict):
    action: str
    mean: float
    se: float
    win_prob: float
    deal_in: Optional[float]

class TableDecision(TypedDict):
    id: str
    turn: int
    seat: int
    played: Optional[str]
    dealt_in: bool
    worlds: int
    actions: List[TableAction]

@overload
def decide(
    states: Union[str, "PathLike[str]", Iterable[Union[str, Mapping[str, Any]]]],
    *,
    model: Literal["table"],
    rules: Optional[str] = None,
    threads: int = 1,
    worlds: int = 64,
    seed: int = 0,
    sampler: Literal["drawn", "uniform"] = "drawn",
    time_limit_ms: Optional[int] = None,
    deal_in_worlds: int = 256,
    turn: Optional[int] = None,
    seat: Optional[int] = None,
    ids: Optional[Union[str, Sequence[str]]] = None,
) -> List[TableDecision]:
    """The table model (mcr decide --model table) on every decision of game records (a path or
    the records): per decision its legal answers' expected final score, standard error, win and
    deal-in chances."""

def decision_states(record: Union[str, Mapping[str, Any]], *, rules: Optional[str] = None) -> List[Dict[str, Any]]:
    """The state of every own-draw decision of a game record, for decide() (with turn, played, rules)."""
