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
"""
import json

import numpy as np

from ._native import DECIDE_TILES, HandError, decide_lines, decision_lines

__all__ = ["decide", "decision_states", "DECIDE_TILES"]


def _line(i, state):
    if not isinstance(state, dict):
        raise HandError(f"states[{i}]: a dict of the decision's keys, not {type(state).__name__}")
    try:
        return json.dumps(state)
    except (TypeError, ValueError) as e:
        raise HandError(f"states[{i}]: {e}") from e


def decide(states, *, rules=None, threads=1, exact_draws=3, node_budget=1000):
    """The figures of every state (a list of dicts, see the module), as
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
