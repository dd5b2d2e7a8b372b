"""What the computer players need to know of a table: not the table itself, which lives a layer above."""

from __future__ import annotations

from typing import Protocol


class AtTable(Protocol):
    """A table as the computers see it: its id and its computers' level."""

    @property
    def id(self) -> int: ...

    @property
    def computer_level(self) -> str: ...
