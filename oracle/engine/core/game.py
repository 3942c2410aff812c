"""The one mutable game: players, zones, card instances, clock, RNG and records."""

from __future__ import annotations

import copy as _copy
import functools
import hashlib
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.effects import BLANK, View
from oracle.engine.core.errors import EngineStop
from oracle.engine.core.prompts import PromptQueue, passing_decider
from oracle.engine.core.records import Decision, LogEntry

if TYPE_CHECKING:
    from oracle.engine.core.effects import Delayed, Lasting
    from oracle.engine.core.events import Event
    from oracle.engine.core.pack import Pack
    from oracle.engine.core.prompts import Decider

HAND = "hand"
DECK = "deck"
DISCARD = "discard"
PLAY = "play"
RESOLVING = "resolving"
CORE_ZONES = (HAND, DECK, DISCARD, PLAY, RESOLVING)


@dataclass(frozen=True)
class Budget:
    """Guards that stop a runaway scenario with a clear error instead of a hang.

    ``work`` counts events and prompts over the whole run, ``depth`` bounds nested
    events, ``settle`` bounds the passes that recompute persistent effects.
    ``log`` and ``options`` bound the result: its log entries, and the legal
    options listed by its decision points (one more for each point).
    """

    work: int = 20_000
    depth: int = 40
    settle: int = 12
    log: int = 5_000
    options: int = 20_000


#: The guards of a game given none: shared by every such game (frozen).
DEFAULT_BUDGET = Budget()


def stable_id(seed: int, n: int) -> str:
    """Return a uuid-shaped id derived from ``seed`` and a sequence number.

    The blake2b hash of ``"<seed>/<n>"`` with the version-4 and RFC 4122 variant
    bits set, as ``uuid.UUID(version=4)`` sets them.

    >>> stable_id(7, 1) == stable_id(7, 1)
    True
    """
    return _stable_id(_seeded(seed), n)


def _stable_id(seeded: hashlib.blake2b, n: int) -> str:
    """``stable_id`` from the hash state of its seed (``_seeded``): a game keeps
    that state, so making a card asks no cache for it."""
    digest = seeded.copy()
    digest.update(b"%d" % n)  # ``str(n).encode()``, in one operation
    h = digest.hexdigest()
    # Byte 6 becomes 0x4?, byte 8 becomes 0b10??????: hex digits 12 and 16.
    return f"{h[:8]}-{h[8:12]}-4{h[13:16]}-{_VARIANT[h[16]]}{h[17:20]}-{h[20:]}"


_VARIANT = {d: "89ab"[int(d, 16) & 3] for d in "0123456789abcdef"}


@functools.lru_cache(maxsize=64, typed=True)
def _seeded(seed: int) -> hashlib.blake2b:
    """The hash state after ``"<seed>/"``, copied for each id of the seed (and
    never updated itself: games with the same seed share it)."""
    return hashlib.blake2b(f"{seed}/".encode(), digest_size=16)


@dataclass
class Clock:
    """Where the game is in time: phase, round, turn and the active player."""

    phase: str
    round: int = 1
    turn: int = 1
    active_player: str = ""
    window: str | None = None
    periods: list[str] = field(default_factory=list)


def _new_player(name: str, seat: int, zones: Sequence[str]) -> Player:
    return Player(name, seat, {z: [] for z in zones})


class Game:
    """Mutable game state plus the records a run produces.

    Build one with ``Game(pack, players=[...], seed=...)``; scenarios do this for
    you. ``copy()`` returns an independent game sharing only the pack.
    """

    def __init__(
        self,
        pack: Pack,
        *,
        players: Sequence[str],
        seed: int = 0,
        phase: str | None = None,
        budget: Budget | None = None,
    ) -> None:
        self.pack = pack
        self.seed = seed
        self._rng: random.Random | None = None
        self.budget = budget or DEFAULT_BUDGET
        zones = (*CORE_ZONES, *pack.player_zones)
        self.players: list[Player] = [
            _new_player(name, i, zones) for i, name in enumerate(players)
        ]
        self._by_name: dict[str, Player] = {}
        for player in self.players:  # the first of equal names, as a scan finds
            self._by_name.setdefault(player.name, player)
        self.shared: dict[str, list[str]] = {z: [] for z in pack.shared_zones}
        self.cards: dict[str, Card] = {}
        first = players[0] if players else ""
        self.clock = Clock(phase=phase or pack.first_phase(), active_player=first)
        self.limits: dict[str, int] = {}
        self.limit_periods: dict[str, str] = {}
        self.lasting: list[Lasting] = []
        self.delayed: list[Delayed] = []
        self.view: View = View()
        self.flags: dict[str, object] = {}
        self.log: list[LogEntry] = []
        self.decisions: list[Decision] = []
        self.prompts: PromptQueue = PromptQueue()
        self.io: Decider = passing_decider()
        self.event_stack: list[Event] = []
        # The moves made while an event resolves, (card, zone it left), for
        # the event to announce its cards' crossings (``flow.events``).
        self.moved: list[tuple[Card, str]] = []
        self.at = 0
        self.work = 0
        self.options = 0  # the decision points' options, with one for each point
        self.step: int | None = None
        self.stock: dict[tuple[str, str | None], dict[str, int]] = {}
        self._serial = 0
        self._seeded = _seeded(seed)  # shared, never updated: see ``copy``
        self._with_slugs: dict[frozenset[str], tuple[int, list[Card]]] = {}

    @property
    def rng(self) -> random.Random:
        """The game's random generator, seeded with ``seed``.

        Made when first used: seeding is a good part of making a game, and
        many runs never draw. The draws are the same as if it were made at
        once (the ``copy`` of a game that has not drawn yet seeds its own).
        """
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    # -- lookups ---------------------------------------------------------------

    def player(self, name: str) -> Player:
        """Return the player called ``name`` (KeyError if absent)."""
        return self._by_name[name]

    def has_player(self, name: str) -> bool:
        """Return whether a player called ``name`` sits at the table."""
        return name in self._by_name

    def seat_order(self, start: str | None = None) -> list[Player]:
        """Return players in seat order starting from ``start`` (default: active)."""
        first = start or self.clock.active_player
        names = [p.name for p in self.players]
        i = names.index(first) if first in names else 0
        return self.players[i:] + self.players[:i]

    def opponents(self, name: str) -> list[Player]:
        """Return the other players in seat order after ``name``."""
        return [p for p in self.seat_order(name) if p.name != name]

    def definition(self, card: Card) -> CardDef:
        """Return the definition of a card instance."""
        return self.pack.cards[card.slug]

    def name_of(self, card: Card) -> str:
        """Return the printed name of a card instance."""
        return self.pack.cards[card.slug].name

    def zone(self, zone: str, player: str | None = None) -> list[str]:
        """Return the live list of card ids in a zone (a shared one if no player)."""
        if player is None:
            return self.shared[zone]
        return self._by_name[player].zones[zone]  # ``player()``, one call fewer

    def cards_in(self, zone: str, player: str | None = None) -> list[Card]:
        """Return the cards in a zone, top first; ``player`` None means every seat."""
        cards = self.cards
        if player is not None or zone in self.shared:
            return [cards[i] for i in self.zone(zone, player)]
        return [cards[i] for p in self.players for i in p.zones.get(zone, ())]

    def cards_with(self, slugs: frozenset[str]) -> list[Card]:
        """Return the cards whose slug is in ``slugs``, in creation order.

        Cards are never removed and a card's slug never changes, so the answer
        only changes when a card is created: it is cached until then. The list
        is shared: do not change it.
        """
        if not slugs:
            return []
        cached = self._with_slugs.get(slugs)
        if cached is not None and cached[0] == len(self.cards):
            return cached[1]
        found = [card for card in self.cards.values() if card.slug in slugs]
        self._with_slugs[slugs] = (len(self.cards), found)
        return found

    def all_cards(self) -> Iterator[Card]:
        """Yield every card instance in a stable order."""
        return iter(self.cards.values())

    def instance_ids(self) -> list[str]:
        """Return the sorted multiset of card ids across all zones."""
        ids = [i for ids in self.shared.values() for i in ids]
        ids += [i for p in self.players for ids in p.zones.values() for i in ids]
        return sorted(ids)

    def census(self) -> dict[str, int]:
        """Return how many cards of each slug the game holds, instances in
        zones plus counted stock, sorted by slug (what conservation keeps)."""
        found: dict[str, int] = {}
        for card_id in self.instance_ids():
            slug = self.cards[card_id].slug
            found[slug] = found.get(slug, 0) + 1
        for counted in self.stock.values():
            for slug, n in counted.items():
                found[slug] = found.get(slug, 0) + n
        return dict(sorted(found.items()))

    # -- stock zones -----------------------------------------------------------
    #
    # A stock zone (``Pack.stock_zones``) holds untouched component stock as
    # counts per slug, and may also hold card instances (the scenario's own
    # cards, or cards that came back). A counted card becomes an instance only
    # when it leaves the zone: ``take_from_stock`` and ``draw_from_stock``.

    def is_stock(self, zone: str) -> bool:
        """Return whether ``zone`` is a stock zone of the pack."""
        return zone in self.pack.stock_zones

    def add_stock(
        self, zone: str, counts: Mapping[str, int], player: str | None = None
    ) -> None:
        """Count more cards (``{slug: how many}``) in a stock zone (a shared one
        if no player) without creating instances; counts below 1 add nothing."""
        if zone not in self.pack.stock_zones:  # ``is_stock``, one call fewer
            raise ValueError(f"{zone!r} is not a stock zone")
        holder = None if zone in self.shared else player
        counted = self.stock.get((zone, holder))
        if not counted:  # the usual case, at setup: a copy, filtered if need be
            fresh = dict(counts)
            if fresh and min(fresh.values()) < 1:
                fresh = {s: n for s, n in fresh.items() if n > 0}
            self.stock[(zone, holder)] = fresh
            return
        for slug, count in counts.items():
            if count > 0:
                counted[slug] = counted.get(slug, 0) + count

    def stock_count(
        self, zone: str, player: str | None = None, slug: str | None = None
    ) -> int:
        """Return how many cards (of ``slug``) a zone holds, counted or not."""
        counted = self.stock.get((zone, None if zone in self.shared else player), {})
        ids = self.zone(zone, None if zone in self.shared else player)
        if slug is None:
            return sum(counted.values()) + len(ids)
        held = sum(1 for i in ids if self.cards[i].slug == slug)
        return counted.get(slug, 0) + held

    def stock_of(self, zone: str, player: str | None = None) -> dict[str, int]:
        """Return a zone's cards as ``{slug: count}``, sorted by slug."""
        holder = None if zone in self.shared else player
        counted = self.stock.get((zone, holder), {})
        # ``zone()``, one call fewer: each result asks for every stock zone.
        ids = self.shared[zone] if holder is None else self._by_name[holder].zones[zone]
        if ids:
            counted = dict(counted)
            for card_id in ids:
                slug = self.cards[card_id].slug
                counted[slug] = counted.get(slug, 0) + 1
        # Counts are never below 1 (``add_stock``, ``_materialize``). Every
        # result sorts each stock zone (a technology deck: 25 slugs); packs
        # count most stock in slug order, and sorting slugs already in order
        # then copying is several times cheaper than rebuilding by key.
        slugs = sorted(counted)
        if slugs == list(counted):
            return dict(counted)
        return {slug: counted[slug] for slug in slugs}

    def take_from_stock(
        self, zone: str, slug: str, player: str | None = None
    ) -> Card | None:
        """Return a card ``slug`` of a zone, still in it, for the caller to move:
        an instance there if any, else a counted card made an instance now
        (None when the zone holds none)."""
        holder = None if zone in self.shared else player
        for card_id in self.zone(zone, holder):
            if self.cards[card_id].slug == slug:
                return self.cards[card_id]
        counted = self.stock.get((zone, holder), {})
        if not counted.get(slug):
            return None
        return self._materialize(zone, holder, slug)

    def draw_from_stock(self, zone: str, player: str | None = None) -> Card | None:
        """Return the top card of a stock zone, still in it: its first instance,
        else a counted card chosen with the seeded RNG (the counted cards lie
        below the instances in no fixed order, as in a shuffled deck)."""
        holder = None if zone in self.shared else player
        ids = self.zone(zone, holder)
        if ids:
            return self.cards[ids[0]]
        counted = self.stock.get((zone, holder), {})
        total = sum(counted.values())
        if not total:
            return None
        pick = self.rng.randrange(total)
        for slug, n in counted.items():
            if pick < n:
                return self._materialize(zone, holder, slug)
            pick -= n
        raise AssertionError("unreachable: the pick is below the total")

    def _materialize(self, zone: str, holder: str | None, slug: str) -> Card:
        counted = self.stock[(zone, holder)]
        counted[slug] -= 1
        if not counted[slug]:
            del counted[slug]
        owner = holder or ""
        return self.new_card(slug, owner, zone, shared=holder is None)

    # -- computed values -------------------------------------------------------

    def stat(self, card: Card, stat: str) -> int:
        """Return a card's current value of ``stat``: printed plus effects."""
        base = self.definition(card).stats.get(stat, 0)
        return base + self.view.card_stats.get(card.id, {}).get(stat, 0)

    def has_flag(self, card: Card, flag: str) -> bool:
        """Return whether effects give the card ``flag`` (keyword, trait, cannot:X)."""
        return flag in self.view.card_flags.get(card.id, ())

    def has_keyword(self, card: Card, keyword: str) -> bool:
        """Return whether the card has ``keyword``, printed (a trait) or given
        by an effect: the one question a card's text asks of either."""
        return keyword in self.pack.cards[card.slug].traits or self.has_flag(
            card, keyword
        )

    def is_blank(self, card: Card) -> bool:
        """Return whether effects blank the card (``effects.blank``): its
        printed abilities and effects are switched off."""
        return BLANK in self.view.card_flags.get(card.id, ())

    def player_stat(self, name: str, key: str, base: int = 0) -> int:
        """Return ``base`` modified by the player effects on ``key``."""
        return base + self.view.player_stats.get(name, {}).get(key, 0)

    # -- changes ---------------------------------------------------------------

    def new_card(
        self, slug: str, owner: str, zone: str, *, shared: bool = False
    ) -> Card:
        """Create a card instance at the bottom of a zone and return it.

        A card created in a shared zone may have no owner (``""``); it becomes
        the owner's when it first enters a player's zone.
        """
        self._serial += 1
        card_id = _stable_id(self._seeded, self._serial)
        if shared:
            card = Card(card_id, slug, owner, owner, zone, None)
            self.shared[zone].append(card_id)
        else:  # ``zone()``, one call fewer: set-up creates every card
            card = Card(card_id, slug, owner, owner, zone, owner)
            self._by_name[owner].zones[zone].append(card_id)
        self.cards[card_id] = card
        return card

    def move(
        self, card: Card, zone: str, player: str | None = None, *, top: bool = False
    ) -> None:
        """Move a card to a zone, bottom unless ``top``; attachments are discarded.

        A shared zone ignores ``player``; a player zone defaults to the owner's.
        A move while an event resolves is recorded (``moved``): the event then
        raises ``enters_play``, ``leaves_hand``... for it, whoever moved it.
        """
        if self.event_stack:
            self.moved.append((card, card.zone))
        self.zone(card.zone, card.zone_player).remove(card.id)
        if card.parent is not None:
            self.cards[card.parent].attachments.remove(card.id)
            card.parent = None
        for child_id in list(card.attachments):
            child = self.cards[child_id]
            self.move(child, DISCARD, child.owner)
        holder = None if zone in self.shared else (player or card.owner)
        if not card.owner and holder is not None:
            card.owner = holder
        target = self.zone(zone, holder)
        target.insert(0, card.id) if top else target.append(card.id)
        card.zone, card.zone_player = zone, holder
        if zone not in self.pack.in_play_zones:  # play or a pack's in-play zone
            card.exhausted = False
            card.tokens.clear()
            card.controller = card.owner

    def shuffle(self, zone: str, player: str | None = None) -> None:
        """Shuffle a zone with the game's seeded RNG."""
        self.rng.shuffle(self.zone(zone, player))

    # -- records and guards ----------------------------------------------------

    def say(
        self,
        player: str | None,
        message: str,
        *,
        event: str | None = None,
        cards: Iterable[str] = (),
        rules: Iterable[str] = (),
        modelled: bool = True,
    ) -> None:
        """Append a log entry; a trailing full stop or mark is dropped.

        ``modelled=False`` marks an entry that states what happens without the
        engine modelling it: the step's verdict is then "not modelled".
        """
        text = message.rstrip().rstrip(".!?")
        ids = tuple(cards)
        known = self.cards
        entry = LogEntry(
            len(self.log) + 1,
            player,
            text,
            event,
            ids,
            tuple(dict.fromkeys(rules)),
            self.step,
            tuple(known[i].slug if i in known else i for i in ids),
            modelled,
        )
        self.log.append(entry)

    def record(
        self, player: str, window: str, options: Sequence[str], prompt: str = ""
    ) -> None:
        """Record a decision point with the legal options offered and the text
        the player is shown (``prompt``, none for a response window)."""
        self.decisions.append(Decision(self.at, player, window, tuple(options), prompt))
        self.options += 1 + len(options)

    def spend(self, amount: int = 1) -> None:
        """Spend work from the budget; stop the run when it is exhausted."""
        self.work += amount
        if self.work > self.budget.work:
            raise EngineStop(
                "step-budget",
                f"the run exceeds its budget of {self.budget.work} engine steps",
            )
        # The result grows with the work: checked here, where the run can stop.
        if len(self.log) > self.budget.log:
            raise EngineStop(
                "result-budget",
                f"the run's log exceeds its budget of {self.budget.log} entries",
            )
        if self.options > self.budget.options:
            raise EngineStop(
                "result-budget",
                f"the run's decision points list more than {self.budget.options} "
                "options",
            )

    def copy(self) -> Game:
        """Return an independent copy of the game (the pack, the budget and
        the definitions its effects hold are shared)."""
        # The hash state of the card ids cannot be copied by ``deepcopy``; it
        # is never updated, so the copy shares it as it shares the pack.
        shared: list[object] = [self.pack, self.budget, self.io, self._seeded]
        # Definitions are frozen values: the copy shares them, as it shares the pack.
        for lasting in self.lasting:
            shared += [lasting.spec, lasting.until]
        shared += [delayed.ability for delayed in self.delayed]
        shared += [r for rs in self.view.player_restrictions.values() for r in rs]
        memo = {id(item): item for item in shared}
        return _copy.deepcopy(self, memo)
