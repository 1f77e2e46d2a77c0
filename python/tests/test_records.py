"""read_games / read_hands: every record of a file, bad lines located."""
import gzip
import json

import pytest

import mcr_engine

from conftest import data


def test_public_files_read_whole():
    assert sum(1 for _ in mcr_engine.read_games(data("golden.jsonl.gz"))) == 222
    assert sum(1 for _ in mcr_engine.read_games(data("errors.jsonl.gz"))) == 150
    n = 0
    for rec in mcr_engine.read_hands(data("hands.jsonl.gz")):
        n += 1
        assert rec["id"] and "expected" in rec
    assert n == 101350


def write_lines(path, lines, gz=False):
    op = gzip.open if gz else open
    with op(path, "wt", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


@pytest.fixture
def hand_lines():
    with gzip.open(data("hands.jsonl.gz"), "rt", encoding="utf-8") as f:
        return [next(f).strip() for _ in range(3)]


def test_bad_lines_are_yielded_as_located_errors(tmp_path, hand_lines):
    p = tmp_path / "h.jsonl"
    write_lines(p, [hand_lines[0], "{not json", '{"id": "x"}', "", hand_lines[1], "[1, 2]", hand_lines[2]])
    items = list(mcr_engine.read_hands(str(p), on_error="yield"))
    kinds = [type(x).__name__ for x in items]
    assert kinds == ["dict", "RecordError", "RecordError", "dict", "RecordError", "dict"]
    errs = [x for x in items if isinstance(x, mcr_engine.RecordError)]
    assert [e.line for e in errs] == [2, 3, 6]
    assert all(e.path == str(p) for e in errs)
    assert str(errs[0]).startswith("%s:2: malformed record" % p)
    assert "not a valid record" in str(errs[1])


def test_bad_lines_raise_by_default_and_reading_goes_on(tmp_path, hand_lines):
    p = tmp_path / "h.jsonl.gz"
    write_lines(p, [hand_lines[0], "{oops", hand_lines[1]], gz=True)
    it = mcr_engine.read_hands(str(p))
    assert next(it)["id"] == "h000001"
    with pytest.raises(mcr_engine.RecordError) as e:
        next(it)
    assert e.value.line == 2 and "%s:2:" % p in str(e.value)
    assert next(it)["id"] == "h000002"
    with pytest.raises(StopIteration):
        next(it)


def test_a_hand_file_is_not_a_game_file():
    it = mcr_engine.read_games(data("hands.jsonl.gz"), on_error="yield")
    first = next(it)
    assert isinstance(first, mcr_engine.RecordError) and first.line == 1


def test_missing_and_truncated_files(tmp_path, hand_lines):
    with pytest.raises(mcr_engine.RecordError) as e:
        mcr_engine.read_games(str(tmp_path / "nope.jsonl"))
    assert e.value.line == 0 and "cannot open" in str(e.value)
    full = tmp_path / "full.jsonl.gz"
    write_lines(full, hand_lines * 200, gz=True)
    cut = tmp_path / "cut.jsonl.gz"
    cut.write_bytes(full.read_bytes()[:-40])
    items = list(mcr_engine.read_hands(str(cut), on_error="yield"))
    assert isinstance(items[-1], mcr_engine.RecordError) and "truncated" in str(items[-1])
    assert all(isinstance(x, dict) for x in items[:-2])
    with pytest.raises(ValueError, match="on_error"):
        mcr_engine.read_hands(str(full), on_error="ignore")


def test_a_game_naming_an_unknown_rule_profile_is_a_located_error(tmp_path):
    with gzip.open(data("golden.jsonl.gz"), "rt", encoding="utf-8") as f:
        line = next(f).strip()
    rec = json.loads(line)
    house = dict(rec, rules="house-example")
    lines = [json.dumps(house), json.dumps(dict(rec, rules="nope")), json.dumps(dict(rec, rules=3)), line]
    p = tmp_path / "g.jsonl"
    write_lines(p, lines)
    items = list(mcr_engine.read_games(str(p), on_error="yield"))
    assert [type(x).__name__ for x in items] == ["dict", "RecordError", "RecordError", "dict"]
    # The profile a record names is kept as written: Engine(rules=rec.get("rules", "botzone")).
    assert items[0]["rules"] == "house-example" and "rules" not in items[3]
    assert items[1].line == 2 and 'unknown rule profile "nope" in "rules" (profiles: botzone, ' in str(items[1])
    assert items[2].line == 3 and "expected the name of a rule profile (a string)" in str(items[2])


def test_a_repeated_key_at_any_level_is_a_located_error(tmp_path):
    # json.loads would keep the last value; the record would say two things.
    with gzip.open(data("golden.jsonl.gz"), "rt", encoding="utf-8") as f:
        line = next(f).strip()
    top = line.replace('{"game_id"', '{"quan":0,"game_id"', 1)
    display = line.replace('"display":{', '"display":{"action":"INIT",', 1)
    assert json.loads(top) == json.loads(line) == json.loads(display)
    p = tmp_path / "g.jsonl"
    write_lines(p, [top, display, line])
    items = list(mcr_engine.read_games(str(p), on_error="yield"))
    assert [type(x).__name__ for x in items] == ["RecordError", "RecordError", "dict"]
    assert items[0].line == 1 and "duplicate key \"quan\"" in str(items[0])
    assert items[1].line == 2 and "duplicate key \"action\"" in str(items[1])
