"""The corpus as one JSON-ready dict ({"norms": [...]}), as documented in laws/schema.json."""

from __future__ import annotations

import json

from laws.corpus import Corpus, Norm, load_corpus
from laws.parser import Provision

SCHEMA_VERSION = 1


def provision_dict(p: Provision) -> dict:
    return {
        "id": p.id,
        "kind": p.kind,
        "label": p.label,
        "marker": p.marker,
        "text": p.text,
        "tail": p.tail,
        "children": [provision_dict(c) for c in p.children],
    }


def norm_dict(norm: Norm) -> dict:
    return {
        "slug": norm.slug,
        "urn": norm.urn,
        "title": norm.title,
        "meta": norm.meta,
        "provisions": [provision_dict(p) for p in norm.provisions],
        "references": [
            {"from": r.from_id, "text": r.text, "start": r.start, "end": r.end, "target": r.target,
             "note": r.note}
            for r in norm.references
        ],
        # the site-only key (nao_implementado) is not part of the schema
        "annotations": {pid: {"texto": a["texto"], "regra": a["regra"]}
                        for pid, a in norm.annotations.items()},
    }


def export_corpus(corpus: Corpus | None = None) -> dict:
    corpus = corpus or load_corpus()
    return {"schema_version": SCHEMA_VERSION, "norms": [norm_dict(n) for n in corpus.norms]}


def export_json(corpus: Corpus | None = None) -> str:
    return json.dumps(export_corpus(corpus), ensure_ascii=False, sort_keys=True, indent=1)
