r"""mcr_engine: Chinese Standard Mahjong (MCR, 国标麻将) as played on Botzone,
from the mcr-engine Rust library, in process.

- ``calculate(hand, ...)`` scores a hand: a :class:`Result` (``total``,
  ``fans`` with Chinese and English names, values and counts, ``reading``).
- ``explain(hand, ...)``: every reading weighed and every fan counted or
  omitted, and why (the text of ``mcr audit``).
- ``calculate_many(hands, fans=False)``: many hands in one call;
  ``calculate_packed(data)`` the same on hands packed 32 bytes each
  (``encode_hands(hands)``, or a numpy ``uint8`` array's ``tobytes()``).
- ``Engine``: the Botzone judge (``reset``/``step``), the interface of the
  public ``validate_engine.py`` (``--engine mcr_engine:Engine``).
- ``read_games(path)``, ``read_hands(path)``: records of ``.jsonl(.gz)`` files;
  ``read_games`` also reads Botzone text logs and match logs (format told
  from the first line, or ``from_=``), each game replayed and checked as
  ``mcr import`` does; ``import_games(paths, out)`` is ``mcr import``.
- ``shanten(hand)``, ``discards(hand)``, ``waits(hand)``: the hand analysis
  (shanten per shape with useful tiles, the discard table, each winning tile
  with its fans): :class:`Shanten`, :class:`Discard`, :class:`Wait`.
- ``decide(states)``: the decision analysis of many states (``mcr decide``),
  per discard the chance and expected points of a win of the minimum fan
  within the draws left and the fewest draws to one, as numpy arrays
  ``[B, 34]`` (columns ``DECIDE_TILES``); ``decision_states(record)`` the
  states of a game record's own-draw decisions (``mcr_engine._decide``;
  needs numpy). ``decide(games, model="table", worlds=, seed=)``: the
  table model (``mcr decide --model table``) on every decision of game
  records, one dict per decision with its answers' expected final score,
  win and deal-in chances, on threads.
- ``VecEnv(num_envs, seed, ...)``: many tables stepped in Rust into numpy
  arrays (masks, observations, the judge's scores); ``mcr_engine.single``:
  Gymnasium/PettingZoo-shaped single games (``mcr_engine.env``; needs numpy).
- ``samples(paths, encoding=, flags=, batch=4096)``: training samples
  (observation, mask, action, ...) of every decision in game records, as
  ``mcr samples`` writes them, in dicts of numpy arrays (``mcr_engine.samples``).
- ``Arena(seats, games=..., seed=...)``: bot programs (Botzone's protocol
  and limits) and Python policies play full games; records and a table
  (``mcr_engine.arena``).
- ``mcr_engine.mahjonggb``: a drop-in for pymahjonggb
  (``import mcr_engine.mahjonggb as MahjongGB``): 1.1.0, the platform's
  calculator, by default; ``mahjonggb.v1_3`` and ``mahjonggb.v1_4`` imitate
  the later versions.
- ``rules="NAME"``: ``calculate``, ``explain``, ``calculate_many``,
  ``waits``, ``Engine`` and ``VecEnv`` score and judge under the rule
  profile NAME (default ``"botzone"``, the reference); ``profiles()`` maps
  each name to its ``about`` line. An unknown name raises
  :class:`UnknownRules` (a ``ValueError``) listing the known ones.

Errors are exceptions of the classes below, all importable from here, and
every one an :class:`McrError`: EngineError, EnvError (``ActionError`` is
one), RecordError; :class:`HandError`, :class:`UnsupportedInput`,
:class:`UnknownRules` and :class:`ArgumentError` are also ``ValueError``\ s,
:class:`ArgumentTypeError` a ``TypeError``. The drop-in ``mcr_engine.mahjonggb`` raises
pymahjonggb's own ``TypeError``\ s, as the reference does, and
:class:`UnsupportedInput` for what it refuses itself.
"""
from ._native import (
    ArgumentError,
    ArgumentTypeError,
    BUILD_ID,
    Engine,
    EngineError,
    EnvError,
    Fan,
    HandError,
    McrError,
    NUM_ACTIONS,
    RecordError,
    RecordReader,
    Result,
    UnknownRules,
    UnsupportedInput,
    action_name,
    calculate,
    calculate_many,
    calculate_packed,
    encode_hands,
    explain,
    fan_table,
    import_games,
    profiles,
    read_games,
    read_hands,
)
from ._native import MINIMUM_FAN, Discard, ShapeShanten, Shanten, Wait, discards, shanten, waits
from ._native import DECIDE_TILES

__version__ = "0.1.0"


def __getattr__(name):
    # The environment needs numpy: imported on first use only.
    if name in ("Arena", "Standings", "batched", "standings", "sprt"):
        from . import arena

        return getattr(arena, name)
    if name == "policies":
        import importlib

        return importlib.import_module(".policies", __name__)
    if name in ("VecEnv", "StepResult", "ActionError"):
        from . import env

        return getattr(env, name)
    if name in ("decide", "decision_states"):
        # The decision analysis returns numpy arrays.
        from . import _decide

        return getattr(_decide, name)
    if name in ("samples", "sample_state", "SampleStream"):
        # Training samples need numpy too.
        from . import _samples

        return getattr(_samples, name)
    raise AttributeError(f"module 'mcr_engine' has no attribute {name!r}")


__all__ = [
    "decide",
    "decision_states",
    "DECIDE_TILES",
    "Arena",
    "sprt",
    "policies",
    "Standings",
    "batched",
    "BUILD_ID",
    "Engine",
    "ArgumentError",
    "ArgumentTypeError",
    "EngineError",
    "EnvError",
    "ActionError",
    "Fan",
    "HandError",
    "McrError",
    "NUM_ACTIONS",
    "RecordError",
    "RecordReader",
    "Result",
    "UnknownRules",
    "UnsupportedInput",
    "VecEnv",
    "StepResult",
    "action_name",
    "calculate",
    "calculate_many",
    "calculate_packed",
    "encode_hands",
    "explain",
    "fan_table",
    "import_games",
    "profiles",
    "read_games",
    "read_hands",
    "MINIMUM_FAN",
    "Discard",
    "ShapeShanten",
    "Shanten",
    "Wait",
    "discards",
    "shanten",
    "waits",
    "samples",
    "sample_state",
    "SampleStream",
]
