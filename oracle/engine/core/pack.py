"""The pack interface: everything a game brings to the engine, and the registry.

A pack names its zones, phases, timing windows and periods, its rule checks and
rule-driven abilities and effects, its card definitions by slug, the rule ids
the core cites for its generic refusals, and hooks for scenario set-up and
state serialisation. The core knows no game.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Self

from oracle.engine.core import refs
from oracle.engine.core.abilities import Ability, AbilityKind, Target
from oracle.engine.core.cards import Card, CardDef, Player
from oracle.engine.core.context import Context
from oracle.engine.core.effects import Persistent
from oracle.engine.core.errors import IllegalPlay, Problem

if TYPE_CHECKING:
    from oracle.engine.core.game import Game
    from oracle.engine.core.scenario import Scenario
    from oracle.engine.core.spelling import Spelling


@dataclass(frozen=True, slots=True)
class Triggered:
    """The abilities of one kind that one event may trigger (``Pack.triggered``).

    ``cards``: by card slug, the (index, ability) pairs; ``slugs``: its keys.
    ``rules``: the pack's rule abilities as (None, index, ability), the source
    card being None (``rule_abilities`` is the tuple they come from).
    """

    slugs: frozenset[str]
    cards: dict[str, tuple[tuple[int, Ability], ...]]
    rules: tuple[tuple[None, int, Ability], ...]
    rule_abilities: tuple[Ability, ...]


@dataclass(frozen=True)
class _Index:
    """What the engine looks up by event, effect and type: built when the pack
    registers (``Pack.index``), or on first use by a pack that is not."""

    triggers: dict[tuple[AbilityKind, str], frozenset[str]]  # slugs by kind, event
    kinds: dict[str, tuple[AbilityKind, ...]]  # ability kinds answering an event
    effects: frozenset[str]  # slugs of cards with persistent effects
    types: dict[str, frozenset[str]]  # slugs by card type
    triggered: dict[tuple[AbilityKind, str], Triggered]  # ``Pack.triggered``


#: Keys of ``Pack.citations``: the generic checks the core makes.
CITATION_KEYS = (
    "location",
    "phase",
    "window",
    "timing",
    "limit",
    "condition",
    "cost",
    "target",
    "resolve",
    "choice",
    "blank",
)
BUILTIN_PERIODS = ("turn", "phase", "round", "game")
#: Core zones that may be stock zones (``play`` and ``resolving`` may not).
STOCKABLE_CORE_ZONES = frozenset({"hand", "deck", "discard"})


@dataclass(frozen=True)
class RuleCheck:
    """A game rule checked before any ability is used.

    ``test`` returns the refusal reason (player first, no final stop) or None;
    a check whose rule ids depend on the case returns an ``IllegalPlay`` with
    them instead of a reason (``rules`` then lists every id it may cite).

    ``kinds`` and ``card_types`` declare the situations the check applies to:
    the ability kinds, and the types of the ability's source card (a sourceless
    rule ability has none, so a check with ``card_types`` never sees it). None
    means every one. The pack runs a check only where it applies
    (``Pack.checks_for``), so a declaration is a promise that ``test`` returns
    None everywhere else; ``test`` still guards itself, which lets a test run
    every check everywhere and compare.
    """

    name: str
    rules: tuple[str, ...]
    test: Callable[[Context], str | IllegalPlay | None]
    kinds: frozenset[AbilityKind] | None = None
    card_types: frozenset[str] | None = None

    def applies(self, kind: AbilityKind, card_type: str | None) -> bool:
        """Return whether the check applies to an ability of ``kind`` whose
        source is a card of ``card_type`` (None: no source card)."""
        if self.kinds is not None and kind not in self.kinds:
            return False
        return self.card_types is None or card_type in self.card_types


class Pack:
    """A game pack. Subclass it to override the hooks; pass the data in.

    >>> pack = Pack("demo", phases=("main",))
    >>> pack.first_phase()
    'main'
    """

    #: Slugs the pack used to give cards, each mapped to the card's slug now: a
    #: scenario that writes an old one still parses, as the current slug.
    slug_aliases: Mapping[str, str] = MappingProxyType({})

    def __init__(
        self,
        slug: str,
        *,
        name: str = "",
        cards: Iterable[CardDef] = (),
        phases: Sequence[str] = ("main",),
        player_zones: Sequence[str] = (),
        shared_zones: Sequence[str] = (),
        stock_zones: Sequence[str] = (),
        in_play_zones: Sequence[str] = (),
        windows: Sequence[str] = (),
        periods: Sequence[str] = (),
        rule_checks: Sequence[RuleCheck] = (),
        rule_abilities: Sequence[Ability] = (),
        rule_effects: Sequence[Persistent] = (),
        citations: Mapping[str, Sequence[str]] | None = None,
        extra_rule_ids: Iterable[str] = (),
    ) -> None:
        self.slug = slug
        self.name = name or slug
        self.cards: dict[str, CardDef] = {c.slug: c for c in cards}
        self.phases = tuple(phases)
        self.player_zones = tuple(player_zones)
        self.shared_zones = tuple(shared_zones)
        self.stock_zones = frozenset(stock_zones)
        # Zones whose cards the game counts as in play besides ``play``
        # (provinces, holdings): lasting effects fix on their cards too.
        self.in_play_zones = ("play", *in_play_zones)
        self.windows = tuple(windows)
        self.periods = tuple(periods)
        self.rule_checks = tuple(rule_checks)
        # Shared by ``extended`` copies: the checks and card types are the same.
        self._checks: dict[tuple[AbilityKind, str | None], tuple[RuleCheck, ...]] = {}
        self._checked = self.rule_checks
        self.rule_abilities = tuple(rule_abilities)
        self.rule_effects = tuple(rule_effects)
        self.citations = {k: tuple(v) for k, v in (citations or {}).items()}
        self.extra_rule_ids = frozenset(extra_rule_ids)
        self._index: _Index | None = None

    # -- data ------------------------------------------------------------------

    def add_card(self, definition: CardDef) -> None:
        """Register (or replace) a card definition by its slug."""
        self._add_cards((definition,))

    def extended(self, definitions: Iterable[CardDef]) -> Self:
        """Return a copy of the pack that also defines ``definitions`` (say a
        game's board); the copy starts from this pack's indexes."""
        self._indexes()
        clone = copy.copy(self)
        clone.cards = dict(self.cards)
        clone._add_cards(definitions)
        return clone

    def _add_cards(self, definitions: Iterable[CardDef]) -> None:
        """Register definitions, updating the indexes once for all of them."""
        index = self._index
        added: dict[str, set[str]] = {}  # new slugs by type
        for definition in definitions:
            replaced = self.cards.get(definition.slug)
            self.cards[definition.slug] = definition
            if replaced or definition.abilities or definition.effects:
                index = None  # triggers or effects change: index afresh
            else:  # a new card without abilities or effects: only its type is new
                added.setdefault(definition.type, set()).add(definition.slug)
        if index is None or not added:
            self._index = index
            return
        types = dict(index.types)
        for card_type, slugs in added.items():
            types[card_type] = types.get(card_type, frozenset()) | slugs
        self._index = dataclasses.replace(index, types=types)

    def card(self, slug: str) -> CardDef:
        """Return the definition for ``slug`` (KeyError if unknown)."""
        return self.cards[slug]

    def has_card(self, slug: str) -> bool:
        """Return whether the pack defines ``slug``."""
        return slug in self.cards

    def implemented_cards(self) -> frozenset[str]:
        """Return the slugs of every card the pack implements."""
        return frozenset(self.cards)

    def first_phase(self) -> str:
        """Return the phase a game starts in unless a scenario says otherwise."""
        return self.phases[0]

    def citation(self, key: str) -> tuple[str, ...]:
        """Return the rule ids cited for a generic core check (see CITATION_KEYS)."""
        return self.citations.get(key, ())

    def cited_rule_ids(self) -> frozenset[str]:
        """Return every rule id the pack (cards included) can cite."""
        found: set[str] = set(self.extra_rule_ids)
        for ids in self.citations.values():
            found.update(ids)
        for check in self.rule_checks:
            found.update(check.rules)
        things: list[object] = [*self.rule_abilities, *self.rule_effects]
        for definition in self.cards.values():
            things.extend(definition.abilities)
            things.extend(definition.effects)
        seen: set[int] = set()
        for thing in things:
            _collect_rules(thing, found, seen)
        return frozenset(found)

    def checks_for(
        self, kind: AbilityKind, card_type: str | None
    ) -> tuple[RuleCheck, ...]:
        """Return the rule checks that apply to an ability of ``kind`` whose
        source is a card of ``card_type`` (None: no source), in pack order."""
        if self._checked is not self.rule_checks:  # reassigned: index afresh
            self._checks, self._checked = {}, self.rule_checks
        found = self._checks.get((kind, card_type))
        if found is None:
            found = tuple(c for c in self.rule_checks if c.applies(kind, card_type))
            self._checks[(kind, card_type)] = found
        return found

    def slugs_for(self, kind: AbilityKind, event: str) -> frozenset[str]:
        """Return the slugs with an ability of ``kind`` triggered by ``event``."""
        return (self._index or self._indexes()).triggers.get((kind, event), frozenset())

    def may_trigger(self, kind: AbilityKind, event: str) -> bool:
        """Return whether any card or rule ability of ``kind`` answers ``event``."""
        return kind in (self._index or self._indexes()).kinds.get(event, ())

    def trigger_kinds(self, event: str) -> tuple[AbilityKind, ...]:
        """Return the kinds of card or rule ability that answer ``event`` (one
        look-up for every ``may_trigger`` of an event)."""
        return (self._index or self._indexes()).kinds.get(event, ())

    def triggered(self, kind: AbilityKind, event: str) -> Triggered:
        """Return the card and rule abilities of ``kind`` that ``event`` may
        trigger (worked out once per pack and pair)."""
        index = self._index or self._indexes()
        found = index.triggered.get((kind, event))
        if found is None:
            return Triggered(frozenset(), {}, (), self.rule_abilities)
        if found.rule_abilities is not self.rule_abilities:  # reassigned: afresh
            self._index = None
            return self.triggered(kind, event)
        return found

    def _triggered(
        self,
        triggers: Mapping[tuple[AbilityKind, str], frozenset[str]],
        kind: AbilityKind,
        event: str,
    ) -> Triggered:
        slugs = triggers.get((kind, event), frozenset())
        cards = {
            slug: tuple(
                (i, a)
                for i, a in enumerate(self.cards[slug].abilities)
                if a.kind is kind and event in a.when
            )
            for slug in slugs
        }
        rules = tuple(
            (None, i, a)
            for i, a in enumerate(self.rule_abilities)
            if a.kind is kind and event in a.when
        )
        return Triggered(slugs, cards, rules, self.rule_abilities)

    def effect_slugs(self) -> frozenset[str]:
        """Return the slugs of cards that declare persistent effects."""
        return (self._index or self._indexes()).effects

    def slugs_of_type(self, card_type: str) -> frozenset[str]:
        """Return the slugs of the cards of type ``card_type`` (for
        ``Game.cards_with``)."""
        return (self._index or self._indexes()).types.get(card_type, frozenset())

    def _indexes(self) -> _Index:
        if self._index is None:
            index: dict[tuple[AbilityKind, str], set[str]] = {}
            types: dict[str, set[str]] = {}
            for slug, definition in self.cards.items():
                for ability in definition.abilities:
                    for name in ability.when:
                        index.setdefault((ability.kind, name), set()).add(slug)
                types.setdefault(definition.type, set()).add(slug)
            kinds: dict[str, list[AbilityKind]] = {}
            rules = {(a.kind, name) for a in self.rule_abilities for name in a.when}
            for kind, name in [*index, *rules]:
                kinds.setdefault(name, []).append(kind)
            triggers = {k: frozenset(v) for k, v in index.items()}
            self._index = _Index(
                triggers=triggers,
                kinds={name: tuple(found) for name, found in kinds.items()},
                effects=frozenset(s for s, d in self.cards.items() if d.effects),
                types={t: frozenset(slugs) for t, slugs in types.items()},
                triggered={
                    (kind, name): self._triggered(triggers, kind, name)
                    for kind, name in [*index, *rules]
                },
            )
        return self._index

    def index(self) -> None:
        """Build the pack's lookup tables afresh: abilities by event and kind,
        cards by type and effect, rule checks by ability kind and card type.

        ``register_pack`` calls it once; a pack that is not registered builds
        them on first use, and ``extended`` copies start from their pack's."""
        self._index = None
        self._checks, self._checked = {}, self.rule_checks
        types = self._indexes().types
        for kind in AbilityKind:
            for card_type in (None, *types):
                self.checks_for(kind, card_type)

    def problems(self) -> list[str]:
        """Return inconsistencies in the pack's declarations (empty when sound)."""
        out: list[str] = []
        if not self.phases:
            out.append("a pack needs at least one phase")
        zones = {*self.player_zones, *self.shared_zones}
        periods = {*BUILTIN_PERIODS, *self.periods}
        for definition in self.cards.values():
            for ability in definition.abilities:
                out.extend(self._ability_problems(definition.slug, ability, periods))
        if len(zones) != len(self.player_zones) + len(self.shared_zones):
            out.append("a zone cannot be both a player zone and a shared zone")
        # Cards in play carry state and abilities, so they are always instances.
        for zone in sorted(self.stock_zones - zones - STOCKABLE_CORE_ZONES):
            out.append(f"stock zone {zone!r} is not a hand, deck, discard or pack zone")
        for zone in self.in_play_zones[1:]:
            if zone not in zones:
                out.append(f"in-play zone {zone!r} is not a pack zone")
        return out

    def _ability_problems(
        self, slug: str, ability: Ability, periods: set[str]
    ) -> list[str]:
        out = []
        for phase in ability.phase:
            if phase not in self.phases:
                out.append(f"{slug}: unknown phase {phase!r}")
        if ability.window is not None and ability.window not in self.windows:
            out.append(f"{slug}: unknown window {ability.window!r}")
        if ability.limit is not None and ability.limit.period not in periods:
            out.append(f"{slug}: unknown limit period {ability.limit.period!r}")
        for action in ability.effect:
            # A game action may say what in its declaration can never work
            # (a lasting effect aimed at a target drawn from a zone it
            # never fixes on): refused here, not silently ignored in play.
            check = getattr(action, "declaration_problems", None)
            if check is not None:
                out.extend(f"{slug}: {p}" for p in check(ability, self))
        return out

    # -- hooks -----------------------------------------------------------------

    def card_label(self, game: Game, card: Card) -> str:
        """Return how options and refs name a card (override for boards)."""
        return refs.base_label(game, card)

    def ref_matches(self, game: Game, ref: refs.Ref, card: Card) -> bool:
        """Return whether a parsed reference names ``card`` (override for boards)."""
        return refs.ref_matches(game, ref, card)

    def explain_target(
        self, ctx: Context, name: str, spec: Target, raw: object
    ) -> IllegalPlay | None:
        """Return why the answer ``raw`` to target ``name`` is illegal, or None
        to let the core give its generic refusal (override for exact rules)."""
        return None

    def explain_timing(
        self, game: Game, player: Player, card: Card
    ) -> IllegalPlay | None:
        """Return why ``player`` cannot use ``card``'s response-only abilities as a
        step of their own, or None for the core's generic refusal."""
        return None

    def provide_card(self, game: Game, player: Player, slug: str) -> Card | None:
        """A top-level step of ``player`` names ``slug``, and the player has no
        card it names: return a card the pack creates for them now (a rule
        component made on first use, say), or None (the default) to refuse
        the step as usual. The runner then looks the step's card up again.
        Asked each time such a step finds nothing: create at most one card."""
        return None

    def on_check_refusal(self, ctx: Context, problem: IllegalPlay) -> None:
        """A rule check (``rule_checks``) has refused the use in ``ctx`` with
        ``problem``: a pack may remember it (to explain a later refusal)."""

    def parse_player(
        self, data: Mapping[str, object], path: str
    ) -> tuple[dict[str, object], list[Problem]]:
        """Validate pack-specific player fields; return (data, problems)."""
        return {}, [Problem(f"{path}/{key}", "unknown field") for key in data]

    def parse_board(
        self, data: Mapping[str, object], path: str
    ) -> tuple[dict[str, object], list[Problem]]:
        """Validate the scenario's pack-specific ``board`` mapping."""
        return {}, [Problem(f"{path}/{key}", "unknown field") for key in data]

    def spell_player(
        self, data: Mapping[str, object], spelling: Spelling
    ) -> Mapping[str, object]:
        """Pack-specific player fields (as given, before ``parse_player``) with
        the slugs and names they hold spelled as declared (``Spelling``)."""
        return data

    def spell_board(
        self, data: Mapping[str, object], spelling: Spelling
    ) -> Mapping[str, object]:
        """The ``board`` mapping (as given, before ``parse_board``) with the
        players, slugs and ids it names spelled as declared (``Spelling``)."""
        return data

    def board_ids(self, board: Mapping[str, object]) -> Iterable[str]:
        """The names a parsed ``board`` defines for steps to refer to (systems,
        planets...), so that they are matched in any case like card slugs."""
        return ()

    def board_pieces(self, board: Mapping[str, object]) -> Iterable[tuple[str, int]]:
        """The pieces a parsed ``board`` (``parse_board``'s data) puts in play
        beside the scenario's cards, as ``(pointer, count)`` pairs in input
        order: they count towards the scenario's limit of cards (``MAX_CARDS``),
        so that a short text cannot ask for a million pieces."""
        return ()

    def setup(self, game: Game, scenario: Scenario) -> None:
        """Finish setting up a game after the core placed the scenario's cards."""
        for player, spec in zip(game.players, scenario.players, strict=True):
            player.data.update(spec.extra)
        game.flags.update(scenario.board)

    def serialize_player(self, game: Game, player: Player) -> dict[str, object]:
        """Return pack fields added to each player in the result state."""
        return dict(player.data)

    def serialize_state(self, game: Game) -> dict[str, object]:
        """Return pack fields added under ``board`` in the result state."""
        return dict(game.flags)

    def on_phase_start(self, game: Game, phase: str) -> None:
        """Run the rules of the start of ``phase`` (draws, forced steps...)."""

    def on_phase_end(self, game: Game, phase: str) -> None:
        """Run the rules of the end of ``phase``."""

    def on_run_start(self, game: Game) -> None:
        """Run what the scenario's starting point still owes before its first
        step, with the steps already answering prompts and windows (a phase
        the scenario starts inside whose rules-driven part comes first)."""

    def on_pass(self, game: Game, player: Player) -> None:
        """React to a player passing when no decision is pending."""
        game.say(player.name, f"{player.name} passes", event="pass")


def _collect_rules(thing: object, found: set[str], seen: set[int]) -> None:
    if id(thing) in seen:
        return
    seen.add(id(thing))
    if isinstance(thing, (tuple, list)):
        for item in thing:
            _collect_rules(item, found, seen)
        return
    if isinstance(thing, Mapping):
        for item in thing.values():
            _collect_rules(item, found, seen)
        return
    if not dataclasses.is_dataclass(thing) or isinstance(thing, type):
        return
    for spec in dataclasses.fields(thing):
        value = getattr(thing, spec.name)
        if spec.name == "rules" and isinstance(value, tuple):
            found.update(v for v in value if isinstance(v, str))
        else:
            _collect_rules(value, found, seen)


_PACKS: dict[str, Pack] = {}


def register_pack(pack: Pack, *, replace: bool = False) -> Pack:
    """Register a pack under its slug; raise ValueError if it is unsound."""
    problems = pack.problems()
    if problems:
        raise ValueError(f"pack {pack.slug!r}: " + "; ".join(problems))
    if pack.slug in _PACKS and not replace and _PACKS[pack.slug] is not pack:
        raise ValueError(f"a pack {pack.slug!r} is already registered")
    pack.index()
    _PACKS[pack.slug] = pack
    return pack


def unregister_pack(slug: str) -> None:
    """Remove a pack from the registry (tests use it)."""
    _PACKS.pop(slug, None)


def get_pack(slug: str) -> Pack:
    """Return the registered pack for ``slug`` (KeyError if none)."""
    return _PACKS[slug]


def packs() -> tuple[Pack, ...]:
    """Return every registered pack, sorted by slug."""
    return tuple(_PACKS[s] for s in sorted(_PACKS))
