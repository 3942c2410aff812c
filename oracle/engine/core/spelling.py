"""How a scenario spells its names: players, card slugs and ids in any case.

A judge types ``alice`` for the player declared ``Alice``, ``Sabotage`` for
the card ``sabotage``; the parser reads every such name through one
``Spelling`` and keeps the declared spelling, so the run, its log and the
scenario's canonical form (and so its permalink) are those of the declared
names. A name matching nothing is left as written, for the usual error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from oracle.engine.core.refs import parse_ref


class Spelling:
    """The declared spelling of a scenario's players and known names.

    ``known`` says whether a name is a card slug of the game as written, and
    ``zones`` names the zones a reference may end with (``@hand``); names
    match them, and the ids ``add_ids`` declares, through their casefold, so
    only a name written in lower case (as every slug is) is found in another
    case. ``aliases`` maps slugs a pack no longer uses to the current ones
    (``Pack.slug_aliases``), so old scenarios keep their meaning.

    >>> spelling = Spelling(lambda name: name == "sabotage", ["hand"])
    >>> spelling.add_player("Alice")
    >>> spelling.reference("alice/Sabotage@hand")
    'Alice/sabotage@hand'
    """

    def __init__(
        self,
        known: Callable[[str], bool],
        zones: Iterable[str],
        aliases: Mapping[str, str] | None = None,
    ) -> None:
        self._known = known
        self._aliases = aliases or {}
        self._zones = frozenset(zones)
        self._players: dict[str, str] = {}
        self._ids: set[str] = set()

    def add_player(self, name: str) -> None:
        """Declare a player (see ``clash`` first)."""
        self._players[name.casefold()] = name

    def clash(self, name: str) -> str | None:
        """The declared player ``name`` would be the same as in another case."""
        return self._players.get(name.casefold())

    def add_ids(self, ids: Iterable[str]) -> None:
        """Declare names the scenario itself defines (a board's systems...)."""
        self._ids.update(ids)

    @property
    def players(self) -> list[str]:
        """The declared player names, in the order declared."""
        return list(self._players.values())

    def player(self, name: str) -> str:
        """The declared spelling of a player's name (``name`` if none)."""
        return self._players.get(name.casefold(), name)

    def slug(self, text: str) -> str:
        """A known card slug or id written in another case, as known; an old
        slug (in any case) as the one that replaced it."""
        if self.is_known(text):
            return text
        folded = text.casefold()
        if self.is_known(folded):
            return folded
        return self._aliases.get(folded, text)

    def is_known(self, text: str) -> bool:
        """Whether ``text`` is a known card slug or id as written."""
        return text in self._ids or self._known(text)

    def _zone(self, text: str) -> str:
        folded = text.casefold()
        return folded if folded in self._zones else self.slug(text)

    def reference(self, text: str) -> str:
        """A player's name, or a card reference ``[Player/]slug[@zone][#n]``
        with each part spelled as declared; other text as it is."""
        if (name := self._players.get(text.casefold())) is not None:
            return name
        ref = parse_ref(text)
        if ref is None or text != text.strip():
            return text
        player = self.player(ref.player) if ref.player is not None else None
        zone = self._zone(ref.zone) if ref.zone is not None else None
        slug = self.slug(ref.slug)
        if (player, slug, zone) == (ref.player, ref.slug, ref.zone):
            return text  # as written: nothing to spell another way
        owner = f"{player}/" if player is not None else ""
        where = f"@{zone}" if zone is not None else ""
        nth = f"#{ref.nth}" if ref.nth is not None else ""
        return f"{owner}{slug}{where}{nth}"

    def answer(self, value: object) -> object:
        """A step's answer or target (text or a list of text), spelled."""
        if isinstance(value, str):
            return self.reference(value)
        if isinstance(value, list):
            return [self.answer(item) for item in value]
        return value
