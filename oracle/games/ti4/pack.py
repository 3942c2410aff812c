"""The TI4 pack: the engine's hooks, answered for Twilight Imperium 4."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from oracle.engine.core import refs
from oracle.engine.core.abilities import Target
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.errors import IllegalPlay, Problem
from oracle.engine.core.game import HAND, PLAY, Game
from oracle.engine.core.pack import Pack
from oracle.engine.core.scenario import Scenario
from oracle.engine.core.spelling import Spelling
from oracle.games.ti4 import (
    board,
    cards,
    cite,
    limits,
    phases,
    report,
    rules,
    setup,
    turns,
)
from oracle.games.ti4 import spelling as spelled
from oracle.games.ti4 import state as st
from oracle.games.ti4.agendas import homeland
from oracle.games.ti4.board import BoardSpec
from oracle.games.ti4.cards import common


class Ti4Pack(Pack):
    """Twilight Imperium 4: the action-card subsystem and the state it needs."""

    slug_aliases = spelled.ALIASES

    def implemented_cards(self) -> frozenset[str]:
        """Return the cards whose rules the pack implements."""
        return cards.IMPLEMENTED

    def parse_player(
        self, data: Mapping[str, object], path: str
    ) -> tuple[dict[str, object], list[Problem]]:
        """Read faction, speaker, strategy cards, technologies, tokens, goods."""
        return board.read_seat(data, path)

    def parse_board(
        self, data: Mapping[str, object], path: str
    ) -> tuple[dict[str, object], list[Problem]]:
        """Read systems, planets, units, tokens, laws, speaker and dice, and
        refuse more units than the game allows on the board."""
        found, problems = board.read_board(data, path)
        spec = found["ti4"]
        if not problems and isinstance(spec, BoardSpec):
            problems = limits.unit_problems(spec.systems, f"{path}/systems")
            problems += homeland.board_problems(spec, f"{path}/systems")
        return found, problems

    def spell_player(
        self, data: Mapping[str, object], spelling: Spelling
    ) -> Mapping[str, object]:
        """Faction, strategy cards and technologies in any case."""
        return spelled.spell_seat(data)

    def spell_board(
        self, data: Mapping[str, object], spelling: Spelling
    ) -> Mapping[str, object]:
        """Players, laws, units and ids of the board in any case."""
        return spelled.spell_board(data, spelling)

    def board_ids(self, board: Mapping[str, object]) -> Iterable[str]:
        """The ids of the board's systems and planets."""
        spec = board.get("ti4")
        if not isinstance(spec, BoardSpec):
            return ()
        return [
            slug
            for system in spec.systems
            for slug in (system.id, *[planet.id for planet in system.planets])
        ]

    def board_pieces(self, board: Mapping[str, object]) -> Iterable[tuple[str, int]]:
        """Systems, planets and units: each one a card of the game."""
        spec = board.get("ti4")
        if not isinstance(spec, BoardSpec):
            return ()
        return limits.pieces(spec, "/board/systems")

    def setup(self, game: Game, scenario: Scenario) -> None:
        """Check the scenario, then build the board, pools, stocks and decks."""
        setup.check(scenario, self)
        game.pack = setup.derive(self, setup.board_of(scenario))
        setup.build(game, scenario)

    def on_phase_start(self, game: Game, phase: str) -> None:
        """Run the rules of the start of a phase."""
        if phase == "strategy":
            phases.start_strategy_phase(game)
        elif phase == "action":
            turns.start_action_phase(game)
        elif phase == "status":
            phases.start_status_phase(game)
        elif phase == "agenda":
            phases.start_agenda_phase(game)

    def on_run_start(self, game: Game) -> None:
        """A scenario that starts in the agenda phase with agendas: its
        agendas are revealed as the run starts (``phases``)."""
        phases.agenda_phase_started(game)

    def on_pass(self, game: Game, player: Player) -> None:
        """Pass the turn in the action phase (rules 3.3 and 3.4)."""
        turns.pass_turn(game, player)

    # -- references ---------------------------------------------------------------

    def card_label(self, game: Game, card: Card) -> str:
        """Name cards the way a TI4 scenario writes them."""
        kind = st.kind(game, card)
        if kind == st.SYSTEM:
            return st.system_id(card)
        if kind in (st.PLANET, st.LAW, st.STRATEGY_CARD):
            return card.slug
        if kind == st.UNIT:
            if card.zone == PLAY:
                where = card.data.get("planet") or card.data.get("system")
                return f"{card.owner}/{card.slug}@{where}"
            return f"{card.owner}/{card.slug}@{card.zone}"
        if kind == st.TECHNOLOGY:
            return f"{card.controller}/{card.slug}" if card.zone == PLAY else card.slug
        if kind == st.ACTION:
            return card.slug if card.zone == HAND else f"{card.slug}@{card.zone}"
        return refs.base_label(game, card)

    def ref_matches(self, game: Game, ref: refs.Ref, card: Card) -> bool:
        """Match ``Bob/destroyer@rex``: a unit by owner and system or planet."""
        if st.kind(game, card) != st.UNIT:
            return refs.ref_matches(game, ref, card)
        if ref.slug != card.slug or ref.player not in (None, card.owner):
            return False
        if ref.zone is None or ref.zone == card.zone:
            return True
        here = (card.data.get("planet"), card.data.get("system"))
        if ref.zone in here:
            return True
        planet = st.planet_named(game, ref.zone)
        system = st.system_of(game, planet) if planet is not None else None
        return (
            st.is_ship(game, card)
            and system is not None
            and here[1] == st.system_id(system)
        )

    def provide_card(self, game: Game, player: Player, slug: str) -> Card | None:
        """Create a player's tactical action when a step first uses it."""
        return setup.rule_component(game, player, slug)

    def on_check_refusal(self, ctx: Context, problem: IllegalPlay) -> None:
        """Remember a card refused in a timing window (see ``explain_timing``)."""
        rules.remember_refusal(ctx, problem)

    def explain_timing(
        self, game: Game, player: Player, card: Card
    ) -> IllegalPlay | None:
        """Explain a response card tried as a step of its own (see rules)."""
        return rules.explain_timing(game, player, card)

    def explain_target(
        self, ctx: Context, name: str, spec: Target, raw: object
    ) -> IllegalPlay | None:
        """Say exactly why a named target is not a legal one (offensive cards...)."""
        return explain_target(ctx, name, spec, raw)

    # -- results ----------------------------------------------------------------------

    def serialize_player(self, game: Game, player: Player) -> dict[str, object]:
        """Return the TI4 view of a player (hand contents stay in ``hand``)."""
        return report.player(game, player)

    def serialize_state(self, game: Game) -> dict[str, object]:
        """Return the board, laws, decks and the public hand counts."""
        return report.board(game)


def explain_target(
    ctx: Context, name: str, spec: Target, raw: object
) -> IllegalPlay | None:
    """Explain an illegal target: offensive cards first (2.N9), then the
    ``refuse`` of the card's choice (an option is refused by its label)."""
    game = ctx.game
    definition = common.ti4_card(game, ctx.source)
    if definition is None:
        return None
    choice = definition.choices.get(name)
    refuse = choice.refuse if choice is not None else None
    meant = _meant(ctx, spec, raw)
    if meant is None:
        text = raw[0] if isinstance(raw, list) and raw else raw
        if spec.mode != "option" or refuse is None or not isinstance(text, str):
            return None
        return _illegal(refuse(ctx, text))
    if definition.offensive and common.belongs(game, meant, ctx.player.name):
        what = "themselves"
        if isinstance(meant, Card):
            shown = meant.slug.replace("-", " ")
            if st.kind(game, meant) != st.UNIT:
                shown = game.name_of(meant)
            what = f"their own {shown}"
        return IllegalPlay(
            f"{definition.name} is an offensive card: {ctx.player.name} cannot aim it "
            f"at {what}",
            cite.OFFENSIVE,
        )
    if refuse is None:
        return None
    if spec.mode == "option" and isinstance(meant, Card):
        return _illegal(refuse(ctx, meant.slug))
    return _illegal(refuse(ctx, meant))


def _illegal(found: common.Reason | None) -> IllegalPlay | None:
    """The refusal a card gave, or None for the engine's own words."""
    if found is None or found == common.NOT_LEGAL:
        return None
    return IllegalPlay(found[0], found[1])


def _meant(ctx: Context, spec: Target, raw: object) -> Card | Player | None:
    game = ctx.game
    text = raw[0] if isinstance(raw, list) and raw else raw
    if not isinstance(text, str):
        return None
    if spec.mode == "player":
        return game.player(text) if game.has_player(text) else None
    found = refs.find(game, text, list(game.cards.values()))
    return found[0] if found else None
