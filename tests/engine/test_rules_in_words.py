"""Each game in words, from the one describer every variant is (``Rules.describe()``, ``Rules.explain()``):
how a hand goes, the count and the points of a hand, what each call and contract the table allows means, and
how a game is won; house rules bring their explanations with them and take them away."""

from __future__ import annotations

import re

from engine import Rules


def words(preset: str, options: dict | None = None) -> str:
    return "\n".join(Rules.from_preset(preset, options or {}).explain())


def test_each_game_says_what_its_tiles_and_tricks_are_worth(preset):
    rules = Rules.from_preset(preset)
    lay = rules.layout
    text = words(preset)
    assert "leads. Follow the suit led" in text.split("\n")[0]
    assert f"{lay.total} points in a hand" in text or f"{lay.total} in all" in text
    count = {lay.tiles.names[t] for t in lay.tiles.ids if lay.tiles.points[t]}
    assert set(re.findall(r"\d-\d", text.split("\n")[1])) == count  # exactly the count tiles, named
    assert ("No count" in text) == (not count)
    alone = not lay.partners
    assert ("their side" in text) != alone and (
        "each of the others" in text or "each player" in text
    ) == alone


def test_each_contract_the_game_allows_is_explained_and_no_other(preset):
    rules = Rules.from_preset(preset)
    o, lay = rules.options, rules.layout
    text = words(preset)
    nello = rules.variant.nello_word.capitalize()
    assert (f"{nello}: " in text) == (o.nello != "off")
    assert ("Follow me: no trumps" in text) == (o.follow_me and not lay.bids_name_trump)
    assert ("Doubles: the doubles are trumps" in text) == (o.doubles_trump and not lay.bids_name_trump)
    specials = [b.kind.value.capitalize() for b in lay.doubles_bids.values() if b.enabled(rules)]
    assert all(name in text for name in specials)
    assert ("rich in doubles" in text) == bool(specials)
    assert ("Count as trump" in text) == bool(lay.count_trump_at and o.count_trump)
    assert ("Shooting the moon" in text) == bool(lay.shoot_bids)
    assert f"first to {rules.target}" in text


def test_house_rules_bring_their_explanation_and_take_it_away():
    assert "Sevens trump:" not in words("standard")
    assert "Sevens trump: the tiles whose pips total seven" in words("standard", {"sevens_trump": True})
    assert "closest to 7" in words("standard", {"sevens": True})
    assert "Nello:" not in words("standard", {"nello": "off"})
    assert "Pistol: the bidder's partners" in words("eighty-four")
    assert "Nello: the bidder must lose every trick" in words("moon", {"nello": "on"})  # nobody sits out
    assert "shooting it over" not in words("moon", {"shoot_over": False})
