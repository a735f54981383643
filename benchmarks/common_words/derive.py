"""Derive gloss's common-word lists from wordfreq, and measure them against real glossaries.

A one-word glossary term that is also an everyday word of its language (Arabic الخطوة, "the
step" as well as "stride"; English "model") is found by ``gloss scan`` wherever the word
occurs. The lists written here name such words, so that those occurrences can be flagged. See
``REPORT.md`` beside this file for the measurements and the choice of N.

Three commands. The first two need wordfreq, which gloss does not depend on, so they run in a
throw-away virtual environment; the third needs gloss (its folding and its readers), so it runs
in the project's environment::

    python3 -m venv /tmp/wf && /tmp/wf/bin/pip install wordfreq==3.1.1

    # 1. the shipped lists: glossary_cli/resources/common_words/LANG.txt
    /tmp/wf/bin/python benchmarks/common_words/derive.py lists --n 5000

    # 2. ranked candidates with their Zipf frequencies, for measuring (not shipped)
    /tmp/wf/bin/python benchmarks/common_words/derive.py candidates --max 20000 \\
        --out /tmp/cw-candidates

    # 3. how many one-word terms of the bundled glossary and two real glossaries each N would
    #    flag, and which (Markdown, as pasted into REPORT.md)
    .venv/bin/python benchmarks/common_words/derive.py measure --candidates /tmp/cw-candidates

How a list is made (``ranked``): wordfreq's ``best`` word list of the language (``large`` where
it exists, else ``small``) in its own order, most frequent first; each word as wordfreq stores
it, that is after wordfreq's own tokenization and normalization (NFKC, or NFC for Latin, Greek
and Cyrillic; case folding; in Arabic-script and Hebrew languages every nonspacing mark, so the
harakat, shadda, sukun and superscript alef, and the tatweel removed; Arabic clitics and the
article ال left attached, so الخطوة and خطوة are two words). Format characters (ZWJ, ZWNJ) are
removed, as gloss's folding removes them, and a word is kept only if it is then made of letters
and marks of the language's script (no digits, punctuation, apostrophes or other scripts). The
list is the first N words, cut back to a frequency-bucket boundary: wordfreq stores frequencies
in buckets of 0.01 Zipf and orders the words of a bucket alphabetically, so a cut inside a bucket
would keep words by their spelling; a list therefore has at most N words, and its header gives the
Zipf frequency of its last bucket.
"""

from __future__ import annotations

import argparse
import math
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "glossary_cli" / "resources" / "common_words"

# The languages gloss is about, then the others of the test corpus (tests/corpus) that wordfreq
# covers with a tokenizer gloss's word splitting agrees with (no Chinese, Japanese or Korean:
# wordfreq segments them with jieba or MeCab, gloss does not).
LANGS = ("ar", "bn", "en", "fa", "ur", "hi", "ru", "el", "de", "fr", "pl")
MEASURED = ("ar", "bn", "en")
NS = (2000, 5000, 10000, 20000)
# The N chosen by measurement (REPORT.md): deeper in Arabic and Bengali, whose base forms share
# a word's frequency with clitic or inflected forms; the other languages are not measured and
# take English's N.
CHOSEN = {"en": 5000, "ar": 10000, "bn": 10000}
DEFAULT_N = 5000

# Examples the task names: rank and Zipf of each in its list are printed by `measure`.
PROBES = {
    "ar": ("الخطوة", "خطوة", "الحالة", "حالة", "النموذج", "نموذج"),
    "bn": ("রিসোর্স", "মডেল", "স্টেট", "অবস্থা"),
    "en": ("model", "state", "step", "resource"),
}

# The glossaries measured: the bundled records, and two real glossaries of the test corpus;
# with --extra, every other Bengali or Arabic glossary of tests/corpus/markdown too.
MARKDOWN = ROOT / "tests" / "corpus" / "markdown"
GLOSSARIES = (
    ("bundled (data/concepts.yaml)", ROOT / "data"),
    ("transformers-ar-glossary.md", MARKDOWN / "transformers-ar-glossary.md"),
    ("opentelemetry-bn-glossary.md", MARKDOWN / "opentelemetry-bn-glossary.md"),
)
EXTRA = tuple(
    (name, MARKDOWN / name)
    for name in (
        "algobangla-CONTRIBUTING.md",
        "ciris-bn_glossary.md",
        "folders/k8s-bn",
        "astro-docs-ar-README.md",
        "ciris-ar_glossary.md",
        "gobyexample-ar-GLOSSARY.md",
        "onetimesecret-ar-glossary.md",
        "r-devel-arabic-specific-translations.md",
    )
)

# Credits the data's licences ask for, by language (wordfreq's README, "License"; its NOTICE.md
# asks that the author be credited as Robyn Speer). SUBTLEX lists are in en, de, nl and zh.
SUBTLEX = {"en": "SUBTLEX-US and SUBTLEX-UK", "de": "SUBTLEX-DE", "nl": "SUBTLEX-NL"}


class Ranked(NamedTuple):
    word: str
    zipf: float


# --- making the lists (needs wordfreq) --------------------------------------------------------


def _wordfreq() -> Any:
    try:
        import wordfreq
    except ImportError:
        sys.exit(
            "this command needs wordfreq: python3 -m venv /tmp/wf && "
            "/tmp/wf/bin/pip install wordfreq, then run it with /tmp/wf/bin/python"
        )
    return wordfreq


def wordfreq_version() -> str:
    from importlib.metadata import version

    return version("wordfreq")


def _keep(word: str, script: str) -> str | None:
    """``word`` without format characters, if it is letters and marks of ``script``."""
    import regex  # wordfreq's own dependency

    word = "".join(ch for ch in word if unicodedata.category(ch) != "Cf")
    if not word:
        return None
    if not regex.fullmatch(r"[\p{L}\p{M}]+", word):
        return None
    if not regex.fullmatch(rf"[\p{{Script={script}}}\p{{Script=Zinh}}]+", word):
        return None
    return word


def ranked(lang: str, limit: int) -> Iterator[Ranked]:
    """The words of wordfreq's ``best`` list for ``lang`` that :func:`_keep` keeps, most
    frequent first, with their Zipf frequencies; ``limit`` kept words at most."""
    wf = _wordfreq()
    from wordfreq.language_info import get_language_info

    script = get_language_info(lang)["script"]
    freqs = wf.get_frequency_dict(lang)
    seen: set[str] = set()
    for word in wf.iter_wordlist(lang):
        if len(seen) >= limit:
            return
        kept = _keep(word, script)
        if kept is None or kept in seen:
            continue
        seen.add(kept)
        yield Ranked(kept, round(math.log10(freqs[word]) + 9, 2))


def cut(words: Sequence[Ranked], n: int) -> list[Ranked]:
    """The first ``n`` words, less the words of a frequency bucket that the cut would split."""
    head = list(words[:n])
    if len(words) > n:
        edge = words[n].zipf
        while head and head[-1].zipf == edge:
            head.pop()
    return head


def header(lang: str, n: int, words: Sequence[Ranked]) -> list[str]:
    from wordfreq.language_info import get_language_info

    wf = _wordfreq()
    which = Path(wf.available_languages()[lang]).name.split("_")[0]
    info = get_language_info(lang)
    norm = f"{info['normal_form']}, case folding"
    if info["remove_marks"]:
        norm += (
            "; every nonspacing mark (Arabic harakat, tanwin, shadda, sukun, superscript alef)"
            " and the tatweel removed; hamza and madda letters (أ إ آ ؤ ئ), teh marbuta and"
            " alef maksura kept as written"
        )
    nukta = {"Beng": "য় ড় ঢ়", "Deva": "क़ ज़ ड़"}.get(info["script"])
    if nukta:
        norm += f"; NFKC writes each nukta letter ({nukta} …) as its letter and the nukta sign"
    if lang == "ar":
        norm += (
            "; the article ال and the clitics و ف ب ل ك are not split off (الخطوة, خطوة and"
            " والخطوة are three words)"
        )
    lines = [
        f"gloss common-word list: {lang}",
        f"{len(words)} words, one a line, most frequent first: the top N = {n} of wordfreq"
        f" {wordfreq_version()}'s '{which}' {lang} list, cut back to a frequency-bucket"
        f" boundary (the last bucket is Zipf {words[-1].zipf:.2f}; Zipf = log10 of the"
        " frequency per billion words).",
        f"N = {n}: "
        + (
            "chosen by measurement against real glossaries (REPORT.md)."
            if lang in CHOSEN
            else "not measured for this language; English's N."
        ),
        "Source: wordfreq by Robyn Speer, https://github.com/rspeer/wordfreq (Zenodo DOI"
        " 10.5281/zenodo.7199437); its data were compiled by Exquisite Corpus from Wikipedia,"
        " OPUS OpenSubtitles 2018, news, OSCAR web text, Twitter, Reddit and Google Books as"
        " available for the language (wordfreq's README lists them).",
        "Contains data from OPUS OpenSubtitles 2018 (http://opus.nlpl.eu/OpenSubtitles.php),"
        " which originates from the OpenSubtitles project (http://www.opensubtitles.org/).",
    ]
    if lang in SUBTLEX:
        lines.append(
            f"Contains data from {SUBTLEX[lang]} by Marc Brysbaert et al., freely available"
            " data (http://crr.ugent.be/programs-data/subtitle-frequencies)."
        )
    lines += [
        "Licence: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/), the licence"
        " of wordfreq's data; this list is adapted from it (selected, filtered, cut) and is"
        " shared under the same licence. gloss's code is MIT; this file is not.",
        f"Normalization (wordfreq's own, unchanged): {norm}.",
        "Filter: format characters (ZWJ, ZWNJ) removed; only words of letters and marks of the"
        f" {info['script']} script kept (no digits, punctuation, apostrophes, other scripts).",
        "Use: fold each line and each term as gloss folds text (glossary_cli.normalize.fold)"
        " before comparing (folding may merge lines: Arabic alef forms, teh marbuta…).",
        "Made by benchmarks/common_words/derive.py lists (its docstring says how to run it);"
        " see benchmarks/common_words/REPORT.md.",
    ]
    return ["# " + line for line in lines]


def cmd_lists(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    total = 0
    for lang in args.langs.split(","):
        n = args.n or CHOSEN.get(lang, DEFAULT_N)
        words = cut(list(ranked(lang, n + 1)), n)
        text = "\n".join([*header(lang, n, words), *(w.word for w in words)]) + "\n"
        path = out / f"{lang}.txt"
        path.write_text(text, encoding="utf-8")
        size = path.stat().st_size
        total += size
        print(f"{path}: {len(words)} words, Zipf >= {words[-1].zipf:.2f}, {size:,} bytes")
    print(f"total {total:,} bytes")


def cmd_candidates(args: argparse.Namespace) -> None:
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for lang in args.langs.split(","):
        words = list(ranked(lang, args.max + 1))
        lines = [f"# wordfreq {wordfreq_version()} {lang}: word<TAB>Zipf, ranked"]
        lines += [f"{w.word}\t{w.zipf:.2f}" for w in words]
        (out / f"{lang}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{out / lang}.tsv: {len(words)} words")


# --- measuring (needs gloss) ------------------------------------------------------------------


class OneWord(NamedTuple):
    glossary: str
    lang: str
    term: str
    key: str  # gloss's fold of the term
    concept: str
    note: str  # term type or role, if any


def read_candidates(folder: Path, lang: str) -> list[Ranked]:
    words = []
    for line in (folder / f"{lang}.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            word, zipf = line.split("\t")
            words.append(Ranked(word, float(zipf)))
    return words


def one_word_terms(glossaries: Sequence[tuple[str, Path]]) -> list[OneWord]:
    """The one-word terms (one word once folded) in ar, bn and en of each glossary."""
    sys.path.insert(0, str(ROOT))
    from glossary_cli import formats
    from glossary_cli.formats.folder import read_folder
    from glossary_cli.normalize import fold, words
    from glossary_cli.store import read_records

    found: list[OneWord] = []
    for label, path in glossaries:
        if path == ROOT / "data":
            glossary = read_records(path)
        elif path.is_dir():
            glossary = read_folder(path)
        else:
            data = path.read_bytes()
            glossary = formats.detect(path.name, data).read(data, path.name)
        seen: set[tuple[str, str]] = set()
        for concept in glossary.concepts:
            for section in concept.languages:
                if section.lang not in MEASURED:
                    continue
                for term in section.terms:
                    key = fold(term.text)
                    if len(words(key)) != 1 or (section.lang, key) in seen:
                        continue
                    seen.add((section.lang, key))
                    note = ", ".join(x for x in (term.type, term.role) if x)
                    found.append(OneWord(label, section.lang, term.text, key, concept.id, note))
    return found


class Lists:
    """The candidate lists of ar, bn and en, and where each N cuts them."""

    def __init__(self, folder: Path, ns: Sequence[int]) -> None:
        from glossary_cli.normalize import fold

        self.words = {lang: read_candidates(folder, lang) for lang in MEASURED}
        # the rank of a folded key: that of the most frequent line that folds to it
        self.rank: dict[str, dict[str, tuple[int, float]]] = {}
        for lang, ranked_words in self.words.items():
            table: dict[str, tuple[int, float]] = {}
            for i, w in enumerate(ranked_words, 1):
                table.setdefault(fold(w.word), (i, w.zipf))
            self.rank[lang] = table
        self.size = {(lang, n): len(cut(self.words[lang], n)) for lang in MEASURED for n in ns}
        for lang, n in CHOSEN.items():
            self.size[(lang, 0)] = len(cut(self.words[lang], n))

    def hit(self, lang: str, key: str) -> tuple[int, float] | None:
        return self.rank[lang].get(key)

    def flagged(self, lang: str, key: str, n: int) -> bool:
        """Whether ``key`` is in the top ``n`` of ``lang`` (``n`` 0: the chosen N)."""
        hit = self.hit(lang, key)
        return hit is not None and hit[0] <= self.size[(lang, n)]


def _n_name(n: int) -> str:
    return f"N={n}" if n else "chosen (" + ", ".join(f"{k} {v}" for k, v in CHOSEN.items()) + ")"


def _cell(hit: tuple[int, float] | None, total: int) -> str:
    return f"{hit[0]} | {hit[1]:.2f}" if hit else f"not in top {total - 1} | —"


def cmd_measure(args: argparse.Namespace) -> None:
    sys.path.insert(0, str(ROOT))
    from glossary_cli.normalize import fold

    ns = [int(n) for n in args.ns.split(",")]
    show = [0 if n == "chosen" else int(n) for n in args.show.split(",")] if args.show else []
    lists = Lists(Path(args.candidates), ns)
    glossaries = GLOSSARIES + (EXTRA if args.extra else ())

    print("### Where each N cuts\n")
    print("| lang | " + " | ".join(f"N={n}" for n in ns) + " |")
    print("| --- | " + " | ".join("--:" for _ in ns) + " |")
    for lang in MEASURED:
        cells = []
        for n in ns:
            k = lists.size[(lang, n)]
            cells.append(f"{k} words, Zipf ≥ {lists.words[lang][k - 1].zipf:.2f}")
        print(f"| {lang} | " + " | ".join(cells) + " |")

    print("\n### The task's examples: rank (after filtering) and Zipf\n")
    print("| lang | word | rank | Zipf |")
    print("| --- | --- | --: | --: |")
    for lang, probes in PROBES.items():
        for word in probes:
            cell = _cell(lists.hit(lang, fold(word)), len(lists.words[lang]))
            print(f"| {lang} | {word} | {cell} |")

    terms = one_word_terms(glossaries)
    print("\n### One-word terms flagged, by N\n")
    columns = " | ".join(f"N={n}" for n in ns)
    print(f"| glossary | lang | one-word terms | {columns} | chosen |")
    print("| --- | --- | --: | " + " | ".join("--:" for _ in ns) + " | --: |")
    for label, _ in glossaries:
        for lang in MEASURED:
            mine = [t for t in terms if t.glossary == label and t.lang == lang]
            if not mine:
                continue
            cells = []
            for n in [*ns, 0]:
                flagged = sum(1 for t in mine if lists.flagged(lang, t.key, n))
                cells.append(f"{flagged} ({100 * flagged / len(mine):.0f}%)")
            print(f"| {label} | {lang} | {len(mine)} | " + " | ".join(cells) + " |")

    # Cross-language agreement: a concept with a one-word English term and a one-word term in
    # LANG; is the pair flagged alike, with English at --en-n and LANG at each N?
    en_n = args.en_n
    print(f"\n### Concepts flagged alike in English (N={en_n}) and in bn or ar (each N)\n")
    print("Pairs: a concept with a one-word term in both. Cells: both / English only /")
    print("the other language only / neither.\n")
    print("| lang | pairs | " + " | ".join(f"N={n}" for n in ns) + " |")
    print("| --- | --: | " + " | ".join("--:" for _ in ns) + " |")
    for lang in ("bn", "ar"):
        pairs = []
        for label, _ in glossaries:
            by_concept: dict[str, dict[str, list[str]]] = {}
            for t in terms:
                if t.glossary == label:
                    by_concept.setdefault(t.concept, {}).setdefault(t.lang, []).append(t.key)
            for langs in by_concept.values():
                if "en" in langs and lang in langs:
                    pairs.append((langs["en"], langs[lang]))
        if not pairs:
            continue
        cells = []
        for n in ns:
            counts = [0, 0, 0, 0]
            for en_keys, keys in pairs:
                e = any(lists.flagged("en", k, en_n) for k in en_keys)
                o = any(lists.flagged(lang, k, n) for k in keys)
                counts[(0 if o else 1) if e else (2 if o else 3)] += 1
            cells.append(" / ".join(str(c) for c in counts))
        print(f"| {lang} | {len(pairs)} | " + " | ".join(cells) + " |")

    listed = [g for g, _ in (glossaries if args.extra_lists else GLOSSARIES)]
    for n in show:
        print(f"\n### Flagged at {_n_name(n)}\n")
        print("| glossary | lang | term | concept | rank | Zipf | note |")
        print("| --- | --- | --- | --- | --: | --: | --- |")
        for t in terms:
            hit = lists.hit(t.lang, t.key)
            if t.glossary in listed and hit and lists.flagged(t.lang, t.key, n):
                print(
                    f"| {t.glossary} | {t.lang} | {t.term} | {t.concept} | {hit[0]} |"
                    f" {hit[1]:.2f} | {t.note} |"
                )

    if args.unflagged and show:
        n = show[-1]
        print(f"\n### One-word terms not flagged at {_n_name(n)} (rank in candidates, if any)\n")
        print("| glossary | lang | term | rank | Zipf |")
        print("| --- | --- | --- | --: | --: |")
        for t in terms:
            if t.glossary in listed and not lists.flagged(t.lang, t.key, n):
                cell = _cell(lists.hit(t.lang, t.key), len(lists.words[t.lang]))
                print(f"| {t.glossary} | {t.lang} | {t.term} | {cell} |")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    lists = sub.add_parser("lists", help="write the shipped lists (needs wordfreq)")
    lists.add_argument("--n", type=int, help="N for every language (default: CHOSEN)")
    lists.add_argument("--langs", default=",".join(LANGS))
    lists.add_argument("--out", default=str(RESOURCES))
    lists.set_defaults(run=cmd_lists)
    cand = sub.add_parser("candidates", help="write ranked word<TAB>Zipf (needs wordfreq)")
    cand.add_argument("--max", type=int, default=max(NS))
    cand.add_argument("--langs", default=",".join(MEASURED))
    cand.add_argument("--out", required=True)
    cand.set_defaults(run=cmd_candidates)
    measure = sub.add_parser("measure", help="flagged one-word terms by N (needs gloss)")
    measure.add_argument("--candidates", required=True)
    measure.add_argument("--ns", default=",".join(str(n) for n in NS))
    measure.add_argument("--show", default="chosen", help="list the flagged terms at these N")
    measure.add_argument("--unflagged", action="store_true", help="also list the others")
    measure.add_argument("--en-n", type=int, default=5000, help="English N for agreement")
    measure.add_argument("--extra", action="store_true", help="count more glossaries (EXTRA)")
    measure.add_argument("--extra-lists", action="store_true", help="and list their terms")
    measure.set_defaults(run=cmd_measure)
    args = parser.parse_args(argv)
    args.run(args)


if __name__ == "__main__":
    main()
