"""The decision analysis from Python (``mcr_engine.decide``,
``mcr_engine.decision_states``): per discard of a seat holding its draw, the
chance of a win of the rules' minimum fan within the draws left, the
expected points of that win and the fewest draws to one, as ``mcr decide``
computes them (the model is stated in docs/src/analysis.md). Needs numpy.

A state is a dict with the keys of a ``mcr decide`` input line: ``hand``
(tile names, the drawn tile included: 14 - 3 x packs), ``packs`` (``[type,
tile, offer]``, the judge's offer convention), ``seat``, ``prevalent``,
``shown`` and ``unseen`` (34 counts each in the judge's order W1-W9 B1-B9
T1-T9 F1-F4 J1-J3), ``draws_left`` and optionally ``rules``; other keys are
ignored. ``decision_states(record)`` gives them for every own-draw decision
of a game record::

    import numpy as np, mcr_engine
    game = next(iter(mcr_engine.read_games("tests/data/golden.jsonl.gz")))
    states = mcr_engine.decision_states(game)
    r = mcr_engine.decide(states)
    tiles = mcr_engine.DECIDE_TILES  # the columns' tiles
    best = [tiles[i] for i in np.nanargmax(r["exp_points"], axis=1)]

``decide(games, model="table")`` is the table model (``mcr decide --model
table``; the model is stated in the docs of the library's
``mcr_engine::table``): every decision of game records, each
legal answer played out in sampled worlds, one dict per decision::

    rows = mcr_engine.decide("tests/data/platform", model="table", worlds=16, threads=0)
    best = [max(r["actions"], key=lambda a: a["mean"])["action"] for r in rows]
"""
import json
import os

import numpy as np

from ._native import (
    DECIDE_TILES,
    ArgumentError,
    ArgumentTypeError,
    HandError,
    decide_lines,
    decision_lines,
    read_games,
    table_lines,
)

__all__ = ["decide", "decision_states", "DECIDE_TILES"]


def _line(i, state):
    if not isinstance(state, dict):
        raise HandError(f"states[{i}]: a dict of the decision's keys, not {type(state).__name__}")
    try:
        return json.dumps(state)
    except (TypeError, ValueError) as e:
        raise HandError(f"states[{i}]: {e}") from e


_TABLE_KEYS = ("worlds", "seed", "sampler", "time_limit_ms", "deal_in_worlds", "turn", "seat", "ids")
_SINGLE_KEYS = ("exact_draws", "node_budget")


def decide(states, *, model="single", rules=None, threads=1, **options):
    """The decision analysis of many decisions at once, under ``model``:
    ``"single"`` (the default) the single-player model of ``states`` (dicts,
    see the module), ``"table"`` the table model of every decision of game
    records (``states``: a path or game records). Each model's options and
    results follow.

    ``rules``: the profile of inputs that name none (default botzone); one
    naming another one than ``rules`` is an error. ``threads``: 1 on the
    calling thread (the default), n on up to n threads, 0 on every core;
    the GIL is released meanwhile. An unknown ``model``, or an option the
    model does not take, raises :class:`ArgumentError`."""
    if model == "single":
        keys, run = _SINGLE_KEYS, _decide_single
    elif model == "table":
        keys, run = _TABLE_KEYS, _decide_table
    else:
        raise ArgumentError(f"model must be \"single\" or \"table\", not {model!r}")
    wrong = [k for k in options if k not in keys]
    if wrong:
        raise ArgumentError(f"decide(model={model!r}): unknown option {wrong[0]!r} (its options: {', '.join(keys)})")
    return run(states, rules=rules, threads=threads, **options)


def _record_text(i, game):
    if isinstance(game, str):
        return game
    if isinstance(game, dict):
        try:
            return json.dumps(game)
        except (TypeError, ValueError) as e:
            raise HandError(f"games[{i}]: {e}") from e
    raise ArgumentTypeError(f"games[{i}]: a game record (a dict or its JSON), not {type(game).__name__}")


def _optional_int(name, v):
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, int):
        raise ArgumentTypeError(f"{name} must be an int or None, not {type(v).__name__}")
    return v


def _decide_table(games, *, rules=None, threads=1, worlds=64, seed=0, sampler="drawn", time_limit_ms=None,
                 deal_in_worlds=256, turn=None, seat=None, ids=None):
    """``decide(games, model="table", ...)``: the table model's analysis of
    every decision of game records (a seat with two or more legal answers),
    as ``mcr decide --model table`` gives it on the same games and seed.

    ``games``: a path read with :func:`read_games` (a file or folder of any
    format it reads), or an iterable of game records (dicts as
    ``read_games`` yields them, or their JSON). One dict per decision, in
    game order, then turn, then seat: ``id`` (the game), ``turn`` (the
    record's turn answered), ``seat``, ``played`` (the answer given, as the
    judge reads it, or None), ``dealt_in`` (it discarded and another seat
    won on it), ``worlds`` (the worlds each answer is played in) and
    ``actions``: per legal answer ``{action, mean, se, win_prob,
    deal_in}`` (the expected final score and its standard error, the chance
    to win the hand, the chance another seat wins on its discard; None for
    an answer that discards nothing).

    ``worlds`` per answer; ``seed`` (each decision's worlds drawn from it,
    the turn and the seat); ``sampler``: ``"drawn"`` or ``"uniform"``;
    ``time_limit_ms``: stop adding worlds to a decision after it (the
    figures then depend on the machine); ``deal_in_worlds``: worlds the
    deal-in chance is counted over; ``turn``, ``seat``, ``ids`` (a game id
    or a list): only those decisions. A record that cannot be read, that does not replay to
    its end or whose decision cannot be analysed raises :class:`HandError`
    naming ``games[i]``; a bad option :class:`ArgumentError`; an item that
    is not a record, or an option of the wrong type,
    :class:`ArgumentTypeError`."""
    for name, v in (("worlds", worlds), ("seed", seed), ("deal_in_worlds", deal_in_worlds), ("threads", threads)):
        _optional_int(name, v)
        if not 0 <= v < 2**64:
            raise ArgumentError(f"{name} must be 0 to 2**64 - 1, not {v}")
    if seat is not None and _optional_int("seat", seat) not in range(4):
        raise ArgumentError(f"seat must be 0 to 3, not {seat}")
    if _optional_int("turn", turn) is not None and turn < 0:
        raise ArgumentError(f"turn must not be negative, not {turn}")
    if _optional_int("time_limit_ms", time_limit_ms) is not None and time_limit_ms < 0:
        raise ArgumentError(f"time_limit_ms must not be negative, not {time_limit_ms}")
    if not isinstance(sampler, str):
        raise ArgumentTypeError(f"sampler must be a str, not {type(sampler).__name__}")
    if isinstance(ids, str):
        ids = [ids]
    if isinstance(games, (str, os.PathLike)):
        games = read_games(games)
    records = [_record_text(i, g) for i, g in enumerate(games)]
    lines = table_lines(records, rules=rules, worlds=worlds, seed=seed, sampler=sampler, time_limit_ms=time_limit_ms,
                        deal_in_worlds=deal_in_worlds, turn=turn, seat=seat,
                        ids=None if ids is None else [str(x) for x in ids], threads=threads)
    return [json.loads(line) for line in lines]


def _decide_single(states, *, rules=None, threads=1, exact_draws=3, node_budget=1000):
    """``decide(states)``: the figures of every state (a list of dicts, see the module), as
    numpy arrays, one row per state and one column per tile in the judge's
    order (``DECIDE_TILES``):

    - ``win_prob``, ``exp_points``: ``[B, 34]`` float64, NaN where the tile
      is not held (no discard);
    - ``min_draws``: ``[B, 34]`` float64, inf where the tile is not held or
      no win is reachable within the draws left;
    - ``discard``: ``[B, 34]`` bool, the tiles held (the discards);
    - ``wins_now``: ``[B]`` bool, the tiles held already win with the
      minimum fan (``fan_now`` ``[B]`` int32 the best such fan);
    - ``exact``: ``[B]`` bool, the figures are exact (draws left at most
      ``exact_draws``); ``budget_hit``: ``[B]`` bool, the deeper search
      reached ``node_budget`` hands per discard.

    ``rules``: the profile of states without a ``rules`` key (default
    botzone); a state naming another one than ``rules`` is an error.
    ``threads``: 1 on the calling thread (the default), n on up to n
    threads, 0 on every core; the GIL is released meanwhile. A state that
    cannot be read or analysed raises :class:`HandError` naming
    ``states[i]``; an unknown ``rules`` :class:`UnknownRules`."""
    lines = [_line(i, s) for i, s in enumerate(states)]
    win, exp, mind, flags, fan = decide_lines(lines, rules, int(threads), int(exact_draws), int(node_budget))
    b = len(lines)
    shape = (b, len(DECIDE_TILES))
    win = np.frombuffer(win, dtype="<f8").reshape(shape)
    flags = np.frombuffer(flags, dtype=np.uint8).reshape(b, 3).astype(bool)
    return {
        "win_prob": win,
        "exp_points": np.frombuffer(exp, dtype="<f8").reshape(shape),
        "min_draws": np.frombuffer(mind, dtype="<f8").reshape(shape),
        "discard": ~np.isnan(win),
        "wins_now": flags[:, 0].copy(),
        "exact": flags[:, 1].copy(),
        "budget_hit": flags[:, 2].copy(),
        "fan_now": np.frombuffer(fan, dtype="<i4").copy(),
    }


def decision_states(record, *, rules=None):
    """Every own-draw decision of a game record (a dict as ``read_games``
    yields, or its JSON) as a state dict for :func:`decide`, in turn order,
    with three more keys: ``turn`` (the record's turn that brought the
    draw), ``played`` (the tile the seat discarded, or None for another
    answer) and ``rules`` (the profile it was replayed under: its own, else
    ``rules``, else botzone). A record that does not replay to its end
    raises :class:`HandError`."""
    text = record if isinstance(record, str) else json.dumps(record)
    out = []
    for turn, seat, played, line in decision_lines(text, rules):
        s = json.loads(line)
        s["turn"], s["played"] = turn, played
        assert s["seat"] == seat
        out.append(s)
    return out


# help(decide) shows both models' options and results (no docstrings under -OO).
if decide.__doc__ and _decide_single.__doc__ and _decide_table.__doc__:
    decide.__doc__ += "\n\n" + _decide_single.__doc__ + "\n\n" + _decide_table.__doc__
