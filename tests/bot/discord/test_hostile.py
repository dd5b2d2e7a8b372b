"""Hostile and unlucky input, generated: forged, replayed and malformed custom ids, clicks from people who
are not seated, clicks on ended tables, and every slash-command option at its extremes. Each gets a short
private refusal (or, for a forged id that happens to be a real control of the clicker's, does just that);
nothing else changes and nothing is logged at ERROR."""

from __future__ import annotations

import logging

import discord
import pytest
from hypothesis import strategies as st

from engine import PRESETS, write_record
from tests.bot.drawn import examples
from tests.bot.table_driver import in_a_channel, open_and_seat, reply, table_message

KINDS = ["sit", "add", "leave", "start", "hand", "rematch", "back", "act", "menu", "x", ""]
ACTIONS = [
    "pass",
    "30",
    "41",
    "1 mark",
    "7 marks",
    "plunge",
    "fives",
    "nello doubles-low",
    "6-4",
    "7-3/3",
    "discard 2-1",
    "take",
    "keep",
    "page:9999999999",
    "group:nello",
    "group:",
    "page:-1",
    "💥",
    "",
    "\n",
]


@st.composite
def custom_ids(draw, token: str) -> str:
    """Ids that look like ours (with real or wrong parts), and anything at all up to Discord's 100."""
    table = draw(st.sampled_from(["1", "2", "0", "999999999999999999", "01", "-1", "1.5"]))
    kind = draw(st.sampled_from(KINDS) | st.text(max_size=8))
    tok = draw(
        st.sampled_from([token, "lobby", "game", "", "0.00000000", token + "x"]) | st.text(max_size=12)
    )
    arg = draw(st.sampled_from(ACTIONS) | st.text(max_size=20))
    shaped = f"t42:{table}:{kind}:{tok}:{arg}"
    anything = draw(st.text(min_size=1, max_size=100))
    chosen = draw(st.sampled_from([shaped, anything, "t42:" + anything]))
    return chosen[:100] or "x"


async def setup_table(env):
    _, channel, members = in_a_channel(env, "alice", "bob", "carol", "dave", "eve")
    table = await open_and_seat(env, channel, members[0], members[:4], target=1, options="timer=off")
    await members[0].click(table, label="Start")
    return channel, members, table


async def click_forged(env, channel, member, custom_id: str):
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="forged", custom_id=custom_id))
    await env.bot.get_channel(channel.id).send("forged", view=view)
    return await member.click(channel.last_message, custom_id=custom_id)


class ErrorLog(logging.Handler):
    """Collects records at ERROR or above from the bot."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.mark.slow
async def test_forged_and_malformed_ids_are_refused_privately(simcord_env):
    env = simcord_env
    channel, members, table = await setup_table(env)
    state = env.bot.service.table(1)
    errors = ErrorLog()
    logging.getLogger("bot").addHandler(errors)
    seen = 0
    cases = examples(st.tuples(custom_ids(state.token), st.integers(0, 4)), 60)

    for custom_id, index in cases:
        who = members[index]
        before = (state.status, write_record(state.hand), dict(state.seats))
        legal = set(state.hand.legal_actions())
        on_turn = state.turn() is not None and state.seat_of(who.id) == state.turn()
        result = await click_forged(env, channel, who, custom_id)
        assert result.acknowledged, custom_id
        seen += 1
        after = (state.status, write_record(state.hand), dict(state.seats))
        real_move = on_turn and ":act:" in custom_id and custom_id.rsplit(":", 1)[1] in legal
        if after != before:
            assert real_move or ":leave:confirm:" in custom_id, custom_id
            continue  # a forged Leave is still that player's own Leave; a real control is a real move
        else:
            answer = reply(result)
            assert answer.ephemeral or answer.content.startswith("You "), (custom_id, answer.content)
    logging.getLogger("bot").removeHandler(errors)
    print("forged clicks:", seen, "status:", state.status)
    assert seen >= 60
    assert not errors.records, [r.getMessage() for r in errors.records]
    assert not env.errors


async def test_clicks_from_players_not_seated_and_on_ended_tables_change_nothing(simcord_env):
    env = simcord_env
    channel, members, table = await setup_table(env)
    state = env.bot.service.table(1)
    eve = members[4]
    message = table_message(channel)
    for label in ("My hand", "Leave"):
        refused = await eve.click(message, label=label)
        assert reply(refused).ephemeral and "not playing" in reply(refused).content
    before = write_record(state.hand)
    await members[0].slash(channel, "42 end")
    assert state.status == "ended"
    for member in members:
        refused = await click_forged(env, channel, member, f"t42:1:act:{state.token}:pass")
        assert reply(refused).ephemeral and "ended" in reply(refused).content
    assert write_record(state.hand) == before


async def test_slash_command_options_at_their_extremes(simcord_env):
    env = simcord_env
    guild = env.create_guild()
    errors = ErrorLog()
    logging.getLogger("bot").addHandler(errors)
    counter = 0
    alice = guild.add_member(env.create_user("alice"))

    cases = examples(
        st.tuples(
            st.sampled_from(list(PRESETS)),
            st.one_of(st.none(), st.integers(1, 2**53)),
            st.one_of(
                st.none(),
                st.text(max_size=300),
                st.lists(
                    st.sampled_from(
                        [
                            "timer=0",
                            "timer=off",
                            "timer=9999999",
                            "timer=",
                            "idle=0",
                            "idle=1s",
                            "computers=strong",
                            "computers=bad",
                            "nello=maybe",
                            "target=0",
                            "plunge=on",
                            "win_by=999999999999",
                            "=",
                            "==",
                            "a=b=c",
                        ]
                    ),
                    max_size=6,
                ).map(" ".join),
            ),
        ),
        50,
    )

    for preset, target, options in cases:
        counter += 1
        channel = guild.create_text_channel(f"t{counter}")
        kwargs = {"preset": preset}
        if target is not None:
            kwargs["target"] = target
        if options is not None:
            kwargs["options"] = options
        result = await alice.slash(channel, "42 new", **kwargs)
        assert result.acknowledged
        answer = reply(result)
        assert answer.ephemeral
        assert "Your table is open" in answer.content or "don't work" in answer.content, answer.content

    channel = guild.create_text_channel("stats")
    for command, kwargs in (
        ("42 stats", {"player": alice}),
        ("42 rules", {"preset": "eighty-eight"}),
        ("42 hand", {}),
        ("42 end", {}),
        ("42 leaderboard", {}),
    ):
        assert (await alice.slash(channel, command, **kwargs)).acknowledged
    logging.getLogger("bot").removeHandler(errors)
    assert not errors.records, [r.getMessage() for r in errors.records]
