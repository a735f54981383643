"""Term folders: one Markdown file per term with YAML front matter, the form of the Kubernetes
and CNCF glossaries, in language subfolders aligned by file name.

A folder is a term folder when it (or its language subfolders) holds Markdown files that
begin with front matter (``---``). Layouts::

    glossary/en/cluster.md  glossary/bn/cluster.md  glossary/ar/cluster.md   one concept
    glossary/cluster.md                                                       English only

================================  ==========================================================
front matter                      gloss
================================  ==========================================================
``title``                         the term, split like any term: ``ক্লাস্টার (Cluster)`` is
                                  the Bengali term with its English equivalent
``aka`` (a list)                  synonyms
``short_description``             the definition (else the body's first paragraph)
``tags``                          subject fields
``id``                            the concept's id, else the file name; files of the same
                                  name in the language folders are one concept
================================  ==========================================================

The subfolder names are the language tags (``bn``, ``ar``, ``zh-cn`` → ``zh-CN``); files
directly in the folder are English. Template shortcodes (``{{< glossary_tooltip … >}}``)
are reduced to their text. Front matter is read with the safe YAML loader only: a YAML tag
that would build an object (``!!python/object``) is refused as invalid, with its line.

What is not a term file is left out and reported, one warning per kind with the count and
the first names: files that are not Markdown, Markdown files without front matter or empty,
section pages (``index.md``, ``_index.md``: Hugo's page of the glossary itself) and
subfolders that are not named by a language tag.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from glossary_cli.errors import GlossError, ParseError, ParseWarning
from glossary_cli.formats._common import clean, decode, digest, glossary_of
from glossary_cli.formats.markdown import SHORTCODE
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Term
from glossary_cli.tags import canonical_tag, is_language_tag

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
    for count, file in enumerate(_markdown_files(path)):
        if count > 20:
            break
        with file.open("rb") as fh:
            if fh.read(8).removeprefix(b"\xef\xbb\xbf").startswith(b"---"):
                return True
    return False


def _markdown_files(path: Path, skipped: dict[str, list[str]] | None = None) -> list[Path]:
    """The Markdown files of ``path`` and of its subfolders; what else they hold is added
    to ``skipped`` (reason → names)."""
    files: list[Path] = []
    for folder in (path, *sorted(p for p in path.iterdir() if p.is_dir())):
        if folder.name.startswith(".") and folder != path:
            continue
        for p in sorted(folder.iterdir()):
            if p.name.startswith(".") or (p.is_dir() and folder == path):
                continue
            if p.suffix.lower() in _SUFFIXES and p.is_file():
                files.append(p)
            elif skipped is not None:
                reason = "folders inside a language folder" if p.is_dir() else "not Markdown"
                skipped.setdefault(reason, []).append(p.relative_to(path).as_posix())
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


def read_folder(path: Path) -> Glossary:
    """Read a term folder (see the module docstring).

    Returns:
        One concept per file name, a section per language folder that has the file; every
        term names ``FOLDER/LANG/FILE.md:1`` as its source.

        Its warnings name what was skipped (see the module docstring).

    Raises:
        ParseError: no term file, more than :data:`MAX_FILES`, a file that is binary or
            not UTF-8, a file whose front matter is not valid YAML (or has YAML tags) or
            has no ``title``, with the file and line.
    """
    from markdown_it import MarkdownIt

    skipped: dict[str, list[str]] = {}
    files = _markdown_files(path, skipped)
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
    english_of: dict[str, tuple[str, str]] = {}
    for file in files:
        lang = "en" if file.parent == path else _lang_of(file.parent.name)
        relative = file.relative_to(path).as_posix()
        if lang is None:
            skipped.setdefault("not a language folder: name it by its language tag", []).append(
                file.parent.name + "/"
            )
            continue
        if file.name.lower() in _SECTION_PAGES:
            skipped.setdefault("the glossary's own page, not a term", []).append(relative)
            continue
        where = f"{path.name}/{relative}"
        found = _read_term_file(file, where, lang, parser)
        if isinstance(found, str):
            skipped.setdefault(found, []).append(relative)
            continue
        cid, section, tags, english = found
        if lang in by_id.get(cid, {}):
            raise ParseError(
                f"the id {cid!r} is given by two {lang} files (the other: "
                f"{by_id[cid][lang].terms[0].source.rsplit(':', 1)[0]})",
                path=where,
                line=1,
                hint="give each term file its own id",
            )
        by_id.setdefault(cid, {})[lang] = section
        if english and cid not in english_of:
            english_of[cid] = (english, section.terms[0].source)
        subjects.setdefault(cid, [])
        subjects[cid] += [t for t in tags if t not in subjects[cid]]
    if not by_id:
        raise ParseError(
            "no term file in this folder: gloss reads Markdown files with front matter "
            "(title, short_description), one per term",
            path=str(path),
            hint="give a folder of term files, or a glossary file",
        )
    skipped = {k: list(dict.fromkeys(v)) for k, v in skipped.items()}
    concepts = []
    for cid, sections in by_id.items():
        if "en" not in sections and cid in english_of:
            # the English equivalent a title gives, for a term the English folder lacks
            text, where = english_of[cid]
            sections["en"] = LangSection("en", (Term(text, source=where),))
        ordered = sorted(sections.values(), key=lambda s: (s.lang != "en", s.lang))
        concepts.append(
            Concept(
                id=cid,
                languages=tuple(ordered),
                subject_fields=tuple(subjects[cid]),
                provenance=(f"{path.name}/",),
            )
        )
    glossary = glossary_of(concepts, path.name, path.name, digest(str(sorted(by_id)).encode()))
    return glossary._replace(warnings=_skipped_warnings(path, skipped))


def _lang_of(name: str) -> str | None:
    """A language folder's tag (``zh-cn`` → ``zh-CN``), or None for another folder."""
    tag = name.replace("_", "-")
    return canonical_tag(tag) if is_language_tag(tag) else None


def _read_term_file(
    file: Path, where: str, lang: str, parser: Any
) -> tuple[str, LangSection, list[str], str] | str:
    """One term file's id, language section, tags and English equivalent; or why it is
    no term file (empty, no front matter)."""
    from glossary_cli.formats import refuse_binary
    from glossary_cli.formats._yaml import load_yaml
    from glossary_cli.termtext import split_parenthetical

    data = file.read_bytes()
    refuse_binary(where, data)
    text = decode(data, where)
    if not text.strip():
        return "empty"
    lines = text.split("\n")
    if lines[0].strip() != "---":
        return "Markdown without front matter"
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
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
    if not isinstance(meta, dict) or not str(meta.get("title") or "").strip():
        raise ParseError(
            "the front matter has no title",
            path=where,
            line=1,
            hint="give the term as title: …",
        )
    for key, kinds in (("title", (str,)), ("id", (str, int)), ("short_description", (str,)),
                       ("aka", (list,)), ("tags", (list,))):  # fmt: skip
        value = meta.get(key)
        if value is not None and (not isinstance(value, kinds) or isinstance(value, bool)):
            raise ParseError(
                f"the front matter's {key} is a {type(value).__name__}, not "
                + (
                    " or ".join(
                        "a list" if k is list else "text" if k is str else "a number" for k in kinds
                    )
                ),
                path=where,
                line=1,
                hint=f"write {key}: as "
                + ("a list of items (- …)" if kinds == (list,) else "text"),
            )
    title = clean(str(meta["title"]))
    head, english, abbreviations = split_parenthetical(title)
    terms = [Term(head or title, source=f"{where}:2")]
    if not any(c.isalnum() for c in terms[0].text):
        raise ParseError(
            f"the title {title!r} has no term", path=where, line=1, hint="give the term as title: …"
        )
    for aka in meta.get("aka") or []:
        if isinstance(aka, str) and clean(aka) and clean(aka) != terms[0].text:
            terms.append(Term(clean(aka), source=f"{where}:2"))
    terms += [Term(a, type="abbreviation", source=f"{where}:2") for a in abbreviations]
    definition = _unshortcoded(str(meta.get("short_description") or ""))
    if not definition:
        body = "\n".join(lines[end + 1 :])[:BODY_LIMIT]
        tokens = parser.parse(body)
        paragraph = next(
            (tokens[k + 1] for k, t in enumerate(tokens) if t.type == "paragraph_open"), None
        )
        if paragraph is not None:
            definition = _unshortcoded(paragraph.content)
    definitions = (Definition(definition, f"{where}:{end + 2}", lang=lang),) if definition else ()
    section = LangSection(lang, tuple(terms), definitions)
    cid = str(meta.get("id") or file.stem).strip()
    tags = [clean(str(t)) for t in meta.get("tags") or [] if str(t).strip()]
    return cid, section, tags, (english or "") if lang != "en" else ""


def _unshortcoded(text: str) -> str:
    """Markdown text without template shortcodes (their ``text=`` kept), link targets and
    emphasis marks, as one line."""
    text = _SHORTCODE_TEXT.sub(r"\1", text)
    text = _SHORTCODE.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = re.sub(r"[*_`]{1,3}", "", text)
    return clean(text)
