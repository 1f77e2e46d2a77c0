"""Shared fixtures of the Python package's tests (run by `cargo test
--release` through tests/cli/python_package.rs, or `python3 -m pytest python/tests`).

The package under test is the installed one (`pip install ./python`); its
BUILD_ID is checked against the sources by tests/cli/python_package.rs."""
import gzip
import json
import os

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(REPO, "tests", "data")


def data(name):
    return os.path.join(DATA, name)


def load_hands(limit=None):
    out = []
    with gzip.open(data("hands.jsonl.gz"), "rt", encoding="utf-8") as f:
        for line in f:
            if line.strip():
                out.append(json.loads(line))
                if limit and len(out) >= limit:
                    break
    return out


def args_of(rec):
    """A hands record as MahjongFanCalculator's positional arguments."""
    fl = rec["flags"]
    return (
        tuple(tuple(p) for p in rec["packs"]),
        tuple(rec["hand"]),
        rec["win_tile"],
        rec["flower_count"],
        fl["self_drawn"],
        fl["fourth_tile"],
        fl["about_kong"],
        fl["wall_last"],
        rec["seat_wind"],
        rec["prevalent_wind"],
    )


@pytest.fixture(scope="session")
def hands():
    return load_hands()


@pytest.fixture(scope="session")
def oracle():
    """pymahjonggb 1.4.0 (`import MahjongGB`), the reference."""
    from importlib.metadata import version

    MahjongGB = pytest.importorskip("MahjongGB")
    assert version("PyMahjongGB") == "1.4.0", "the oracle must be pymahjonggb 1.4.0"
    return MahjongGB
