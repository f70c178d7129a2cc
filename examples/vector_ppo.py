"""A policy learns a game against random play on the batched environment, with numpy alone (PPO).

Run it with ``python examples/vector_ppo.py --game poultry`` (extra ``rl``:
``pip install 'picnic-rules[rl]'``). The learner plays one seat of each of ``--envs``
games of :class:`picnic_rules.vector.VectorEnv` (a different seat each game,
``learner="rotate"``) against the library's random agent. Its policy reads the seat's
observation (the game's own encoding) through one hidden layer and scores each legal move
as the sum of its units in the action space's heads (``heads=True``: the ants game's
571,719 moves are 245 units), so the output layer stays small in every game. It is trained
by proximal policy optimization on the final reward, with a value baseline, for
``--minutes`` of CPU time; then it plays ``--eval`` games against random play and against
the game's ``computer`` and prints its share of wins with a 95% (Wilson) interval, beside
random play's own share against random play.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait

import argparse
import math
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from picnic_rules.vector import VectorEnv

Array = npt.NDArray[np.float64]


class Policy:
    """A one-hidden-layer network: observation -> hidden units -> the heads' units and a
    value; a legal move's logit is the sum of its units."""

    def __init__(self, size: int, units: int, hidden: int, rng: np.random.Generator) -> None:
        self.units = units
        self.params: dict[str, Array] = {
            "w1": rng.normal(0, 1 / math.sqrt(size), (size, hidden)),
            "b1": np.zeros(hidden),
            "w2": rng.normal(0, 0.01, (hidden, units)),
            "b2": np.zeros(units),
            "w3": rng.normal(0, 0.01, hidden),
            "b3": np.zeros(1),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0
        self.mean = np.zeros(size)
        self.var = np.ones(size)
        self.seen = 1e-4

    def observe(self, batch: Array) -> None:
        """Update the running mean and variance of the observations."""
        count = len(batch)
        mean, var = batch.mean(0), batch.var(0)
        delta = mean - self.mean
        total = self.seen + count
        self.mean = self.mean + delta * count / total
        self.var = (
            self.var * self.seen + var * count + delta**2 * self.seen * count / total
        ) / total
        self.seen = total

    def forward(self, observations: Array) -> tuple[Array, Array, Array, Array]:
        """(normalized input, hidden, units, values)."""
        p = self.params
        x = np.clip((observations - self.mean) / np.sqrt(self.var + 1e-8), -5, 5)
        hidden = np.tanh(x @ p["w1"] + p["b1"])
        return x, hidden, hidden @ p["w2"] + p["b2"], hidden @ p["w3"] + p["b3"][0]

    def adam(self, grads: dict[str, Array], rate: float) -> None:
        self.steps += 1
        for key, grad in grads.items():
            m, v = self.moments[key]
            m *= 0.9
            m += 0.1 * grad
            v *= 0.999
            v += 0.001 * grad**2
            mhat = m / (1 - 0.9**self.steps)
            vhat = v / (1 - 0.999**self.steps)
            self.params[key] -= rate * mhat / (np.sqrt(vhat) + 1e-8)


def move_logits(units: Array, owner: npt.NDArray[np.int64], legal: Any) -> Array:
    """Each legal move's logit: the sum of its units' scores (``legal``: one row of units
    per move, -1 padded; ``owner``: the sample each move belongs to)."""
    extended = np.concatenate([units, np.zeros((len(units), 1))], axis=1)
    index = np.where(legal < 0, units.shape[1], legal)
    return extended[owner[:, None], index].sum(1)


def softmax(logits: Array, starts: npt.NDArray[np.int64], counts: Any) -> Array:
    """Probabilities within each sample's run of legal moves."""
    top = np.maximum.reduceat(logits, starts)
    e = np.exp(logits - np.repeat(top, counts))
    return e / np.repeat(np.add.reduceat(e, starts), counts)


def ragged(info: dict[str, Any]) -> tuple[Any, Any]:
    """The legal moves' units of every game, one row per move, and each game's count."""
    counts = info["legal_count"].astype(np.int64)
    slots = info["legal_units"].shape[1]
    keep = np.arange(slots)[None, :] < counts[:, None]
    return info["legal_units"][keep].astype(np.int64), counts


def choose(
    policy: Policy, observations: Array, info: dict[str, Any], rng: np.random.Generator,
    greedy: bool = False,
) -> tuple[Any, ...]:  # fmt: skip
    """Each game's move (its place in the legal list), with what training keeps."""
    legal, counts = ragged(info)
    _, _, units, values = policy.forward(observations)
    owner = np.repeat(np.arange(len(counts)), counts)
    starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
    probabilities = softmax(move_logits(units, owner, legal), starts, counts)
    if greedy:
        best = np.maximum.reduceat(probabilities, starts)
        first = probabilities >= np.repeat(best, counts)
        places = np.array(
            [np.flatnonzero(first[s : s + c])[0] for s, c in zip(starts, counts, strict=False)]
        )
    else:
        cumulative = np.cumsum(probabilities)
        within = cumulative - np.repeat(cumulative[starts] - probabilities[starts], counts)
        draws = np.repeat(rng.random(len(counts)), counts)
        places = np.minimum(np.add.reduceat((within <= draws).astype(np.int64), starts), counts - 1)
    chosen = probabilities[starts + places]
    return places, np.log(chosen + 1e-12), values, legal, counts


def update(policy: Policy, batch: dict[str, Any], rate: float, epochs: int, clip: float,
           entropy: float, rng: np.random.Generator, minibatches: int) -> None:  # fmt: skip
    """Proximal policy optimization on one batch of samples."""
    samples = len(batch["observations"])
    advantages = batch["advantages"]
    advantages = (advantages - advantages.mean()) / (advantages.std() + 1e-8)
    counts_all = batch["counts"]
    starts_all = np.concatenate([[0], np.cumsum(counts_all)[:-1]])
    for _ in range(epochs):
        order = rng.permutation(samples)
        for part in np.array_split(order, minibatches):
            counts = counts_all[part]
            rows = np.concatenate(
                [np.arange(s, s + c) for s, c in zip(starts_all[part], counts, strict=False)]
            )
            legal = batch["legal"][rows]
            n = len(part)
            owner = np.repeat(np.arange(n), counts)
            starts = np.concatenate([[0], np.cumsum(counts)[:-1]])
            x, hidden, units, values = policy.forward(batch["observations"][part])
            logits = move_logits(units, owner, legal)
            probabilities = softmax(logits, starts, counts)
            picked = starts + batch["places"][part]
            logp = np.log(probabilities[picked] + 1e-12)
            ratio = np.exp(logp - batch["logp"][part])
            adv = advantages[part]
            inside = ((adv >= 0) & (ratio < 1 + clip)) | ((adv < 0) & (ratio > 1 - clip))
            coef = np.where(inside, -adv * ratio, 0.0) / n  # d loss / d logp(chosen)
            dlogits = -np.repeat(coef, counts) * probabilities
            dlogits[picked] += coef
            logs = np.log(probabilities + 1e-12)
            mean_log = np.add.reduceat(probabilities * logs, starts)
            dlogits += entropy / n * probabilities * (logs - np.repeat(mean_log, counts))
            width = units.shape[1] + 1
            flat = owner[:, None] * width + np.where(legal < 0, units.shape[1], legal)
            weights = np.broadcast_to(dlogits[:, None], flat.shape)
            dunits = np.bincount(flat.ravel(), weights.ravel(), minlength=n * width)
            dunits = dunits.reshape(n, width)[:, :-1]
            dvalues = (values - batch["returns"][part]) / n
            p = policy.params
            dhidden = dunits @ p["w2"].T + np.outer(dvalues, p["w3"])
            dz = dhidden * (1 - hidden**2)
            grads = {
                "w1": x.T @ dz, "b1": dz.sum(0), "w2": hidden.T @ dunits, "b2": dunits.sum(0),
                "w3": hidden.T @ dvalues, "b3": np.array([dvalues.sum()]),
            }  # fmt: skip
            policy.adam(grads, rate)


def train(args: argparse.Namespace) -> Policy:
    """Train for ``args.minutes`` of CPU time; print the learner's wins as it goes."""
    rng = np.random.default_rng(args.seed)
    env = VectorEnv(args.game, args.envs, learner="rotate", opponents="random",
                    actions="legal", heads=True, processes=args.processes)  # fmt: skip
    assert env.heads is not None
    policy = Policy(env.encoding.size, env.heads.units, args.hidden, rng)
    observations, info = env.reset(seed=args.seed)
    started = time.process_time()
    wins: list[float] = []
    update_number = 0
    while time.process_time() - started < args.minutes * 60:
        keep: dict[str, list[Any]] = {k: [] for k in ("observations", "places", "logp",
                                                      "values", "legal", "counts", "rewards",
                                                      "ends")}  # fmt: skip
        for _ in range(args.steps):
            obs = observations.astype(np.float64)
            places, logp, values, legal, counts = choose(policy, obs, info, rng)
            for key, value in zip(("observations", "places", "logp", "values", "legal", "counts"),
                                  (obs, places, logp, values, legal, counts), strict=True):  # fmt: skip
                keep[key].append(value)
            observations, rewards, ends, _, info = env.step(places)
            keep["rewards"].append(rewards.astype(np.float64))
            keep["ends"].append(ends.copy())
            wins += (rewards[ends] > 0).astype(float).tolist()
        _, _, _, last = policy.forward(observations.astype(np.float64))
        values = np.array(keep["values"])
        rewards, ends = np.array(keep["rewards"]), np.array(keep["ends"])
        advantages = np.zeros_like(values)
        running = np.zeros(args.envs)
        following = last
        for t in reversed(range(args.steps)):  # GAE with gamma 1: only the end pays
            alive = 1.0 - ends[t]
            delta = rewards[t] + alive * following - values[t]
            running = delta + args.lam * alive * running
            advantages[t] = running
            following = values[t]
        batch = {
            "observations": np.concatenate(keep["observations"]),
            "places": np.concatenate(keep["places"]),
            "logp": np.concatenate(keep["logp"]),
            "legal": np.concatenate(keep["legal"]),
            "counts": np.concatenate(keep["counts"]),
            "advantages": advantages.ravel(),
            "returns": (advantages + values).ravel(),
        }
        policy.observe(batch["observations"])
        update(policy, batch, args.rate, args.epochs, 0.2, args.entropy, rng, args.minibatches)
        update_number += 1
        if update_number % args.report == 0 and wins:
            recent = wins[-2000:]
            print(f"update {update_number}, {time.process_time() - started:.0f} s of CPU: "
                  f"the learner won {np.mean(recent):.0%} of its last {len(recent)} games",
                  flush=True)  # fmt: skip
    env.close()
    return policy


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``games``."""
    if games == 0:
        return 0.0, 1.0
    p, z = wins / games, 1.96
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def evaluate(policy: Policy | None, game: str, opponent: str, games: int, seed: int,
             envs: int) -> tuple[int, int]:  # fmt: skip
    """Wins of ``policy`` (greedy; random play when ``None``) in ``games`` games against
    ``opponent``, seats rotated."""
    rng = np.random.default_rng(seed)
    env = VectorEnv(game, envs, learner="rotate", opponents=opponent, actions="legal",
                    heads=True)  # fmt: skip
    observations, info = env.reset(seed=seed)
    wins = played = 0
    counted = np.zeros(envs, np.int64)  # the games of each slot counted so far
    while played < games:
        if policy is None:
            places = (rng.random(envs) * info["legal_count"]).astype(np.int64)
        else:
            places = choose(policy, observations.astype(np.float64), info, rng, greedy=True)[0]
        observations, rewards, ends, _, info = env.step(places)
        for k in np.flatnonzero(ends):
            if counted[k] * envs + k < games:  # the same games, whoever plays them
                wins += int(rewards[k] > 0)
                played += 1
            counted[k] += 1
    env.close()
    return wins, played


def main(argv: list[str] | None = None) -> None:
    """Train, then evaluate against random play and the ``computer`` agent."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="poultry")
    parser.add_argument("--minutes", type=float, default=8.0, help="CPU minutes of training")
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=64, help="steps per game per update")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--rate", type=float, default=1e-3)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--minibatches", type=int, default=4)
    parser.add_argument("--lam", type=float, default=0.95)
    parser.add_argument("--entropy", type=float, default=0.01)
    parser.add_argument("--eval", type=int, default=1000, help="games of each evaluation")
    parser.add_argument("--report", type=int, default=10, help="updates between reports")
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    started = time.process_time()
    policy = train(args)
    trained = time.process_time() - started
    print(f"trained for {trained:.0f} s of CPU")
    seed = 10_000 + args.seed
    base, games = evaluate(None, args.game, "random", args.eval, seed, args.envs)
    low, high = wilson(base, games)
    print(f"random against random: {base / games:.1%} wins [{low:.1%}, {high:.1%}] in {games}")
    for opponent in ("random", "computer"):
        wins, games = evaluate(policy, args.game, opponent, args.eval, seed, args.envs)
        low, high = wilson(wins, games)
        print(f"learner against {opponent}: {wins / games:.1%} wins [{low:.1%}, {high:.1%}] "
              f"in {games}")  # fmt: skip


if __name__ == "__main__":
    main()
