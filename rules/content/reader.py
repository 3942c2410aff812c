"""Read a game's fixture folder into specs, checking each file on its own."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from rules.content.errors import ErrorLog
from rules.content.records import parse_card, parse_game, parse_ruling, parse_terms
from rules.content.specs import GameContent
from rules.content.topics import parse_topic

T = TypeVar("T")


def content_files(directory: Path) -> list[Path]:
    patterns = (
        "game.yaml",
        "terms.yaml",
        "topics/*.md",
        "cards/*.yaml",
        "rulings/*.yaml",
    )
    files: list[Path] = []
    for pattern in patterns:
        files.extend(sorted(directory.glob(pattern)))
    return files


def fingerprint(directory: Path, extra: str = "") -> str:
    """A hash of every content file, of the pipeline's own code (a new renderer
    must re-render) and of ``extra``: equal means nothing would change."""
    digest = hashlib.sha256(extra.encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        digest.update(path.read_bytes() + b"\0")
    for path in content_files(directory):
        digest.update(str(path.relative_to(directory)).encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def read_content(directory: Path, log: ErrorLog) -> GameContent | None:
    """Parse every file of ``directory``; None when game.yaml itself is unusable."""
    base = directory.parent

    def name(path: Path) -> str:
        return str(path.relative_to(base))

    game_file = directory / "game.yaml"
    if not game_file.exists():
        log.add(name(game_file), 1, "missing game.yaml")
        return None
    game = parse_game(game_file, name(game_file), log)
    if game is None:
        return None
    content = GameContent(game=game)
    content.topics = _parse_each(directory / "topics", "*.md", parse_topic, name, log)
    content.cards = _parse_each(directory / "cards", "*.yaml", parse_card, name, log)
    terms_file = directory / "terms.yaml"
    if terms_file.exists():
        content.terms = parse_terms(terms_file, name(terms_file), log)
    content.rulings = _parse_each(
        directory / "rulings", "*.yaml", parse_ruling, name, log
    )
    _reject_strays(directory, name, log)
    return content


def _parse_each(
    folder: Path,
    pattern: str,
    parse: Callable[[Path, str, ErrorLog], T | None],
    name: Callable[[Path], str],
    log: ErrorLog,
) -> list[T]:
    parsed = (parse(path, name(path), log) for path in sorted(folder.glob(pattern)))
    return [item for item in parsed if item is not None]


def _reject_strays(directory: Path, name: object, log: ErrorLog) -> None:
    expected = {"topics": ".md", "cards": ".yaml", "rulings": ".yaml"}
    for folder, suffix in expected.items():
        for path in sorted((directory / folder).glob("*")):
            if path.is_file() and path.suffix != suffix:
                log.add(
                    str(path.relative_to(directory.parent)),
                    1,
                    f"unexpected file in {folder}/ (content files end in {suffix})",
                )
