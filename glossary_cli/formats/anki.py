"""An Anki deck package (``.apkg``), written with genanki, to learn the terms as flashcards.

One note per concept and pair of its languages (English first, then the languages in the
order the glossary gives them: ``en→bn``, ``en→ar``, ``bn→ar``), in a subdeck per pair
(``gloss: AI terminology::English → Bengali``). A note has two cards: the terms of the first
language asking for those of the second, and the other way round; the answer adds the
definitions and the concept's notes.

Ids are stable, so that importing a newer export updates the notes instead of adding
duplicates (Anki matches notes by their GUID, and note types and decks by their ids): a
note's GUID is genanki's :func:`genanki.guid_for` of the concept id and the pair, a deck's id
derives from its pair, the note type's id is fixed. Every field is HTML with every text escaped
(:func:`html.escape`), each text in its language (Arabic ``dir="rtl"``).

genanki is imported only here, when a deck is written (≈ 110 ms with its dependencies).
"""

from __future__ import annotations

import hashlib
import io
import itertools
import sqlite3
import tempfile
import time
import zipfile
from html import escape
from pathlib import Path
from typing import Any

from glossary_cli.formats._markup import (
    DEFAULT_TITLE,
    concept_extras_html,
    exported_sections,
    lang_attrs,
    refuse_controls,
    term_html,
    texts,
)
from glossary_cli.formats._markup import left_out as _left_out
from glossary_cli.model import Concept, Glossary, is_english
from glossary_cli.tags import language_name

#: The fields of gloss's note type: ``Key`` (``CONCEPT-ID from→to``, unique, so that Anki's
#: duplicate check, which compares first fields, does not flag the notes of a concept's
#: pairs), the terms and definitions of each side, the concept's own definitions and notes.
FIELDS = ("Key", "FromTerms", "FromDefinitions", "ToTerms", "ToDefinitions", "Extra")

_CSS = """.card{font-family:system-ui,"Noto Sans","Noto Sans Bengali","Noto Sans Arabic",
sans-serif;font-size:1.3em;text-align:center}
.term{font-weight:600}small{color:#777}p{margin:.3em 0}.extra{font-size:.8em;color:#777}"""


def stable_id(*parts: str) -> int:
    """An id for an Anki deck or note type that is the same on every export: the first
    bytes of the SHA-256 of ``parts``, in the range Anki's own ids take (milliseconds since
    1970, from 2^30 to 2^31, as genanki's documentation advises).

    >>> stable_id("gloss", "model") == stable_id("gloss", "model")
    True
    >>> 1 << 30 <= stable_id("x") < 1 << 31
    True
    """
    digest = hashlib.sha256("\x1f".join(parts).encode("utf-8")).digest()
    return (1 << 30) + int.from_bytes(digest[:4], "big") % (1 << 30)


def _model() -> Any:
    import genanki

    def side(ask: str, answer: str) -> dict[str, str]:
        return {
            "qfmt": f"{{{{{ask}Terms}}}}",
            "afmt": f'{{{{FrontSide}}}}<hr id="answer">{{{{{answer}Terms}}}}'
            f"{{{{{answer}Definitions}}}}{{{{{ask}Definitions}}}}"
            '<div class="extra">{{Extra}}</div>',
        }

    return genanki.Model(
        stable_id("gloss", "note type", "v1"),
        "gloss term pair",
        fields=[{"name": name} for name in FIELDS],
        templates=[
            {"name": "Recognise", **side("From", "To")},
            {"name": "Recall", **side("To", "From")},
        ],
        css=_CSS,
    )


def _pairs(glossary: Glossary) -> list[tuple[str, str]]:
    """Every pair of the glossary's languages, English first, then in the glossary's order."""
    langs = list(dict.fromkeys(s.lang for c in glossary.concepts for s, _ in exported_sections(c)))
    langs.sort(key=lambda lang: not is_english(lang))
    return list(itertools.combinations(langs, 2))


def _fields(concept: Concept, source: str, target: str) -> list[str] | None:
    sections = {s.lang: (s, terms) for s, terms in exported_sections(concept)}
    if source not in sections or target not in sections:
        return None
    out = [f"{escape(concept.id)} {escape(source)}→{escape(target)}"]
    for lang in (source, target):
        section, terms = sections[lang]
        out.append(f"<div{lang_attrs(lang)}>" + "<br>".join(term_html(t, lang) for t in terms)
                   + "</div>")  # fmt: skip
        definitions = "".join(f"<p>{escape(d.text)}</p>" for d in section.all_definitions())
        out.append(f"<div{lang_attrs(lang)}>{definitions}</div>" if definitions else "")
    out.append(concept_extras_html(concept))
    return out


def write(
    glossary: Glossary, *, title: str = DEFAULT_TITLE, timestamp: float | None = None
) -> bytes:
    """Write ``glossary`` as an Anki deck package (see the module docstring).

    Args:
        glossary: the concepts; a concept gets a note for each pair of languages it has
            terms in.
        title: the name of the parent deck.
        timestamp: the notes' modification time (seconds since 1970); default now, so that
            Anki's import, which updates a note when the one imported is newer, takes it.

    Returns:
        A ZIP archive holding ``collection.anki2`` (an SQLite database) and ``media``.

    Raises:
        RecordError: a text holds a control character; NotFoundError: the glossary has terms
            in fewer than two languages, so no card.
    """
    import genanki

    pairs = _pairs(glossary)
    if not pairs:
        from glossary_cli.errors import NotFoundError

        langs = list(dict.fromkeys(s.lang for c in glossary.concepts for s in c.languages))
        raise NotFoundError(
            "an Anki deck needs terms in two languages (a card asks for one language's term "
            f"by another's), and this export has {', '.join(langs) or 'none'} only: give "
            "--lang two languages, e.g. --lang en,bn"
        )
    model = _model()
    decks = []
    for source, target in pairs:
        name = f"{title}::{language_name(source)} → {language_name(target)}"
        deck = genanki.Deck(stable_id("gloss", "deck", source, target), name)
        for concept in glossary.concepts:
            fields = _fields(concept, source, target)
            if fields is None:
                continue
            refuse_controls(concept, texts(concept))
            guid = genanki.guid_for("gloss", concept.id, source, target)
            deck.add_note(genanki.Note(model=model, fields=fields, guid=guid))
        decks.append(deck)
    package = genanki.Package(decks)
    when = time.time() if timestamp is None else timestamp
    # genanki's write_to_file leaves its temporary database behind; the database is written
    # here in a temporary directory that is removed
    with tempfile.TemporaryDirectory(prefix="gloss-anki-") as tmp:
        path = Path(tmp) / "collection.anki2"
        connection = sqlite3.connect(path)
        try:
            package.write_to_db(connection.cursor(), when, itertools.count(int(when * 1000)))
            connection.commit()
        finally:
            connection.close()
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
            archive.write(path, "collection.anki2")
            archive.writestr("media", "{}")
    return out.getvalue()


def left_out(glossary: Glossary) -> list[str]:
    """What a deck of ``glossary`` leaves out: the data categories kept for TBX, and the
    concepts that have terms in only one language (a card needs two)."""
    out = _left_out(glossary)
    single = sum(1 for c in glossary.concepts if len(exported_sections(c)) == 1)
    if single:
        out.append(
            f"{single} concept{'s have' if single > 1 else ' has'} terms in one language only "
            "and no card: a card asks for a term of another language"
        )
    return out
