"""The stand-in for Discord: its limits and refusals, its gateway routing, and the real bot playing on it.

Fast and deterministic: a frozen clock for the limits, raw HTTP and websocket clients for the protocol, and
one real bot process (easy computers, no pause) for the end-to-end check, waited on by events, never by
sleeping."""

from __future__ import annotations

import json
import random
import zlib

import aiohttp
import pytest

from engine import Game, Rules, write_record
from tests.standin import BotProcess, Clock, DiscordStandIn, Limits
from tests.standin.interactions import Interaction
from tests.standin.limits import CHANNEL_MESSAGES_BUCKET, RateLimiter
from tests.standin.measures import percentile, turns
from tests.standin.players import Arrival, Click, Human, turn_controls
from tests.standin.records import Action, hand_actions

CREATE, EDIT = "POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}"


# ---------------------------------------------------------------------- limits (no network)


def test_global_limit_refuses_the_51st_request_in_a_second_and_exempts_interactions():
    clock = Clock(frozen=True, start=1000.0)
    limiter = RateLimiter(Limits(), clock)
    assert all(limiter.check("GET /users/{user_id}", exempt=False).allowed for _ in range(50))
    refused = limiter.check("GET /users/{user_id}", exempt=False)
    assert not refused.allowed and refused.scope == "global"
    assert refused.body is not None and refused.body["global"] is True and refused.body["retry_after"] == 1.0
    assert refused.headers["X-RateLimit-Global"] == "true" and refused.headers["Retry-After"] == "1"
    assert limiter.check("POST /interactions/{interaction_id}/{token}/callback", exempt=True).allowed
    clock.advance(1.0)
    assert limiter.check("GET /users/{user_id}", exempt=False).allowed


def test_channel_creates_and_edits_count_apart_under_one_bucket_hash():
    clock = Clock(frozen=True, start=1000.0)
    limiter = RateLimiter(Limits(), clock)
    creates = [limiter.check(CREATE, exempt=False, channel_id=7, kind="create") for _ in range(5)]
    assert [v.headers["X-RateLimit-Remaining"] for v in creates] == ["4", "3", "2", "1", "0"]
    sixth = limiter.check(CREATE, exempt=False, channel_id=7, kind="create")
    assert not sixth.allowed and sixth.scope == "user"
    assert sixth.body is not None and sixth.body["global"] is False
    edit = limiter.check(EDIT, exempt=False, channel_id=7, kind="edit")
    assert edit.allowed and edit.headers["X-RateLimit-Remaining"] == "4"
    assert (
        edit.headers["X-RateLimit-Bucket"]
        == creates[0].headers["X-RateLimit-Bucket"]
        == CHANNEL_MESSAGES_BUCKET
    )
    assert limiter.check(CREATE, exempt=False, channel_id=8, kind="create").allowed  # another channel
    clock.advance(5.0)
    assert limiter.check(CREATE, exempt=False, channel_id=7, kind="create").allowed


# ---------------------------------------------------------------------- the REST API, raw


@pytest.fixture
async def standin():
    async with DiscordStandIn(clock=Clock(frozen=True), seed=3) as running:
        yield running


async def _rest(
    standin: DiscordStandIn, method: str, path: str, body: dict | None = None, *, token: bool = True
):
    headers = {"Authorization": f"Bot {standin.token}"} if token else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, f"{standin.url}/api/v10{path}", json=body, headers=headers) as response,
    ):
        text = await response.text()
        return response.status, (json.loads(text) if text else None), response.headers


async def test_messages_dms_and_the_refusals_discord_gives(standin):
    guild = standin.create_guild()
    channel = standin.create_channel(guild)
    alice = standin.create_user("alice")
    status, sent, headers = await _rest(
        standin, "POST", f"/channels/{channel.id}/messages", {"content": "hi"}
    )
    assert status == 200 and sent["content"] == "hi" and headers["Via"] and headers["X-RateLimit-Bucket"]
    assert channel.last_message is not None and channel.last_message.text == "hi"
    standin.age_message(channel.last_message, 3601)
    status, body, _ = await _rest(
        standin, "PATCH", f"/channels/{channel.id}/messages/{sent['id']}", {"content": "x"}
    )
    assert (status, body["code"]) == (400, 30046)
    status, dm, _ = await _rest(standin, "POST", "/users/@me/channels", {"recipient_id": str(alice.id)})
    assert status == 200 and dm["recipients"][0]["id"] == str(alice.id)
    alice.close_dms()
    status, body, _ = await _rest(standin, "POST", f"/channels/{dm['id']}/messages", {"content": "your turn"})
    assert (status, body["code"]) == (403, 50007)
    status, body, _ = await _rest(standin, "GET", "/users/@me", token=False)
    assert status == 401
    await _rest(standin, "GET", "/nowhere")
    assert standin.stats.unknown["GET /nowhere"] == 1
    for _ in range(4):
        await _rest(standin, "POST", f"/channels/{channel.id}/messages", {"content": "more"})
    status, body, headers = await _rest(
        standin, "POST", f"/channels/{channel.id}/messages", {"content": "6th"}
    )
    assert status == 429 and body["global"] is False and headers["Retry-After"] == "5"
    assert standin.stats.limited[CREATE] == 1 and standin.stats.limited_bucket == 1


async def _gateway(standin: DiscordStandIn, shard: list[int]):
    """A raw gateway client: connect with zlib-stream, identify as `shard`, return (socket, next-frame)."""
    session = aiohttp.ClientSession()
    ws = await session.ws_connect(f"{standin.gateway_url}?v=10&encoding=json&compress=zlib-stream")
    inflate = zlib.decompressobj()

    async def frame() -> dict:
        return json.loads(inflate.decompress(await ws.receive_bytes(timeout=10)))

    assert (await frame())["op"] == 10
    await ws.send_json({"op": 2, "d": {"token": standin.token, "shard": shard, "intents": 1}})
    ready = await frame()
    assert ready["t"] == "READY" and ready["d"]["shard"] == shard
    return session, ws, frame, ready


async def test_gateway_routes_guild_clicks_by_shard_and_dms_to_shard_0_and_interactions_time_out(standin):
    far = standin.create_guild("far", shard=1, shard_count=2)
    channel = standin.create_channel(far, "games")
    bob = standin.create_user("bob")
    standin.add_member(far, bob)
    standin.register_commands(None, [{"name": "ping", "description": "ping"}])
    s0, ws0, frame0, ready0 = await _gateway(standin, [0, 2])
    s1, ws1, frame1, ready1 = await _gateway(standin, [1, 2])
    try:
        assert ready0["d"]["guilds"] == [] and ready1["d"]["guilds"] == [
            {"id": str(far.id), "unavailable": True}
        ]
        assert (await frame1())["t"] == "GUILD_CREATE"
        in_guild = await standin.slash(bob, channel, "ping", wait=None)
        event = await frame1()
        assert event["t"] == "INTERACTION_CREATE" and event["d"]["guild_id"] == str(far.id)
        assert event["d"]["member"]["user"]["id"] == str(bob.id) and event["d"]["data"]["name"] == "ping"
        in_dm = await standin.slash(bob, standin.dm_channel(bob), "ping", wait=None)
        event = await frame0()
        assert event["d"]["id"] == str(in_dm.id) and "guild_id" not in event["d"] and event["d"]["user"]["id"]
        both = await standin.slash(bob, channel, "ping", wait=None, everywhere=True)
        assert [(await frame0())["d"]["id"], (await frame1())["d"]["id"]] == [str(both.id)] * 2
        status, body, _ = await _rest(
            standin,
            "POST",
            f"/interactions/{in_guild.id}/{in_guild.token}/callback",
            {"type": 4, "data": {"content": "pong", "flags": 64}},
            token=False,
        )
        assert (
            status == 204 and in_guild.ack_latency is not None and in_guild.text == "pong"
        )  # no with_response
        assert in_guild.messages[0].visible_to(bob) and not channel.messages  # ephemeral: not in the channel
        status, body, _ = await _rest(
            standin,
            "POST",
            f"/interactions/{in_guild.id}/{in_guild.token}/callback",
            {"type": 4, "data": {"content": "again"}},
            token=False,
        )
        assert (status, body["code"]) == (400, 40060)
        standin.clock.advance(3.5)
        status, body, _ = await _rest(
            standin, "POST", f"/interactions/{in_dm.id}/{in_dm.token}/callback", {"type": 5}, token=False
        )
        assert (status, body["code"]) == (404, 10062)
    finally:
        for session, ws in ((s0, ws0), (s1, ws1)):
            await ws.close()
            await session.close()


async def test_a_dropped_session_resumes_and_gets_the_events_it_missed(standin):
    guild = standin.create_guild()
    channel = standin.create_channel(guild)
    carol = standin.create_user("carol")
    standin.add_member(guild, carol)
    standin.register_commands(None, [{"name": "ping", "description": "ping"}])
    session, ws, frame, ready = await _gateway(standin, [0, 1])
    try:
        seen = (await frame())["s"]  # GUILD_CREATE
        assert await standin.gateway.drop() == 1
        missed = await standin.slash(carol, channel, "ping", wait=None)
        assert missed.delivered  # kept for the session, as Discord keeps events for a RESUME
        await ws.close()
        ws = await session.ws_connect(f"{standin.gateway_url}?v=10&encoding=json")
        assert (await ws.receive_json(timeout=10))["op"] == 10
        await ws.send_json(
            {"op": 6, "d": {"token": standin.token, "session_id": ready["d"]["session_id"], "seq": seen}}
        )
        replayed, resumed = await ws.receive_json(timeout=10), await ws.receive_json(timeout=10)
        assert replayed["t"] == "INTERACTION_CREATE" and replayed["d"]["id"] == str(missed.id)
        assert resumed["t"] == "RESUMED" and resumed["s"] == replayed["s"] + 1
        await ws.send_json({"op": 6, "d": {"token": standin.token, "session_id": "nope", "seq": 0}})
        assert (await ws.receive_json(timeout=10)) == {"op": 9, "d": False}
    finally:
        await ws.close()
        await session.close()


# ---------------------------------------------------------------------- measuring


def test_hand_actions_give_each_action_to_the_seat_whose_turn_it_was():
    rng = random.Random(5)
    game = Game.new(Rules.from_preset("standard", {}), rng)
    hand = game.deal(rng)
    expected = []
    while not hand.complete:
        action = rng.choice(hand.legal_actions())
        expected.append((hand.turn, action))
        hand = hand.apply(action)
    assert hand_actions(write_record(hand)) == expected


def test_turns_count_the_computer_moves_between_two_human_actions():
    standin = DiscordStandIn()
    player = standin.create_user("h")
    human = Human(standin, player, standin.create_channel(standin.create_guild()))
    for at, label in [(10.0, "31"), (20.0, "Fives"), (30.0, "6-4")]:
        interaction = Interaction(0, "", 3, player, human.channel, None, {}, 0.0)
        human.clicks.append(Click(at, "turn", label, interaction))
    human.arrivals = [Arrival(at, 1, ("x",)) for at in (14.6, 20.5, 34.0)]
    actions = [
        Action(1, 0, 0, "31", True),
        *[Action(1, 0, s, "pass", False) for s in (1, 2, 3)],
        Action(1, 0, 0, "fives", True),
        Action(1, 0, 0, "6-4", True),
        Action(1, 0, 1, "6-6", False),
        Action(1, 0, 2, "5-5", False),
        Action(1, 0, 0, "3-3", True),
    ]
    found, unmatched = turns(human, actions)
    assert unmatched == 0
    assert [(t.computer_moves, round(t.latency(1.2), 2)) for t in found] == [(3, 1.0), (0, 0.5), (2, 1.6)]
    assert percentile([3.0, 1.0, 2.0], 50) == 2.0 and percentile([1.0] * 99 + [9.0], 99) == 1.0


# ---------------------------------------------------------------------- the real bot on the stand-in


@pytest.mark.slow
async def test_the_real_bot_opens_a_table_and_a_human_plays_turns_from_its_dms(tmp_path):
    # Channel buckets relaxed: at 5 edits per 5 s the lobby alone would make discord.py wait seconds.
    async with DiscordStandIn(seed=1, limits=Limits(channel_creates=100, channel_edits=100)) as discord:
        guild = discord.create_guild()
        channel = discord.create_channel(guild, "games")
        alice = discord.create_user("alice")
        discord.add_member(guild, alice)
        human = Human(discord, alice, channel, seed=1, new_options={"options": "computers=easy"})
        bot = BotProcess(discord, database=tmp_path / "bot.db", computer_pause=0).start()
        try:
            await discord.wait_for_bot(timeout=60)
            opened = await human.open_table()
            await opened.wait_answered(10)
            await discord.wait_until(
                lambda: human.turns >= 3 and _settled(human),
                60,
                "three turns answered, acknowledged and their controls taken away",
            )
        finally:
            human.stop()
            await bot.stop()
        assert [c.label for c in human.clicks[:6]] == [
            "/42 new",
            "Sit North",
            "Add computer",
            "Add computer",
            "Add computer",
            "Start",
        ]
        controls = [m for m in discord.private_messages(alice) if m.channel.type == 1 and m.attachments]
        assert controls, "the turn DMs carry the hand as a picture"
        assert channel.find("My hand") is not None  # the table message, now a game
        assert all(i.ack_latency is not None for i in discord.interactions[:8]), bot.log()[-2000:]
        assert discord.stats.total_429 == 0 and not discord.stats.unknown
        assert not [e for e in bot.escaped_errors() if e["status"] == 429]
        assert len(human.arrivals) >= 3 and not human.failed


def _settled(human: Human) -> bool:
    """Every click acknowledged, and no clicked turn control still offered on its message."""

    def still_offered(click: Click) -> bool:
        message = click.interaction.message
        used = click.interaction.data.get("custom_id")
        return message is not None and used in {b.custom_id for b in turn_controls(message)}

    return all(c.interaction.ack_latency is not None for c in human.clicks) and not any(
        still_offered(c) for c in human.clicks if c.kind == "turn"
    )
