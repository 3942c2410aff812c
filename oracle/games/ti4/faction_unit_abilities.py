"""What each faction's flagship and mech text does in the steps after movement:
Space Cannon Offense, space combat, bombardment, the rest of the invasion,
ground combat, and the end of the tactical action that follows them.

A unit whose ability acts in none of these steps fights with its printed
figures (``faction_units``); one whose ability acts in any of them makes the
pack refuse the combat as not modelled (``combat.why_not_now`` and
``combat.unmodelled``). Each ability is named in our own words. Where a
reading was in doubt the ability is classed as acting, so the pack refuses
rather than answers wrongly. `tests/ti4/test_faction_unit_abilities.py`
checks that the table covers every faction of ``faction_units``.
"""

from __future__ import annotations

from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.games.ti4 import cite, faction_units
from oracle.games.ti4 import state as st

#: The steps after movement (89.3, 89.4) an ability can act in.
CANNON = "Space Cannon Offense"
SPACE = "space combat"
BOMBARD = "bombardment"
INVASION = "invasion"
GROUND = "ground combat"
AFTER = "the end of the tactical action"

#: Where the unit must be for its ability to reach the active system.
HERE = "here"  # in the active system
NEAR = "near"  # in the active system or a system adjacent to it
ANYWHERE = "anywhere"  # anywhere on the board (it changes adjacency)
RESERVE = "reserve"  # a Deploy ability: the unit comes from reinforcements

#: The rule ids a refusal cites for each step.
STEP_RULES: dict[str, tuple[str, ...]] = {
    CANNON: cite.cite("77.2"),
    SPACE: cite.cite("78.1"),
    BOMBARD: cite.cite("15.1"),
    INVASION: cite.cite("49.1"),
    GROUND: cite.cite("42.1"),
    AFTER: cite.cite("89.5"),
}
#: The rule ids a refusal cites for the unit: a flagship's own ability
#: (1.25), a mech (55.1), a Deploy ability (30.1).
FLAGSHIP_RULES = cite.cite("1.25")
MECH_RULES = cite.cite("55.1", "1.26")
DEPLOY_RULES = cite.cite("30.1")


@dataclass(frozen=True)
class Ability:
    """A flagship's or mech's text ability: a short name (our words), the
    steps after movement it acts in (none: it never does), and where the unit
    must be to act (``HERE``, ``NEAR``, ``ANYWHERE`` or ``RESERVE``)."""

    name: str
    steps: tuple[str, ...] = ()
    reach: str = HERE

    @property
    def acts(self) -> bool:
        """Whether the ability acts in any step after movement."""
        return bool(self.steps)


def _never(name: str) -> Ability:
    return Ability(name)


FLAGSHIPS: dict[str, Ability] = {
    "arborec": _never("produces units once its system is activated"),
    "letnev": Ability(
        "other players lose Planetary Shield; repaired each combat round",
        (BOMBARD, SPACE),
    ),
    "saar": _never("no text ability"),
    "muaat": _never("an action that places a cruiser"),
    "hacan": Ability("trade goods raise its system's combat dice", (SPACE,)),
    "sol": _never("puts an infantry in its space area after the status phase"),
    "creuss": Ability(
        "its system holds a delta wormhole (adjacency and retreats)",
        (CANNON, SPACE),
        ANYWHERE,
    ),
    "l1z1x": Ability("its hits and its dreadnoughts' go to non-fighters", (SPACE,)),
    "mentak": Ability("other players' ships here cannot Sustain Damage", (SPACE,)),
    "naalu": Ability("fighters may be committed as ground forces", (INVASION, GROUND)),
    "nekro": Ability("ground forces may fight in the space combat", (SPACE,)),
    "norr": Ability("adds 1 to the other ships' combat rolls", (SPACE,)),
    "jolnar": Ability("rolls of 9 or 10 make extra hits", (SPACE,)),
    "winnu": Ability("rolls a die per opposing non-fighter ship", (SPACE,)),
    "xxcha": Ability("its Space Cannon reaches adjacent systems", (CANNON,), NEAR),
    "yin": Ability("its destruction destroys every ship in its system", (SPACE,)),
    "yssaril": _never("moves through other players' ships"),
    "argent": Ability("others cannot fire Space Cannon at ships here", (CANNON,)),
    "empyrean": Ability(
        "repairs a unit that used Sustain Damage for 2 influence",
        (CANNON, SPACE, BOMBARD, INVASION, GROUND),
        NEAR,
    ),
    "mahact": Ability("adds 2 to its rolls against some opponents", (SPACE,)),
    "naaz-rokha": Ability("mechs in its system roll an extra die", (SPACE, GROUND)),
    "nomad": _never("counts as adjacent to systems holding Nomad mechs"),
    "ul": _never("a Deploy ability in place of a PDS when a system is activated"),
    "vuilraith": Ability(
        "captures the units destroyed in its system",
        (CANNON, SPACE, BOMBARD, INVASION, GROUND),
    ),
}

MECHS: dict[str, Ability] = {
    "arborec": _never("a Deploy ability used with Mitosis"),
    "letnev": Ability(
        "a Deploy ability at the start of a ground combat round", (GROUND,), RESERVE
    ),
    "saar": Ability("a Deploy ability after a planet is gained", (INVASION,), RESERVE),
    "muaat": _never("places an infantry when Star Forge is used"),
    "hacan": _never("its planet may be traded in a transaction"),
    "sol": _never("a Deploy ability after Orbital Drop"),
    "creuss": _never("swapped for a wormhole token after an activation"),
    "l1z1x": Ability("bombards its own system as a ship would", (BOMBARD,)),
    "mentak": Ability(
        "other ground forces on its planet cannot Sustain Damage", (GROUND,)
    ),
    "naalu": Ability("adds 2 to its rolls against relic fragment holders", (GROUND,)),
    "nekro": Ability("adds 2 to its rolls against assimilated technologies", (GROUND,)),
    "norr": Ability("makes a hit after it uses Sustain Damage", (GROUND,)),
    "jolnar": Ability("shields infantry on its planet from Fragile", (GROUND,)),
    "winnu": Ability("places a PDS or space dock after winning its planet", (AFTER,)),
    "xxcha": Ability("its Space Cannon reaches adjacent systems", (CANNON,), NEAR),
    "yin": Ability("a Deploy ability with Indoctrination", (GROUND,), RESERVE),
    "yssaril": _never("a Deploy ability after Stall Tactics"),
    "argent": Ability(
        "takes up no capacity beside ships with capacity", (CANNON, SPACE)
    ),
    "empyrean": Ability(
        "removed to cancel an action card",
        (CANNON, SPACE, BOMBARD, INVASION, GROUND),
        ANYWHERE,  # beside any of the card player's units
    ),
    "mahact": _never("ends a turn after an activation"),
    "naaz-rokha": Ability("fights as a ship in the space combat", (SPACE,)),
    "nomad": Ability("its Sustain Damage cancels hits on ships", (SPACE,)),
    "ul": _never("a Deploy ability in place of a PDS"),
    "vuilraith": Ability("captures its owner's infantry destroyed there", (GROUND,)),
}

_TABLES = {"flagship": FLAGSHIPS, "mech": MECHS}


def ability(unit: str, faction: str | None) -> Ability | None:
    """The text ability of ``faction``'s flagship or mech (None: not a faction
    unit, or no faction)."""
    table = _TABLES.get(unit)
    if table is None or faction is None:
        return None
    return table.get(faction)


def rules(unit: str, found: Ability) -> tuple[str, ...]:
    """The rule ids a refusal for ``found`` cites: the unit's, its steps'."""
    own = FLAGSHIP_RULES if unit == "flagship" else MECH_RULES
    if found.reach == RESERVE:
        own = (*own, *DEPLOY_RULES)
    steps = tuple(i for step in found.steps for i in STEP_RULES[step])
    return (*own, *dict.fromkeys(steps))


def refusal(owner: str, unit: str, faction: str | None) -> str:
    """Why a combat with ``owner``'s ``unit`` is not modelled ("" when it is:
    its ability never acts in these steps)."""
    if faction is None:
        return (
            f"{owner}'s {unit} belongs to no faction: its figures and ability are "
            "unknown (rule 1.25)"
        )
    found = ability(unit, faction)
    if found is None:
        return f"{owner}'s faction has no {unit} line in the pack"
    if not found.acts:
        return ""
    ids = ", ".join(rules(unit, found))
    steps = ", ".join(found.steps)
    return (
        f"{owner}'s {unit} ability ({found.name}) acts in {steps} and is not "
        f"modelled yet (rules {ids})"
    )


#: How far from the active system each reach extends.
_REACH = {HERE: 0, NEAR: 1, ANYWHERE: 2, RESERVE: -1}


def possible(space: bool, invasion: bool) -> frozenset[str]:
    """The steps that may happen in the active system: Space Cannon Offense
    always may; a space combat when two players have ships there (``space``);
    bombardment, the invasion, ground combat and what follows them when the
    active player has ground forces or fighters in its space area beside
    planets (``invasion``)."""
    found = {CANNON}
    if space:
        found.add(SPACE)
    if invasion:
        found.update((BOMBARD, INVASION, GROUND, AFTER))
    return frozenset(found)


def place_of(game: Game, system: Card, unit: Card) -> str:
    """Where ``unit`` stands from the active ``system``: ``HERE``, ``NEAR``
    (an adjacent system) or ``ANYWHERE``."""
    where = st.system_of(game, unit)
    if where is system:
        return HERE
    if where is not None and st.adjacent(game, system, where):
        return NEAR
    return ANYWHERE


def blocking(
    owner: str,
    unit: str,
    faction: str | None,
    place: str,
    steps: frozenset[str],
    *,
    stripped: bool = False,
) -> str:
    """Why ``owner``'s ``unit`` at ``place`` (``HERE``: the active system,
    ``NEAR``: an adjacent system, ``ANYWHERE``: elsewhere on the board) keeps
    the ``steps`` that may happen (``possible``) from being modelled ("" when
    it does not). ``stripped``: Articles of War is in play, so a mech has no
    text ability (``_stripped``)."""
    if unit not in _TABLES:
        return ""
    if unit == "mech" and stripped:
        return _stripped(owner, faction) if place == HERE else ""
    found = ability(unit, faction)
    if found is None or not found.acts:
        return refusal(owner, unit, faction) if place == HERE else ""
    if _REACH[place] > _REACH[found.reach] or steps.isdisjoint(found.steps):
        return ""
    return refusal(owner, unit, faction)


def deploying(
    owner: str, faction: str | None, steps: frozenset[str], *, stripped: bool = False
) -> str:
    """Why a Deploy ability of ``owner``'s mech keeps the ``steps`` that may
    happen from being modelled when ``owner`` takes part in them ("" when
    none; none under Articles of War, ``stripped``: Deploy is printed)."""
    if stripped:
        return ""
    found = ability("mech", faction)
    if found is None or found.reach != RESERVE or steps.isdisjoint(found.steps):
        return ""
    return refusal(owner, "mech", faction)


#: The rule ids of Articles of War: a law (7.2) taking mechs' printed
#: abilities (55.1, 1.26) but Sustain Damage (87.1).
ARTICLES_RULES = cite.cite("7.2", "55.1", "1.26", "87.1")

#: The unit abilities a faction unit's figures may carry, named as printed.
_UNIT_ABILITIES = {
    "anti_fighter_barrage": "Anti-Fighter Barrage",
    "bombardment": "Bombardment",
    "space_cannon": "Space Cannon",
    "planetary_shield": "Planetary Shield",
    "production": "Production",
}


def _stripped(owner: str, faction: str | None) -> str:
    """Articles of War: every mech loses its printed abilities but Sustain
    Damage, its text and Deploy included, and fights with its figures. A mech
    whose figures carry another unit ability (the combat steps would still
    use it) is refused as not modelled; so is one of no known faction."""
    line = faction_units.MECHS.get(faction) if faction is not None else None
    if line is None:
        return refusal(owner, "mech", faction)
    kept = [name for key, name in _UNIT_ABILITIES.items() if getattr(line, key)]
    if not kept:
        return ""
    ids = ", ".join(ARTICLES_RULES)
    return (
        f"Articles of War takes {' and '.join(kept)} from {owner}'s mech, which "
        f"the combat figures still give it: not modelled yet (rules {ids})"
    )
