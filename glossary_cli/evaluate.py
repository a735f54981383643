"""Measure search accuracy on a file of cases: ``python -m glossary_cli.evaluate [CASES]``.

A cases file (``tests/matching_cases.yaml``) lists queries and the concept each must find::

    cases:
    - {kind: abbr, query: "LoRA", k: 1, expect: {lang: bn, term: "লো-র্যাঙ্ক অ্যাডাপ্টেশন"}}

A case passes when one of the top ``k`` results of ``gloss search QUERY [args]`` has an entry
in ``expect.lang`` whose term (NFC, trailing parenthetical removed) equals ``expect.term``; a
case with ``expect: {absent: true}`` passes when ``gloss show QUERY`` exits 1 (no sure match).
Only ``--lang`` is accepted in ``args``.
"""

from __future__ import annotations

import sys
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from glossary_cli.search import Searcher
from glossary_cli.termtext import split_parenthetical


@dataclass(frozen=True, slots=True)
class Outcome:
    """One case's result: the case, whether it passed, and the ids of the top ``k`` hits."""

    case: dict[str, Any]
    passed: bool
    got: tuple[str, ...]


def load_cases(path: Path) -> list[dict[str, Any]]:
    """The ``cases`` list of a cases file (safe YAML loader)."""
    from glossary_cli.store import load_yaml, read_text

    data = load_yaml(read_text(path), str(path))
    return list(data["cases"])


def _langs(args: Sequence[str]) -> tuple[str, ...]:
    from glossary_cli.tags import parse_langs

    args = list(args)
    if not args:
        return ()
    if len(args) != 2 or args[0] not in ("--lang", "-l"):
        raise ValueError(f"unsupported case args {args!r}")
    return parse_langs(args[1])


def run_case(searcher: Searcher, case: dict[str, Any]) -> Outcome:
    """Run one case (see the module docstring). A case that expects ``{absent: true}``
    passes when ``gloss show QUERY`` finds no sure match (:func:`glossary_cli.api.show`
    raises :class:`glossary_cli.errors.NotFoundError`)."""
    if case["expect"].get("absent"):
        from glossary_cli import api
        from glossary_cli.errors import NotFoundError

        try:
            shown = api.show(searcher, case["query"])
        except NotFoundError:
            return Outcome(case, True, ())
        return Outcome(case, False, (shown.concept.id,))
    k = int(case.get("k", 1))
    found = searcher.search(case["query"], langs=_langs(case.get("args", [])), limit=k)
    want_lang = case["expect"]["lang"]
    want = unicodedata.normalize("NFC", case["expect"]["term"])
    passed = False
    for hit in found:
        section = hit.concept.section(want_lang)
        terms = [t.text for t in section.terms if t.role is None] if section else []
        if any(split_parenthetical(unicodedata.normalize("NFC", t))[0] == want for t in terms):
            passed = True
    return Outcome(case, passed, tuple(hit.concept.id for hit in found))


def evaluate(searcher: Searcher, cases: Sequence[dict[str, Any]]) -> dict[str, list[Outcome]]:
    """Outcomes grouped by case kind, kinds in first-seen order."""
    out: dict[str, list[Outcome]] = defaultdict(list)
    for case in cases:
        out[case["kind"]].append(run_case(searcher, case))
    return dict(out)


def report(results: dict[str, list[Outcome]]) -> str:
    """Accuracy per kind and overall, then each failing case."""
    lines = [f"{'kind':<12} {'passed':>7} {'cases':>6} {'accuracy':>9}"]
    total = passed = 0
    for kind, outcomes in results.items():
        ok = sum(o.passed for o in outcomes)
        total += len(outcomes)
        passed += ok
        lines.append(f"{kind:<12} {ok:>7} {len(outcomes):>6} {ok / len(outcomes):>9.1%}")
    lines.append(f"{'all':<12} {passed:>7} {total:>6} {passed / max(total, 1):>9.1%}")
    failures = [o for outs in results.values() for o in outs if not o.passed]
    if failures:
        lines.append("\nfailing cases:")
        for o in failures:
            c = o.case
            want = (
                "no sure match"
                if c["expect"].get("absent")
                else f"{c['expect']['lang']}:{c['expect']['term']!r}"
            )
            lines.append(
                f"  [{c['kind']}] {c['query']!r} (k={c.get('k', 1)}) expected {want}; "
                f"got {list(o.got)}"
            )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the accuracy report; exit status 1 when any kind is below 95 %."""
    from glossary_cli import api

    argv = list(sys.argv[1:] if argv is None else argv)
    default = Path(__file__).resolve().parent.parent / "tests" / "matching_cases.yaml"
    path = Path(argv[0]) if argv else default
    results = evaluate(api.open_searcher(), load_cases(path))
    print(report(results))
    worst = min(sum(o.passed for o in outs) / len(outs) for outs in results.values())
    return 0 if worst >= 0.95 else 1


if __name__ == "__main__":
    sys.exit(main())
