"""`/42 help` steps through its pages; a hand's `Review` shows every trick to the players who sat there, and
nothing of a hand still being played; a hand's record comes as JSON that replays."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest

from bot.show import learn_ids as ids
from bot.show import lessons
from engine import read_record
from tests.bot.discord.test_hostile import click_forged
from tests.bot.table_driver import (
    buttons,
    in_a_channel,
    open_and_seat,
    refusal,
    reply,
    started_table,
    take_turn,
)


async def test_help_steps_forward_and_back(simcord_env):
    env = simcord_env
    _, channel, (alice,) = in_a_channel(env, "alice")
    first = await alice.slash(channel, "42 help")
    page = reply(first)
    assert page.ephemeral and f"page 1 of {lessons.page_count()}" in page.content and page.attachments
    assert [(b.label, b.disabled) for b in buttons(page)] == [("Back", True), ("Next", False)]
    forward = await alice.click(page, label="Next")
    page = reply(forward)
    assert f"page 2 of {lessons.page_count()}" in page.content and lessons.PAGES[1].title in page.content
    back = await alice.click(page, label="Back")
    assert "page 1 of" in reply(back).content
    for _ in range(lessons.page_count() + 2):  # past the last page, Next stops there
        page = reply(await alice.click(page, label="Next")) if not buttons(page)[1].disabled else page
    assert f"page {lessons.page_count()} of" in page.content and buttons(page)[1].disabled


async def test_rules_and_the_lobby_point_to_help(simcord_env):
    env = simcord_env
    _, channel, (alice,) = in_a_channel(env, "alice")
    rules = await alice.slash(channel, "42 rules")
    assert "/42 help" in reply(rules).content
    await alice.slash(channel, "42 new")
    lobby = channel.last_message
    assert "/42 help" in lobby.content
    page = reply(await alice.click(lobby, label="How to play"))  # the first page, privately; the lobby stays
    assert page.ephemeral and "page 1 of" in page.content and page.attachments
    assert [b.label for b in buttons(page)] == ["Back", "Next"]
    assert "page 2 of" in reply(await alice.click(page, label="Next")).content
    assert channel.last_message.id == lobby.id and "Sit North" in [
        b.label for b in buttons(channel.last_message)
    ]


def _messages(result):
    """Every message a click answered with, in order (a deferred reply's first follow-up fills the response)."""
    seen = [result.response] if result.response is not None else []
    return seen + [m for m in result.followups if all(m.id != s.id for s in seen)]


async def _finish_first_hand(env, members, channel):
    """Click through turns until the first hand's summary is posted; returns it."""
    for _ in range(200):
        posted = [m for m in channel.history() if m.content.startswith("**Hand 1**")]
        if posted:
            return posted[0]
        assert await take_turn(members)
    raise AssertionError("the first hand never ended")


async def test_a_review_after_a_hand_has_every_trick_and_its_points(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=3)
    summary = await _finish_first_hand(env, members, channel)
    assert [b.label for b in buttons(summary)] == ["Review"]
    record = env.bot.service.table(1).game.records[0]
    hand = read_record(record)
    clicked = await members[1].click(summary, label="Review")
    shown = reply(clicked)  # the last of the review's messages (a long review takes more than one)
    messages = _messages(clicked)
    assert all(m.ephemeral for m in messages) and messages[0].attachments
    assert all(len(m.content) <= 2000 for m in messages)
    content = "\n".join(m.content for m in messages)
    for number, trick in enumerate(hand.summary()["tricks"], start=1):
        line = next(x for x in content.splitlines() if x.startswith(f"Trick {number}:"))
        assert " · ".join(trick["tiles"][:1]) in line
        assert line.endswith(f"{trick['points']} point{'s' if trick['points'] != 1 else ''}")
    assert sum(1 for x in content.splitlines() if x.startswith("Trick ") and "→" in x) == len(hand.tricks)
    assert "bob's decisions" in content
    # every tile the strong player would have played comes with its reason, and no bare percentage
    strong = [x for x in content.splitlines() if x.startswith("• Trick") and "strong player:" in x]
    assert all(", because " in x for x in strong), strong  # (none where the budget ran out: a loaded machine)
    assert "%" not in content
    # the record comes as JSON, and replays
    got = await members[1].click(shown, label="Record (JSON)")
    file = reply(got).attachments[0]
    data = json.loads(await file.read())
    assert data == record
    out = subprocess.run(
        [sys.executable, "-m", "engine", "replay", "-"],
        input=json.dumps(data),
        text=True,
        capture_output=True,
        check=True,
    )
    assert json.loads(out.stdout)["tricks"] == hand.summary()["tricks"]


async def test_only_players_at_the_table_review_from_the_summary(simcord_env):
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave", "eve")
    table = await open_and_seat(env, channel, members[0], members[:4], target=3)
    await members[0].click(table, label="Start")
    summary = await _finish_first_hand(env, members[:4], channel)
    assert "Only the players at that table" in refusal(await members[4].click(summary, label="Review"))


async def test_no_review_of_a_hand_in_progress_nor_of_another_servers_table(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=3)
    in_progress = ids.make(ids.REVIEW, 1, 0, None)
    assert "still being played" in refusal(await click_forged(env, channel, members[0], in_progress))
    assert "still being played" in refusal(
        await click_forged(env, channel, members[0], ids.make(ids.RECORD, 1, 0))
    )
    summary = await _finish_first_hand(env, members, channel)
    assert summary is not None
    _, elsewhere, (mallory,) = in_a_channel(env, "mallory")
    for forged in (
        ids.make(ids.REVIEW, 1, 0, 0),
        ids.make(ids.RECORD, 1, 0),
        ids.make(ids.REVIEW, 1, 0, None),
    ):
        assert "isn't from a table in this server" in refusal(
            await click_forged(env, elsewhere, mallory, forged)
        )
    assert "isn't one I know" in refusal(await click_forged(env, channel, members[0], "t42l:review:1"))


async def test_hints_on_adds_a_hint_button_on_your_turn_and_the_review_notes_it(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=3, options="hints=on")
    assert env.bot.service.table(1).settings.hints
    hinted_by = None
    for member in members:
        dm = member.user.dm_channel.last_message
        if any(b.label == "Hint" for b in buttons(dm)):
            got = await member.user.click(dm, label="Hint")
            text = reply(got).content
            assert "The strong player would" in text and ", because " in text and "%" not in text
            hinted_by = member
            break
    assert hinted_by is not None, "the player on turn has a Hint button"
    others = [m for m in members if m is not hinted_by]
    dm = others[0].user.dm_channel.last_message
    assert not any(b.label == "Hint" for b in buttons(dm)), "no Hint off your turn"
    forged = ids.make(ids.HINT, 1)
    assert "your own turn" in refusal(await click_forged(env, channel, others[0], forged))
    summary = await _finish_first_hand(env, members, channel)
    review = await hinted_by.click(summary, label="Review")
    assert "(hint shown)" in "\n".join(m.content for m in _messages(review))


async def test_without_hints_there_is_no_hint_button(simcord_env):
    env = simcord_env
    channel, members, table = await started_table(env, target=3)
    for member in members:
        assert not any(b.label == "Hint" for b in buttons(member.user.dm_channel.last_message))
    assert "without hints" in refusal(await click_forged(env, channel, members[0], ids.make(ids.HINT, 1)))


@pytest.mark.slow
async def test_forged_learning_clicks_show_only_finished_hands_of_this_server(simcord_env):
    """Privacy, every case: whatever learning button anyone forges (any kind, table, hand and seat), what
    comes back is a refusal or a finished hand of a table in the clicker's own server."""
    env = simcord_env
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave", "eve")
    table = await open_and_seat(env, channel, members[0], members[:4], target=3)
    await members[0].click(table, label="Start")
    await _finish_first_hand(env, members[:4], channel)  # hand 1 is over, hand 2 is being played
    _, elsewhere, (mallory,) = in_a_channel(env, "mallory")
    finished = env.bot.service.table(1).game.records[0]
    clickers = [(members[0], channel), (members[4], channel), (mallory, elsewhere)]
    forged = itertools.product(
        [ids.REVIEW, ids.RECORD, ids.HINT], [1, 2], [0, 1, 7], [None, 0, 9], range(len(clickers))
    )
    shown = 0
    for kind, table_id, hand_no, seat, who in forged:
        member, where = clickers[who]
        numbers = {
            ids.REVIEW: (table_id, hand_no, seat),
            ids.RECORD: (table_id, hand_no),
            ids.HINT: (table_id,),
        }
        answer = reply(await click_forged(env, where, member, ids.make(kind, *numbers[kind])))
        assert answer.ephemeral
        if not answer.attachments:  # a refusal (this table plays without hints: no hint either)
            assert "The strong player would" not in answer.content and "Trick 1:" not in answer.content
            continue
        shown += 1
        assert who != 2 and table_id == 1 and hand_no == 0, (kind, table_id, hand_no, seat, who)
        if kind == ids.RECORD:
            assert json.loads(await answer.attachments[0].read()) == finished
        else:
            assert answer.content.startswith("**Hand 1**")
    assert shown, "some forged click was a fair request: the test saw a review or a record"
    listed = reply(
        await members[4].slash(channel, "42 history")
    )  # the game goes on: nothing of it is history
    assert "No finished games" in listed.content and not buttons(listed)
