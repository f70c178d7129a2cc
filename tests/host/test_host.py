"""The host: tables for any game, seats by credential and invite, moves stored before they
are acknowledged, stale moves refused, tables that survive a restart."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from picnic_rules import GAMES, IllegalMove, OutOfTurn, PicnicError, codec
from picnic_rules.host import (
    Host,
    MemoryStore,
    NoSuchTable,
    NotASeat,
    Saved,
    SeatTaken,
    StaleMove,
    Store,
    UndoOff,
    open_store,
)
from picnic_rules.host.sql import SqlStore


@pytest.fixture(params=["memory", "sqlite", "postgresql"])
def make_store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Callable[[], Store]]:
    """A factory of stores that share one place: memory (one store), one SQLite file, or
    one database of a real PostgreSQL server."""
    if request.param == "memory":
        store = MemoryStore()
        yield lambda: store
        return
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'tables.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
    stores: list[SqlStore] = []

    def make() -> Store:
        stores.append(SqlStore(url))
        return stores[-1]

    yield make
    for store in stores:
        store.engine.dispose()


def first_legal(host: Host, table: str, token: str) -> str:
    update = host.answer(table, token).update
    return update.legal_moves[0].notation


def test_a_seat_plays_by_its_credential_and_the_computer_answers(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("sandwich", agents={1: "computer"}, seed=3)
    assert list(opened.tokens) == [0] and opened.invites == {}
    seen = host.version(opened.table_id)
    after = host.move(
        opened.table_id,
        opened.tokens[0],
        first_legal(host, opened.table_id, opened.tokens[0]),
        seen=seen,
    )
    assert after.update.observations[0].description.startswith("you ")
    assert host.version(opened.table_id) > seen + 1  # the computer and chance acted too
    with pytest.raises(NotASeat):
        host.answer(opened.table_id, "not a credential")
    with pytest.raises(NoSuchTable):
        host.answer("no-such-table", opened.tokens[0])


def test_a_stale_or_illegal_move_changes_nothing(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("sandwich", agents={1: "computer"}, seed=3)
    token, seen = opened.tokens[0], host.version(opened.table_id)
    before = host.answer(opened.table_id, token).update
    with pytest.raises(StaleMove, match=f"{seen} moves made, not {seen - 1}"):
        host.move(opened.table_id, token, before.legal_moves[0].notation, seen=seen - 1)
    with pytest.raises(IllegalMove):
        host.move(opened.table_id, token, "play jelly on 5", seen=seen)
    assert host.version(opened.table_id) == seen
    assert host.answer(opened.table_id, token).update == before


def test_an_invite_gives_its_seat_once(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("poultry", players=3, agents={2: "computer"}, open_seats=[1], seed=4)
    assert list(opened.tokens) == [0] and list(opened.invites) == [1]
    with pytest.raises(NotASeat):
        host.join(opened.table_id, "a guess")
    seat, token = host.join(opened.table_id, opened.invites[1])
    assert seat == 1 and host.seat_of(opened.table_id, token) == 1
    with pytest.raises(SeatTaken):
        host.join(opened.table_id, opened.invites[1])
    assert host.answer(opened.table_id, token).update.seat == 1


def test_undo_is_off_when_two_people_play(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    alone = host.open("sandwich", agents={1: "computer"}, seed=3)
    token = alone.tokens[0]
    seen = host.version(alone.table_id)
    host.move(alone.table_id, token, first_legal(host, alone.table_id, token), seen=seen)
    assert host.undo(alone.table_id, token)[0] > 0 and host.version(alone.table_id) == seen
    both = host.open("sandwich", agents={}, seed=3)
    with pytest.raises(UndoOff, match="undo is off"):
        host.undo(both.table_id, both.tokens[0])
    assert issubclass(UndoOff, PicnicError)
    # a seat's client that is behind cannot take back what it has not seen
    host.move(alone.table_id, token, first_legal(host, alone.table_id, token), seen=seen)
    with pytest.raises(StaleMove):
        host.undo(alone.table_id, token, seen=seen)
    taken, answer = host.undo(alone.table_id, token, seen=host.version(alone.table_id))
    assert taken > 0 and answer.seen == seen == host.version(alone.table_id)
    assert len(answer.update.observations) == seen  # the whole log again
    restarted = Host(make_store())  # stored before it returned
    assert restarted.version(alone.table_id) == seen
    assert host.undo(alone.table_id, token, seen=seen)[0] == 0  # nothing left to take back


def test_a_restart_loses_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    host = Host(open_store(url))
    opened = host.open("insects", agents={1: "computer"}, seed=8)
    token = opened.tokens[0]
    for _ in range(3):
        if host.table(opened.table_id).over:
            break
        host.move(
            opened.table_id,
            token,
            first_legal(host, opened.table_id, token),
            seen=host.version(opened.table_id),
        )
    before = host.answer(opened.table_id, token).update
    restarted = Host(open_store(url))  # a new process on the same database
    assert restarted.answer(opened.table_id, token).update == before
    assert restarted.table(opened.table_id).record() == host.table(opened.table_id).record()


def test_two_hosts_on_one_database_never_both_accept_a_step(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    first, second = Host(SqlStore(url)), Host(SqlStore(url))
    opened = first.open("sandwich", agents={}, seed=3)
    token = opened.tokens[0]
    seen = first.version(opened.table_id)
    move = first_legal(first, opened.table_id, token)
    assert (
        second.answer(opened.table_id, token).update == first.answer(opened.table_id, token).update
    )  # both loaded
    first.move(opened.table_id, token, move, seen=seen)
    with pytest.raises((StaleMove, OutOfTurn)):
        second.move(opened.table_id, token, move, seen=seen)
    assert second.version(opened.table_id) == first.version(opened.table_id)


def test_an_answer_from_the_loaded_table_alone_is_the_answer_or_none(make_store) -> None:  # type: ignore[no-untyped-def]
    store = make_store()
    host, elsewhere = Host(store), Host(make_store())
    opened = host.open("sandwich", agents={}, seed=3)
    table_id, token = opened.table_id, opened.tokens[0]
    seen = host.version(table_id)
    assert host.answer_loaded(table_id, token, 2, seen) == host.answer(table_id, token, 2)
    assert host.answer_loaded(table_id, opened.tokens[1], 0, seen - 1) == host.answer(
        table_id, opened.tokens[1], 0
    )
    assert host.answer_loaded(table_id, token, 0, seen + 1) is None  # news of a later move
    assert host.answer_loaded(table_id, token, seen + 1, seen) is None  # ahead of the table
    assert host.answer_loaded(table_id, "not a credential", 0, seen) is None
    assert host.answer_loaded("no-such-table", token, 0, seen) is None
    assert elsewhere.answer_loaded(table_id, token, 0, seen) is None  # not loaded there
    with host._get(table_id).lock:  # busy: never waits
        assert host.answer_loaded(table_id, token, 0, seen) is None
    # a move that another host stored first: the loaded table is forgotten, never answered
    elsewhere.answer(table_id, token)
    actor = opened.tokens[host.table(table_id).to_move]
    move = first_legal(host, table_id, actor)
    host.move(table_id, actor, move, seen=seen)
    with pytest.raises((StaleMove, OutOfTurn)):
        elsewhere.move(table_id, actor, move, seen=seen)
    assert elsewhere.answer_loaded(table_id, token, 0, seen) is None
    alone = host.open("sandwich", agents={1: "computer"}, seed=3)  # undo allowed
    version = host.version(alone.table_id)
    assert host.answer_loaded(alone.table_id, alone.tokens[0], 0, version) is None


def test_racing_saves_one_wins(make_store) -> None:  # type: ignore[no-untyped-def]
    store = make_store()
    store.create("t", "{}", 5, False)
    results: list[bool] = []
    threads = [
        threading.Thread(target=lambda n=n: results.append(store.save("t", f"{n}", 6, False, 5)))
        for n in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False] * 7 + [True]
    assert store.version("t") == 6


def test_a_finished_table_leaves_memory_and_stays_in_the_store(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("sandwich", agents={1: "random"}, seed=5)
    token = opened.tokens[0]
    while not host.table(opened.table_id).over:
        host.move(
            opened.table_id,
            token,
            first_legal(host, opened.table_id, token),
            seen=host.version(opened.table_id),
        )
    assert host.loaded == 0
    final = host.answer(opened.table_id, token).update
    assert final.outcome is not None and final.legal_moves == ()


def test_every_game_can_be_hosted() -> None:
    host = Host()
    for name in sorted(GAMES):
        game = GAMES[name]
        opened = host.open(name, players=game.players[0], agents={1: "random"}, seed=2)
        assert host.answer(opened.table_id, opened.tokens[0]).update.seat == 0


def test_a_spectator_sees_public_moves_and_never_a_card(make_store) -> None:  # type: ignore[no-untyped-def]
    host = Host(make_store())
    opened = host.open("sandwich", agents={1: "computer"}, seed=3, meta={"mode": "computer"})
    token = opened.tokens[0]
    host.move(opened.table_id, token, first_legal(host, opened.table_id, token), seen=5)
    public = host.public(opened.table_id)
    table = host.table(opened.table_id)
    assert public.seen == table.version == len(public.log) and public.meta == {"mode": "computer"}
    # the deal and the draw name no card; the moves are the game's words, told to no seat
    assert public.log[:5] == ("seat 0 is dealt a card", "seat 1 is dealt a card") * 2 + (
        "seat 0 draws a card",
    )
    assert public.log[5].startswith("seat 0 ") and "you" not in public.log[5].split()
    assert host.public(opened.table_id, since=public.seen - 1).log == public.log[-1:]
    with pytest.raises(PicnicError, match="since must be 0 to"):
        host.public(opened.table_id, since=10**4000)
    # the table as every seat sees it: the sandwiches and the hand sizes, no hand
    assert public.view == table.game.public_view(table.state)
    assert public.view.table == table.state.table
    assert public.view.hand_sizes == tuple(map(sum, table.state.hands))
    assert not hasattr(public.view, "hand") and not hasattr(public.view, "hands")
    document = codec.encode(public.view, game="sandwich")
    assert document["kind"] == "public" and "hand" not in document["public"]
    # a game with face-down moves names no card committed or dealt, and shows face-down
    # cards as counts
    poultry = host.open("poultry", players=3, agents={1: "random", 2: "random"}, seed=4)
    shown = host.public(poultry.table_id)
    played = host.table(poultry.table_id)
    dealt = [line for line in shown.log if " is dealt " in line or " commits " in line]
    assert dealt and all(line.endswith((" a card", " face down")) for line in dealt), dealt
    assert not any(str(card) in " ".join(dealt) for card in played.game.Rules().kinds)
    state = host.table(poultry.table_id).state
    assert shown.view.hand_sizes == tuple(map(sum, state.hands))
    hidden = state.phase.value in ("commit", "reveal")
    assert shown.view.face_down == tuple(len(c) if hidden else 0 for c in state.played)


def test_answers_carry_the_version_and_labels_and_stores_read_many_versions(make_store) -> None:  # type: ignore[no-untyped-def]
    store = make_store()
    host = Host(store)
    opened = host.open("sandwich", agents={}, seed=3, meta={"mode": "pass"})
    answer = host.answer(opened.table_id, opened.tokens[1])
    assert (answer.seen, answer.update.seat, answer.meta) == (5, 1, {"mode": "pass"})
    move = first_legal(host, opened.table_id, opened.tokens[0])
    played = host.move(opened.table_id, opened.tokens[0], move, seen=5)
    assert played.seen == host.version(opened.table_id) > 5
    assert store.versions([opened.table_id, "nothing", opened.table_id]) == {
        opened.table_id: played.seen
    }
    assert Host(store).meta(opened.table_id) == {"mode": "pass"}  # kept with the table


def test_a_stale_message_never_writes_a_huge_number() -> None:
    assert str(StaleMove(10**4000, 5)) == (
        "the table moved on: 5 moves made, not a number of about 4001 digits"
    )
    assert len(str(StaleMove(-(10**60), 5))) < 100


def test_two_hosts_on_one_store_join_an_invite_once_and_know_the_new_seat(make_store) -> None:  # type: ignore[no-untyped-def]
    first, second = Host(make_store()), Host(make_store())
    opened = first.open("sandwich", agents={}, open_seats=[1], seed=4)
    assert second.answer(opened.table_id, opened.tokens[0]).update.seat == 0  # loaded by both
    seat, token = first.join(opened.table_id, opened.invites[1])
    assert second.answer(opened.table_id, token).update.seat == seat == 1  # a join made elsewhere
    with pytest.raises(SeatTaken):  # the other host's loaded copy is behind: the store decides
        Host(make_store()).join(opened.table_id, opened.invites[1])
    third = Host(make_store())
    assert third.answer(opened.table_id, opened.tokens[0]).update.seat == 0
    with pytest.raises(NotASeat):
        third.answer(opened.table_id, "not a credential")


def test_racing_joins_on_two_hosts_give_the_seat_once(make_store) -> None:  # type: ignore[no-untyped-def]
    first, second = Host(make_store()), Host(make_store())
    opened = first.open("sandwich", agents={}, open_seats=[1], seed=4)
    second.answer(opened.table_id, opened.tokens[0])  # both hold the table without seat 1
    first.join(opened.table_id, opened.invites[1])
    with pytest.raises(SeatTaken):
        second.join(opened.table_id, opened.invites[1])


def test_a_move_saved_through_a_host_that_missed_a_join_never_erases_it(make_store) -> None:  # type: ignore[no-untyped-def]
    # the old host saved a move from its copy of the table as it was before a join made
    # through another host (a join makes no move, so the version matched): the joined
    # seat was gone for good, and the same invite took it again
    first, second = Host(make_store()), Host(make_store())
    opened = first.open("sandwich", agents={}, open_seats=[1], seed=4)
    seat, token = second.join(opened.table_id, opened.invites[1])
    seen = first.version(opened.table_id)  # first's copy is the table before the join
    move = first.answer(opened.table_id, opened.tokens[0]).update.legal_moves[0].notation
    after = first.move(opened.table_id, opened.tokens[0], move, seen=seen)
    assert after.seen > seen
    for host in (first, second, Host(make_store())):  # the seat holds on every host
        assert host.answer(opened.table_id, token).update.seat == seat == 1
    with pytest.raises(SeatTaken):
        Host(make_store()).join(opened.table_id, opened.invites[1])
    stored = Saved.loads(first.store.load(opened.table_id)[0])  # type: ignore[index]
    assert sorted(stored.credentials) == [0, 1] and len(stored.record.moves) == after.seen


def test_a_join_through_a_host_behind_on_moves_is_taken_not_stale(make_store) -> None:  # type: ignore[no-untyped-def]
    first, second = Host(make_store()), Host(make_store())
    opened = first.open("sandwich", agents={}, open_seats=[1], seed=4)
    second.public(opened.table_id)  # second holds the table as it was opened
    seen = first.version(opened.table_id)
    move = first.answer(opened.table_id, opened.tokens[0]).update.legal_moves[0].notation
    first.move(opened.table_id, opened.tokens[0], move, seen=seen)
    seat, token = second.join(opened.table_id, opened.invites[1])  # not "stale": joined
    assert first.answer(opened.table_id, token).update.seat == seat == 1


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_tables_documents_are_the_clients_own(name: str) -> None:
    """Table.update describes each observation with the view taken from the states: the
    same document as seat_update replaying the observations from the view before them."""
    from picnic_rules.client import seat_update
    from picnic_rules.host import Table

    game = GAMES[name]
    players = game.players[0]
    table = Table(game, players=players, rules=None, seed=3, agents={})
    table.advance()
    for step in range(40):
        if table.over:
            break
        actor = table.to_move
        table.choose(
            actor, game.legal_moves(table.state)[step % len(game.legal_moves(table.state))]
        )
        table.advance()
        for seat in range(players):
            for since in {0, max(0, table.version - 3), table.version}:
                seen = [
                    game.observe(table.states[i], table.moves[i], seat)
                    for i in range(since, table.version)
                ]
                expected = seat_update(
                    game, table.state, seat, seen, before=game.view(table.states[since], seat)
                )
                assert table.update(seat, since) == expected


def test_a_resumed_table_deals_again_what_an_undo_took_back(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'tables.db'}"
    host = Host(open_store(url))
    opened = host.open("sandwich", agents={1: "computer"}, seed=6)
    token = opened.tokens[0]
    move = first_legal(host, opened.table_id, token)
    first = host.move(opened.table_id, token, move, seen=5)
    assert host.undo(opened.table_id, token)[0] > 0
    again = Host(open_store(url)).move(opened.table_id, token, move, seen=5)  # a new process
    assert again == first  # the same cards drawn, the same computer's answer


def test_the_stored_document_is_the_whole_table_after_moves_and_undos() -> None:
    """A host writes each move's notation once, not every move again: the stored document
    is still exactly the table's whole record, after moves, undos and other moves."""
    store = MemoryStore()
    host = Host(store)
    opened = host.open("sandwich", agents={1: "computer"}, seed=8)
    token = opened.tokens[0]

    def stored() -> Saved:
        found = store.load(opened.table_id)
        assert found is not None
        saved = Saved.loads(found[0])
        assert found[0] == saved.dumps()  # as if written whole
        return saved

    for choice in (0, 0, -1, 0, -1):
        update = host.answer(opened.table_id, token).update
        move = update.legal_moves[choice].notation
        host.move(opened.table_id, token, move, seen=host.version(opened.table_id))
        assert stored().record == host.table(opened.table_id).record()
    host.undo(opened.table_id, token)
    host.undo(opened.table_id, token)
    assert stored().record == host.table(opened.table_id).record()
    update = host.answer(opened.table_id, token).update
    host.move(
        opened.table_id, token, update.legal_moves[-1].notation, seen=host.version(opened.table_id)
    )
    assert stored().record == host.table(opened.table_id).record()
    assert Host(store).table(opened.table_id).record() == host.table(opened.table_id).record()


def test_a_server_never_takes_an_undone_history_for_the_tables_own() -> None:
    """An undo lowers the move count, which may rise again to the same number along other
    moves: another server that loaded the table before must still see (and save onto) the
    table's true history, not its own copy of the moves taken back."""
    store = MemoryStore()
    here, there = Host(store), Host(store)
    opened = here.open("sandwich", agents={1: "computer"}, seed=0)
    token = opened.tokens[0]
    for _ in range(2):
        here.move(
            opened.table_id,
            token,
            first_legal(here, opened.table_id, token),
            seen=here.version(opened.table_id),
        )
    start = here.answer(opened.table_id, token)
    plays = ["play jelly on 0", "ant 1.0 to 0"]  # two moves that each add one move here
    assert set(plays) <= {entry.notation for entry in start.update.legal_moves}
    here.move(opened.table_id, token, plays[0], seen=start.seen)
    seen = here.version(opened.table_id)
    assert seen == start.seen + 1
    assert there.answer(opened.table_id, token).seen == seen  # loaded there with plays[0]
    here.undo(opened.table_id, token, seen=seen)
    here.move(opened.table_id, token, plays[1], seen=start.seen)
    assert here.version(opened.table_id) == seen  # the same count, another history
    truth = here.table(opened.table_id).record()
    assert there.table(opened.table_id).record() != truth  # its copy is out of date...
    answer = there.answer(opened.table_id, token)
    assert there.table(opened.table_id).record() == truth  # ...and is not believed
    assert answer.update == here.answer(opened.table_id, token).update
    move = answer.update.legal_moves[0].notation
    there.move(opened.table_id, token, move, seen=seen)  # moves on the true history
    assert Host(store).table(opened.table_id).record().moves[: len(truth.moves)] == truth.moves
