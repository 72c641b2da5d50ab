"""The law corpus: verbatim texts, their provision trees (LexML ids), references and metadata.

    from laws import load_corpus
    corpus = load_corpus()
    corpus.resolve("ubatuba:art2_par3").text      # "§ 3º Se da aplicação do percentual …"
    corpus.norm("ubatuba").citation("art2_par3")  # "Lei nº 3.765/2014, art. 2º, § 3º"

See laws/README.md.
"""

from laws.citations import Reference
from laws.corpus import NORM_SLUGS, Corpus, Norm, load_corpus
from laws.parser import Provision, label_for

__all__ = ["NORM_SLUGS", "Corpus", "Norm", "Provision", "Reference", "label_for", "load_corpus"]
