"""The deployment's nginx sites (deploy/nginx/*.conf) run on this machine, as they are but
for where they listen and what they pass to: the cluster drill's proxy for the streams
(scripts/cluster.py), the tests of the proxy (tests/test_nginx_proxy.py) and the bench
of the public board (bench/public_board.py).

What is changed, and only that: TLS is dropped (a test has no certificate; the headers
the site writes do not depend on it), each `listen` becomes a free port of 127.0.0.1,
and each upstream's `server` the address given for it. The headers, the locations and
the limits are the deployed file's own, so what passes here passes in production.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import time
from pathlib import Path

from bench.stack import free_port

ROOT = Path(__file__).resolve().parent.parent
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SITES = {"casino": ROOT / "deploy/nginx/casino.conf",
         "scale": ROOT / "deploy/nginx/casino-scale.conf"}


def available() -> bool:
    return Path(NGINX).exists()


def local_site(site: Path, upstreams: dict[str, int],
               limited: bool = True) -> tuple[str, dict[str, int]]:
    """The site's text for this machine, and the ports it listens on: "https" (the site's
    443 server, plain HTTP here), "http" (its 80) and "health" (its loopback check).
    ``upstreams``: each upstream's name and the port of 127.0.0.1 it passes to.
    ``limited=False`` drops the limit on anonymous requests per address: a drill's
    hundreds of screens all come from 127.0.0.1, where a floor's have addresses of their
    own."""
    ports = {"https": free_port(), "http": free_port(), "health": free_port()}
    lines = []
    upstream = None
    for line in site.read_text().splitlines():
        bare = line.strip()
        if bare.startswith(("ssl_", "http2 ")) or bare.startswith("listen [::]"):
            continue
        if not limited and bare.startswith("limit_req "):
            continue
        if match := re.match(r"upstream\s+(\S+)\s*\{", bare):
            upstream = match.group(1)
        elif bare.startswith("server ") and upstream:
            line = f"    server 127.0.0.1:{upstreams[upstream]};"
            upstream = None
        elif bare.startswith("listen "):
            which = ("https" if " 443" in bare else "health" if "8081" in bare else "http")
            line = f"    listen 127.0.0.1:{ports[which]};"
        lines.append(line)
    return "\n".join(lines) + "\n", ports


def main_config(work: Path, site_text: str) -> str:
    """nginx.conf around a site (deploy/nginx's files are conf.d sites, inside http)."""
    temp = {name: work / name for name in ("body", "proxy", "fastcgi", "uwsgi", "scgi")}
    for folder in temp.values():
        folder.mkdir(exist_ok=True)
    user = "user root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
worker_rlimit_nofile 8192;
error_log {work}/error.log warn;
pid {work}/nginx.pid;
events {{ worker_connections 4096; }}
http {{
    access_log off;
    client_body_temp_path {temp['body']};
    proxy_temp_path {temp['proxy']};
    fastcgi_temp_path {temp['fastcgi']};
    uwsgi_temp_path {temp['uwsgi']};
    scgi_temp_path {temp['scgi']};
{site_text}
}}
"""


class Nginx:
    """One of the deployment's sites, served by nginx from ``work``."""

    def __init__(self, work: Path, site: str, upstreams: dict[str, int],
                 limited: bool = True):
        self.work = work
        work.mkdir(parents=True, exist_ok=True)
        text, self.ports = local_site(SITES[site], upstreams, limited)
        self.config = work / "nginx.conf"
        self.config.write_text(main_config(work, text))
        self.process: subprocess.Popen | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.ports['https']}"

    def test(self) -> subprocess.CompletedProcess:
        """``nginx -t``: whether nginx takes the configuration, and its words if not."""
        return subprocess.run([NGINX, "-t", "-p", str(self.work), "-c", str(self.config)],
                              capture_output=True, text=True, timeout=30, check=False)

    def start(self) -> None:
        log = open(self.work / "nginx.out", "a")  # noqa: SIM115 (kept for the process)
        self.process = subprocess.Popen(
            [NGINX, "-p", str(self.work), "-c", str(self.config), "-g", "daemon off;"],
            stdout=log, stderr=subprocess.STDOUT)
        import socket

        until = time.monotonic() + 15
        while time.monotonic() < until:
            if self.process.poll() is not None:
                raise RuntimeError("nginx did not start: "
                                   + (self.work / "error.log").read_text()[-2000:])
            try:
                socket.create_connection(("127.0.0.1", self.ports["https"]), 0.5).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("nginx did not answer in 15 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
