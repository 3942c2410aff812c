"""Benchmark the oracle run endpoint under gunicorn (a script, not a test;
loopback only, bounded).

    .venv/bin/python bench/oracle_api.py [--seconds 3] [--rounds 2] [--slice 0.5]
        [--concurrency 2]

Loads the real ``ti4`` content into a throw-away SQLite database and starts
gunicorn with ``rulesite/gunicorn.conf.py`` (2 sync workers, the application
preloaded) on a free 127.0.0.1 port with production-like settings from
bench/api.py (DEBUG=0, a random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1,
SECURE_SSL_REDIRECT=0, and its bench-only URLconf, which adds the minimal JSON
view used as the baseline), plus an oracle rate limit high enough never to
refuse and no worker recycling. Then, in
interleaved rounds, it measures (each round gives every endpoint ``--seconds``,
in slices of ``--slice`` seconds taken in turn, so that the machine's speed
drifting during the run weighs on all three alike):

- the minimal JSON view (GET /api/bench/minimal/: under /api/ like every JSON
  endpoint, so the page cache leaves it alone);
- ``POST /api/v1/ti4/oracle/run/`` with a typical scenario (3 players; Spy,
  answered by Sabotage, answered by Sabotage; 1 expectation) whose seed changes
  on every request, so the engine runs and a new run is stored each time;
- the same endpoint with one unchanging scenario, answered from its stored run.

Prints p50/p95 latency, requests per second and the workers' CPU per request
of each, the new run's ratio of worker CPU to the minimal view's (which the
latency ratio nears when the machine is slow), and the p50 ratio to the
minimal view against the target (oracle run <= 4x the minimal view).

With ``--breakdown N`` it first prints where a new run spends its CPU, measured
in one process with Django's test client (N requests, same settings and
database as the server): each part's mean CPU time per request beside the
minimal view's whole request. CPU time, not wall-clock time, so that other load
on the machine blurs it less.
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import math
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
api: Any = importlib.import_module("bench.api")  # shared set-up of the API bench

HOST = api.HOST
RUN = "/api/v1/ti4/oracle/run/"
TARGET = 4.0
SCENARIO: dict[str, Any] = {
    "phase": "action",
    "active_player": "Alice",
    "players": [
        {"name": "Alice", "hand": ["spy", "sabotage"], "trade_goods": 2},
        {"name": "Bob", "hand": ["sabotage"]},
        {"name": "Carol", "hand": ["sabotage"]},
    ],
    "steps": [
        {"player": "Alice", "play": "spy", "targets": {"target": "Carol"}},
        {"player": "Bob", "play": "sabotage"},
        {"player": "Alice", "play": "sabotage"},
    ],
    "expect": [{"path": "players.Alice.hand", "count": 1}],
}


def exchange(port: int, head: list[str], body: bytes = b"") -> int:
    """Send one request over a new connection; return the status."""
    payload = ("\r\n".join(head) + "\r\n\r\n").encode() + body
    chunks = []
    with socket.create_connection((HOST, port)) as connection:
        connection.sendall(payload)
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    return int(b"".join(chunks)[9:12])


def sender(port: int, name: str, seeds: itertools.count[int]) -> Callable[[str], int]:
    """A function sending one request of the named kind from an address."""
    common = [f"Host: {HOST}:{port}", "Connection: close"]
    if name == "minimal":
        return lambda address: exchange(
            port,
            [
                "GET /api/bench/minimal/ HTTP/1.1",
                *common,
                f"X-Forwarded-For: {address}",
            ],
        )
    fixed = json.dumps(SCENARIO).encode()

    def post(address: str) -> int:
        body = fixed
        if name == "fresh":
            body = json.dumps({**SCENARIO, "seed": next(seeds)}).encode()
        head = [
            f"POST {RUN} HTTP/1.1",
            *common,
            f"X-Forwarded-For: {address}",
            "Content-Type: application/json",
            f"Content-Length: {len(body)}",
        ]
        return exchange(port, head, body)

    return post


def measure(
    send: Callable[[str], int], seconds: float, concurrency: int, master: int
) -> Any:
    """Drive ``send`` from ``concurrency`` threads for ``seconds``; count the
    CPU the server's workers spent meanwhile (NaN when gunicorn replaced a
    worker in between: its CPU time went with it)."""
    workers, cpu_before = _workers(master), api.worker_cpu(master)
    result = api.drive(lambda address: send(address) == 200, seconds, concurrency)
    result.server_cpu = api.worker_cpu(master) - cpu_before
    if _workers(master) != workers:
        result.server_cpu = math.nan
    return result


def _workers(master: int) -> str:
    return Path(f"/proc/{master}/task/{master}/children").read_text()


LABELS = {
    "minimal": "minimal JSON view",
    "fresh": "oracle run, new scenario",
    "stored": "oracle run, stored scenario",
}


def report(
    results: dict[str, Any], args: argparse.Namespace, pairs: list[float]
) -> bool:
    base = results["minimal"].percentile(0.5)
    print(
        f"gunicorn 2 sync workers, {args.concurrency} client threads, "
        f"{args.rounds} x {args.seconds:g} s per endpoint in slices of "
        f"{args.seconds / max(1, round(args.seconds / args.slice)):g} s, "
        f"{os.cpu_count()} CPUs, "
        "load average %.1f %.1f %.1f at the end" % os.getloadavg()
    )
    print(
        f"{'endpoint':<30}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p50 vs min':>12}"
        f"{'server CPU ms':>15}"
    )
    for name, result in results.items():
        ratio = result.percentile(0.5) / base
        errors = f"  ({result.errors} non-200)" if result.errors else ""
        print(
            f"{LABELS[name]:<30}{result.rps:>8.0f}{result.percentile(0.5):>9.2f}"
            f"{result.percentile(0.95):>9.2f}{ratio:>11.1f}x"
            f"{result.cpu_per_request:>15.2f}{errors}"
        )
    if pairs:
        low, middle, high = min(pairs), statistics.median(pairs), max(pairs)
        print(
            f"new run / minimal p50 per slice ({len(pairs)} slices): "
            f"min {low:.1f}x, median {middle:.1f}x, max {high:.1f}x"
        )
    minimal_cpu = results["minimal"].cpu_per_request
    cpu = results["fresh"].cpu_per_request / minimal_cpu if minimal_cpu else math.nan
    if math.isfinite(cpu):
        # Part of the minimal view's latency is not CPU, and it does not grow
        # when the machine slows: the latency ratio then comes near this one.
        print(f"new run / minimal worker CPU per request: {cpu:.1f}x")
    met = results["fresh"].percentile(0.5) <= TARGET * base
    verdict = "met" if met else "MISSED"
    print(f"target: a new oracle run <= {TARGET:g}x the minimal view at p50: {verdict}")
    return met and not any(result.errors for result in results.values())


class Stopwatch:
    """CPU time spent in wrapped functions, summed per part."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = {}

    def wrap(self, owner: Any, name: str, part: str) -> None:
        """Time every call of ``owner.name`` (a module function or a method);
        a part the code does not have (an older version) is left out."""
        inner = getattr(owner, name, None)
        if inner is None:
            return
        self.spent.setdefault(part, 0.0)

        def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return inner(*args, **kwargs)
            finally:
                self.spent[part] += time.process_time() - started

        setattr(owner, name, timed)


def in_process(requests: int) -> None:
    """Print the CPU breakdown of a new run (run in a child process whose
    environment is the server's)."""
    import django

    django.setup()
    from django.test import Client
    from rest_framework.renderers import JSONRenderer

    import oracle.api.v1.views as views
    import oracle.ask as ask
    import oracle.models as models

    watch = Stopwatch()
    view = views.RunView
    watch.wrap(view, "initial", "DRF checks: negotiation, throttle")
    watch.wrap(views.ScenarioParser, "parse", "body read and JSON parse")
    watch.wrap(ask, "prepare", "scenario parse, normalise, hash")
    watch.wrap(models.RunQuerySet, "lookup", "database: look the run up")
    watch.wrap(ask, "execute", "engine run and result mapping")
    watch.wrap(ask, "canonical_json", "result JSON encoding")
    watch.wrap(models.RunQuerySet, "store_new", "database: store the run")
    watch.wrap(JSONRenderer, "render", "response JSON rendering")
    watch.wrap(view, "post", "view")
    client = Client(HTTP_HOST=HOST)
    seeds = itertools.count(10**6)

    def fresh(address: str) -> None:
        body = json.dumps({**SCENARIO, "seed": next(seeds)})
        response = client.post(
            RUN, body, content_type="application/json", HTTP_X_FORWARDED_FOR=address
        )
        assert response.status_code == 200, response.content[:200]

    def minimal(address: str) -> None:
        client.get("/api/bench/minimal/", HTTP_X_FORWARDED_FOR=address)

    totals = {}
    for name, send in (("minimal", minimal), ("fresh", fresh)):
        for n in range(50):  # warm up: imports, caches, connections
            send(f"10.9.0.{n}")
        for part in watch.spent:
            watch.spent[part] = 0.0
        started = time.process_time()
        for n in range(requests):
            send(f"10.{n >> 8 & 255}.{n & 255}.1")
        totals[name] = (time.process_time() - started) / requests * 1000
    parts = {part: spent / requests * 1000 for part, spent in watch.spent.items()}
    view_total = parts.pop("view")
    inside = sum(value for part, value in parts.items() if not part.startswith("DRF"))
    parts["view: the rest (permalink, response)"] = view_total - inside
    checks = parts.get("DRF checks: negotiation, throttle", 0.0)
    parts["Django, middleware, DRF dispatch, test client"] = (
        totals["fresh"] - view_total - checks
    )
    print(f"In-process CPU per request, mean of {requests} (ms):")
    print(f"  {'minimal view, whole request':<48}{totals['minimal']:>7.3f}")
    print(f"  {'new oracle run, whole request':<48}{totals['fresh']:>7.3f}")
    for part, value in parts.items():
        print(f"    {part:<46}{value:>7.3f}")
    ratio = totals["fresh"] / totals["minimal"]
    print(f"  new run / minimal view: {ratio:.1f}x (CPU, in process)")


def run(args: argparse.Namespace) -> bool:
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-oracle-bench-"))
    env = {
        **api.bench_environment(var_dir),
        "API_THROTTLE_ORACLE": "1000000/minute",
        # No worker recycling mid-measurement: a replaced worker takes its CPU
        # count with it (the CPU column would read NaN), and a restart is not
        # work per request.
        "GUNICORN_MAX_REQUESTS": "0",
    }
    process = None
    try:
        api.prepare_database(env)
        if args.breakdown:
            command = [str(api.PYTHON), __file__, "--in-process", str(args.breakdown)]
            subprocess.run(command, cwd=ROOT, env=env, check=True)
            if not args.seconds:
                return True
        port = api.free_port()
        # The production configuration (preloaded application, sync workers),
        # with the 2 workers the benchmark is defined for.
        process = subprocess.Popen(
            [
                str(api.GUNICORN),
                *("-c", str(ROOT / "rulesite" / "gunicorn.conf.py")),
                *("--workers", "2", "--bind", f"{HOST}:{port}"),
                *("--log-level", "warning"),
            ],
            cwd=ROOT,
            env=env,
        )
        api.wait_until_up(port, process)
        seeds = itertools.count(1)
        senders = {name: sender(port, name, seeds) for name in LABELS}
        if senders["stored"]("10.0.0.1") != 200:
            raise SystemExit("the oracle endpoint did not answer 200")
        for send in senders.values():  # warm both workers
            measure(send, 0.5, args.concurrency, process.pid)
        results = {name: api.Result() for name in LABELS}
        slices = max(1, round(args.seconds / args.slice))
        pairs: list[float] = []  # new run / minimal view, p50 of each slice
        for _ in range(args.rounds * slices):
            parts = {
                name: measure(
                    send, args.seconds / slices, args.concurrency, process.pid
                )
                for name, send in senders.items()
            }
            for name, part in parts.items():
                results[name].add(part)
            if parts["fresh"].latencies and parts["minimal"].latencies:
                pairs.append(
                    parts["fresh"].percentile(0.5) / parts["minimal"].percentile(0.5)
                )
        return report(results, args, pairs)
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(var_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument(
        "--slice",
        type=float,
        default=0.5,
        help="seconds of one endpoint before the next one's turn (default 0.5)",
    )
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument(
        "--breakdown",
        type=int,
        default=0,
        metavar="N",
        help="first print the in-process CPU breakdown of N new runs "
        "(with --seconds 0, only that)",
    )
    parser.add_argument("--in-process", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.in_process:
        in_process(args.in_process)
        return
    sys.exit(0 if run(args) else 1)


if __name__ == "__main__":
    main()
