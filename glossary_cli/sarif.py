"""Findings as SARIF 2.1.0, the format code scanning reads (GitHub, GitLab, VS Code's SARIF
viewer): ``gloss check``, ``gloss scan`` and ``gloss lint`` with ``--format sarif``.

The log is one ``run`` of the tool ``gloss``: its rules (one per kind of finding, each with a
short description, a help text, a link and its default level), and one ``result`` per finding
with its rule, level, message, location and a fingerprint. The rules of the format are OASIS's
(SARIF 2.1.0, errata 01: https://docs.oasis-open.org/sarif/sarif/v2.1.0/sarif-v2.1.0.html);
what GitHub reads of it is in "SARIF support for code scanning"
(https://docs.github.com/en/code-security/code-scanning/integrating-with-code-scanning/sarif-support-for-code-scanning):

- a location is the file's path relative to the working directory, as a URI reference
  (``docs/ফাইল.md`` is ``docs/%E0%A6%AB…``), with ``uriBaseId`` ``%SRCROOT%``; GitHub reads a
  relative path as relative to the root of the repository, so run gloss from there;
- a region counts lines from 1, and columns from 1 in UTF-16 code units (``columnKind``
  ``utf16CodeUnits``, SARIF §3.14.27): a Bengali or Arabic letter is one column, a character
  outside the Basic Multilingual Plane (an emoji) two; ``endColumn`` is the column after the
  last character (§3.30.5); lines end at ``\\n`` or ``\\r\\n`` (``newlineSequences``' default,
  §3.14.26) and a byte order mark is not counted (§3.30.2);
- ``partialFingerprints`` ``glossFinding/v1`` identifies a finding by its rule, file, concept,
  text and how many times the same finding came before it in the file, not by its line, so
  that an edit above it does not make it a new alert (GitHub's ``upload-sarif`` adds its own
  ``primaryLocationLineHash`` beside it).

The log is built from typed values (:class:`Rule`, :class:`Region`, :class:`Finding`,
:class:`Log`) and made a mapping for :func:`json.dumps` in one place, :func:`log_json`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

__all__ = [
    "CHECK_RULES",
    "LEVELS",
    "LINT_RULES",
    "SCAN_RULES",
    "Finding",
    "Log",
    "Region",
    "Rule",
    "check_findings",
    "finding_line",
    "home_page",
    "lint_findings",
    "log_json",
    "region_of_span",
    "scan_findings",
    "text_lines",
    "utf16_column",
]

#: The schema a log names (``$schema``): the OASIS 2.1.0 schema (errata 01), as GitHub's
#: examples name it through the JSON Schema Store.
SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
#: A result's level (SARIF §3.27.10): ``error`` fails the command (and a GitHub check),
#: ``warning`` does not, ``note`` is information.
LEVELS = ("error", "warning", "note")
#: The name of gloss's fingerprint in ``partialFingerprints`` (SARIF §3.27.17: a name ending
#: in a version, so that a new way of computing it never matches an old one).
FINGERPRINT = "glossFinding/v1"
SRCROOT = "%SRCROOT%"


@dataclass(frozen=True, slots=True)
class Rule:
    """A kind of finding: a SARIF ``reportingDescriptor`` (§3.49).

    Attributes:
        id: stable and short (``check-missing``, ``duplicate-term``).
        name: the same in UpperCamelCase, as SARIF suggests for ``name`` (§3.49.7).
        short: one sentence (``shortDescription``).
        help: what to do about it (``fullDescription`` and ``help``).
        level: ``error``, ``warning`` or ``note``: its ``defaultConfiguration.level``.
        anchor: the README section that documents it (``helpUri`` is the home page's, with
            this fragment).
    """

    id: str
    name: str
    short: str
    help: str
    level: str
    anchor: str


@dataclass(frozen=True, slots=True)
class Region:
    """Where a finding is in a text file (SARIF §3.30): lines from 1, columns from 1 in UTF-16
    code units, ``end_column`` the column after its last character. ``start_point`` is the
    start column counted in code points (from 1), as ``--format lines`` writes it; 0 when not
    known (then ``start_column`` is written)."""

    start_line: int
    start_column: int
    end_line: int
    end_column: int
    start_point: int = field(default=0, repr=False, compare=False)


@dataclass(frozen=True, slots=True)
class Finding:
    """One result (SARIF §3.27).

    Attributes:
        rule: the :class:`Rule` id.
        level: ``error``, ``warning`` or ``note``.
        message: one or two sentences, the first of which says it all (GitHub shows only the
            first when space is short).
        uri: the file, relative to the working directory, as a URI reference; ``None`` for
            standard input (then the result has no location).
        region: where in the file; ``None`` when gloss cannot say (the whole file).
        fingerprint: a stable identity (:data:`FINGERPRINT`).
    """

    rule: str
    level: str
    message: str
    uri: str | None
    region: Region | None
    fingerprint: str


@dataclass(frozen=True, slots=True)
class Log:
    """A SARIF log of one run: the rules, the findings, the tool's version and home."""

    rules: tuple[Rule, ...]
    findings: tuple[Finding, ...]
    version: str
    home: str | None = None


def _rule(id: str, short: str, help: str, level: str, anchor: str) -> Rule:
    return Rule(id, "".join(p.capitalize() for p in id.split("-")), short, help, level, anchor)


#: The rules of ``gloss check`` (:data:`glossary_cli.text.check.KINDS`): each fails the check.
CHECK_RULES = {
    "missing": _rule(
        "check-missing",
        "A glossary term of the source has none of its admitted translations in the target.",
        "Translate the term as the glossary does (any inflected form counts), or add the "
        "translation used to the glossary.",
        "error",
        "check-a-translation-held-to-the-glossary",
    ),
    "deprecated": _rule(
        "check-deprecated",
        "The translation uses a deprecated or superseded term.",
        "Use the term the glossary prefers; the message names it.",
        "error",
        "check-a-translation-held-to-the-glossary",
    ),
    "inconsistent": _rule(
        "check-inconsistent",
        "One source term is translated by different target terms across segments.",
        "Use the rendering the other segments use; the message names it.",
        "error",
        "check-a-translation-held-to-the-glossary",
    ),
    "untranslated": _rule(
        "check-untranslated",
        "The source term is left as it is where the glossary has a target-language term.",
        "Translate it, or leave this check out with --kinds if your team keeps such terms.",
        "error",
        "check-a-translation-held-to-the-glossary",
    ),
}

#: The rules of ``gloss scan``: a deprecated or superseded term, and any other glossary term.
SCAN_RULES = {
    "deprecated": _rule(
        "deprecated-term",
        "The text uses a term the glossary marks deprecated or superseded.",
        "Write the term the glossary prefers instead; the message names it.",
        "error",
        "scan-glossary-terms-in-a-text",
    ),
    "term": _rule(
        "glossary-term",
        "A glossary term occurs in the text.",
        "Information only: the message names the concept and its term.",
        "note",
        "scan-glossary-terms-in-a-text",
    ),
}


def _lint_rules() -> dict[str, Rule]:
    from glossary_cli.lint import CODES

    helps = {
        "error": "An error fails gloss lint: correct the glossary where the message says.",
        "warning": "A warning does not fail gloss lint; the message says what to check.",
    }
    return {
        code: _rule(
            code,
            f"gloss lint: {code.replace('-', ' ')}.",
            helps[severity],
            severity,
            "lint",
        )
        for code, severity in CODES.items()
    }


#: The rules of ``gloss lint``: one per check code (:data:`glossary_cli.lint.CODES`).
LINT_RULES = _lint_rules()


def home_page() -> str | None:
    """The project's home page, as the installed package's metadata gives it (``Project-URL:
    Homepage``, from ``[project.urls]`` of ``pyproject.toml``), for ``informationUri`` and the
    rules' ``helpUri``; ``None`` when the package declares none (the log then leaves them
    out: neither is required, SARIF §3.19.11 and §3.49.12)."""
    from importlib import metadata

    try:
        urls = metadata.metadata("gloss").get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    for entry in urls:
        label, _, url = entry.partition(",")
        if label.strip().casefold() in ("homepage", "home", "documentation") and url.strip():
            return str(url.strip())
    return None


def text_lines(text: str) -> list[str]:
    r"""The lines of a text as SARIF counts them (§3.30.2): a leading byte order mark left out,
    lines ended by ``\n`` or ``\r\n`` (other breaks, ``\r`` alone or U+2028, are inside a line).

    >>> text_lines("\ufeffa\r\nb\nc")
    ['a', 'b', 'c']
    >>> text_lines("a\u2028b\n")
    ['a\u2028b', '']
    """
    text = text.removeprefix("\ufeff")
    return [line.removesuffix("\r") for line in text.split("\n")]


def utf16_column(line: str, offset: int) -> int:
    """The SARIF column of the code point at ``offset`` in ``line``: 1 plus the UTF-16 code
    units before it (SARIF §3.14.27, ``utf16CodeUnits``).

    >>> utf16_column("প্রুনিংকে", 3)  # Bengali: one unit per code point
    4
    >>> utf16_column("a😀b", 2)  # an emoji is a surrogate pair
    4
    """
    return 1 + len(line[:offset].encode("utf-16-le")) // 2


def region_in_line(lines: Sequence[str], line: int, start: int, end: int) -> Region:
    """The region of code points ``start``–``end`` (``end`` exclusive) of line ``line``.

    >>> region_in_line(["x", "خليط الخبراء"], 2, 5, 12)
    Region(start_line=2, start_column=6, end_line=2, end_column=13)
    """
    text = lines[line - 1]
    return Region(line, utf16_column(text, start), line, utf16_column(text, end), start + 1)


def region_of_span(text: str, start: int, end: int) -> Region:
    """The region of code points ``start``–``end`` (``end`` exclusive) of a whole text, as
    ``gloss scan`` gives offsets (a byte order mark not counted).

    >>> region_of_span("LoRA\\r\\nমডেলের ক্ষতি", 6, 11)
    Region(start_line=2, start_column=1, end_line=2, end_column=6)
    """
    text = text.removeprefix("\ufeff")

    def where(offset: int) -> tuple[int, int]:
        before = text[:offset]
        line = before.count("\n") + 1
        begin = before.rfind("\n") + 1
        return line, offset - begin

    (line_a, col_a), (line_b, col_b) = where(start), where(end)
    lines = text_lines(text)
    return Region(
        line_a,
        utf16_column(lines[line_a - 1], col_a),
        line_b,
        utf16_column(lines[line_b - 1], col_b),
        col_a + 1,
    )


def locate(lines: Sequence[str], line: int | None, column: int | None, text: str) -> Region | None:
    """Where ``text`` is written, looked for from ``column`` of ``line`` to the end of that
    line and then on the next lines (a PO string or an XLIFF element may continue there); not
    found (an escape in the file, a term split across lines), the rest of ``line``. ``None``
    when ``line`` is unknown or past the file.

    >>> lines = ['msgid "LoRA saves memory"', 'msgstr "LoRA মেমরি বাঁচায়"']
    >>> locate(lines, 2, 7, "মেমরি")
    Region(start_line=2, start_column=14, end_line=2, end_column=19)
    >>> locate(lines, 2, 7, "")
    Region(start_line=2, start_column=8, end_line=2, end_column=28)
    """
    if line is None or not 0 < line <= len(lines):
        return None
    first = column or 0
    if text:
        for n in range(line, min(line + 20, len(lines)) + 1):
            at = lines[n - 1].find(text, first if n == line else 0)
            if at >= 0:
                return region_in_line(lines, n, at, at + len(text))
    return region_in_line(lines, line, first, len(lines[line - 1]))


def relative_uri(name: str, root: Path | None = None) -> str:
    """A file's name as a URI reference relative to ``root`` (the working directory): ``/``
    between parts, everything but unreserved characters and ``/`` percent-encoded as UTF-8
    (RFC 3986 §2); a file outside ``root`` keeps its absolute ``file://`` URI.

    >>> relative_uri("docs/মডেল.md", Path("/nowhere"))
    'docs/%E0%A6%AE%E0%A6%A1%E0%A7%87%E0%A6%B2.md'
    >>> relative_uri("/etc/a b.txt", Path("/nowhere"))
    'file:///etc/a%20b.txt'
    """
    from urllib.parse import quote

    root = Path.cwd() if root is None else root
    path = Path(name)
    if path.is_absolute():
        try:
            path = path.relative_to(root)
        except ValueError:
            return "file://" + quote(path.as_posix(), safe="/")
    return quote(path.as_posix(), safe="/")


def _fingerprint(*parts: str) -> str:
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:32]


class _Counter:
    """Numbers findings that are otherwise the same, so that each keeps its own fingerprint."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, ...], int] = {}

    def __call__(self, *parts: str) -> str:
        n = self.seen.get(parts, 0)
        self.seen[parts] = n + 1
        return _fingerprint(*parts, str(n))


def check_findings(file: str, text: str | None, issues: Iterable[Any]) -> list[Finding]:
    """The findings of ``gloss check`` in one file.

    Args:
        file: the file the issues point at (a bilingual file, or the target of a pair), as
            given; ``-`` for standard input.
        text: its text (``None``: not read; regions are then left out).
        issues: :class:`glossary_cli.text.check.CheckIssue` values; each ``line``/``column``
            says where its segment's target is written.

    Returns:
        One finding per issue: the region is what the target has instead (a deprecated term,
        the source term left as it is, the other rendering), else the target's line.
    """
    lines = text_lines(text) if text is not None else []
    uri = None if file == "-" else relative_uri(file)
    count = _Counter()
    out = []
    for issue in issues:
        rule = CHECK_RULES[issue.kind]
        message = _check_message(issue)
        region = locate(lines, issue.line, issue.column, issue.found)
        fingerprint = count(rule.id, file, issue.id, issue.source, issue.found)
        out.append(Finding(rule.id, rule.level, message, uri, region, fingerprint))
    return out


def _check_message(issue: Any) -> str:
    where = f" (segment {issue.seg_id}, concept {issue.id})"
    if issue.kind == "missing":
        return f"'{issue.source}' is not translated as the glossary says: {issue.expected}{where}"
    if issue.kind == "deprecated":
        use = f"; use '{issue.expected}'" if issue.expected else ""
        return f"'{issue.found}' is deprecated{use}{where}"
    if issue.kind == "inconsistent":
        return (
            f"'{issue.source}' is translated '{issue.found}' here and '{issue.expected}' "
            f"elsewhere{where}"
        )
    return f"'{issue.found}' is left untranslated; the glossary has {issue.expected}{where}"


def scan_findings(
    files: Mapping[str, str],
    scanned: Iterable[Any],
    use: Mapping[tuple[str, str], str | None],
    *,
    only_deprecated: bool = False,
) -> list[Finding]:
    """The findings of ``gloss scan``.

    Args:
        files: each file read, by the name it was given, with its text (``-``: standard
            input).
        scanned: the texts scanned (:class:`glossary_cli.api.ScannedText`): a whole file,
            named as given, whose offsets are the file's; or a unit of a PO file
            (``FILE:LINE``) or of an XLIFF or TMX file (``FILE#ID``), whose terms are looked
            for in the file from the unit's line on.
        use: the term to use instead of a deprecated one, by ``(concept id, language)``.
        only_deprecated: the occurrences are all of deprecated or superseded terms (``gloss
            scan --only-deprecated``); every other occurrence is a note.

    Returns:
        A ``deprecated-term`` finding (an error) per occurrence of a deprecated or superseded
        term, and a ``glossary-term`` note per other occurrence.
    """
    from glossary_cli.model import AVOID

    count = _Counter()
    out = []
    for item in scanned:
        file, line = _unit_file(files, item.name)
        text = files.get(file)
        lines = text_lines(text) if text is not None else []
        for o in item.occurrences:
            deprecated = o.status in AVOID
            rule = SCAN_RULES["deprecated" if deprecated or only_deprecated else "term"]
            if deprecated:
                instead = use.get((o.id, o.lang))
                advice = f"; use '{instead}'" if instead else ""
                message = f"'{o.text}' is a {o.status} term{advice} (concept {o.id})"
            else:
                message = f"'{o.text}' is the glossary term '{o.term}' (concept {o.id})"
            if text is None or file == "-":
                region = None
            elif file == item.name:
                region = region_of_span(text, o.start, o.end)
            else:
                region = locate(lines, line, 0, o.text)
            fingerprint = count(rule.id, file, o.id, o.text)
            uri = None if file == "-" else relative_uri(file)
            out.append(Finding(rule.id, rule.level, message, uri, region, fingerprint))
    return out


def _unit_file(files: Mapping[str, str], name: str) -> tuple[str, int | None]:
    """The file a scanned text was read from, and the line its unit starts on (``None``: the
    whole file, or not known)."""
    if name in files:
        return name, None
    for file, text in files.items():
        if name.startswith(file + ":") and name[len(file) + 1 :].isdigit():
            return file, int(name[len(file) + 1 :])
        if name.startswith(file + "#"):
            uid = name[len(file) + 1 :]
            for n, line in enumerate(text_lines(text), 1):
                if f'id="{uid}"' in line:
                    return file, n
            return file, None
    return name, None


def lint_findings(issues: Iterable[Any], files: Mapping[str, Path]) -> list[Finding]:
    """The findings of ``gloss lint``.

    Args:
        issues: :class:`glossary_cli.lint.Issue` values; ``source`` ``FILE:LINE`` says where
            each was read, ``FILE`` as the glossary names it.
        files: the path of each file name the issues give (a file named in no issue's source,
            or not found, gives a result without a location).

    Returns:
        One finding per issue, at the term on its line (the whole line when the term is not
        written there as it is), its level the issue's severity.
    """
    count = _Counter()
    out = []
    texts: dict[Path, list[str] | None] = {}
    for issue in issues:
        rule = LINT_RULES.get(issue.code) or _rule(issue.code, issue.code, "", "warning", "lint")
        name, _, number = issue.source.rpartition(":")
        if not number.isdigit():
            name, number = issue.source, ""
        path = files.get(name)
        region = uri = None
        if path is not None:
            uri = relative_uri(str(path))
            if path not in texts:
                texts[path] = _read_lines(path)
            lines = texts[path]
            if lines is not None and number:
                region = locate(lines, int(number), 0, issue.term or "")
        message = issue.message + (f" ({issue.hint})" if issue.hint else "")
        fingerprint = count(rule.id, name, issue.concept, issue.lang or "", issue.term or "")
        out.append(Finding(rule.id, issue.severity, message, uri, region, fingerprint))
    return out


def _read_lines(path: Path) -> list[str] | None:
    try:
        return text_lines(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None  # a spreadsheet, a file gone: the finding names the file only


def finding_line(finding: Finding) -> str:
    """A finding as one line of a compiler's report, ``FILE:LINE:COLUMN: level: message
    [rule]`` (``FILE`` as given), which editors and pre-commit's output make a link of; ``-``
    for standard input. ``COLUMN`` counts code points from 1, as editors and grep-like tools
    read a column of text and as ``gloss scan``'s offsets count (the SARIF log counts UTF-16
    code units, its ``columnKind``: the two differ after a character outside the Basic
    Multilingual Plane, an emoji).

    >>> f = Finding("deprecated-term", "error", "'শব্দভাজকের' is a deprecated term",
    ...             "docs/%E0%A6%95.md", Region(3, 39, 3, 49), "0")
    >>> finding_line(f)
    "docs/ক.md:3:39: error: 'শব্দভাজকের' is a deprecated term [deprecated-term]"
    """
    from urllib.parse import unquote

    where = "-" if finding.uri is None else unquote(finding.uri.removeprefix("file://"))
    if finding.region is not None:
        r = finding.region
        where += f":{r.start_line}:{r.start_point or r.start_column}"
    return f"{where}: {finding.level}: {finding.message} [{finding.rule}]"


def log_json(log: Log) -> dict[str, Any]:
    """The log as the mapping :func:`json.dumps` writes (SARIF 2.1.0, keys in the order the
    specification lists them): ``$schema``, ``version``, ``runs`` of one run with its
    ``tool.driver`` (name, version, informationUri, rules: those the findings use),
    ``originalUriBaseIds`` (``%SRCROOT%``, left unresolved: the working directory),
    ``columnKind`` and ``results``."""
    used = {f.rule for f in log.findings}
    rules = [r for r in log.rules if r.id in used] or list(log.rules)
    known = {r.id for r in rules}
    rules += [_rule(f.rule, f.rule, "", f.level, "") for f in log.findings if f.rule not in known]
    index = {r.id: n for n, r in enumerate(rules)}
    driver: dict[str, Any] = {"name": "gloss", "version": log.version}
    if log.home:
        driver["informationUri"] = log.home
    driver["rules"] = [_rule_json(r, log.home) for r in rules]
    run: dict[str, Any] = {
        "tool": {"driver": driver},
        "originalUriBaseIds": {
            SRCROOT: {"description": {"text": "The directory gloss was run in."}}
        },
        "columnKind": "utf16CodeUnits",
        "results": [_result_json(f, index[f.rule]) for f in log.findings],
    }
    return {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule_json(rule: Rule, home: str | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": rule.id,
        "name": rule.name,
        "shortDescription": {"text": rule.short},
        "fullDescription": {"text": f"{rule.short} {rule.help}".strip()},
        "defaultConfiguration": {"level": rule.level},
        "help": {"text": rule.help or rule.short},
    }
    if home and rule.anchor:
        out["helpUri"] = f"{home}#{rule.anchor}"
    return out


def _result_json(finding: Finding, rule_index: int) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ruleId": finding.rule,
        "ruleIndex": rule_index,
        "level": finding.level,
        "message": {"text": finding.message},
    }
    if finding.uri is not None:
        physical: dict[str, Any] = {"artifactLocation": {"uri": finding.uri}}
        if not finding.uri.startswith("file:"):
            physical["artifactLocation"]["uriBaseId"] = SRCROOT
        if finding.region is not None:
            r = finding.region
            physical["region"] = {
                "startLine": r.start_line,
                "startColumn": r.start_column,
                "endLine": r.end_line,
                "endColumn": r.end_column,
            }
        out["locations"] = [{"physicalLocation": physical}]
    out["partialFingerprints"] = {FINGERPRINT: finding.fingerprint}
    return out
