"""The beat masks read once per contract agree with the suit table's own winner, tile for tile."""

from __future__ import annotations

import pytest

from engine import Rules
from engine.ai.beats import beat_masks, rank_masks
from engine.calls import parse_call
from engine.contracts import SEVENS, legal_contracts
from engine.suits import suit_table

GAMES = [
    ("standard", {"nello": "on"}),
    ("eighty-eight", {}),
    ("geezer", {"sevens_trump": True}),
    ("big-game", {}),
]


def _contracts(preset: str, options: dict):
    rules = Rules.from_preset(preset, options)
    bid = parse_call(str(rules.layout.min_bid) + (" sixes" if rules.layout.bids_name_trump else ""), rules)
    return rules.layout.tiles, [c for c in legal_contracts(rules, bid, False) if c.kind != SEVENS]


@pytest.mark.parametrize("preset,options", GAMES)
def test_a_tile_beats_another_exactly_where_the_suit_table_says_so(preset, options):
    ts, contracts = _contracts(preset, options)
    assert contracts
    for contract in contracts:
        table = suit_table(ts, contract)
        masks = beat_masks(ts, contract)
        above, share = rank_masks(ts, contract)
        for lead in range(len(table.members)):
            if not table.members[lead]:
                continue
            for t in ts.ids:
                for u in ts.ids:
                    if u == t:
                        continue
                    assert bool(masks[lead][t] >> u & 1) == (table.winner_index([t, u], lead) == 1)
                    if table.members[lead] >> t & 1 and table.members[lead] >> u & 1:
                        assert bool(above[lead][t] >> u & 1) == (table.rank[lead][u] > table.rank[lead][t])
            assert all(0.0 <= x <= 1.0 for x in share[lead])
