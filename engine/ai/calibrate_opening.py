"""Opening bids: the made line of the lowest bid refitted on opened hands, and the opening bars that let
tables of computers play most deals (``data/opening.json``)."""

from __future__ import annotations

import json
import random
import sys
import time

from engine import DEFAULT_PRESET, Hand, Rules, view_for
from engine.calls import parse_call

from . import bidding, easy
from .arena import play_hand
from .calibrate_table import dump, fit, quoted, table_rules


def opening_bids(
    hands: int, seed: int, budget_ms: int, preset: str = DEFAULT_PRESET
) -> list[tuple[float, bool]]:
    """(the table's chance, made?) of the lowest bid on hands that strong players declare and play out after
    the first seat opens it whatever his hand (so the whole range of chances is seen, not only the hands the
    table already bids). Only the lowest bid: a line pooled over every level, fitted to those hands'
    points, rated three-hand's real bids at 0.54 where they made 0.38."""
    from . import make_player
    from .situation import read

    rules = Rules.from_preset(preset, {"play_out": True})
    lay = rules.layout
    rng = random.Random(seed)
    players = [make_player("strong", seed=seed + s, budget_ms=budget_ms) for s in range(rules.players)]
    out = []
    for _ in range(hands):
        hand = Hand.new(rules, rules.players - 1, rng).apply(str(lay.min_bid))  # seat 0 opens
        sit = read({**view_for(hand, 0), "legal": []})
        while hand.phase == "auction":
            hand = hand.apply("pass")
        done = play_hand(hand, players)
        call = parse_call(str(lay.min_bid), rules)
        out.append((bidding.raw_chance(sit, call, False), done.points[rules.team_of(0)] >= lay.min_bid))
    return out


def build_made_line(hands: int, seed: int, budget_ms: int, preset: str = DEFAULT_PRESET) -> int:
    """Refit ``preset``'s made line on ``opening_bids`` played at ``budget_ms`` (the bot's budget: the line
    says what the strong player's own bids make)."""
    start = time.perf_counter()
    bids = opening_bids(hands, seed, budget_ms, preset)
    line = fit(bids)
    data = json.loads(bidding.DATA.read_text())
    key = bidding.section_key(table_rules(preset))
    section = data if key is None else data["variants"][key]
    old = section["made_line"]
    section["made_line"] = line
    flag = "" if key is None else f" --variant {quoted(preset)}"
    section["built"]["made_line"] = {
        "command": f"python -m engine.ai.calibrate --made-line {hands}{flag} "
        f"--seed {seed} --budget-ms {budget_ms}",
        "hands": hands,
    }
    bidding.DATA.write_text(dump(data))
    bidding.table.cache_clear()
    print(
        f"made rate = {line[0]} + {line[1]} x table chance (was {old[0]} + {old[1]} x); {len(bids)} bids "
        f"made {sum(m for _, m in bids)} in {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
    )
    return 0


def opening_strengths(preset: str, deals: int, seed: int) -> dict[str, list[float]]:
    """Per level ("strong", "easy"), per deal: what the best seat's hand offers as an opening bid (the
    table's chance; easy's expected points), or infinity where some seat bids by the usual rules anyway.

    While nobody has bid every seat faces the same auction, so a deal is thrown in exactly when no seat
    bids by the usual rules and every seat's hand is under the opening bar.
    """
    from .easy import bid as easy_bid
    from .situation import read

    rules = table_rules(preset)
    rng = random.Random(seed)
    out: dict[str, list[float]] = {"strong": [], "easy": []}
    for i in range(deals):
        hand = Hand.new(rules, i % rules.players, rng)
        first = view_for(hand, hand.to_act)
        best = {"strong": -1.0, "easy": -1.0}
        for seat in range(rules.players):
            sit = read({**first, "seat": seat, "hand": hand.tiles_of(seat)})
            calls = [(text, parse_call(text, rules)) for text in first["legal"]]
            lowest = [c for _, c in calls if c.kind == "points" and c.level == rules.layout.min_bid]
            if bidding.bid(sit, opening_rule=False) != "pass":
                best["strong"] = float("inf")
            else:
                chance = max(bidding.raw_chance(sit, c, bidding.nello_hand(sit)) for c in lowest)
                best["strong"] = max(best["strong"], chance)
            if easy_bid(sit, opening=False) != "pass":
                best["easy"] = float("inf")
            else:
                best["easy"] = max(best["easy"], max(easy.hand_value(sit, c.trump)[0] for c in lowest))
        for level in out:
            out[level].append(best[level])
    return out


def build_opening(deals: int, seed: int, target: float, specs: list[str] | None = None) -> int:
    """Write ``data/opening.json``: per game and level the opening bar that leaves ``target`` of deals thrown
    in at a table of that level (no bar where the usual rules already throw in fewer). ``specs`` (table specs,
    see ``table_rules``) rebuilds those tables' bars only, each noting the command that built it."""
    from . import opening
    from .situation import table_name

    start = time.perf_counter()
    presets: dict[str, dict[str, float | str | None]] = {}
    from engine.variants import PRESETS

    command = f"python -m engine.ai.calibrate --opening --deals {deals} --seed {seed} --target {target}"
    built = {"command": command, "deals": deals, "seed": seed, "target": target}
    if specs:
        old = json.loads(opening.DATA.read_text())
        presets, built = old["presets"], old["built"]
        command += " --presets " + " ".join(quoted(spec) for spec in specs)
    for spec in specs or PRESETS:  # every game the engine knows
        rules = table_rules(spec)
        name = table_name(rules)
        presets[name] = {"built": command} if specs else {}
        if rules.options.forced_bid:  # a forced dealer bids where all the others pass (Geezer): no bar
            presets[name].update({"strong": None, "easy": None})
            continue
        strengths = opening_strengths(spec, deals, seed)
        for level, values in strengths.items():
            values = sorted(values)
            natural = sum(v < float("inf") for v in values) / len(values)
            cut = values[int(target * len(values))]
            presets[name][level] = None if natural <= target or cut == float("inf") else round(cut, 4)
            print(
                f"{name:13s} {level:6s} thrown in by the usual rules {natural:.2f}; bar "
                f"{presets[name][level]}",
                file=sys.stderr,
            )
    opening.DATA.write_text(dump({"built": built, "presets": presets}))
    opening.bars.cache_clear()
    print(f"wrote {opening.DATA} in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    return 0
