"""The corpus: each norm's verbatim text, parsed tree, metadata, references and annotations."""

from __future__ import annotations

import functools
import hashlib
import tomllib
from pathlib import Path

from calculator import discovery
from laws.citations import Reference, find_references
from laws.parser import Provision, parse

LAWS_DIR = Path(__file__).resolve().parent
#: The norms of the corpus: every folder with a registry file (laws/<slug>/norma.toml, and the extra
#: corpus folders of calculator.discovery.EXTRA_ENV), in the registries' list_order.
NORM_SLUGS = discovery.discover()


class CorpusError(ValueError):
    """A corpus file that cannot be used; the message is one pt-BR line for whoever runs the build."""


def _shown_path(path: Path) -> str:
    try:
        return path.resolve().relative_to(LAWS_DIR.parent).as_posix()
    except ValueError:
        return str(path)


def check_text(slug: str, folder: Path, data: bytes, meta: dict) -> None:
    """The law text is sacred: refuse a texto.txt whose SHA-256 is not the one pinned in meta.toml."""
    text_path, meta_path = _shown_path(folder / "texto.txt"), _shown_path(folder / "meta.toml")
    pinned = (meta.get("text_file") or {}).get("sha256")
    if not pinned:
        raise CorpusError(f"{meta_path}: falta a soma SHA-256 do texto ([text_file] sha256); calcule-a com "
                          f"`sha256sum {text_path}` e registre também a fonte (veja laws/README.md).")
    actual = hashlib.sha256(data).hexdigest()
    if actual != pinned:
        raise CorpusError(
            f"{text_path} não é o texto fixado em {meta_path} (SHA-256 esperado {pinned[:16]}…, encontrado "
            f"{actual[:16]}…): o texto de uma norma não muda sem querer. Veja a diferença com "
            f"`git diff -- {text_path}` e desfaça-a com `git checkout -- {text_path}`. Se a mudança é de "
            f"propósito (nova publicação oficial), atualize sha256 e source em [text_file] de {meta_path} "
            "(veja “Atualizar o texto de uma norma” em laws/README.md).")


class Norm:
    def __init__(self, slug: str, text: str, meta: dict, annotations: dict | None = None):
        self.slug = slug
        self.text = text
        self.meta = meta
        self.provisions: list[Provision] = parse(text)
        self._by_id = {p.id: p for p in self.walk()}
        if len(self._by_id) != sum(1 for _ in self.walk()):
            raise ValueError(f"{slug}: ids repetidos")
        self.references: list[Reference] = find_references(
            self.provisions, int(meta["date"][:4]), meta.get("cites", []), set(self._by_id))
        self.annotations = annotations or {}

    @classmethod
    def load(cls, slug: str, directory: Path = LAWS_DIR) -> Norm:
        folder = directory / slug
        data = (folder / "texto.txt").read_bytes()  # bytes: keep line ends untouched
        meta = tomllib.loads((folder / "meta.toml").read_text(encoding="utf-8"))
        check_text(slug, folder, data, meta)
        return cls(slug, data.decode("utf-8"), meta, load_annotations(folder / "anotacoes.toml"))

    @property
    def title(self) -> str:
        return self.meta["title"]

    @property
    def urn(self) -> str:
        return self.meta["urn"]

    def walk(self):
        """All provisions in document order (pre-order)."""
        for top in self.provisions:
            yield from top.walk()

    def get(self, pid: str) -> Provision | None:
        return self._by_id.get(pid)

    def citation(self, pid: str) -> str:
        """ "Lei nº 3.765/2014, art. 2º, § 3º" (KeyError if the id does not exist)."""
        return f"{self.title}, {self._by_id[pid].label}"

    def provision_urn(self, pid: str) -> str:
        """A provision's full LexML identifier: the norm's URN, "!", the id."""
        return f"{self.urn}!{self._by_id[pid].id}"

    def __repr__(self) -> str:
        return f"<Norm {self.slug}: {self.title}>"


def load_annotations(path: Path) -> dict:
    """{id: {"texto": str, "regra": str | None}}, plus "nao_implementado" (why the calculator does not
    apply the provision; shown by the site, not exported) where the file has it; a missing file means no
    annotations."""
    if not path.exists():
        return {}
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = {}
    for pid, entry in data.items():
        out[pid] = {"texto": entry["texto"], "regra": entry.get("regra")}
        if entry.get("nao_implementado"):
            out[pid]["nao_implementado"] = entry["nao_implementado"]
    return out


class Corpus:
    def __init__(self, norms: list[Norm]):
        self.norms = norms
        self._by_slug = {n.slug: n for n in norms}

    def norm(self, slug: str) -> Norm:
        return self._by_slug[slug]

    def resolve(self, ref: str) -> Provision | None:
        """ "ubatuba:art2_par3" → that Provision; None if the norm or the id does not exist."""
        slug, sep, pid = ref.partition(":")
        norm = self._by_slug.get(slug)
        return norm.get(pid) if norm and sep else None


@functools.cache
def load_corpus() -> Corpus:
    return Corpus([Norm.load(slug, discovery.path_of(slug).parent.parent) for slug in NORM_SLUGS])
