from __future__ import annotations

from django.apps import AppConfig


class OracleConfig(AppConfig):
    name = "oracle"
    verbose_name = "Oracle"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Import every game pack and tell the content loader what they implement."""
        from oracle.games import discover
        from rules.content.implementation import register_provider

        discover()
        register_provider(implemented_cards)


def implemented_cards(game: str) -> dict[str, str]:
    """``{card slug: pack slug}`` of the cards the oracle implements for ``game``."""
    from oracle.engine import get_pack

    try:
        pack = get_pack(game)
    except KeyError:
        return {}
    return {slug: pack.slug for slug in sorted(pack.implemented_cards())}
