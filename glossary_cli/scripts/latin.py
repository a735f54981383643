"""Latin script (English): a light stemmer, on folded words."""

from __future__ import annotations

import re

#: Function words of a lookup (articles, prepositions, conjunctions, question words): a query
#: of nothing else finds nothing, and they are left out of partial matches.
FUNCTION_WORDS = "what is are the a an of in for and or to by with on from at as"
#: The words of a question about a term ("what does … mean"), also left out.
QUESTION_WORDS = (
    "meaning mean means meant define definition term does do stand stands full form "
    "abbreviation acronym explain whats s"
)


#: The endings a plural or possessive gives an abbreviation as English writes it: QAT's,
#: QAT’s, TPUs, TPUs', LoRAs (:func:`abbreviation_base`).
_ABBREVIATION_ENDING = re.compile(r"(?:['’]s|s['’]?)$")


def abbreviation_base(token: str) -> str | None:
    """The abbreviation a plural or possessive token is written from (``TPUs`` → ``TPU``,
    ``QAT's`` → ``QAT``, ``LoRAs`` → ``LoRA``, ``TPUs'`` → ``TPU``), or ``None`` when the
    token is no such form: what is left must be an abbreviation as
    :func:`glossary_cli.search.query.is_abbreviation_like` reads one (two or more capitals),
    and the ending lower-case, as English writes it (``BOSS`` is no plural of ``BOS``).

    >>> [abbreviation_base(t) for t in ("TPUs", "QAT's", "LoRAs", "TPUs'", "qats", "BOSS")]
    ['TPU', 'QAT', 'LoRA', 'TPU', None, None]
    """
    match = _ABBREVIATION_ENDING.search(token)
    if match is None or not match.group().strip("'’").islower():
        return None
    base = token[: match.start()]
    if len(base) < 2 or sum(c.isupper() for c in base) < 2 or " " in base:
        return None
    return base


# English inflections and derivations of :func:`english_stem`, longest first, each with what
# replaces it. The -ize family (British -ise too) keeps its "iz": a word derived with it is
# not its root (tokenization is not token, normalization not normal). -ies and -ied become
# -y (studies, study; not studio).
_EN_SUFFIXES = (
    ("izations", "iz"),
    ("isations", "iz"),
    ("ization", "iz"),
    ("isation", "iz"),
    ("ations", ""),
    ("ation", ""),
    ("izing", "iz"),
    ("ising", "iz"),
    ("ized", "iz"),
    ("ised", "iz"),
    ("izes", "iz"),
    ("ises", "iz"),
    ("ize", "iz"),
    ("ise", "iz"),
    ("ings", ""),
    ("ing", ""),
    ("ied", "y"),
    ("ies", "y"),
    ("ed", ""),
    ("es", ""),
    ("s", ""),
    ("e", ""),
)


def english_stem(word: str) -> str:
    """A light English stem (in the spirit of the Porter stemmer's steps 1 and 2, with the
    ``-ize`` family): one suffix of a fixed list removed while three letters remain, so that
    quantize, quantized, quantization and quantisation meet, as do prune and pruning, and
    study and studies, while a word derived with ``-ize`` stays apart from its root (token,
    tokenization).

    >>> [english_stem(w) for w in ("quantization", "quantisation", "quantized", "pruning", "prune")]
    ['quantiz', 'quantiz', 'quantiz', 'prun', 'prun']
    >>> english_stem("studies") == english_stem("study") != english_stem("studio")
    True
    >>> english_stem("tokenization") == english_stem("token")
    False
    """
    if len(word) <= 3 or not word.isalpha():
        return word
    for suffix, replacement in _EN_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            if suffix == "s" and word[-2] in "su":
                return word
            return word[: -len(suffix)] + replacement
    return word


def english_plural(word: str) -> str | None:
    """The regular English plural of a noun (-s; -es after s, x, z, ch, sh; -ies after a
    consonant and y), the forms :func:`glossary_cli.analysis.word_keys` reads back; ``None``
    for what is not a lower- or title-case word of letters (an abbreviation, ``FP8``, a word
    already in -s).

    >>> english_plural("adaptation"), english_plural("Sparsity"), english_plural("Search")
    ('adaptations', 'Sparsities', 'Searches')
    >>> english_plural("LoRA") is None, english_plural("loss")
    (True, 'losses')
    """
    if not word.isalpha() or not word.isascii() or not (word.islower() or word.istitle()):
        return None
    lower = word.lower()
    if lower.endswith(("ss", "x", "z", "ch", "sh")):
        return word + "es"
    if lower.endswith("s"):
        return None
    if lower.endswith("y") and len(lower) > 2 and lower[-2] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"
