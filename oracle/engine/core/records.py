"""What a run records for the judge: log entries, decision points, step outcomes.

Frozen values: made once, never changed."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the game log: house-language text plus structured fields.

    ``step`` is the index of the scenario step being run when it was logged (a
    response taken from a later step counts as that step), None during set-up.
    """

    seq: int
    player: str | None
    message: str
    event: str | None
    cards: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    step: int | None = None

    def to_dict(self) -> dict[str, object]:
        """Return the entry as a JSON-ready mapping."""
        return {
            "seq": self.seq,
            "player": self.player,
            "message": self.message,
            "event": self.event,
            "cards": list(self.cards),
            "rules": list(self.rules),
            "step": self.step,
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """A point where ``player`` could decide, with every legal option offered.

    ``prompt`` is the text the player is shown ("Choose a card"); where there
    is none (a response window), its mapping leaves the key out.
    """

    at: int
    player: str
    window: str
    options: tuple[str, ...]
    prompt: str = ""

    def to_dict(self) -> dict[str, object]:
        """Return the decision point as a JSON-ready mapping."""
        found: dict[str, object] = {
            "at": self.at,
            "player": self.player,
            "window": self.window,
            "options": list(self.options),
        }
        if self.prompt:
            found["prompt"] = self.prompt
        return found


@dataclass(frozen=True, slots=True)
class StepOutcome:
    """Whether a scenario step was accepted, and if not why (with rule ids)."""

    index: int
    status: str
    reason: str | None = None
    rules: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        """Return the outcome as a JSON-ready mapping."""
        return {
            "index": self.index,
            "status": self.status,
            "reason": self.reason,
            "rules": list(self.rules),
        }


ACCEPTED = "accepted"
REJECTED = "rejected"
