"""Whatever a caller passes, a host answers with a ``HostError`` (never a ``TypeError``), and
stores only what it can load back: seeds, table ids, labels, options, invites (issue 38)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from picnic_rules import PicnicError
from picnic_rules.errors import shorten
from picnic_rules.host import BadInput, Host, NoSuchTable, NotASeat, open_store


@pytest.mark.parametrize("seed", ["x", 1.5, True, 10**100, -(10**39), b"7", [1]])
def test_a_seed_the_store_cannot_load_back_is_refused(seed: Any, tmp_path: Path) -> None:
    host = Host(open_store(f"sqlite:///{tmp_path / 'tables.db'}"))
    with pytest.raises(BadInput, match="a seed is null or an integer of at most 39 digits"):
        host.open("sandwich", agents={1: "computer"}, seed=seed)


@pytest.mark.parametrize("seed", [0, -5, 10**39 - 1, None])
def test_every_seed_taken_loads_back(seed: Any, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    opened = Host(open_store(url)).open("sandwich", agents={1: "computer"}, seed=seed)
    again = Host(open_store(url))  # a restart: the table is read back from the store
    assert again.answer(opened.table_id, opened.tokens[0]).seen == again.version(opened.table_id)


@pytest.mark.parametrize("table_id", [["x"], {"a": 1}, None, 5, b"x", "x" * 65, "\ud800"])
def test_an_id_no_table_can_have_is_no_such_table(table_id: Any) -> None:
    host = Host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=1)
    token = opened.tokens[0]
    calls = [
        lambda: host.answer(table_id, token),
        lambda: host.answer(table_id, token).update,
        lambda: host.join(table_id, "invite"),
        lambda: host.public(table_id),
        lambda: host.meta(table_id),
        lambda: host.version(table_id),
        lambda: host.seat_of(table_id, token),
        lambda: host.move(table_id, token, "end", seen=0),
        lambda: host.tell(table_id, token, "draw fly", seen=0),
        lambda: host.undo(table_id, token),
    ]
    for call in calls:
        with pytest.raises(NoSuchTable, match="no table has that id"):
            call()
    assert host.stored_version(table_id) is None
    assert host.answer_loaded(table_id, token, 0, 0) is None


@pytest.mark.parametrize(
    ("meta", "reason"),
    [
        ({"mode": 5}, "label 'mode' is text, not an int"),
        ({"mode": None}, "label 'mode' is text, not None"),
        ({5: "x"}, "a label's name is text, not an int"),
        ({"names": "\ud800"}, "label 'names' holds a character that is not Unicode text"),
        ({"\ud800": "x"}, r"label '\\+ud800' holds a character that is not Unicode text"),
        ({"mode": "x" * 5000}, "label 'mode' is longer than 4096 characters"),
        ({f"k{i}": "x" for i in range(40)}, "a table keeps at most 32 labels"),
        ([("mode", "x")], "labels are a mapping of text to text, not a list"),
    ],
)
def test_a_label_that_is_not_text_is_refused(meta: Any, reason: str) -> None:
    with pytest.raises(BadInput, match=reason):
        Host().open("sandwich", agents={1: "computer"}, meta=meta)


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"agents": 5}, "agents are a mapping of seats to agent names, not an int"),
        ({"agents": [("1", "computer")]}, "agents are a mapping"),
        ({"open_seats": 5}, "open seats are a list of seats, not an int"),
        ({"open_seats": "1"}, "open seats are a list of seats, not a str"),
        ({"undo": "yes"}, "an undo policy is null, true or false, not a str"),
    ],
)
def test_an_option_of_the_wrong_kind_is_refused(options: dict[str, Any], reason: str) -> None:
    with pytest.raises(BadInput, match=reason):
        Host().open("sandwich", **options)


@pytest.mark.parametrize("invite", [None, 5, ["x"], b"x"])
def test_an_invite_that_is_not_text_is_no_seat(invite: Any) -> None:
    host = Host()
    opened = host.open("sandwich", open_seats=[1], seed=1)
    with pytest.raises(NotASeat):
        host.join(opened.table_id, invite)
    assert host.join(opened.table_id, opened.invites[1])[0] == 1


def test_no_message_echoes_a_character_that_cannot_be_sent() -> None:
    assert shorten("draw \ud800") == "draw \\ud800"
    host = Host()
    opened = host.open("sandwich", agents={1: "computer"}, seed=1)
    with pytest.raises(PicnicError) as caught:
        host.public(opened.table_id, "\ud800")  # type: ignore[arg-type]
    str(caught.value).encode("utf-8")  # a message a server can send
