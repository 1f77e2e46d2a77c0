"""Every exception the package raises is an McrError, and still the
built-in class callers caught before (ValueError, TypeError)."""

import pytest

import mcr_engine
from mcr_engine import McrError


def test_every_error_class_is_an_mcr_error():
    for name in ("HandError", "UnsupportedInput", "UnknownRules", "ArgumentError", "ArgumentTypeError",
                 "EngineError", "EnvError", "RecordError", "ActionError"):
        assert issubclass(getattr(mcr_engine, name), McrError), name
    for name in ("HandError", "UnsupportedInput", "UnknownRules", "ArgumentError"):
        assert issubclass(getattr(mcr_engine, name), ValueError), name
    assert issubclass(mcr_engine.ArgumentTypeError, TypeError)


def test_calculator_errors():
    with pytest.raises(mcr_engine.HandError) as e:
        mcr_engine.calculate("123m +4x")
    assert isinstance(e.value, McrError) and isinstance(e.value, ValueError)
    assert "`4x`" in str(e.value)
    with pytest.raises(McrError) as e:
        mcr_engine.calculate("123m 456m 789m 55s 23p +4p", rules="no-such-profile")
    assert isinstance(e.value, mcr_engine.UnknownRules) and isinstance(e.value, ValueError)
    with pytest.raises(McrError) as e:
        mcr_engine.calculate_many(12)
    assert isinstance(e.value, mcr_engine.ArgumentTypeError) and isinstance(e.value, TypeError)
    with pytest.raises(McrError) as e:
        mcr_engine.calculate_packed(b"\x00" * 27 + b"\x22" + b"\x00" * 4)
    assert isinstance(e.value, mcr_engine.HandError) and "packed hand 0: byte 27: tile index 34" in str(e.value)


def test_reader_errors(tmp_path):
    with pytest.raises(mcr_engine.RecordError) as e:
        list(mcr_engine.read_games(str(tmp_path / "missing.jsonl")))
    assert isinstance(e.value, McrError) and e.value.line == 0
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    with pytest.raises(McrError) as e:
        list(mcr_engine.read_games(str(bad)))
    assert isinstance(e.value, mcr_engine.RecordError) and e.value.line == 1


def test_engine_errors():
    with pytest.raises(McrError) as e:
        mcr_engine.Engine().step(["PASS"] * 4)
    assert isinstance(e.value, mcr_engine.EngineError)


def test_drop_in_refusals_are_mcr_errors():
    # The drop-in raises pymahjonggb's own TypeErrors as the reference does
    # (its callers compare them); what it refuses on its own is an McrError.
    from mcr_engine.mahjonggb import v1_4 as MahjongGB

    with pytest.raises(mcr_engine.UnsupportedInput) as e:
        MahjongGB.MahjongFanCalculator((), ("W1",) * 13, "W1", 0, True, False, False, False, 7, 0)
    assert isinstance(e.value, McrError) and isinstance(e.value, ValueError)
