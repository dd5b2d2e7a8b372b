"""Fair deals at the table service, on both backends: each hand dealt from its own seed by the engine's
shuffle, the seed kept beside the hand (never in its record while it is played) and through a restart, the
finished hand's record revealing it so that it verifies; and tables saved before fair deals play on."""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3

import sqlalchemy
from alembic import command

from bot.storage import Storage
from bot.storage.migrate import alembic_config
from bot.tables import TableService
from bot.tables.dealing import keep_revealed, revealed
from engine import Game, Rules, write_record
from engine.fair import deal_hand, verify
from tests.bot.table_driver import quick_player
from tests.bot.table_state import game_of, hand_of, seat_on_turn


def _service(storage: Storage, seeds=None) -> TableService:
    return TableService(
        storage, rng=random.Random(3), computer_pause=0, player_factory=quick_player, seeds=seeds
    )


async def _started(service: TableService):
    table = await service.open_table(guild_id=1, channel_id=2, host_id=10)
    for seat in range(4):
        await service.sit(table, 10 + seat, f"player{seat}", seat)
    await service.start(table, 10)
    return table


async def _play_hand_out(service: TableService, table) -> None:
    number = table.hand_no
    for _ in range(80):
        if table.hand_no > number or table.status != "playing":
            return
        turn = seat_on_turn(table)
        await service.act(table, 10 + turn, table.token, table.hand.legal_actions()[0])
    raise AssertionError("the hand did not end")


async def test_a_restart_mid_hand_keeps_the_seed_and_the_finished_record_verifies(storage):
    seeds = iter(hashlib.sha256(bytes([n])).digest() for n in range(100))
    service = _service(storage, seeds=lambda: next(seeds))
    table = await _started(service)
    seed = table.seed
    assert seed == hashlib.sha256(bytes([0])).digest(), "the injected source dealt it"
    assert table.commitment == hashlib.sha256(seed).hexdigest()
    assert write_record(hand_of(table)) == write_record(deal_hand(table.rules, hand_of(table).dealer, seed))
    row = await storage.load_table(table.id)
    assert "seed" not in row.hands[-1] and "commitment" not in row.hands[-1]
    assert row.hand_seed == seed.hex(), "kept beside the record, not in it"

    restarted = _service(storage)  # as after kill -9: only what is stored
    await restarted.load()
    again = restarted.table(table.id)
    assert again is not None
    assert again.seed == seed and again.commitment == table.commitment
    await _play_hand_out(restarted, again)
    assert again.hand_no == 1 and again.seed is not None and again.seed != seed
    record = game_of(again).records[0]
    assert record["seed"] == seed.hex() and record["commitment"] == table.commitment
    assert verify(record) is None
    stored = (await storage.load_table(table.id)).hands
    assert stored[0]["seed"] == seed.hex() and verify(stored[0]) is None
    assert "seed" not in stored[1], "the next hand, in progress, keeps its seed to itself"
    assert (await storage.load_table(table.id)).hand_seed == again.seed.hex()
    assert verify({**stored[0], "seed": again.seed.hex()}) is not None, "another seed is refused"

    reloaded = _service(storage)  # the revealed seed outlives another restart, in the game's records
    await reloaded.load()
    back = reloaded.table(table.id)
    assert back is not None and game_of(back).records[0] == record


async def test_without_a_source_each_hand_has_a_seed_of_its_own(storage):
    first = await _started(TableService(storage, computer_pause=0, player_factory=quick_player))
    assert first.seed is not None and len(first.seed) == 32
    assert write_record(hand_of(first)) == write_record(
        deal_hand(first.rules, hand_of(first).dealer, first.seed)
    )


async def test_a_table_saved_mid_hand_before_fair_deals_plays_on(tmp_path):
    path = tmp_path / "v7.db"
    rules = Rules.from_preset("standard")
    game = Game.new(rules, random.Random(1))
    old = write_record(game.deal(random.Random(2)))  # dealt as the bot dealt before: no seed anywhere
    engine = sqlalchemy.create_engine(f"sqlite:///{path}")
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), "0007")
        connection.execute(
            sqlalchemy.text(
                "INSERT INTO game_tables (id, guild_id, channel_id, host_id, variant, status, first_dealer)"
                " VALUES (1, 1, 2, 10, 'standard', 'playing', :dealer)"
            ),
            {"dealer": game.first_dealer},
        )
        for seat in range(4):
            connection.execute(
                sqlalchemy.text("INSERT INTO seats (table_id, seat, user_id, name) VALUES (1, :s, :u, :n)"),
                {"s": seat, "u": 10 + seat, "n": f"player{seat}"},
            )
        connection.execute(
            sqlalchemy.text("INSERT INTO hands (table_id, hand_no, record_json) VALUES (1, 0, :r)"),
            {"r": json.dumps(old)},
        )
    engine.dispose()
    storage = await Storage.open(path)
    try:
        service = _service(storage)
        await service.load()
        table = service.table(1)
        assert table is not None and table.seed is None and table.commitment is None
        assert write_record(hand_of(table)) == old
        await _play_hand_out(service, table)
        finished = game_of(table).records[0]
        assert "seed" not in finished and verify(finished) is not None, "nothing to reveal: it says so"
        assert table.seed is not None, "the next hand is a fair deal"
    finally:
        await storage.close()
    with sqlite3.connect(path) as db:
        kept = db.execute("SELECT hand_no, seed FROM hands ORDER BY hand_no").fetchall()
    assert kept[0] == (0, None) and table.seed is not None and kept[1][1] == table.seed.hex()


def test_revealing_leaves_a_hand_without_a_seed_alone():
    rules = Rules.from_preset("standard")
    game = Game.new(rules, random.Random(1))
    record = write_record(game.deal(random.Random(2)))
    assert revealed(record, None) == record
    assert keep_revealed(game, []) == game
