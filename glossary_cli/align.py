"""Entries of several glossary files → concepts, with curated English merged in.

Two files are *parallel* (translations of each other, entry by entry) when they are in different
languages, have the same number of entries, give English equivalents at two or more of the same
positions, and those English equivalents agree at every such position (they share a word, up to
spelling: ``Hyperparameter Grid Search Optimization`` agrees with ``Hyperparameters``). Entries
at the same position of parallel files become one concept; every other entry is a concept of
its own. Curated knowledge (``data/curation.yaml``) then adds English headwords, abbreviations,
aliases and notes, keyed by a native term.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from glossary_cli.errors import ParseWarning, RecordError
from glossary_cli.model import Concept, Entry
from glossary_cli.normalize import fold, romanize
from glossary_cli.parsing import ParsedGlossary
from glossary_cli.tags import is_language_tag

#: Minimum number of positions with English on both sides for two files to count as parallel.
MIN_EVIDENCE = 2


@dataclass(frozen=True, slots=True)
class Alignment:
    """How two files compare as translations of each other.

    Attributes:
        first, second: file names.
        compared: positions where both give English.
        agreeing: how many of those agree.
        parallel: whether the files were merged into shared concepts.
        reason: why not, when they were not (for ``gloss build``'s report).
    """

    first: str
    second: str
    compared: int
    agreeing: int
    parallel: bool
    reason: str = ""


@dataclass(frozen=True, slots=True)
class CurationItem:
    """One item of the curation file (see ``data/curation.yaml``'s header).

    Attributes:
        lang, term: the native term that identifies the concept (as in the source).
        en: curated English headword, or ``None`` to keep the source's.
        abbr, aliases, notes: added to the concept.
        where: ``"FILE item N"``, for messages.
    """

    lang: str
    term: str
    en: str | None
    abbr: tuple[str, ...]
    aliases: tuple[str, ...]
    notes: tuple[str, ...]
    where: str


@dataclass(frozen=True, slots=True)
class AlignResult:
    """Concepts built from parsed files, with the alignment report and warnings."""

    concepts: tuple[Concept, ...]
    alignments: tuple[Alignment, ...]
    warnings: tuple[ParseWarning, ...]


def parse_curation(data: object, name: str) -> tuple[CurationItem, ...]:
    """Validate the curation file's mapping (already loaded from YAML).

    Args:
        data: ``{"concepts": [{"match": {LANG: TERM}, "en"?, "abbr"?, "aliases"?, "notes"?}]}``.
        name: the file name, for messages.

    Raises:
        RecordError: wrong shape; the message names the item.
    """
    if data is None:
        return ()
    if not isinstance(data, Mapping) or not isinstance(data.get("concepts", []), list):
        raise RecordError("the curation file must be a mapping with a 'concepts' list", path=name)
    items = []
    for i, raw in enumerate(data.get("concepts") or [], start=1):
        where = f"{name} item {i}"
        at: tuple[str | int, ...] = ("concepts", i - 1)
        if not isinstance(raw, Mapping):
            raise _located(RecordError(f"{where} must be a mapping"), at)
        match = raw.get("match")
        if not isinstance(match, Mapping) or len(match) != 1:
            raise _located(
                RecordError(
                    f"{where}: 'match' must map one language tag to a term",
                    hint="match: {bn: TERM}",
                ),
                (*at, "match"),
            )
        ((lang, term),) = match.items()
        if not isinstance(lang, str) or not isinstance(term, str) or not is_language_tag(lang):
            raise _located(
                RecordError(
                    f"{where}: 'match' must map a language tag to a term, not {lang!r} to {term!r}",
                    hint="quote them: unquoted yes, no, on, off, null and numbers are not strings",
                ),
                (*at, "match"),
            )
        extra = set(raw) - {"match", "en", "abbr", "aliases", "notes"}
        if extra:
            first = sorted(map(str, extra))[0]
            raise _located(
                RecordError(f"{where}: unknown key(s) {', '.join(sorted(map(str, extra)))}"),
                (*at, first),
            )
        try:
            item = CurationItem(
                lang=lang,
                term=term,
                en=_opt_str(raw.get("en"), where),
                abbr=_str_list(raw.get("abbr"), where, "abbr"),
                aliases=_str_list(raw.get("aliases"), where, "aliases"),
                notes=_str_list(raw.get("notes"), where, "notes"),
                where=where,
            )
        except RecordError as exc:
            raise _located(exc, (*at, *exc.keys)) from None
        items.append(item)
    return tuple(items)


def _located(exc: RecordError, keys: tuple[str | int, ...]) -> RecordError:
    exc.keys = keys
    return exc


def _opt_str(value: object, where: str) -> str | None:
    if value is None or isinstance(value, str):
        return value
    raise _located(RecordError(f"{where}: 'en' must be a string"), ("en",))


def _str_list(value: object, where: str, key: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise _located(RecordError(f"{where}: '{key}' must be a list of strings"), (key,))


def english_words(entry: Entry) -> set[str]:
    """Folded words of the English equivalent and abbreviations an entry's source gives."""
    text = " ".join([entry.en or "", *entry.abbr])
    return set(fold(text).split())


def _words_agree(a: set[str], b: set[str]) -> bool:
    from rapidfuzz import fuzz

    return any(x == y or fuzz.ratio(x, y) >= 85 for x in a for y in b)


def compare(first: ParsedGlossary, second: ParsedGlossary) -> Alignment:
    """Decide whether two parsed files are parallel (see the module docstring)."""
    if first.lang == second.lang:
        return Alignment(first.name, second.name, 0, 0, False, "same language")
    if len(first.entries) != len(second.entries):
        return Alignment(first.name, second.name, 0, 0, False, "different lengths")
    compared = agreeing = 0
    for a, b in zip(first.entries, second.entries, strict=True):
        wa, wb = english_words(a), english_words(b)
        if wa and wb:
            compared += 1
            agreeing += _words_agree(wa, wb)
    if compared < MIN_EVIDENCE:
        reason = f"English on both sides at only {compared} position(s)"
        return Alignment(first.name, second.name, compared, agreeing, False, reason)
    if agreeing < compared:
        reason = f"English disagrees at {compared - agreeing} of {compared} positions"
        return Alignment(first.name, second.name, compared, agreeing, False, reason)
    return Alignment(first.name, second.name, compared, agreeing, True)


def align(files: Sequence[ParsedGlossary], curation: Sequence[CurationItem] = ()) -> AlignResult:
    """Build concepts from parsed files (in the given order) and merge curation into them.

    Args:
        files: parsed glossary files; their order fixes the order of the concepts.
        curation: curated items (:func:`parse_curation`).

    Returns:
        Concepts in file order (the entries of parallel files join the concept of the
        earliest file), the pairwise alignment report, and warnings: curated items that match
        no concept, and the same English given to different concepts.
    """
    alignments: list[Alignment] = []
    group_of: dict[int, int] = {}  # file index -> index of the first file of its group
    langs_of: dict[int, set[str]] = {}
    for i, first in enumerate(files):
        for j in range(i + 1, len(files)):
            second = files[j]
            if len(first.entries) != len(second.entries) or first.lang == second.lang:
                continue
            result = compare(first, second)
            alignments.append(result)
            gi = group_of.get(i, i)
            if not result.parallel or j in group_of or second.lang in langs_of.get(gi, set()):
                continue
            group_of.setdefault(i, i)
            group_of[j] = gi
            langs_of.setdefault(gi, {first.lang}).add(second.lang)

    groups: list[list[Entry]] = []
    for i, parsed in enumerate(files):
        if group_of.get(i, i) != i:
            continue
        members = [files[k] for k in range(len(files)) if group_of.get(k, k) == i]
        for position in range(len(parsed.entries)):
            groups.append([m.entries[position] for m in members])

    warnings: list[ParseWarning] = []
    by_term: dict[tuple[str, str], int] = {}
    for index, entries in enumerate(groups):
        for e in entries:
            by_term.setdefault((e.lang, fold(e.term)), index)
    curated: dict[int, list[CurationItem]] = {}
    for item in curation:
        found = by_term.get((item.lang, fold(item.term)))
        if found is None:
            warnings.append(
                ParseWarning(
                    f"{item.where}: no concept has the {item.lang} term {item.term!r}",
                    hint="correct the term to match the source, or remove the item",
                )
            )
            continue
        curated.setdefault(found, []).append(item)

    concepts = []
    used_ids: set[str] = set()
    for index, entries in enumerate(groups):
        concepts.append(_concept(entries, curated.get(index, []), used_ids))
    warnings.extend(_english_clashes(concepts))
    warnings.extend(_term_clashes(concepts))
    return AlignResult(tuple(concepts), tuple(alignments), tuple(warnings))


def _concept(entries: list[Entry], items: list[CurationItem], used_ids: set[str]) -> Concept:
    source_en = [e.en for e in entries if e.en]
    # An English glossary's term is itself English the source gives, like a parenthetical.
    source_en += [e.term for e in entries if not e.en and e.lang.split("-")[0] == "en"]
    curated_en = next((it.en for it in items if it.en), None)
    if curated_en:
        en, origin = curated_en, "curated"
    elif source_en:
        en, origin = max(source_en, key=lambda s: (len(s.split()), len(s))), "source"
    else:
        en, origin = None, "none"
    abbr = _unique([a for e in entries for a in e.abbr] + [a for it in items for a in it.abbr])
    aliases = _unique(a for it in items for a in it.aliases)
    notes = _unique(n for it in items for n in it.notes)
    base = slug(en) if en else slug(romanize(fold(entries[0].term), entries[0].lang))
    base = base[:100].rstrip("-")  # an id, not the whole of a runaway line
    base = base or "concept"
    cid, n = base, 2
    while cid in used_ids:
        cid, n = f"{base}-{n}", n + 1
    used_ids.add(cid)
    return Concept(
        id=cid,
        en=en,
        en_origin=origin,
        abbr=abbr,
        aliases=aliases,
        notes=notes,
        entries=tuple(entries),
    )


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    seen: dict[str, str] = {}
    for v in values:
        seen.setdefault(fold(v), v)
    return tuple(seen.values())


def slug(text: str) -> str:
    """An ASCII identifier: folded words of ``text`` joined by hyphens (``low-rank-adaptation``).

    >>> slug("Low-Rank Adaptation (LoRA)")
    'low-rank-adaptation-lora'
    """
    return "-".join(re.findall(r"[a-z0-9]+", fold(text)))


def _english_clashes(concepts: Sequence[Concept]) -> list[ParseWarning]:
    owner: dict[str, tuple[str, Entry]] = {}
    out = []
    for c in concepts:
        for e in c.entries:
            if not e.en:
                continue
            key = fold(e.en)
            first = owner.setdefault(key, (c.id, e))
            if first[0] != c.id:
                out.append(
                    ParseWarning(
                        f"{e.source} and {first[1].source} give the same English "
                        f"{e.en!r} to different concepts",
                        hint="if they are one concept, make the files parallel or curate it",
                    )
                )
    return out


def _term_clashes(concepts: Sequence[Concept]) -> list[ParseWarning]:
    """Two files that give the same term in one language to two concepts: they claim one
    concept twice, maybe differently (a term twice in one file is the parser's warning)."""
    owner: dict[tuple[str, str], Entry] = {}
    out = []
    for c in concepts:
        for e in c.entries:
            first = owner.setdefault((e.lang, fold(e.term)), e)
            if first is e or first.source.rpartition(":")[0] == e.source.rpartition(":")[0]:
                continue
            same = "the same" if first.definition == e.definition else "another"
            out.append(
                ParseWarning(
                    f"{e.source} gives the {e.lang} term {e.term!r} of {first.source} again, "
                    f"with {same} definition, as another concept",
                    hint="keep the entry in one file, or make the two files parallel",
                )
            )
    return out


def entries_clash(first: Concept, other: Concept) -> str | None:
    """The first language in which ``other`` gives an entry that contradicts ``first``'s:
    another term, or another definition where both give one (a list of terms without
    definitions, such as a CSV of translations, agrees with any); ``None`` when the two can
    be one concept (:func:`merge_concepts`).

    >>> a = Concept("x", None, "none", entries=(Entry("bn", "লোরা", "সংজ্ঞা", "a:3"),))
    >>> b = Concept("x", None, "none", entries=(Entry("bn", "লোরা", "", "b:2"),))
    >>> entries_clash(a, b), entries_clash(a, Concept("x", None, "none", entries=(
    ...     Entry("bn", "লোরা", "অন্য সংজ্ঞা", "c:2"),)))
    (None, 'bn')
    """
    for e in other.entries:
        f = first.entry(e.lang)
        if f is None:
            continue
        if f.term != e.term or (f.definition and e.definition and f.definition != e.definition):
            return e.lang
    return None


def merge_concepts(concepts: Iterable[Concept]) -> tuple[list[Concept], list[str]]:
    """Concepts of several record sets (data directories, or files of one) → unique ids.

    A concept whose id was already seen is the same concept seen again: when no entry of it
    contradicts the first one's (:func:`entries_clash`), its entries in the languages the
    first one lacks are added to the first one (in their order), its abbreviations, aliases
    and notes join the first one's, and its headword is used only when the first one has
    none. This is how a user's Hindi entries, written under a bundled concept's id by
    ``gloss add``, join that concept at lookup time. When a shared language gives a
    different entry, the two are different concepts after all: the later one is kept, under
    the next free id ``ID-2``, ``ID-3``..., and reported.

    Args:
        concepts: the concepts, in order; the first of each id keeps its position.

    Returns:
        The merged concepts, and one message per concept that had to be renamed.

    >>> a = Concept("lora", "LoRA", "source", entries=(Entry("bn", "লোরা", "", "a:3"),))
    >>> b = Concept("lora", None, "none", entries=(Entry("hi", "लोरा", "", "h:3"),))
    >>> [c.langs for c in merge_concepts([a, b])[0]]
    [('bn', 'hi')]
    """
    concepts = list(concepts)
    taken = {c.id for c in concepts}
    out: dict[str, Concept] = {}
    messages = []
    for concept in concepts:
        first = out.get(concept.id)
        if first is None:
            out[concept.id] = concept
            continue
        clash = entries_clash(first, concept)
        if clash is None:
            out[concept.id] = _join(first, concept)
            continue
        n = 2
        while f"{concept.id}-{n}" in taken:
            n += 1
        cid = f"{concept.id}-{n}"
        taken.add(cid)
        out[cid] = Concept(
            id=cid,
            en=concept.en,
            en_origin=concept.en_origin,
            abbr=concept.abbr,
            aliases=concept.aliases,
            notes=concept.notes,
            entries=concept.entries,
        )
        messages.append(
            f"concept {concept.id!r} is given twice with different {clash} entries; "
            f"the second is kept as {cid!r}"
        )
    return list(out.values()), messages


def _join(first: Concept, later: Concept) -> Concept:
    en, origin = (first.en, first.en_origin) if first.en else (later.en, later.en_origin)
    return Concept(
        id=first.id,
        en=en,
        en_origin=origin,
        abbr=_unique([*first.abbr, *later.abbr]),
        aliases=_unique([*first.aliases, *later.aliases]),
        notes=tuple(dict.fromkeys([*first.notes, *later.notes])),
        entries=first.entries + tuple(e for e in later.entries if first.entry(e.lang) is None),
    )
