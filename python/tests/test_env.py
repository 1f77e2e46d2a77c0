"""The vectorised environment from Python (mcr_engine.VecEnv) and the
single-game wrappers (mcr_engine.single): shapes, dtypes, auto-reset,
determinism, masks against the engine's legal answers, records replayed
exactly, bad input, memory."""
import gc
import json
import os
import resource
import subprocess
import sys

import numpy as np
import pytest

import mcr_engine
from mcr_engine import ActionError, EnvError, VecEnv
from mcr_engine.single import MahjongEnv, MahjongParallelEnv

from conftest import REPO, data

A = mcr_engine.NUM_ACTIONS


def random_actions(rng, mask):
    """A uniformly random legal action per seat (vectorised)."""
    noise = rng.random(mask.shape, dtype=np.float32) + 0.5
    return (mask * noise).argmax(axis=2)


def run(env, steps, seed=0):
    rng = np.random.default_rng(seed)
    r = env.reset()
    trace = []
    for _ in range(steps):
        r = env.step(random_actions(rng, r.mask))
        trace.append((r.obs.copy(), r.mask.copy(), r.reward.copy(), r.done.copy(), r.hu_fans.copy()))
    return trace


def test_shapes_and_dtypes():
    for kind, length in (("compact", 195), ("feature", 216)):
        env = VecEnv(8, 3, obs=kind)
        r = env.reset()
        assert isinstance(r, mcr_engine.StepResult)
        assert r.obs.shape == (8, 4, length) and r.obs.dtype == np.uint8
        assert r.mask.shape == (8, 4, A) and r.mask.dtype == np.uint8
        assert r.reward.shape == (8, 4) and r.reward.dtype == np.float32
        assert r.done.shape == (8,) and r.done.dtype == np.uint8
        assert r.hu_fans.shape == (8, 4) and r.hu_fans.dtype == np.int32
        assert env.obs_len == length
        # every seat of every table has at least one legal action; someone has a choice
        assert (r.mask.sum(axis=2) >= 1).all()
        assert set(np.unique(r.mask)) <= {0, 1}
        r2 = env.step(random_actions(np.random.default_rng(0), r.mask))
        # the same arrays, written in place
        assert r2.obs is r.obs and r2.mask is r.mask and r2.reward is r.reward


def test_no_copies_per_step():
    env = VecEnv(4, 1)
    r = env.reset()
    ptr = [a.__array_interface__["data"][0] for a in r]
    for _ in range(5):
        r = env.step(random_actions(np.random.default_rng(1), r.mask))
        assert [a.__array_interface__["data"][0] for a in r] == ptr


def test_auto_reset_and_rewards():
    env = VecEnv(16, 5, records=True)
    rng = np.random.default_rng(5)
    r = env.reset()
    ended = 0
    for _ in range(400):
        r = env.step(random_actions(rng, r.mask))
        for i in np.flatnonzero(r.done):
            ended += 1
            # a finished game's scores sum to 0 (win or draw or verdict)
            assert r.reward[i].sum() == 0
            # the table already shows its next game: its first decision
            assert r.mask[i].sum() >= 4
        assert (r.reward[r.done == 0] == 0).all()
    assert ended > 0 and env.games_finished == ended
    assert len(env.take_records()) == ended
    assert env.take_records() == []


def test_determinism_same_seed_and_threads():
    a = run(VecEnv(32, 9, threads=1, records=True), 150, seed=2)
    b = run(VecEnv(32, 9, threads=2, records=True), 150, seed=2)
    for x, y in zip(a, b):
        for u, v in zip(x, y):
            assert np.array_equal(u, v)
    c = run(VecEnv(32, 10), 150, seed=2)
    assert any(not np.array_equal(x[0], y[0]) for x, y in zip(a, c))


def test_records_identical_over_thread_counts():
    def recs(threads):
        env = VecEnv(8, 4, threads=threads, records=True)
        run(env, 300, seed=4)
        return env.take_records()

    one, two = recs(1), recs(2)
    assert one and one == two


def answer_of(name):
    """The answer an action name stands for (PENG/CHI without their discard)."""
    w = name.split() + [""]
    return {"pass": "PASS", "hu": "HU", "play": f"PLAY {w[1]}", "chi": f"CHI {w[1]}", "peng": "PENG",
            "gang": "GANG", "angang": f"GANG {w[1]}", "bugang": f"BUGANG {w[1]}"}[w[0]]


def reduce(answer):
    w = answer.split()
    return {"PENG": "PENG", "CHI": " ".join(w[:2])}.get(w[0], answer)


def test_masks_are_the_engines_legal_answers():
    """Every masked action is one of the engine's legal answers and every
    legal answer is masked; after a PENG/CHI claim, the claiming seat's
    mask holds exactly the discards the engine accepts with that claim and
    the other seats' only PASS."""
    env = VecEnv(6, 11, skip_forced=False)
    rng = np.random.default_rng(11)
    r = env.reset()
    checked = discards = 0
    for _ in range(400):
        answers = {}
        for i in range(env.num_envs):
            if env.choosing_discard(i):
                continue
            for seat in range(4):
                answers[i, seat] = env.legal_answers(i, seat)
                got = {answer_of(mcr_engine.action_name(int(k))) for k in np.flatnonzero(r.mask[i, seat])}
                want = {reduce(a) for a in answers[i, seat]}
                assert got == want, (i, seat, sorted(got), sorted(want))
                checked += 1
        # claim PENG/CHI whenever legal, to reach the discard decisions often
        acts = random_actions(rng, r.mask)
        claims = (r.mask[:, :, 36:133].sum(axis=2) > 0)
        for i, seat in zip(*np.nonzero(claims)):
            acts[i, seat] = 36 + int(np.flatnonzero(r.mask[i, seat, 36:133])[0])
        r = env.step(acts)
        for i in range(env.num_envs):
            if not env.choosing_discard(i):
                continue
            for seat in range(4):
                name = answer_of(mcr_engine.action_name(int(acts[i, seat])))
                if (i, seat) in answers and name.split()[0] in ("PENG", "CHI"):
                    want = {a.split()[-1] for a in answers[i, seat] if reduce(a) == name}
                    got = {mcr_engine.action_name(int(k)).split()[1] for k in np.flatnonzero(r.mask[i, seat])}
                    assert got == want and all(k < 36 for k in np.flatnonzero(r.mask[i, seat])), (i, seat, name)
                    discards += 1
                else:
                    assert np.flatnonzero(r.mask[i, seat]).tolist() == [0]
    assert checked > 1000 and discards > 20, (checked, discards)


def test_every_masked_action_is_accepted():
    """Random legal play never meets a WA/WH verdict, and hu_fans agrees
    with the HU bit of the mask (>= 8 fan)."""
    env = VecEnv(64, 13, records=True)
    rng = np.random.default_rng(13)
    r = env.reset()
    for _ in range(400):
        hu = r.mask[:, :, 1] == 1
        assert (r.hu_fans[hu] >= 8).all()
        assert not ((r.hu_fans >= 8) & ~hu).any()
        r = env.step(random_actions(rng, r.mask))
    recs = [json.loads(x) for x in env.take_records()]
    assert len(recs) > 20
    assert all(rec["expected"]["ending"] in ("zimo", "ron", "draw") for rec in recs)


def test_illegal_action_gets_the_judges_verdict():
    env = VecEnv(4, 21, records=True)
    r = env.reset()
    acts = random_actions(np.random.default_rng(0), r.mask)
    # the dealer plays a tile it does not hold (or some other unmasked action)
    table = 0
    seat = int(np.flatnonzero(r.mask[table].sum(axis=1) > 1)[0])
    bad = int(np.flatnonzero(r.mask[table, seat] == 0)[-1])
    acts[table, seat] = bad
    r = env.step(acts)
    assert r.done[table] == 1
    expected = [-10.0] * 4
    expected = np.full(4, 10, np.float32)
    expected[seat] = -30
    assert np.array_equal(r.reward[table], expected)
    rec = json.loads(env.take_records()[0])
    assert rec["expected"]["ending"] == "error" and rec["expected"]["offender"] == seat
    assert rec["expected"]["verdict"] in ("WA", "WH")


def test_bad_actions_raise():
    env = VecEnv(3, 1)
    with pytest.raises(ActionError, match="before reset"):
        env.step(np.zeros((3, 4), np.int64))
    env.reset()
    with pytest.raises(ActionError, match="shape"):
        env.step(np.zeros((3, 3), np.int64))
    with pytest.raises(ActionError, match="shape"):
        env.step(np.zeros(12, np.int64))
    with pytest.raises(ActionError, match="dtype"):
        env.step(np.zeros((3, 4), np.float64))
    with pytest.raises(ActionError, match="dtype"):
        env.step([["a"] * 4] * 3)
    neg = np.zeros((3, 4), np.int64)
    neg[1, 2] = -1
    with pytest.raises(ActionError, match=r"actions\[1, 2\] = -1"):
        env.step(neg)
    with pytest.raises(ValueError):  # ActionError is a ValueError and a TypeError
        env.step(np.full((3, 4), 235, np.int64))
    with pytest.raises(TypeError):
        env.step(np.zeros((3, 4), np.complex64))
    # accepted with a conversion: other integer dtypes, lists, non-contiguous views
    for acts in (np.zeros((3, 4), np.int32), [[0] * 4] * 3, np.zeros((4, 3), np.int64).T):
        env.step(acts)
    assert issubclass(ActionError, EnvError) and issubclass(EnvError, mcr_engine.McrError)


def test_bad_configuration_raises():
    for kw in (dict(num_envs=0, seed=1), dict(num_envs=2, seed=-1), dict(num_envs=2, seed=1 << 64),
               dict(num_envs="2", seed=1), dict(num_envs=2, seed=1, obs="pixels"), dict(num_envs=2, seed=1, threads=-1)):
        with pytest.raises(EnvError):
            VecEnv(**kw)
    env = VecEnv(2, 1)
    with pytest.raises(EnvError):
        env.legal_answers(2, 0)
    with pytest.raises(EnvError):
        mcr_engine.action_name(235)
    assert mcr_engine.action_name(0) == "pass" and mcr_engine.action_name(2) == "play W1"


def test_native_refuses_bad_buffers():
    from mcr_engine._native import _VecEnv

    nat = _VecEnv(2, 1, "compact", False, False, 1, True)
    ok = dict(obs=np.zeros((2, 4, 195), np.uint8), mask=np.zeros((2, 4, A), np.uint8), reward=np.zeros((2, 4), np.float32),
              done=np.zeros(2, np.uint8), hu_fans=np.zeros((2, 4), np.int32))
    with pytest.raises(EnvError, match="no output arrays"):
        nat.reset()
    bad = [("obs", np.zeros((2, 4, 194), np.uint8), "shape"), ("reward", np.zeros((2, 4), np.float64), "dtype"),
           ("mask", np.zeros((2, 4, A * 2), np.uint8)[:, :, ::2], "contiguous"), ("done", [0, 0], "numpy array")]
    for name, arr, why in bad:
        with pytest.raises(EnvError, match=why):
            nat.bind(**{**ok, name: arr})
    ro = np.zeros(2, np.uint8)
    ro.flags.writeable = False
    with pytest.raises(EnvError, match="read-only"):
        nat.bind(**{**ok, "done": ro})
    big = np.zeros(2 * 4 * 195 * 2, np.uint8)
    with pytest.raises(EnvError, match="overlap"):
        nat.bind(**{**ok, "obs": big[: 2 * 4 * 195].reshape(2, 4, 195), "done": big[10:12]})
    nat.bind(**ok)
    nat.reset()
    with pytest.raises(EnvError, match="overlaps"):
        nat.step(ok["mask"].reshape(-1)[: 2 * 4 * 8].view(np.int64).reshape(2, 4))


def replay(engine, rec):
    """Replays a record's responses through mcr_engine.Engine; True when
    every turn's requests and display match."""
    turns = rec["turns"]
    got = engine.reset(rec["wall"], rec["quan"], rec["srand"])
    for k, turn in enumerate(turns):
        if "request" in turn and turn["request"] != got["requests"]:
            return False
        if turn["display"] != got["display"]:
            return False
        if "responses" not in turn:
            return k == len(turns) - 1
        got = engine.step(turn["responses"])
    return False


@pytest.fixture(scope="module")
def played(tmp_path_factory):
    env = VecEnv(32, 77, records=True, duplicate=False)
    run(env, 1500, seed=77)
    bad = VecEnv(8, 78, records=True)
    r = bad.reset()
    rng = np.random.default_rng(78)
    for _ in range(40):  # sometimes an unmasked action: verdict games
        acts = random_actions(rng, r.mask)
        if rng.random() < 0.05:
            acts[rng.integers(8), rng.integers(4)] = rng.integers(A)
        r = bad.step(acts)
    recs = env.take_records() + bad.take_records()
    path = tmp_path_factory.mktemp("play") / "played.jsonl"
    path.write_text("".join(x + "\n" for x in recs))
    return recs, path


def test_records_replay_through_engine(played):
    recs, _ = played
    assert len(recs) >= 150
    engine = mcr_engine.Engine()
    endings = {}
    for line in recs:
        rec = json.loads(line)
        assert replay(engine, rec), rec["game_id"]
        assert engine.scores == rec["expected"]["scores"]
        endings[rec["expected"]["ending"]] = endings.get(rec["expected"]["ending"], 0) + 1
    assert endings.get("draw") and (endings.get("zimo") or endings.get("ron"))


def test_records_pass_the_validator(played):
    recs, path = played
    out = subprocess.run([sys.executable, data("validate_engine.py"), "--engine", "mcr_engine:Engine", str(path)],
                         capture_output=True, text=True, cwd=REPO)
    assert out.returncode == 0, out.stdout + out.stderr
    assert f"{len(recs)}/{len(recs)} games reproduced exactly" in out.stdout


def test_records_pass_mcr_validate(played):
    recs, path = played
    mcr = os.environ.get("MCR_BIN") or os.path.join(REPO, "target", "release", "mcr")
    if not os.path.exists(mcr):
        pytest.skip(f"no mcr binary at {mcr} (cargo build --release; cargo test sets MCR_BIN)")
    out = subprocess.run([mcr, "validate", str(path)], capture_output=True, text=True)
    assert out.returncode == 0 and f"{len(recs)}/{len(recs)} games reproduced exactly" in out.stdout, out.stdout + out.stderr


def test_duplicate_walls():
    env = VecEnv(24, 5, duplicate=True, records=True)
    run(env, 600, seed=5)
    recs = [json.loads(x) for x in env.take_records()]
    sets = {}
    for r in recs:
        sets.setdefault(int(r["game_id"][16:], 16) // 24, []).append(r)
    for games in sets.values():
        # one wall per set of 24: the same four segments, dealt to the seats in another order
        segs = {tuple(sorted(tuple(r["wall"][34 * s:34 * s + 34]) for s in range(4))) for r in games}
        assert len(segs) == 1
        assert all(r["quan"] == int(r["game_id"][16:], 16) % 24 // 6 for r in games)
    assert max(len(g) for g in sets.values()) >= 10


def rss_kb():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def test_no_leak_over_many_steps():
    env = VecEnv(64, 31, records=True)
    rng = np.random.default_rng(31)
    r = env.reset()
    noise = rng.integers(1, 256, size=(128, 4, A), dtype=np.uint8)

    def chunk(n):
        nonlocal r
        for k in range(n):
            r = env.step((r.mask * noise[k % 64:k % 64 + 64]).argmax(axis=2))
            env.take_records()

    chunk(500)
    gc.collect()
    before = rss_kb()
    chunk(3000)  # 192,000 table steps, ~1,700 games with records
    for _ in range(200):  # envs created and dropped
        VecEnv(4, 1).reset()
    gc.collect()
    grown = rss_kb() - before
    assert grown < 20_000, f"resident size grew by {grown} kB"


# ---- single games: Gymnasium / PettingZoo shapes


def test_single_env_plays_games():
    env = MahjongEnv(seat=2, seed=3)
    obs, info = env.reset(seed=3)
    assert obs.shape == (195,) and obs.dtype == np.uint8 and info["action_mask"].dtype == np.int8
    rng = np.random.default_rng(0)
    games = 0
    total = 0.0
    engine = mcr_engine.Engine()
    while games < 20:
        legal = np.flatnonzero(info["action_mask"])
        assert len(legal) >= 1
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        assert not trunc
        if term:
            games += 1
            total += reward
            rec = json.loads(env.record)
            assert replay(engine, rec) and rec["expected"]["scores"][2] == reward
            obs, info = env.reset()
    with pytest.raises(ValueError):
        MahjongEnv(seat=4)


def test_single_env_seeded():
    def traj(seed):
        env = MahjongEnv(seed=seed)
        obs, info = env.reset(seed=seed)
        out = [obs]
        for _ in range(30):
            obs, reward, term, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            out.append(obs)
            if term:
                obs, info = env.reset()
        return np.array(out)

    assert np.array_equal(traj(8), traj(8))
    assert not np.array_equal(traj(8), traj(9))


def test_parallel_env_plays_games():
    env = MahjongParallelEnv(seed=4)
    obs, infos = env.reset(seed=4)
    assert sorted(obs) == env.possible_agents == env.agents
    rng = np.random.default_rng(4)
    games = 0
    while games < 5:
        acts = {a: int(rng.choice(np.flatnonzero(infos[a]["action_mask"]))) for a in env.agents}
        obs, rewards, terms, truncs, infos = env.step(acts)
        if all(terms.values()):
            games += 1
            assert sum(rewards.values()) == 0 and env.agents == []
            assert json.loads(env.record)["expected"]["scores"] == [rewards[a] for a in env.possible_agents]
            obs, infos = env.reset()


def test_gymnasium_api_checker():
    gym = pytest.importorskip("gymnasium", reason="optional: gymnasium not installed (pip install gymnasium)")
    from gymnasium.utils.env_checker import check_env

    env = MahjongEnv(seed=1)
    assert isinstance(env, gym.Env)
    check_env(env, skip_render_check=True)


def test_pettingzoo_api_checker():
    pytest.importorskip("pettingzoo", reason="optional: pettingzoo not installed (pip install pettingzoo)")
    pytest.importorskip("gymnasium", reason="optional: gymnasium not installed (pip install gymnasium)")
    from pettingzoo.test import parallel_api_test

    parallel_api_test(MahjongParallelEnv(seed=2), num_cycles=2000)
