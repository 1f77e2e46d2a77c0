"""rules=: the rule profiles from Python (calculate, explain, calculate_many,
waits, Engine, VecEnv, profiles()) and the error for an unknown name."""
import json
import os
import subprocess

import numpy as np
import pytest

import mcr_engine
from mcr_engine import UnknownRules

from conftest import REPO
from test_env import replay

# All chows and a numbered pair: 平和 is 2 under botzone, 4 under house-example.
ALL_CHOWS = "123m 456m 789p 234s 6s +6s"
# Seven pairs of green tiles: botzone adds 绿一色 (88), strict-98 does not.
GREEN_PAIRS = "22s 33s 44s 66s 8888s 6z +6z"


def test_profiles_lists_names_with_about():
    p = mcr_engine.profiles()
    names = list(p)
    assert names[0] == "botzone"
    assert {"house-example", "strict-98"} <= set(names)
    assert "6-fan minimum" in p["house-example"]
    assert all(isinstance(a, str) and a for a in p.values())


def test_house_example_scores_differently():
    b = mcr_engine.calculate(ALL_CHOWS)
    h = mcr_engine.calculate(ALL_CHOWS, rules="house-example")
    assert (b.rules, h.rules) == ("botzone", "house-example")
    value = lambda r: {f.name: f.value for f in r.fans}["平和"]
    assert (value(b), value(h)) == (2, 4)
    assert h.total == b.total + 2
    assert b.total == mcr_engine.calculate(ALL_CHOWS, rules="botzone").total
    assert "平和" in mcr_engine.explain(ALL_CHOWS, rules="house-example")
    # The batch call under the same rules agrees with calculate.
    args = ((), ("W1", "W2", "W3", "W4", "W5", "W6", "B7", "B8", "B9", "T2", "T3", "T4", "T6"), "T6", 0, False, False, False, False, 0, 0)
    one = mcr_engine.calculate(list(args[1]), [], "T6", rules="house-example")
    assert mcr_engine.calculate_many([args], rules="house-example") == [one.total]
    assert mcr_engine.calculate_many([args], fans=True, rules="house-example") == [one.as_tuple()]
    assert mcr_engine.calculate_many([args], rules="botzone") == [one.total - 2]


def test_strict_98_seven_pairs():
    # botzone: 绿一色 88 (which omits 混一色) + 七对 24 + 四归一 2 (four S8);
    # strict-98: seven pairs take no whole-hand tile fans, so 混一色 6 returns.
    fans = lambda r: [(f.name, f.value, f.count) for f in r.fans]
    b = mcr_engine.calculate(GREEN_PAIRS)
    s = mcr_engine.calculate(GREEN_PAIRS, rules="strict-98")
    assert (b.total, fans(b)) == (114, [("绿一色", 88, 1), ("七对", 24, 1), ("四归一", 2, 1)])
    assert (s.total, fans(s)) == (32, [("七对", 24, 1), ("混一色", 6, 1), ("四归一", 2, 1)])


def test_waits_follow_the_profile_minimum():
    # Single wait on T6: 平和 (2, house-example 4), 连六 1, 单钓将 1, and
    # 门前清 2 on a discard or 不求人 4 self-drawn. On a discard 6 fan: below
    # botzone's 8, at house-example's 6 (8 there).
    hand = "123m 456m 789p 234s 6s"
    b = {w.tile: w for w in mcr_engine.waits(hand)}
    h = {w.tile: w for w in mcr_engine.waits(hand, rules="house-example")}
    assert set(b) == set(h) == {"T6"}
    assert (b["T6"].self_drawn.total, b["T6"].discard.total) == (8, 6)
    assert (h["T6"].self_drawn.total, h["T6"].discard.total) == (10, 8)
    assert h["T6"].discard.rules == "house-example"
    assert b["T6"].below_minimum == (False, True)
    assert h["T6"].below_minimum == (False, False)


def test_unknown_rules_raise_a_value_error_naming_the_profiles():
    calls = [
        lambda: mcr_engine.calculate(ALL_CHOWS, rules="nope"),
        lambda: mcr_engine.explain(ALL_CHOWS, rules="nope"),
        lambda: mcr_engine.calculate_many([], rules="nope"),
        lambda: mcr_engine.waits("123m 456m 789p 234s 6s", rules="nope"),
        lambda: mcr_engine.Engine(rules="nope"),
        lambda: mcr_engine.VecEnv(2, 0, rules="nope"),
    ]
    for call in calls:
        with pytest.raises(UnknownRules) as e:
            call()
        assert isinstance(e.value, ValueError)
        assert "nope" in str(e.value) and "botzone" in str(e.value) and "house-example" in str(e.value)


def play(env, steps, seed):
    rng = np.random.default_rng(seed)
    r = env.reset()
    for _ in range(steps):
        m = r.mask.reshape(-1, r.mask.shape[-1]).astype(np.float64)
        choice = (rng.random(m.shape) * m).argmax(axis=1)
        r = env.step(choice.reshape(env.num_envs, 4))
    return env.take_records()


def test_vecenv_under_house_rules_replays_under_them(tmp_path):
    env = mcr_engine.VecEnv(32, 5, records=True, rules="house-example")
    assert env.rules == "house-example" and "house-example" in repr(env)
    recs = [json.loads(x) for x in play(env, 1500, 5)]
    assert len(recs) >= 100
    house, botzone = mcr_engine.Engine(rules="house-example"), mcr_engine.Engine()
    assert house.rules == "house-example"
    low = 0
    for rec in recs:
        assert rec["rules"] == "house-example"
        assert replay(house, rec), rec["game_id"]
        assert house.scores == rec["expected"]["scores"]
        e = rec["expected"]
        if e["ending"] in ("zimo", "ron") and e["fan_total"] < 8:
            low += 1
            assert e["fan_total"] >= 6
            # Botzone judges that HU a WH: the game does not replay.
            assert not replay(botzone, rec), rec["game_id"]
    assert low > 0
    # The CLI replays them too, under the same rules only.
    mcr = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
    if os.path.exists(mcr):
        path = tmp_path / "house.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in recs))
        out = subprocess.run([mcr, "validate", "--rules", "house-example", str(path)], capture_output=True, text=True)
        assert f"validate: {len(recs)}/{len(recs)} games reproduced exactly" in out.stdout, out.stdout + out.stderr


def test_vecenv_default_records_have_no_rules_key():
    env = mcr_engine.VecEnv(8, 3, records=True)
    assert env.rules == "botzone"
    recs = [json.loads(x) for x in play(env, 600, 3)]
    assert recs and all("rules" not in r for r in recs)


def test_single_game_wrappers_take_rules():
    from mcr_engine.single import MahjongEnv, MahjongParallelEnv

    env = MahjongParallelEnv(seed=4, rules="house-example")
    obs, infos = env.reset(seed=4)
    rng = np.random.default_rng(4)
    while True:
        acts = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(acts)
        if all(terms.values()):
            break
    assert json.loads(env.record)["rules"] == "house-example"
    one = MahjongEnv(seed=1, rules="strict-98")
    assert one._table.env.rules == "strict-98"
    with pytest.raises(UnknownRules):
        MahjongEnv(rules="nope")
