"""The newer games at a Discord table (simcord): Moon, Seventy-two, Geezer and Eighty-four (eight and six seats)
play to the end with their seats and controls, and every hand they store replays through
`python -m engine replay`; a restart in the middle of a contract-then-widow hand and of an eight-seat hand
loses nothing; stacking never shows a finished trick; `draw=partners` seats players as they drew."""

from __future__ import annotations

import contextlib
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine import Game, Rules, write_record
from engine import __main__ as engine_cli
from tests.bot.pictures.pip_probe import decode, tile_faces
from tests.bot.table_driver import (
    buttons,
    channel_message,
    choose,
    enabled_actions,
    in_a_channel,
    make_bot,
    reply,
)
from tests.paths import ROOT

# preset, options, seats, target: short games (easy computers, low targets) so the suite stays fast
GAMES = {
    "moon": ("moon", "computers=easy", 3, 5),
    "seventy-two": ("seventy-two", "computers=easy", 4, 1),
    "geezer": ("geezer", "computers=easy", 4, 1),
    "eighty-four": ("eighty-four", "computers=easy", 8, 1),
    "eighty-four-six": ("eighty-four", "players=6 computers=easy", 6, 1),
}
# BOT.md's words for controls; numbers, mark bids, ranges of bids and tiles besides
WORDS = {
    "Pass",
    "Plunge",
    "Splash",
    "Dip",
    "Dive",
    "Partner",
    "Blanks",
    "Ones",
    "Twos",
    "Threes",
    "Fours",
    "Fives",
    "Sixes",
    "7s",
    "8s",
    "Doubles",
    "Follow me",
    "Nello",
    "Pistol",
    "Sevens",
    "Count",
    "Sevens trump",
    "Doubles high",
    "Doubles low",
    "Doubles own suit",
    "Take widow",
    "Keep hand",
    "More ›",
    "‹ Back",
    "Hint",
}
LABEL = re.compile(
    r"^(\d+|\d+ marks?|\d+–\d+|\d-\d|\d-\d as \d|Take \d-\d|(Blanks|Ones|Twos|Threes|Fours|Fives|"
    r"Sixes|7s) low)$"
)


def table_number(message) -> int:
    """The table's id, as its message names it ("table 3")."""
    found = re.search(r"table (\d+)", message.content)
    assert found is not None, message.content
    return int(found[1])


async def open_table(channel, host, members, preset: str, **options):
    """`/42 new` by `host`; each of `members` takes the next seat in playing order. Returns the table message."""
    result = await host.slash(channel, "42 new", preset=preset, **options)
    assert result.acknowledged
    table = channel.last_message
    sits = [b.label for b in buttons(table) if b.label.startswith("Sit ")]
    for member, label in zip(members, sits, strict=False):
        await member.click(table, label=label)
    return channel_message(channel, table.id)


TABLE_LABELS = ("Sit ", "Add computer", "Start", "My hand", "Rematch", "Leave", "I'm back")


def current_table(channel):
    """The table message: the newest message of the channel with a table's buttons."""
    for message in reversed(channel.history()):
        if any(b.custom_id.startswith("t42:") and b.label.startswith(TABLE_LABELS) for b in buttons(message)):
            return message
    raise AssertionError("no table message in the channel")


def last_dm(member):
    """The newest message in a member's DM with the bot (None before the first)."""
    return member.user.dm_channel.last_message if member.user.dm_channel else None


async def play_to_the_end(channel, members, limit: int = 800):
    """Click through every member's turns until `Rematch`; returns the final table message and every label seen."""
    seen: set[str] = set()
    for _ in range(limit):
        message = current_table(channel)
        if any(b.label == "Rematch" for b in buttons(message)):
            return message, seen
        for member in members:
            dm = last_dm(member)
            controls = enabled_actions(dm)
            if controls:
                seen.update(b.label for b in buttons(dm))
                assert (await member.user.click(dm, custom_id=choose(controls).custom_id)).acknowledged
                break
        else:
            raise AssertionError(f"nobody has controls; the table says:\n{message.content}")
    raise AssertionError("the game did not end")


def replay_through_the_command_line(records: list[dict], tmp_path: Path) -> list[dict]:
    """Each record through `python -m engine replay FILE`'s entry point (the last one in a real process too)."""
    outcomes = []
    for number, record in enumerate(records):
        path = tmp_path / f"hand-{number}.json"
        path.write_text(json.dumps(record))
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = engine_cli.main(["replay", str(path)])
        outcome = json.loads(out.getvalue())
        assert status == 0 and outcome["ok"] and outcome["complete"], outcome
        outcomes.append(outcome)
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0 and json.loads(done.stdout) == outcomes[-1]
    return outcomes


@pytest.mark.slow  # a whole game of every preset
@pytest.mark.parametrize("name", sorted(GAMES))
async def test_a_whole_game_of_each_new_preset(simcord_env, name, tmp_path):
    env = simcord_env
    preset, options, seats, target = GAMES[name]
    guild, channel, [alice] = in_a_channel(env, "alice")
    table = await open_table(channel, alice, [alice], preset, target=target, options=options)
    rules = Rules.from_preset(preset, {"players": 6} if "players=6" in options else {})
    sits = [b.label for b in buttons(table) if b.label.startswith("Sit ")]
    assert sits == [f"Sit {seat}" for seat in rules.seat_names] and len(sits) == seats
    for _ in range(seats - 1):
        await alice.click(table, label="Add computer")
    await alice.click(current_table(channel), label="Start")
    assert current_table(channel).attachments, "the table is a picture"

    final, seen = await play_to_the_end(channel, [alice])
    assert "win" in final.content
    odd = {label for label in seen if label not in WORDS and not LABEL.match(label)}
    assert not odd, f"labels outside BOT.md's words: {odd}"

    stored = await env.bot.service.storage.load_table(table_number(final))
    outcomes = replay_through_the_command_line(stored.hands, tmp_path)
    game = Game.from_records(Rules.from_preset(preset, stored.rules), stored.first_dealer, stored.hands)
    assert game.over and len(outcomes) == len(stored.hands)
    # the server's records count the game for alice: her own score where each plays alone
    stats = await env.bot.service.storage.player_stats(guild.id, alice.id)
    assert stats is not None and stats.games_played == 1
    score = game.scores[rules.team_of(0)]
    assert (stats.points_won if rules.scoring == "points" else stats.marks_won) == score
    assert stats.games_won == int(game.winner == rules.team_of(0))
    shown = reply(await alice.slash(channel, "42 stats"))
    assert shown.attachments and "1 game played" in shown.content
    for by in ("marks", "rating"):
        board = reply(await alice.slash(channel, "42 leaderboard", by=by)).content
        assert "alice" in board, board
    points = f", {score} point{'s' * (score != 1)}" if rules.scoring == "points" and score else ""
    marks = f"{stats.marks_won} mark{'s' * (stats.marks_won != 1)}"
    assert f"**alice** — {marks}{points} (" in reply(await alice.slash(channel, "42 leaderboard")).content


# ---------------------------------------------------------------------- restarts


async def restart(env, database):
    """Stop the bot and start a new one on the same database (as after a crash or a deploy)."""
    old = env.bot
    new = make_bot(database)
    await env.restart_bot(new)
    await old.storage.close()
    return new


def member_with_controls(members):
    """The member whose newest DM carries enabled turn controls, and that DM."""
    for member in members:
        dm = last_dm(member)
        if enabled_actions(dm):
            return member, dm
    raise AssertionError("nobody has controls")


async def click(member, message, label: str):
    """Click the enabled control labelled `label` on `message`."""
    [button] = [b for b in enabled_actions(message) if b.label == label]
    assert (await member.user.click(message, custom_id=button.custom_id)).acknowledged


async def test_a_restart_in_the_middle_of_a_contract_then_widow_hand(simcord_env, database):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol")
    table = await open_table(channel, members[0], members, "moon", target=3)
    await members[0].click(table, label="Start")
    table_id = table_number(table)
    opener, dm = member_with_controls(members)
    await click(opener, dm, "5")  # the first bid; the others pass
    for _ in range(2):
        passer, dm = member_with_controls(members)
        await click(passer, dm, "Pass")
    bidder, dm = member_with_controls(members)
    assert bidder is opener and "Follow me" in [b.label for b in enabled_actions(dm)]
    await click(bidder, dm, "Sixes")  # the contract first, then the widow
    bidder, dm = member_with_controls(members)
    assert [b.label for b in enabled_actions(dm)] == ["Take widow"]
    await click(bidder, dm, "Take widow")
    bidder, discards = member_with_controls(members)
    assert len(buttons(discards)) == 8  # seven tiles and the widow's
    before = write_record(env.bot.service.table(table_id).hand)
    assert before["exchange"]["take"] and not before["exchange"]["discard"]

    bot = await restart(env, database)
    try:
        hand = bot.service.table(table_id).hand
        assert write_record(hand) == before and hand.phase == "exchange"
        await bidder.user.click(discards, custom_id=enabled_actions(discards)[0].custom_id)  # sent before it
        after = bot.service.table(table_id).hand
        assert after.phase == "play" and len(after.tiles_of(hand.turn)) == 7
        final, _ = await play_to_the_end(channel, members)
        assert "win" in final.content
        stored = await bot.service.storage.load_table(table_id)
        replay_through_the_command_line(stored.hands, database.parent)
    finally:
        await bot.storage.close()


async def test_a_restart_in_the_middle_of_an_eight_seat_hand(simcord_env, database):
    env = simcord_env
    _, channel, [alice] = in_a_channel(env, "alice")
    table = await open_table(channel, alice, [alice], "eighty-four", target=1, options="computers=easy")
    for _ in range(7):
        await alice.click(table, label="Add computer")
    await alice.click(current_table(channel), label="Start")
    table_id = table_number(table)
    for _ in range(40):  # alice's turns until a trick is done and another is under way
        hand = env.bot.service.table(table_id).hand
        if hand.tricks and hand.trick and hand.turn == 0:
            break
        _, dm = member_with_controls([alice])
        await alice.user.click(dm, custom_id=choose(enabled_actions(dm)).custom_id)
    else:
        raise AssertionError("the hand never reached alice in the middle of a trick")
    before = write_record(hand)
    controls_from_before = last_dm(alice)
    assert enabled_actions(controls_from_before)

    bot = await restart(env, database)
    try:
        assert write_record(bot.service.table(table_id).hand) == before
        played = choose(enabled_actions(controls_from_before))
        assert (await alice.user.click(controls_from_before, custom_id=played.custom_id)).acknowledged
        assert len(write_record(bot.service.table(table_id).hand)["plays"]) > len(before["plays"])
        final, _ = await play_to_the_end(channel, [alice])
        assert "win" in final.content
        stored = await bot.service.storage.load_table(table_id)
        replay_through_the_command_line(stored.hands, database.parent)
    finally:
        await bot.storage.close()


# ---------------------------------------------------------------------- stacking


def hidden_tiles(hand) -> set[str]:
    """The tiles of finished tricks nobody may see now: every finished trick but the one just played (until
    the next lead), while the hand goes on."""
    finished = hand.tricks if hand.trick else hand.tricks[:-1]
    return {hand.ts.names[tile] for trick in finished for tile in trick.tiles}


async def visible_tile_faces(message) -> int:
    """How many tiles the table picture on `message` shows face up."""
    return len(tile_faces(decode(await message.attachments[0].read()), 20))


async def test_stacking_never_shows_a_finished_trick_before_the_hand_ends(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")
    table = await open_table(
        channel, members[0], members, "standard", target=1, options="stacking=marks play_out=on"
    )
    await members[0].click(table, label="Start")
    table_id = table_number(table)
    checked = 0
    while True:
        member, dm = member_with_controls(members)
        labels = [b.label for b in enabled_actions(dm)]
        hand = env.bot.service.table(table_id).hand
        if hand.phase == "auction":
            label = "1 mark" if hand.high is None else "Pass"
        elif hand.phase == "contract":
            label = "Sixes"
        else:
            label = labels[0]
        await click(member, dm, label)
        hand = env.bot.service.table(table_id).hand
        if env.bot.service.table(table_id).hand_no > 0 or hand.complete:
            break  # the hand is over: everything may be shown
        if not hand.tricks:
            continue
        hidden = hidden_tiles(hand)
        shown = current_table(channel)
        assert not hidden & set(re.findall(r"\d-\d", shown.content)), shown.content
        assert await visible_tile_faces(shown) == len(hand.trick) + (
            0 if hand.trick else len(hand.tricks[-1].tiles)
        )
        for each in members:
            text = last_dm(each).content
            assert not hidden & set(re.findall(r"\d-\d", text)), (each.user.name, text)
        checked += 1
    assert checked >= 8, "the hand was stacked across several tricks"


# ---------------------------------------------------------------------- the draw


def draw_order(post: str, lobby_order: list[str]) -> list[str]:
    """Players ranked by what they drew, as RULES.md §11 ranks them: pip totals round by round (ties draw
    again), equal draws in their lobby order."""
    totals: dict[str, list[int]] = {name: [] for name in lobby_order}
    for line in post.splitlines():
        if line.startswith("Round "):
            for name, pips in re.findall(r"(\w+) \d-\d \((\d+)\)", line):
                totals[name].append(int(pips))
    return sorted(lobby_order, key=lambda name: ([-p for p in totals[name]], lobby_order.index(name)))


async def test_draw_partners_seats_players_as_they_drew(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave")
    table = await open_table(channel, members[0], members, "standard", target=1, options="draw=partners")
    assert "Drawing for partners" in table.content
    await members[0].click(table, label="Start")
    table_id = table_number(table)
    [post] = [m for m in channel.history() if m.content.startswith("🎲 **The draw**")]
    ranked = draw_order(post.content, ["alice", "bob", "carol", "dave"])
    # the highest draw at North and deals; his team in draw order at 0, 2; the others at 1, 3
    expected = {0: ranked[0], 2: ranked[1], 1: ranked[2], 3: ranked[3]}
    seats = env.bot.service.table(table_id).seats
    assert {seat: row.name for seat, row in seats.items()} == expected
    assert env.bot.service.table(table_id).hand.dealer == 0
    assert f"{ranked[0]} (North) deals first" in post.content
    assert f"N–S: {ranked[0]} (North), {ranked[1]} (South)" in post.content
    for member in members:
        seat = next(s for s, name in expected.items() if name == member.user.name)
        assert f"you are {('North', 'East', 'South', 'West')[seat]}" in last_dm(member).content
    final, _ = await play_to_the_end(channel, members)
    assert "win" in final.content


async def test_draw_dealer_tells_who_drew_what_and_who_deals_before_the_first_deal(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol")
    names = ["alice", "bob", "carol"]
    table = await open_table(channel, members[0], members, "moon", target=3, options="draw=dealer")
    await members[0].click(table, label="Start")
    table_id = table_number(table)
    [post] = [m for m in channel.history() if m.content.startswith("🎲 **The draw**")]
    first = draw_order(post.content, names)[0]
    seats = env.bot.service.table(table_id).seats
    assert [seats[s].name for s in sorted(seats)] == names  # the draw for the deal moves nobody
    dealer = names.index(first)
    assert env.bot.service.table(table_id).hand.dealer == dealer
    assert f"{first} ({('North', 'East', 'West')[dealer]}) deals first." in post.content
    assert "N–S" not in post.content and "partners" not in post.content.lower()
    # told before the first deal: each player's first private message (their hand) comes after the draw
    assert all(m.user.dm_channel.history()[0].id > post.id for m in members)
