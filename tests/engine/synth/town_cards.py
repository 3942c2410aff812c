"""Synthetic cards for game locations: a town square, deeds, homes."""

from __future__ import annotations

from collections.abc import Mapping

from oracle.engine.core.abilities import Target, Then, action
from oracle.engine.core.cards import Card, CardDef
from oracle.engine.core.context import Context
from oracle.engine.flow.actions import GameAction
from oracle.engine.flow.basic import Attach, GainResource, put_into_play
from oracle.engine.flow.costs import pay_cost
from oracle.engine.flow.locations import MoveTo, SendHome, Town
from oracle.engine.play.special import Job

#: The town square is adjacent to every location; no two others are.
TOWN = Town(hub="town-square")
PLACES = ("street", "deed", "home")


def _event(
    slug: str, name: str, effect: GameAction, targets: Mapping[str, Target]
) -> CardDef:
    ability = action(
        effect=effect, targets=targets, location="hand", played_to="discard"
    )
    return CardDef(slug, name, "event", abilities=(ability,))


def a_knight(card: Card, ctx: Context) -> bool:
    """The card is a knight (its printed trait)."""
    return ctx.game.definition(card).has_trait("knight")


CARDS = (
    CardDef("town-square", "Town Square", "street"),
    CardDef("saloon", "Saloon", "deed"),
    CardDef("homestead", "Homestead", "home"),
    _event(
        "stagecoach",
        "Stagecoach",
        MoveTo(town=TOWN, adjacent_only=True),
        {
            "target": Target(card_type="unit", controller="self"),
            "destination": Target(card_type=PLACES, predicate=TOWN.adjacent_to()),
        },
    ),
    _event(
        "run-out",
        "Run Out",
        SendHome(town=TOWN),
        {"target": Target(card_type="unit", controller="opponent")},
    ),
    # A job that marks a location (a deed) rather than a unit.
    CardDef(
        "claim-jumper",
        "Claim Jumper",
        "unit",
        {"strength": 2},
        abilities=(
            action(
                target=Target(card_type="deed"),
                effect=Job(success=(GainResource(resource="gold", amount=2),)),
            ),
        ),
    ),
    # Put into play from hand, paying its cost, at a chosen location.
    CardDef(
        "gunslinger",
        "Gunslinger",
        "unit",
        {"strength": 2, "cost": 1},
        abilities=(
            action(
                target=Target(card_type=PLACES, controller="self"),
                location="hand",
                cost=pay_cost("gold"),
                effect=put_into_play("source"),
                then=Then(effect=(MoveTo(on="source", to="target", town=TOWN),)),
            ),
        ),
    ),
    # An attachment that may attach only to a knight.
    CardDef(
        "lance",
        "Lance",
        "attachment",
        abilities=(
            action(
                target=Target(card_type="unit", controller="self", predicate=a_knight),
                effect=Attach(),
                location="hand",
            ),
        ),
    ),
)
