"""Attack the site under gunicorn as a hostile client would (a script, not a
test; loopback only).

    .venv/bin/python bench/attack.py [--seconds 60] [--connections 64] [--direct]

Builds a throw-away production site (DEBUG=0, five workers, no recycling so
that growth shows) behind nginx set up as docs/OPERATIONS.md describes (it
keeps each page as long as the page's ``Cache-Control`` allows; ``--direct``
leaves nginx out), and, for ``--seconds``, drives at once:

- mixed traffic with ``wrk``: cached pages, pages and API reads with a new
  query string on every request (cache-busting), searches, and hostile input
  (bodies nested deep, huge query strings, lone surrogates, a million units,
  unknown cards, wrong types); every request from an address of its own
  (BEHIND_PROXY=1), so that no rate limit hides the work;
- five clients posting, each in a loop, the worst-case oracle scenario the
  limits allow (eight players with every unit allowed, 200 steps), each with
  a new seed so that the engine really runs and a new run is stored;
- a probe: two connections fetching cached pages, whose latency is the
  figure that matters (a cached page must stay fast during the attack).

Prints the requests, the statuses of each part, the errors (5xx, socket
errors, timeouts), p50/p99 of the cached pages during the attack, the worker
RSS before and after, and the database growth. Targets: 0 errors, cached-page
p99 <= 100 ms, worker RSS <= 150 MB after the attack.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import shutil
import sys
import tempfile
import threading
import time
from collections import Counter
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.pages import (
    HOST,
    fetch,
    free_port,
    gunicorn,
    have,
    prepare_site,
    production_env,
    reverse_proxy,
    rss_mb,
    worker_pids,
)
from bench.soak import lua_script, run_wrk, summary

TARGET_P99_MS = 100.0
TARGET_RSS_MB = 150.0
RUN = "/api/v1/ti4/oracle/run/"
CACHED = ["/", "/ti4/", "/ti4/rules/action-cards/", "/ti4/cards/sabotage/"]
CACHED += ["/ti4/rulings/", "/ti4/glossary/"]


def worst_case(seed: int) -> dict[str, object]:
    """The largest scenario the limits allow: eight players, each with every
    unit of their plastic and 100 fighters and infantry, a full hand, the
    whole deck, and 200 steps through the phases (tests/oracle/
    test_run_page_bounds.py renders its page)."""
    names = [f"P{n}" for n in range(8)]
    systems = []
    for n, name in enumerate(names):
        planet = f"s{n}-p"
        units = ["100 fighter", "2 war-sun", "flagship", "5 dreadnought"]
        units += ["4 carrier", "8 cruiser", "8 destroyer", f"100 infantry@{planet}"]
        units += [f"4 mech@{planet}", f"3 space-dock@{planet}", f"6 pds@{planet}"]
        systems.append(
            {
                "id": f"s{n}",
                "planets": [{"id": planet, "controller": name}],
                "units": {name: units},
            }
        )
    phases = ["status", "agenda", "strategy", "action"]
    return {
        "game": "ti4",
        "seed": seed,
        "phase": "action",
        "players": [{"name": name, "hand": ["sabotage"] * 7} for name in names],
        # Homeland Defense Act lifts the two-PDS limit of a planet (63.3).
        "board": {
            "systems": systems,
            "fill_deck": True,
            "laws": ["homeland-defense-act"],
        },
        "steps": [{"advance": phases[n % 4]} for n in range(200)],
    }


HOSTILE_BODIES = [
    "[" * 30_000 + "]" * 30_000,
    '{"players": [{"name": "A"}], "expect": [{"path": "x", "equals": '
    + "[" * 995
    + "]" * 995
    + "}]}",
    '{"players": [{"name": "\\ud800"}]}',
    '{"seed": ' + "1" * 5000 + ', "players": [{"name": "A"}]}',
    json.dumps(
        {
            "players": [{"name": "Alice"}],
            "board": {
                "systems": [
                    {
                        "id": "rex",
                        "planets": [{"id": "mecatol-rex"}],
                        "units": {"Alice": ["1000000 infantry@mecatol-rex"]},
                    }
                ]
            },
        }
    ),
    '{"players": [{"name": "Alice", "hand": ["sabotge"]}]}',
    '{"players": "everyone", "steps": 7}',
    "{not json",
]


def request_mix(port: int) -> list[tuple[str, str, str | None]]:
    """(method, path, body) of one round of the mixed traffic; ``#`` in a path
    becomes a serial number (a new cache key each time)."""
    cards = json.loads(fetch(port, "/api/v1/ti4/cards/?page_size=200")[2])
    slugs = [card["id"] for card in cards["results"]]
    mix: list[tuple[str, str, str | None]] = [("GET", path, None) for path in CACHED]
    busting = ["/ti4/cards/?bust=#", "/ti4/rules/action-cards/?bust=#"]
    busting += ["/ti4/search/?q=card+#", "/api/v1/ti4/cards/?q=#"]
    busting += ["/ti4/rulings/?page=#", "/api/v1/ti4/search/?q=sabotage+#"]
    busting += ["/ti4/glossary/?x=#", "/ti4/oracle/?card=#"]
    busting += [f"/ti4/cards/{slug}/?v=#" for slug in slugs[:6]]
    mix += [("GET", path, None) for path in busting]
    mix += [("GET", f"/api/v1/ti4/cards/{slug}/", None) for slug in slugs[:4]]
    mix += [("GET", "/ti4/search/?q=" + "x" * 5000, None)]
    mix += [("GET", "/api/v1/ti4/cards/?page=" + "9" * 5000, None)]
    mix += [("GET", "/ti4/oracle/r/" + "0" * 32 + "/", None)]
    mix += [("POST", RUN, body) for body in HOSTILE_BODIES]
    return mix


class Posters:
    """Clients posting the worst-case scenario in a loop, one at a time each."""

    def __init__(self, port: int, clients: int) -> None:
        self.port = port
        self.statuses: Counter[int | str] = Counter()
        self.seconds: list[float] = []
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.threads = [
            threading.Thread(target=self._loop, args=(n,)) for n in range(clients)
        ]

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def join(self) -> None:
        self.stop.set()
        for thread in self.threads:
            thread.join()

    def _loop(self, client: int) -> None:
        seed = client * 1_000_000
        address = f"10.9.{client}.{random.randint(1, 254)}"
        while not self.stop.is_set():
            seed += 1
            body = json.dumps(worst_case(seed)).encode()
            started = time.monotonic()
            status: int | str
            try:
                status = self._post(body, address)
            except OSError as error:
                status = type(error).__name__
            with self.lock:
                self.statuses[status] += 1
                if status == 200:
                    self.seconds.append(time.monotonic() - started)
            if status == 429:
                self.stop.wait(1)

    def _post(self, body: bytes, address: str) -> int:
        connection = http.client.HTTPConnection(HOST, self.port, timeout=60)
        try:
            headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
            connection.request("POST", RUN, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
            return response.status
        finally:
            connection.close()


def probe_script(paths: list[str]) -> str:
    listed = ", ".join(json.dumps(path) for path in paths)
    return f"""
paths = {{{listed}}}
n = 0
function request()
  n = n + 1
  return wrk.format("GET", paths[n % #paths + 1])
end
"""


def database_mb(var_dir: Path) -> float:
    files = [var_dir / f"db.sqlite3{suffix}" for suffix in ("", "-wal")]
    return sum(path.stat().st_size for path in files if path.exists()) / 1e6


def workers_rss(master: int) -> list[float]:
    return sorted(rss_mb(pid) for pid in worker_pids(master))


def rss_parts(master: int) -> str:
    """Each worker's RSS as anonymous + file-backed MB: the heap, or pages of
    mapped files (shared libraries, SQLite's and the search index's maps)."""
    parts = []
    for pid in worker_pids(master):
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        kb = dict(re.findall(r"^(RssAnon|RssFile):\s+(\d+) kB", status, re.M))
        parts.append(f"{int(kb['RssAnon']) / 1e3:.0f}+{int(kb['RssFile']) / 1e3:.0f}")
    return " ".join(sorted(parts))


def attack(args: argparse.Namespace, port: int, var_dir: Path, master: int) -> bool:
    mix = request_mix(port)
    script = var_dir / "attack.lua"
    script.write_text(lua_script(mix))
    probe = var_dir / "probe.lua"
    probe.write_text(probe_script(CACHED))
    for _ in range(10):  # every worker renders the cached pages once
        for path in CACHED:
            fetch(port, path)
    before, db_before = workers_rss(master), database_mb(var_dir)
    print(f"worker RSS before, MB: {' '.join(f'{mb:.0f}' for mb in before)}")
    posters = Posters(port, args.posters)
    outputs: dict[str, str] = {}
    mixed = args.connections - args.posters - args.probes

    def drive(name: str, path: Path, connections: int) -> None:
        outputs[name] = run_wrk(port, path, args.seconds, connections)

    jobs = [
        threading.Thread(target=drive, args=("mix", script, mixed)),
        threading.Thread(target=drive, args=("probe", probe, args.probes)),
    ]
    posters.start()
    for job in jobs:
        job.start()
    for job in jobs:
        job.join()
    posters.join()
    after, db_after = workers_rss(master), database_mb(var_dir)
    print(f"worker RSS after, anonymous+file MB: {rss_parts(master)}")
    return report(args, outputs, posters, (before, after), (db_before, db_after))


def report(
    args: argparse.Namespace,
    outputs: dict[str, str],
    posters: Posters,
    rss: tuple[list[float], list[float]],
    database: tuple[float, float],
) -> bool:
    requests, statuses, socket_errors = summary(outputs["mix"])
    probed, probe_statuses, probe_errors = summary(outputs["probe"])
    latency = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", outputs["probe"], re.M))
    posted = sum(posters.statuses.values())
    total = requests + probed + posted
    errors = socket_errors + probe_errors
    errors += sum(n for code, n in statuses.items() if code >= 500)
    errors += sum(n for code, n in probe_statuses.items() if code != 200)
    errors += sum(n for code, n in posters.statuses.items() if code not in (200, 429))
    runs = sorted(posters.seconds)
    print(
        f"{total} requests in {args.seconds:g} s at {args.connections} connections"
        f" ({args.connections - args.posters - args.probes} mixed, {args.probes} "
        f"probing cached pages, {args.posters} posting the worst case)"
    )
    print(
        f"  mixed: {requests}, statuses {dict(sorted(statuses.items()))}, socket "
        f"errors {socket_errors}"
    )
    print(
        f"  cached pages: {probed}, statuses {dict(sorted(probe_statuses.items()))}"
        f", socket errors {probe_errors}; p50 {latency.get('50')}, p99 "
        f"{latency.get('99')}"
    )
    median = runs[len(runs) // 2] if runs else 0.0
    print(
        f"  worst-case oracle posts: {posted}, statuses "
        f"{dict(posters.statuses)}; a run took {median:.2f} s (median)"
    )
    before, after = rss
    print(
        f"worker RSS, MB: before {' '.join(f'{mb:.0f}' for mb in before)}; after "
        f"{' '.join(f'{mb:.0f}' for mb in after)}"
    )
    print(f"database: {database[0]:.0f} MB -> {database[1]:.0f} MB")
    p99 = _ms(latency.get("99", "0ms"))
    verdicts = [
        ("errors", errors == 0, f"{errors} (target 0)"),
        ("cached p99", p99 <= TARGET_P99_MS, f"{p99:.1f} ms (<= {TARGET_P99_MS:g})"),
        (
            "RSS after",
            max(after, default=0) <= TARGET_RSS_MB,
            f"{max(after, default=0):.0f} MB (<= {TARGET_RSS_MB:g})",
        ),
    ]
    for name, ok, text in verdicts:
        print(f"{name}: {text} {'ok' if ok else 'MISSED'}")
    return all(ok for _, ok, _ in verdicts)


def _ms(text: str) -> float:
    found = re.match(r"([\d.]+)(us|ms|s)", text)
    if found is None:
        return float("inf")
    return float(found[1]) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[found[2]]


def run(args: argparse.Namespace) -> bool:
    if not have("wrk", "wrk"):
        raise SystemExit("wrk is missing and cannot be installed (not root)")
    if not args.direct and not have("nginx", "nginx"):
        raise SystemExit("nginx is missing and cannot be installed (not root)")
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-attack-"))
    env = production_env(
        var_dir,
        # The clients' own X-Forwarded-For plays a CDN's, nginx adds a hop.
        BEHIND_PROXY="1" if args.direct else "2",
        WEB_CONCURRENCY=str(args.workers),
        GUNICORN_MAX_REQUESTS="0",
    )
    try:
        prepare_site(env)
        port = free_port()
        with ExitStack() as stack:
            server = stack.enter_context(gunicorn(env, port))
            front = "gunicorn alone" if args.direct else "nginx in front"
            if not args.direct:
                upstream, port = port, free_port()
                stack.enter_context(reverse_proxy([upstream], port, keep_pages=True))
            print(
                f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}; "
                f"{args.workers} workers, {front}",
                flush=True,
            )
            ok = attack(args, port, var_dir, server.pid)
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return ok
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--connections", type=int, default=64)
    parser.add_argument("--posters", type=int, default=5)
    parser.add_argument("--probes", type=int, default=2)
    parser.add_argument("--workers", type=int, default=5)
    parser.add_argument(
        "--direct",
        action="store_true",
        help="attack gunicorn itself, without the nginx that docs/OPERATIONS.md "
        "puts in front",
    )
    sys.exit(0 if run(parser.parse_args()) else 1)


if __name__ == "__main__":
    main()
