"""The engine's errors: ValueErrors whose message a player can act on. The engine raises, the bot explains."""

from __future__ import annotations


class EngineError(ValueError):
    """Base of every error the engine raises on bad input."""


class TileError(EngineError):
    """A tile that cannot be parsed or is not in the game's set."""


class RulesError(EngineError):
    """An unknown preset or option, or an option value out of range."""


class IllegalAction(EngineError):
    """An action that the rules do not allow now, with a sentence saying why."""


class RecordError(EngineError):
    """A hand record that is malformed or breaks the rules; ``at`` locates the fault."""

    def __init__(self, message: str, at: dict | None = None):
        super().__init__(message)
        self.at = at or {}
