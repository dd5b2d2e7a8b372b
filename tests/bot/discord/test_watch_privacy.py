"""A watcher never sees a tile of a hand in progress (CLUB.md "Watching a table"), checked as a property:
hypothesis draws the deal, the game (its preset and every move), and one to three watchers who start watching
in the lobby (as the game starts), in the auction or in the play, some who stop and watch again, some whose
DMs are closed (their panel is an ephemeral reply), some who forge a `Review` of the hand in progress.

Every version of every message a watcher could see (`tests.bot.seen`: their DMs, their ephemeral replies,
the table's channel; each send and each edit) is checked against the hand in progress when it was made: no
tile of it that is not already face up on the table (played, or a discard turned face up) may be named in
its text, an embed, a button's label or custom id, a file's name or a file's bytes. Pictures are drawn here
as the text of their scene, so a file's bytes are the scene data the picture was drawn from."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, replace
from functools import partial

import discord
import pytest
from hypothesis import strategies as st

from bot.discord import coach
from bot.show import learn_ids, render, watching
from bot.tables.model import Table
from engine import Rules
from engine.view import public_view
from tests.bot.drawn import examples
from tests.bot.seen import Seen, Version
from tests.bot.table_driver import buttons, enabled_actions, in_a_channel, reply, table_message

# standard and Geezer bid Nello (a partner's tiles lie face down); Moon and Seventy-two have a widow, and
# Seventy-two turns the bidder's discarded trumps face up; three-hand and Moon seat three
PRESETS = ("standard", "tournament", "three-hand", "geezer", "moon", "seventy-two")
# games drawn, and the most moves each plays: in the quick loop (a few seconds), and in CI's slow run (where
# most games go on into their second hand)
QUICK, THOROUGH = (10, 24), (60, 80)
PARTS = 4  # the slow run's games, in four tests (each on a Discord of its own; xdist spreads them)


@dataclass(frozen=True)
class Watching:
    """One watcher: after how many moves they click `Watch` (0: as the game starts), `Stop watching` and
    `Watch` again, and forge a `Review` of the hand in progress (None: never); whether their DMs are shut."""

    start: int
    stop: int | None = None
    again: int | None = None
    peek: int | None = None
    dms_closed: bool = False


@dataclass(frozen=True)
class Watched:
    """One game: its seed (the deals and each move's choice of control), preset, how many moves are played
    (fewer if the game ends first), its watchers and its target in marks (a points game keeps its own)."""

    seed: int
    preset: str
    moves: int
    watchers: tuple[Watching, ...]
    target: int


@st.composite
def watchings(draw, moves: int) -> Watching:
    start = draw(st.integers(0, moves))
    stop = draw(st.none() | st.integers(start, moves))
    again = None if stop is None else draw(st.none() | st.integers(stop, moves))
    peek = draw(st.none() | st.integers(start, moves))
    return Watching(start, stop, again, peek, draw(st.booleans()))


@st.composite
def watched_games(draw, longest: int) -> Watched:
    moves = draw(st.integers(1, longest))
    return Watched(
        draw(st.integers(0, 2**32 - 1)),
        draw(st.sampled_from(PRESETS)),
        moves,
        tuple(draw(st.lists(watchings(moves), min_size=1, max_size=3))),
        draw(st.sampled_from((1, 2))),
    )


def each_preset_in_turn(games: list[Watched]) -> list[Watched]:
    """The games with the presets taken in turn: a few games still play each of them."""
    return [replace(game, preset=PRESETS[i % len(PRESETS)]) for i, game in enumerate(games)]


# the fixed-seed games this property replaced: a watcher from the start of a whole game to 2 marks (in the
# quick loop, one whole hand: a game to 1 mark)
WHOLE_GAMES = [Watched(seed, "standard", 400, (Watching(0),), 2) for seed in (3, 11, 42)]
WHOLE_HAND = replace(WHOLE_GAMES[-1], target=1)


# ---------------------------------------------------------------------- what counts as a leak


@dataclass(frozen=True)
class InProgress:
    """The hand in progress when a message was made: its table, number and the tiles not yet face up."""

    table_id: int
    hand_no: int
    hidden: frozenset[str]


def in_progress(table: Table) -> InProgress | None:
    """The table's hand in progress (None between hands and once the game is over). Its hidden tiles: every
    tile dealt (the widow too) not yet played or turned face up; where a set has two of a tile (Seventy-two),
    a tile one of whose copies is face up is not counted: a name cannot tell the copies apart."""
    hand = table.hand
    if table.status != "playing" or hand is None or hand.complete:
        return None
    names = hand.ts.names
    dealt = {t for tiles in (*hand.deal, hand.widow) for t in tiles}
    shown = {t for _, t, _ in hand.plays}
    face_up = set((public_view(hand)["exchange"] or {}).get("discard", []))
    hidden = {names[t] for t in dealt - shown} - {names[t] for t in shown} - face_up
    return InProgress(table.id, table.hand_no, frozenset(hidden))


TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")  # "6-4" (or "4-6"), not part of a longer number


def tiles_named(text: str) -> set[str]:
    """Every tile `text` names, as the engine names it (the higher end first)."""
    return {f"{max(a, b)}-{min(a, b)}" for a, b in TILE.findall(text)}


SUMMARY = re.compile(r"\*\*Hand (\d+)\*\*")  # a hand's summary in the table's channel: "**Hand 3** · …"


def leaks(version: Version) -> list[str]:
    """What a version shows of the hand in progress when it was made: hidden tiles it names, and learning
    buttons (Review, the record) that would open that hand. A hand's summary in the table's channel names
    the tiles of its own hand, which is over (the next one, dealt from the same tiles, may be under way by
    the time it is shown): it is judged only on which hand it sums up, never the one in progress."""
    hand: InProgress | None = version.note
    if hand is None:
        return []
    summary = SUMMARY.match(version.texts[0]) if version.public else None
    if summary is not None:
        return [] if int(summary[1]) - 1 != hand.hand_no else [f"the summary of hand {summary[1]}"]
    found = sorted(hand.hidden & set().union(*(tiles_named(text) for text in version.everything())))
    for custom_id in version.custom_ids:
        opened = learn_ids.parse(custom_id)
        if opened is not None and opened.kind in (learn_ids.REVIEW, learn_ids.RECORD):
            if opened.numbers[:2] == (hand.table_id, hand.hand_no):
                found.append(custom_id)
    return found


TABLE_PICTURES = (b"render_table:", b"render_game_end:")  # the table message's, during the game and after


def scene_as_bytes(renderer: str, scene: object) -> bytes:
    """A picture drawn as its renderer's name and its scene's data: what it was drawn from, to be read."""
    return f"{renderer}: {scene!r}".encode()


# ---------------------------------------------------------------------- playing a game with watchers


async def take_turn_at_random(players, rng: random.Random) -> bool:
    """The player whose DM shows turn controls clicks one, chosen by `rng`; False if nobody has any."""
    for player in players:
        message = player.user.dm_channel.last_message
        controls = enabled_actions(message)
        if controls:
            result = await player.user.click(message, custom_id=rng.choice(controls).custom_id)
            assert result.acknowledged
            return True
    return False


class Watcher:
    """A member of the table's server, not seated, following their `Watching` plan."""

    def __init__(self, env, channel, table_id: int, seen: Seen, plan: Watching, name: str):
        self.env, self.channel, self.table_id, self.seen, self.plan = env, channel, table_id, seen, plan
        self.member = channel.guild.add_member(env.create_user(name))
        seen.viewers.add(self.member.id)
        self.panel = None  # their ephemeral watch panel (DMs closed); None: their panel is in their DMs
        self.watched = False
        if plan.dms_closed:
            env.inject_error(
                "POST",
                f"/channels/{self.member.user.dm_channel.id}/messages",
                status=403,
                code=50007,
                message="Cannot send messages to this user",
                times=None,
            )

    async def act(self, move: int, playing: bool) -> None:
        """What the plan says to do after `move` moves (nothing once the game is over: no `Watch`)."""
        plan = self.plan
        if not playing:
            return
        if move == plan.start:
            await self.watch()
        if move == plan.stop:
            await self.stop()
        if move == plan.again and move != plan.start:
            await self.watch()
        if move == plan.peek:
            await self.peek()

    async def watch(self) -> None:
        result = await self.member.click(table_message(self.channel), label=watching.WATCH_LABEL)
        answer = reply(result)
        assert answer.ephemeral
        self.panel = answer if self.plan.dms_closed else None
        self.watched = True

    async def stop(self) -> None:
        if self.plan.dms_closed:
            panel, clicker = self.panel, self.member
        else:
            panel, clicker = self.member.user.dm_channel.last_message, self.member.user
        if panel is None or watching.STOP_LABEL not in [b.label for b in buttons(panel)]:
            return
        assert (await clicker.click(panel, label=watching.STOP_LABEL)).acknowledged

    async def peek(self) -> None:
        """A forged `Review` of the hand in progress (the id is a request, never a permission)."""
        table = self.env.bot.service.table(self.table_id)
        if table is None or in_progress(table) is None:
            return
        forged = learn_ids.make(learn_ids.REVIEW, table.id, table.hand_no, None)
        view = discord.ui.View(timeout=None)
        view.add_item(discord.ui.Button(label="Review", custom_id=forged))
        with self.seen.not_the_bot():
            await self.env.bot.get_channel(self.channel.id).send("forged", view=view)
        result = await self.member.click(self.channel.last_message, custom_id=forged)
        assert reply(result).ephemeral and not reply(result).attachments


async def play_watched(env, game: Watched, number: int) -> tuple[list[Version], list[Watcher]]:
    """Open the game's table, start it, play it with its watchers; every version they could see."""
    seats = Rules.from_preset(game.preset).players
    names = [f"p{number}s{seat}" for seat in range(seats)]
    _, channel, players = in_a_channel(env, *names)
    options: dict[str, object] = {"preset": game.preset, "options": "timer=off"}
    if Rules.from_preset(game.preset).scoring == "marks":
        options["target"] = game.target
    assert (await players[0].slash(channel, "42 new", **options)).acknowledged
    lobby = channel.last_message
    sits = [b.label for b in buttons(lobby) if b.label.startswith("Sit ")]
    for player, label in zip(players, sits, strict=True):
        await player.click(lobby, label=label)
    env.bot.rng.seed(game.seed)  # the deals
    named = re.search(r"table (\d+)", lobby.content)
    assert named is not None, lobby.content
    table_id = int(named[1])

    def now() -> InProgress | None:
        table = env.bot.service.table(table_id)
        return None if table is None else in_progress(table)

    seen = Seen(env, set(), now)
    watchers = [
        Watcher(env, channel, table_id, seen, plan, f"w{number}s{i}") for i, plan in enumerate(game.watchers)
    ]
    rng = random.Random(game.seed)  # the moves
    with seen.recording():
        await players[0].click(table_message(channel), label="Start")
        for move in range(game.moves + 1):
            playing = any(b.label == watching.WATCH_LABEL for b in buttons(table_message(channel)))
            for watcher in watchers:
                await watcher.act(move, playing)
            if move == game.moves or not playing or not await take_turn_at_random(players, rng):
                break
    return seen.versions, watchers


async def watchers_see_no_tile_of_a_hand_in_progress(env, monkeypatch, games: list[Watched]) -> None:
    for name in render.RENDERERS:
        monkeypatch.setitem(render.RENDERERS, name, partial(scene_as_bytes, name))
    monkeypatch.setattr(coach, "render_review", partial(scene_as_bytes, "render_review"))
    for number, game in enumerate(games):
        versions, watchers = await play_watched(env, game, number)
        for version in versions:
            assert not leaks(version), f"{game}: a watcher saw {leaks(version)}:\n{version}"
            if not version.public:  # their watch panel, or an answer to their click: the table's picture
                assert all(data.startswith(TABLE_PICTURES) for data in version.files), version
        for watcher in watchers:
            if watcher.watched:
                panels = [v for v in versions if v.viewer == watcher.member.id and v.files]
                assert panels, f"{game}: {watcher.plan} got a watch panel with its picture"
        if any(watcher.watched for watcher in watchers):
            assert any(v.note is not None and v.note.hidden for v in versions), "checked during a hand"


async def test_watchers_never_see_a_tile_of_a_hand_in_progress(simcord_env, monkeypatch):
    count, longest = QUICK
    cases = [WHOLE_HAND, *each_preset_in_turn(examples(watched_games(longest), count))]
    await watchers_see_no_tile_of_a_hand_in_progress(simcord_env, monkeypatch, cases)


@pytest.mark.slow
@pytest.mark.parametrize("part", range(PARTS))
async def test_watchers_never_see_a_tile_of_a_hand_in_progress_thoroughly(simcord_env, monkeypatch, part):
    count, longest = THOROUGH
    cases = WHOLE_GAMES + examples(watched_games(longest), count)
    await watchers_see_no_tile_of_a_hand_in_progress(simcord_env, monkeypatch, cases[part::PARTS])
