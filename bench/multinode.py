"""Benchmark the multi-node set-up on this machine (a script, not a test;
loopback only, bounded in time):

    .venv/bin/python bench/multinode.py [--seconds 5] [--connections 32]

Without DATABASE_URL and CACHE_URL it runs itself again under the project's
own ``.ci/with-postgres`` (a throw-away PostgreSQL primary and streaming read
replica) and ``.ci/with-redis`` (a throw-away Redis), which install the engines
with apt as root. Then: one database migrated and loaded with ``ti4``, two
gunicorn nodes (one worker each, each with its own var/ for the search index
and static files), nginx in front (installed with apt when missing), and wrk
(or the Python client of bench/pages.py) through nginx, first with one node in
the upstream, then with both. It prints requests per second for a cached topic
page, a never-cached topic page and an API read, and then shows that

- the rate limit is shared: the bulk scope is set to 5 an hour and 8 requests
  alternate between the two nodes directly: exactly 5 succeed;
- cached pages are shared: a page rendered by node 1 is a Redis hit on node 2,
  which stores nothing new.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import pages  # bench/pages.py: servers, wrk and its parsing

ROOT = pages.ROOT
HOST = pages.HOST
TOPIC = pages.TOPIC
TARGETS = [
    pages.Target("topic page, cached", TOPIC),
    pages.Target("topic page, never cached", TOPIC, bust=True),
    pages.Target("API card, rendered once", "/api/v1/ti4/cards/sabotage/"),
]
BULK_LIMIT = 5


def in_engines() -> bool:
    url = os.environ.get("DATABASE_URL", "")
    return url.startswith("postgres") and os.environ.get("CACHE_URL", "").startswith(
        "redis"
    )


def node_env(var_dir: Path) -> dict[str, str]:
    env = pages.production_env(
        var_dir,
        DJANGO_SETTINGS_MODULE="rulesite.settings",
        BEHIND_PROXY="1",
        API_THROTTLE_READ="",
        API_THROTTLE_BULK=f"{BULK_LIMIT}/hour",
        WEB_CONCURRENCY="1",
    )
    # production_env leaves out the shell's database and cache: put them back.
    for name in ("DATABASE_URL", "DATABASE_REPLICA_URLS", "CACHE_URL"):
        if name in os.environ:
            env[name] = os.environ[name]
    return env


def manage(env: dict[str, str], *args: str) -> None:
    command = [str(pages.PYTHON), "manage.py", *args, "--verbosity", "0"]
    subprocess.run(command, cwd=ROOT, env=env, check=True)


def node(env: dict[str, str], port: int) -> AbstractContextManager[object]:
    """One gunicorn node, once it serves the topic page."""
    command = [str(pages.GUNICORN), "-c", str(ROOT / "rulesite" / "gunicorn.conf.py")]
    env = {**env, "BIND": f"{HOST}:{port}"}
    return pages.running(command, port, TOPIC, cwd=ROOT, env=env)


def throughput(port: int, args: argparse.Namespace, script: Path) -> dict[str, float]:
    rates = {}
    for target in TARGETS:
        if shutil.which("wrk"):
            measured = pages.run_wrk(
                port, target, args.seconds, args.connections, script
            )
        else:
            measured = pages.run_python(port, target, args.seconds, args.connections)
        wrong = measured.unexpected(target.status)
        rates[target.name] = measured.rps
        if wrong:
            print(f"  {target.name}: {wrong} unexpected answers", file=sys.stderr)
    return rates


def shared_rate_limit(ports: list[int]) -> list[int]:
    """Statuses of 8 bulk downloads alternating between the nodes, all from
    one client address."""
    headers = {"X-Forwarded-For": "203.0.113.9"}
    return [
        pages.fetch(ports[n % 2], "/api/v1/ti4/bulk/", headers)[0] for n in range(8)
    ]


def shared_page_cache(ports: list[int]) -> tuple[int, int]:
    """Redis reads and writes while node 2 answers a page node 1 just cached."""
    import redis  # the client the cache backend uses, from the venv

    client = redis.Redis.from_url(os.environ["CACHE_URL"])
    path = "/ti4/rules/abilities/"
    # The page's key holds its absolute URL: both nodes are asked under the one
    # name the proxy passes on (``Host: $host``), not each under its own port.
    site = {"Host": f"{HOST}:8080"}
    pages.fetch(ports[0], path, site)

    def counts() -> tuple[int, int]:
        stats = client.info("stats")
        sets = client.info("commandstats").get("cmdstat_set", {}).get("calls", 0)
        return int(stats["keyspace_hits"]), int(sets)

    hits, sets = counts()
    pages.fetch(ports[1], path, site)
    after_hits, after_sets = counts()
    return after_hits - hits, after_sets - sets


def run(args: argparse.Namespace) -> None:
    if not pages.have("nginx", "nginx"):
        raise SystemExit("nginx is missing and cannot be installed (not root)")
    pages.have("wrk", "wrk")
    base = Path(tempfile.mkdtemp(prefix="rulesite-multinode-"))
    envs = [node_env(base / f"node{n}") for n in (1, 2)]
    manage(envs[0], "migrate", "--noinput")
    manage(envs[0], "load_content", "ti4", "--no-index")
    for env in envs:
        manage(env, "build_search_index")
        manage(env, "collectstatic", "--noinput")
    script = base / "count.lua"
    script.write_text(pages.WRK_SCRIPT)
    ports = [pages.free_port(), pages.free_port()]
    with ExitStack() as stack:
        for env, port in zip(envs, ports, strict=True):
            stack.enter_context(node(env, port))
        figures = {}
        for count in (1, 2):
            lb = pages.free_port()
            with pages.reverse_proxy(ports[:count], lb):
                figures[count] = throughput(lb, args, script)
        statuses = shared_rate_limit(ports)
        hits, sets = shared_page_cache(ports)
    shutil.rmtree(base, ignore_errors=True)
    print(f"{'requests/s through nginx':32} {'1 node':>9} {'2 nodes':>9}")
    for target in TARGETS:
        one, two = figures[1][target.name], figures[2][target.name]
        print(f"{target.name:32} {one:9.0f} {two:9.0f}")
    ok = statuses.count(200)
    print(
        f"rate limit shared: {ok} of 8 bulk downloads alternating between the "
        f"nodes succeeded (limit {BULK_LIMIT}): {statuses}"
    )
    print(
        f"page cache shared: node 2 answered node 1's page with {hits} Redis "
        f"hit(s) and {sets} write(s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args()
    if not in_engines():
        ci = ROOT / ".ci"
        command = [str(ci / "with-postgres"), str(ci / "with-redis"), sys.executable]
        os.execv(command[0], [*command, __file__, *sys.argv[1:]])
    run(args)


if __name__ == "__main__":
    main()
