"""Synthetic cards for triggered abilities, windows, prompts and delays."""

from __future__ import annotations

from oracle.engine.core.abilities import (
    Target,
    action,
    cancel_interrupt,
    forced_interrupt,
    forced_reaction,
    interrupt,
    per_turn,
    reaction,
)
from oracle.engine.core.cards import CardDef
from oracle.engine.core.context import Context
from oracle.engine.core.effects import (
    Modify,
    Persistent,
    PlayerCannot,
    Until,
    blank,
)
from oracle.engine.core.events import Event
from oracle.engine.core.prompts import Prompt, PromptKind
from oracle.engine.flow.basic import (
    AddTokens,
    AtEndOf,
    Cancel,
    CardLasting,
    Exhaust,
    LoseResource,
    PlayerLasting,
    discard,
)
from oracle.engine.flow.costs import exhaust_self

from .action_cards import gold
from .effect_cards import is_soldier, is_unit, units_controlled


def mine(event: Event, ctx: Context) -> bool:
    """The event happens to the ability's player."""
    return event.player == ctx.player.name


def theirs(event: Event, ctx: Context) -> bool:
    """The event is another player's doing."""
    return event.player is not None and event.player != ctx.player.name


def strike_played(event: Event, ctx: Context) -> bool:
    """An opponent plays a Strike."""
    return theirs(event, ctx) and event.card is not None and event.card.slug == "strike"


def combat_starts(event: Event, ctx: Context) -> bool:
    """The combat phase begins."""
    return event.param("period") == "phase" and event.param("phase") == "combat"


def is_event_card(ctx: Context) -> bool:
    """The ability comes from an event card."""
    return ctx.source is not None and ctx.game.definition(ctx.source).type == "event"


def discards_source(event: Event, ctx: Context) -> bool:
    """The source card is about to be discarded."""
    return event.card is ctx.source


def census(ctx: Context) -> bool:
    """Queue two prompts per player: the high-priority ones are asked first."""
    answers: list[str] = []
    ctx.game.flags["census"] = answers
    for player in ctx.game.seat_order(ctx.player.name):
        for window, options, priority in (
            ("low", ("a", "b"), 0),
            ("high", ("x", "y"), 1),
        ):
            prompt = Prompt(
                PromptKind.OPTION,
                player.name,
                f"census:{window}",
                options,
                priority=priority,
            )
            ctx.game.prompts.push(
                prompt, lambda a, p=player.name: answers.append(f"{p}:{a}")
            )
    ctx.game.prompts.drain(ctx.game)
    return True


def token(kind: str) -> AddTokens:
    """Place one ``kind`` token on the source."""
    return AddTokens(on="source", kind=kind, amount=1)


CARDS = (
    CardDef(
        "strike",
        "Strike",
        "event",
        abilities=(
            action(
                target=Target(
                    card_type="unit", controller="opponent", action=discard()
                ),
                location="hand",
                played_to="discard",
                message="{player} plays {source} to discard {target}",
            ),
        ),
    ),
    CardDef(
        "block",
        "Block",
        "event",
        abilities=(
            cancel_interrupt(
                {"play": strike_played},
                effect=Cancel(),
                location="hand",
                played_to="discard",
                rules=("R30",),
                message="{player} plays {source} to cancel {event_card}",
            ),
        ),
    ),
    CardDef(
        "counter",
        "Counter",
        "event",
        abilities=(
            cancel_interrupt(
                {"cancel": theirs},
                effect=Cancel(),
                location="hand",
                played_to="discard",
                message="{player} plays {source} to stop the cancel of {event_card}",
            ),
        ),
    ),
    CardDef(
        "warden",
        "Warden",
        "unit",
        {"strength": 2},
        abilities=(
            action(title="Toll", effect=gold(1)),
            forced_reaction({"draw": mine}, effect=token("watch")),
        ),
        effects=(Persistent(Modify("strength", 1), match=is_soldier),),
    ),
    CardDef(
        "blight",
        "Blight",
        "event",
        abilities=(
            action(
                target=Target(card_type="unit"),
                effect=CardLasting(effect=blank(), until=Until(period="phase")),
                location="hand",
                played_to="discard",
                message="{player} plays {source} to blank {target}",
            ),
        ),
    ),
    CardDef(
        "shroud",
        "Shroud",
        "location",
        effects=(Persistent(blank(), match=is_unit, target_controller="any"),),
    ),
    CardDef(
        "watcher",
        "Watcher",
        "unit",
        {"strength": 1},
        abilities=(
            reaction(
                {"draw": mine, "gain": mine}, effect=token("power"), title="Watch"
            ),
        ),
    ),
    CardDef(
        "tripwire",
        "Tripwire",
        "location",
        abilities=(
            forced_reaction(
                {"put_into_play": theirs},
                effect=Exhaust(on="event"),
                message="{player} springs {source} on {event_card}",
            ),
        ),
    ),
    CardDef(
        "martyr",
        "Martyr",
        "unit",
        {"strength": 1},
        abilities=(
            forced_interrupt(
                {"discard": lambda e, ctx: e.card is ctx.source},
                effect=gold(1),
                location="play",
            ),
        ),
    ),
    CardDef(
        "scout",
        "Scout",
        "unit",
        {"strength": 1},
        abilities=(
            forced_reaction(
                {"draw": mine}, effect=gold(1), optional=True, title="Scout"
            ),
        ),
    ),
    CardDef(
        "echo",
        "Echo",
        "location",
        abilities=(
            forced_reaction(
                {"period_start": combat_starts}, effect=token("echo"), interactive=True
            ),
        ),
    ),
    CardDef(
        "hum",
        "Hum",
        "location",
        abilities=(
            forced_reaction(
                {"period_start": combat_starts}, effect=token("hum"), silent=True
            ),
        ),
    ),
    CardDef(
        "chime",
        "Chime",
        "location",
        abilities=(
            forced_reaction({"period_start": combat_starts}, effect=token("chime")),
        ),
    ),
    CardDef("census", "Census", "location", abilities=(action(handler=census),)),
    CardDef(
        "loop",
        "Loop",
        "location",
        abilities=(forced_reaction({"gain": mine}, effect=gold(1)),),
    ),
    CardDef(
        "quickdraw",
        "Quickdraw",
        "unit",
        {"strength": 1},
        abilities=(action(window="duel", cost=exhaust_self(), effect=gold(1)),),
    ),
    CardDef(
        "flare",
        "Flare",
        "event",
        abilities=(
            action(
                effect=AtEndOf(
                    period="turn",
                    ability=forced_reaction(
                        {},
                        effect=gold(2),
                        message="{player} gains 2 gold from {source}",
                    ),
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "dusk",
        "Dusk",
        "event",
        abilities=(
            action(
                target=Target(card_type="unit", controller="self"),
                effect=AtEndOf(
                    period="phase",
                    ability=forced_reaction({}, effect=discard(on="target")),
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "levy",
        "Levy",
        "location",
        abilities=(
            action(
                target=Target(
                    mode="player",
                    controller="opponent",
                    action=LoseResource(resource="gold", amount=1, player="target"),
                ),
                message="{player} uses {source} to tax {target}",
            ),
        ),
    ),
    CardDef(
        "silence",
        "Silence",
        "location",
        effects=(
            Persistent(
                PlayerCannot(
                    is_event_card,
                    "cannot play events while Silence is in play",
                    ("R20",),
                ),
                target_type="player",
                target_controller="opponent",
            ),
        ),
    ),
    CardDef(
        "vigil",
        "Vigil",
        "unit",
        {"strength": 1},
        abilities=(interrupt({"discard": discards_source}, effect=gold(1)),),
    ),
    CardDef(
        "oath",
        "Oath",
        "unit",
        {"strength": 1},
        abilities=(
            forced_interrupt(
                {"discard": discards_source},
                effect=gold(1),
                optional=True,
                title="Oath",
            ),
        ),
    ),
    CardDef(
        "bellows",
        "Bellows",
        "location",
        abilities=(
            reaction(
                {"gain": mine},
                effect=token("power"),
                repeatable=True,
                limit=per_turn(2),
            ),
        ),
    ),
    CardDef(
        "crier",
        "Crier",
        "unit",
        {"strength": 1},
        abilities=(
            reaction(
                {"draw": mine},
                target=Target(
                    mode="option",
                    options={
                        "gain 1 gold": gold(1),
                        "place a power token": token("power"),
                    },
                ),
                title="Cry",
            ),
        ),
    ),
    CardDef(
        "embargo",
        "Embargo",
        "event",
        abilities=(
            action(
                effect=PlayerLasting(
                    player="opponent",
                    effect=PlayerCannot(
                        is_event_card, "cannot play events under Embargo", ("R20",)
                    ),
                    until=Until(period="phase"),
                ),
                location="hand",
                played_to="discard",
            ),
        ),
    ),
    CardDef(
        "relay",
        "Relay",
        "location",
        abilities=(
            forced_reaction(
                {"period_start": combat_starts},
                effect=token("relay"),
                interactive=lambda ctx: units_controlled(ctx) > 0,
            ),
        ),
    ),
)
