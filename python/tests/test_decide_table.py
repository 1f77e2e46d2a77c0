"""mcr_engine.decide(games, model="table") and policies.table: the rows
against the `mcr decide --model table` command on the same games and seed
(the independent path: the binary's own reading, replay and output), the
same rows from a path, dicts and JSON, on any number of threads, seeds
that change the worlds, errors named, and the built-in table policy in a
game."""
import json
import os
import subprocess

import pytest

import mcr_engine
from mcr_engine import ArgumentError, ArgumentTypeError, HandError, McrError, policies

from conftest import REPO, data

MCR = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
needs_mcr = pytest.mark.skipif(not os.path.exists(MCR), reason=f"no mcr binary at {MCR} (cargo build --release)")

GAME = os.path.join(data("platform"), "6a201f5a58ebe27b197da7f1_lite.json")


def cli(*args):
    out = subprocess.run([MCR, "decide", "--model", "table", *args], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines()]


@needs_mcr
def test_rows_equal_the_cli():
    want = cli(GAME, "--worlds", "4", "--seed", "7")
    got = mcr_engine.decide(GAME, model="table", worlds=4, seed=7, threads=2)
    assert len(want) > 40
    assert got == want
    for row in got:
        assert row["worlds"] == 4 and len(row["actions"]) >= 2
        assert row["played"] is None or row["played"] in [a["action"] for a in row["actions"]]
        for a in row["actions"]:
            assert 0.0 <= a["win_prob"] <= 1.0 and a["se"] >= 0.0
            discards = a["action"].startswith(("PLAY", "PENG", "CHI"))
            assert (a["deal_in"] is not None) == discards, a


@needs_mcr
def test_a_selection_and_the_uniform_sampler_equal_the_cli():
    everything = mcr_engine.decide(GAME, model="table", worlds=1, deal_in_worlds=0)
    turn, seat = everything[10]["turn"], everything[10]["seat"]
    want = cli(GAME, "--worlds", "6", "--seed", "3", "--sampler", "uniform", "--turn", str(turn), "--seat", str(seat))
    got = mcr_engine.decide(GAME, model="table", worlds=6, seed=3, sampler="uniform", turn=turn, seat=seat)
    assert len(got) == 1 and got == want
    assert (got[0]["turn"], got[0]["seat"]) == (turn, seat)


def test_the_inputs_and_the_threads_change_nothing():
    games = list(mcr_engine.read_games(GAME))
    assert len(games) == 1
    one = mcr_engine.decide(GAME, model="table", worlds=2, seed=5, deal_in_worlds=8, turn=None)
    assert one == mcr_engine.decide(games, model="table", worlds=2, seed=5, deal_in_worlds=8, threads=0)
    assert one == mcr_engine.decide([json.dumps(games[0])], model="table", worlds=2, seed=5, deal_in_worlds=8, threads=2)
    assert one == mcr_engine.decide(GAME, model="table", worlds=2, seed=5, deal_in_worlds=8)
    assert [(r["id"], r["turn"], r["seat"]) for r in one] == sorted((r["id"], r["turn"], r["seat"]) for r in one)
    other = mcr_engine.decide(GAME, model="table", worlds=2, seed=6, deal_in_worlds=8)
    assert [(r["turn"], r["seat"], r["played"]) for r in other] == [(r["turn"], r["seat"], r["played"]) for r in one]
    assert [r["actions"] for r in other] != [r["actions"] for r in one]
    # Only the games asked for.
    assert mcr_engine.decide(games, model="table", worlds=1, ids="no such game") == []
    assert mcr_engine.decide(games, model="table", worlds=1, deal_in_worlds=0, ids=[games[0]["game_id"]], seat=2) == [
        r for r in mcr_engine.decide(games, model="table", worlds=1, deal_in_worlds=0) if r["seat"] == 2
    ]


def test_bad_input_is_named():
    game = next(iter(mcr_engine.read_games(GAME)))
    bad = [
        (dict(model="tabel"), ArgumentError, "model"),
        (dict(model="table", sampler="gaussian"), ArgumentError, "sampler"),
        (dict(model="table", worlds=0), ArgumentError, "worlds"),
        (dict(model="table", seat=4), ArgumentError, "seat"),
        (dict(model="table", turn=-1), ArgumentError, "turn"),
        (dict(model="table", exact_draws=3), ArgumentError, "exact_draws"),
        (dict(model="single", worlds=3), ArgumentError, "worlds"),
        (dict(model="table", worlds="many"), ArgumentTypeError, "worlds"),
        (dict(model="table", seed=2**64), ArgumentError, "seed"),
        (dict(model="table", threads=-1), ArgumentError, "threads"),
        (dict(model="table", rules="no-such-rules"), mcr_engine.UnknownRules, "no-such-rules"),
    ]
    for kwargs, cls, word in bad:
        with pytest.raises(cls, match=word):
            mcr_engine.decide([game], **kwargs)
    with pytest.raises(ArgumentTypeError, match=r"games\[1\]"):
        mcr_engine.decide([game, 42], model="table", worlds=1)
    with pytest.raises(HandError, match=r"games\[1\]: not a game record"):
        mcr_engine.decide([game, {"game_id": "x"}], model="table", worlds=1)
    with pytest.raises(HandError, match=r"games\[0\]: not a game record"):
        mcr_engine.decide(["{not json"], model="table", worlds=1)
    # A record whose answers the engine refuses: the replay stops, named.
    broken = json.loads(json.dumps(game))
    turn = next(t for t in broken["turns"][3:] if t.get("responses"))
    for k in list(turn["responses"]):
        turn["responses"][k] = "PLAY Z9"
    with pytest.raises(HandError, match=r"games\[0\]: game .*the replay stopped"):
        mcr_engine.decide([broken], model="table", worlds=1)
    with pytest.raises(McrError):
        mcr_engine.decide(os.path.join(data("platform"), "no-such-file.json"), model="table")
    for cls in (ArgumentError, ArgumentTypeError, HandError):
        assert issubclass(cls, McrError)


def test_the_table_policy_plays_a_game():
    seats = [policies.table(seed=1, name="table"), policies.greedy(seed=1, name="g1"),
             policies.greedy(seed=2, name="g2"), policies.greedy(seed=3, name="g3")]
    games = mcr_engine.Arena(seats, games=1, seed=11).run()
    assert len(games) == 1 and games[0]["players"][0] == "table"
    # The record replays to its end: every answer of the table seat is legal.
    rows = mcr_engine.decide(games, model="table", worlds=1, deal_in_worlds=0, seat=0)
    assert rows and all(r["played"] is not None for r in rows)
    assert policies.table(seed=4) == {"builtin": "table", "seed": 4, "random_discards": 0.0, "name": "table"}
    assert "table" in policies.KINDS
    with pytest.raises(ArgumentError, match="builtin"):
        policies.builtin("tables")
