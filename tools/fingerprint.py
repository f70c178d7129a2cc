"""Fingerprints of the games' behaviour, to show that a refactoring changes nothing.

Plays seeded random games of every built-in game (every variant, the fewest
and the most seats) and hashes, step by step, what a user can see: the
legal-move lists (their notation and their order), the states, every seat's
view and observation as JSON documents, the words of each observation, the
picture of each view, and the results. Run it on the tree before a change
and after it and compare:

    python tools/fingerprint.py --games 2000 --out /tmp/before.json
    python tools/fingerprint.py --games 2000 --check /tmp/before.json

``--full N`` sets how many games of each case also hash every document at
every step (the others hash the moves at every step and the documents at
the end). Exit status 1 names the cases that differ.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from typing import Any

from picnic_rules import CHANCE, GAMES
from picnic_rules.codec import dumps


def fingerprint(
    name: str, variant: str, players: int, games: int, full: int, words: bool = True
) -> str:
    """The sha256 of ``games`` seeded random games of one case (without the words and
    pictures when ``words`` is false)."""
    game: Any = GAMES[name]
    rules = game.variants[variant]
    digest = hashlib.sha256()
    put = digest.update
    for number in range(games):
        rng = random.Random(f"{name}/{variant}/{players}/{number}")
        deep = number < full
        state = game.new_game(players, rules)
        views = [game.view(state, seat) for seat in range(players)]
        while not game.is_over(state):
            actor = game.to_move(state)
            if actor is CHANCE:
                move = game.sample_chance(state, rng)
            else:
                moves = game.legal_moves(state)
                put(repr([str(m) for m in moves]).encode())
                if deep:
                    put(repr(moves).encode())
                move = moves[rng.randrange(len(moves))]
            put(str(move).encode())
            after = game.apply(state, move)
            if deep:
                put(dumps(after, game=game).encode())
                for seat in range(players):
                    seen = game.observe(state, move, seat)
                    put(dumps(seen, game=game).encode())
                    if words:
                        put(repr(game.describe(views[seat], seen)).encode())
                    views[seat] = game.update(views[seat], seen)
                    put(dumps(views[seat], game=game).encode())
                    if words:
                        put(game.render(views[seat]).encode())
            state = after
        put(dumps(state, game=game).encode())
        put(repr(game.result(state)).encode())
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    """Print or check the fingerprints."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--full", type=int, default=50)
    parser.add_argument("--game", action="append", help="only these games")
    parser.add_argument("--out")
    parser.add_argument("--check")
    parser.add_argument(
        "--no-words", action="store_true", help="leave out the words and pictures (rules only)"
    )
    args = parser.parse_args(argv)
    found: dict[str, str] = {}
    for name in args.game or sorted(GAMES):
        game: Any = GAMES[name]
        low, high = game.players
        for variant in sorted(game.variants):
            for players in sorted({low, high}):
                key = f"{name}/{variant}/{players}"
                found[key] = fingerprint(
                    name, variant, players, args.games, args.full, not args.no_words
                )
                print(key, found[key][:16], flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(found, out, indent=1)
    if args.check:
        with open(args.check, encoding="utf-8") as before:
            expected = json.load(before)
        differ = [key for key in found if expected.get(key) != found[key]]
        for key in differ:
            print(f"DIFFERS: {key}")
        print("unchanged" if not differ else f"{len(differ)} case(s) differ")
        return 1 if differ else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
