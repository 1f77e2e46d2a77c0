"""Built-in policies, played in process by the engine itself (no program,
no Python call per decision): seats of :class:`mcr_engine.Arena` and of
:func:`mcr_engine.sprt`, and entries of a bots file (``builtin = "greedy"``).

Each takes a ``seed`` for its tie-breaks, so that two copies with different
seeds are two players (A against A is a real null test), and the handicap
``random_discards`` (0 to 1): the share of its discards replaced by a random
legal discard, a known-weaker version of the policy::

    from mcr_engine import policies, sprt
    r = sprt(policies.greedy(seed=1), policies.greedy(seed=2, random_discards=0.1, name="weak"), d0=0, d1=3)
    r["decision"], r["walls"], r["estimate"], r["ci95"]
"""

from ._native import ArgumentError

__all__ = ["random", "greedy", "decide", "table", "builtin", "KINDS"]

#: The built-ins the engine knows.
KINDS = ("random", "greedy", "decide", "table")


def builtin(kind, seed=0, random_discards=0.0, name=None):
    """The built-in ``kind`` as a seat (a dict with the bots file's keys)."""
    if kind not in KINDS:
        raise ArgumentError(f"builtin {kind!r}: one of {', '.join(KINDS)}")
    return {"builtin": kind, "seed": int(seed), "random_discards": float(random_discards), "name": name or kind}


def random(seed=0, random_discards=0.0, name=None):
    """Uniform among the legal actions."""
    return builtin("random", seed, random_discards, name)


def greedy(seed=0, random_discards=0.0, name=None):
    """The reference bot's greedy policy (``mcr bot --policy greedy``): HU
    when legal, the discard of least shanten, a kong that keeps it, a PENG or
    CHI that lowers it."""
    return builtin("greedy", seed, random_discards, name)


def decide(seed=0, random_discards=0.0, name=None):
    """The reference bot's decision-analysis policy (``mcr bot --policy
    decide``): HU when legal, the discard of highest expected points of a
    win of the minimum fan within the draws left (``mcr_engine.decide``),
    kongs and claims weighed against passing by the same analysis, greedy
    where it sees no win. Milliseconds a decision (the others take
    microseconds)."""
    return builtin("decide", seed, random_discards, name)


def table(seed=0, random_discards=0.0, name=None):
    """The reference bot's table policy (``mcr bot --policy table``): HU
    when legal; the decision analysis's candidates (its move, greedy's and
    its best discards, the safest discard) weighed by the table model
    (``decide(games, model="table")``), each played out in the same 64
    sampled worlds; the analysis's move is left only for a candidate whose
    expected final score is higher by more than two standard errors of the
    paired difference. No world is added after 500 ms (tens of
    milliseconds a decision)."""
    return builtin("table", seed, random_discards, name)
