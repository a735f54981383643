"""The bundled glossary in both languages: every concept has a Bengali term, and an Arabic
term (a source's or a cited one) or a note that no public source has one."""

from __future__ import annotations

import json

from glossary_cli import api

from .conftest import gloss


def test_every_concept_has_bengali_and_arabic_or_says_why_not() -> None:
    for concept in api.load_glossary().concepts:
        assert concept.section("bn") is not None, concept.id
        arabic = concept.section("ar")
        if arabic is None or not arabic.terms:
            assert any("No Arabic term" in note for note in concept.notes), concept.id


def test_every_curated_arabic_term_cites_a_sentence_that_uses_it() -> None:
    curated = [
        t
        for c in api.load_glossary().concepts
        for s in c.languages
        if s.lang == "ar"
        for t in s.terms
        if t.origin == "curated" and t.role is None
    ]
    assert curated
    for term in curated:
        assert term.status == "admitted", term.text
        assert term.citation, term.text
        contexts = [p for p in term.properties if p.category == "context"]
        assert contexts and all(p.citation for p in contexts), term.text
        composed = any(n.startswith("Composed from parts") for n in term.notes)
        if not composed:  # attested whole: each sentence holds the term
            assert any(term.text in p.value for p in contexts), term.text


def test_an_arabic_query_for_quantization_finds_the_quantization_concepts() -> None:
    hits = json.loads(gloss("search", "التكميم", "--json").stdout)
    ids = [h["id"] for h in hits]
    assert len(ids) >= 5
    assert all("quantization" in i for i in ids), ids
    card = json.loads(gloss("show", "فك التشفير التخميني", "--json").stdout)
    assert card["id"] == "speculative-inference"
