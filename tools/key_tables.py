"""laws/CHAVES.md: the tables of a norm folder's keys, readable from the clone without building the site.

    .venv/bin/python tools/key_tables.py      # rewrite laws/CHAVES.md

The same tables the guide (docs/incluir-norma.md) shows, from the same function (sitebuild/pages.key_tables,
which reads the descriptions the loader and laws check use); tests/laws/test_folder_schema.py checks that
the file holds what this script would write, so it cannot drift.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "laws" / "CHAVES.md"

SECTIONS = {
    "_chaves_meta.md": "`meta.toml`",
    "_chaves_norma.md": "`norma.toml`",
    "_chaves.md": "`norma.toml`: as mensagens dos passos comuns (`[reserve.messages]`) e os arredondamentos",
    "_chaves_anotacoes.md": "`anotacoes.toml` (dentro da chave de cada dispositivo)",
    "_chaves_casos.md": "`casos.toml` (cada `[[casos]]`)",
}


def render() -> str:
    import jinja2

    from sitebuild.context import TEMPLATES
    from sitebuild.pages import key_tables

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), undefined=jinja2.StrictUndefined,
                             keep_trailing_newline=True, autoescape=True)
    tables = key_tables(env)
    parts = ["# As chaves de uma pasta de norma\n\n",
             "<!-- gerado por tools/key_tables.py: não editar à mão -->\n\n",
             "As tabelas do guia [Como incluir uma norma](../docs/incluir-norma.md), geradas da descrição "
             "que o carregador e o `laws check` usam. Depois de mudar essa descrição, rode "
             "`.venv/bin/python tools/key_tables.py`.\n"]
    for name, title in SECTIONS.items():
        parts.append(f"\n## {title}\n\n{tables[name].strip()}\n")
    return "".join(parts)


def main() -> int:
    OUT.write_text(render(), encoding="utf-8")
    print(f"escrito: {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
