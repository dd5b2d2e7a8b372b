"""REST requests per hand: the real bot on simcord's offline Discord, one human and three computer players.

    python benchmarks/rest_per_hand.py [--games 3] [--target 7] [--seed 1] [--pause 0]

The human clicks the first control of each turn as soon as it arrives (in its DM, or through `My hand` when
it has none there). By default computers play at once and nothing is rate limited, so states that follow
each other closely merge into one message; with `--pause P` computers wait P seconds before each move
(the bot's default is 1.2) and the bot's planned limits run on a time scale shrunk by P/1.2 (edit gap,
channel windows), so a game plays as at full speed, only faster. Every REST request the bot makes from
`Start` to the end of the game is counted, and split into those bound by Discord's global limit of 50 per
second and those exempt from it (interaction callbacks and the interaction webhooks: edits of the
original response and follow-ups). Printed per hand: the mean, and the minimum and maximum over the
games. Needs the test extras (simcord); no network, no token.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import simcord  # noqa: E402

from bot.discord.delivery.sender import Limits  # noqa: E402
from tests.bot.table_driver import (  # noqa: E402
    choose,
    enabled_actions,
    in_a_channel,
    make_bot,
    open_and_seat,
)


def exempt(method: str, path: str) -> bool:
    """Interaction endpoints are not bound by the global rate limit."""
    return path.startswith("/interactions/") or path.startswith("/webhooks/")


def kind(method: str, path: str) -> str:
    """A short name for what a request did."""
    if path.startswith("/interactions/"):
        return "interaction callback"
    if path.startswith("/webhooks/"):
        return f"interaction webhook {method}"
    if path == "/users/@me/channels":
        return "open DM channel"
    if path.startswith("/users/"):
        return "fetch user"
    return f"{method} message"


async def play_one(seed: int, target: int, folder: Path, pause: float) -> tuple[int, Counter, Counter]:
    """Play one game; returns the hands played and the requests counted (global, exempt) by kind."""
    bot = make_bot(folder / f"g{seed}.db", seed=seed)
    if pause > 0:
        scale = pause / 1.2
        real = Limits()
        bot.settings = replace(
            bot.settings,
            computer_pause=pause,
            limits=replace(
                real,
                channel_window=real.channel_window * scale,
                margin=real.margin * scale,
                table_edit_gap=real.table_edit_gap * scale,
            ),
        )
    env = simcord.Env(bot)
    await env.start()
    try:
        _, channel, [alice] = in_a_channel(env, "alice")
        table = await open_and_seat(env, channel, alice, [alice], target=target, options="timer=off")
        for _ in range(3):
            await alice.click(table, label="Add computer")
        mark = len(env.http_requests)
        state = bot.service.table(1)
        await alice.click(
            channel.last_message if state.message_id is None else _current(channel, state), label="Start"
        )
        for _ in range(2000):
            if state.status != "playing":
                break
            dm = alice.user.dm_channel.last_message
            controls = enabled_actions(dm)
            if controls:
                await alice.user.click(dm, custom_id=choose(controls).custom_id)
                continue
            shown = await alice.click(_current(channel, state), label="My hand")
            reply = shown.followups[-1] if shown.followups else shown.response
            controls = enabled_actions(reply)
            assert controls, "the human has no controls although it is their turn"
            await alice.click(reply, custom_id=choose(controls).custom_id)
        assert state.status == "finished", state.status
        bound, free = Counter(), Counter()
        for entry in env.http_requests[mark:]:
            (free if exempt(entry.method, entry.path) else bound)[kind(entry.method, entry.path)] += 1
        return len(state.game.records), bound, free
    finally:
        await env.shutdown()
        await bot.storage.close()


def _current(channel, state):
    for message in channel.history():
        if message.id == state.message_id:
            return message
    return channel.last_message


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--target", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pause", type=float, default=0.0, help="seconds a computer waits before its move")
    args = parser.parse_args()
    per_hand: list[tuple[float, float]] = []
    kinds: Counter = Counter()
    hands_total = 0
    with tempfile.TemporaryDirectory() as folder:
        for game in range(args.games):
            hands, bound, free = await play_one(args.seed + game, args.target, Path(folder), args.pause)
            hands_total += hands
            per_hand.append((sum(bound.values()) / hands, sum(free.values()) / hands))
            kinds.update({f"global: {k}": v for k, v in bound.items()})
            kinds.update({f"exempt: {k}": v for k, v in free.items()})
    bound_rates = [b for b, _ in per_hand]
    free_rates = [f for _, f in per_hand]
    pace = (
        f"computers pause {args.pause} s, limits scaled alike"
        if args.pause
        else "computers at once, no limits"
    )
    print(f"{args.games} games, {hands_total} hands (1 human + 3 computers, to {args.target}; {pace})")
    print(
        f"REST requests per hand, bound by the global limit: {statistics.mean(bound_rates):.1f} "
        f"(min {min(bound_rates):.1f}, max {max(bound_rates):.1f})"
    )
    print(
        f"REST requests per hand, exempt (interactions):    {statistics.mean(free_rates):.1f} "
        f"(min {min(free_rates):.1f}, max {max(free_rates):.1f})"
    )
    for name, count in sorted(kinds.items()):
        print(f"  {name:<40} {count / hands_total:6.2f} per hand")


if __name__ == "__main__":
    asyncio.run(main())
