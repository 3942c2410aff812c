"""The production step of a tactical action (89.5; producing units 67,
production 68).

When the active player has a unit with Production in the active system (a space
dock: its planet's resources plus 2, or plus 4 with Space Dock II), they are asked
(window ``production``) what to produce, as unit names with counts:
``[dreadnought, "2 fighter"]``. The answer must keep to the production value
(68.1a, every fighter and infantry counting, 68.1b), cost no more than the
player can spend (67.1: readied planets' resources and trade goods; a pair of
fighters or infantry costs one cost, and a single one the same, 67.2, 68.1c),
come from reinforcements or the board (67.5, 67.5a, tokens 67.5b) and hold no
ship where another player has ships (67.6, blockade 14.1). Payment is a second
decision (``production:pay``): the planets named are exhausted and trade goods
make up the rest; with none named, readied planets are exhausted in board order
until the cost is met, then trade goods (the pack's default, as for Plagiarize).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from oracle.engine.core.cards import Card
from oracle.engine.core.game import Game
from oracle.engine.core.messages import join_words
from oracle.engine.core.prompts import Answer, Prompt, PromptKind, ask
from oracle.games.ti4 import (
    changes,
    cite,
    data,
    faction_units,
    laws,
    movement,
    reserve,
    tactical,
    units,
)
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import outcomes, points

WINDOW = "production"
#: War Machine: production value +4 and 1 off the total cost.
WAR_MACHINE_VALUE = 4
#: What the production prompt says under Regulated Conscription.
CONSCRIPTED = "; one fighter or infantry a cost (Regulated Conscription)"
WAR_MACHINE_DISCOUNT = 1
#: Sarween Tools: 1 off the combined cost when the player's units use
#: Production (never for units produced without it, by the card's note).
SARWEEN_TOOLS = "sarween-tools"
_ITEM = re.compile(r"^(?:(\d{1,3})\s+)?([a-z-]+)$")


@dataclass(frozen=True)
class Maker:
    """A unit that uses Production: where it stands and its production value."""

    unit: Card
    planet: Card | None
    value: int


def makers(game: Game, me: str, system: Card) -> list[Maker]:
    """The player's units with Production in the system (68.1)."""
    techs = frozenset(t.slug for t in st.technologies(game, me))
    out = []
    for unit in st.units(game, system=system, owner=me):
        try:
            line = units.stats(unit.slug, techs)
        except KeyError:
            continue
        if line.production is None:
            continue
        slug = unit.data.get("planet")
        planet = st.planet_named(game, slug) if isinstance(slug, str) else None
        if points.no_production(game, planet):  # Holy Planet of Ixth
            continue
        base = laws.resources(game, planet) if planet is not None else 0
        out.append(Maker(unit, planet, base + line.production))
    return out


def spendable(game: Game, me: str) -> int:
    """Resources the player can spend: readied planets plus trade goods (67.1a)."""
    planets = [p for p in st.controlled_planets(game, me) if not p.exhausted]
    total = sum(laws.resources(game, p) for p in planets)
    return total + game.player(me).resource(st.TRADE_GOODS)


def cost(
    order: dict[str, int], faction: str | None = None, single: bool = False
) -> int:
    """The cost of an order: a pair of fighters or infantry for one cost, and
    a single one for the same (67.2, 67.2b); ``faction`` prices its flagship
    and mech. ``single``: each cost yields one unit (Regulated Conscription)."""
    total = 0
    for unit, count in order.items():
        line = faction_units.stats(unit, frozenset(), faction)
        per = line.cost or 0
        total += -(-count // (1 if single else line.produced)) * per
    return total


def producible(game: Game, me: str, system: Card) -> list[str]:
    """Unit types the player may produce here (structures are placed, not
    produced; ships not where another player has ships, 67.6, 14.1)."""
    techs = {t.slug for t in st.technologies(game, me)}
    others = any(u.owner != me for u in st.ships(game, system))
    out = []
    for unit, line in units.BASE.items():
        if line.cost is None:
            continue
        if unit == "war-sun" and units.WAR_SUN_TECHNOLOGY not in techs:
            continue
        if others and unit in data.SHIPS:
            continue
        out.append(unit)
    faction = st.seat(game, me).faction
    for unit in ("flagship", "mech"):  # the faction's own (faction_units.py)
        found = faction_units.line(unit, faction, techs)
        if found is None or (others and unit in data.SHIPS):
            continue
        out.append(unit)
    return out


def parse(options: tuple[str, ...], raw: object) -> dict[str, int] | None:
    """Read an answer (``["dreadnought", "2 fighter"]``) into counts by unit."""
    items = [raw] if isinstance(raw, str) else raw
    if not isinstance(items, list | tuple):
        return None
    order: dict[str, int] = {}
    for item in items:
        found = _ITEM.match(item.strip()) if isinstance(item, str) else None
        if found is None:
            return None
        count, unit = int(found.group(1) or 1), found.group(2)
        if unit not in options or unit in order or count < 1:
            return None
        order[unit] = count
    return order


@dataclass(frozen=True, slots=True)
class OrderPrompt(Prompt):
    """The production prompt: unit names with counts that must ``fit``."""

    fits: Callable[[dict[str, int]], bool] | None = None

    def accept(self, raw: object) -> Answer | None:
        """The order as ``("1 dreadnought", "2 fighter")`` if it fits."""
        order = parse(self.options, raw)
        if order is None or (self.fits is not None and not self.fits(order)):
            return None
        return tuple(f"{n} {u}" for u, n in order.items())

    def default(self) -> Answer:
        """Producing nothing."""
        return ()


def production_step(
    game: Game, me: str, system: Card, cited: tuple[str, ...] = cite.PRODUCTION
) -> None:
    """Ask what to produce with the units in the active system, then pay,
    place the units and settle capacity and the fleet pool. ``cited``: why
    they produce (the production step, 89.5, unless another ability says)."""
    points.say_no_production(game, me, system)
    found = makers(game, me, system)
    if not found:
        return
    name = game.name_of(system)
    changes.happen(  # the window of "when your units use Production"
        game,
        "use_production",
        player=me,
        message=None,
        change=lambda: None,
        card=system,
    )
    boosted = tactical.boosts(game).war_machine
    faction = st.seat(game, me).faction
    single = laws.single_pairs(game)
    limit = sum(m.value for m in found) + (WAR_MACHINE_VALUE if boosted else 0)
    sarween = st.owns(game, me, SARWEEN_TOOLS)
    discount = (WAR_MACHINE_DISCOUNT if boosted else 0) + (1 if sarween else 0)
    money = spendable(game, me) + discount
    ground_at = next((m.planet for m in found if m.planet is not None), None)
    options = tuple(producible(game, me, system))

    def fits(order: dict[str, int]) -> bool:
        if (
            sum(order.values()) > limit or cost(order, faction, single) > money
        ):  # discount in money
            return False
        return all(
            reserve.placeable(game, me, u, n, _place(system, ground_at, u))
            for u, n in order.items()
        )

    prompt = OrderPrompt(
        PromptKind.CARD,
        me,
        WINDOW,
        options,
        minimum=0,
        maximum=len(options),
        rules=cited,
        why=f"at most {limit} units in {name} (68.1a, 68.1b), costing at most the "
        f"{money - discount} resources {me} can spend (67.1)"
        f"{' plus 1 off with War Machine' if boosted else ''}"
        f"{' plus 1 off with Sarween Tools' if sarween else ''}"
        f"{CONSCRIPTED if single else ''}"
        ", each from "
        "reinforcements or "
        "the board (67.5); no ship where another player has ships (67.6)",
        title=f"Choose the units to produce in {name}",
        fits=fits,
    )
    answer = ask(game, prompt)
    order = (parse(options, answer) if isinstance(answer, tuple) else None) or {}
    _prophecy(game, me, order)
    if not order:
        return
    if single and (order.get("fighter") or order.get("infantry")):
        game.say(
            me,
            "Regulated Conscription: each fighter or infantry costs its full cost, "
            "one unit a cost",
            event="effect",
            rules=cite.LAW_CONSCRIPTION,
        )
    if sarween and cost(order, faction, single):
        game.say(
            me,
            f"Sarween Tools lowers the combined cost of what {me} produces by 1",
            event="effect",
            rules=cite.SARWEEN_TOOLS,
        )
    _pay(game, me, max(0, cost(order, faction, single) - discount))
    _announce(game, me, name, order, limit, discount, cited)
    for unit, count in order.items():
        planet = ground_at if unit in data.GROUND_FORCES else None
        rules = cite.GROUND_PLACED if planet is not None else cite.SHIPS_PLACED
        changes.place_units(game, me, unit, count, system, planet, rules=rules)
    movement.settle_capacity(game, me, system)


def _prophecy(game: Game, me: str, order: dict[str, int]) -> None:
    """Prophecy of Ixth: its owner discards it on using Production to produce
    fewer than two fighters. Producing nothing is left open by the card and
    its note: logged as not modelled, and the card stays."""
    card = laws.find(game, laws.PROPHECY_OF_IXTH)
    if card is None or card.owner != me or order.get("fighter", 0) >= 2:
        return
    name = game.name_of(card)
    if not order:
        game.say(
            me,
            f"{me} produces nothing: whether that discards {name} is not modelled; "
            "it stays in play",
            event="effect",
            rules=cite.LAW_PROPHECY_LOST,
            modelled=False,
        )
        return
    outcomes.discard(
        game,
        me,
        card,
        "from play: its owner produced fewer than two fighters",
        cite.LAW_PROPHECY_LOST,
    )


def _place(system: Card, planet: Card | None, unit: str) -> tuple[str, str | None]:
    return reserve.destination(system, planet if unit in data.GROUND_FORCES else None)


def _announce(
    game: Game,
    me: str,
    name: str,
    order: dict[str, int],
    limit: int,
    discount: int,
    rules: tuple[str, ...] = cite.PRODUCTION,
) -> None:
    what = join_words([changes.units_text(u, n) for u, n in order.items()])
    single = laws.single_pairs(game)
    paid = max(0, cost(order, st.seat(game, me).faction, single) - discount)
    game.say(
        me,
        f"{me} produces {what} in {name} for "
        f"{changes.plural(paid, 'resource')} "
        f"(production value {limit})",
        event="produce",
        rules=rules,
    )


def _pay(game: Game, me: str, amount: int) -> None:
    """Exhaust planets (named in ``production:pay``, else in board order) and
    spend trade goods for the rest (67.1, 67.1c)."""
    if amount <= 0:
        return
    player = game.player(me)
    ready = [p for p in st.controlled_planets(game, me) if not p.exhausted]
    goods = player.resource(st.TRADE_GOODS)

    def enough(named: tuple[str, ...]) -> bool:
        value = sum(laws.resources(game, p) for p in ready if p.slug in named)
        return value + goods >= amount

    prompt = _PayPrompt(
        PromptKind.CARD,
        me,
        f"{WINDOW}:pay",
        tuple(p.slug for p in ready),
        minimum=0,
        maximum=len(ready),
        rules=cite.RESOURCE_SPEND,
        why=f"the planets named and {changes.plural(goods, 'trade good')} must "
        f"make {amount} resources",
        title=f"Choose the planets to exhaust for {amount} resources",
        enough=enough,
    )
    answer = ask(game, prompt)
    named = list(answer) if isinstance(answer, tuple) and answer else []
    chosen = [p for p in ready if p.slug in named]
    if not named:
        total = 0
        for planet in ready:
            if total >= amount:
                break
            chosen.append(planet)
            total += laws.resources(game, planet)
    value = sum(laws.resources(game, p) for p in chosen)
    for planet in chosen:
        changes.exhaust_planet(
            game, me, planet, "to spend its resources", cite.RESOURCE_SPEND
        )
    if amount > value:
        changes.spend_trade_goods(game, player, amount - value, "as resources")


@dataclass(frozen=True, slots=True)
class _PayPrompt(Prompt):
    """The payment prompt: the planets named must be ``enough``."""

    enough: Callable[[tuple[str, ...]], bool] | None = None

    def accept(self, raw: object) -> Answer | None:
        answer = Prompt.accept(self, raw)
        if isinstance(answer, tuple) and answer and self.enough is not None:
            return answer if self.enough(answer) else None
        return answer


# -- production by an ability outside the tactical action (67.4) -------------------


def ships_to_produce(game: Game, me: str, system: Card) -> list[str]:
    """The ship types of which the player could produce one in ``system`` now:
    allowed there (67.6; war suns with their technology), paid for (67.1, a
    single fighter for the pair's cost 67.2b) and placeable (67.5); cheapest
    first."""
    money, faction = spendable(game, me), st.seat(game, me).faction
    found = [
        unit
        for unit in producible(game, me, system)
        if unit in data.SHIPS
        and cost({unit: 1}, faction) <= money
        and reserve.placeable(game, me, unit, 1, _place(system, None, unit))
    ]
    return sorted(found, key=lambda unit: (cost({unit: 1}, faction), unit))


def produce_ship(
    game: Game, me: str, system: Card, source: str, rules: tuple[str, ...]
) -> bool:
    """Produce one ship in ``system`` by the ability of ``source`` (a card
    name): the decision ``<window>`` asks which (by default the first of
    ``ships_to_produce``), then it is paid (``production:pay``), placed in the
    space area and capacity and the fleet pool are settled there. No
    production value applies: the ability says how many (67.4)."""
    options = tuple(ships_to_produce(game, me, system))
    if not options:
        return False
    name = game.name_of(system)
    prompt = Prompt(
        PromptKind.CARD,
        me,
        WINDOW,
        options,
        minimum=1,
        maximum=1,
        rules=rules,
        why=f"one ship {me} can pay for (67.1) and place in {name} (67.5)",
        title=f"Choose the ship {source} produces in {name}",
    )
    answer = ask(game, prompt)
    unit = answer[0] if isinstance(answer, tuple) and answer else options[0]
    paid = cost({unit: 1}, st.seat(game, me).faction)
    _pay(game, me, paid)
    game.say(
        me,
        f"{me} produces {changes.units_text(unit, 1)} in {name} with {source} for "
        f"{changes.plural(paid, 'resource')}",
        event="produce",
        rules=rules,
    )
    changes.place_units(game, me, unit, 1, system, None, rules=rules)
    movement.settle_capacity(game, me, system)
    return True
