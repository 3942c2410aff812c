"""Benchmark the oracle run endpoint under gunicorn (a script, not a test;
loopback only, bounded).

    .venv/bin/python bench/oracle_api.py [--seconds 3] [--rounds 2] [--concurrency 2]

Loads the real ``ti4`` content into a throw-away SQLite database and starts
gunicorn (2 sync workers) on a free 127.0.0.1 port with production-like
settings (DEBUG=0, a random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1,
SECURE_SSL_REDIRECT=0, an oracle rate limit high enough never to refuse), all
from bench/api.py, whose bench-only URLconf adds the minimal JSON view used as
the baseline. Then, in interleaved rounds, it measures:

- the minimal JSON view (GET /bench/minimal/);
- ``POST /api/v1/ti4/oracle/run/`` with a typical scenario (3 players; Spy,
  answered by Sabotage, answered by Sabotage; 1 expectation) whose seed changes
  on every request, so the engine runs and a new run is stored each time;
- the same endpoint with one unchanging scenario, answered from its stored run.

Prints p50/p95 latency and requests per second of each, and the p50 ratio to
the minimal view against the target (oracle run <= 3x the minimal view).
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
api: Any = importlib.import_module("bench.api")  # shared set-up of the API bench

HOST = api.HOST
RUN = "/api/v1/ti4/oracle/run/"
TARGET = 3.0
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
            ["GET /bench/minimal/ HTTP/1.1", *common, f"X-Forwarded-For: {address}"],
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


def measure(send: Callable[[str], int], seconds: float, concurrency: int) -> Any:
    """Drive ``send`` from ``concurrency`` threads for ``seconds``."""
    return api.drive(lambda address: send(address) == 200, seconds, concurrency)


LABELS = {
    "minimal": "minimal JSON view",
    "fresh": "oracle run, new scenario",
    "stored": "oracle run, stored scenario",
}


def report(results: dict[str, Any], args: argparse.Namespace) -> bool:
    base = results["minimal"].percentile(0.5)
    print(
        f"gunicorn 2 sync workers, {args.concurrency} client threads, "
        f"{args.rounds} x {args.seconds:g} s per endpoint, {os.cpu_count()} CPUs"
    )
    print(f"{'endpoint':<30}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p50 vs min':>12}")
    for name, result in results.items():
        ratio = result.percentile(0.5) / base
        errors = f"  ({result.errors} non-200)" if result.errors else ""
        print(
            f"{LABELS[name]:<30}{result.rps:>8.0f}{result.percentile(0.5):>9.2f}"
            f"{result.percentile(0.95):>9.2f}{ratio:>11.1f}x{errors}"
        )
    met = results["fresh"].percentile(0.5) <= TARGET * base
    verdict = "met" if met else "MISSED"
    print(f"target: a new oracle run <= {TARGET:g}x the minimal view at p50: {verdict}")
    return met and not any(result.errors for result in results.values())


def run(args: argparse.Namespace) -> bool:
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-oracle-bench-"))
    env = {**api.bench_environment(var_dir), "API_THROTTLE_ORACLE": "1000000/minute"}
    process = None
    try:
        api.prepare_database(env)
        port = api.free_port()
        process = subprocess.Popen(
            [
                str(api.GUNICORN),
                "rulesite.wsgi:application",
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
            measure(send, 0.5, args.concurrency)
        results = {name: api.Result() for name in LABELS}
        for _ in range(args.rounds):
            for name, send in senders.items():
                part = measure(send, args.seconds, args.concurrency)
                total = results[name]
                total.latencies += part.latencies
                total.elapsed += part.elapsed
                total.errors += part.errors
        return report(results, args)
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(var_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--concurrency", type=int, default=2)
    args = parser.parse_args()
    sys.exit(0 if run(args) else 1)


if __name__ == "__main__":
    main()
