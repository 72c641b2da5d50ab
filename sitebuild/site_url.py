"""The site's public address (``build.py --site-url``): checked here, then given to mkdocs as ``site_url``
(canonical links, a sitemap.xml with full addresses) and to the pages the build writes (absolute og:url and
og:image: a messaging app's crawler does not resolve a relative address)."""

from __future__ import annotations

import urllib.parse

#: Said by the build when it has no address (one line, pt-BR).
WITHOUT = ("aviso: sem --site-url, o sitemap.xml e as prévias de links compartilhados (og:image) usam "
           "endereços relativos; para endereços completos, gere com --site-url https://endereco.do.site/")


def normalized(value: str) -> str:
    """``value`` as the site's address: an absolute http(s) URL ending in "/" (added when missing).
    A ValueError (one pt-BR sentence) for anything else."""
    text = value.strip()
    parts = urllib.parse.urlsplit(text)
    if (parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment
            or parts.username or parts.password or any(c.isspace() or ord(c) < 32 for c in text)):
        raise ValueError(f"--site-url inválido ({value!r}): informe o endereço completo em que o site será "
                         "publicado, com http:// ou https:// (ex.: https://www.prefeitura.sp.gov.br/cotas/).")
    return text if text.endswith("/") else text + "/"
