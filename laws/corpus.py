"""The corpus: each norm's verbatim text, parsed tree, metadata, references and annotations."""

from __future__ import annotations

import errno
import functools
import hashlib
import re
import tomllib
from pathlib import Path

from calculator.norms import (
    MAX_TEXT_BYTES,
    FolderFileError,
    discover,
    folder_file,
    path_of,
    problems,
    toml_data,
)
from calculator.norms.names import label_problem
from laws.citations import Reference, find_references
from laws.parser import Provision, closing_of, parse
from laws.registry_facts import complete_meta, restated

LAWS_DIR = Path(__file__).resolve().parent
#: The norms of the corpus: every folder whose registry file loads (laws/<slug>/norma.toml, and the extra
#: corpus folders of calculator.norms.EXTRA_ENV), in the registries' list_order; the others, and why,
#: in calculator.norms.problems().
NORM_SLUGS = discover()
#: meta.toml's fields the site shows as names (page titles, the header box, the menu): one line of plain
#: text each (calculator.norms.names.label_problem).
NAME_FIELDS = ("title", "kind", "number", "municipality", "state")


class CorpusError(ValueError):
    """A corpus file that cannot be used; the message is one pt-BR line for whoever runs the build."""


#: pt-BR for the operating system's errors a folder given by the user can cause.
OS_REASONS = {errno.ENAMETOOLONG: "nome longo demais", errno.EACCES: "sem permissão de leitura",
              errno.EPERM: "sem permissão de leitura", errno.ELOOP: "links simbólicos em ciclo",
              errno.ENOTDIR: "um trecho do caminho não é uma pasta", errno.EIO: "erro de leitura do disco",
              errno.ENOENT: "não encontrado"}


def os_reason(exc: BaseException) -> str:
    """An OSError (or the ValueError of a path with a NUL) as a short pt-BR phrase."""
    if isinstance(exc, OSError) and exc.errno in OS_REASONS:
        return OS_REASONS[exc.errno]
    if isinstance(exc, ValueError):
        return "caminho inválido"
    return f"erro do sistema: {getattr(exc, 'strerror', None) or exc}"


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


def load_meta(folder: Path) -> dict:
    """meta.toml with the facts it takes from norma.toml (laws.registry_facts); a meta.toml that writes one
    of them again is refused, so that each is written once."""
    meta = _toml(folder / "meta.toml")
    again = restated(meta)
    if again:
        path, source = again[0]
        raise CorpusError(f"{_shown_path(folder / 'meta.toml')}: {'.'.join(path)} vem de norma.toml "
                          f"({source}); apague-o de meta.toml")
    return complete_meta(meta, _toml(folder / "norma.toml"))


class Norm:
    def __init__(self, slug: str, text: str, meta: dict, annotations: dict | None = None):
        self.slug = slug
        self.text = text
        self.meta = meta
        self.provisions: list[Provision] = parse(text, closing_of(meta))
        self._by_id = {p.id: p for p in self.walk()}
        if len(self._by_id) != sum(1 for _ in self.walk()):
            raise ValueError(f"{slug}: ids repetidos")
        self.references: list[Reference] = find_references(
            self.provisions, int(meta["date"][:4]), meta.get("cites", []), set(self._by_id))
        self.annotations = annotations or {}
        #: the norm's folder, when it was read from one (Norm.load): where its casos.toml is
        self.folder: Path | None = None

    @classmethod
    def load(cls, slug: str, directory: Path = LAWS_DIR) -> Norm:
        """The norm of folder directory/slug; whatever is wrong with the folder is one CorpusError naming
        the file (the folder is untrusted data: it breaks only itself, and never with a traceback)."""
        folder = directory / slug
        shown = _shown_path(folder)
        try:
            data = folder_file(folder / "texto.txt", MAX_TEXT_BYTES)  # bytes: keep line ends untouched
            meta = load_meta(folder)
            check_text(slug, folder, data, meta)
            check_names(folder, meta)
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise CorpusError(f"{shown}/texto.txt: o texto não está em UTF-8") from None
            norm = cls(slug, text, meta, load_annotations(folder / "anotacoes.toml"))
            norm.folder = folder
            return norm
        except CorpusError:
            raise
        except FolderFileError as exc:  # texto.txt (the TOML files say their own name)
            raise CorpusError(f"{shown}/texto.txt: {exc}") from None
        except FileNotFoundError as exc:
            missing = _shown_path(Path(exc.filename or folder))
            raise CorpusError(f"{missing}: arquivo não encontrado") from None
        except OSError as exc:
            raise CorpusError(f"{shown}: não foi possível ler a pasta da norma ({os_reason(exc)})") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            what = f"falta {exc}" if isinstance(exc, KeyError) else str(exc) or type(exc).__name__
            raise CorpusError(f"{shown}: a norma não pôde ser lida ({what}); veja os detalhes com "
                              f"python -m laws check {shown}") from None

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


def _toml(path: Path) -> dict:
    try:
        return toml_data(folder_file(path).decode("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CorpusError(f"{_shown_path(path)}: TOML inválido ({exc})") from None
    except UnicodeDecodeError:
        raise CorpusError(f"{_shown_path(path)}: o arquivo não está em UTF-8") from None
    except FolderFileError as exc:
        raise CorpusError(f"{_shown_path(path)}: {exc}") from None


#: What an annotation's ``regra`` may name: a public function of the calculator package (the site imports
#: its module to show its source); never a module of the norm's own folder, nor a private or dunder name.
RULE_FORM = re.compile(r"calculator(\.[A-Za-z][A-Za-z0-9_]*)+")


def find_rule(name: str):
    """The function an annotation's ``regra`` names ("calculator.rules.calls.call_positions"): the longest
    importable module prefix, then attributes; None when it names no function written in the calculator
    package (``calculator.norms.discovery.os.system`` reaches the standard library through an import: the
    site would publish its source as a rule, or fail on it). Here, not in sitebuild/, so that ``laws check``
    runs from the installed package too."""
    import importlib
    import inspect

    obj = _attribute(name)
    if not (inspect.isfunction(obj) and (obj.__module__ or "").startswith("calculator.")):
        return None
    try:
        source = Path(inspect.getsourcefile(obj) or "").resolve()
    except TypeError:
        return None
    package = Path(importlib.import_module("calculator").__file__).resolve().parent
    return obj if package in source.parents else None


def _attribute(name: str):
    """What the dotted ``name`` reaches: the longest importable module prefix, then attributes; None."""
    import importlib

    parts = name.split(".")
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


def check_names(folder: Path, meta: dict) -> None:
    """meta.toml's names are one line of plain text, and its links to other norms' official texts are
    http(s) addresses: the site shows them."""
    shown = _shown_path(folder / "meta.toml")
    for key in NAME_FIELDS:
        value = meta.get(key)
        if not isinstance(value, str):
            raise CorpusError(f"{shown}: falta {key} (texto)")
        problem = label_problem(value)
        if problem:
            raise CorpusError(f"{shown}: {key} {problem}")
    for entry in meta.get("cites", []):
        url = entry.get("url") if isinstance(entry, dict) else None
        if url is not None and not (isinstance(url, str) and re.match(r"https?://[^\s<>\"']+\Z", url)):
            raise CorpusError(f"{shown}: cites: url deve ser um endereço http(s) sem espaços: "
                              f"{str(url)[:60]!r}")


def load_annotations(path: Path) -> dict:
    """{id: {"texto": str, "regra": str | None}}, plus "nao_implementado" (why the calculator does not
    apply the provision; shown by the site, not exported) where the file has it; a missing file means no
    annotations."""
    if not path.exists():
        return {}
    data = _toml(path)
    out = {}
    for pid, entry in data.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("texto"), str):
            raise CorpusError(f"{_shown_path(path)}: a anotação [{pid}] precisa de texto = \"\"\"…\"\"\"")
        rule = entry.get("regra")
        if rule is not None and not (isinstance(rule, str) and RULE_FORM.fullmatch(rule)
                                     and find_rule(rule) is not None):
            raise CorpusError(f"{_shown_path(path)}: [{pid}] regra deve nomear uma função da calculadora "
                              "(ex.: calculator.rules.default.DefaultRules.concurso_reserved_seats): "
                              f"{str(rule)[:60]!r}")
        out[pid] = {"texto": entry["texto"], "regra": rule}
        if entry.get("nao_implementado"):
            out[pid]["nao_implementado"] = str(entry["nao_implementado"])
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
def load_norm(slug: str) -> Norm:
    """One norm of the corpus, read on first use (CorpusError names its folder's problem)."""
    return Norm.load(slug, path_of(slug).parent.parent)


@functools.cache
def load_corpus() -> Corpus:
    """Every norm of the corpus; the first folder that does not load stops it (CorpusError)."""
    return Corpus([load_norm(slug) for slug in NORM_SLUGS])


def load_available() -> tuple[Corpus, list[str]]:
    """The norms that load, and one pt-BR line for each folder that does not (its own, or its registry's
    problem): for the commands that list the corpus and must go on without a broken folder."""
    norms, found = [], [f"{msg}" for msg in problems().values()]
    for slug in NORM_SLUGS:
        try:
            norms.append(load_norm(slug))
        except CorpusError as err:
            found.append(str(err))
    return Corpus(norms), found
