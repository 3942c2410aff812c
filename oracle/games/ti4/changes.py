"""The changes of TI4, each resolved as an engine event (so windows can see it).

Every function logs in the house language (player first, present tense) and
returns whether its event happened.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.events import Event
from oracle.engine.core.game import HAND, PLAY, Game
from oracle.engine.core.messages import join_words
from oracle.engine.core.prompts import Prompt, PromptKind, ask
from oracle.engine.core.refs import labels
from oracle.engine.flow.events import answerable, resolve_event
from oracle.games.ti4 import cite, laws, reserve
from oracle.games.ti4 import state as st


def happen(
    game: Game,
    name: str,
    *,
    player: str | None,
    message: str | None,
    change: Callable[[], None],
    rules: Sequence[str] = (),
    card: Card | None = None,
    params: dict[str, object] | None = None,
) -> bool:
    """Resolve one change as an event named ``name``; return whether it happened."""
    event = Event(
        name,
        player=player,
        card=card,
        params=params or {},
        change=lambda e: change(),
        message=message,
        rules=rules,
    )
    return resolve_event(game, event)


def plural(n: int, word: str) -> str:
    """Return ``"1 action card"`` / ``"2 action cards"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def units_text(unit: str, n: int) -> str:
    """Return ``"a destroyer"``, ``"2 cruisers"``, ``"3 infantry"``, ``"2 PDS"``."""
    word = "PDS" if unit == "pds" else unit.replace("-", " ")
    if n == 1:
        return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"
    if unit in ("infantry", "pds"):
        return f"{n} {word}"
    return f"{n} {word}s"


def roll(game: Game, player: str) -> int:
    """Roll a ten-sided die for ``player``: the scenario's dice for that
    player first, then its dice in order, then the seed."""
    table = st.table(game)
    preset = table.player_dice.get(player) or table.dice
    return preset.pop(0) if preset else game.rng.randint(1, 10)


# -- action cards -----------------------------------------------------------------


def reshuffle(game: Game) -> bool:
    """Shuffle the discard pile into a new deck if the deck is empty (2.N4)."""
    return reform_deck(
        game,
        st.ACTION_DECK,
        st.ACTION_DISCARD,
        lambda n: (
            "The action card deck is empty: the discard pile "
            f"({plural(n, 'card')}) is shuffled to form a new deck"
        ),
        cite.RESHUFFLE,
    )


def reform_deck(
    game: Game,
    deck: str,
    discard: str,
    text: Callable[[int], str],
    rules: Sequence[str],
) -> bool:
    """Shuffle the ``discard`` pile into ``deck`` if the deck is empty (a
    ``reshuffle`` event); ``text`` words it from the number of cards."""
    pile = game.zone(discard)
    if game.stock_count(deck) or not pile:
        return False

    def change() -> None:
        for card in game.cards_in(discard):
            game.move(card, deck)
        game.shuffle(deck)

    return happen(
        game,
        "reshuffle",
        player=None,
        message=text(len(pile)),
        change=change,
        rules=rules,
    )


def take_to_hand(game: Game, card: Card, name: str) -> None:
    """Move an action card into a player's hand; that player now owns it."""
    game.move(card, HAND, name)
    card.owner = card.controller = name


def draw_action_cards(
    game: Game, name: str, amount: int, rules: Sequence[str] = cite.DRAW
) -> bool:
    """Draw ``amount`` action cards (plus Scheming's extra card) for a player.

    The event ``draw_action_cards`` carries ``amount`` and ``extra``; forced
    interrupts may raise ``extra`` before the draw happens.
    """
    event = Event(
        "draw_action_cards",
        player=name,
        params={"amount": amount, "extra": 0, "drawn": 0},
        rules=rules,
    )
    event.change = lambda e: _draw(game, name, e, rules)
    return resolve_event(game, event)


def _draw(game: Game, name: str, event: Event, rules: Sequence[str]) -> None:
    amount = int(str(event.params["amount"])) + int(str(event.params["extra"]))
    drawn = 0
    for _ in range(amount):
        reshuffle(game)
        top = game.draw_from_stock(st.ACTION_DECK)
        if top is None:
            break
        take_to_hand(game, top, name)
        drawn += 1
    event.params["drawn"] = drawn
    if drawn:
        count = len(st.hand(game, name))
        game.say(
            name,
            f"{name} draws {plural(drawn, 'action card')} ({count} in hand)",
            event="draw_action_cards",
            rules=(*rules, *cite.HIDDEN),
        )
    if drawn < amount:
        what = (
            "no action card" if not drawn else f"only {drawn} of {amount} action cards"
        )
        game.say(
            name,
            f"{name} draws {what}: the action card deck and its discard pile are "
            "both empty",
            event="draw_action_cards",
            rules=cite.RESHUFFLE,
        )
    reshuffle(game)


def discard_from_hand(
    game: Game, name: str, cards: Sequence[Card], reason: str, rules: Sequence[str]
) -> bool:
    """Discard action cards from a hand to the action discard pile."""

    def change() -> None:
        for card in cards:
            game.move(card, st.ACTION_DISCARD)

    names = join_words([game.name_of(c) for c in cards])
    text = f"{name} discards {names} {reason}"
    return happen(
        game,
        "discard_action_cards",
        player=name,
        message=text,
        change=change,
        rules=rules,
    )


def choose_cards(
    game: Game,
    name: str,
    window: str,
    cards: Sequence[Card],
    count: int,
    rules: Sequence[str],
) -> list[Card]:
    """Ask a player to pick exactly ``count`` of ``cards`` (labels as options);
    an answer that is not one of them is refused citing ``rules``."""
    options = labels(game, list(cards))
    prompt = Prompt(
        PromptKind.CARD,
        name,
        window,
        tuple(options),
        minimum=count,
        maximum=count,
        rules=tuple(rules),
    )
    answer = ask(game, prompt)
    picked = answer if isinstance(answer, tuple) else (str(answer),)
    return [cards[options.index(str(p))] for p in picked]


def enforce_hand_limit(game: Game, name: str) -> None:
    """Discard down to the hand limit at once (2.4, 2.N12); no playing down."""
    limit = st.hand_limit(game, name)
    held = st.hand(game, name)
    if limit is None or len(held) <= limit:
        return
    excess = len(held) - limit
    game.say(
        name,
        f"{name} holds {len(held)} action cards, more than the limit of {limit}, "
        f"and must discard {excess} at once (not by playing or trading them)",
        event="hand_limit",
        rules=cite.HAND_LIMIT,
    )
    chosen = choose_cards(game, name, "hand-limit", held, excess, cite.HAND_LIMIT)
    discard_from_hand(game, name, chosen, "to the hand limit", cite.HAND_LIMIT)


# -- tokens and trade goods ---------------------------------------------------------


def gain_technology(
    game: Game, name: str, slug: str, how: str, rules: Sequence[str]
) -> bool:
    """``name`` gains the technology ``slug`` from their technology deck, not
    researching it (90.5); ``how`` ends the line (", owned by Bob")."""
    tech = game.take_from_stock(st.TECH_DECK, slug, name)
    if tech is None:
        return False

    def change() -> None:
        game.move(tech, PLAY, name)

    return happen(
        game,
        "gain_technology",
        player=name,
        message=f"{name} gains {game.name_of(tech)}{how}",
        change=change,
        card=tech,
        rules=rules,
    )


def gain_trade_goods(
    game: Game, player: Player, amount: int, why: str, rules: Sequence[str] = ()
) -> bool:
    """Give a player trade goods (zero is a legal amount for "each" effects)."""

    def change() -> None:
        player.resources[st.TRADE_GOODS] = player.resource(st.TRADE_GOODS) + amount

    text = f"{player.name} gains {plural(amount, 'trade good')} {why}".rstrip()
    return happen(
        game,
        "gain_trade_goods",
        player=player.name,
        message=text,
        change=change,
        rules=rules,
    )


def spend_trade_goods(game: Game, player: Player, amount: int, why: str) -> bool:
    """Spend trade goods the player has."""

    def change() -> None:
        player.resources[st.TRADE_GOODS] = player.resource(st.TRADE_GOODS) - amount

    text = f"{player.name} spends {plural(amount, 'trade good')} {why}".rstrip()
    return happen(
        game,
        "spend_trade_goods",
        player=player.name,
        message=text,
        change=change,
        rules=cite.TRADE_GOOD_SPEND,
    )


def gain_command_token(
    game: Game, player: Player, pool: str, why: str, rules: Sequence[str] = ()
) -> bool:
    """Move a command token from reinforcements into a pool (20.2, 20.3a)."""
    if player.resource(st.TOKENS_LEFT) <= 0:
        game.say(
            player.name,
            f"{player.name} gains no command token {why}: none is left in "
            "reinforcements",
            event="gain_command_token",
            rules=cite.NO_TOKEN_LEFT,
        )
        return False
    limit = laws.fleet_limit(game) if pool == st.FLEET else None
    if limit is not None and player.resource(pool) >= limit:
        game.say(
            player.name,
            f"{player.name} gains no command token in the fleet pool"
            f"{' ' + why if why else ''}: Fleet Regulations allows at most {limit} "
            "there",
            event="gain_command_token",
            rules=cite.LAW_FLEET_LIMIT,
        )
        return False

    def change() -> None:
        player.resources[st.TOKENS_LEFT] = player.resource(st.TOKENS_LEFT) - 1
        player.resources[pool] = player.resource(pool) + 1

    text = f"{player.name} gains a command token in the {pool} pool {why}".rstrip()
    return happen(
        game,
        "gain_command_token",
        player=player.name,
        message=text,
        change=change,
        rules=(*rules, *cite.TOKEN_POOLS),
    )


def pick_pool(game: Game, name: str, window: str) -> str:
    """Ask which pool a gained command token goes to (default: tactic); not
    a fleet pool that Fleet Regulations holds full."""
    pools: tuple[str, ...] = st.POOLS
    rules: tuple[str, ...] = cite.TOKEN_POOLS
    limit = laws.fleet_limit(game)
    if limit is not None and game.player(name).resource(st.FLEET) >= limit:
        pools = tuple(p for p in pools if p != st.FLEET)
        rules = cite.LAW_FLEET_LIMIT
    prompt = Prompt(PromptKind.OPTION, name, window, pools, rules=rules)
    return str(ask(game, prompt))


def place_command_token(
    game: Game, owner: Player, system: Card, by: str, rules: Sequence[str]
) -> bool:
    """Place a player's command token from reinforcements in a system.

    With no token in reinforcements one comes from a pool (20.3b); a system that
    already holds one of the player's tokens takes no second one (20.6).
    """
    key = st.token_key(owner.name)
    where = game.name_of(system)
    if system.token_count(key):
        game.say(
            by,
            f"{by} places no token of {owner.name} in {where}: one is already there, "
            "so the token stays in reinforcements",
            event="place_command_token",
            rules=(*rules, *cite.TOKEN_ALREADY_THERE),
        )
        return True
    source = st.TOKENS_LEFT
    extra: tuple[str, ...] = ()
    if owner.resource(st.TOKENS_LEFT) <= 0:
        source = token_from_pool(game, owner)
        extra = cite.TOKEN_FROM_POOL
        if not source:
            return False

    def change() -> None:
        owner.resources[source] = owner.resource(source) - 1
        system.tokens[key] = 1

    text = (
        f"{by} places a command token of {owner.name} from their reinforcements "
        f"in {where}"
    )
    if source != st.TOKENS_LEFT:
        text = (
            f"{by} places a command token of {owner.name} in {where}: {owner.name} "
            f"has none in reinforcements and takes it from their {source} pool"
        )
    return happen(
        game,
        "place_command_token",
        player=by,
        message=text,
        change=change,
        rules=(*rules, *extra),
        params={"owner": owner.name, "system": system.slug},
    )


def token_from_pool(game: Game, owner: Player) -> str:
    """Ask ``owner`` which pool gives the token an effect places when none is
    left in their reinforcements (20.3b: the player takes it, so the player
    chooses); "" when every pool is empty."""
    pools = tuple(p for p in st.POOLS if owner.resource(p) > 0)
    if not pools:
        return ""
    prompt = Prompt(
        PromptKind.OPTION,
        owner.name,
        "command-token:pool",
        pools,
        rules=cite.TOKEN_FROM_POOL,
        why=f"{owner.name} takes the token from a pool that holds one",
    )
    return str(ask(game, prompt))


def remove_board_token(
    game: Game, owner: Player, system: Card, why: str, rules: Sequence[str] = ()
) -> bool:
    """Take a player's command token off a system back to reinforcements."""
    key = st.token_key(owner.name)

    def change() -> None:
        system.tokens.pop(key, None)
        owner.resources[st.TOKENS_LEFT] = owner.resource(st.TOKENS_LEFT) + 1

    text = f"{owner.name} returns their command token in {game.name_of(system)} {why}"
    return happen(
        game,
        "remove_command_token",
        player=owner.name,
        message=text.rstrip(),
        change=change,
        rules=rules,
    )


# -- planets ------------------------------------------------------------------------


def exhaust_planet(
    game: Game, by: str, planet: Card, why: str = "", rules: Sequence[str] = ()
) -> bool:
    """Exhaust a readied planet card."""

    def change() -> None:
        planet.exhausted = True

    owner = planet.controller
    whose = "" if owner == by else f"{st.pronoun_possessive(owner)} "
    text = f"{by} exhausts {whose}{game.name_of(planet)} {why}".rstrip()
    return happen(
        game,
        "exhaust_planet",
        player=by,
        message=text,
        change=change,
        card=planet,
        rules=rules,
    )


def ready_planet(
    game: Game, by: str, planet: Card, why: str = "", rules: Sequence[str] = ()
) -> bool:
    """Ready an exhausted planet card."""

    def change() -> None:
        planet.exhausted = False

    text = f"{by} readies {game.name_of(planet)} {why}".rstrip()
    return happen(
        game,
        "ready_planet",
        player=by,
        message=text,
        change=change,
        card=planet,
        rules=rules,
    )


# -- units ----------------------------------------------------------------------------


def place_units(
    game: Game,
    owner: str,
    unit: str,
    count: int,
    system: Card,
    planet: Card | None = None,
    *,
    by: str | None = None,
    rules: Sequence[str] = (),
    borrow: bool = True,
) -> int:
    """Place units on the board; return how many were placed.

    They come from reinforcements; then, for fighters and infantry, as tokens
    from the supply (23.4b); otherwise, unless ``borrow`` is False, from a
    system without the owner's command token, by way of reinforcements (23.4a).
    See ``reserve``.
    """
    actor = by or owner
    if barred_planet(game, actor, unit, planet):
        return 0
    where = reserve.destination(system, planet)
    found = reserve.plan(game, owner, unit, count, where, borrow=borrow)
    for card in found.borrowed:
        take_back(game, actor, card)
    stock = min(count, st.in_reinforcements(game, owner, unit))
    tokens = min(found.tokens, count - stock)
    total = stock + tokens
    if not total:
        return 0

    def put(card: Card) -> None:
        game.move(card, PLAY, owner)
        card.owner = card.controller = owner
        card.data["system"] = st.system_id(system)
        if planet is not None:
            card.data["planet"] = planet.slug

    def change() -> None:
        for _ in range(stock):
            card = st.from_reinforcements(game, owner, unit)
            if card is None:  # something took them while the event was open
                break
            put(card)
        for _ in range(tokens):
            put(reserve.token(game, owner, unit))

    name = game.name_of(planet) if planet is not None else game.name_of(system)
    text = _placed(actor, unit, (stock, tokens), "on" if planet else "in", name)
    extra = cite.UNIT_TOKENS if tokens else ()
    happened = happen(
        game,
        "place_units",
        player=actor,
        message=text,
        change=change,
        rules=(*rules, *extra),
    )
    return total if happened else 0


def barred_planet(game: Game, actor: str, unit: str, planet: Card | None) -> bool:
    """Whether Demilitarized Zone bars placing units on ``planet``; if so,
    log that ``actor`` places no ``unit`` there."""
    if not laws.demilitarized(game, planet):
        return False
    assert planet is not None  # demilitarized
    game.say(
        actor,
        f"{actor} places no {unit} on {game.name_of(planet)}: Demilitarized Zone "
        "is attached to it",
        event="place_units",
        rules=cite.LAW_DEMILITARIZED,
    )
    return True


def _placed(
    actor: str, unit: str, counts: tuple[int, int], side: str, name: str
) -> str:
    """The log line of a placement of ``counts`` = (from reinforcements, tokens)."""
    stock, tokens = counts
    what = units_text(unit, stock + tokens)
    if not tokens:
        return f"{actor} places {what} from reinforcements {side} {name}"
    if not stock:
        source = "a token from the supply" if tokens == 1 else "tokens from the supply"
        return f"{actor} places {what} {side} {name} as {source}"
    return (
        f"{actor} places {what} {side} {name}: {stock} "
        f"from reinforcements and {plural(tokens, 'token')} from the supply"
    )


def take_back(game: Game, by: str, card: Card) -> bool:
    """Take a unit off the board into its owner's reinforcements, to place it
    again at once: none of its type is left there (23.4a)."""
    owner, system = card.owner, st.system_of(game, card)
    where = game.name_of(system) if system is not None else "its system"
    here = st.location(game, card)
    side = "on" if card.data.get("planet") else "in"
    theirs = "theirs" if owner == by else st.pronoun_possessive(owner)
    rules: tuple[str, ...] = cite.BORROW_UNIT
    why = f"none was left there, and {where} holds no command token of {theirs}"
    if reserve.unlimited(card.slug):
        rules = (*rules, *cite.NEEDS_PLASTIC.get(card.slug, ()))
        why = (
            f"every plastic {card.slug} of {theirs} is in use, this one stands "
            f"alone, and {where} holds no command token of {theirs}"
        )
    word = units_text(card.slug, 1)
    if owner != by:
        word = f"{st.pronoun_possessive(owner)} {word.split(' ', 1)[1]}"

    def change() -> None:
        card.data.clear()
        game.move(card, st.REINFORCEMENTS, owner)

    text = f"{by} takes {word} {side} {here} back to reinforcements to place it: {why}"
    return happen(
        game, "remove_units", player=by, message=text, change=change, rules=rules
    )


def destroy_units(
    game: Game, by: str, targets: Sequence[Card], rules: Sequence[str] = ()
) -> bool:
    """Destroy units: they go back to their owners' reinforcements."""
    if not targets:
        return False
    change, text = _destruction(game, by, targets)
    return happen(
        game, "destroy_units", player=by, message=text, change=change, rules=rules
    )


#: The events a destruction may open windows for (``destroy_each``).
DESTRUCTION_EVENTS = ("destroy_units", "leaves_play", "stats_change")


def destroy_each(
    game: Game,
    by: str,
    targets: Sequence[Card],
    rules: Sequence[str] = (),
    before: Callable[[Card], None] = lambda card: None,
) -> None:
    """Destroy units one after the other, each with its own line, as
    ``destroy_units`` logs it (``before``: called with each unit just before
    it goes). Each is its own ``destroy_units`` event while an ability may
    answer a destruction (or a unit leaving play, or a change of stats);
    otherwise no window could open between them, and one event destroys them
    all, with the same lines."""
    if len(targets) < 2 or any(answerable(game, n) for n in DESTRUCTION_EVENTS):
        for card in targets:
            before(card)
            destroy_units(game, by, [card], rules)
        return
    steps = [(card, *_destruction(game, by, [card])) for card in targets]

    def change() -> None:
        for card, one, text in steps:
            before(card)
            one()
            game.say(by, text, event="destroy_units", rules=rules)

    happen(game, "destroy_units", player=by, message=None, change=change, rules=rules)


def _destruction(
    game: Game, by: str, targets: Sequence[Card]
) -> tuple[Callable[[], None], str]:
    """The change that destroys ``targets`` and the line that tells it."""
    owner = targets[0].owner
    where = st.location(game, targets[0])

    def change() -> None:
        for card in targets:
            card.data.clear()
            game.move(card, st.REINFORCEMENTS, card.owner)
        for who, unit in sorted({(c.owner, c.slug) for c in targets}):
            for _ in range(reserve.surplus(game, who, unit)):
                token = st.from_reinforcements(game, who, unit)
                if token is not None:
                    game.move(token, st.UNIT_TOKENS)

    counts: dict[str, int] = {}
    for card in targets:
        counts[card.slug] = counts.get(card.slug, 0) + 1
    what = join_words(
        [
            units_text(u, n).split(" ", 1)[1] if n == 1 else units_text(u, n)
            for u, n in counts.items()
        ]
    )
    whose = "their own" if owner == by else st.pronoun_possessive(owner)
    side = "on" if targets[0].data.get("planet") else "in"
    return change, f"{by} destroys {whose} {what} {side} {where}"


def give_speaker_token(
    game: Game, by: str, new: str, message: str, rules: Sequence[str]
) -> bool:
    """Make ``new`` the speaker (Politics, Politics Rider, Public Execution)."""

    def change() -> None:
        st.table(game).speaker = new

    return happen(
        game, "speaker", player=by, message=message, change=change, rules=rules
    )


def put_on_planet(
    game: Game,
    player: str,
    found: Sequence[Card],
    planet: Card,
    message: str,
    rules: Sequence[str],
) -> bool:
    """Move units already on the board onto ``planet`` (and its system) as one
    ``move_units`` event of ``player`` (a card moving ground forces, 58.9)."""
    where = st.system_of(game, planet)
    if where is None:
        return False
    system = st.system_id(where)

    def change() -> None:
        for unit in found:
            unit.data["system"] = system
            unit.data["planet"] = planet.slug

    return happen(
        game, "move_units", player=player, message=message, change=change, rules=rules
    )
