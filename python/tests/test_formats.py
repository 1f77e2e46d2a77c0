"""read_games on Botzone match logs, import_games: the library's import
(`mcr import`), checked against the records made from the same logs
(tests/data/botzone_logs_records.jsonl.gz, see tests/data/README.md)."""
import gzip
import json

import pytest

import mcr_engine

from conftest import data

# What a match log cannot hold (corpus metadata) and where an import came from.
NOT_IN_A_LOG = ("tags", "known_discrepancy", "injected", "source")


def comparable(rec):
    return {k: v for k, v in rec.items() if k not in NOT_IN_A_LOG}


def lines(name):
    with gzip.open(data(name), "rt", encoding="utf-8") as f:
        return [json.loads(l) for l in f if l.strip()]


def test_read_games_reads_match_logs_as_the_original_records():
    got = list(mcr_engine.read_games(data("botzone_logs.jsonl.gz")))
    want = lines("botzone_logs_records.jsonl.gz")
    assert len(got) == len(want) == 120
    for g, w in zip(got, want):
        assert g["source"]["format"] == "botzone-log"
        assert comparable(g) == comparable(w), w["game_id"]
    assert sum(any("verdicts" in t for t in g["turns"]) for g in got) == 37


def test_read_games_still_reads_records_as_they_are():
    got = list(mcr_engine.read_games(data("botzone_logs_records.jsonl.gz")))
    assert got == lines("botzone_logs_records.jsonl.gz")
    # Forcing the format: a records file read as match logs fails game by game.
    items = list(mcr_engine.read_games(data("botzone_logs_records.jsonl.gz"), from_="botzone-log", on_error="yield"))
    assert len(items) == 120 and all(isinstance(x, mcr_engine.RecordError) for x in items)
    with pytest.raises(ValueError):
        mcr_engine.read_games(data("golden.jsonl.gz"), from_="csv")


def test_bad_matches_are_located_and_the_others_kept(tmp_path):
    logs = lines("botzone_logs.jsonl.gz")[:4]
    bad = json.loads(json.dumps(logs[1]))
    del bad["log"][5]["3"]
    text = [json.dumps(logs[0]), json.dumps(bad), json.dumps(logs[2])[:50], json.dumps(logs[3])]
    p = tmp_path / "bad.jsonl"
    p.write_text("\n".join(text) + "\n")
    items = list(mcr_engine.read_games(str(p), on_error="yield"))
    assert [type(x).__name__ for x in items] == ["dict", "RecordError", "RecordError", "dict"]
    missing = items[1]
    assert (missing.line, missing.game, missing.at) == (2, logs[1]["_id"], "log[5]")
    assert "seat 3" in missing.reason
    assert str(missing).startswith(f"{p}:2: match {logs[1]['_id']}: log[5]: ")
    assert items[2].line == 3 and items[2].game is None
    with pytest.raises(mcr_engine.RecordError) as e:
        list(mcr_engine.read_games(str(p)))
    assert e.value.line == 2


def test_import_games_writes_records_and_counts(tmp_path):
    out = tmp_path / "out.jsonl.gz"
    s = mcr_engine.import_games([data("botzone_logs.jsonl.gz")], str(out))
    assert s == {"read": 120, "imported": 120, "reasons": [], "more": 0}
    got = [json.loads(l) for l in gzip.open(out, "rt")]
    want = lines("botzone_logs_records.jsonl.gz")
    assert [comparable(g) for g in got] == [comparable(w) for w in want]
    # One path, and a bad game counted with its reason.
    p = tmp_path / "two.jsonl"
    p.write_text(json.dumps(lines("botzone_logs.jsonl.gz")[0]) + "\n{\"_id\": \"x\"}\n")
    s = mcr_engine.import_games(p, str(tmp_path / "two-out.jsonl"), from_="botzone-log")
    assert (s["read"], s["imported"], s["more"]) == (2, 1, 0)
    assert s["reasons"] == [f"{p}:2: match x: log: the match has no log (nor logs)"]
