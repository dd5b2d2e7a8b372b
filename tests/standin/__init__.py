"""A local stand-in for Discord's REST API and gateway, for running the real bot process under load.

`DiscordStandIn` (see `tests.standin.standin`) is the Discord; `BotProcess` runs `python -m bot` against it;
`Human` (see `tests.standin.players`) plays a table the way the load benchmark's players do. The whole API
and what is modelled are described in docs/load-benchmark.md.
"""

from __future__ import annotations

from .botprocess import BotProcess
from .interactions import Interaction, InteractionFailed
from .limits import Clock, Limits
from .model import Button, Channel, Guild, Message, User
from .standin import DiscordStandIn, MessageEvent

__all__ = [
    "BotProcess",
    "Button",
    "Channel",
    "Clock",
    "DiscordStandIn",
    "Guild",
    "Interaction",
    "InteractionFailed",
    "Limits",
    "Message",
    "MessageEvent",
    "User",
]
