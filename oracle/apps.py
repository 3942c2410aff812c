from __future__ import annotations

from django.apps import AppConfig


class OracleConfig(AppConfig):
    name = "oracle"
    verbose_name = "Oracle"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Import every game pack and tell the content loader what they implement."""
        from oracle.games import discover
        from rules.content.implementation import register_explainer, register_provider

        discover()
        register_provider(implemented_cards)
        register_explainer(not_implemented_reason)


def implemented_cards(game: str) -> dict[str, str]:
    """``{card slug: pack slug}`` of the cards the oracle implements for ``game``."""
    from oracle.engine import get_pack

    try:
        pack = get_pack(game)
    except KeyError:
        return {}
    return {slug: pack.slug for slug in sorted(pack.implemented_cards())}


def not_implemented_reason(game: str, slug: str) -> str | None:
    """Why the pack of ``game`` does not implement the card ``slug``, when the
    pack knows the card and says (``reason`` of its definition)."""
    from oracle.engine import get_pack

    try:
        pack = get_pack(game)
    except KeyError:
        return None
    if not pack.has_card(slug) or slug in pack.implemented_cards():
        return None
    reason = pack.card(slug).data.get("reason")
    return reason if isinstance(reason, str) else None
