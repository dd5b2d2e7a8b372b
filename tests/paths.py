"""Where the project is, for tests that run its commands or read its files (wherever the test file sits)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def benchmark_script(name: str) -> ModuleType:
    """``benchmarks/<name>.py`` as a module (benchmarks/ is not a package)."""
    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
