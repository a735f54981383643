"""gloss lsp, end to end: a real LSP client (pytest-lsp) starts ``gloss lsp`` as a process and
speaks the protocol to it — hover, diagnostics and their quick fix, completion, go to
definition — on English, Bengali and Arabic documents, Markdown, PO and XLIFF, over the
bundled glossary and a small one with deprecated terms (``tests/fixtures/lsp``).

Nothing sleeps: each test waits for the notification it needs, with a generous timeout, and
the server runs outside the checkout (``python -m`` would import the checkout's package
rather than the installed one in CI), its environment passed on (``PYTHONPATH`` in a
development checkout).
"""

from __future__ import annotations

import asyncio
import shutil
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

from .conftest import GLOSS_MODULE, process_env

pytestmark = [pytest.mark.slow, pytest.mark.asyncio]

FIXTURE = Path(__file__).parent / "fixtures" / "lsp"
#: Seconds to wait for a server's answer or notification on a busy machine.
WAIT = 120


#: The version of the document each ``publishDiagnostics`` was for, by client and URI.
VERSIONS: dict[int, dict[str, int | None]] = {}


def _published(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
    client.diagnostics[params.uri] = params.diagnostics
    VERSIONS.setdefault(id(client), {})[params.uri] = params.version


def _client() -> LanguageClient:
    """pytest-lsp's test client, which also keeps the version each diagnostics were for."""
    client = LanguageClient(converter_factory=default_converter)
    features = {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: _published}
    register_lsp_features(client, features)
    return client


async def _start(
    tmp: Path, cache: Path, options: dict[str, Any] | None = None, data: Path | None = None
) -> LanguageClient:
    env = process_env(
        {"GLOSS_CACHE": str(cache), "GLOSS_USER_DATA": str(tmp / "user")}, unset=["GLOSS_DATA"]
    )
    args = ["--data", str(data)] if data is not None else []
    client = _client()
    await client.start_io(*GLOSS_MODULE, "lsp", *args, env=env, cwd=tmp)
    await asyncio.wait_for(
        client.initialize_session(
            types.InitializeParams(
                capabilities=client_capabilities("visual-studio-code"),
                initialization_options=options,
            )
        ),
        WAIT,
    )
    return client


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One index cache for the module's servers (the bundled glossary compiled once)."""
    return tmp_path_factory.mktemp("lsp-cache")


@pytest.fixture
def deprecating(tmp_path: Path) -> Path:
    """A copy of the fixture glossary: a deprecated term in English, Bengali and Arabic."""
    return Path(shutil.copytree(FIXTURE, tmp_path / "data"))


@pytest_asyncio.fixture
async def client(tmp_path: Path, cache: Path) -> AsyncIterator[LanguageClient]:
    """A client of ``gloss lsp`` over the bundled glossary."""
    c = await _start(tmp_path, cache)
    yield c
    await asyncio.wait_for(c.shutdown_session(), WAIT)


@pytest_asyncio.fixture
async def fixture_client(
    tmp_path: Path, cache: Path, deprecating: Path
) -> AsyncIterator[LanguageClient]:
    """A client of ``gloss lsp --data`` the fixture glossary."""
    c = await _start(tmp_path, cache, data=deprecating)
    yield c
    await asyncio.wait_for(c.shutdown_session(), WAIT)


def _open(client: LanguageClient, uri: str, text: str, language: str = "markdown") -> None:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
        )
    )


async def _diagnostics(client: LanguageClient, uri: str, version: int = 1) -> list[Any]:
    """The diagnostics of ``uri`` the server published for ``version`` (waited for)."""

    async def wait() -> list[Any]:
        while True:
            published = client.diagnostics.get(uri)
            if published is not None and VERSIONS.get(id(client), {}).get(uri) == version:
                return list(published)
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    return await asyncio.wait_for(wait(), WAIT)


def _at(text: str, needle: str, line_based: bool = True) -> types.Position:
    """The position of the first character of ``needle`` in ``text`` (UTF-16 columns: these
    texts are in the Basic Multilingual Plane)."""
    offset = text.index(needle)
    line = text.count("\n", 0, offset)
    return types.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


async def _hover(client: LanguageClient, uri: str, position: types.Position) -> Any:
    return await asyncio.wait_for(
        client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), position)
        ),
        WAIT,
    )


@pytest.mark.parametrize(
    ("text", "word", "concept", "lang_line"),
    [
        ("# Notes\n\nWe fine-tune with LoRA here.\n", "LoRA", "low-rank-adaptation", "Bengali"),
        ("আমরা নেটওয়ার্ক প্রুনিংকে ব্যবহার করি।\n", "প্রুনিংকে", "pruning", "Arabic"),
        ("نستخدم وتقليم الشبكة هنا.\n", "الشبكة", "pruning", "Bengali"),
    ],
    ids=["en", "bn-inflected", "ar-clitic"],
)
async def test_hover_shows_the_concept_card(
    client: LanguageClient, text: str, word: str, concept: str, lang_line: str
) -> None:
    uri = "file:///tmp/doc.md"
    _open(client, uri, text)
    hover = await _hover(client, uri, _at(text, word))
    assert hover is not None
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert f"`{concept}`" in hover.contents.value
    assert f"**{lang_line}**" in hover.contents.value
    # the range is the whole surface form, endings and clitics included
    start = text.index(word)
    assert hover.range.start.character <= start - (text.rfind("\n", 0, start) + 1)


async def test_no_hover_off_a_term_or_in_code(client: LanguageClient) -> None:
    text = "Plain words here, and `LoRA` in code.\n"
    uri = "file:///tmp/plain.md"
    _open(client, uri, text)
    assert await _hover(client, uri, _at(text, "words")) is None
    assert await _hover(client, uri, _at(text, "LoRA")) is None


@pytest.mark.parametrize(
    ("text", "deprecated", "use", "put"),
    [
        ("We do weight trimming first.\n", "weight trimming", "pruning", "pruning"),
        ("We did two weight trimmings.\n", "weight trimmings", "pruning", "prunings"),
        # the fix keeps the text's ending and clitics: ছাঁটাই + কে, ب + ال + تشذيب
        ("আমরা ছাঁটাইকে আগে করি।\n", "ছাঁটাইকে", "প্রুনিং", "প্রুনিংকে"),
        ("نبدأ بالتشذيب أولا.\n", "بالتشذيب", "تقليم", "بالتقليم"),
    ],
    ids=["en", "en-plural", "bn", "ar"],
)
async def test_a_deprecated_term_is_a_warning_with_a_quick_fix(
    fixture_client: LanguageClient, text: str, deprecated: str, use: str, put: str
) -> None:
    client = fixture_client
    uri = "file:///tmp/deprecated.txt"
    _open(client, uri, text, "plaintext")
    (diagnostic,) = await _diagnostics(client, uri)
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert diagnostic.code == "deprecated" and diagnostic.source == "gloss"
    assert use in diagnostic.message
    start = _at(text, deprecated)
    assert diagnostic.range.start == start
    assert diagnostic.range.end.character == start.character + len(deprecated)
    actions = await asyncio.wait_for(
        client.text_document_code_action_async(
            types.CodeActionParams(
                types.TextDocumentIdentifier(uri),
                diagnostic.range,
                types.CodeActionContext([diagnostic]),
            )
        ),
        WAIT,
    )
    assert actions is not None
    (action,) = actions
    assert isinstance(action, types.CodeAction)
    assert action.title == f"Replace with {put}"
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred
    assert action.edit is not None and action.edit.changes is not None
    (edit,) = action.edit.changes[uri]
    assert (edit.range, edit.new_text) == (diagnostic.range, put)


async def test_diagnostics_follow_incremental_changes(fixture_client: LanguageClient) -> None:
    client = fixture_client
    uri = "file:///tmp/changing.md"
    text = "We prune.\n"
    _open(client, uri, text)
    assert await _diagnostics(client, uri) == []
    # insert a deprecated term, then take it out again: the diagnostics follow each version
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=2, uri=uri),
            [
                types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(0, 3), types.Position(0, 8)),
                    text="do weight trimming",
                )
            ],
        )
    )
    (diagnostic,) = await _diagnostics(client, uri, 2)
    assert diagnostic.range.start == types.Position(0, 6)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            types.VersionedTextDocumentIdentifier(version=3, uri=uri),
            [types.TextDocumentContentChangeWholeDocument(text="We use pruning.\n")],
        )
    )
    assert await _diagnostics(client, uri, 3) == []


PO = """msgid ""
msgstr ""
"Language: bn\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

msgid "We fine-tune with LoRA."
msgstr "আমরা ফাইন-টিউন করি।"

msgid "Network pruning helps."
msgstr "নেটওয়ার্ক প্রুনিং সাহায্য করে।"
"""

XLIFF = """<?xml version="1.0" encoding="UTF-8"?>
<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">
  <file source-language="en" target-language="ar" datatype="plaintext" original="a.txt">
    <body>
      <trans-unit id="one">
        <source>Network pruning helps.</source>
        <target>هذا يساعد كثيرا.</target>
      </trans-unit>
      <trans-unit id="two">
        <source>We use LoRA.</source>
        <target>نستخدم التكيف منخفض الرتبة.</target>
      </trans-unit>
    </body>
  </file>
</xliff>
"""


@pytest.mark.parametrize(
    ("name", "text", "source_term", "target"),
    [
        ("bn.po", PO, "LoRA", "আমরা ফাইন-টিউন করি।"),
        ("units.xlf", XLIFF, "Network pruning", "هذا يساعد كثيرا."),
    ],
    ids=["po-bn", "xliff-ar"],
)
async def test_a_missing_translation_is_reported_on_the_target(
    client: LanguageClient, name: str, text: str, source_term: str, target: str
) -> None:
    uri = f"file:///tmp/{name}"
    _open(client, uri, text, "plaintext")
    (diagnostic,) = await _diagnostics(client, uri)
    assert diagnostic.code == "missing"
    assert repr(source_term) in diagnostic.message
    assert diagnostic.range.start == _at(text, target)


async def test_settings_turn_diagnostics_off_and_on(client: LanguageClient) -> None:
    uri = "file:///tmp/off.po"
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams({"gloss": {"diagnostics": []}})
    )
    _open(client, uri, PO, "po")
    assert await _diagnostics(client, uri) == []
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams({"gloss": {"diagnostics": ["missing"]}})
    )
    VERSIONS[id(client)].pop(uri, None)
    assert [d.code for d in await _diagnostics(client, uri)] == ["missing"]


@pytest.mark.parametrize(
    ("text", "typed", "expected", "lang"),
    [
        ("We use low-r", "low-r", "Low-Rank Adaptation", "en"),
        ("আমরা নেটওয়ার্ক", "নেটওয়ার্ক", "নেটওয়ার্ক প্রুনিং", "bn"),
        ("نستخدم تقل", "تقل", "تقليم الشبكة", "ar"),
    ],
    ids=["en", "bn", "ar"],
)
async def test_completion_offers_terms_of_the_language_typed(
    client: LanguageClient, text: str, typed: str, expected: str, lang: str
) -> None:
    uri = "file:///tmp/complete.md"
    _open(client, uri, text)
    end = types.Position(0, len(text))
    result = await asyncio.wait_for(
        client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), end)
        ),
        WAIT,
    )
    assert isinstance(result, types.CompletionList)
    labels = [item.label for item in result.items]
    assert expected in labels
    item = result.items[labels.index(expected)]
    assert item.detail is not None and f"({lang}" in item.detail
    assert isinstance(item.text_edit, types.TextEdit)
    assert item.text_edit.range.start == types.Position(0, len(text) - len(typed))
    assert all(f"({lang}" in (i.detail or "") for i in result.items)


async def test_definition_opens_the_glossary_file_at_the_term(
    fixture_client: LanguageClient, deprecating: Path
) -> None:
    client = fixture_client
    uri = "file:///tmp/definition.md"
    text = "আমরা প্রুনিং করি।\n"
    _open(client, uri, text)
    location = await asyncio.wait_for(
        client.text_document_definition_async(
            types.DefinitionParams(types.TextDocumentIdentifier(uri), _at(text, "প্রুনিং"))
        ),
        WAIT,
    )
    assert isinstance(location, types.Location)
    assert location.uri == (deprecating / "sources" / "terms.tbx").resolve().as_uri()
    lines = (deprecating / "sources" / "terms.tbx").read_text(encoding="utf-8").splitlines()
    assert "<term>প্রুনিং</term>" in lines[location.range.start.line]


async def test_the_glossary_is_read_again_when_gloss_add_changes_it(
    client: LanguageClient, tmp_path: Path, cache: Path
) -> None:
    uri = "file:///tmp/added.md"
    text = "We quokkafy the weights.\n"
    _open(client, uri, text)
    assert await _diagnostics(client, uri) == []
    assert await _hover(client, uri, _at(text, "quokkafy")) is None
    glossary = tmp_path / "mine.tsv"
    glossary.write_text("en\tbn\nquokkafy\tকোক্কাফাই\n", encoding="utf-8")
    env = process_env({"GLOSS_CACHE": str(cache), "GLOSS_USER_DATA": str(tmp_path / "user")})
    process = await asyncio.create_subprocess_exec(
        *GLOSS_MODULE, "add", str(glossary), env=env, cwd=tmp_path
    )
    assert await asyncio.wait_for(process.wait(), WAIT) == 0
    hover = await _hover(client, uri, _at(text, "quokkafy"))
    assert hover is not None and "কোক্কাফাই" in hover.contents.value


async def test_a_document_the_server_cannot_read_is_no_crash(client: LanguageClient) -> None:
    uri = "file:///tmp/broken.xlf"
    text = "<xliff><file><trans-unit id='x'><source>LoRA <g id='1'>unclosed"
    _open(client, uri, text, "xml")
    assert await _diagnostics(client, uri) == []
    # the server still answers
    _open(client, "file:///tmp/after.md", "LoRA\n")
    assert await _hover(client, "file:///tmp/after.md", types.Position(0, 1)) is not None


PO_LIKE_CHECK = """msgid ""
msgstr ""
"Language: bn\\n"

msgid "Use LoRA for fine-tuning."
msgstr "ফাইন-টিউনিংয়ের জন্য LoRA ব্যবহার করুন।"
"""

PO_ONE_LANGUAGE = 'msgid "word splitter"\nmsgstr "x"\n'


@pytest.mark.parametrize(
    ("name", "text"),
    [("like-check.po", PO_LIKE_CHECK), ("english.po", PO_ONE_LANGUAGE)],
    ids=["a-term-of-both-languages", "no-language-header"],
)
async def test_a_po_file_gets_what_gloss_check_finds_and_no_crash(
    client: LanguageClient, name: str, text: str
) -> None:
    """LoRA is an English and a Bengali term: left as it is in a Bengali translation, it is
    no untranslated term (`gloss check` says nothing either). A PO without a language header
    whose two sides are one language has nothing to check, and the server still answers."""
    uri = f"file:///tmp/{name}"
    _open(client, uri, text, "plaintext")
    assert [d.code for d in await _diagnostics(client, uri)] == []
    _open(client, "file:///tmp/after.md", "LoRA\n")  # the server still answers
    assert await _hover(client, "file:///tmp/after.md", types.Position(0, 1)) is not None
