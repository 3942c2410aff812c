"""Errors found in content files, always pointing at ``file:line``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class ContentError:
    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class ContentErrors(Exception):
    """Raised when content does not validate; carries every problem found."""

    def __init__(self, errors: list[ContentError]) -> None:
        self.errors = sorted(errors)
        super().__init__("\n".join(str(error) for error in self.errors))


class ErrorLog:
    """Collects errors so a load reports all of them at once, not the first."""

    def __init__(self) -> None:
        self.errors: list[ContentError] = []

    def add(self, file: str, line: int, message: str) -> None:
        self.errors.append(ContentError(file, line, message))

    def raise_if_any(self) -> None:
        if self.errors:
            raise ContentErrors(self.errors)
