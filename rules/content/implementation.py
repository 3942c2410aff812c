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


#: A function mapping a game slug and a card slug to why the oracle does not
#: implement that card (None when it does not say).
Explainer = Callable[[str, str], str | None]
_explainers: list[Explainer] = []


def register_explainer(explainer: Explainer) -> None:
    """Add a function that says why a card is not implemented."""
    if explainer not in _explainers:
        _explainers.append(explainer)


def why_not_implemented(game: str, slug: str) -> str | None:
    """Why the oracle does not implement ``slug`` of ``game``, if it says."""
    for explainer in _explainers:
        if reason := explainer(game, slug):
            return reason
    return None
