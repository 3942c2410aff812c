"""Component action cards about units, systems and planets on the board."""

from __future__ import annotations

from oracle.engine.core.abilities import Target
from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.context import Context
from oracle.games.ti4 import changes, cite, data, reserve
from oracle.games.ti4 import state as st
from oracle.games.ti4.cards.common import (
    Reason,
    action_card,
    nothing,
    others_planet,
    own_planet,
    planet_target,
    system_target,
    unit_target,
)

# -- Lucky Shot ------------------------------------------------------------------------

LUCKY_SHOT_SHIPS = ("dreadnought", "cruiser", "destroyer")


def _near_own_planet(card: Card, ctx: Context) -> bool:
    game = ctx.game
    system = st.system_of(game, card)
    return system is not None and any(
        st.controller(game, p) == ctx.player.name for p in st.planets_in(game, system)
    )


def _lucky_shot_ok(card: Card, ctx: Context) -> bool:
    return (
        card.slug in LUCKY_SHOT_SHIPS
        and card.owner != ctx.player.name
        and _near_own_planet(card, ctx)
    )


def _lucky_shot(ctx: Context) -> bool:
    return changes.destroy_units(ctx.game, ctx.player.name, [ctx.card()])


def _lucky_shot_explain(ctx: Context, card: Card) -> Reason | None:
    if card.slug not in LUCKY_SHOT_SHIPS:
        return "Lucky Shot destroys a dreadnought, cruiser or destroyer", cite.PLAY
    if not _near_own_planet(card, ctx):
        return (
            f"{ctx.player.name} controls no planet in the system of that ship",
            cite.PLAY,
        )
    return None


def _lucky_shot_needs(ctx: Context) -> Reason | None:
    game = ctx.game
    ships = [
        u
        for u in st.units(game)
        if u.slug in LUCKY_SHOT_SHIPS and _near_own_planet(u, ctx)
    ]
    if any(u.owner != ctx.player.name for u in ships):
        return None
    if ships:
        return nothing(
            "Lucky Shot cannot be played: the only ships it could destroy are "
            f"{ctx.player.name}'s own, and it is an offensive card",
            cite.OFFENSIVE,
        )
    return nothing(
        "Lucky Shot cannot be played: no dreadnought, cruiser or destroyer is in a "
        f"system containing a planet {ctx.player.name} controls"
    )


LUCKY_SHOT = action_card(
    "lucky-shot",
    _lucky_shot,
    targets={"target": unit_target(_lucky_shot_ok)},
    needs=_lucky_shot_needs,
    explain=_lucky_shot_explain,
    offensive=True,
)

# -- Plague ----------------------------------------------------------------------------


def _plague(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    infantry = st.on_planet(game, planet, "infantry")
    rolls = [changes.roll(game) for _ in infantry]
    shown = ", ".join(str(r) for r in rolls) or "no dice"
    hits = sum(1 for r in rolls if r >= 6)
    game.say(
        ctx.player.name,
        f"{ctx.player.name} rolls {shown} for the infantry on {game.name_of(planet)}",
        event="roll",
        rules=cite.ZERO_TARGETS if not infantry else (),
    )
    if hits:
        changes.destroy_units(game, ctx.player.name, infantry[:hits])
    return True


PLAGUE = action_card(
    "plague",
    _plague,
    targets={"target": planet_target(others_planet)},
    needs=lambda ctx: (
        None
        if any(others_planet(p, ctx) for p in st.planet_cards(ctx.game))
        else nothing("Plague cannot be played: no other player controls a planet")
    ),
    offensive=True,
)

# -- Reactor Meltdown and Cripple Defenses ---------------------------------------------


def _meltdown_ok(card: Card, ctx: Context) -> bool:
    game = ctx.game
    return (
        card.slug == "space-dock"
        and card.owner != ctx.player.name
        and not st.is_home(game, st.system_of(game, card))
    )


def _meltdown_explain(ctx: Context, card: Card) -> Reason | None:
    if card.slug != "space-dock":
        return "Reactor Meltdown destroys a space dock", cite.PLAY
    if st.is_home(ctx.game, st.system_of(ctx.game, card)):
        return (
            "Reactor Meltdown cannot destroy a space dock in a home system",
            cite.PLAY,
        )
    return None


REACTOR_MELTDOWN = action_card(
    "reactor-meltdown",
    lambda ctx: changes.destroy_units(ctx.game, ctx.player.name, [ctx.card()]),
    targets={"target": unit_target(_meltdown_ok)},
    needs=lambda ctx: (
        None
        if any(_meltdown_ok(u, ctx) for u in st.units(ctx.game))
        else nothing(
            "Reactor Meltdown cannot be played: no other player's space dock is in "
            "a non-home system"
        )
    ),
    explain=_meltdown_explain,
    offensive=True,
)


def _cripple(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    pds = st.on_planet(game, planet, "pds")
    if pds:
        return changes.destroy_units(game, ctx.player.name, pds)
    game.say(
        ctx.player.name,
        f"{ctx.player.name} destroys no PDS: there is none on {game.name_of(planet)}",
        event="destroy_units",
        rules=cite.ZERO_TARGETS,
    )
    return True


CRIPPLE_DEFENSES = action_card(
    "cripple-defenses",
    _cripple,
    targets={"target": planet_target(lambda c, ctx: True)},
)

# -- placing units ---------------------------------------------------------------------


def _stock(ctx: Context, unit: str, count: int, card: str) -> Reason | None:
    """Refuse a card that places ``count`` units of a limited type that no rule
    can supply: too few in reinforcements and none to take from a system
    without one of the player's command tokens (23.4a)."""
    game, me = ctx.game, ctx.player.name
    if reserve.placeable(game, me, unit, count, None):
        return None
    held = st.in_reinforcements(game, me, unit)
    word = unit.replace("-", " ")
    have = f"only {held} of the {count} {word}s it places" if held else f"no {word}"
    return nothing(
        f"{card} cannot be played: {me} has {have} left in reinforcements, and "
        f"no {word} of theirs on the board is in a system free of their command "
        "tokens",
        (*cite.NOT_RESOLVABLE, *cite.REINFORCEMENTS, *cite.BORROW_UNIT),
    )


def _infantry_fit(planet: Card, ctx: Context, count: int) -> bool:
    game = ctx.game
    system = st.system_of(game, planet)
    if system is None:
        return False
    where = reserve.destination(system, planet)
    return reserve.placeable(game, ctx.player.name, "infantry", count, where)


def _no_plastic(ctx: Context, *, borrow: bool = True) -> str:
    text = (
        f"all {reserve.plastic('infantry')} plastic infantry of {ctx.player.name} "
        "stand on other planets or in other space areas, and an infantry token "
        "must share its place with one"
    )
    if borrow:
        return (
            f"{text}; none of them stands alone in a system free of their command "
            "tokens"
        )
    return (
        f"{text}; moving one of them here instead is the player's choice, which "
        "the oracle does not make for them"
    )


NO_PLASTIC = (*cite.NEEDS_PLASTIC["infantry"], *cite.BORROW_UNIT)


def _frontline(ctx: Context) -> bool:
    game, planet = ctx.game, ctx.card()
    system = st.system_of(game, planet)
    assert system is not None
    return (
        changes.place_units(game, ctx.player.name, "infantry", 3, system, planet) == 3
    )


def _frontline_needs(ctx: Context) -> Reason | None:
    game, me = ctx.game, ctx.player.name
    planets = st.controlled_planets(game, me)
    if not planets:
        return nothing(f"{me} controls no planet for Frontline Deployment")
    if any(_infantry_fit(p, ctx, 3) for p in planets):
        return None
    return nothing(
        f"Frontline Deployment cannot be played: {_no_plastic(ctx)}",
        (*cite.NOT_RESOLVABLE, *NO_PLASTIC),
    )


def _frontline_explain(ctx: Context, card: Card) -> Reason | None:
    if own_planet(card, ctx) and not _infantry_fit(card, ctx, 3):
        return (
            f"{ctx.player.name} cannot put infantry on {ctx.game.name_of(card)}: "
            + _no_plastic(ctx),
            (*cite.NOT_RESOLVABLE, *NO_PLASTIC),
        )
    return None


FRONTLINE_DEPLOYMENT = action_card(
    "frontline-deployment",
    _frontline,
    targets={
        "target": planet_target(
            lambda c, ctx: own_planet(c, ctx) and _infantry_fit(c, ctx, 3)
        )
    },
    needs=_frontline_needs,
    explain=_frontline_explain,
)


def _messiah(ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    planets = st.controlled_planets(game, me)
    if not planets:
        game.say(
            me,
            f"{me} places no infantry: they control no planet",
            event="place_units",
            rules=cite.ZERO_TARGETS,
        )
    for planet in planets:
        system = st.system_of(game, planet)
        if system is None:
            continue
        if not changes.place_units(
            game, me, "infantry", 1, system, planet, borrow=False
        ):
            game.say(
                me,
                f"{me} places no infantry on {game.name_of(planet)}: "
                + _no_plastic(ctx, borrow=False),
                event="place_units",
                rules=NO_PLASTIC,
            )
    return True


RISE_OF_A_MESSIAH = action_card("rise-of-a-messiah", _messiah)


def _has_own_ships(card: Card, ctx: Context) -> bool:
    return bool(st.ships(ctx.game, card, ctx.player.name))


def _war_effort(ctx: Context) -> bool:
    placed = changes.place_units(ctx.game, ctx.player.name, "cruiser", 1, ctx.card())
    return placed == 1


def _war_effort_explain(ctx: Context, card: Card) -> Reason | None:
    if st.kind(ctx.game, card) != st.SYSTEM or _has_own_ships(card, ctx):
        return None
    return (
        f"{ctx.game.name_of(card)} contains no ship of {ctx.player.name}, and War "
        "Effort places its cruiser in a system that contains one",
        cite.PLAY,
    )


WAR_EFFORT = action_card(
    "war-effort",
    _war_effort,
    targets={"target": system_target(_has_own_ships)},
    explain=_war_effort_explain,
    needs=lambda ctx: (
        _stock(ctx, "cruiser", 1, "War Effort")
        or (
            None
            if any(_has_own_ships(s, ctx) for s in st.systems(ctx.game))
            else nothing(
                "War Effort cannot be played: "
                f"{ctx.player.name} has no ship on the board"
            )
        )
    ),
)


def _ghost_ok(card: Card, ctx: Context) -> bool:
    game = ctx.game
    return (
        not st.is_home(game, card)
        and bool(st.wormholes(game, card))
        and not any(u.owner != ctx.player.name for u in st.ships(game, card))
    )


def _ghost_explain(ctx: Context, card: Card) -> Reason | None:
    game = ctx.game
    if st.kind(game, card) != st.SYSTEM:
        return None
    if st.is_home(game, card):
        return f"{game.name_of(card)} is a home system", cite.PLAY
    if not st.wormholes(game, card):
        return f"{game.name_of(card)} contains no wormhole", cite.PLAY
    return f"{game.name_of(card)} contains another player's ships", cite.PLAY


GHOST_SHIP = action_card(
    "ghost-ship",
    lambda ctx: (
        changes.place_units(ctx.game, ctx.player.name, "destroyer", 1, ctx.card()) == 1
    ),
    targets={"target": system_target(_ghost_ok)},
    needs=lambda ctx: (
        _stock(ctx, "destroyer", 1, "Ghost Ship")
        or (
            None
            if any(_ghost_ok(s, ctx) for s in st.systems(ctx.game))
            else nothing(
                "Ghost Ship cannot be played: no non-home system with a wormhole "
                "is free "
                "of other players' ships"
            )
        )
    ),
    explain=_ghost_explain,
)

# -- Signal Jamming --------------------------------------------------------------------


def _jamming_system(card: Card, ctx: Context) -> bool:
    game, me = ctx.game, ctx.player.name
    if st.is_home(game, card):
        return False
    return any(
        st.ships(game, s, me)
        for s in st.systems(game)
        if s is card or st.adjacent(game, s, card)
    )


def _jamming(ctx: Context) -> bool:
    victim = ctx.chosen_player("player")
    system = ctx.card("system")
    return changes.place_command_token(ctx.game, victim, system, ctx.player.name, ())


def _jamming_victim(player: Player, ctx: Context) -> bool:
    return any(player.resource(k) > 0 for k in (st.TOKENS_LEFT, *st.POOLS))


def _jamming_explain(ctx: Context, meant: Card | Player) -> Reason | None:
    game, me = ctx.game, ctx.player.name
    if isinstance(meant, Player):
        if _jamming_victim(meant, ctx):
            return None
        return (
            f"{meant.name} has no command token in reinforcements or in a pool, so "
            "none can be placed",
            (*cite.TOKEN_FROM_POOL, *cite.TARGETS_EXIST),
        )
    if st.kind(game, meant) != st.SYSTEM:
        return None
    if st.is_home(game, meant):
        return (
            f"{game.name_of(meant)} is a home system, and Signal Jamming chooses a "
            "non-home system",
            cite.PLAY,
        )
    if not _jamming_system(meant, ctx):
        return (
            f"{game.name_of(meant)} neither contains nor is adjacent to a ship of {me}",
            cite.PLAY,
        )
    return None


SIGNAL_JAMMING = action_card(
    "signal-jamming",
    _jamming,
    explain=_jamming_explain,
    targets={
        "system": system_target(_jamming_system),
        "player": Target(
            mode="player", controller="opponent", player_predicate=_jamming_victim
        ),
    },
    needs=lambda ctx: (
        None
        if any(_jamming_system(s, ctx) for s in st.systems(ctx.game))
        else nothing(
            "Signal Jamming cannot be played: no non-home system contains or is "
            "adjacent "
            f"to a ship of {ctx.player.name}"
        )
    ),
    offensive=True,
)

# -- Unstable Planet and Tactical Bombardment ------------------------------------------


def _unstable_ok(card: Card, ctx: Context) -> bool:
    """Any hazardous planet a player controls, theirs or another's, readied or
    not: the card says "exhaust that planet and destroy up to 3 infantry on it",
    so an exhausted planet can still lose its infantry (1.9; 2.N10 lets the
    infantry be zero)."""
    game = ctx.game
    return (
        st.kind(game, card) == st.PLANET
        and st.controller(game, card) is not None
        and "hazardous" in game.definition(card).traits
    )


def _unstable(ctx: Context) -> bool:
    """Exhaust the planet, then destroy its infantry: all of them when it holds
    three or fewer, else exactly three (the card's official note). "Up to" is
    not the player's choice here, so nothing is asked."""
    game, planet = ctx.game, ctx.card()
    me = ctx.player.name
    if planet.exhausted:
        owner = st.controller(game, planet) or me
        whose = "their" if owner == me else st.pronoun_possessive(owner)
        game.say(
            me,
            f"{me} cannot exhaust {whose} {game.name_of(planet)}: it is already "
            "exhausted, and the rest of Unstable Planet still resolves",
            event="exhaust_planet",
            rules=(*cite.EXHAUSTED_ALREADY, *cite.AND_EFFECTS),
        )
    elif not changes.exhaust_planet(game, me, planet):
        return False
    infantry = st.on_planet(game, planet, "infantry")
    if infantry:
        return changes.destroy_units(game, me, infantry[:UNSTABLE_INFANTRY])
    game.say(
        me,
        f"{me} destroys no infantry on {game.name_of(planet)}",
        event="destroy_units",
        rules=cite.ZERO_TARGETS,
    )
    return True


#: How many infantry Unstable Planet destroys when the planet holds more.
UNSTABLE_INFANTRY = 3


def _unstable_explain(ctx: Context, card: Card) -> Reason | None:
    game = ctx.game
    if st.kind(game, card) != st.PLANET:
        return None
    if "hazardous" not in game.definition(card).traits:
        return f"{game.name_of(card)} is not a hazardous planet", cite.PLAY
    return None


UNSTABLE_PLANET = action_card(
    "unstable-planet",
    _unstable,
    targets={"target": planet_target(_unstable_ok)},
    explain=_unstable_explain,
)


def _bombards(card: Card, ctx: Context) -> bool:
    return any(
        u.slug in data.BOMBARDMENT_UNITS
        for u in st.units(ctx.game, system=card, owner=ctx.player.name)
    )


def _bombardment(ctx: Context) -> bool:
    game, system, me = ctx.game, ctx.card(), ctx.player.name
    planets = [
        p
        for p in st.planets_in(game, system)
        if others_planet(p, ctx) and not p.exhausted
    ]
    for planet in planets:
        changes.exhaust_planet(game, me, planet)
    if not planets:
        game.say(
            me,
            f"{me} exhausts no planet in {game.name_of(system)}",
            event="exhaust_planet",
            rules=cite.ZERO_TARGETS,
        )
    return True


TACTICAL_BOMBARDMENT = action_card(
    "tactical-bombardment",
    _bombardment,
    targets={"target": system_target(_bombards)},
    needs=lambda ctx: (
        None
        if any(_bombards(s, ctx) for s in st.systems(ctx.game))
        else nothing(
            "Tactical Bombardment cannot be played: "
            f"{ctx.player.name} has no unit with "
            "Bombardment on the board"
        )
    ),
    offensive=True,
)

CARDS: tuple[CardDef, ...] = (
    LUCKY_SHOT,
    PLAGUE,
    REACTOR_MELTDOWN,
    CRIPPLE_DEFENSES,
    FRONTLINE_DEPLOYMENT,
    RISE_OF_A_MESSIAH,
    WAR_EFFORT,
    GHOST_SHIP,
    SIGNAL_JAMMING,
    UNSTABLE_PLANET,
    TACTICAL_BOMBARDMENT,
)
