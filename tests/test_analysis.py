"""Search and scan hold together: they share one analysis chain (glossary_cli.analysis), so every
form of a term the chain accepts — the term as written, with the Arabic article added or taken
off, with proclitics, in a sound plural or dual, with a Bengali case or number ending, in an
English plural — is both found by ``search FORM`` and, in a sentence, scanned to its concept.

The terms are every term of the bundled glossary and of every real glossary of the test corpus
(tests/corpus); the forms are made from each term by the rules of its script (below), and each
is first checked to be one the chain accepts."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from glossary_cli.analysis import (
    BREAK_WORD,
    WEAK,
    keys_of,
    term_forms,
    term_words,
    words_of,
    words_with_breaks,
)
from glossary_cli.scripts import script_block

from .conftest import gloss
from .corpus_count import entries

ENTRIES = entries()
#: What a term may begin or end with that is not part of a word: punctuation, symbols,
#: spaces, format characters.
_EDGE_CATEGORIES = {"Pc", "Pd", "Ps", "Pe", "Pi", "Pf", "Po", "Sm", "Sc", "Sk", "So", "Zs", "Cf"}


def forms(term: str) -> Iterator[str]:
    """Forms of ``term`` as running text writes them, by the rules of its script: the term;
    Arabic with the article added or taken off its first word, with و or ب before it, the last
    word in the feminine sound plural or the dual; Bengali with an objective, genitive, plural
    or locative ending on the last word; English with a plural or possessive on the last word."""
    words = term.split()
    if not words or max(map(len, term_words(term)), default=0) < 2:
        return  # no word, or letters alone (a plural's "(s)")
    if "@" in term or "://" in term:
        return  # addresses are not prose: the scanner does not read them
    yield term
    if not all(unicodedata.category(c).startswith(("L", "M")) for c in (term[0], term[-1])):
        return  # a term that begins or ends with punctuation takes no clitic or ending
    last = words[-1]
    block = script_block(term_words(term)[-1])
    if block == "arabic" and len(term_words(term)[0]) >= 3 and len(term_words(term)[-1]) >= 3:
        first = words[0]
        bare = first[2:] if first.startswith("ال") and len(first) > 4 else None
        lead = [bare] if bare else ["ال" + first]
        for head in [*lead, "و" + first, "ب" + (bare or first)]:
            yield " ".join([head, *words[1:]])
        if last.endswith("ة"):
            yield " ".join([*words[:-1], last[:-1] + "ات"])
            yield " ".join([*words[:-1], last[:-1] + "تين"])
        elif len(words) == 1:
            yield " ".join([*words[:-1], last + "ان"])
    elif block == "bengali" and len(term_words(term)[-1]) >= 3:
        for ending in ("কে", "গুলো", "তে"):
            yield " ".join([*words[:-1], last + ending])
    elif block == "latin" and last.isalpha() and last.islower() and len(last) >= 3:
        yield " ".join([*words[:-1], last + "s"])
        yield " ".join([*words[:-1], last + "'s"])


def accepted(form: str, term: str) -> bool:
    """Whether the analysis chain takes ``form`` for ``term``: its words' keys give one of the
    term's analysis forms, word for word."""
    wanted = {tuple(f.split(" ")) for f in term_forms(term)}
    heads = {w[:i] for w in wanted for i in range(len(w) + 1)}
    options = []
    one = len(term_words(form)) == 1  # a weak key (an everyday word's) makes no term alone
    for piece in form.split():  # the keys of each word, as the scanner gives them
        for w in words_of(piece):
            options.append([k for k, how in keys_of(piece, w).items() if not (one and how == WEAK)])
    breaks = [i for i, w in enumerate(words_with_breaks(form)) if w == BREAK_WORD]
    for i in breaks:
        options.insert(i, [BREAK_WORD])

    def walk(i: int, path: tuple[str, ...]) -> bool:
        if path not in heads:
            return False
        if i == len(options):
            return path in wanted
        return any(walk(i + 1, (*path, k)) for k in options[i])

    return walk(0, ())


#: What a term may end in that is not part of its last word.
_NOT_WORD = "".join(
    c for c in map(chr, range(0x10000)) if unicodedata.category(c) in _EDGE_CATEGORIES
)


#: A sentence around a form: words of its script that are no term.
def _everyday_word(form: str) -> bool:
    from glossary_cli.analysis import _everyday_words
    from glossary_cli.normalize import fold

    return fold(form) in (_everyday_words("ar") or ())


SENTENCE = {"arabic": "ظظظ {} ظظظ", "bengali": "ঙঙঙ {} ঙঙঙ", "latin": "qqq {} qqq"}


def _names(searcher: Any) -> list[tuple[str, str, str]]:
    """``(concept id, language, term)`` of every term of an index."""
    rows = searcher.conn.execute(
        "SELECT c.id, n.lang, n.text FROM name n JOIN concept c ON c.rowid = n.concept "
        "WHERE n.field IN ('en', 'term', 'abbr', 'synonym')"
    )
    return sorted(set(rows))


def _hold_together(searcher: Any) -> tuple[int, list[str]]:
    """How many forms were tried, and every form search or scan does not find as the
    concept of the term it was made from."""
    from glossary_cli.text.scan import load_automaton, scan

    automaton = load_automaton(searcher.conn)
    tried, failures = 0, []
    for concept, _lang, term in _names(searcher):
        for form in dict.fromkeys(forms(term)):
            if not accepted(form, term):
                if not _everyday_word(form):  # an everyday word is not read as another's form
                    failures.append(f"not accepted: {form!r} of {term!r}")
                continue
            tried += 1
            block = script_block(term_words(form)[0])
            sentence = SENTENCE.get(block, "{}").format(form)
            core = form.strip(_NOT_WORD)
            at = sentence.index(form) + len(form) - len(form.lstrip(_NOT_WORD))
            end = at + len(core)
            found = scan(sentence, automaton)
            ours = [o for o in found if concept == o.id or concept in o.also]
            whole = (sentence.index(form), sentence.index(form) + len(form))
            if not any((o.start, o.end) in ((at, end), whole) for o in ours):
                spans = [(o.text, o.id) for o in found]
                failures.append(f"scan: {form!r} of {term!r} ({concept}) in {spans}")
            hits = searcher.search(form, limit=50, mode="exact")  # the tier that analyzes
            if concept not in {h.concept.id for h in hits} and len(hits) < 50:
                failures.append(f"search: {form!r} of {term!r} ({concept})")
    return tried, failures


def test_search_and_scan_find_every_form_of_every_bundled_term() -> None:
    from glossary_cli import api

    tried, failures = _hold_together(api.open_searcher())
    assert tried > 500
    assert failures == []


@pytest.mark.slow
@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_search_and_scan_find_every_form_of_every_term_of_a_real_glossary(
    entry: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:

    from glossary_cli import api

    monkeypatch.setenv("GLOSS_USER_DATA", str(tmp_path / "user"))
    monkeypatch.setenv("GLOSS_CACHE", str(tmp_path / "cache"))
    added = gloss("add", str(entry["path"]))
    assert added.exit_code == 0, added.stderr
    tried, failures = _hold_together(api.open_searcher())
    assert tried > 20
    assert failures == []
