"""No Discord call ever happens inside a transaction, by construction, checked on the source with `ast`:
only `bot/storage` opens transactions, the code run inside one is `bot/storage`'s own (a `Change`'s writes
are SQL closures made in `bot/storage/change.py`; learning hands in only its rating arithmetic), and
`bot/storage` imports nothing outside itself in the bot, so nothing that talks to Discord."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.paths import ROOT

STORAGE = ROOT / "bot" / "storage"
OPENS_A_TRANSACTION = {"transaction", "reading", "begin", "connect"}  # Storage's, and SQLAlchemy's own


def _trees(*, inside_storage: bool) -> dict[str, ast.AST]:
    files = [p for p in (ROOT / "bot").rglob("*.py") if (STORAGE in p.parents) == inside_storage]
    return {str(p.relative_to(ROOT)): ast.parse(p.read_text(), str(p)) for p in files}


def test_only_the_storage_package_opens_transactions_or_adds_writes_to_a_change():
    offenders = []
    for name, tree in _trees(inside_storage=False).items():
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and (node.func.attr in OPENS_A_TRANSACTION and not _is_plain_name(node.func.value, "asyncio"))
            ):
                offenders.append(f"{name}:{node.lineno} calls .{node.func.attr}()")
            if isinstance(node, ast.Attribute) and node.attr == "writes":
                offenders.append(f"{name}:{node.lineno} touches a Change's writes")
    assert offenders == []


def test_the_storage_package_reaches_nothing_that_talks_to_discord():
    """Its imports, and theirs within the bot, followed to the end: no discord, no HTTP client."""
    seen: set[str] = set()
    todo = [
        "bot.storage." + p.relative_to(STORAGE).with_suffix("").as_posix().replace("/", ".")
        for p in STORAGE.rglob("*.py")
    ]
    outside: set[str] = set()
    while todo:
        module = todo.pop().removesuffix(".__init__")
        if module in seen:
            continue
        seen.add(module)
        path = _source(module)
        if path is None:  # a name imported from a package, not a module of its own
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = _absolute(module, path, node)
                names = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for name in names:
                if name == "bot" or name.startswith("bot."):
                    todo.append(name)
                else:
                    outside.add(name.split(".")[0])
    assert {"bot.storage.store", "bot.storage.sqlite", "bot.storage.postgres"} <= seen
    assert {module for module in seen if not module.startswith("bot.storage")} == set(), (
        "storage is the floor"
    )
    assert outside.isdisjoint({"discord", "aiohttp", "requests", "httpx"}), sorted(outside)


def _source(module: str) -> Path | None:
    path = ROOT.joinpath(*module.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _absolute(module: str, path: Path, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    base = package[: len(package) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _is_plain_name(node: ast.AST, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
