"""Dice of combat and unit abilities, with their modifiers as data.

A ``Modifier`` names its source, the kinds of roll it changes (``COMBAT``,
``BARRAGE``, ``SPACE_CANNON``, ``BOMBARDMENT``), the units it changes (empty:
all of the player's units) and how long it lasts. ``roll`` applies only the
modifiers that name its kind, so a combat-roll modifier never reaches an
anti-fighter barrage, space cannon or bombardment roll (10.1c, 77.3d, 77.7c,
56.N1) by construction. Every die is logged with its modifiers.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import changes, cite, faction_units, units
from oracle.games.ti4 import state as st

COMBAT = "combat"
BARRAGE = "anti-fighter barrage"
SPACE_CANNON = "space cannon"
BOMBARDMENT = "bombardment"
KINDS = (COMBAT, BARRAGE, SPACE_CANNON, BOMBARDMENT)

#: Durations a modifier can have.
ROUND = "combat round"
COMBAT_LONG = "combat"
INVASION = "invasion"

HIT = cite.cite("18.1")
BURST = cite.cite("18.2", "78.5a")
MODIFIED = cite.cite("56.2")
RULES_OF: dict[str, tuple[str, ...]] = {
    COMBAT: cite.cite("78.5", "18.1"),
    BARRAGE: cite.cite("10.1", "10.1b"),
    SPACE_CANNON: cite.cite("77.3", "77.3b"),
    BOMBARDMENT: cite.cite("15.1"),
}


@dataclass(frozen=True)
class Modifier:
    """``amount`` added to the results of ``player``'s rolls of the ``kinds``
    named, for the ``units`` named (empty: every unit), until ``until``;
    ``against``: only rolls aimed at that player (Bunker)."""

    source: str
    player: str
    kinds: frozenset[str]
    amount: int
    until: str
    units: frozenset[str] = frozenset()
    against: str = ""

    def applies(self, player: str, kind: str, unit: str, target: str = "") -> bool:
        """Whether this modifier changes ``player``'s ``kind`` roll for ``unit``
        aimed at ``target``'s units or planet. An empty ``player`` is any
        roller; a set ``against`` names the only target it changes."""
        return (
            self.player in ("", player)
            and kind in self.kinds
            and (not self.units or unit in self.units)
            and (not self.against or self.against == target)
        )


@dataclass
class Die:
    """One die of a roll: its unit, the value it needs, its result."""

    unit: Card
    value: int
    face: int
    bonus: int

    @property
    def result(self) -> int:
        """The modified result (56.2)."""
        return self.face + self.bonus

    @property
    def hit(self) -> bool:
        """A result at or above the value is a hit (18.1)."""
        return self.result >= self.value


def technologies(game: Game, name: str) -> frozenset[str]:
    """The slugs of the technologies a player owns."""
    return frozenset(card.slug for card in st.technologies(game, name))


def ability(
    game: Game, unit: Card, kind: str, owned: frozenset[str] | None = None
) -> units.Roll | None:
    """The roll a unit makes for ``kind`` (None: it has no such ability);
    ``owned``: its owner's technologies, when the caller has them."""
    if owned is None:
        owned = technologies(game, unit.owner)
    faction = st.seat(game, str(unit.owner)).faction  # a flagship's or mech's
    line = faction_units.stats(unit.slug, owned, faction)
    if kind == COMBAT:
        return line.combat
    if kind == BARRAGE:
        return line.anti_fighter_barrage
    if kind == SPACE_CANNON:
        return line.space_cannon
    return line.bombardment


def roll(
    game: Game,
    player: str,
    kind: str,
    rollers: Sequence[Card],
    modifiers: Sequence[Modifier],
    why: str = "",
    target: str = "",
    rules: tuple[str, ...] = (),
    grant: units.Roll | None = None,
    extra: Card | None = None,
    owned: frozenset[str] | None = None,
) -> list[Die]:
    """Roll the dice of ``rollers`` for ``kind``, lowest value first (78.5c),
    apply the modifiers that name ``kind``, and log each group of dice.
    ``grant``: the roll of a unit that lacks the ability but was given it
    (Blitz). ``extra``: a unit that rolls one more die (Plasma Scoring).
    ``owned``: the roller's technologies, when the caller has them."""
    groups: dict[tuple[str, int], list[Card]] = {}
    if owned is None:
        owned = technologies(game, player)
    for unit in rollers:
        found = ability(game, unit, kind, owned) or grant
        if found is not None:
            groups.setdefault((unit.slug, found.value), []).append(unit)
    dice: list[Die] = []
    for (slug, value), group in sorted(
        groups.items(), key=lambda g: (g[0][1], g[0][0])
    ):
        found = ability(game, group[0], kind, owned) or grant
        count = found.dice if found is not None else 1
        used = [m for m in modifiers if m.applies(player, kind, slug, target)]
        bonus = sum(m.amount for m in used)
        made = [
            Die(unit, value, changes.roll(game, player), bonus)
            for unit in group
            for _ in range(count + (unit is extra))
        ]
        dice.extend(made)
        burst = count > 1
        _say(
            game, player, kind, (slug, len(group), value, burst), made, used, why, rules
        )
    return dice


def _say(
    game: Game,
    player: str,
    kind: str,
    group: tuple[str, int, int, bool],
    dice: list[Die],
    used: list[Modifier],
    why: str,
    cited: tuple[str, ...],
) -> None:
    slug, count, value, burst = group
    shown = [_shown(d) for d in dice]
    hits = sum(d.hit for d in dice)
    extra = ""
    if used:
        extra = "; " + ", ".join(f"{m.amount:+d} from {m.source}" for m in used)
    rules = (
        (cited or RULES_OF[kind])
        + (BURST if burst else ())
        + (MODIFIED if used else ())
    )
    game.say(
        player,
        f"{player} rolls {kind} for {changes.units_text(slug, count)}{why} "
        f"(hits on {value}{extra}): {', '.join(shown)}; "
        f"{changes.plural(hits, 'hit')}",
        event=f"roll:{kind}",
        rules=rules,
    )


def reroll(game: Game, player: str, dice: Sequence[Die]) -> list[str]:
    """Roll each of ``dice`` again for ``player`` (74.1: the new result
    stands) and describe each change, "3 becomes 8 (hit)"."""
    shown = []
    for die in dice:
        old = die.face
        die.face = changes.roll(game, player)
        extra = f"{die.bonus:+d}={die.result}" if die.bonus else ""
        mark = "hit" if die.hit else "miss"
        shown.append(f"{old} becomes {die.face}{extra} ({mark})")
    return shown


def _shown(die: Die) -> str:
    mark = "hit" if die.hit else "miss"
    if die.bonus:
        return f"{die.face}{die.bonus:+d}={die.result} {mark}"
    return f"{die.face} {mark}"
