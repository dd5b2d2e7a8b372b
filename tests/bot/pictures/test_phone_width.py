"""The pictures read on a phone: a chat shows a picture about 360 pixels wide, so the table message, a
hand's summary and a player's panel are drawn, scaled to that width, and every piece of text measured there:
its glyphs at least as tall as 14-pixel text's (a capital 10 pixels), and the last trick with its players'
names. The summary is a strip, not a poster."""

from __future__ import annotations

import random

import pytest

from bot.pictures.examples import HAND_ENDS, PANELS, TABLES
from bot.pictures.fonts import _text_mask, font
from bot.pictures.panel import draw_panel
from bot.pictures.scenes import HandEndScene, PanelScene, TableScene
from bot.pictures.summary import draw_hand_end
from bot.pictures.table import draw_table
from bot.show.lessons import PAGES
from bot.show.plan import hand_over_screen
from bot.show.presenter import private_screen, table_screen
from bot.storage import SeatRow
from bot.tables import Table
from engine import Game, Rules

from .text_probe import PHONE, TALL, Written, above_baseline, measured, too_small


def played_tables() -> dict[str, TableScene]:
    """Table scenes as the bot builds them from real hands of every preset, partway through a trick."""
    return {name: scene for name, (scene, _) in played().items()}


def played() -> dict[str, tuple[TableScene, PanelScene]]:
    """The table and the panel of the player to move, as the bot builds them from real hands of every
    preset, partway through a trick."""
    scenes = {}
    for preset in ("standard", "three-hand", "eighty-eight", "eighty-four", "moon", "seventy-two"):
        rules = Rules.from_preset(preset)
        rng = random.Random(f"phone {preset}")
        seats = {s: SeatRow(seat=s, name=f"Player number {s}", user_id=100 + s) for s in range(rules.players)}
        table = Table(id=1, guild_id=1, channel_id=1, host_id=100, rules=rules, status="playing", seats=seats)
        table.game = game = Game.new(rules, rng)
        table.hand = game.deal(rng)
        while not (table.hand.tricks and table.hand.trick):
            if table.hand.complete:  # thrown in, or over early: deal again
                table.hand = game.deal(rng)
            table.hand = table.hand.apply(rng.choice(table.hand.legal_actions()))
        seat = table.turn()
        assert seat is not None, preset
        picture, panel = table_screen(table).picture, private_screen(table, seat).picture
        assert picture is not None and isinstance(picture.scene, TableScene)
        assert panel is not None and isinstance(panel.scene, PanelScene)
        scenes[f"{preset} (played)"] = (picture.scene, panel.scene)
    return scenes


TABLE_SCENES = {
    **TABLES,
    **{f"help: {page.title}": page.scene for page in PAGES if isinstance(page.scene, TableScene)},
    **played_tables(),
}
SUMMARIES = dict(HAND_ENDS)
PANEL_SCENES = {**PANELS, **{name: panel for name, (_, panel) in played().items()}}


@pytest.mark.parametrize("name", sorted(TABLE_SCENES))
def test_the_table_message_reads_at_phone_width(name):
    picture, texts = measured(draw_table, TABLE_SCENES[name])
    assert picture.width >= PHONE and texts
    assert too_small(picture.width, texts) == []


@pytest.mark.parametrize("name", sorted(PANEL_SCENES))
def test_a_players_panel_reads_at_phone_width(name):
    picture, texts = measured(lambda scene: draw_panel(scene)[0], PANEL_SCENES[name])
    assert too_small(picture.width, texts) == []


@pytest.mark.parametrize("name", sorted(SUMMARIES))
def test_a_hands_summary_is_a_strip_that_reads_at_phone_width(name):
    picture, texts = measured(draw_hand_end, SUMMARIES[name])
    assert too_small(picture.width, texts) == []
    assert picture.height * PHONE / picture.width <= 180  # at most half a phone's screen: a strip


def test_the_measure_fails_where_text_is_too_small():
    _, texts = measured(draw_table, TABLES["table-4"])
    # The same words on a picture as wide as the table before (990 pixels): 10 pixels on a phone.
    assert too_small(990, texts)
    # And the glyphs are measured, not the sizes believed: the masks of 19-pixel text passed off as 28.
    nineteen = []
    for t in texts:
        mask = _text_mask(t.text, font(19), "lt")[0]
        if TALL.search(t.text) and mask is not None:
            nineteen.append(Written(t.text, t.size, t.box, mask, above_baseline(t.text, font(19))))
    assert len(too_small(720, nineteen)) == len(nineteen)


@pytest.mark.parametrize("name", ["table-4", "table-6", "table-8", "table-3-moon"])
def test_the_last_trick_names_who_played_each_tile_in_playing_order(name):
    scene = TABLES[name]
    assert scene.last_trick
    picture, texts = measured(draw_table, scene)
    heading = next(t for t in texts if t.text == "LAST TRICK")
    written_there = [t for t in texts if t.box[1] > heading.box[3]]  # the board's last trick row
    leader = scene.last_trick_leader()
    assert leader is not None
    order = sorted(scene.last_trick, key=lambda seat: (seat - leader) % len(scene.seats))
    names = []
    for seat in order:
        name = scene.seats[seat].name
        hits = [t for t in written_there if t.text.rstrip("…") and name.startswith(t.text.rstrip("…")[:2])]
        assert hits, (seat, name, [t.text for t in written_there])
        names.append(min(hits, key=lambda t: t.box[1]).box[0])
    assert names == sorted(names), "left to right in the order played"


def test_the_summary_as_the_bot_sends_it_is_numbered_and_legible():
    rules = Rules.from_preset("standard")
    rng = random.Random(5)
    seats = {s: SeatRow(seat=s, name=f"Player {s}", user_id=100 + s) for s in range(4)}
    table = Table(id=1, guild_id=1, channel_id=1, host_id=100, rules=rules, status="playing", seats=seats)
    game = Game.new(rules, rng)
    hand = game.deal(rng)
    while not hand.complete:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    table.game = game.record_hand(hand)
    summary = hand_over_screen(table, 0).picture
    assert summary is not None
    scene = summary.scene
    assert isinstance(scene, HandEndScene) and scene.number == 1
    picture, texts = measured(draw_hand_end, scene)
    assert any(t.text.startswith("Hand 1 · ") for t in texts)
    assert too_small(picture.width, texts) == []
