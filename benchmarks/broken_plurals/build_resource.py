#!/usr/bin/env python3
"""Derive ``glossary_cli/resources/ar_broken_plurals.tsv`` from Wiktionary-derived data.

The source is English Wiktionary's Arabic noun entries as converted by UniMorph and sampled in
the CoNLL–SIGMORPHON 2017 and 2018 and SIGMORPHON 2019 shared-task data (lemma, form, UniMorph
tags, one triple a line). The full UniMorph ``ara`` table (github.com/unimorph/ara) was not
retrievable here (files of 4 MiB and more are absent from the stored snapshots), so every
Arabic file of the three shared-task repositories is read, in every version committed: the
blobs are pinned below by their git object ids.

Kept: nouns (tag ``N``) in the plural (``PL``), in a form without the article (no ``DEF``) and
not the indefinite accusative (its tanwin alif, ``كتبا``, is not part of the stem); one word
each side; harakat and tatweel removed. Dropped: regular sound plurals (the singular, or the
singular without its ة, plus ات; the singular plus ون or ين, or و/ي in the construct state),
which gloss's own rules resolve,
so the file holds what only a dictionary can give. The filter is on the letters alone, not on
gloss's code, so the output does not change when gloss's rules do.

Usage (needs ``git`` and local clones of the three repositories; no third-party package)::

    git clone https://github.com/sigmorphon/conll2017 /tmp/sig/conll2017
    git clone https://github.com/sigmorphon/conll2018 /tmp/sig/conll2018
    git clone https://github.com/sigmorphon/2019      /tmp/sig/2019
    python benchmarks/broken_plurals/build_resource.py --clones /tmp/sig \
        > glossary_cli/resources/ar_broken_plurals.tsv
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from glossary_cli.normalize import fold  # noqa: E402

# Every Arabic file with inflected forms, in every version committed: repository, commit, then
# path and git blob id of each file.
SOURCES_TEXT = """
conll2017 519bb1677a7c747b3863d37069ffd395062288d8
    all/task1/arabic-train-high 8a3ebde352e30fddaa4357e0cfddadcb21d0b7f0
    all/task1/arabic-train-medium 6761597168bdecea9a6813ee442267822f4d3449
    all/task1/arabic-train-low c8e2ed2e1542c78576d099ad50337f046be4ee15
    all/task1/arabic-dev 7daf9328de14a0552dbec9114d157702eb6a51fb
    answers/task1/arabic-uncovered-test bbfa50013a66652d487b4af7185a172043cc6ece
    all/task2/arabic-train-high a3d87a049472b805021b35746efe1cc1f926d108
    all/task2/arabic-train-medium b8ed6c5da6e2d8cdf2181bcad12b20e42dee8174
    all/task2/arabic-train-low c9a36d7f0be94e8770f626f686e0c29a04f7db7f
    all/task2/arabic-uncovered-dev 19066078174a0c913308722252227bb7cab8a392
    answers/task2/arabic-uncovered-test 41b055e39a3d72c1d9332f200c3e131410ab5098
conll2018 68e3f7fdb1543976aab543f4d81450cc4ba98228
    task1/all/arabic-train-high d14edc78e2428b60e82bfff7ea055d6301d37246
    task1/all/arabic-train-medium 5508ee24a2bbb3b77392eecfc0b722f4a16f23e9
    task1/all/arabic-train-low e88ce06f3f3545d0310c8a629465ca0d4118f19e
    task1/all/arabic-dev fdbd746675c6e3089d9abdebc22d525b955337be
conll2018 26b923bbfa0a20894cbe5bc1227989d7d0829115
    task1/all/arabic-test 59de2144ebd0ebb4bff7bee611e1507ef4170d49
conll2018 490e2e0693241f708670d9d1c56803b754fab7cd
    task1/all/arabic-train-high 6996a9b9891ee6778938fde75f3ded32e06218e4
    task1/all/arabic-train-medium 913db073e90ff2f8a6ae9a8eb3eeead6ad44b038
    task1/all/arabic-train-low aac2d80f92756a7143dc71575982b75eded1a699
    task1/all/arabic-dev 389f409bfe8079608bd5bca5b1d80367c97eaad9
    task1/all/arabic-test 96c0f9646b53a78ccf5a54b3ea4a9d801e078abc
2019 8e6abdb405492cf2f92ad93adbe37e9a2d3afc2d
    task1/arabic--classical-syriac/arabic-train-high 7a020ee164d10457f096797ece7994bb4893140f
"""


def sources() -> list[tuple[str, str, str, str]]:
    """(repository, commit, path, blob) of each file of :data:`SOURCES_TEXT`."""
    out, head = [], ("", "")
    for line in SOURCES_TEXT.strip().splitlines():
        first, second = line.split()
        if line.startswith(" "):
            out.append((*head, first, second))
        else:
            head = (first, second)
    return out


HARAKAT = re.compile("[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06ed\u0640]")
ARABIC_WORD = re.compile("[\u0621-\u064a\u0671]+")


def undiacritize(text: str) -> str:
    return HARAKAT.sub("", text).strip()


def clone_dir(root: Path, name: str) -> Path:
    """A clone under ``root``: ``root/NAME`` or the mirror layout ``root/sigmorphon+NAME/repo``."""
    for cand in (root / name, root / f"sigmorphon+{name}" / "repo"):
        if cand.exists():
            return cand
    raise SystemExit(f"no clone of sigmorphon/{name} under {root}")


def read_pairs(root: Path) -> dict[tuple[str, str], list[str]]:
    """(singular, plural) → the source files that give it."""
    pairs: dict[tuple[str, str], list[str]] = {}
    for name, commit, path, blob in sources():
        text = subprocess.run(
            ["git", "-C", str(clone_dir(root, name)), "cat-file", "-p", blob],
            capture_output=True, check=True, text=True,
        ).stdout  # fmt: skip
        for line in text.splitlines():
            cells = line.split("\t")
            if len(cells) != 3:
                continue
            lemma, form, tags = cells
            tag = set(tags.split(";"))
            if "N" not in tag or "PL" not in tag or "DEF" in tag:
                continue
            if "ACC" in tag and ({"NDEF", "INDF"} & tag):
                continue
            singular, plural = undiacritize(lemma), undiacritize(form)
            if not ARABIC_WORD.fullmatch(singular) or not ARABIC_WORD.fullmatch(plural):
                continue
            pairs.setdefault((singular, plural), []).append(f"{name}@{commit[:10]}:{path}")
    return pairs


def regular_sound(singular: str, plural: str) -> bool:
    """The plural is the singular (or the singular without its ة) plus ات, or plus ون/ين (و/ي
    in the construct state: مبرمجو البرامج)."""
    bases = {singular, singular[:-1]} if singular.endswith("ة") else {singular}
    if any(plural == b + "ات" for b in bases):
        return True
    return plural in (singular + "ون", singular + "ين", singular + "و", singular + "ي")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--clones",
        type=Path,
        default=Path("/work/.mirror"),
        help="folder holding clones of sigmorphon/conll2017, conll2018 and 2019",
    )
    args = ap.parse_args()
    pairs = read_pairs(args.clones)
    kept, by_rules = [], 0
    for singular, plural in pairs:
        if fold(singular) == fold(plural):
            continue
        if regular_sound(singular, plural):
            by_rules += 1
            continue
        kept.append((singular, plural))
    kept.sort()
    out = sys.stdout
    out.write(HEADER.format(n=len(kept), singulars=len({s for s, _ in kept}), by_rules=by_rules))
    for singular, plural in kept:
        out.write(f"{singular}\t{plural}\n")


HEADER = """\
# Arabic broken plurals for gloss: singular<TAB>plural, one pair a line
# ({n} pairs, {singulars} singulars).
# Nouns only; undiacritized (harakat, tanwin, shadda and tatweel removed), letters as written
# (hamza seats, alef maksura and ta marbuta kept: gloss folds them when it reads the file).
#
# Source: English Wiktionary (https://en.wiktionary.org), Arabic noun entries, as converted to
# inflection tables by the UniMorph project (https://unimorph.github.io, github.com/unimorph/ara)
# and sampled in the shared-task data of CoNLL-SIGMORPHON 2017 (github.com/sigmorphon/conll2017
# @ 519bb1677a7c747b3863d37069ffd395062288d8), CoNLL-SIGMORPHON 2018 (github.com/sigmorphon/
# conll2018 @ 68e3f7fdb154, 26b923bbfa0a, 490e2e0693241f708670d9d1c56803b754fab7cd) and
# SIGMORPHON 2019 (github.com/sigmorphon/2019 @ 8e6abdb405492cf2f92ad93adbe37e9a2d3afc2d): the
# Arabic task-1/task-2 train, dev and answer files; benchmarks/broken_plurals/build_resource.py
# pins each file by its git blob id.
# Licence: Creative Commons Attribution-ShareAlike 3.0 (CC BY-SA 3.0,
# https://creativecommons.org/licenses/by-sa/3.0/), the licence of Wiktionary's text and of the
# UniMorph data derived from it. Attribution: Wiktionary contributors; UniMorph and the
# CoNLL-SIGMORPHON shared-task organisers. This file is separate data under CC BY-SA 3.0 (any
# adaptation of it must keep that licence); it is not covered by gloss's MIT licence.
#
# Changes made (CC BY-SA 3.0 §4(b)): from the (lemma, form, tags) triples, kept nouns (tag N) in
# the plural (PL) in a form without the article and not in the indefinite accusative; one word
# each side; diacritics removed; {by_rules} regular sound plurals (singular or singular without ة
# + ات, singular + ون/ين/و/ي: gloss's own rules resolve them) dropped; duplicates merged; sorted.
# Made by
# benchmarks/broken_plurals/build_resource.py; measured in benchmarks/broken_plurals/REPORT.md.
# Known limits: a sample (not all of Wiktionary), few technical terms; some plurals are also
# other words when written without vowels (فكر, أجر, ظلم, رجل), and Wiktionary's tables carry a
# few dubious entries (حياء/أحياء).
"""

if __name__ == "__main__":
    main()
