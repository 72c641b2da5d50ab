"""The nginx and Apache configurations of docs/hospedar.md, run for real.

The snippets are read from the BUILT page (site/hospedar.html: the build writes the hashes of the
Content-Security-Policy into them), so the page cannot drift from what was tested. Each server
serves a verified copy of the built site; the tests check the headers (type of the original, gzip
encoding of the precompressed twin) and open the calculator in Chromium from the sub-path /cotas/.
Skipped when nginx / apache2 are not installed (`apt-get install nginx apache2`).
"""

from __future__ import annotations

import contextlib
import html
import re
import shutil
import socket
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tests import pace, pdfs
from tests.support import CHROMIUM, CHROMIUM_ARGS, verified_copy


def snippet(lang: str, site: Path) -> str:
    text = (site / "hospedar.html").read_text(encoding="utf-8")
    m = re.search(rf'<code class="language-{lang}">(.*?)</code>', text, re.S)
    assert m, f"bloco {lang} não encontrado em hospedar.html"
    return html.unescape(m.group(1))


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_port(port: int, proc: subprocess.Popen, log: Path) -> None:
    for _ in range(100):
        if proc.poll() is not None:
            pytest.fail(f"servidor terminou: {log.read_text(errors='replace') if log.exists() else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    pytest.fail("servidor não abriu a porta")


@contextlib.contextmanager
def serving(cmd: list[str], port: int, log: Path):
    """Runs a server in the foreground (cmd) listening on port; yields its origin, then stops it."""
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, proc, log)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.terminate()
        proc.wait(timeout=pace.seconds(10))


@pytest.fixture(scope="module")
def www(built_site):
    """A world-readable folder (the servers' workers do not run as root) holding cotas/ = the site."""
    base = Path(tempfile.mkdtemp(prefix="cotas-www-"))
    base.chmod(0o755)
    try:
        verified_copy(base / "cotas")
        yield base
    finally:
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(scope="module")
def nginx(www, tmp_path_factory):
    exe = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
    if not exe:
        pytest.fail("nginx não instalado: rode `make test`, que o instala")
    prefix = tmp_path_factory.mktemp("nginx")
    port = free_port()
    conf = snippet("nginx", www / "cotas")
    conf = conf.replace("listen 80;", f"listen 127.0.0.1:{port};").replace(
        "/var/www/cotas", str(www / "cotas")
    )
    (prefix / "nginx.conf").write_text(
        f"daemon off;\npid {prefix}/nginx.pid;\nerror_log {prefix}/error.log;\nevents {{}}\n"
        f"http {{\ninclude /etc/nginx/mime.types;\naccess_log off;\n{conf}\n}}\n"
    )
    cmd = [exe, "-p", str(prefix), "-c", str(prefix / "nginx.conf")]
    with serving(cmd, port, prefix / "error.log") as base:
        yield base


@pytest.fixture(scope="module")
def apache(www, tmp_path_factory):
    exe = shutil.which("apache2") or ("/usr/sbin/apache2" if Path("/usr/sbin/apache2").exists() else None)
    modules = Path("/usr/lib/apache2/modules")
    if not exe or not modules.is_dir():
        pytest.fail("apache2 não instalado: rode `make test`, que o instala")
    prefix = tmp_path_factory.mktemp("apache")
    port = free_port()
    block = snippet("apache", www / "cotas").replace(
        "    RewriteEngine On\n", "    RewriteEngine On\n    RewriteBase /cotas/\n"
    )
    mods = ["mpm_event", "authz_core", "mime", "rewrite", "headers", "alias", "filter", "deflate"]
    loads = "\n".join(f"LoadModule {m}_module {modules}/mod_{m}.so" for m in mods)
    (prefix / "httpd.conf").write_text(f"""
ServerRoot {prefix}
PidFile {prefix}/httpd.pid
Listen 127.0.0.1:{port}
ServerName localhost
ErrorLog {prefix}/error.log
{loads}
TypesConfig /etc/mime.types
# mod_deflate on, as on many servers: the rules must keep it from compressing the .gz again
AddOutputFilterByType DEFLATE text/html text/css text/javascript application/json application/wasm
DocumentRoot {www}
Alias /cotas {www}/cotas
<Directory {www}/cotas>
    Require all granted
{block}
</Directory>
""")
    cmd = [exe, "-f", str(prefix / "httpd.conf"), "-DFOREGROUND"]
    with serving(cmd, port, prefix / "error.log") as base:
        yield base


def head(url: str, gzip_ok: bool) -> dict:
    req = urllib.request.Request(url, method="HEAD", headers={"Accept-Encoding": "gzip"} if gzip_ok else {})
    with urllib.request.urlopen(req, timeout=pace.seconds(30)) as resp:
        return {k.lower(): v for k, v in resp.headers.items()}


def check_headers(base: str, site: Path):
    cases = {
        "assets/pyodide/pyodide.asm.wasm": "application/wasm",
        "assets/pyodide/pyodide.asm.mjs": "text/javascript",
        "assets/calculadora/calculator.snapshot.bin": "application/octet-stream",
        "calculadora.html": "text/html",
    }
    for rel, ctype in cases.items():
        h = head(f"{base}/cotas/{rel}", gzip_ok=True)
        assert h["content-type"].split(";")[0] == ctype, (rel, h)
        assert h.get("content-encoding") == "gzip", (rel, h)
        assert int(h["content-length"]) == (site / (rel + ".gz")).stat().st_size, (rel, h)
        # the optional security policy of the page is sent (and check_calculator shows the site works with it)
        assert "'wasm-unsafe-eval'" in h.get("content-security-policy", ""), (rel, h)
        csp = h["content-security-policy"]
        assert "'sha256-" in csp and "unsafe-inline" not in csp and "__CSP_" not in csp, (rel, csp)
        # always revalidated (docs/hospedar.md, section 8): never an old copy beside a new one
        assert h.get("cache-control") == "no-cache", (rel, h)
        plain = head(f"{base}/cotas/{rel}", gzip_ok=False)
        assert "content-encoding" not in plain, (rel, plain)
        assert int(plain["content-length"]) == (site / rel).stat().st_size, (rel, plain)


def check_offline_files(base: str):
    """The service worker's script and the app's manifest, with the types a browser accepts for them."""
    sw = head(f"{base}/cotas/sw.js", gzip_ok=True)
    assert sw["content-type"].split(";")[0] in ("text/javascript", "application/javascript"), sw
    assert sw.get("cache-control") == "no-cache", sw


def check_calculator(base: str):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        br = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = br.new_page()
            errors = []
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            # a question outside the precomputed answers (another percentage): Python starts on demand
            page.goto(f"{base}/cotas/calculadora.html?ferramenta=reserva&norma=ubatuba&vagas=10&percentual=25"
                      "#reserva")
            page.wait_for_selector('#calc-status[data-state="ready"]', state="attached",
                                   timeout=pace.ms(120_000))
            page.wait_for_selector(
                '#reserva-resultado[data-origem="python"]', state="attached", timeout=pace.ms(60_000)
            )
            boots = [b for b in (w.evaluate("() => self.pythonBoot || null") for w in page.workers) if b]
            assert boots == ["plain"]
            # the runtime travelled as its .zst twin (decoded in the worker, or by the browser where the
            # server labels it with a Content-Encoding), never as the 9.6 MB original
            via = [v for v in (w.evaluate("() => self.packedVia || null") for w in page.workers) if v]
            assert via and via[0]["pyodide.asm.wasm"] in ("zst", "zst-decodificado-pelo-servidor"), via
            # an edital's PDF under the snippet's Content-Security-Policy: PDF.js and its worker from the site
            page.set_input_files("#edital-arquivo", files=[
                {"name": "edital.pdf", "mimeType": "application/pdf", "buffer": pdfs.make("ruled")}])
            page.wait_for_selector("#edital-lida", state="visible", timeout=pace.ms(60_000))
            assert "edital.pdf" in page.inner_text("#edital-lida")
            assert errors == []
        finally:
            br.close()


def test_nginx_snippet(nginx, www):
    check_headers(nginx, www / "cotas")
    check_offline_files(nginx)
    # the same snippet also serves the site at the domain root
    h = head(f"{nginx}/assets/pyodide/pyodide.asm.wasm", gzip_ok=True)
    assert h["content-type"] == "application/wasm" and h.get("content-encoding") == "gzip"
    check_calculator(nginx)


def test_apache_snippet(apache, www):
    check_headers(apache, www / "cotas")
    check_offline_files(apache)
    check_calculator(apache)
