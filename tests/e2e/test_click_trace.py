"""README's "A play on a DM panel, traced" names every module a tile played from a DM panel passes, from the
click to the last message it changes, and no other: a profiler follows one real click on the stand-in."""

from __future__ import annotations

import re
import sys

from tests.bot.table_driver import enabled_actions, started_table, take_turn
from tests.paths import ROOT


def _module_of(name: str) -> str | None:
    """The README's spelling of a module's dotted name (the engine as one), None outside the project."""
    if name == "engine" or name.startswith("engine."):
        return "engine/"
    if name.startswith("bot."):
        return name.replace(".", "/") + ".py"
    return None


def _named_in_readme() -> set[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### A play on a DM panel, traced", 1)[1].split(
        "`tests/test_architecture.py` keeps", 1
    )[0]
    return set(re.findall(r"`((?:bot/[\w/]+\.py)|engine/)`", section))


async def test_the_readme_names_every_module_a_dm_play_passes(simcord_env):
    env = simcord_env
    channel, members, _ = await started_table(env, target=1)
    for _ in range(40):
        tiles = [
            (m, controls)
            for m in members
            if (controls := enabled_actions(m.user.dm_channel.last_message)) and "-" in controls[0].label
        ]
        if tiles:
            break
        assert await take_turn(members)
    member, controls = tiles[0]
    passed: set[str] = set()

    def profile(frame, event, arg):
        if event == "call" and (module := _module_of(frame.f_globals.get("__name__", ""))) is not None:
            passed.add(module)

    sys.setprofile(profile)
    try:
        result = await member.user.click(member.user.dm_channel.last_message, custom_id=controls[0].custom_id)
        await env.settle()
    finally:
        sys.setprofile(None)
    assert result.acknowledged
    assert passed == _named_in_readme()
