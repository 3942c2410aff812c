"""Composite game actions: a psi game, a trace, a pull and a job.

Each resolves as one event (``psi``, ``trace``, ``pull``, ``job``) whose change
asks its prompts, compares, logs the outcome and resolves the matching branch.
The outcome is kept in ``ctx.data`` for handlers and messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from oracle.engine.core.cards import Card, Player
from oracle.engine.core.context import Amount, Context, amount_of
from oracle.engine.core.events import Event
from oracle.engine.core.game import DECK, DISCARD, PLAY
from oracle.engine.core.prompts import Answer, Prompt, PromptKind, ask
from oracle.engine.flow.actions import Affectable, CardRef, GameAction, card_refs
from oracle.engine.flow.basic import Exhaust
from oracle.engine.play.periods import begin_period, end_period


def run_branch(actions: Sequence[GameAction], ctx: Context) -> bool:
    """Resolve a branch of game actions in order; return whether all resolved."""
    resolved = True
    for action in actions:
        resolved = action.resolve(ctx) and resolved
    return resolved


def conclude(
    ctx: Context,
    event: Event,
    text: str,
    branch: Sequence[GameAction],
    cards: tuple[str, ...] = (),
) -> None:
    """Log the outcome of a composite action (player first) and resolve a branch."""
    ctx.game.say(
        ctx.player.name, text, event=event.name, cards=cards, rules=event.rules
    )
    run_branch(branch, ctx)


def outcome(won: bool) -> str:
    """Return "succeeds" or "fails"."""
    return "succeeds" if won else "fails"


def _bid_options(player: Player, resource: str, most: int) -> tuple[str, ...]:
    return tuple(str(n) for n in range(min(most, player.resource(resource)) + 1))


def _pay(player: Player, resource: str, amount: int) -> None:
    player.resources[resource] = player.resource(resource) - amount


class _Composite(GameAction):
    """A composite action on the acting player, resolved as one event."""

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """The acting player."""
        return [ctx.player]

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the composite event; its change runs the whole procedure."""
        return Event(
            self.name,
            player=ctx.player.name,
            change=lambda e: self.run(e, ctx),
            context=ctx,
            rules=self.rules,
        )

    def run(self, event: Event, ctx: Context) -> None:
        """Run the procedure."""
        raise NotImplementedError


@dataclass(frozen=True)
class Psi(_Composite):
    """A psi game: both players secretly bid 0 to ``most`` of ``resource``, pay,
    reveal; ``equal`` or ``differ`` resolves."""

    event_name = "psi"

    equal: tuple[GameAction, ...] = ()
    differ: tuple[GameAction, ...] = ()
    resource: str = "credit"
    most: int = 2
    rules: tuple[str, ...] = ()
    before_costs: bool = False

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """A psi game needs an opponent."""
        return isinstance(target, Player) and ctx.opponent is not None

    def prepare(self, ctx: Context) -> None:
        """With ``before_costs``, bid (and pay the bids) before the costs."""
        if self.before_costs and ctx.opponent is not None:
            ctx.data["psi:bids"] = self._bids(ctx, ctx.opponent)

    def _bids(self, ctx: Context, opponent: Player) -> dict[str, int]:
        """Collect secret bids through the prompt queue and pay them."""
        bids: dict[str, int] = {}
        for player in (ctx.player, opponent):
            options = _bid_options(player, self.resource, self.most)
            prompt = Prompt(PromptKind.SECRET, player.name, "psi", options)
            ctx.game.prompts.push(prompt, _store(bids, player.name))
        ctx.game.prompts.drain(ctx.game)
        for player in (ctx.player, opponent):
            _pay(player, self.resource, bids[player.name])
        return bids

    def run(self, event: Event, ctx: Context) -> None:
        """Take the bids (made now, or before the costs), then compare."""
        opponent = ctx.opponent
        assert opponent is not None
        early = ctx.data.pop("psi:bids", None)
        bids = early if isinstance(early, dict) else self._bids(ctx, opponent)
        mine, theirs = bids[ctx.player.name], bids[opponent.name]
        same = mine == theirs
        ctx.data["psi"] = {"bids": dict(bids), "equal": same}
        event.params.update(bids=dict(bids), equal=same)
        text = (
            f"{ctx.player.name} bids {mine} and {opponent.name} bids {theirs} "
            f"in the psi game: the bids {'match' if same else 'differ'}"
        )
        conclude(ctx, event, text, self.equal if same else self.differ)


def _store(bids: dict[str, int], name: str) -> Callable[[Answer], None]:
    def keep(answer: Answer) -> None:
        """Remember the player's secret bid."""
        bids[name] = int(answer) if isinstance(answer, (int, str)) else 0

    return keep


@dataclass(frozen=True)
class Trace(_Composite):
    """A trace: base strength plus the tracer's bid against the opponent's link
    plus their bid. Success beats the link; ``bonus`` at or above a threshold."""

    event_name = "trace"

    base: Amount = 0
    success: tuple[GameAction, ...] = ()
    failure: tuple[GameAction, ...] = ()
    threshold: int | None = None
    bonus: tuple[GameAction, ...] = ()
    resource: str = "credit"
    link: str = "link"
    rules: tuple[str, ...] = ()
    before_costs: bool = False

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """A trace needs an opponent."""
        return isinstance(target, Player) and ctx.opponent is not None

    def prepare(self, ctx: Context) -> None:
        """With ``before_costs``, bid (and pay the bids) before the costs."""
        if self.before_costs and ctx.opponent is not None:
            ctx.data["trace:bids"] = self._bids(ctx, ctx.opponent)

    def _bids(self, ctx: Context, opponent: Player) -> tuple[int, int]:
        """The tracer's bid, then the opponent's, each paid when made."""
        return (
            self._bid(ctx, ctx.player, "trace"),
            self._bid(ctx, opponent, "trace:link"),
        )

    def _bid(self, ctx: Context, player: Player, window: str) -> int:
        options = _bid_options(player, self.resource, player.resource(self.resource))
        answer = ask(ctx.game, Prompt(PromptKind.NUMBER, player.name, window, options))
        bid = int(answer) if isinstance(answer, (int, str)) else 0
        _pay(player, self.resource, bid)
        return bid

    def run(self, event: Event, ctx: Context) -> None:
        """Bid, compare, log and resolve the branches."""
        opponent = ctx.opponent
        assert opponent is not None
        early = ctx.data.pop("trace:bids", None)
        mine, theirs = early if isinstance(early, tuple) else self._bids(ctx, opponent)
        strength = amount_of(self.base, ctx) + mine
        link = opponent.resource(self.link) + theirs
        won = strength > link
        bonus = won and self.threshold is not None and strength >= self.threshold
        ctx.data["trace"] = {"strength": strength, "link": link, "success": won}
        event.params.update(strength=strength, link=link, success=won, bonus=bonus)
        text = (
            f"{ctx.player.name} traces at strength {strength} against link {link} "
            f"and {outcome(won)}" + (" with the bonus" if bonus else "")
        )
        conclude(ctx, event, text, self.success if won else self.failure)
        if bonus:
            run_branch(self.bonus, ctx)


@dataclass(frozen=True)
class Pull(_Composite):
    """A pull: reveal the top card of the deck, add ``bonus`` to its ``stat``,
    compare with ``difficulty``; the card is discarded, a branch resolves."""

    event_name = "pull"

    difficulty: Amount = 0
    success: tuple[GameAction, ...] = ()
    failure: tuple[GameAction, ...] = ()
    stat: str = "value"
    bonus: Amount = 0
    deck: str = DECK
    rules: tuple[str, ...] = ()

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """A pull needs a card to reveal."""
        return isinstance(target, Player) and bool(target.zones.get(self.deck))

    def run(self, event: Event, ctx: Context) -> None:
        """Reveal, discard, compare, log and resolve the branch."""
        game = ctx.game
        card = game.cards[ctx.player.zones[self.deck][0]]
        game.move(card, DISCARD, card.owner)
        total = game.stat(card, self.stat) + amount_of(self.bonus, ctx)
        difficulty = amount_of(self.difficulty, ctx)
        won = total >= difficulty
        record = {"card": card.id, "total": total, "difficulty": difficulty}
        ctx.data["pull"] = {**record, "success": won}
        event.params.update(card=card, total=total, difficulty=difficulty, success=won)
        text = (
            f"{ctx.player.name} pulls {game.name_of(card)} for {total} against "
            f"difficulty {difficulty} and {outcome(won)}"
        )
        conclude(ctx, event, text, self.success if won else self.failure, (card.id,))


def _leader_beats_mark(ctx: Context) -> bool:
    leader = ctx.data.get("job_leader")
    mark = ctx.choices.get("target")
    if not isinstance(leader, Card) or not isinstance(mark, Card):
        return isinstance(leader, Card)
    return ctx.game.stat(leader, "strength") > ctx.game.stat(mark, "strength")


@dataclass(frozen=True)
class Job(GameAction):
    """A job: exhaust the leader, open the ``job`` period (``period_start`` with
    ``period == "job"`` and params ``leader``/``mark``: opponents may oppose; the
    pack must declare the ``job`` period), decide the ``outcome`` (default:
    leader strength beats the chosen mark's), resolve ``success`` or ``failure``,
    then end the period (``Until(period="job")`` effects expire).

    ``exhausts_leader=False``: a job whose leader stays ready; ``before``: game
    actions resolved once the leader leads, before the period opens (what a
    card does before the job's shootout)."""

    event_name = "job"

    leader: CardRef = "source"
    outcome: Callable[[Context], bool] = _leader_beats_mark
    success: tuple[GameAction, ...] = ()
    failure: tuple[GameAction, ...] = ()
    rules: tuple[str, ...] = ()
    exhausts_leader: bool = True
    before: tuple[GameAction, ...] = ()

    def default_targets(self, ctx: Context) -> list[Affectable]:
        """The leader card(s)."""
        return list(card_refs(self.leader, ctx))

    def can_affect(self, target: Affectable, ctx: Context) -> bool:
        """A leader must be a ready card in play."""
        return isinstance(target, Card) and target.zone == PLAY and not target.exhausted

    def make_event(self, target: Affectable, ctx: Context) -> Event:
        """Build the job event led by one card."""
        assert isinstance(target, Card)
        return Event(
            self.name,
            player=ctx.player.name,
            card=target,
            change=lambda e: self.run(e, target, ctx),
            context=ctx,
            rules=self.rules,
        )

    def run(self, event: Event, leader: Card, ctx: Context) -> None:
        """Lead, let opponents oppose, decide and resolve the branch."""
        game = ctx.game
        if self.exhausts_leader:
            Exhaust(on="source").resolve(ctx.derive(source=leader))
        ctx.data["job_leader"] = leader
        mark = ctx.choices.get("target")
        run_branch(self.before, ctx)
        begin_period(game, "job", leader=leader, mark=mark)
        won = self.outcome(ctx)
        event.params["success"] = won
        text = f"{ctx.player.name}'s job led by {game.name_of(leader)} {outcome(won)}"
        branch = self.success if won else self.failure
        conclude(ctx, event, text, branch, (leader.id,))
        end_period(game, "job", leader=leader, mark=mark)
