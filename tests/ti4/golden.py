"""Loading and checking golden scenario files: ``tests/ti4/scenarios/<card>/``
holds the files about one card (named by its slug), ``rules/`` the others.

A golden file holds a scenario and what the engine must answer::

    title: Sabotage cancels Lucky Shot
    covers: [rule:2.8, card:sabotage]
    scenario: {game: ti4, ...}           # may carry its own engine ``expect`` list
    expect:
      steps: [accepted, {rejected: ["2.6"], reason: "Sabotage"}]
      log: ["Bob plays Sabotage against Lucky Shot", {message: "...", rules: ["2.8"]}]
      decisions: [{player: Bob, window: "cancel:play", options: [sabotage]}]
      state: {players.Alice.hand_count: 0}

``steps`` lists every step outcome in order; ``log`` entries must appear in
the log in that order (exact messages); ``decisions`` must each match one
recorded decision point; ``state`` paths must equal the values given.
"""

from __future__ import annotations

import copy
import functools
import re
from pathlib import Path
from typing import Any

import yaml

from oracle.engine import Result, run_scenario
from oracle.engine.io.result import resolve_path
from rules.ids import RULE_ID_TEXT

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = Path(__file__).resolve().parent / "scenarios"
TOPICS = ROOT / "fixtures" / "ti4" / "topics"
CARDS = ROOT / "fixtures" / "ti4" / "cards"
_RULE_ID = re.compile(rf"^({RULE_ID_TEXT})\s")


def files() -> list[Path]:
    """Return every golden scenario file, sorted."""
    return sorted(SCENARIOS.rglob("*.yaml"))


def load(path: Path) -> dict[str, Any]:
    """Read one golden file (a fresh copy; files are parsed once per session)."""
    return copy.deepcopy(_parsed(path))


@functools.cache
def _parsed(path: Path) -> dict[str, Any]:
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(), Loader=loader)
    assert isinstance(data, dict), path
    return data


def run(golden: dict[str, Any]) -> Result:
    """Run the scenario of a golden file."""
    return run_scenario(golden["scenario"])


def topic_rule_ids(number: int | None = None) -> set[str]:
    """Return the rule and note ids written in the topic files (one topic or all)."""
    found: set[str] = set()
    for path in sorted(TOPICS.glob("*.md")):
        for line in path.read_text().splitlines():
            match = _RULE_ID.match(line)
            if match and (
                number is None or match.group(1).split(".")[0] == str(number)
            ):
                found.add(match.group(1))
    return found


def fixture_cards() -> dict[str, dict[str, Any]]:
    """Return the content card files by slug."""
    out = {}
    for path in sorted(CARDS.glob("*.yaml")):
        data = _parsed(path)
        out[str(data["slug"])] = data
    return out


def problems(golden: dict[str, Any], result: Result) -> list[str]:
    """Return every way the result differs from the golden expectations."""
    expect = golden.get("expect", {})
    found = _steps(expect.get("steps"), result)
    found += _log(expect.get("log", []), result)
    found += _decisions(expect.get("decisions", []), result)
    found += _state(expect.get("state", {}), result)
    found += [f"engine expect failed: {e}" for e in result.expect if not e["passed"]]
    if result.error:
        found.append(f"engine error: {result.error}")
    return found


def _steps(wanted: list[Any] | None, result: Result) -> list[str]:
    if wanted is None:
        return []
    got = [s.to_dict() for s in result.steps]
    if len(got) != len(wanted):
        return [f"{len(got)} steps, expected {len(wanted)}: {got}"]
    out = []
    for i, (want, step) in enumerate(zip(wanted, got, strict=True)):
        if want == "accepted":
            if step["status"] != "accepted":
                out.append(
                    f"step {i} was {step['status']}: {step['reason']} {step['rules']}"
                )
            continue
        if step["status"] != "rejected":
            out.append(f"step {i} was accepted, expected a rejection")
            continue
        if step["rules"] != want["rejected"]:
            out.append(f"step {i} cites {step['rules']}, expected {want['rejected']}")
        reason = str(step["reason"] or "")
        if "reason" in want and want["reason"] not in reason:
            out.append(f"step {i} reason {step['reason']!r} lacks {want['reason']!r}")
    return out


def _log(wanted: list[Any], result: Result) -> list[str]:
    entries = [e.to_dict() for e in result.log]
    position = 0
    for want in wanted:
        message = want if isinstance(want, str) else want["message"]
        rules = None if isinstance(want, str) else want.get("rules")
        for index in range(position, len(entries)):
            entry = entries[index]
            if entry["message"] == message and (
                rules is None or entry["rules"] == rules
            ):
                position = index + 1
                break
        else:
            shown = "\n  ".join(
                str(e["message"]) + " " + str(e["rules"]) for e in entries
            )
            return [f"log line not found in order: {want!r}\nlog:\n  {shown}"]
    return []


def _decisions(wanted: list[dict[str, Any]], result: Result) -> list[str]:
    got = [d.to_dict() for d in result.decisions]
    out = []
    for want in wanted:
        if not any(all(d.get(k) == v for k, v in want.items()) for d in got):
            out.append(f"decision not recorded: {want}; decisions: {got}")
    return out


def _state(wanted: dict[str, Any], result: Result) -> list[str]:
    out = []
    for path, value in wanted.items():
        found, actual = resolve_path(result.state, path)
        if not found or actual != value:
            out.append(f"state {path} = {actual!r}, expected {value!r}")
    return out
