"""Benchmark the read API under gunicorn (a script, not a test; loopback only).

    .venv/bin/python bench/api.py [--seconds 2] [--rounds 5] [--concurrency 4]

Loads the real ``ti4`` content into a throw-away SQLite database, starts
gunicorn (2 sync workers) on a free 127.0.0.1 port with production-like
settings (DEBUG=0, a random SECRET_KEY, ALLOWED_HOSTS=127.0.0.1,
SECURE_SSL_REDIRECT=0, the default rate limits), and drives it with a small
threaded client over raw sockets (one connection per request, as gunicorn's
sync workers close each one). Each client request carries an
``X-Forwarded-For`` address from a pool of 4,096 (with BEHIND_PROXY=1), so the
rate limiter does its full work on every request without ever refusing one.

Prints requests per second, p50/p99 latency and server CPU per request for a
card list, a card detail, a topic detail and a 304 revalidation, beside a
minimal Django view (bench/api_urls.py) measured in the same run, with the
targets: detail endpoints >= 50 % and 304 >= 80 % of the minimal view's
throughput. Endpoints are measured in interleaved rounds (in a shuffled
order), and each ratio is the median of the per-round ratios, so that load
drifting during the run (a shared machine) affects all of them alike. Server
CPU per request is reported too: it compares the endpoints even when other
processes compete for the CPUs. Exits 1 when a throughput target is missed.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
HOST = "127.0.0.1"


@dataclass(frozen=True)
class Target:
    name: str
    path: str
    status: int
    headers: tuple[tuple[str, str], ...] = ()


@dataclass
class Result:
    latencies: list[float] = field(default_factory=list)
    elapsed: float = 0.0
    errors: int = 0
    server_cpu: float = 0.0
    round_rps: list[float] = field(default_factory=list)

    def add(self, part: Result) -> None:
        self.latencies += part.latencies
        self.elapsed += part.elapsed
        self.errors += part.errors
        self.server_cpu += part.server_cpu
        self.round_rps.append(part.rps)

    @property
    def cpu_per_request(self) -> float:
        """Milliseconds of gunicorn worker CPU (user + system) per request."""
        return self.server_cpu / len(self.latencies) * 1000 if self.latencies else 0.0

    def ratio(self, baseline: Result) -> float:
        """Median over rounds of this endpoint's throughput over the baseline's
        in the same round: robust to load that drifts during the run."""
        pairs = zip(self.round_rps, baseline.round_rps, strict=True)
        return statistics.median(mine / base for mine, base in pairs)

    @property
    def rps(self) -> float:
        return len(self.latencies) / self.elapsed if self.elapsed else 0.0

    def percentile(self, fraction: float) -> float:
        ordered = sorted(self.latencies)
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def bench_environment(var_dir: Path) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.api_settings",
        "PYTHONPATH": str(ROOT),
        "RULESITE_VAR_DIR": str(var_dir),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "BEHIND_PROXY": "1",
        "LOG_LEVEL": "ERROR",
    }


def prepare_database(env: dict[str, str]) -> None:
    """Database, content and static files, as a deploy has them (WhiteNoise
    serves from the collected files)."""
    commands = (
        ["migrate", "--noinput"],
        ["load_content", "ti4", "--no-index"],
        ["collectstatic", "--noinput"],
    )
    for command in commands:
        subprocess.run(
            [str(PYTHON), "manage.py", *command, "--verbosity", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )


def request(port: int, target: Target, forwarded_for: str) -> tuple[int, bytes]:
    """One GET over a new connection; the status and the raw response."""
    lines = [
        f"GET {target.path} HTTP/1.1",
        f"Host: {HOST}:{port}",
        "Connection: close",
        f"X-Forwarded-For: {forwarded_for}",
        *(f"{name}: {value}" for name, value in target.headers),
    ]
    payload = ("\r\n".join(lines) + "\r\n\r\n").encode()
    chunks = []
    with socket.create_connection((HOST, port)) as connection:
        connection.sendall(payload)
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    raw = b"".join(chunks)
    return int(raw[9:12]), raw


def header(raw: bytes, name: str) -> str:
    head = raw.split(b"\r\n\r\n", 1)[0].decode("latin-1")
    for line in head.split("\r\n")[1:]:
        key, _, value = line.partition(":")
        if key.strip().lower() == name.lower():
            return value.strip()
    raise KeyError(name)


def wait_until_up(port: int, process: subprocess.Popen[bytes]) -> None:
    probe = Target("probe", "/api/bench/minimal/", 200)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("gunicorn exited during start-up")
        try:
            if request(port, probe, "10.0.0.1")[0] == 200:
                return
        except OSError:
            time.sleep(0.1)
    raise SystemExit("gunicorn did not answer within 30 s")


def worker_cpu(master: int) -> float:
    """CPU seconds (user + system) used so far by gunicorn's worker processes."""
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    ticks = 0
    for pid in children:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks += int(fields[11]) + int(fields[12])  # utime, stime
    return ticks / os.sysconf("SC_CLK_TCK")


def measure(
    port: int, target: Target, seconds: float, concurrency: int, master: int
) -> Result:
    cpu_before = worker_cpu(master)
    result = drive(
        lambda address: request(port, target, address)[0] == target.status,
        seconds,
        concurrency,
    )
    result.server_cpu = worker_cpu(master) - cpu_before
    return result


def drive(send: Callable[[str], bool], seconds: float, concurrency: int) -> Result:
    """Call ``send`` from ``concurrency`` threads for ``seconds``; each call gets
    its own client address (so per-client rate limits do not throttle the run)
    and says whether the answer was the expected one."""
    result = Result()
    addresses = itertools.cycle(
        f"10.{n >> 8 & 255}.{n & 255}.{1 + n % 250}" for n in range(4096)
    )
    lock = threading.Lock()
    stop = time.perf_counter() + seconds

    def worker() -> None:
        latencies, errors = [], 0
        while (started := time.perf_counter()) < stop:
            with lock:
                address = next(addresses)
            ok = send(address)
            latencies.append(time.perf_counter() - started)
            errors += not ok
        with lock:
            result.latencies.extend(latencies)
            result.errors += errors

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result.elapsed = time.perf_counter() - began
    return result


def targets(port: int) -> list[Target]:
    detail = "/api/v1/ti4/cards/sabotage/"
    _, raw = request(port, Target("etag", detail, 200), "10.0.0.2")
    etag = header(raw, "ETag")
    return [
        Target("minimal Django view", "/api/bench/minimal/", 200),
        Target("card list (50 cards)", "/api/v1/ti4/cards/", 200),
        Target("card detail", detail, 200),
        Target("topic detail", "/api/v1/ti4/topics/action-cards/", 200),
        Target("304 revalidation", detail, 304, (("If-None-Match", etag),)),
    ]


def report(results: dict[str, Result], args: argparse.Namespace) -> bool:
    baseline = results["minimal Django view"]
    goals = {"card detail": 0.5, "topic detail": 0.5, "304 revalidation": 0.8}
    print(
        f"gunicorn 2 sync workers, {args.concurrency} client threads, "
        f"{args.rounds} x {args.seconds:g} s per endpoint, {os.cpu_count()} CPUs, "
        "load average %.1f %.1f %.1f at the end" % os.getloadavg()
    )
    print(
        f"{'endpoint':<22}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'vs min':>8}"
        f"{'cpu ms':>8}{'vs min':>8}  target"
    )
    met = True
    for name, result in results.items():
        ratio = result.ratio(baseline)
        goal = goals.get(name)
        verdict = (
            ""
            if goal is None
            else f">= {goal:.0%} " + ("ok" if ratio >= goal else "MISSED")
        )
        met &= goal is None or ratio >= goal
        errors = f"  ({result.errors} unexpected statuses)" if result.errors else ""
        cpu = result.cpu_per_request
        print(
            f"{name:<22}{result.rps:>9.0f}{result.percentile(0.5):>9.2f}"
            f"{result.percentile(0.99):>9.2f}{ratio:>8.0%}{cpu:>8.2f}"
            f"{baseline.cpu_per_request / cpu:>8.0%}  {verdict}{errors}"
        )
    print(
        "vs min: throughput relative to the minimal view (median of per-round "
        "ratios); cpu ms: gunicorn worker CPU per request, and the minimal view's "
        "over it (the same comparison, blind to other load on the machine)."
    )
    return met


def run(args: argparse.Namespace) -> bool:
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-bench-"))
    env = bench_environment(var_dir)
    process = None
    try:
        prepare_database(env)
        port = free_port()
        process = subprocess.Popen(
            [
                *(str(GUNICORN), "rulesite.wsgi:application", "--workers", "2"),
                *("--bind", f"{HOST}:{port}", "--log-level", "warning"),
            ],
            cwd=ROOT,
            env=env,
        )
        wait_until_up(port, process)
        plan = targets(port)
        for target in plan:  # warm both workers: imports, caches, connections
            measure(port, target, 0.5, args.concurrency, process.pid)
        results = {target.name: Result() for target in plan}
        shuffler = random.Random(6)  # a fixed order per round, different each round
        for _ in range(args.rounds):
            for target in shuffler.sample(plan, len(plan)):
                part = measure(
                    port, target, args.seconds, args.concurrency, process.pid
                )
                results[target.name].add(part)
        return report(results, args)
    finally:
        if process is not None:
            process.terminate()
            process.wait(timeout=30)
        shutil.rmtree(var_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--concurrency", type=int, default=4)
    args = parser.parse_args()
    sys.exit(0 if run(args) else 1)


if __name__ == "__main__":
    main()
