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
NGINX_HEADERS = ROOT / "deploy" / "nginx-headers.conf"
SNIPPET = "/etc/nginx/snippets/sitegen-headers.conf"
PAGES_WORKFLOW = ROOT / "deploy" / "github-pages.yml"
SECURITY = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy")


def _netlify() -> list[dict]:
    return tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["headers"]


def _netlify_headers(path: str = "/*") -> dict[str, str]:
    return next(h["values"] for h in _netlify() if h["for"] == path)


def _locations(text: str) -> dict[str, str]:
    """nginx location -> its block's text."""
    return {m.group(1).strip(): m.group(2)
            for m in re.finditer(r"location ([^{]+)\{(.*?)\n    \}", text, re.S)}


def test_nginx_sends_netlify_security_headers_everywhere():
    sent = dict(re.findall(r'add_header\s+(\S+)\s+"([^"]*)"',
                           NGINX_HEADERS.read_text(encoding="utf-8")))
    assert {name: sent.get(name) for name in SECURITY} == \
        {name: _netlify_headers()[name] for name in SECURITY}
    text = NGINX_CONF.read_text(encoding="utf-8")
    server = re.sub(r"location [^{]+\{.*?\n    \}", "", text, flags=re.S)
    assert f"include {SNIPPET};" in server
    for where, block in _locations(text).items():
        assert f"include {SNIPPET};" in block, where


# netlify.toml's path -> the nginx location with the same caching
CACHING = {"/static/*": "/static/", "/check/sw.js": "= /check/sw.js",
           "/*/check/sw.js": "~ ^/(en|it)/check/sw\\.js$",
           "/static/pyodide/*": "~ ^/static/(pyodide|bundle|players)/",
           "/static/bundle/*": "~ ^/static/(pyodide|bundle|players)/",
           "/static/players/*": "~ ^/static/(pyodide|bundle|players)/",
           "/downloads/*": "/downloads/"}


def test_nginx_caches_as_netlify():
    locations = _locations(NGINX_CONF.read_text(encoding="utf-8"))
    rules = {h["for"]: h["values"]["Cache-Control"] for h in _netlify()
             if "Cache-Control" in h["values"]}
    assert set(rules) == set(CACHING)
    for path, location in CACHING.items():
        assert f'add_header Cache-Control "{rules[path]}";' in locations[location], path


def test_github_pages_workflow_builds_and_uploads_the_site():
    text = PAGES_WORKFLOW.read_text(encoding="utf-8")
    assert "python -m sitegen build content --out _site" in text
    assert "actions/upload-pages-artifact" in text and "actions/deploy-pages" in text


# -- nginx, for real -------------------------------------------------------------------

# The sites nginx serves: prefix -> site.toml's languages (the first at the
# prefix, the others under it, docs/i18n.md). The /ratings/ site has no /it/:
# a missing page there gets the root's 404 page.
LANGUAGES = {"/": ("en", "it"), "/ratings/": ("it", "en")}
# (prefix, address under it, the 404 page's heading, its language)
NOT_FOUND = [("/", "no/such/page/", b"Page not found", b'lang="en"'),
             ("/", "it/no/such/page/", b"Pagina non trovata", b'lang="it"'),
             ("/", "it/", b"Ultime liste rating", b'lang="it"'),
             ("/ratings/", "no/such/page/", b"Pagina non trovata", b'lang="it"'),
             ("/ratings/", "en/no/such/page/", b"Page not found", b'lang="en"'),
             ("/ratings/", "it/no/such/page/", b"Pagina non trovata", b'lang="it"')]

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _server_block(www: Path, port: int, prefix: str, snippet: Path) -> str:
    """deploy/nginx.conf on 127.0.0.1:PORT serving WWW, the site under PREFIX
    (docs/deploy.md: a site under a sub-path is a folder of that name)."""
    text = NGINX_CONF.read_text(encoding="utf-8")
    text = text.replace("listen 80;", f"listen 127.0.0.1:{port};")
    text = text.replace("root /srv/ratings;", f"root {www};")
    text = text.replace(SNIPPET, str(snippet))
    text = text.replace("include /etc/nginx/mime.types;",
                        f"include {Path('/etc/nginx/mime.types')};")
    if prefix != "/":
        text = text.replace("location /", f"location {prefix}")
        text = text.replace("location = /", f"location = {prefix}")
        text = text.replace("location ~ ^/", f"location ~ ^{prefix}")
        text = text.replace("error_page 404 /", f"error_page 404 {prefix}")
        text = text.replace("try_files $uri /404.html;", f"try_files $uri {prefix}404.html;")
    return text


@pytest.fixture(scope="module")
def nginx_site(tmp_path_factory, request):
    """nginx serving the session's two-language site at the root (English
    first: tests/conftest.py's `bilingual_fixture_site`, read only) and the
    fixture content with Italian first under /ratings/, built here."""
    nginx = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists()
                                      else None)
    if nginx is None:
        pytest.skip("nginx is not installed (apt-get install nginx-light): the recipe "
                    "is checked against netlify.toml only")
    from sitegen.build import build
    root = tmp_path_factory.mktemp("nginx")
    content = write_content(root / "content")
    site_toml = content / "site.toml"
    languages = ", ".join(f'"{code}"' for code in LANGUAGES["/ratings/"])
    site_toml.write_text(site_toml.read_text().replace(
        'base_url = "https://ratings.test.example"',
        f'base_url = "https://ratings.test.example/ratings/"\nlanguages = [{languages}]'))
    build(content, root / "www" / "ratings", show_progress=False)
    assert LANGUAGES["/"] == ("en", "it")      # the session's two-language site
    sites = {"/": request.getfixturevalue("bilingual_fixture_site"), "/ratings/": root / "www"}
    snippet = root / "sitegen-headers.conf"
    snippet.write_text(NGINX_HEADERS.read_text(encoding="utf-8"), encoding="utf-8")
    servers = {prefix: (_free_port(), site) for prefix, site in sites.items()}
    conf = root / "nginx.conf"
    user = "user root;\n" if os.geteuid() == 0 else ""
    blocks = "\n".join(_server_block(site, port, prefix, snippet)
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
    yield {prefix: (f"http://127.0.0.1:{p}{prefix}", site) for prefix, (p, site) in servers.items()}
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
    base, www = nginx_site[prefix]
    status, headers, body = _get(base)
    assert status == 200 and b"<h1>" in body
    for name in SECURITY:
        assert headers[name] == _netlify_headers()[name]
    site = www / prefix.strip("/") if prefix != "/" else www
    wasm = next(site.glob("static/pyodide/**/pyodide.asm.wasm")).relative_to(site).as_posix()
    status, headers, _ = _get(base + wasm)
    assert status == 200 and headers["Content-Type"] == "application/wasm"
    assert headers["Content-Security-Policy"] == _netlify_headers()["Content-Security-Policy"]
    assert headers["Cache-Control"] == "public, max-age=31536000, immutable"
    status, headers, _ = _get(base + "static/style.css")
    assert status == 200 and headers["Cache-Control"] == "no-cache"
    status, headers, body = _get(base + "no/such/page/")
    assert status == 404 and f'href="{prefix}static/style.css"'.encode() in body


@pytest.mark.parametrize("prefix, address, heading, lang", NOT_FOUND)
def test_nginx_serves_each_languages_404_page(nginx_site, prefix, address, heading, lang):
    base, _ = nginx_site[prefix]
    status, headers, body = _get(base + address)
    assert (status == 404) == (heading != b"Ultime liste rating"), status
    assert heading in body and lang in body
    assert headers["Content-Security-Policy"] == _netlify_headers()["Content-Security-Policy"]


def test_the_languages_service_worker_is_revalidated(nginx_site):
    base, _ = nginx_site["/"]
    for address in ("check/sw.js", "it/check/sw.js"):
        status, headers, _ = _get(base + address)
        assert status == 200 and headers["Cache-Control"] == "no-cache", address


def test_netlify_sends_each_language_its_404_page():
    """The redirects of netlify.toml: /it/* first (the first match wins), then /*."""
    rules = [(r["from"], r["to"], r["status"]) for r in
             tomllib.loads((ROOT / "netlify.toml").read_text(encoding="utf-8"))["redirects"]]
    assert rules == [("/it/*", "/it/404.html", 404), ("/*", "/404.html", 404)]
