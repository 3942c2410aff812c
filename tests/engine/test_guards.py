"""Budgets and guards: a runaway scenario stops with a clear error, never a hang."""

from __future__ import annotations

from oracle.engine import Budget, run_scenario

from .helpers import messages, player, run, scenario, statuses


def test_endless_trigger_chain_stops_on_the_depth_budget() -> None:
    result = run(
        player("Alice", play=["loop", "well"]),
        steps=[{"player": "Alice", "use": "well"}, {"player": "Alice", "pass": True}],
    )
    assert result.ok is False
    assert result.error == "events nest deeper than the budget of 40"
    assert (
        messages(result)[-1]
        == "The engine stops: events nest deeper than the budget of 40"
    )
    assert result.log[-1].event == "depth-budget"
    assert statuses(result) == ["rejected", "rejected"]
    assert result.steps[1].reason == "not run: events nest deeper than the budget of 40"


def test_work_budget_stops_a_long_run() -> None:
    data = scenario(
        player("Alice", play=["well"] * 50),
        steps=[{"player": "Alice", "use": f"well#{n}"} for n in range(1, 51)],
    )
    result = run_scenario(data, budget=Budget(work=40))
    assert result.ok is False
    assert result.error == "the run exceeds its budget of 40 engine steps"
    assert result.log[-1].event == "step-budget"
    assert statuses(result).count("accepted") < 50
    assert run_scenario(data).ok


def test_effects_that_never_settle_stop_on_the_loop_guard() -> None:
    result = run(player("Alice", play=["flicker"]))
    assert result.ok is False
    assert result.error == "persistent effects do not settle after 12 passes"
    assert result.log[-1].event == "effect-loop"


def test_expectations_are_still_reported_after_a_stop() -> None:
    result = run(
        player("Alice", play=["flicker"]),
        expect=[{"path": "players.Alice.play", "count": 1}],
    )
    assert result.expect[0]["passed"] is True
    assert result.ok is False


def test_log_budget_stops_a_run_whose_log_grows_too_long() -> None:
    data = scenario(
        player("Alice", play=["well"] * 50),
        steps=[{"player": "Alice", "use": f"well#{n}"} for n in range(1, 51)],
    )
    result = run_scenario(data, budget=Budget(log=10))
    assert result.ok is False
    assert result.error == "the run's log exceeds its budget of 10 entries"
    assert result.log[-1].event == "result-budget"
    # The entries of one event at most, and the stop's own entry, pass the bound.
    assert len(result.log) < 20
    assert statuses(result).count("accepted") < 50
    assert run_scenario(data).ok


def test_options_budget_stops_a_run_listing_too_many_options() -> None:
    snipe = {"player": "Alice", "use": "sniper", "targets": {"target": "Bob/knight"}}
    data = scenario(
        player("Alice", play=["sniper"]),
        player("Bob", play=["soldier", "knight", "lone-wolf", "banner"]),
        steps=[snipe],
    )
    unbounded = run_scenario(data)
    listed = sum(1 + len(d.options) for d in unbounded.decisions)
    assert unbounded.ok and listed == 3

    result = run_scenario(data, budget=Budget(options=2))
    assert result.ok is False
    assert result.error == "the run's decision points list more than 2 options"
    assert result.log[-1].event == "result-budget"
