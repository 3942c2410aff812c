"""Soak the site under gunicorn (a script, not a test; loopback only).

    .venv/bin/python bench/soak.py [--seconds 60] [--connections 64]

Builds the same throw-away production site as bench/pages.py and drives it
with ``wrk`` for a warm-up (10 s) and then the soak (60 s) at 64 connections,
mixing pages, API reads, searches and oracle runs (each POST carries a seed of
its own, so the engine really runs and a new run is stored). Every request
comes from an ``X-Forwarded-For`` address of its own (BEHIND_PROXY=1): the rate
limiter does all its work without refusing anyone. Workers are not recycled
during the run (GUNICORN_MAX_REQUESTS=0), so that a leak would show.

Pass: zero errors (every answer a 200, no socket error or timeout) and no
worker's RSS more than 10 % above what it was after the warm-up.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pages import (
    HOST,
    LUA_COUNTING,
    fetch,
    free_port,
    gunicorn,
    have,
    prepare_site,
    production_env,
    rss_mb,
    worker_pids,
)

GROWTH_LIMIT = 0.10
PLAYERS = [("Alice", "spy"), ("Bob", "sabotage")]
# Alice plays Spy on Bob, who cancels it with Sabotage.
SCENARIO = {
    "game": "ti4",
    "phase": "action",
    "active_player": "Alice",
    "players": [{"name": name, "hand": [card]} for name, card in PLAYERS],
    "steps": [
        {"player": "Alice", "play": "spy", "targets": {"target": "Bob"}},
        {"player": "Bob", "play": "sabotage"},
    ],
}
SEARCHES = ["hand limit", "sabotage", "component action", "2.4a", "cancel", "draw"]

# Round-robin over REQUESTS from a different start in each thread; a POST body
# gets a fresh seed each time; a "#" in a path becomes a serial number.
SOAK_SCRIPT = (
    LUA_COUNTING
    + """
function init(args)
  math.randomseed(tid * 7919)
  serial = tid * 1000003
end
function request()
  serial = serial + 1
  local item = REQUESTS[serial % #REQUESTS + 1]
  local headers = {}
  headers["X-Forwarded-For"] = "10." .. math.random(0, 255) .. "." ..
    math.random(0, 255) .. "." .. math.random(1, 254)
  local path = string.gsub(item.path, "#", tostring(serial))
  local body = nil
  if item.body then
    headers["Content-Type"] = "application/json"
    body = string.gsub(item.body, "SEED", tostring(serial))
  end
  return wrk.format(item.method, path, headers, body)
end
"""
)


def request_mix(port: int) -> list[tuple[str, str, str | None]]:
    """(method, path, body) of one round of the mix: 8 pages, 6 API reads,
    4 searches (one never cached) and 2 oracle runs."""
    cards = json.loads(fetch(port, "/api/v1/ti4/cards/?page_size=200")[2])
    topics = json.loads(fetch(port, "/api/v1/ti4/topics/?page_size=200")[2])
    card_slugs = [card["id"] for card in cards["results"]]
    topic_slugs = [topic["id"] for topic in topics["results"]]
    pages = ["/", "/ti4/", "/ti4/cards/", "/ti4/rulings/", "/ti4/glossary/"]
    pages += [f"/ti4/rules/{slug}/" for slug in topic_slugs[:2]]
    pages += [f"/ti4/cards/{slug}/" for slug in card_slugs[:1]]
    api = ["/api/v1/ti4/cards/", "/api/v1/ti4/rulings/", "/api/v1/games/"]
    api += [f"/api/v1/ti4/cards/{slug}/" for slug in card_slugs[1:3]]
    api += [f"/api/v1/ti4/topics/{topic_slugs[2]}/"]
    searches = [f"/ti4/search/?q={SEARCHES[0].replace(' ', '+')}"]
    searches += [f"/api/v1/ti4/search/?q={SEARCHES[n]}" for n in (1, 3)]
    searches += ["/ti4/search/?q=card+#"]
    body = json.dumps({**SCENARIO, "seed": 123456789}).replace("123456789", "SEED")
    mix: list[tuple[str, str, str | None]] = [("GET", path, None) for path in pages]
    mix += [("GET", path, None) for path in api + searches]
    mix += [("POST", "/api/v1/ti4/oracle/run/", body)] * 2
    # Spread every page over every worker's cache: all topics and cards too.
    mix += [("GET", f"/ti4/rules/{slug}/", None) for slug in topic_slugs[2:]]
    mix += [("GET", f"/ti4/cards/{slug}/", None) for slug in card_slugs[1:]]
    return mix


def lua_script(mix: list[tuple[str, str, str | None]]) -> str:
    def quote(text: str) -> str:
        return json.dumps(text)  # a JSON string is a valid Lua string here

    items = ",\n".join(
        f"  {{method={quote(method)}, path={quote(path)}"
        + (f", body={quote(body)}" if body else "")
        + "}"
        for method, path, body in mix
    )
    return f"REQUESTS = {{\n{items}\n}}\n{SOAK_SCRIPT}"


def run_wrk(port: int, script: Path, seconds: float, connections: int) -> str:
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds:g}s", "--latency"]
    command += ["--timeout", "10s", "-s", str(script), f"http://{HOST}:{port}/"]
    return subprocess.run(command, capture_output=True, text=True, check=True).stdout


def summary(output: str) -> tuple[int, Counter[int], int]:
    requests = int(re.search(r"(\d+) requests in", output)[1])  # type: ignore[index]
    statuses: Counter[int] = Counter()
    if found := re.search(r"^STATUS(.*)$", output, re.M):
        for status, count in re.findall(r"(\d+)=(\d+)", found[1]):
            statuses[int(status)] += int(count)
    errors = 0
    if found := re.search(r"Socket errors: (.*)", output):
        errors = sum(int(n) for n in re.findall(r"\d+", found[1]))
    return requests, statuses, errors


def sample_memory(master: int, stop: threading.Event, into: list[str]) -> None:
    started = time.monotonic()
    while not stop.wait(10):
        sizes = [rss_mb(pid) for pid in worker_pids(master)]
        listing = " ".join(f"{mb:.0f}" for mb in sizes)
        into.append(f"  t={time.monotonic() - started:4.0f} s  RSS MB: {listing}")


def run(args: argparse.Namespace) -> bool:
    if not have("wrk", "wrk"):
        raise SystemExit("wrk is missing and cannot be installed (not root)")
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-soak-"))
    env = production_env(
        var_dir,
        BEHIND_PROXY="1",
        GUNICORN_MAX_REQUESTS="0",
        **({"WEB_CONCURRENCY": str(args.workers)} if args.workers else {}),
    )
    try:
        prepare_site(env)
        port = free_port()
        with gunicorn(env, port) as server:
            script = var_dir / "soak.lua"
            mix = request_mix(port)
            script.write_text(lua_script(mix))
            print(
                f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
                f"{len(worker_pids(server.pid))} workers; mix of {len(mix)} "
                f"requests; {args.connections} connections",
                flush=True,
            )
            run_wrk(port, script, args.warmup, args.connections)
            before = {pid: rss_mb(pid) for pid in worker_pids(server.pid)}
            samples: list[str] = []
            stop = threading.Event()
            sampler = threading.Thread(
                target=sample_memory, args=(server.pid, stop, samples)
            )
            sampler.start()
            output = run_wrk(port, script, args.seconds, args.connections)
            stop.set()
            sampler.join()
            after = {pid: rss_mb(pid) for pid in worker_pids(server.pid)}
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return report(output, before, after, samples, args)
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def report(
    output: str,
    before: dict[int, float],
    after: dict[int, float],
    samples: list[str],
    args: argparse.Namespace,
) -> bool:
    requests, statuses, socket_errors = summary(output)
    errors = sum(n for status, n in statuses.items() if status != 200) + socket_errors
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", output, re.M))
    print(
        f"{requests} requests in {args.seconds:g} s = {requests / args.seconds:.0f}/s; "
        f"p50 {latency.get('50')}, p99 {latency.get('99')}; statuses "
        f"{dict(sorted(statuses.items()))}; socket errors {socket_errors}"
    )
    print("\n".join(samples))
    growth = {
        pid: after.get(pid, 0.0) / size - 1 for pid, size in before.items() if size
    }
    replaced = set(before) != set(after)
    worst = max(growth.values(), default=0.0)
    for pid, size in before.items():
        print(f"  worker {pid}: {size:.0f} -> {after.get(pid, 0.0):.0f} MB")
    ok_errors = errors == 0
    ok_memory = worst <= GROWTH_LIMIT and not replaced
    print(
        f"errors: {errors} ({'ok' if ok_errors else 'MISSED'}); worst RSS growth "
        f"{worst:+.1%} (goal <= {GROWTH_LIMIT:.0%}: {'ok' if ok_memory else 'MISSED'})"
        + ("; a worker was replaced during the run" if replaced else "")
    )
    return ok_errors and ok_memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument(
        "--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py's)"
    )
    sys.exit(0 if run(parser.parse_args()) else 1)


if __name__ == "__main__":
    main()
