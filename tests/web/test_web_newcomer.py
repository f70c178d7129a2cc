"""The faults a newcomer met in the browser (issue 42, "In the browser"), each shown mended
on the real page in headless Chromium (Debian's, driven by Playwright): a lobby that
introduces each game (a picture, what it is, how to play it in its own words, its rules
page) with its rules options labelled in words and their help; refusals in words; a reused
invite that offers to watch the table; no key pressed to start a game that acts on the
board; the ants colony whole in its panel at the end; the ants Round cards naming players;
the poultry yards' notes whole on a desktop.

(A spectator's log in words, every seat's score during play, the end's score counted out,
every board's decision in view: ``test_web_view.py``.)"""

from __future__ import annotations

import random
import re
from typing import Any

import attrs
import pytest
from playwright.sync_api import expect
from test_web_ants import draw_document
from test_web_poultry import Pages, live, pages, settle

from picnic_rules import CHANCE, GAMES, ants, codec
from picnic_rules.client import seat_update

__all__ = ["live", "pages"]  # the fixtures, shared

pytestmark = [pytest.mark.browser]


def test_the_lobby_introduces_every_game_in_its_own_words(pages: Pages) -> None:
    page = pages.open(size=(1280, 800))
    for name in GAMES:
        about = GAMES[name].about
        paragraphs = [" ".join(part.split()) for part in about.split("\n\n")]
        url = re.search(r"https://\S+", about)
        assert url is not None
        told = {
            "intro": paragraphs[0],
            "how_to_play": [part for part in paragraphs if url.group() not in part],
            "rules_url": url.group(),
        }
        card = page.locator(f".game-card[data-game='{name}']")
        expect(card).to_be_visible()
        expect(card.locator(".game-picture svg").first).to_be_attached()  # a picture
        assert card.locator(".game-line").inner_text() == told["intro"]  # what it is
        card.locator(".how-to-play summary").click()  # how to play: the game's own words
        shown = card.locator(".how-to-play p").all_inner_texts()
        assert shown == told["how_to_play"] and len(shown) >= 2
        link = card.locator("a.rules-link")
        assert link.get_attribute("href") == told["rules_url"]
        assert told["rules_url"].endswith(f"/{name}.html")  # its rules page
        card.locator("button.choose-game").click()  # and a way to play it
        assert page.input_value("#game") == name
        assert page.inner_text("#game-intro") == told["intro"]


def test_rules_options_are_labelled_in_words_with_their_help(pages: Pages) -> None:
    page = pages.open()
    for name in GAMES:
        page.select_option("#game", name)
        if not page.is_visible("#rules-fields"):
            page.click("#rules-box summary")
        labels = page.locator("#rules-fields label").all_inner_texts()
        assert len(labels) == len(GAMES[name].Rules.__attrs_attrs__)
        assert not any("_" in label for label in labels), labels  # no code name
        helps = page.locator("#rules-fields .rule-help").all_inner_texts()
        assert len(helps) == len(labels) and all(helps)  # each option's help, from its docs
        variants = page.locator("#variant option").all_inner_texts()
        assert not any("_" in text or "=" in text for text in variants), variants
    # a seat option offers the players by name, as many as play
    page.select_option("#game", "sandwich")
    page.fill("#name-0", "Ann")
    page.dispatch_event("#name-0", "change")
    assert page.inner_text("label[for='rule-first_player']") == "First to play"
    offered = page.locator("#rule-first_player option").all_inner_texts()
    assert offered == ["as the variant says (Ann)", "Ann", "Player 2"], offered
    page.select_option("#players", "3")
    assert page.locator("#rule-first_player option").count() == 4


@pytest.mark.parametrize(
    ("game", "field", "value", "said"),
    [
        ("insects", "hand_size", "abc", "Hand size is a whole number."),
        ("insects", "hand_size", "0", "Hand size is a whole number from 1 to 50."),
        ("insects", "food", "20", "food each, 2 players 12 for each of 2 players needs 24"),
    ],
)
def test_a_refused_option_is_said_in_words(
    pages: Pages, game: str, field: str, value: str, said: str
) -> None:
    page = pages.open()
    page.select_option("#game", game)
    page.click("#rules-box summary")
    page.fill(f"#rule-{field}", value)
    page.click("#new-game")
    settle(page)
    expect(page.locator("#message")).to_contain_text(said)
    assert "_" not in page.inner_text("#message") and page.is_hidden("#board")
    expected_refusal(pages, 400)


def expected_refusal(pages: Pages, status: int) -> None:
    """The browser's own line for a refusal the test asked for (status ``status``), taken
    from the page errors, which must hold nothing else."""
    pages.errors[:] = [error for error in pages.errors if f"status of {status}" not in error]


def test_a_reused_invite_offers_to_watch_the_table(pages: Pages) -> None:
    first = pages.open()
    first.fill("#name-0", "Ann")
    first.select_option("#mode", "invite")
    first.fill("#seed", "4")
    first.click("#new-game")
    settle(first)
    expect(first.locator("#invite-link")).to_have_value(re.compile("invite="))
    invite = first.input_value("#invite-link")
    second = pages.open(invite)
    expect(second.locator("#hand-title")).to_contain_text("Player 2's hand")
    third = pages.open(invite)  # the same link, used again
    expect(third.locator("#offer-watch")).to_be_visible()
    message = third.inner_text("#message")
    assert "taken" in message and "seat 1" not in message and "watch" in message
    expect(third.locator("#offer-watch")).to_be_focused()
    third.click("#offer-watch")
    expect(third.locator("#spectate")).to_be_visible()
    expect(third.locator("#spectate-board")).to_contain_text("Ann")
    assert third.locator("#hand").count() == 0
    expected_refusal(pages, 409)


def test_no_key_that_starts_a_game_acts_on_its_board(pages: Pages) -> None:
    """Seed 3 deals the first player no card to play: a discard is forced at once."""
    page = pages.open()
    moves: list[str] = []
    page.on(
        "request",
        lambda request: moves.append(request.url) if request.url.endswith("/moves") else None,
    )
    page.fill("#seed", "3")
    page.focus("#new-game")
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator("#prompt")).to_have_text(re.compile("No card can be played"))
    expect(page.locator("#board-root")).to_be_focused()  # the table, not a card
    page.keyboard.press("Enter")  # the key that started the game, pressed once more
    page.keyboard.press(" ")
    settle(page)
    assert moves == [] and page.locator("#hand button.card").count() > 0
    page.keyboard.press("ArrowRight")  # the player looks, chooses, and then discards
    expect(page.locator("#hand button.card").first).to_be_focused()
    page.keyboard.press("Enter")
    settle(page)
    assert len(moves) == 1


def test_the_ants_colony_is_whole_in_its_panel_at_the_end(pages: Pages) -> None:
    page = pages.open(size=(1280, 800))
    page.select_option("#game", "ants")
    page.fill("#seed", "5")
    page.click("#new-game")
    settle(page)
    page.wait_for_selector("#board-root [data-game='ants']")
    state = finished_ants()
    wide = tuple(
        ants.Placed(card, 2 * i, 0, 0) for i, card in enumerate([state.colonies[0][0].card] * 16)
    )
    document = codec.encode(
        seat_update(GAMES["ants"], attrs.evolve(state, colonies=(state.colonies[0], wide)), 0)
    )["update"]
    page.evaluate(
        """(doc) => window.PicnicBoards.boards.ants.draw(document.getElementById("board-root"),
             doc, {seat: 0, names: ["you", "Computer"], busy: false, reducedMotion: true,
                   spectator: false, play: () => {}})""",
        document,
    )
    panel = page.locator("section[data-seat='1']").bounding_box()
    colony = page.locator("section[data-seat='1'] .pa-colony svg").bounding_box()
    assert panel is not None and colony is not None
    assert (
        colony["x"] >= panel["x"] and colony["x"] + colony["width"] <= panel["x"] + panel["width"]
    )
    assert colony["width"] > 200  # scaled to its panel, not shrunk to nothing
    assert "starts this round" not in page.inner_text("#board-root")  # the game is over


def finished_poultry(seed: int) -> dict[str, Any]:
    """Seat 0's document at the end of a seeded poultry game of random moves, with every
    observation since the deal (the board tells the last round yard by yard)."""
    game = GAMES["poultry"]
    rng, state = random.Random(seed), game.new_game(2)
    before, seen = game.view(state, 0), []
    while not game.is_over(state):
        actor = game.to_move(state)
        moves = game.legal_moves(state)
        move = game.sample_chance(state, rng) if actor is CHANCE else rng.choice(moves)
        seen.append(game.observe(state, move, 0))
        state = game.apply(state, move)
    document: dict[str, Any] = codec.encode(seat_update(game, state, 0, seen, before))["update"]
    return document


def test_the_poultry_yard_notes_are_whole_on_a_desktop(pages: Pages) -> None:
    """Before, a yard's note was cut at 90 characters ("... The computer wins wit...")."""
    page = pages.open(size=(1280, 800))
    page.select_option("#game", "poultry")
    page.fill("#seed", "5")
    page.click("#new-game")
    settle(page)
    page.wait_for_selector("#board-root [data-game='poultry']")
    longest = 0
    for seed in range(6):
        page.evaluate(
            """(doc) => window.PicnicBoards.boards.poultry.draw(document.getElementById("board-root"),
                 doc, {seat: 0, names: ["Ann (you)", "Computer"], busy: false,
                       reducedMotion: true, spectator: false, play: () => {}})""",
            finished_poultry(seed),
        )
        notes = page.locator(".pp-yard .pp-note")
        assert notes.count() > 0
        for text in notes.all_inner_texts():
            assert "\u2026" not in text and not text.endswith("..."), text
            assert re.search(r"\w[.)]?$", text), text  # ends on a whole word
            longest = max(longest, len(text))
        clipped = page.evaluate(
            """() => Array.from(document.querySelectorAll(".pp-yard, .pp-yard .pp-note"))
                 .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1)
                 .map((e) => e.textContent.slice(0, 60))"""
        )
        assert clipped == []
    assert longest > 90  # notes longer than the old cut were drawn whole


def finished_ants() -> Any:
    """A finished ants position with a colony (each seat's first legal move, chance drawn
    from a seeded random)."""
    game = GAMES["ants"]
    rng, state = random.Random(1), game.new_game(2)
    while not game.is_over(state):
        actor = game.to_move(state)
        move = game.sample_chance(state, rng) if actor is CHANCE else game.legal_moves(state)[0]
        state = game.apply(state, move)
    assert state.colonies[0], "no card placed"
    return state


def stomp_turn() -> Any:
    """A turn of seat 0 holding the Stomp Round card, with a die of seat 1's to stomp on (a
    seeded game of random moves)."""
    game = GAMES["ants"]
    rng, state = random.Random(2), game.new_game(2)
    while not game.is_over(state):
        actor = game.to_move(state)
        if actor is CHANCE:
            state = game.apply(state, game.sample_chance(state, rng))
            continue
        moves = game.legal_moves(state)
        if actor == 0 and any(str(move).startswith("play stomp 1:") for move in moves):
            return state
        state = game.apply(state, rng.choice(moves))
    raise AssertionError("no stomp in this game")


def test_ants_round_card_buttons_name_the_players(pages: Pages) -> None:
    page = pages.open()
    page.select_option("#game", "ants")
    page.fill("#seed", "5")
    page.click("#new-game")
    settle(page)
    page.wait_for_selector("#board-root [data-game='ants']")
    draw_document(page, stomp_turn())
    stomps = page.locator("#pa-act button[data-move^='play stomp 1:']")
    texts = stomps.all_inner_texts()
    assert texts and all("Computer's" in text and "seat" not in text for text in texts), texts
