"""Words players read agree with their numbers ("1 game", "2 games"), in the messages and on the pictures;
no line says the same twice, no brackets nest, a suit contract is named as trump, and a hand's first panel
says nothing of the last hand but its result."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.learn.ratings import Rating
from bot.pictures.learn_scenes import LevelRow, StatsScene
from bot.pictures.record import draw_record
from bot.pictures.scenes import GameEndScene, HandEndScene
from bot.pictures.summary import draw_game_end, draw_hand_end
from bot.show import messages, notices, reasons, records, replies, review
from bot.show.plan import plan
from bot.show.scenes import seat_infos
from bot.show.screens import SyncPanel
from bot.show.wording import early_end_reason
from bot.storage import SeatRow
from bot.storage.rows import PlayerStats
from bot.tables import Table
from bot.tables.events import Dealt
from bot.tables.model import TableSettings
from engine import Game, Rules, public_view
from engine.ai.reasons import TAKE, PlayReason
from engine.ai.review import Decision, SolverVerdict
from tests.bot.pictures.text_probe import written
from tests.paths import ROOT

COUNTED = "game|hand|mark|point|trick|tile|player|seat|minute|second|hour|day|round"
NUMBER_AND_NOUN = re.compile(rf"(?<![\w.,/])(\d+) (?:rated )?({COUNTED})(s?)\b")
BOT = ROOT / "bot"


def disagreements(text: str) -> list[str]:
    """Every count whose noun does not agree with it: `1 games`, `2 game`, `0 point`."""
    return [
        match.group(0)
        for match in NUMBER_AND_NOUN.finditer(text)
        if (int(match.group(1)) == 1) == (match.group(3) == "s")
    ]


def nested_brackets(text: str) -> list[str]:
    """Every line with a bracket opened inside another: `(led by Dave (West))`."""
    found = []
    for line in text.splitlines():
        depth = 0
        for char in line:
            depth += (char == "(") - (char == ")")
            if depth > 1:
                found.append(line)
                break
    return found


def repeated_lines(text: str) -> list[str]:
    lines = [line for line in text.splitlines() if line.strip()]
    return sorted({line for line in lines if lines.count(line) > 1})


def test_the_checks_catch_what_they_look_for():
    assert disagreements("1 games played, after 1 rated games · 1558 (1 games) · 2 mark · 0 point") == [
        "1 games",
        "1 rated games",
        "1 games",
        "2 mark",
        "0 point",
    ]
    assert disagreements("1 game played · 2 games · 0 marks · +1 mark · hand 1 · 31 by Alice") == []
    assert nested_brackets("Last trick (led by Dave (West)): 6-4") and not nested_brackets("Dave (West): 6-4")
    assert repeated_lines("Contract: Blanks\nx\nContract: Blanks") == ["Contract: Blanks"]


# ---------------------------------------------------------------------- every template, with 0, 1 and 2


def table_with(preset: str = "standard", **fields) -> Table:
    rules = Rules.from_preset(preset)
    seats = {s: SeatRow(seat=s, name=f"Player {s}", user_id=100 + s) for s in range(rules.players)}
    seats[1] = SeatRow(seat=1, name="Ada", computer_level="easy")
    fields.setdefault("status", "playing")
    return Table(id=1, guild_id=1, channel_id=1, host_id=100, rules=rules, seats=seats, **fields)


def decided_hand(taken: int, marks: int) -> Any:
    """A stand-in for a finished hand: North bid 30 in fives, took `taken` points, scored `marks`."""
    return SimpleNamespace(
        made=True,
        high=SimpleNamespace(level=30, text=lambda: "30"),
        bidder=0,
        tricks=[],
        lay=SimpleNamespace(hand_size=7, total=42),
        contract_text=lambda: "fives",
        every_trick=lambda: False,
        rules=SimpleNamespace(team_of=lambda seat: seat % 2),
        points=[taken, 0],
        summary=lambda: {
            "bidder": 0,
            "bid": "30",
            "contract": "fives",
            "made": True,
            "award": {"marks": [marks, 0]},
            "points": [taken, 0],
        },
    )


def game_lines_with_last_trick_worth(n: int) -> list[str]:
    game = Game.new(Rules.from_preset("standard"), random.Random(1))
    table = table_with(game=game)
    hand = game.deal(random.Random(2))
    while not hand.tricks:
        hand = hand.apply(
            hand.legal_actions()[0] if hand.phase != "auction" else "30" if not hand.calls else "pass"
        )
    table.hand = hand
    view = public_view(hand, table.scores)
    view["tricks"] = [*view["tricks"][:-1], {**view["tricks"][-1], "points": n}]
    return messages.game_lines(table, view)


def game_over_after(n: int) -> str:
    table = table_with(status="finished")
    table.game = cast(Game, SimpleNamespace(records=[{}] * n, winner=0, scores=(7, 0)))
    return messages.game_over_text(table)


def timed(n: int) -> list[str]:
    table = table_with(settings=TableSettings(turn_seconds=n, idle_seconds=60 * n or 60))
    table.status = "lobby"
    return [notices.reminder(table, 0), notices.reminder_dm(table), messages.lobby_text(table)]


def history_line(n: int, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setattr(records, "read_record", lambda record: decided_hand(n, 1))
    game = records.StoredGame(
        1, 1, "2026-01-01", "standard", {}, seat_infos(table_with()), (None,) * 4, (7, 0), 0, ({},)
    )
    return records.hand_line(game, 0)


def trick_worth(n: int) -> list[str]:
    trick = SimpleNamespace(seats=[0, 1, 2, 3], tiles=[0, 1, 2, 3], points=n, winner=0, declared=-1)
    hand: Any = SimpleNamespace(tricks=[trick], ts=SimpleNamespace(names=["6-6", "6-5", "6-4", "6-3"]))
    return review.trick_lines(hand, seat_infos(table_with()))


def costing(n: int) -> str:
    solver = SolverVerdict("points", {"6-4": 30, "5-5": 30 + n}, "6-4", "5-5", n, True, True)
    return review.decision_line(Decision("play:0", "play", 0, "6-4", ("6-4", "5-5"), solver))


def tile_reason(n: int) -> str:
    why = PlayReason(
        "6-4", TAKE, "sixes", True, n, n, (), "make", 30, n, 24, "5-5", n, float(n), tile_count=n
    )
    return reasons.play_sentence(why, ("you", "Earl", "your partner Sue", "Wes"))


def stats(n: int) -> StatsScene:
    row = LevelRow("30", n, n, n)
    return StatsScene(
        "alice", n, n, 1500 if n else None, (1500,) * n, (row,), (), n, n, n, marks_won=n, points_won=n
    )


def pictures_words(draw: Callable[[], object]) -> str:
    with written() as seen:
        draw()
    return "\n".join(piece.text for piece in seen)


def hand_end(n: int) -> HandEndScene:
    table = table_with()
    return HandEndScene(
        seat_infos(table), ("N–S", "E–W"), 0, "30", "Fives trump", True, (n, 42 - n), ((), ()), (n, 0),
        "marks", (n, 0), 7, tricks_taken=(n, 7 - n),
    )  # fmt: skip


TEMPLATES: dict[str, Callable[[int, pytest.MonkeyPatch], object]] = {
    "the table's and panel's game lines (last trick)": lambda n, _: game_lines_with_last_trick_worth(n),
    "a hand's result": lambda n, _: messages.hand_result_sentence(table_with(), decided_hand(30, n)),
    "a hand's summary": lambda n, _: messages.hand_summary_text(table_with(), decided_hand(30, n), 1, [n, 0]),
    "why a hand stopped": lambda n, _: early_end_reason(decided_hand(n, 1)),
    "game over": lambda n, _: game_over_after(n),
    "turn timers": lambda n, _: timed(n),
    "history": history_line,
    "a review's tricks": lambda n, _: trick_worth(n),
    "a review's decision": lambda n, _: costing(n),
    "a tile's reason": lambda n, _: tile_reason(n),
    "stats": lambda n, _: records.stats_text(stats(n)),
    "rating board": lambda n, _: records.rating_board_text([("alice", Rating(games=n))]),
    "leaderboard": lambda n, _: replies.leaderboard_text(
        [PlayerStats(1, "alice", n, n, n, n, n, n, n)], ["alice"]
    ),
    "stats picture": lambda n, _: pictures_words(lambda: draw_record(stats(n))),
    "hand over picture": lambda n, _: pictures_words(lambda: draw_hand_end(hand_end(n))),
    "game over picture": lambda n, _: pictures_words(
        lambda: draw_game_end(GameEndScene(("N–S", "E–W"), (("a", "b"), ("c", "d")), (7, n), "marks", 0, n))
    ),
}


@pytest.mark.parametrize("n", [0, 1, 2])
def test_every_template_agrees_with_its_numbers(n, monkeypatch):
    wrong = {}
    for name, render in TEMPLATES.items():
        shown = render(n, monkeypatch)
        text = shown if isinstance(shown, str) else "\n".join(shown)  # type: ignore[arg-type]
        # (a count of 0 may go unsaid: a decision that cost nothing is "as good as any")
        assert n == 0 or re.search(rf"(?<![\d.]){n} ", text), f"{name} shows no count of {n}: {text}"
        if disagreements(text) or nested_brackets(text):
            wrong[name] = (disagreements(text), nested_brackets(text))
    assert not wrong, wrong


def test_every_counted_word_in_the_bots_source_goes_through_plural():
    """A count written straight before its noun in an f-string (`{games} games`) is right for all but one
    number: the templates above can only try the counts they know of, this finds any new one."""
    counted = re.compile(rf"\}}\s?(?:rated )?(?:{COUNTED})s?\b")
    found = [
        f"{path.relative_to(BOT.parent)}:{number}: {line.strip()}"
        for path in sorted(BOT.rglob("*.py"))
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if counted.search(line)
    ]
    assert found == []


# ---------------------------------------------------------------------- whole hands, every message


def play_a_game(preset: str, seed: int) -> Iterator[tuple[str, bool, str]]:
    """Every table message and private panel text of a game's first hands, as the bot writes them, with
    the first panel of each new hand as its Dealt event words it."""
    rules = Rules.from_preset(preset)
    rng = random.Random(seed)
    game = Game.new(rules, rng)
    table = table_with(preset, game=game)
    table.seats = {s: SeatRow(seat=s, name=f"Player {s}", user_id=100 + s) for s in range(rules.players)}
    for _ in range(3):
        table.hand = game.deal(rng)
        first = True
        while not table.hand.complete:
            for seat in range(rules.players):
                view = table.view_for(seat)
                note = None
                if first:
                    dealt = [
                        w
                        for w in plan(table, Dealt(table.hand_no))
                        if isinstance(w, SyncPanel) and w.user_id == 100 + seat
                    ]
                    note = dealt[0].note if dealt else None
                yield "panel", first, messages.private_text(table, seat, view, note)
            yield "table", first, messages.playing_text(table)
            first = False
            table.hand = table.hand.apply(rng.choice(table.hand.legal_actions()))
        table.game = game = game.record_hand(table.hand)
        table.last_hand = table.hand
        if game.over:
            return


@pytest.mark.parametrize("preset", ["standard", "three-hand", "eighty-eight", "geezer"])
def test_every_message_of_whole_hands_reads_right(preset):
    trumps_named = 0
    for kind, first, text in play_a_game(preset, 7):
        assert not disagreements(text), text
        assert not nested_brackets(text), text
        assert not repeated_lines(text), text
        assert text.count("Contract:") <= 1, text
        if re.search(r"Contract: (Blanks|Ones|Twos|Threes|Fours|Fives|Sixes|7s|Doubles)\b", text):
            assert re.search(r"Contract: \w+ trump\b", text), text
            trumps_named += 1
        assert "You played" not in text and "You passed" not in text, text  # no note of the last hand's moves
        if "Last hand:" in text:
            assert first, f"the last hand's result stays only on the hand's first {kind} message:\n{text}"
            assert text.count("Last hand:") == 1, text
    assert trumps_named


def test_a_new_hands_panel_says_the_last_hands_result():
    for kind, first, text in play_a_game("standard", 3):
        if kind == "panel" and first and "hand 2" in text:
            assert "Last hand: " in text and ("made it" in text or "was set" in text), text
            return
    pytest.fail("the game ended before its second hand")
