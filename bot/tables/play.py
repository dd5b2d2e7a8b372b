"""Play: a person's action, a computer's move, and a computer acting for a player whose turn ran out. Each
applies one action to the hand (dealing the next hand or finishing the game when it completes it) as one
change. A computer decides with the table's lock let go, so a click meanwhile is not held up behind its
thinking; its decision is dropped if the table has left the moment it was decided for."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from bot.computers.runner import Chooser, Turn
from bot.storage.change import Change
from engine import IllegalAction, View, write_record

from .dealing import deal, reveal_last
from .events import Acted, Away, Dealt, GameOver, HandOver, TableEvent, TakenOver
from .model import Table
from .refusal import Refusal, Why
from .registry import Registry
from .seating import Shuffle
from .tally import tally
from .timers import Due, TurnClock
from .unit_of_work import UnitOfWork

log = logging.getLogger("bot.tables")


def _require_legal(table: Table, action: str) -> None:
    """Refuse anything but one of the moves the engine lists now (a forged button could say anything)."""
    assert table.hand is not None
    if action in table.hand.legal_actions():
        return
    try:
        table.hand.apply(action)
    except IllegalAction as error:  # the engine's sentence says why, e.g. "you must follow fives"
        raise Refusal(Why.ILLEGAL_MOVE, detail=str(error)) from None
    except Exception:  # garbage the engine cannot even read
        pass
    raise Refusal(Why.NOT_A_MOVE)


class Play:
    """Applies people's and computers' actions at the tables."""

    def __init__(
        self, registry: Registry, work: UnitOfWork, chooser: Chooser, timers: TurnClock, shuffle: Shuffle
    ):
        self.registry = registry
        self.work = work
        self.chooser = chooser
        self.timers = timers
        self.shuffle = shuffle

    async def act(self, table: Table, user_id: int, token: str, action: str) -> None:
        """A human's action from a control carrying `token`; Refusal if it is not theirs to make now."""
        await self.work.run(table, lambda: self._act(table, user_id, token, action))
        self.registry.kick(table)

    async def _act(self, table: Table, user_id: int, token: str, action: str) -> None:
        if table.status != "playing":
            raise Refusal(
                {"finished": Why.GAME_OVER, "lobby": Why.NOT_STARTED}.get(table.status, Why.TABLE_ENDED)
            )
        seat = table.seat_of(user_id)
        if seat is None:
            raise Refusal(Why.NOT_PLAYING)
        if token != table.token:
            raise Refusal(Why.CONTROLS_OUT_OF_DATE)
        if table.turn() != seat:
            raise Refusal(Why.NOT_YOUR_TURN)
        self.registry.refuse_if_closing()
        _require_legal(table, action)
        change = Change(table.id)
        values: dict[str, Any] = {}
        row = table.seats[seat]
        if row.taken_over:  # the player is back at the controls: the count of turns taken over restarts
            change.set_seat_state(seat, away=row.away, taken_over=0)
        if not row.played:  # their first move here (a tournament's no-show clock asks)
            change.set_played(seat)
        if row.taken_over or not row.played:
            values["seats"] = {**table.seats, seat: replace(row, taken_over=0, played=True)}
        await self.apply(table, seat, action, values=values, change=change, human=True)

    async def apply(
        self,
        table: Table,
        seat: int,
        action: str,
        *,
        by: str | None = None,
        values: dict[str, Any] | None = None,
        change: Change | None = None,
        human: bool = False,
        then: Sequence[TableEvent] = (),
        by_owner: bool = False,
    ) -> None:
        """Apply one action (lock held) as one change: with whatever `change` and `values` already hold,
        announcing `then` after it."""
        assert table.game is not None and table.hand is not None
        try:
            hand = table.hand.apply(action)
        except IllegalAction as error:
            raise Refusal(Why.ILLEGAL_MOVE, detail=str(error)) from None
        values = dict(values or {})
        change = change if change is not None else Change(table.id)
        hand_no = table.hand_no
        events: list[TableEvent] = [Acted(seat, action, hand_no, hand.complete, by)]
        if not hand.complete:
            change.save_hand(hand_no, write_record(hand), False)
            values["hand"] = hand
        else:  # the hand is over: its record reveals the seed it was dealt from
            game = reveal_last(table.game.record_hand(hand), table.seed)
            record = game.records[-1]
            if game.over:
                tallies, teams = tally(replace(table, **values), game)
                change.finish_game(table.guild_id, hand_no, record, tallies, teams)
                values.update(status="finished", game=game, hand=hand, last_hand=hand)
                events += [HandOver(hand_no), GameOver()]
            else:
                seed = self.shuffle.seed_for(table, f"hand {hand_no + 1}")
                following = deal(game, seed)
                change.save_hand(hand_no, record, True, write_record(following))
                change.keep_seed(hand_no + 1, seed.hex())
                values.update(game=game, hand=following, last_hand=hand, seed=seed)
                events += [HandOver(hand_no), Dealt(hand_no + 1)]
        await self.work.save(table, change, [*events, *then], human=human, by_owner=by_owner, **values)
        if table.status == "finished":
            self.chooser.forget(table)

    # ------------------------------------------------------------------ computers

    async def computer_due(self, table: Table) -> Turn | None:
        """The computer to act at the table now (as stored), if this process runs it: its seat, the
        moment's token and the seat's view."""
        async with self.registry.lock(table):
            await self.registry.fresh(table)
            seat = table.computer_turn()
            if seat is None or not self.registry.owns(table.id) or self.registry.closing:
                return None
            return seat, table.token, table.view_for(seat)

    async def computer_move(self, table: Table, seat: int, token: str, action: str) -> None:
        """Store a computer's decision, if the table is still at the moment it was decided for (else it is
        dropped, and the runner asks again)."""

        async def move() -> None:
            if table.computer_turn() != seat or table.token != token or not self.registry.owns(table.id):
                log.info("table %s: the table moved on while a computer thought; decision dropped", table.id)
                return
            await self.apply(table, seat, action, by_owner=True)

        await self.work.run(table, move, by_owner=True)

    async def take_over(self, table: Table, seat: int, token: str, view: View) -> None:
        """The turn ran out twice: a computer acts for the player; twice in a row makes the seat away."""
        action = await self.chooser.choose(table, seat, view)

        async def take_over() -> None:
            if (
                table.token != token
                or table.human_turn() != seat
                or self.timers.due(table) is not Due.TAKE_OVER
            ):
                log.info(
                    "table %s: the player acted while a computer thought for them; decision dropped", table.id
                )
                return
            row = table.seats[seat]
            taken = row.taken_over + 1
            away = taken >= 2
            seats = {**table.seats, seat: replace(row, taken_over=taken, away=away)}
            change = Change(table.id).set_seat_state(seat, away=away, taken_over=taken)
            then: list[TableEvent] = [TakenOver(seat, action), *([Away(seat)] if away else [])]
            await self.apply(
                table,
                seat,
                action,
                by="computer",
                values={"seats": seats},
                change=change,
                then=then,
                by_owner=True,
            )

        await self.work.run(table, take_over, by_owner=True)
