"""The deployment recipes of docs/deploy.md: the nginx configuration sends
what netlify.toml sends, and, where nginx is installed, serves a built site
as a static host must (the wasm type, the headers, the 404 page, at the
root and under a sub-path); the GitHub Pages workflow builds the site."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
import tomllib
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.shared_data import ROOT
from tests.site_fixture import write_content

NGINX_CONF = ROOT / "deploy" / "nginx.conf"
PAGES_WORKFLOW = ROOT / "deploy" / "github-pages.yml"
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy")


def _netlify_headers() -> dict[str, str]:
    config = tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))
    return next(h["values"] for h in config["headers"] if h["for"] == "/*")


def _nginx_headers(text: str) -> list[tuple[str, str]]:
    return re.findall(r'add_header\s+(\S+)\s+"([^"]*)"', text)


def test_nginx_sends_netlify_security_headers_in_every_location():
    wanted = {name: _netlify_headers()[name] for name in SECURITY}
    text = NGINX_CONF.read_text(encoding="utf-8")
    blocks = [text] + re.findall(r"location [^{]+\{(.*?)\n    \}", text, re.S)
    for block in blocks:
        sent = dict(_nginx_headers(block))
        for name, value in wanted.items():
            assert sent.get(name) == value, f"{name} differs or is missing in a block"


def test_github_pages_workflow_builds_and_uploads_the_site():
    text = PAGES_WORKFLOW.read_text(encoding="utf-8")
    assert "python -m sitegen build content --out _site" in text
    assert "actions/upload-pages-artifact" in text and "actions/deploy-pages" in text


# -- nginx, for real -------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_block(root: Path, port: int, prefix: str) -> str:
    """deploy/nginx.conf on 127.0.0.1:PORT with ROOT; under a sub-path the
    documented alias and error page of docs/deploy.md."""
    text = NGINX_CONF.read_text(encoding="utf-8")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("root /srv/ratings;", f"root {root};")
    if prefix != "/":
        text = text.replace("location /static/", f"location {prefix}static/")
        text = text.replace("location /downloads/", f"location {prefix}downloads/")
        text = text.replace("error_page 404 /404.html;", f"error_page 404 {prefix}404.html;\n"
                            f"    location {prefix} {{ alias {root}/; }}")
        text = text.replace(f"root {root};", "")
        text = text.replace(f"location {prefix}static/ {{", f"location {prefix}static/ {{\n"
                            f"        alias {root}/static/;")
        text = text.replace(f"location {prefix}downloads/ {{", f"location {prefix}downloads/ {{\n"
                            f"        alias {root}/downloads/;")
    return text


@pytest.fixture(scope="module")
def nginx_site(tmp_path_factory):
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light): the recipe "
                    "is checked against netlify.toml only")
    from sitegen.build import build
    root = tmp_path_factory.mktemp("nginx")
    sites = {}
    for prefix in ("/", "/ratings/"):
        content = write_content(root / f"content{len(sites)}")
        site_toml = content / "site.toml"
        site_toml.write_text(site_toml.read_text().replace(
            'base_url = "https://ratings.test.example"',
            f'base_url = "https://ratings.test.example{prefix}"'))
        out = root / f"site{len(sites)}"
        build(content, out, show_progress=False)
        sites[prefix] = out
    servers = {prefix: (_free_port(), site) for prefix, site in sites.items()}
    conf = root / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    blocks = "\n".join(_server_block(site, port, prefix)
                       for prefix, (port, site) in servers.items())
    conf.write_text(f"{user}daemon off;\npid {root}/nginx.pid;\nerror_log {root}/error.log;\n"
                    "events {}\nhttp {\naccess_log off;\n"
                    + "".join(f"{k}_temp_path {root}/{k};\n"
                              for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
                    + blocks + "\n}\n")
    process = subprocess.Popen([nginx, "-c", str(conf), "-p", str(root)],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    port = servers["/"][0]
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.1).close()
            break
        except OSError:
            if process.poll() is not None:
                pytest.fail("nginx did not start: " + process.stdout.read().decode())
            time.sleep(0.05)
    yield {prefix: f"http://127.0.0.1:{p}{prefix}" for prefix, (p, _) in servers.items()}
    process.terminate()
    process.wait(10)


def _get(url: str):
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.parametrize("prefix", ["/", "/ratings/"])
def test_nginx_serves_the_site(nginx_site, prefix):
    base = nginx_site[prefix]
    status, headers, body = _get(base)
    assert status == 200 and b"<h1>" in body
    for name in SECURITY:
        assert headers[name] == _netlify_headers()[name]
    status, headers, _ = _get(base + "static/pyodide/pyodide.asm.wasm")
    assert status == 200 and headers["Content-Type"] == "application/wasm"
    assert headers["Content-Security-Policy"] == _netlify_headers()["Content-Security-Policy"]
    status, headers, body = _get(base + "no/such/page/")
    assert status == 404 and b"Page not found" in body
    assert f'href="{prefix}static/style.css"'.encode() in body
