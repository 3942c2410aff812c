"""The Crown of Thalnos (base-game law, owned by the elected player): in every
round of a space or ground combat, once its owner has made their combat roll
and the window after it has closed (Fire Team), they may reroll any of those
dice (``the-crown-of-thalnos:reroll``, "die 1", "die 2"... in the order the
roll logged them; default none). Each unit of theirs that rerolled and
produced no hit with its rerolled dice is then destroyed, before hits are
assigned, so Sustain Damage cannot save it (87.5). Only combat rolls: no
anti-fighter barrage, bombardment or space cannon roll.

A unit with several dice that rerolls only some of them while a kept die hit
is a case neither the card nor its notes settle: that answer is logged as not
modelled and nothing is rerolled.
"""

from __future__ import annotations

from collections.abc import Sequence

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.games.ti4 import changes, cite, laws
from oracle.games.ti4.combat import hits, rolls
from oracle.games.ti4.combat.rolls import Die

WINDOW = "the-crown-of-thalnos:reroll"
NAME = "The Crown of Thalnos"
REROLL = cite.cite("7.2", "7.4", "74.1", "74.3")
#: In a space combat rerolls come once the player has rolled every die (78.5e).
SPACE_REROLL = cite.cite(*REROLL, "78.5e")
GROUND_REROLL = cite.cite(*REROLL, "42.1")
DESTROYED = cite.cite("7.2", "7.4", "87.5")


def reroll(
    game: Game, player: str, dice: Sequence[Die], produced: int, *, space: bool
) -> int:
    """Offer ``player`` the law's reroll of their combat ``dice`` (when they
    own it) and destroy the units it condemns; return the hits of the roll,
    ``produced`` before it."""
    law = laws.find(game, laws.CROWN_OF_THALNOS)
    if law is None or law.owner != player or not dice:
        return produced
    rules = SPACE_REROLL if space else GROUND_REROLL
    chosen = _pick(game, player, dice, rules)
    if not chosen:
        return produced
    unsettled = _unsettled(dice, chosen)
    if unsettled:
        game.say(
            player,
            f"{player} rerolls only some dice of {unsettled} whose kept die hit: "
            f"whether {NAME} then destroys it is not settled by the card or its "
            "notes, so the oracle does not model it and keeps the roll as it is",
            event="reroll",
            rules=rules,
            modelled=False,
        )
        return produced
    before = sum(d.hit for d in chosen)
    shown = rolls.reroll(game, player, chosen)
    game.say(
        player,
        f"{player} rerolls {len(chosen)} {'die' if len(chosen) == 1 else 'dice'} "
        f"with {NAME}: " + ", ".join(shown),
        event="reroll",
        rules=rules,
    )
    lost = _condemned(chosen)
    if lost:
        hits.destroy_all(game, player, lost, DESTROYED)
    return produced + sum(d.hit for d in chosen) - before


def _pick(
    game: Game, player: str, dice: Sequence[Die], rules: tuple[str, ...]
) -> list[Die]:
    names = tuple(f"die {i + 1}" for i in range(len(dice)))
    shown = ", ".join(
        f"{name} {_unit(die.unit)} {die.result} {'hit' if die.hit else 'miss'}"
        for name, die in zip(names, dice, strict=True)
    )
    prompt = Prompt(
        PromptKind.CARD,
        player,
        WINDOW,
        names,
        minimum=0,
        maximum=len(dice),
        rules=rules,
        why=f"{player} may pick dice of their combat roll to reroll with {NAME}",
        title=f"Choose the dice to reroll, or none ({shown})",
    )
    answer = ask(game, prompt)
    picked = answer if isinstance(answer, tuple) else (str(answer),)
    return [die for name, die in zip(names, dice, strict=True) if name in picked]


def _unit(unit: Card) -> str:
    return unit.slug.replace("-", " ")


def _unsettled(dice: Sequence[Die], chosen: Sequence[Die]) -> str:
    """A unit ("a war sun") some of whose dice are rerolled while one it keeps
    hit ("" when none)."""
    picked = {id(d) for d in chosen}
    rerolling = {d.unit.id for d in chosen}
    for die in dice:
        if die.unit.id in rerolling and id(die) not in picked and die.hit:
            return changes.units_text(die.unit.slug, 1)
    return ""


def _condemned(chosen: Sequence[Die]) -> list[Card]:
    """The units whose rerolled dice produced no hit, in roll order."""
    found: dict[str, Card] = {}
    scored: set[str] = set()
    for die in chosen:
        found.setdefault(die.unit.id, die.unit)
        if die.hit:
            scored.add(die.unit.id)
    return [unit for key, unit in found.items() if key not in scored]
