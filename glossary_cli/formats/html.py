"""One self-contained HTML page of the glossary, to read in any browser, offline: its CSS and
a small script are inline, it loads nothing (no font, no script, no image).

The page is ``<html lang="en">`` with an ``<article>`` per concept: a heading (the English
headword, else the concept's first term, in its language) and a ``<dl>`` whose ``<dt>`` names
each language and whose ``<dd>`` holds, in that language (``lang="bn"``; ``lang="ar"
dir="rtl"`` for a right-to-left script), the language's terms with their type and status,
then its definitions; then the concept's own definitions, notes and cross-references.

Without script everything is shown. With it, a labelled search box (``<input
type="search">``) filters the concepts as one types: a concept is shown when one of its terms,
in any language, contains the query, compared case-insensitively, after Unicode compatibility
decomposition and without combining marks, Arabic harakat and tatweel (so ``lora`` finds
``LoRA``, ``ا`` finds ``أ``, and a query without vowel marks finds a term written with them).
A live region (``aria-live="polite"``) says how many concepts are shown.

Every text is escaped with :func:`html.escape` (quotes included): a term is never markup.
"""

from __future__ import annotations

import io
from html import escape
from typing import BinaryIO

from glossary_cli.formats._markup import (
    DEFAULT_TITLE,
    exported_sections,
    headword,
    lang_attrs,
    refuse_controls,
    term_labels,
    texts,
)
from glossary_cli.formats._markup import left_out as left_out
from glossary_cli.model import Concept, Glossary
from glossary_cli.tags import language_name

_STYLE = """
:root{color-scheme:light dark;--muted:#5b5b66;--line:#d0d0d7;--accent:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--muted:#a8a8b3;--line:#3a3a44;--accent:#93b4ff}}
*{box-sizing:border-box}
body{margin:0 auto;max-width:60rem;padding:1rem;line-height:1.5;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Bengali",
"Noto Sans Arabic",sans-serif}
h1{font-size:1.6rem;margin:.2rem 0}
header p{margin:.2rem 0;color:var(--muted)}
form{margin:.8rem 0 .3rem}
label{display:block;font-weight:600;margin-bottom:.2rem}
input[type=search]{width:100%;font:inherit;padding:.45rem .6rem;border:2px solid var(--line);
border-radius:.4rem}
input[type=search]:focus{outline:3px solid var(--accent);outline-offset:1px}
article{border-top:1px solid var(--line);padding:.6rem 0}
article h2{font-size:1.25rem;margin:.2rem 0 .4rem}
dl{display:grid;grid-template-columns:8rem 1fr;gap:.3rem 1rem;margin:0}
dt{font-weight:600;color:var(--muted)}
dd{margin:0}
dd ul{list-style:none;margin:0;padding:0}
dd li{display:inline}
dd li+li::before{content:" · ";color:var(--muted)}
.term{font-weight:600}
small{color:var(--muted)}
dd p,.extra p{margin:.2rem 0}
.extra{margin-top:.4rem;color:var(--muted)}
@media (max-width:36rem){dl{grid-template-columns:1fr}dt{margin-top:.4rem}}
"""

# The filter (see the module docstring); ES5, so that any browser runs it.
_SCRIPT = r"""
(function () {
  var q = document.getElementById("q"), shown = document.getElementById("shown");
  var all = [].slice.call(document.querySelectorAll("article"));
  var marks = /[\u0300-\u036f\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g;
  function fold(s) { return s.normalize("NFKD").replace(marks, "").toLowerCase(); }
  var keys = all.map(function (a) {
    return [].map.call(a.querySelectorAll(".term"), function (t) { return fold(t.textContent); });
  });
  document.getElementById("search").hidden = false;
  q.addEventListener("input", function () {
    var w = fold(q.value.trim()), n = 0;
    all.forEach(function (a, i) {
      var on = !w || keys[i].some(function (k) { return k.indexOf(w) >= 0; });
      a.hidden = !on;
      if (on) n++;
    });
    shown.textContent = w ? n + " of " + all.length + " concepts shown" : all.length + " concepts";
  });
})();
"""


def _terms_html(concept: Concept) -> str:
    parts = []
    for section, terms in exported_sections(concept):
        attrs = lang_attrs(section.lang)
        parts.append(f"<dt>{escape(language_name(section.lang))}</dt><dd{attrs}><ul>")
        for term in terms:
            labels = term_labels(term)
            small = f' <small lang="en">({escape(", ".join(labels))})</small>' if labels else ""
            parts.append(f'<li><span class="term">{escape(term.text)}</span>{small}</li>')
        parts.append("</ul>")
        parts += [f"<p>{escape(d.text)}</p>" for d in section.all_definitions()]
        parts.append("</dd>")
    return "".join(parts)


def _extra_html(concept: Concept) -> str:
    parts = [
        f"<p{lang_attrs(d.lang) if d.lang else ''}>{escape(d.text)}</p>"
        for d in concept.definitions
    ]
    parts += [f"<p>Note: {escape(note)}</p>" for note in concept.notes]
    if concept.xrefs:
        parts.append("<p>See also: " + ", ".join(escape(x.text) for x in concept.xrefs) + "</p>")
    return f'<div class="extra">{"".join(parts)}</div>' if parts else ""


def _article(concept: Concept) -> str:
    head = headword(concept)
    assert head is not None
    text, lang = head
    return (
        f'<article id="{escape("c-" + concept.id)}">'
        f"<h2{lang_attrs(lang)}>{escape(text)}</h2>"
        f"<dl>{_terms_html(concept)}</dl>{_extra_html(concept)}</article>\n"
    )


def write(glossary: Glossary, *, title: str = DEFAULT_TITLE) -> bytes:
    """The bytes :func:`write_to` writes (the same arguments and errors)."""
    out = io.BytesIO()
    write_to(glossary, out, title=title)
    return out.getvalue()


def write_to(glossary: Glossary, out: BinaryIO, *, title: str = DEFAULT_TITLE) -> None:
    """Write ``glossary`` to ``out`` as one HTML page (see the module docstring), an article
    at a time: the concepts are iterated twice, once for the header's count and languages
    (and the check of every text), once for the articles.

    Args:
        glossary: the concepts; one with no exported term is left out.
        out: a binary file; the page is UTF-8 HTML5, the same bytes for the same input.
        title: the page's ``<title>`` and heading.

    Raises:
        RecordError: a text holds a control character (before the first byte is written).
    """
    total = 0
    languages: dict[str, None] = {}
    for concept in glossary.concepts:
        if headword(concept) is None:
            continue
        refuse_controls(concept, texts(concept))
        total += 1
        languages.update((s.lang, None) for s, _ in exported_sections(concept))
    names = ", ".join(language_name(lang) for lang in languages)
    count = f"{total} concepts"
    head = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{escape(title)}</title>\n<style>{_STYLE}</style>\n</head>\n<body>\n"
        f"<header>\n<h1>{escape(title)}</h1>\n<p>{escape(count)} in {escape(names)}</p>\n"
        '<form id="search" role="search" hidden onsubmit="return false">\n'
        '<label for="q">Find a term, in any language</label>\n'
        '<input type="search" id="q" dir="auto" autocomplete="off" spellcheck="false" '
        'aria-controls="concepts">\n</form>\n'
        f'<p id="shown" aria-live="polite">{escape(count)}</p>\n</header>\n'
        '<main id="concepts">\n'
    )
    out.write(head.encode("utf-8"))
    for concept in glossary.concepts:
        if headword(concept) is not None:
            out.write(_article(concept).encode("utf-8"))
    out.write(f"</main>\n<script>{_SCRIPT}</script>\n</body>\n</html>\n".encode())
