"""Benchmark the pages under gunicorn (a script, not a test; loopback only).

    .venv/bin/python bench/pages.py [--seconds 5] [--rounds 2] [--connections 32]

Builds a throw-away site in a temporary folder (migrate, load the real ``ti4``
content, build the search index, collectstatic), serves it with gunicorn and
``rulesite/gunicorn.conf.py`` under production settings (DEBUG=0, a random
SECRET_KEY, ALLOWED_HOSTS=127.0.0.1, SECURE_SSL_REDIRECT=0, whitenoise), and
measures with ``wrk`` (installed with apt when missing and running as root;
otherwise a small Python client) at 32 connections: a topic page, a card
page, the card list, a search page and a 304 revalidation, beside the framework
floor (a minimal Django view, bench/pages_urls.py: once through the site's own
stack, once in a second gunicorn without the page cache middleware, which is
the floor the ratios use) and nginx serving the same topic page saved as a
static file. Targets are
measured in interleaved rounds so that drift from other load on the machine
falls on all of them alike. Also prints the RSS of every gunicorn worker.

Targets: topic and card pages >= 70 % of the floor's requests per second and
p99 <= 50 ms; RSS per worker <= 120 MB. The exit status is 0 when all are met.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
HOST = "127.0.0.1"
FLOOR = "/api/bench/minimal/"
TOPIC = "/ti4/rules/action-cards/"

# The part of every wrk script that counts each response status (and prints
# the counts as one "STATUS 200=n ..." line), so a run can tell what it got.
LUA_COUNTING = """
local next_tid = 0
local threads = {}
counts = {}
serial = 0
function setup(thread)
  next_tid = next_tid + 1
  thread:set("tid", next_tid)
  table.insert(threads, thread)
end
function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
end
function done(summary, latency, requests)
  local total = {}
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("counts")) do
      total[status] = (total[status] or 0) + n
    end
  end
  io.write("STATUS")
  for status, n in pairs(total) do io.write(" " .. status .. "=" .. n) end
  io.write("\\n")
end
"""
# One target: its headers from the arguments, a new query string on every
# request when the first argument is "bust".
WRK_SCRIPT = (
    LUA_COUNTING
    + """
function init(args)
  bust = args[1] == "bust"
  extra = {}
  for i = 2, #args, 2 do extra[args[i]] = args[i + 1] end
end
function request()
  local path = wrk.path
  if bust then
    serial = serial + 1
    local sep = string.find(path, "?", 1, true) and "&" or "?"
    path = path .. sep .. "bust=" .. tid .. "-" .. serial
  end
  return wrk.format(nil, path, extra)
end
"""
)


@dataclass(frozen=True)
class Target:
    name: str
    path: str
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    server: str = "django"
    bust: bool = False  # a new query string on every request: never cached


@dataclass
class Measured:
    requests: int = 0
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    p50: list[float] = field(default_factory=list)
    p99: list[float] = field(default_factory=list)
    statuses: Counter[int] = field(default_factory=Counter)
    socket_errors: int = 0

    @property
    def rps(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def unexpected(self, status: int) -> int:
        wrong = sum(n for code, n in self.statuses.items() if code != status)
        return wrong + self.socket_errors


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def have(command: str, package: str) -> bool:
    """Whether ``command`` is on PATH, installing ``package`` with apt as root."""
    if shutil.which(command):
        return True
    if os.geteuid() == 0 and shutil.which("apt-get"):
        print(f"installing {package} with apt-get", file=sys.stderr)
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        install = ["install", "-y", "-qq", "--no-install-recommends", package]
        for args in (["update", "-qq"], install):
            subprocess.run(
                ["apt-get", *args], env=env, stdout=subprocess.DEVNULL, check=False
            )
    return shutil.which(command) is not None


def production_env(var_dir: Path, **extra: str) -> dict[str, str]:
    # Whoosh builds in <TMPDIR>/MAIN.tmp: keep this site's builds to itself.
    (var_dir / "tmp").mkdir(parents=True, exist_ok=True)
    # SQLite and in-memory caches of its own, whatever this shell points at.
    outside = {"DATABASE_URL", "DATABASE_REPLICA_URLS", "CACHE_URL", "PAGE_CACHE_URL"}
    return {
        **{name: value for name, value in os.environ.items() if name not in outside},
        "DJANGO_SETTINGS_MODULE": "bench.pages_settings",
        "PYTHONPATH": str(ROOT),
        "RULESITE_VAR_DIR": str(var_dir),
        "TMPDIR": str(var_dir / "tmp"),
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "LOG_LEVEL": "ERROR",
        "GUNICORN_LOG_LEVEL": "warning",
        **extra,
    }


def prepare_site(env: dict[str, str]) -> None:
    """Database, content, search index and static files, as a deploy does."""
    commands = [
        ["migrate", "--noinput"],
        ["load_content", "ti4", "--no-index"],
        ["build_search_index"],
        ["collectstatic", "--noinput"],
    ]
    for command in commands:
        subprocess.run(
            [str(PYTHON), "manage.py", *command, "--verbosity", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )


def fetch(
    port: int, path: str, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def wait_until_up(port: int, path: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server on port {port} exited during start-up")
        try:
            if fetch(port, path)[0] == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server on port {port} did not answer within 60 s")


@contextmanager
def running(
    command: list[str], port: int, probe: str, **popen: Any
) -> Iterator[subprocess.Popen[bytes]]:
    """A server process, once it answers ``probe`` on ``port``; stopped after."""
    process = subprocess.Popen(command, **popen)
    try:
        wait_until_up(port, probe, process)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=60)


def gunicorn(
    env: dict[str, str], port: int
) -> AbstractContextManager[subprocess.Popen[bytes]]:
    command = [str(GUNICORN), "-c", str(ROOT / "rulesite" / "gunicorn.conf.py")]
    env = {**env, "BIND": f"{HOST}:{port}"}
    return running(command, port, FLOOR, cwd=ROOT, env=env)


def worker_pids(master: int) -> list[int]:
    path = Path(f"/proc/{master}/task/{master}/children")
    return [int(pid) for pid in path.read_text().split()] if path.exists() else []


def rss_mb(pid: int) -> float:
    """VmRSS of a process in MB (10^6 bytes), 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    match = re.search(r"^VmRSS:\s+(\d+) kB", status, re.MULTILINE)
    return int(match[1]) * 1024 / 1e6 if match else 0.0


@contextmanager
def _nginx(port: int, http: Callable[[Path], str]) -> Iterator[subprocess.Popen[bytes]]:
    """nginx on a loopback ``port`` from a scratch folder of its own; ``http``
    gives the rest of the ``http`` block (its servers) for that folder."""
    prefix = Path(tempfile.mkdtemp(prefix="rulesite-nginx-"))
    prefix.chmod(0o755)
    for name in ("logs", "tmp", "pages"):
        (prefix / name).mkdir()
        # nginx's workers drop root: they buffer and keep pages as nobody.
        (prefix / name).chmod(0o777)
    temp = " ".join(
        f"{kind}_temp_path {prefix}/tmp;"
        for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    config = prefix / "nginx.conf"
    config.write_text(
        f"worker_processes auto;\ndaemon off;\npid {prefix}/nginx.pid;\n"
        f"error_log {prefix}/logs/error.log warn;\n"
        "events { worker_connections 4096; }\n"
        f"http {{\naccess_log off;\n{temp}\n{http(prefix)}\n}}\n"
    )
    try:
        command = ["nginx", "-p", str(prefix), "-c", str(config)]
        with running(command, port, TOPIC) as process:
            yield process
    finally:
        shutil.rmtree(prefix, ignore_errors=True)


def nginx(root: Path, port: int) -> AbstractContextManager[subprocess.Popen[bytes]]:
    """nginx on a loopback port serving the files under ``root``."""
    return _nginx(
        port,
        lambda _: textwrap.dedent(
            f"""\
            default_type text/html;
            server {{ listen {HOST}:{port}; root {root}; index index.html; }}
            """
        ),
    )


def reverse_proxy(
    ports: list[int], port: int, *, keep_pages: bool = False
) -> AbstractContextManager[subprocess.Popen[bytes]]:
    """nginx on ``port`` in front of the gunicorn nodes on ``ports``, set up as
    docs/OPERATIONS.md describes. With ``keep_pages`` it also keeps each page
    for as long as its ``Cache-Control`` allows and answers repeats itself."""
    servers = " ".join(f"server {HOST}:{p};" for p in ports)
    cache = (
        "proxy_cache pages; proxy_cache_lock on; proxy_cache_use_stale updating; "
        "add_header X-Proxy-Cache $upstream_cache_status;"
        if keep_pages
        else ""
    )

    def http(prefix: Path) -> str:
        keeping = (
            f"proxy_cache_path {prefix}/pages keys_zone=pages:10m max_size=256m;"
            if keep_pages
            else ""
        )
        return textwrap.dedent(
            f"""\
            {keeping}
            upstream nodes {{ {servers} keepalive 16; }}
            server {{
                listen {HOST}:{port} backlog=4096;
                client_max_body_size 2m;
                large_client_header_buffers 4 8k;
                location / {{
                    proxy_pass http://nodes;
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                    proxy_set_header Host $host;
                    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
                    proxy_set_header X-Forwarded-Proto http;
                    proxy_read_timeout 120s;
                    {cache}
                }}
            }}
            """
        )

    return _nginx(port, http)


def save_static_copy(port: int, path: str) -> Path:
    """The page at ``path`` saved as ``<root><path>index.html``, readable by
    nginx's unprivileged workers."""
    status, _, body = fetch(port, path)
    assert status == 200, f"{path} answered {status}"
    root = Path(tempfile.mkdtemp(prefix="rulesite-static-"))
    page = root / path.strip("/") / "index.html"
    page.parent.mkdir(parents=True)
    page.write_bytes(body)
    for folder in [root, *page.parents]:
        if folder.is_relative_to(root):
            folder.chmod(0o755)
    page.chmod(0o644)
    return root


def run_wrk(
    port: int, target: Target, seconds: float, connections: int, script: Path
) -> Measured:
    args = ["bust" if target.bust else "plain"]
    for name, value in target.headers:
        args += [name, value]
    command = ["wrk", "-t2", f"-c{connections}", f"-d{seconds:g}s", "--latency"]
    command += ["--timeout", "10s", "-s", str(script)]
    command += [f"http://{HOST}:{port}{target.path}", "--", *args]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return parse_wrk(output, seconds)


def parse_wrk(output: str, seconds: float) -> Measured:
    result = Measured(seconds=seconds)
    if found := re.search(r"(\d+) requests in ([\d.]+)(\w+)", output):
        result.requests = int(found[1])
        result.seconds = _duration_ms(float(found[2]), found[3]) / 1000
    for percent, value, unit in re.findall(
        r"^\s+(50|99)%\s+([\d.]+)(\w+)", output, re.M
    ):
        getattr(result, f"p{percent}").append(_duration_ms(float(value), unit))
    if found := re.search(r"Socket errors: (.*)", output):
        result.socket_errors = sum(int(n) for n in re.findall(r"\d+", found[1]))
    if found := re.search(r"^STATUS(.*)$", output, re.M):
        for status, count in re.findall(r"(\d+)=(\d+)", found[1]):
            result.statuses[int(status)] += int(count)
    return result


def _duration_ms(value: float, unit: str) -> float:
    return value * {"us": 1e-3, "ms": 1.0, "s": 1e3, "m": 6e4}[unit]


def run_python(port: int, target: Target, seconds: float, connections: int) -> Measured:
    """The fallback client: one thread per connection, a new connection per
    request (as gunicorn's sync workers close each one)."""
    result = Measured()
    lock = threading.Lock()
    stop = time.perf_counter() + seconds
    headers = dict(target.headers)

    def client(number: int) -> None:
        latencies, statuses, serial = [], Counter[int](), 0
        while time.perf_counter() < stop:
            serial += 1
            path = target.path
            if target.bust:
                path += ("&" if "?" in path else "?") + f"bust={number}-{serial}"
            started = time.perf_counter()
            try:
                status = fetch(port, path, headers)[0]
            except OSError:
                status = 0
            latencies.append((time.perf_counter() - started) * 1000)
            statuses[status] += 1
        with lock:
            result.latencies_ms += latencies
            result.statuses.update(statuses)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(connections)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    result.seconds = time.perf_counter() - began
    result.requests = len(result.latencies_ms)
    ordered = sorted(result.latencies_ms)
    for fraction, into in ((0.5, result.p50), (0.99, result.p99)):
        into.append(ordered[min(len(ordered) - 1, int(fraction * len(ordered)))])
    result.socket_errors = result.statuses.pop(0, 0)
    return result


def merge(total: Measured, part: Measured) -> None:
    total.requests += part.requests
    total.seconds += part.seconds
    total.p50 += part.p50
    total.p99 += part.p99
    total.statuses.update(part.statuses)
    total.socket_errors += part.socket_errors


def plan(port: int) -> list[Target]:
    _, headers, _ = fetch(port, TOPIC)
    etag = headers["ETag"]
    return [
        Target("floor: minimal view, plain Django", FLOOR, server="bare"),
        Target("floor: minimal view, site stack", FLOOR),
        Target("nginx: topic page as a file", TOPIC, server="nginx"),
        Target("topic page", TOPIC),
        Target("card page", "/ti4/cards/sabotage/"),
        Target("card list", "/ti4/cards/"),
        Target("search page", "/ti4/search/?q=hand+limit"),
        Target("304 revalidation (topic)", TOPIC, 304, (("If-None-Match", etag),)),
        Target("topic page, never cached", TOPIC, bust=True),
    ]


GOALS = {"topic page": 0.70, "card page": 0.70}
P99_LIMIT_MS = 50.0
RSS_LIMIT_MB = 120.0


def report(results: dict[Target, Measured], rss: dict[int, float]) -> bool:
    floor = next(iter(results.values())).rps
    print(f"{'target':<32}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'vs floor':>10}  goal")
    met = True
    for target, result in results.items():
        ratio = result.rps / floor if floor else 0.0
        p50 = max(result.p50, default=0.0)
        p99 = max(result.p99, default=0.0)
        verdict = ""
        if (goal := GOALS.get(target.name)) is not None:
            ok = ratio >= goal and p99 <= P99_LIMIT_MS
            met &= ok
            verdict = f">= {goal:.0%}, p99 <= {P99_LIMIT_MS:g} ms: " + (
                "ok" if ok else "MISSED"
            )
        if wrong := result.unexpected(target.status):
            met = False
            verdict += f"  {wrong} unexpected answers {dict(result.statuses)}"
        print(
            f"{target.name:<32}{result.rps:>9.0f}{p50:>9.2f}{p99:>9.2f}"
            f"{ratio:>10.0%}  {verdict}"
        )
    print("(p50 and p99: the worst of the rounds)")
    worst = max(rss.values(), default=0.0)
    rss_ok = worst <= RSS_LIMIT_MB
    listing = ", ".join(f"{mb:.0f}" for mb in rss.values())
    print(
        f"RSS per worker after the run: {listing} MB; max {worst:.0f} MB "
        f"(goal <= {RSS_LIMIT_MB:g} MB: {'ok' if rss_ok else 'MISSED'})"
    )
    return met and rss_ok


def measure_all(
    ports: dict[str, int], args: argparse.Namespace, script: Path
) -> dict[Target, Measured]:
    targets = plan(ports["django"])
    use_wrk = have("wrk", "wrk") and not args.python_client

    def once(target: Target, seconds: float) -> Measured:
        port = ports[target.server]
        if use_wrk:
            return run_wrk(port, target, seconds, args.connections, script)
        return run_python(port, target, seconds, args.connections)

    print(f"client: {'wrk' if use_wrk else 'Python threads'}", flush=True)
    for target in targets:  # warm every worker: imports, templates, caches
        once(target, 1.0)
    results = {target: Measured() for target in targets}
    for _ in range(args.rounds):
        for target in targets:
            merge(results[target], once(target, args.seconds))
    return results


def run(args: argparse.Namespace) -> bool:
    if not have("nginx", "nginx"):
        raise SystemExit("nginx is missing and cannot be installed (not root)")
    var_dir = Path(tempfile.mkdtemp(prefix="rulesite-bench-"))
    script = var_dir / "count.lua"
    script.write_text(WRK_SCRIPT)
    extra = {"WEB_CONCURRENCY": str(args.workers)} if args.workers else {}
    env = production_env(var_dir, **extra)
    static_root = None
    try:
        prepare_site(env)
        ports = {"django": free_port(), "nginx": free_port(), "bare": free_port()}
        bare = {**env, "BENCH_BARE": "1", "WEB_CONCURRENCY": str(args.workers or 5)}
        with gunicorn(env, ports["django"]) as server, gunicorn(bare, ports["bare"]):
            static_root = save_static_copy(ports["django"], TOPIC)
            with nginx(static_root, ports["nginx"]):
                load = os.getloadavg()
                print(
                    f"{os.cpu_count()} CPUs, load average {load[0]:.1f} at the start; "
                    f"gunicorn {len(worker_pids(server.pid))} sync workers; "
                    f"{args.connections} connections, {args.rounds} x "
                    f"{args.seconds:g} s per target",
                    flush=True,
                )
                results = measure_all(ports, args, script)
            rss = {pid: rss_mb(pid) for pid in worker_pids(server.pid)}
        print(f"load average {os.getloadavg()[0]:.1f} at the end")
        return report(results, rss)
    finally:
        shutil.rmtree(var_dir, ignore_errors=True)
        if static_root is not None:
            shutil.rmtree(static_root, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--connections", type=int, default=32)
    parser.add_argument(
        "--workers", type=int, help="gunicorn workers (default: gunicorn.conf.py's)"
    )
    parser.add_argument(
        "--python-client", action="store_true", help="use the Python client, not wrk"
    )
    sys.exit(0 if run(parser.parse_args()) else 1)


if __name__ == "__main__":
    main()
