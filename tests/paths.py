"""Where the project is, for tests that run its commands or read its files (wherever the test file sits)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
