"""The scenario runner: set up a game, drive its steps, answer its prompts.

Steps run in order. While a step resolves, the engine's windows and prompts
look at the *next* steps: a ``play``/``use`` by a player who may respond in an
open window is taken as that response, a ``choose`` by the prompted player
answers the prompt (secret prompts accept their answers in any order), and a
``pass`` is consumed by a window where its player could respond. A window nobody
answers is passed; a prompt nobody answers takes its default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from oracle.engine.core import refs
from oracle.engine.core.abilities import AbilityKind
from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Context
from oracle.engine.core.errors import EngineStop, IllegalPlay, Problem, ScenarioError
from oracle.engine.core.game import PLAY, Budget, Game
from oracle.engine.core.pack import Pack
from oracle.engine.core.prompts import (
    Offer,
    Prompt,
    PromptKind,
    Response,
    passing_decider,
)
from oracle.engine.core.records import (
    ACCEPTED,
    ILLEGAL,
    LEGAL,
    NOT_MODELLED,
    REJECTED,
    StepOutcome,
)
from oracle.engine.core.scenario import Scenario
from oracle.engine.core.specs import CardSpec, Step
from oracle.engine.core.version import ENGINE_VERSION
from oracle.engine.flow.basic import may_attach
from oracle.engine.flow.view import recompute
from oracle.engine.io.result import Result, check, serialize, stock_paths
from oracle.engine.play import periods, resolver


def build_game(scenario: Scenario, *, budget: Budget | None = None) -> Game:
    """Create the game a scenario describes (cards, resources, clock, pack data).

    Persistent effects are not computed yet: ``run`` does it under its guards.
    """
    pack = scenario.pack
    names = [p.name for p in scenario.players]
    game = Game(
        pack, players=names, seed=scenario.seed, phase=scenario.phase, budget=budget
    )
    game.clock.round = scenario.round
    game.clock.active_player = scenario.active_player or names[0]
    problems: list[Problem] = []
    for i, spec in enumerate(scenario.players):
        for zone, cards in spec.zones.items():
            for j, card in enumerate(cards):
                _place(
                    game, card, spec.name, zone, f"/players/{i}/{zone}/{j}", problems
                )
        game.player(spec.name).resources.update(spec.resources)
    if problems:
        raise ScenarioError(problems)
    for zone, cards in scenario.decks.items():
        for card in cards:
            shared = game.new_card(card.slug, "", zone, shared=True)
            shared.tokens.update(card.tokens)
    pack.setup(game, scenario)
    return game


def _place(
    game: Game,
    spec: CardSpec,
    owner: str,
    zone: str,
    path: str = "",
    problems: list[Problem] | None = None,
) -> Card:
    card = game.new_card(spec.slug, owner, zone)
    card.exhausted = spec.exhausted and zone in game.pack.in_play_zones
    card.tokens.update(spec.tokens)
    for k, attached in enumerate(spec.attachments):
        child = _place(game, attached, owner, PLAY)
        # Put into play attached, the card's own restriction holds as it
        # does for the ``Attach`` game action.
        if problems is not None and not may_attach(
            child, card, Context(game, game.player(owner), child)
        ):
            problems.append(
                Problem(
                    f"{path}/attachments/{k}",
                    f"{game.name_of(child)} cannot be attached to {game.name_of(card)}",
                )
            )
        child.parent = card.id
        card.attachments.append(child.id)
    return card


def run(scenario: Scenario, *, budget: Budget | None = None) -> Result:
    """Run a scenario; a guard ends it with ``ok: false`` and the reason."""
    return play(scenario, budget=budget)[1]


def play(scenario: Scenario, *, budget: Budget | None = None) -> tuple[Game, Result]:
    """Run a scenario and return the final game with the result."""
    game = build_game(scenario, budget=budget)
    driver = Driver(game, scenario.steps)
    game.io = driver
    error: str | None = None
    try:
        recompute(game)
        game.pack.on_run_start(game)
        driver.run_all()
    except EngineStop as stop:
        error = stop.message
        game.say(None, f"The engine stops: {stop.message}", event=stop.code)
    except RecursionError:
        error = "the run nests too deeply"
        game.say(None, f"The engine stops: {error}", event="depth-budget")
    driver.reject_rest(error)
    # The steps are all answered: the game lets go of its driver (which holds
    # the game), so that nothing keeps it in a reference cycle.
    game.io = passing_decider()
    return game, _result(scenario, game, driver, error)


def _result(
    scenario: Scenario, game: Game, driver: Driver, error: str | None
) -> Result:
    state = serialize(game)
    stocks = stock_paths(game)
    expect = tuple(check(state, e, stocks) for e in scenario.expect)
    ok = error is None and all(e["passed"] for e in expect)
    steps = _judged(driver, game, error)
    return Result(
        ok=ok,
        game=scenario.game,
        engine_version=ENGINE_VERSION,
        verdict=_run_verdict(steps, game, error),
        steps=steps,
        log=tuple(game.log),
        decisions=tuple(game.decisions),
        state=state,
        expect=expect,
        error=error,
    )


def _judged(driver: Driver, game: Game, error: str | None) -> tuple[StepOutcome, ...]:
    """Every step's outcome with its verdict and the card it played."""
    unmodelled = {e.step for e in game.log if not e.modelled}
    stopped_at = driver.first_unrun if error is not None else None
    out = []
    for index in sorted(driver.outcomes):
        outcome = driver.outcomes[index]
        if stopped_at is not None and index >= stopped_at:
            verdict = None  # the guard stopped the run before its answer
        elif outcome.status == REJECTED:
            verdict = ILLEGAL
        else:
            verdict = NOT_MODELLED if index in unmodelled else LEGAL
        slug, card_id = driver.cards.get(index, (None, None))
        step = driver.steps[index]
        if slug is None and step.kind in ("play", "use"):
            ref = refs.parse_ref(str(step.value))
            slug = ref.slug if ref is not None else str(step.value)
        out.append(replace(outcome, verdict=verdict, card=slug, card_id=card_id))
    return tuple(out)


def _run_verdict(
    steps: Sequence[StepOutcome], game: Game, error: str | None
) -> str | None:
    """Illegal when a step was refused (that refusal answers the question);
    otherwise None when a guard stopped the run, not modelled when anything
    rested on what the engine does not model, else legal."""
    verdicts = {s.verdict for s in steps}
    if ILLEGAL in verdicts:
        return ILLEGAL
    if error is not None:
        return None
    if NOT_MODELLED in verdicts or any(not e.modelled for e in game.log):
        return NOT_MODELLED
    return LEGAL


class Driver:
    """Feeds scenario steps to the game and answers its windows and prompts."""

    def __init__(self, game: Game, steps: Sequence[Step]) -> None:
        self.game = game
        self.steps = tuple(steps)
        # The steps not yet consumed, in order: a dict used as an ordered set.
        self.waiting: dict[int, None] = dict.fromkeys(range(len(self.steps)))
        self.outcomes: dict[int, StepOutcome] = {}
        #: The card (slug, instance id) each play or use step took.
        self.cards: dict[int, tuple[str, str]] = {}
        #: The first step a guard's stop left unanswered.
        self.first_unrun: int | None = None

    # -- bookkeeping -------------------------------------------------------------

    def _pending(self) -> list[int]:
        return list(self.waiting)

    def _peek(self) -> int | None:
        return next(iter(self.waiting), None)

    def _consume(self, index: int) -> None:
        self.waiting.pop(index, None)

    def accept(self, index: int) -> None:
        """Mark a step accepted."""
        self._consume(index)
        self.outcomes[index] = StepOutcome(index, ACCEPTED)

    def reject(self, index: int, reason: str, rules: Sequence[str] = ()) -> None:
        """Mark a step rejected with the reason and the rules behind it."""
        self._consume(index)
        self.outcomes[index] = StepOutcome(index, REJECTED, reason, tuple(rules))

    def reject_rest(self, error: str | None) -> None:
        """After a stop, mark the interrupted step and every step not run."""
        for index in range(len(self.steps)):
            if index not in self.outcomes:
                if self.first_unrun is None:
                    self.first_unrun = index
                self.reject(index, f"not run: {error}" if error else "not run")

    # -- top level ----------------------------------------------------------------

    def run_all(self) -> None:
        """Run every step not yet consumed, in order."""
        while (index := self._peek()) is not None:
            self._consume(index)
            self.game.at = self.game.step = index
            try:
                self._execute(self.steps[index])
            except IllegalPlay as illegal:
                self.reject(index, illegal.reason, illegal.rules)
                continue
            self.accept(index)
            self.game.prompts.drain(self.game)

    def _execute(self, step: Step) -> None:
        game = self.game
        if step.kind in ("play", "use"):
            self._play(step)
        elif step.kind == "advance":
            periods.advance(game, str(step.value))
        elif step.kind == "end":
            periods.end(game, str(step.value))
        elif step.kind == "pass":
            game.pack.on_pass(game, game.player(str(step.player)))
        else:
            who = step.player or "nobody"
            raise IllegalPlay(
                f"no decision is pending for {who}", game.pack.citation("choice")
            )

    def _play(self, step: Step) -> None:
        game = self.game
        player = game.player(str(step.player))
        # The context the action was found usable in is the one it is used in.
        ctx, index = find_action(game, player, str(step.value), step.ability)
        if ctx.source is not None:
            self.cards[game.at] = (ctx.source.slug, ctx.source.id)
        resolver.use(ctx, index, step.targets)

    # -- the Decider protocol -----------------------------------------------------

    def answer(self, game: Game, prompt: Prompt) -> object | None:
        """Answer a prompt from the next ``choose`` step of its player."""
        for index in self._pending():
            step = self.steps[index]
            if step.kind != "choose":
                return None
            if step.player != prompt.player:
                if prompt.kind is PromptKind.SECRET:
                    continue
                return None
            if prompt.accept(step.value) is None:
                shown = ", ".join(prompt.options) or "none"
                why = f": {prompt.why}" if prompt.why else ""
                self.reject(
                    index,
                    f"{step.value} is not one of the options ({shown}){why}",
                    prompt.rules or game.pack.citation("choice"),
                )
                continue
            self.accept(index)
            return step.value
        return None

    def respond(
        self, game: Game, window: str, offers: Sequence[Offer]
    ) -> Response | None:
        """Take the next step as a response if its player may respond here."""
        players = {o.player for o in offers}
        for index in self._pending():
            step = self.steps[index]
            if step.kind == "pass" and step.player in players:
                self.accept(index)
                outer, game.step = game.step, index
                game.say(step.player, f"{step.player} passes", event="pass")
                game.step = outer
                players.discard(step.player)
                continue
            if step.kind not in ("play", "use") or step.player not in players:
                return None
            offer = _match(game, step, [o for o in offers if o.player == step.player])
            if offer is None:
                return None
            self._consume(index)
            if offer.card is not None:
                self.cards[index] = (offer.card.slug, offer.card.id)
            return Response(offer, dict(step.targets), index)
        return None

    def settle(self, response: Response, error: IllegalPlay | None) -> None:
        """Record whether the response taken from a step was legal."""
        if error is None:
            self.accept(response.token)
        else:
            self.reject(response.token, error.reason, error.rules)


def _match(game: Game, step: Step, offers: list[Offer]) -> Offer | None:
    cards = [o.card for o in offers if o.card is not None]
    for card in refs.find(game, str(step.value), cards):
        for offer in offers:
            if offer.card is card and step.ability in (None, offer.ability.title):
                return offer
    return None


def _usable_cards(game: Game, player: Player, ref: str) -> list[Card]:
    """The cards ``player`` holds or controls that ``ref`` may name (by id, or
    by a label, which contains the slug: see ``refs.find``)."""
    name = player.name
    return [
        c
        for c in game.cards.values()
        if (c.slug in ref or c.id == ref)
        and (c.zone_player == name or c.controller == name)
    ]


def _provided(game: Game, player: Player, ref: str) -> bool:
    """Ask the pack for a card ``ref`` names that ``player`` lacks (see
    ``Pack.provide_card``); return whether it created one."""
    parsed = refs.parse_ref(ref)
    if parsed is None or parsed.player not in (None, player.name):
        return False
    return game.pack.provide_card(game, player, parsed.slug) is not None


def find_action(
    game: Game, player: Player, ref: str, title: str | None = None
) -> tuple[Context, int]:
    """Find the card and action a top-level step means: the context it may be
    used in (``resolver.refusal`` is None there) and the ability's index.

    A card the player lacks may be one the pack makes on first use
    (``Pack.provide_card``). When none may be used now, raise the refusal of
    the first ability (in card then declaration order): a triggered ability
    refuses with the timing rule.
    """
    cards = refs.find(game, ref, _usable_cards(game, player, ref))
    if not cards and _provided(game, player, ref):
        cards = refs.find(game, ref, _usable_cards(game, player, ref))
    if not cards:
        raise IllegalPlay(
            f"{player.name} has no {_name(game.pack, ref)} to use",
            game.pack.citation("location"),
        )
    first: IllegalPlay | None = None
    for card in cards:
        for index, ability in enumerate(game.definition(card).abilities):
            if title is not None and ability.title != title:
                continue
            if ability.kind is not AbilityKind.ACTION:
                first = first or _timing(game, player, card)
                continue
            ctx = Context(game, player, card, ability)
            problem = resolver.refusal(ctx, index)
            if problem is None:
                return ctx, index
            first = first or problem
    try:
        raise first or IllegalPlay(
            f"{game.name_of(cards[0])} has no ability to use",
            game.pack.citation("timing"),
        )
    finally:
        # The error's traceback holds this frame; with the error still among its
        # locals they would form a cycle, and keep the whole game alive until
        # the garbage collector ran.
        first = problem = None


def _timing(game: Game, player: Player, card: Card) -> IllegalPlay:
    explained = game.pack.explain_timing(game, player, card)
    if explained is not None:
        return explained
    name = game.name_of(card)
    return IllegalPlay(
        f"{name} can only be used in response", game.pack.citation("timing")
    )


def _name(pack: Pack, ref: str) -> str:
    parsed = refs.parse_ref(ref)
    slug = parsed.slug if parsed else ref
    return pack.card(slug).name if pack.has_card(slug) else slug
