"""Term folders: one Markdown file per term with YAML front matter, the form of the Kubernetes
and CNCF glossaries, flat or in language subfolders aligned by file name.

A folder is a term folder when it (or its language subfolders) holds Markdown files that
begin with front matter (``---``). Layouts::

    glossary/en/cluster.md  glossary/bn/cluster.md  glossary/ar/cluster.md   one concept
    glossary/cluster.md                                                       one language

=====================================  =====================================================
front matter (any case, ``-`` or ``_``)  gloss
=====================================  =====================================================
``title`` (or ``term``, ``headword``,  the term, split like any term
``name``)                              (:func:`glossary_cli.termtext.names_in`):
                                       ``ক্লাস্টার (Cluster)`` is the Bengali term with its
                                       English equivalent, each in the language its script
                                       says
``aka`` (or ``synonyms``)              synonyms (a list, or a text of ``a, b``)
``abbr`` (or ``acronym``)              abbreviations
``ar``, ``bn_BD``, ``Arabic``…;        that language's terms, when written in its script
``translations: {ar: …}``
``short_description`` (or              the definition (else the body's first paragraph)
``definition``, ``summary``,
``description``)
``lang`` (or ``language``)             the file's language, in a folder that names none
``tags``, ``category``                 subject fields
``id``                                 the concept's id, else the file name; files of the
                                       same name in the language folders are one concept
=====================================  =====================================================

A file without a title whose keys give terms by language (``en: Embedding``, ``ar:
التضمين``) has the first of them as its title.

The subfolder names are the language tags (``bn``, ``ar``, ``zh-cn`` → ``zh-CN``, ``pt_BR``
→ ``pt-BR``), or languages' names. Files directly in the folder, or in a subfolder named
otherwise (the Kubernetes layout, ``content/bn/docs/reference/glossary/``, is a flat folder
of one language), are filed by the script of their titles: Bengali titles as Bengali, Latin
ones as English (:func:`glossary_cli.scripts.writing.text_language`). Template shortcodes
(``{{< glossary_tooltip … >}}``) are reduced to their text. Front matter is read with the safe
YAML loader only: a YAML tag that would build an object (``!!python/object``) is refused as
invalid, with its line.

What is not a term file is left out and reported, one warning per kind with the count and
the first names: files that are not Markdown, Markdown files without front matter or empty,
section pages (``index.md``, ``_index.md``: Hugo's page of the glossary itself), files
whose name begins with ``_`` (a ``_TEMPLATE.md``), pages of a site's own layouts
(``layout: search``), folders inside the subfolders, and symbolic links that lead out of the
folder (only the folder's own files are read). A term file that cannot be read
(front matter that is not YAML, no title) is left out and named with why; the folder is
refused only when no term file can be read. Front matter keys gloss does not read are
named in one warning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from glossary_cli.errors import GlossError, ParseError, ParseWarning
from glossary_cli.formats._common import (
    clean,
    decode,
    digest,
    glossary_of,
    refuse_glossary_controls,
)
from glossary_cli.formats.markdown import SHORTCODE
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Reading, Term
from glossary_cli.tags import read_language
from glossary_cli.values import NamedTuple

#: Most files a folder may hold (a guard against being given a home directory).
MAX_FILES = 50_000
_SUFFIXES = (".md", ".markdown", ".mdx")
# (no part may cross a brace: each match then ends before the next shortcode begins, so a
# file of unclosed shortcodes costs linear time, not cubic)
_SHORTCODE_TEXT = re.compile(r"\{\{[<%][^{}>%]*?text=\"([^\"{}]*)\"[^{}>%]*[>%]\}\}")
_SHORTCODE = SHORTCODE
# a Markdown link's text and target; neither part crosses a bracket or parenthesis, so a
# text of many unclosed ones costs linear time
_LINK = re.compile(r"\[([^\[\]]*)\]\([^()]*\)")
#: How much of a term file's body is read for its first paragraph.
BODY_LIMIT = 65536
#: Files of a Hugo site that are the glossary's own page, not a term.
_SECTION_PAGES = frozenset({"index.md", "_index.md", "index.markdown", "_index.markdown"})
#: How many names a warning about skipped files gives.
_NAMED = 3


def is_term_folder(path: Path) -> bool:
    """Whether ``path`` is a folder of Markdown term files with front matter (its own files
    or those of its subfolders)."""
    for count, file in enumerate(markdown_files(path)):
        if count > 20:
            break
        with file.open("rb") as fh:
            if fh.read(8).removeprefix(b"\xef\xbb\xbf").startswith(b"---"):
                return True
    return False


#: Why a symbolic link of a term folder is not followed (the warning's reason).
LINK_OUT = "a symbolic link to a file or folder outside the term folder"
#: Why a file whose name holds a control character, or bytes that are not UTF-8, is not read
#: (the warning's reason): the name is its term's id.
BAD_NAME = "a name with a control character or bytes that are not UTF-8: rename it"


def markdown_files(path: Path, skipped: dict[str, list[str]] | None = None) -> list[Path]:
    """The Markdown files of ``path`` and of its subfolders: regular files inside the
    folder. What else they hold is added to ``skipped`` (reason → names): files that are not
    Markdown, folders inside a language folder, and symbolic links that lead out of the folder
    (:data:`LINK_OUT`; a link to a file elsewhere is no term of this folder, and reading it
    would read whatever it names); a link that stays inside is read as what it names."""
    root = path.resolve()

    def outside(p: Path) -> bool:
        if not p.is_symlink():
            return False
        try:
            return not p.resolve(strict=True).is_relative_to(root)
        except (OSError, RuntimeError):  # a dangling link, or a loop of links
            return True

    def skip(reason: str, p: Path) -> None:
        if skipped is not None:
            skipped.setdefault(reason, []).append(p.relative_to(path).as_posix())

    files: list[Path] = []
    folders = []
    for p in sorted(path.iterdir()):
        if p.is_dir() and not p.name.startswith("."):
            if outside(p):
                skip(LINK_OUT, p)
            else:
                folders.append(p)
    for folder in (path, *folders):
        for p in sorted(folder.iterdir()):
            if p.name.startswith(".") or (p.is_dir() and folder == path):
                continue
            if outside(p):
                skip(LINK_OUT, p)
            elif not p.name.isprintable() or any("\ud800" <= c <= "\udfff" for c in p.name):
                skip(BAD_NAME, p)  # its name becomes the term's id, shown and exported
            elif p.suffix.lower() in _SUFFIXES and p.is_file():
                files.append(p)
            else:
                skip("folders inside a language folder" if p.is_dir() else "not Markdown", p)
    return files


def _skipped_warnings(path: Path, skipped: dict[str, list[str]]) -> tuple[ParseWarning, ...]:
    """One warning per kind of what a term folder holds besides term files."""
    out = []
    for reason, names in skipped.items():
        shown = ", ".join(names[:_NAMED]) + (f" and {len(names) - _NAMED} more" if len(
            names) > _NAMED else "")  # fmt: skip
        files = "file was" if len(names) == 1 else "files were"
        if reason.startswith("not a language folder") or reason.startswith("folders"):
            files = "folder was" if len(names) == 1 else "folders were"
        out.append(
            ParseWarning(
                f"{len(names)} {files} skipped ({reason}): {shown}",
                path=path.name,
                hint="a term folder holds one Markdown file with front matter per term, in "
                "subfolders named by language tags (en, bn, ar)",
            )
        )
    return tuple(out)


#: The front matter keys gloss reads, by what they give (compared without case, with ``-``
#: and spaces as ``_``): the first of a group that a file gives is read.
TITLE_KEYS = ("title", "term", "headword", "name", "word")
SYNONYM_KEYS = ("aka", "synonyms", "synonym", "also_known_as", "variants", "alternatives")
ABBREVIATION_KEYS = ("abbr", "abbreviation", "abbreviations", "acronym", "acronyms")
DEFINITION_KEYS = ("short_description", "definition", "summary", "description")
LANGUAGE_KEYS = ("lang", "language", "locale")
TRANSLATION_KEYS = ("translations", "translation", "equivalents")
SUBJECT_KEYS = ("tags", "category", "categories", "subject", "domain")
_KEYS = frozenset({
    "id", *TITLE_KEYS, *SYNONYM_KEYS, *ABBREVIATION_KEYS, *DEFINITION_KEYS, *LANGUAGE_KEYS,
    *TRANSLATION_KEYS, *SUBJECT_KEYS,
})  # fmt: skip
#: Keys site generators (Hugo, Jekyll, Docusaurus) give every page, which are no title.
_SITE_KEYS = frozenset({
    "date", "weight", "layout", "status", "draft", "slug", "url", "full_link", "aliases",
    "type", "sidebar_position", "author", "noedit", "permalink", "sidebar_label", "toc",
})  # fmt: skip
#: The layouts of a site's pages that are no term: its search page, its list of terms.
_PAGE_LAYOUTS = frozenset({"search", "404", "redirect", "home", "list", "section", "index"})


def _key(key: object) -> str:
    """A front matter key as gloss compares it: ``Short-Description`` → ``short_description``."""
    return re.sub(r"[\s-]+", "_", str(key).strip().casefold())


def _language_key(key: object) -> str | None:
    """The language a front matter key names (``ar``, ``bn_BD``, ``en-US``, ``Arabic``,
    ``বাংলা``), or ``None``: a key gloss reads otherwise, or a three-letter word that is a
    language code only by chance (``see``)."""
    from glossary_cli.formats._header import FILE_WORDS
    from glossary_cli.tags import from_name, parse_tag

    text = str(key).strip()
    if _key(text) in _KEYS or _key(text) in _SITE_KEYS or text.casefold() in FILE_WORDS:
        return None  # id, no, to, as: English words before they are language codes
    if len(text) == 2 or re.fullmatch(r"[A-Za-z]{2,3}[-_][A-Za-z0-9]{2,8}", text):
        return parse_tag(text)
    return from_name(text)


def read_folder(path: Path) -> Glossary:
    """Read a term folder (see the module docstring).

    Returns:
        One concept per file name, a section per language that has the file; every
        term names ``FOLDER/LANG/FILE.md:2`` as its source. Its warnings name what was
        skipped (see the module docstring), the term files that could not be read (each
        left out, with why), and the front matter keys gloss does not read; its reading
        plan says how each folder's language was told.

    Raises:
        ParseError: no term file could be read, more than :data:`MAX_FILES` files, a text
            that holds a control character (named with its file and line).
    """
    from markdown_it import MarkdownIt

    skipped: dict[str, list[str]] = {}
    files = markdown_files(path, skipped)
    if len(files) > MAX_FILES:
        raise ParseError(
            f"the folder holds {len(files)} Markdown files, more than {MAX_FILES}",
            path=str(path),
            hint="give the glossary's own folder",
        )
    # blocks only: a definition is the raw text of the first paragraph
    parser = MarkdownIt("commonmark").disable(["inline", "text_join"])
    by_id: dict[str, dict[str, LangSection]] = {}
    subjects: dict[str, list[str]] = {}
    definitions: dict[str, list[Definition]] = {}
    unread: list[tuple[str, str]] = []
    errors: list[ParseError] = []
    keys: dict[str, int] = {}
    by_key = 0  # files whose lang key told their language
    folders: dict[str, dict[str, int]] = {}
    titles: dict[str, set[str]] = {}
    for file in files:
        # a subfolder named by a language holds that language's terms; the folder's own
        # files and those of another subfolder (glossary/), the language their script says
        folder_lang = None if file.parent == path else _lang_of(file.parent.name)
        relative = file.relative_to(path).as_posix()
        if file.name.lower() in _SECTION_PAGES:
            skipped.setdefault("the glossary's own page, not a term", []).append(relative)
            continue
        if file.name.startswith("_"):
            skipped.setdefault("a template or a site's page: its name begins with _",
                               []).append(relative)  # fmt: skip
            continue
        where = f"{path.name}/{relative}"
        try:
            found = _read_term_file(file, where, folder_lang, parser, keys)
        except ParseError as exc:
            line = f":{exc.line}" if exc.line else ""
            unread.append((f"{relative}{line}", exc.message))
            errors.append(exc)
            continue
        if isinstance(found, str):
            skipped.setdefault(found, []).append(relative)
            continue
        cid, sections, tags, defs, lang = found[:5]
        by_key += found.by_key
        folder = (file.parent.relative_to(path).as_posix() + "/") if file.parent != path else "./"
        told = folders.setdefault(folder, {})
        told[lang] = told.get(lang, 0) + 1
        own = by_id.setdefault(cid, {})
        derived = titles.setdefault(cid, set())  # languages only a title of another gave
        clash = next((s for s in sections if s.lang == lang and s.lang in own and
                      s.lang not in derived), None)  # fmt: skip
        if clash is not None:
            first = own[lang].terms[0].source.rsplit(":", 1)[0]
            unread.append((relative, f"the id {cid!r} is given by {first} too"))
            continue
        for section in sections:
            if section.lang not in own:
                own[section.lang] = section
                if section.lang != lang:
                    derived.add(section.lang)
            elif section.lang == lang:  # the language's own file leads what titles gave
                own[section.lang] = _merged(section, own[section.lang])
                derived.discard(section.lang)
            else:
                own[section.lang] = _merged(own[section.lang], section)
        definitions.setdefault(cid, []).extend(defs)
        subjects.setdefault(cid, [])
        subjects[cid] += [t for t in tags if t not in subjects[cid]]
    if not by_id and errors:
        error = errors[0]
        others = len(errors) - 1
        raise ParseError(
            f"{error.message} (and no other term file of the folder could be read"
            + (f": {others} more could not either)" if others else ")"),
            path=error.path,
            line=error.line,
            column=error.column,
            hint=error.hint,
        )
    if not by_id:
        raise ParseError(
            "no term file in this folder: gloss reads Markdown files with front matter "
            "(title, short_description), one per term",
            path=str(path),
            hint="give a folder of term files, or a glossary file",
        )
    skipped = {k: list(dict.fromkeys(v)) for k, v in skipped.items()}
    concepts = []
    for cid, held in by_id.items():
        ordered = sorted(held.values(), key=lambda s: (s.lang != "en", s.lang))
        langs = {s.lang for s in ordered}
        concepts.append(
            Concept(
                id=cid,
                languages=tuple(ordered),
                subject_fields=tuple(subjects[cid]),
                definitions=tuple(d for d in definitions[cid] if d.lang not in langs),
                provenance=(f"{path.name}/",),
            )
        )
    glossary = glossary_of(concepts, path.name, path.name, digest(str(sorted(by_id)).encode()))
    refuse_glossary_controls(glossary, path.name)
    warnings = list(_skipped_warnings(path, skipped))
    if unread:
        shown = "; ".join(f"{f}: {why}" for f, why in unread[:_NAMED])
        more = f"; and {len(unread) - _NAMED} more" if len(unread) > _NAMED else ""
        warnings.append(
            ParseWarning(
                f"{len(unread)} term file{'s' if len(unread) > 1 else ''} could not be read and "
                f"{'are' if len(unread) > 1 else 'is'} left out: {shown}{more}",
                path=path.name,
                hint="fix each file's front matter (a title: line between --- lines)",
            )
        )
    other = keys
    if other:
        named = ", ".join(f"{k} ({n})" for k, n in sorted(other.items(), key=lambda kv: -kv[1]))
        warnings.append(
            ParseWarning(
                f"front matter keys gloss does not read are left out: {named}",
                path=path.name,
                hint="gloss reads title (or term), id, aka (or synonyms), abbr, "
                "short_description (or definition), lang, a language's terms (ar: …, or "
                "translations: {ar: …}), tags and category",
            )
        )
    plan = []
    for folder, told in folders.items():
        count = sum(told.values())
        tag = _lang_of(folder.rstrip("/").rsplit("/", 1)[-1]) if folder != "./" else None
        how = (
            f"{tag} terms (the folder's name)"
            if tag is not None
            else (
                "terms of the language each file's lang key, else its title's script, says: "
                if by_key
                else "terms of the language each title's script says: "
            )
            + ", ".join(f"{n} {lang}" for lang, n in sorted(told.items(), key=lambda kv: -kv[1]))
        )
        plan.append(Reading(f"{path.name}/{folder if folder != './' else ''}", how, total=count))
    return glossary._replace(warnings=tuple(warnings), plan=tuple(plan))


def _merged(first: LangSection, more: LangSection) -> LangSection:
    """A language section with the terms of another of the same language it lacks."""
    have = {t.text for t in first.terms}
    return first._replace(terms=(*first.terms, *(t for t in more.terms if t.text not in have)))


def _lang_of(name: str) -> str | None:
    """A language folder's tag (``zh-cn`` → ``zh-CN``, ``pt_BR`` → ``pt-BR``), or ``None``
    for another folder."""
    return read_language(name)


def _front_matter(lines: list[str], where: str) -> tuple[dict[str, Any], int]:
    """A term file's front matter, its keys as written, and the line of its closing ``---``.

    Raises:
        ParseError: the front matter does not close, is not valid YAML or is no mapping.
    """
    from glossary_cli.formats._yaml import load_yaml

    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() in ("---", "..."))
    except StopIteration:
        raise ParseError(
            "the front matter does not end (no closing ---)", path=where, line=1,
            hint="close it with a line of three dashes",
        ) from None  # fmt: skip
    try:
        meta = load_yaml(
            "\n".join(lines[1:end]),
            where,
            hint="fix the front matter (read with the safe loader: YAML tags that build "
            "objects, such as !!python/object, are refused)",
        )
    except GlossError as exc:
        raise ParseError(
            exc.message,
            path=where,
            line=(exc.line or 0) + 1,
            column=exc.column,
            hint=exc.hint,
        ) from None
    if meta is None:
        meta = {}
    if not isinstance(meta, dict):
        raise ParseError(
            "the front matter is not a mapping of keys", path=where, line=2,
            hint="write it as key: value lines",
        )  # fmt: skip
    return meta, end


class _TermFile(NamedTuple):
    """What one term file gives: its concept's id, language sections, subject fields, the
    definitions of languages it has no term in, its own language, and whether its ``lang``
    key (not its folder, not its title's script) told that language."""

    cid: str
    sections: list[LangSection]
    subjects: list[str]
    definitions: list[Definition]
    lang: str
    by_key: bool


def _read_term_file(
    file: Path, where: str, folder_lang: str | None, parser: Any, keys: dict[str, int]
) -> _TermFile | str:
    """One term file's id, language sections, subject fields, the definitions of
    languages it has no term in and its own language; or why it is no term file (empty, no
    front matter, a site's page). Its front matter's keys are matched whatever their case
    and spelling (:data:`TITLE_KEYS` and the other groups); those it does not read are
    counted in ``keys``.

    The file's language is its folder's (the folder's name says it), else its ``lang``
    key's, else the one its title's script says. The title's names each go to a language:
    the file's for the first (a Hindi folder's ``DevSecOps`` is the Hindi term), the one its
    script says for the others (:func:`glossary_cli.termtext.names_in`); a synonym whose
    script the file's language is not written in goes to the language its script says (a
    Latin ``aka`` of an Arabic file is English). Keys that
    are languages (``ar: التضمين``, ``translations: {bn: এমবেডিং}``) give that language's
    terms when their script fits it. The definition is the file's language's, or its
    script's in a folder that names none.

    Raises:
        ParseError: a file that is binary or not UTF-8, front matter that is not valid
            YAML, no title, or a term or definition past the limits of
            :mod:`glossary_cli.limits`; with the file and line.
    """
    from glossary_cli.formats import refuse_binary
    from glossary_cli.scripts.writing import may_file, script_language, text_language, written_in
    from glossary_cli.termtext import is_abbreviation

    data = file.read_bytes()
    refuse_binary(where, data)
    text = decode(data, where)
    if not text.strip():
        return "empty"
    lines = text.replace("\r\n", "\n").split("\n")
    if lines[0].strip().lstrip("\ufeff") != "---":
        return "Markdown without front matter"
    raw, end = _front_matter(lines, where)
    meta: dict[str, Any] = {}
    for key, value in raw.items():
        meta.setdefault(_key(key), value)
    if str(meta.get("layout") or "").strip().casefold() in _PAGE_LAYOUTS:
        return f"a site's page (layout: {str(meta['layout']).strip()})"
    read: set[object] = set()  # the keys read, as written

    def first(group: Sequence[str], kinds: tuple[type, ...]) -> Any:
        """The value of the first key of ``group`` the file gives, of one of ``kinds``."""
        for key in group:
            value = meta.get(key)
            if value is not None and isinstance(value, kinds) and not isinstance(value, bool):
                read.update(k for k in raw if _key(k) == key)
                return value
        return None

    for key, kinds in (("title", (str, int, float)), ("id", (str, int))):
        value = meta.get(key)
        if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
            what = "text or a number" if key == "title" else "text"
            raise ParseError(
                f"the front matter's {key} is a {type(value).__name__}, not {what}",
                path=where,
                line=1,
                hint=f"write {key}: as text",
            )
    title_value = first(TITLE_KEYS, (str, int, float))
    said_lang = first(LANGUAGE_KEYS, (str,))
    file_lang = folder_lang or (read_language(said_lang.strip()) if said_lang else None)
    by_key = bool(file_lang and not folder_lang)  # the file's lang key told its language
    translations = first(TRANSLATION_KEYS, (dict, list)) or {}
    if isinstance(translations, list):  # "- ar: …" items: one mapping each
        translations = {k: v for item in translations if isinstance(item, dict)
                        for k, v in item.items()}  # fmt: skip
    given: list[tuple[object, str, list[str]]] = []  # keys that name a language, and its terms
    for key, value in [*raw.items(), *translations.items()]:
        lang = _language_key(key)
        if lang is not None and value in (None, "", []):
            read.add(key)  # a language given no term ("bn:", "ar: ~"): nothing to read
            continue
        values = _values(value) if isinstance(value, (str, list, int, float)) else []
        if lang is not None and any(may_file(v, lang) for v in values):
            given.append((key, lang, values))  # its script's, or a loanword in Latin
    if not str(title_value or "").strip() and given:
        # no title, and terms given by language (en: …, ar: …): the file's language's first
        _, lang, values = next((g for g in given if g[1] == file_lang), given[0])
        title_value = next(v for v in values if may_file(v, lang))
        file_lang = file_lang or lang
    if not str(title_value or "").strip():
        # keys written in the page's language (शीर्षक: …): its first other key of a short text
        other = next(
            (
                kv
                for kv in raw.items()
                if _key(kv[0]) not in _KEYS | _SITE_KEYS and _language_key(kv[0]) is None
            ),
            None,
        )
        if other is None or not isinstance(other[1], str) or not 0 < len(other[1].split()) <= 12:
            raise ParseError(
                "the front matter has no title",
                path=where,
                line=1,
                hint="give the term as title: …",
            )
        keys[f"{other[0]} (read as the title)"] = keys.get(f"{other[0]} (read as the title)", 0) + 1
        read.add(other[0])
        title_value = other[1]
    names = _names(clean(str(title_value)))
    if not names:
        raise ParseError(
            f"the title {clean(str(title_value))!r} has no term",
            path=where,
            line=1,
            hint="give the term as title: …",
        )
    source = f"{where}:2"
    first_lang = file_lang or text_language(names[0][0]) or "en"
    terms: dict[str, list[Term]] = {}

    def add(text: str, lang: str, kind: str | None = None, keep: bool = False) -> None:
        """File a name under ``lang``; unless ``keep``, under its script's language when
        ``lang`` is not written in its script (a Latin synonym in an Arabic folder is
        English)."""
        if not keep and not written_in(text, lang):
            lang = text_language(text) or lang
        own = terms.setdefault(lang, [])
        if all(t.text != text for t in own):
            own.append(Term(text, type=kind, source=source))

    for k, (name, script, kind) in enumerate(names):
        lang = first_lang if k == 0 or not script else script_language(script) or first_lang
        add(name, lang, kind, keep=k == 0)
    for name in _values(first(SYNONYM_KEYS, (list, str))):
        add(name, first_lang, "abbreviation" if is_abbreviation(name) else None)
    for name in _values(first(ABBREVIATION_KEYS, (list, str))):
        add(name, first_lang, "abbreviation", keep=True)
    for named, lang, values in given:
        read.add(named)
        for value in values:
            add(value, lang, keep=may_file(value, lang))
    definition = _unshortcoded(str(first(DEFINITION_KEYS, (str,)) or ""))
    line = 2
    if not definition:
        body = "\n".join(lines[end + 1 :])[:BODY_LIMIT]
        tokens = parser.parse(body)
        paragraph = next(
            (tokens[k + 1] for k, t in enumerate(tokens) if t.type == "paragraph_open"), None
        )
        if paragraph is not None:
            definition = _unshortcoded(paragraph.content)
            line = end + 2
    _check_lengths(terms, definition, where, line)
    defs: list[Definition] = []
    if definition:
        fits = file_lang if file_lang and written_in(definition, file_lang) else None
        def_lang = fits or text_language(definition, tuple(terms)) or first_lang
        defs.append(Definition(definition, f"{where}:{line}", lang=def_lang))
    sections = [
        LangSection(
            lang,
            tuple(ts),
            tuple(d._replace(lang=None) for d in defs if d.lang == lang),
        )
        for lang, ts in terms.items()
    ]
    cid = str(first(("id",), (str, int)) or file.stem).strip()
    tags: list[str] = []
    for key in SUBJECT_KEYS:
        value = first((key,), (list, str))
        tags += [clean(str(t)) for t in _values(value, split=False) if clean(str(t))]
    for key in raw:
        if key not in read:
            keys[str(key)] = keys.get(str(key), 0) + 1
    return _TermFile(
        cid,
        sections,
        tags,
        [d for d in defs if d.lang not in terms],
        first_lang,
        by_key,
    )


def _check_lengths(terms: dict[str, list[Term]], definition: str, where: str, line: int) -> None:
    """Refuse a term file whose term (a title's name, a synonym, a translation) or
    definition is longer than gloss reads (:mod:`glossary_cli.limits`): the file is left out
    of its folder, and named.

    Raises:
        ParseError: the front matter's line (2) for a term, the definition's line for it.
    """
    from glossary_cli.limits import TERM_HINT, TEXT_HINT, overlong_message, too_long

    for term in (t for ts in terms.values() for t in ts):
        if too_long(term.text, True):
            raise ParseError(overlong_message("term", len(term.text), True), path=where,
                             line=2, hint=TERM_HINT)  # fmt: skip
    if too_long(definition, False):
        raise ParseError(overlong_message("definition", len(definition), False), path=where,
                         line=line, hint=TEXT_HINT)  # fmt: skip


def _names(title: str) -> list[tuple[str, str | None, str | None]]:
    """The names a title gives (:func:`glossary_cli.termtext.names_in`): each name, its
    script and ``"abbreviation"`` for one."""
    from glossary_cli.termtext import names_in

    return [
        (clean(n.text), n.script, "abbreviation" if n.kind == "abbreviation" else None)
        for n in names_in(title)
        if any(c.isalnum() for c in n.text)
    ]


def _values(value: object, split: bool = True) -> list[str]:
    """The names a front matter value gives: a list's items, or a text's alternatives
    (``a, b``; :func:`glossary_cli.termtext.split_alternatives`) when ``split``; numbers as
    text, anything else (a mapping) none."""
    from glossary_cli.termtext import split_alternatives

    if value is None or isinstance(value, (bool, dict)):
        return []
    if isinstance(value, list):
        items = [str(v) for v in value if isinstance(v, (str, int, float)) and not isinstance(
            v, bool)]  # fmt: skip
    elif split and isinstance(value, str):
        items = split_alternatives(value)
    else:
        items = [str(value)]
    return [clean(v) for v in items if clean(v)]


def _unshortcoded(text: str) -> str:
    """Markdown text without template shortcodes (their ``text=`` kept), link targets and
    emphasis marks, as one line."""
    text = _SHORTCODE_TEXT.sub(r"\1", text)
    text = _SHORTCODE.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = re.sub(r"[*_`]{1,3}", "", text)
    return clean(text)
