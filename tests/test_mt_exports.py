"""The exports for machine translation services, LLM prompts and style checkers, each read back
and checked against the rules its vendor documents, and where the vendor's own client checks
entries offline, by that check:

- ``deepl``: DeepL's Python client (``deepl.util.convert_tsv_to_dict`` and
  ``validate_glossary_term``, DeepLcom/deepl-python, MIT) parses the file, as it does before it
  sends a glossary; its ``util`` module is loaded alone (the package's ``__init__`` imports
  ``requests``, which the check does not need);
- ``google-glossary``, ``google-pairs``, ``amazon-terminology``: parsed with ``csv`` and
  checked against the layouts and limits the vendors document (cited in each module);
- ``microsoft-dictionary``: the archive's two ``.align`` files, line by line;
- ``llm-prompt``, ``llm-json``: the Markdown table's cells and the JSON document;
- ``vale``: the rule read with PyYAML against the keys Vale 3 decodes (``ErrorUnused``), every
  swap key compiled with the ``regex`` module (which has regexp2's ``\\p{..}`` classes and
  lookbehind) inside Vale's ``nonword`` template and run over a sample in three scripts;
- ``languagetool``: split as ``AbstractSimpleReplaceRule2`` splits a line.
"""

from __future__ import annotations

import csv
import importlib.util
import io
import json
import zipfile
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from glossary_cli import formats
from glossary_cli.errors import RecordError, UsageError
from glossary_cli.formats import deepl
from glossary_cli.formats._mt import Entry
from glossary_cli.model import Concept, Definition, Glossary, LangSection, Term

from .conftest import gloss

# Bengali terms that end in a spacing vowel sign (U+09BE, category Mc) and in a consonant;
# Arabic with its article; an English term with a bar and one with regex metacharacters.
DATA_BN = "ডেটা"
OLD_BN = "উপাত্ত"
#: "data" as it is often misspelt, deprecated: ends in a spacing vowel sign, as DATA_BN.
DATA_BN_OLD = "ডাটা"
MODEL_AR = "النموذج"
OLD_AR = "الموديل"


def glossary() -> Glossary:
    """Four concepts: deprecated and superseded terms in every language, synonyms, a source
    term shared by two concepts, a concept without Arabic, a definition longer than a prompt
    takes."""
    return Glossary(
        (),
        (
            Concept(
                "data",
                (
                    LangSection("en", (Term("data", status="preferred"), Term("datum"),
                                       Term("info", status="deprecated"))),
                    LangSection("bn", (Term(OLD_BN, status="deprecated"),
                                       Term(DATA_BN, status="preferred"),
                                       Term(DATA_BN_OLD, status="superseded"))),
                    LangSection("ar", (Term("البيانات", status="preferred"),
                                       Term("المعطيات", status="admitted"))),
                ),
            ),
            Concept(
                "model",
                (
                    LangSection("en", (Term("Model", status="preferred"),
                                       Term("C++ model (v2)", status="superseded")),
                                (Definition("a function " + "that maps inputs " * 30),)),
                    LangSection("bn", (Term("মডেল", status="preferred"),)),
                    LangSection("ar", (Term(MODEL_AR, status="preferred"),
                                       Term(OLD_AR, status="deprecated"))),
                ),
            ),
            Concept(
                "pipe",
                (
                    LangSection("en", (Term("a|b pipe"), Term("datum"))),
                    LangSection("bn", (Term("পাইপ"),)),
                ),
            ),
            Concept(
                "gone",
                (
                    LangSection("en", (Term("gone"),)),
                    LangSection("ar", (Term("قديم", status="deprecated"),)),
                ),
            ),
        ),
    )  # fmt: skip


def write(name: str, **options: Any) -> bytes:
    return formats.get(name).write(glossary(), **options)


def left_out(name: str, **options: Any) -> tuple[str, ...]:
    return formats.get(name).left_out(glossary(), **options)


# --------------------------------------------------------------------------- DeepL


def deepl_util() -> ModuleType:
    """DeepL's ``deepl/util.py``, loaded alone."""
    spec = importlib.util.find_spec("deepl")
    if spec is None or not spec.submodule_search_locations:
        pytest.skip("DeepL's client (pip install deepl) is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "util.py"
    util_spec = importlib.util.spec_from_file_location("deepl_util_alone", path)
    assert util_spec is not None and util_spec.loader is not None
    module = importlib.util.module_from_spec(util_spec)
    util_spec.loader.exec_module(module)
    return module


def test_deepl_entries_pass_deepls_own_client_check() -> None:
    data = write("deepl", source="en", target="ar")
    entries = deepl_util().convert_tsv_to_dict(data.decode("utf-8"))
    assert entries == {
        "data": "البيانات",
        "datum": "البيانات",
        "info": "البيانات",  # a deprecated source term still leads to the preferred target
        "Model": MODEL_AR,
        "C++ model (v2)": MODEL_AR,
    }
    assert OLD_AR not in entries.values()  # a target is never a term to avoid
    assert data.endswith(b"\n") and b"\r" not in data


def test_deepl_left_out_says_what_a_pair_cannot_carry() -> None:
    messages = " | ".join(left_out("deepl", source="en", target="ar"))
    assert "2 concepts have no Arabic term" in messages  # pipe: none; gone: only deprecated
    assert "1 Arabic synonym is left out" in messages  # المعطيات; the deprecated one is no synonym
    pairs = " | ".join(left_out("google-pairs", source="en", target="bn"))
    assert "'datum'" in pairs and "first concept's entry is kept" in pairs


@pytest.mark.parametrize(
    ("text", "why", "client"),
    [
        ("a\tb", "control character U+0009", True),
        ("line\u2028break", "U+2028", True),
        ("bell\x85", "U+0085", True),
        ("", "is empty", True),
        (" padded", "whitespace", False),  # the client strips it; the API refuses it
        ("x" * 1025, "1025 UTF-8 bytes", False),  # the API's limit, not the client's
        ("অ" * 342, "1026 UTF-8 bytes", False),  # 3 bytes a Bengali letter: 341 fit
    ],
)
def test_deepl_refuses_what_deepl_refuses(text: str, why: str, client: bool) -> None:
    assert why in (deepl.check_term(text) or "")
    with pytest.raises(RecordError):
        deepl.check(Entry(text, "x", "c1"))
    if client:
        with pytest.raises(ValueError):
            deepl_util().validate_glossary_term(text)


@pytest.mark.parametrize(
    ("pair", "refused"),
    [(("en", "bn"), "Bengali (bn)"), (("bn", "ar"), "Bengali (bn)"), (("en", "en-GB"), "both")],
)
def test_deepl_refuses_a_pair_it_does_not_take_and_lists_those_it_does(
    pair: tuple[str, str], refused: str
) -> None:
    with pytest.raises(UsageError) as caught:
        write("deepl", source=pair[0], target=pair[1])
    assert refused in caught.value.message
    if "both" not in refused:
        assert "ar (Arabic)" in (caught.value.hint or "")
        assert "bn" not in (caught.value.hint or "").split()


def test_deepl_on_the_command_line_exits_2_for_bengali() -> None:
    result = gloss("export", "--format", "deepl", "--source", "en", "--target", "bn")
    assert result.exit_code == 2
    assert "DeepL glossaries do not take Bengali (bn)" in result.stderr
    assert "ar (Arabic)" in result.stderr and "Traceback" not in result.output


def test_a_pair_format_needs_both_languages_and_others_refuse_them() -> None:
    missing = gloss("export", "--format", "deepl", "--source", "en")
    assert missing.exit_code == 2 and "give --target" in missing.stderr
    stray = gloss("export", "--format", "tbx", "--target", "ar")
    assert stray.exit_code == 2 and "--target is not an option of --format tbx" in stray.stderr


def test_deepl_of_the_bundled_glossary_round_trips_arabic() -> None:
    result = gloss("export", "-f", "deepl", "--source", "EN", "--target", "arabic")
    assert result.exit_code == 0, result.stderr
    entries = deepl_util().convert_tsv_to_dict(result.stdout)
    assert entries["Pruning"] == "تقليم الشبكة"
    assert "Arabic synonyms are left out" in result.stderr


# --------------------------------------------------------------------------- Google


def test_google_equivalent_term_sets_have_a_header_of_languages_and_a_row_per_concept() -> None:
    rows = list(csv.reader(io.StringIO(write("google-glossary").decode("utf-8"))))
    assert rows[0] == ["en", "bn", "ar"]
    assert rows[1:] == [
        ["data", DATA_BN, "البيانات"],
        ["Model", "মডেল", MODEL_AR],
        ["a|b pipe", "পাইপ", ""],  # Google's term sets take a row with an empty cell
    ]  # "gone" has one usable term only: no row
    assert all(len(row) == 3 for row in rows)
    assert "a term that may be used in one language only" in " ".join(left_out("google-glossary"))


def test_google_pairs_have_two_columns_and_no_header() -> None:
    rows = list(csv.reader(io.StringIO(write("google-pairs", source="bn", target="en").decode())))
    # the main term first, then the others, the deprecated one too (it is met in texts)
    assert rows == [
        [DATA_BN, "data"],
        [OLD_BN, "data"],
        [DATA_BN_OLD, "data"],
        ["মডেল", "Model"],
        ["পাইপ", "a|b pipe"],
    ]
    with pytest.raises(UsageError):
        write("google-glossary", source="en")


# --------------------------------------------------------------------------- Amazon


def test_amazon_terminology_header_is_language_codes_with_the_source_first() -> None:
    data = write("amazon-terminology", source="bn")
    data.decode("utf-8")  # Amazon Translate reads UTF-8 only
    rows = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    assert rows[0] == ["bn", "en", "ar"]
    assert rows[1:] == [
        [DATA_BN, "data", "البيانات"],
        [OLD_BN, "data", "البيانات"],
        [DATA_BN_OLD, "data", "البيانات"],
        ["মডেল", "Model", MODEL_AR],
        ["পাইপ", "a|b pipe", ""],
    ]
    for row in rows[1:]:
        assert all(len(cell.encode("utf-8")) <= 200 for cell in row)  # Amazon's term limit
    assert len(data) <= 10_485_760


def test_amazon_refuses_a_language_it_does_not_list() -> None:
    with pytest.raises(UsageError) as caught:
        write("amazon-terminology", source="en", target="tlh")
    assert "bn" in (caught.value.hint or "") and "ar" in (caught.value.hint or "")
    with pytest.raises(RecordError):
        formats.get("amazon-terminology").write(
            Glossary(
                (),
                (
                    Concept(
                        "c",
                        (LangSection("en", (Term("x" * 201),)), LangSection("ar", (Term("س"),))),
                    ),
                ),
            ),
            source="en",
        )


# --------------------------------------------------------------------------- Microsoft


def test_microsoft_dictionary_is_two_aligned_files_named_as_custom_translator_wants() -> None:
    with zipfile.ZipFile(io.BytesIO(write("microsoft-dictionary", source="en", target="bn"))) as z:
        assert z.namelist() == ["gloss-dictionary_en.align", "gloss-dictionary_bn.align"]
        en, bn = (z.read(n).decode("utf-8").splitlines() for n in z.namelist())
    assert len(en) == len(bn)
    assert dict(zip(en, bn, strict=True)) == {
        "data": DATA_BN,
        "datum": DATA_BN,
        "info": DATA_BN,
        "Model": "মডেল",
        "C++ model (v2)": "মডেল",
        "a|b pipe": "পাইপ",
    }
    assert OLD_BN not in bn


# --------------------------------------------------------------------------- LLM prompts


def table(markdown: str) -> list[list[str]]:
    """The cells of the one GFM table, ``\\|`` unescaped."""
    lines = [ln for ln in markdown.splitlines() if ln.startswith("|")]
    out = []
    for line in lines:
        cells = [c.strip().replace("\\|", "|") for c in line.strip("|").split(" | ")]
        out.append(cells)
    return out


def test_llm_prompt_gives_the_term_to_use_and_those_never_to_use() -> None:
    rows = table(write("llm-prompt").decode("utf-8"))
    assert rows[0] == ["English", "Bengali", "Arabic", "Do not use"]
    assert set(rows[1][0]) == {"---"} or rows[1] == ["---"] * 4 or "---" in rows[1][0]
    body = {r[0]: r for r in rows[2:]}
    assert (
        body["data"][1] == DATA_BN
        and body["data"][3]
        == f"info (en, deprecated); {OLD_BN} (bn, deprecated); {DATA_BN_OLD} (bn, superseded)"
    )
    assert body["Model"][2] == MODEL_AR and OLD_AR in body["Model"][3]
    assert "C++ model (v2) (en, superseded)" in body["Model"][3]
    assert body["a|b pipe"][1] == "পাইপ"  # the bar escaped, the row still four cells
    assert all(len(r) == 4 for r in rows)


def test_llm_definitions_are_optional_and_cut() -> None:
    plain = json.loads(write("llm-json"))
    assert "definition" not in plain["concepts"][0]
    assert "definitions are left out" in " ".join(left_out("llm-json"))
    document = json.loads(write("llm-json", definitions=True))
    assert list(document) == ["instructions", "languages", "concepts"]
    model = next(c for c in document["concepts"] if c["id"] == "model")
    assert model["use"] == {"en": "Model", "bn": "মডেল", "ar": MODEL_AR}
    assert {"lang": "ar", "term": OLD_AR, "status": "deprecated"} in model["do_not_use"]
    assert model["definition"]["lang"] == "en"
    assert len(model["definition"]["text"]) <= 200 and model["definition"]["text"].endswith("…")
    gone = next(c for c in document["concepts"] if c["id"] == "gone")
    assert "ar" not in gone["use"]  # only a deprecated Arabic term: nothing to use
    cut = " ".join(left_out("llm-json", definitions=True))
    assert "1 definition is cut at 200 characters" in cut


def test_llm_json_on_the_command_line_is_json() -> None:
    result = gloss("export", "--format", "llm-json", "--lang", "bn,ar")
    assert result.exit_code == 0, result.stderr
    document = json.loads(result.stdout)
    assert document["languages"] == ["bn", "ar"]
    assert any(c["use"].get("ar") == "تقليم الشبكة" for c in document["concepts"])


# --------------------------------------------------------------------------- Vale

#: The keys Vale 3 decodes in a substitution rule (errata-ai/vale bb78a32, MIT:
#: ``internal/check/definition.go`` ``Definition`` and ``internal/check/substitution.go``
#: ``Substitution``); ``decodeRule`` refuses any other (mapstructure ``ErrorUnused``).
VALE_SUBSTITUTION_KEYS = {
    "action", "description", "extends", "level", "limit", "link", "message", "name", "scope",
    "selector", "exceptions", "swap", "ignorecase", "nonword", "vocab", "capitalize", "pos",
}  # fmt: skip
#: Vale's template for a rule with ``nonword: true`` (``nonwordTemplate``).
NONWORD_TEMPLATE = "(?m)(?:{})"


def vale_files() -> dict[str, bytes]:
    return {f.path: f.data for f in formats.get("vale").write_files(glossary(), name="Gloss")}


def test_vale_rule_has_only_keys_vale_decodes() -> None:
    rule = yaml.safe_load(vale_files()["Gloss/Preferred.yml"])
    assert set(rule) <= VALE_SUBSTITUTION_KEYS
    assert rule["extends"] == "substitution"
    assert rule["level"] in ("suggestion", "warning", "error")
    assert rule["message"].count("%s") == 2
    assert rule["action"] == {"name": "replace"}
    assert all(isinstance(k, str) and isinstance(v, str) for k, v in rule["swap"].items())


def vale_alerts(text: str) -> list[tuple[str, str]]:
    """What the rule reports in ``text``: (observed, expected), as Vale's substitution check
    finds them: one alternation of the swap keys in the nonword template, longest key first,
    case ignored."""
    import regex

    rule = yaml.safe_load(vale_files()["Gloss/Preferred.yml"])
    keys = sorted(rule["swap"], key=len, reverse=True)
    pattern = regex.compile(
        NONWORD_TEMPLATE.format("|".join(f"({k})" for k in keys)), regex.IGNORECASE
    )
    found = []
    for match in pattern.finditer(text):
        index = next(i for i, group in enumerate(match.groups()) if group is not None)
        found.append((match.group(0), rule["swap"][keys[index]]))
    return found


def test_vale_swaps_deprecated_terms_in_three_scripts() -> None:
    pytest.importorskip("regex", reason="the regex library is not installed (pip install regex)")
    sample = (
        f"Our info is here. আমাদের {OLD_BN} এখানে, আর {OLD_BN}গুলো নয়। {DATA_BN_OLD} আর "
        f"{DATA_BN_OLD}বেস। "
        f"هذا {OLD_AR} جيد. The C++ model (v2) is old. Information is fine."
    )
    assert vale_alerts(sample) == [
        ("info", "data"),
        (OLD_BN, DATA_BN),  # a Bengali word boundary after ত (a letter) and before a space
        (DATA_BN_OLD, DATA_BN),  # after া (Mc), where Vale's \\b would see no boundary
        (OLD_AR, MODEL_AR),
        ("C++ model (v2)", "Model"),
    ]  # "উপাত্তগুলো", "ডাটাবেস" and "Information" are other words: not matched


def test_vale_vocabulary_accepts_the_terms_to_use() -> None:
    lines = vale_files()["config/vocabularies/Gloss/accept.txt"].decode("utf-8").splitlines()
    assert lines[0].startswith("# ")  # a comment, as Vale's addWordList skips it
    entries = lines[1:]
    assert "data" in entries and "[Mm]odel" in entries and "মডেল" in entries
    assert DATA_BN not in entries  # ends in া (Mc): Vale's \b cannot see its end
    assert "info" not in entries and OLD_AR not in entries  # terms to avoid are not accepted
    assert "a\\|b pipe" in entries  # escaped as a regular expression
    assert "begin or end with a character Vale's word boundary" in " ".join(left_out("vale"))


def test_vale_export_writes_a_style_and_its_vocabulary(tmp_path: Path) -> None:
    out = tmp_path / "styles" / "Terms"
    result = gloss("export", "--format", "vale", "-o", str(out))
    assert result.exit_code == 0, result.stderr
    assert (out / "Preferred.yml").is_file()
    assert (tmp_path / "styles/config/vocabularies/Terms/accept.txt").is_file()
    refused = gloss("export", "--format", "vale")
    assert refused.exit_code == 2 and "give -o DIR" in refused.stderr


# --------------------------------------------------------------------------- LanguageTool


def test_languagetool_lines_split_as_languagetool_splits_them() -> None:
    text = write("languagetool", source="en").decode("utf-8")
    rules = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        parts = line.split("=")
        assert len(parts) == 2, line  # AbstractSimpleReplaceRule2 refuses any other line
        for wrong in parts[0].split("|"):
            rules[wrong] = parts[1].split("|")
    assert rules == {"info": ["data"], "C++ model (v2)": ["Model"]}
    arabic = write("languagetool", source="ar").decode("utf-8")
    assert f"{OLD_AR}={MODEL_AR}" in arabic.splitlines()
    assert "1 term to avoid cannot be written" in " ".join(left_out("languagetool", source="ar"))
