"""Which cards the oracle implements. ``rules`` never imports ``oracle``: the
oracle app registers a provider here when Django starts."""

from __future__ import annotations

from collections.abc import Callable, Mapping

Provider = Callable[[str], Mapping[str, str]]
_providers: list[Provider] = []


def register_provider(provider: Provider) -> None:
    """Add a function mapping a game slug to ``{card slug: pack slug}``."""
    if provider not in _providers:
        _providers.append(provider)


def implemented_cards(game: str) -> dict[str, str]:
    found: dict[str, str] = {}
    for provider in _providers:
        found.update(provider(game))
    return found
