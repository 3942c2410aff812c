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
    """Raised when content does not validate; carries every problem found.

    ``errors`` lists the root causes first: the problems of files read on their
    own, then (``follow_ons``) those found across files while some file could not
    be read, which are often only echoes of it (links to a topic that is missing
    because its front matter is broken).
    """

    def __init__(
        self, errors: list[ContentError], follow_ons: list[ContentError] | None = None
    ) -> None:
        self.roots = sorted(errors)
        self.follow_ons = sorted(follow_ons or [])
        self.errors = self.roots + self.follow_ons
        super().__init__("\n".join(str(error) for error in self.errors))


class ErrorLog:
    """Collects errors so a load reports all of them at once, not the first."""

    def __init__(self) -> None:
        self.errors: list[ContentError] = []
        self.follow_ons: list[ContentError] = []
        self._files_failed = False

    def add(self, file: str, line: int, message: str) -> None:
        error = ContentError(file, line, message)
        (self.follow_ons if self._files_failed else self.errors).append(error)

    def files_failed(self, failed: bool) -> None:
        """Every file has been checked on its own: when one of them failed (and
        was left out), what is found from now on may only follow from it."""
        self._files_failed = failed

    def raise_if_any(self) -> None:
        if self.errors or self.follow_ons:
            raise ContentErrors(self.errors, self.follow_ons)
