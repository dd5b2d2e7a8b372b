"""Fair deals (HAND-RECORD.md, "Fair deals"): the shuffle written again from the spec, without importing
the engine's, agrees with the engine; the documented test vector holds; `python -m engine verify` accepts a
true record and refuses a tampered one with a sentence."""

from __future__ import annotations

import hashlib
import json
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import PRESETS, Rules, read_record, write_record
from engine.fair import commitment, deal_hand, dealt, verify
from tests.paths import ROOT


# --------------------------------------------------------------------- the spec, written again in a few lines
def spec_tiles(top: int, copies: int, removed: set[tuple[int, int]]) -> list[str]:
    return [
        f"{a}-{b}"
        for a in range(top + 1)
        for b in range(a + 1)
        if (a, b) not in removed
        for _ in range(copies)
    ]


def spec_deal(
    seed: bytes, tiles: list[str], players: int, hand: int, dealer: int
) -> tuple[list[list[str]], list[str]]:
    def stream() -> Iterator[int]:
        i = 0
        while True:
            block = hashlib.sha256(seed + i.to_bytes(4, "big")).digest()
            yield from (int.from_bytes(block[k : k + 4], "big") for k in range(0, 32, 4))
            i += 1

    numbers = stream()

    def below(n: int) -> int:
        while (x := next(numbers)) >= 2**32 - 2**32 % n:
            pass
        return x % n

    tiles = list(tiles)
    for i in range(len(tiles) - 1, 0, -1):
        j = below(i + 1)
        tiles[i], tiles[j] = tiles[j], tiles[i]
    deal: list[list[str]] = [[] for _ in range(players)]
    for k in range(players):
        deal[(dealer + 1 + k) % players] = tiles[k * hand : (k + 1) * hand]
    return deal, tiles[players * hand :]


def engine_deal(preset: str, dealer: int, seed: bytes) -> tuple[list[list[str]], list[str]]:
    rules = Rules.from_preset(preset, {})
    names = rules.layout.tiles.names
    deal, widow = dealt(rules, dealer, seed)
    return [[names[t] for t in seat] for seat in deal], [names[t] for t in widow]


def spec_for(preset: str, dealer: int, seed: bytes) -> tuple[list[list[str]], list[str]]:
    lay = Rules.from_preset(preset, {}).layout  # the game's set and table, not its shuffle
    tiles = spec_tiles(lay.tiles.top, lay.tiles.copies, set(lay.tiles.removed))
    return spec_deal(seed, tiles, lay.players, lay.hand_size, dealer)


def documented_vector() -> dict[str, Any]:
    text = (ROOT / "docs" / "fair-deals.md").read_text(encoding="utf-8")
    block = re.search(r"```json\n(.*?)```", text, re.S)
    assert block, "docs/fair-deals.md has its test vector in a json block"
    return json.loads(block.group(1))


def test_the_documented_vector_is_what_the_engine_and_the_spec_deal():
    vector = documented_vector()
    seed = bytes.fromhex(vector["seed"])
    assert seed == bytes(range(32))
    assert hashlib.sha256(seed).hexdigest() == vector["commitment"] == commitment(seed)
    expected = (vector["deal"], vector["widow"])
    assert engine_deal(vector["variant"], vector["dealer"], seed) == expected
    assert spec_deal(seed, spec_tiles(6, 1, set()), 4, 7, vector["dealer"]) == expected


def test_the_spec_and_the_engine_agree_on_1000_random_seeds():
    rng = random.Random(20261127)
    presets = sorted(PRESETS)
    for k in range(1000):
        seed = rng.randbytes(32)
        preset = presets[k % len(presets)]
        dealer = rng.randrange(Rules.from_preset(preset, {}).layout.players)
        assert engine_deal(preset, dealer, seed) == spec_for(preset, dealer, seed), (preset, seed.hex())


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(PRESETS)), st.binary(min_size=32, max_size=32), st.integers(0, 7))
def test_a_seeded_deal_hands_out_every_tile_once(preset, seed, dealer):
    rules = Rules.from_preset(preset, {})
    lay = rules.layout
    hand = deal_hand(rules, dealer % lay.players, seed)
    dealt_ids = [t for seat in hand.deal for t in seat] + list(hand.widow)
    assert sorted(dealt_ids) == sorted(lay.tiles.ids)
    assert all(len(seat) == lay.hand_size for seat in hand.deal)
    record = write_record(hand) | {"seed": seed.hex(), "commitment": commitment(seed)}
    assert read_record(record).deal == hand.deal  # the seed and commitment fields do not disturb the reader
    assert verify(record) is None


def _record(seed: bytes = bytes(range(32))) -> dict[str, Any]:
    return write_record(deal_hand(Rules.from_preset("standard", {}), 0, seed)) | {
        "seed": seed.hex(),
        "commitment": commitment(seed),
    }


def _verify_cli(record: Any, tmp_path: Path) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "record.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.stderr == ""
    return done.returncode, json.loads(done.stdout)


def test_verify_accepts_a_true_record(tmp_path):
    assert _verify_cli(_record(), tmp_path) == (0, {"ok": True})


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        (
            lambda r: r["deal"][0].__setitem__(0, r["deal"][1][0]) or r["deal"][1].__setitem__(0, "6-2"),
            "seed deals",
        ),
        (lambda r: r.__setitem__("seed", "00" * 32), "does not match its commitment"),
        (
            lambda r: r.__setitem__("commitment", hashlib.sha256(b"x").hexdigest()),
            "does not match its commitment",
        ),
        (lambda r: r.pop("seed"), "no seed"),
        (lambda r: r.__setitem__("seed", "XYZ"), "64 lowercase hex digits"),
        (lambda r: r.__setitem__("dealer", 1), "seed deals"),
    ],
    ids=["swapped tile", "wrong seed", "wrong commitment", "no seed", "bad seed", "other dealer"],
)
def test_verify_refuses_a_tampered_record_with_a_sentence(tmp_path, tamper, words):
    record = _record()
    tamper(record)
    status, out = _verify_cli(record, tmp_path)
    assert status == 1 and out["ok"] is False
    assert words in out["error"]


def test_verify_refuses_what_is_not_a_record(tmp_path):
    assert _verify_cli("{not json", tmp_path)[0] == 1
    status, out = _verify_cli([1, 2], tmp_path)
    assert status == 1 and "JSON object" in out["error"]


def test_verify_names_a_moved_tile_even_when_the_plays_no_longer_read(tmp_path):
    """A tile swapped between two hands of a played record breaks its plays too; the answer is still that
    the deal is not the seed's, not that the record does not read."""
    rng = random.Random(7)
    seed = bytes(range(32))
    hand = deal_hand(Rules.from_preset("standard", {}), 0, seed)
    while not hand.complete:
        hand = hand.apply(rng.choice(hand.legal_actions()))
    record = write_record(hand) | {"seed": seed.hex(), "commitment": commitment(seed)}
    assert _verify_cli(record, tmp_path) == (0, {"ok": True})
    record["deal"][0][0], record["deal"][1][0] = record["deal"][1][0], record["deal"][0][0]
    status, out = _verify_cli(record, tmp_path)
    assert status == 1 and "not the seed's deal" in out["error"]
