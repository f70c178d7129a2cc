"""register(): a user's own game joins GAMES and works by name everywhere."""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from picnic_rules import GAMES, PicnicError, RandomAgent, codec, get_game, play, register, replay
from picnic_rules.sandwich import Rules


@pytest.fixture
def quick() -> Iterator[object]:
    game = attrs.evolve(
        GAMES["sandwich"],
        name="quick-sandwich",
        title="Two sandwiches win",
        variants={"default": Rules(sandwiches_to_win=2)},
    )
    yield game
    GAMES.pop("quick-sandwich", None)


def test_a_registered_game_is_found_by_name(quick) -> None:  # type: ignore[no-untyped-def]
    assert register(quick) is quick
    assert get_game("quick-sandwich") is quick
    assert register(quick) is quick  # again: harmless
    record = play("quick-sandwich", [RandomAgent(), RandomAgent()], seed=1,
                  rules=Rules(sandwiches_to_win=2))  # fmt: skip
    assert record.game == "quick-sandwich"
    assert codec.loads(codec.dumps(record)) == record
    assert replay(record)[-1].reason is not None


def test_names_are_not_taken_twice(quick) -> None:  # type: ignore[no-untyped-def]
    other = attrs.evolve(quick)
    register(quick)
    with pytest.raises(PicnicError, match="already registered as 'quick-sandwich'"):
        register(other)
    with pytest.raises(PicnicError, match="already registered as 'sandwich'"):
        register(attrs.evolve(GAMES["sandwich"]))


def test_only_games_register() -> None:
    with pytest.raises(PicnicError, match="only a Game can be registered, not dict"):
        register({"name": "chess"})  # type: ignore[arg-type]
    assert set(GAMES) == {"sandwich"}
