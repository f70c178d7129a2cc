"""The ``picnic`` command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from picnic_rules import codec
from picnic_rules.cli import main


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "sandwich", "-n", "20", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "sandwich: 20 games, 2 players" in out
    assert "win rate" in out
    assert "computer" in out and "random" in out
    assert "mean game length" in out
    assert "end reasons" in out
    assert main(["simulate", "sandwich", "-n", "20", "--seed", "1"]) == 0
    assert capsys.readouterr().out == out  # reproducible


def test_simulate_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "simulate",
        "sandwich",
        "-n",
        "8",
        "--players",
        "3",
        "--rotate",
        "--jobs",
        "2",
        "--variant",
        "small-deck",
    ]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "3 players (seats rotated)" in out
    assert main(["simulate", "sandwich", "-n", "4", "--agents", "random,random,random,random"]) == 0
    assert "4 players" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["play", "chess"], "unknown game 'chess'"),
        (["rules", "chess"], "unknown game 'chess'"),
        (["simulate", "sandwich", "--agents", "computer,genius"], "unknown agent 'genius'"),
        (["simulate", "sandwich", "--players", "5"], "2 to 4 players"),
        (["simulate", "sandwich", "--players", "3", "--agents", "random,random"], "--players 3"),
        (["play", "sandwich", "--variant", "huge"], "unknown variant 'huge'"),
        (["replay", "/nonexistent/record.json"], "cannot read"),
    ],
)
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("picnic: error: ")
    assert message in captured.err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["simulate", "sandwich", "-n", "lots"]) == 2
    assert main(["dance"]) == 2
    assert "usage:" in capsys.readouterr().err
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


def test_play_and_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["play", "sandwich", "--agents", "computer,random", "--seed", "4"]) == 0
    shown = capsys.readouterr().out
    assert "seat 0 computer, seat 1 random" in shown
    assert "   1. chance   draw " in shown
    assert "(three-sandwiches)" in shown or "(sixty-actions)" in shown or "(stuck)" in shown

    assert main(["play", "sandwich", "--agents", "computer,random", "--seed", "4", "--json"]) == 0
    text = capsys.readouterr().out
    doc = json.loads(text)
    assert doc["kind"] == "record" and doc["seed"] == 4
    record = codec.loads(text)

    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    replayed = capsys.readouterr().out
    assert "2 players, seed 4" in replayed
    assert replayed.splitlines()[1:] == shown.splitlines()[1:]
    assert len(replayed.splitlines()) == len(record.moves) + 2  # type: ignore[attr-defined]


def test_replay_of_bad_files(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": 1, "game": "sandwich", "kind": "move", "move": "end"}')
    assert main(["replay", str(path)]) == 2
    assert "$.kind" in capsys.readouterr().err
    path.write_text("{not json")
    assert main(["replay", str(path)]) == 2
    assert "malformed JSON" in capsys.readouterr().err
    main(["play", "sandwich", "--seed", "2", "--json"])
    doc = json.loads(capsys.readouterr().out)
    doc["moves"][5] = "play jelly on 3"
    path.write_text(json.dumps(doc))
    assert main(["replay", str(path)]) == 2
    assert "move 5" in capsys.readouterr().err


def test_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "sandwich"]) == 0
    out = capsys.readouterr().out
    assert "bread = 16" in out
    assert "action_limit = 60" in out
    assert "small-deck:" in out
    agents_line = next(line for line in out.splitlines() if line.startswith("agents: "))
    assert {"computer", "random"} <= set(agents_line.removeprefix("agents: ").split(", "))
