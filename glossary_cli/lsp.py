"""``gloss lsp``: the glossary as a Language Server Protocol server over standard input and
output (LSP 3.17, with pygls and lsprotocol), for any editor with an LSP client.

It offers, on Markdown, plain text, reStructuredText, PO and XLIFF documents
(:mod:`glossary_cli.text.document`):

- ``textDocument/hover``: the concept card of the term under the cursor, as Markdown;
- ``textDocument/publishDiagnostics`` on open, change (full or incremental sync) and save: a
  deprecated or superseded term (warning), and in PO and XLIFF files a source term whose
  glossary translation the target lacks (warning) or leaves untranslated (information), on the
  target text;
- ``textDocument/codeAction``: "Replace with X" (a quick fix) for a deprecated term;
- ``textDocument/completion``: the glossary's terms that begin with the word being typed, in
  the document's language where the cursor is;
- ``textDocument/definition``: the glossary file and line a term was read from.

Settings come in ``initializationOptions`` and ``workspace/didChangeConfiguration``
(:func:`glossary_cli.editor.settings_of`). The work is :mod:`glossary_cli.editor`'s; this
module translates between the protocol's positions and the editor's offsets
(:class:`glossary_cli.text.document.Lines`, in the position encoding the client and server
agreed on), and is the one place where errors become messages to the client: a document that
cannot be read, or a glossary that cannot be opened, is said, never the end of the server.
"""

from __future__ import annotations

import asyncio
import traceback
from collections.abc import Callable, Mapping
from typing import BinaryIO, TypeVar
from urllib.parse import quote

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from glossary_cli import __version__
from glossary_cli.editor import Analysis, Settings, Termbase, card, settings_of, word_before
from glossary_cli.errors import GlossError
from glossary_cli.text.document import Lines, kind_of
from glossary_cli.values import NamedTuple

#: The ``source`` of every diagnostic the server publishes.
SOURCE = "gloss"
#: Each kind of diagnostic's severity (LSP ``DiagnosticSeverity``).
SEVERITY = {
    "deprecated": types.DiagnosticSeverity.Warning,
    "missing": types.DiagnosticSeverity.Warning,
    "untranslated": types.DiagnosticSeverity.Information,
}
#: Most completion items returned at once (the list is marked incomplete beyond it).
COMPLETIONS = 50
_T = TypeVar("_T")


class _Document(NamedTuple):
    """A document's analysis, for the version and glossary it was made of."""

    version: int | None
    generation: int
    text: str
    kind: str
    lines: Lines
    analysis: Analysis


class GlossServer(LanguageServer):
    """The server's state: the settings, the open glossary (:class:`Termbase`), and each open
    document's latest analysis."""

    def __init__(self, base: Settings, env: Mapping[str, str] | None = None) -> None:
        """``base``: the settings the command line gave (``--data``); a client's settings
        are read over them."""
        super().__init__("gloss", __version__)
        self.base = base
        self.settings = base
        self.env = env
        self.termbase: Termbase | None = None
        self.problem: str | None = None
        self.analyses: dict[str, _Document] = {}
        self.pending: set[str] = set()

    def say(self, message: str, kind: types.MessageType = types.MessageType.Warning) -> None:
        """Tell the user (``window/showMessage``) and log it."""
        self.window_show_message(types.ShowMessageParams(type=kind, message=f"gloss: {message}"))
        self.window_log_message(types.LogMessageParams(type=kind, message=f"gloss: {message}"))

    def configure(self, settings: Settings) -> None:
        """Use new settings: open the glossary they name (the one open before stays open when
        that fails, and the failure is said)."""
        try:
            termbase = Termbase(settings, self.env)
        except GlossError as exc:
            self.problem = exc.message + (f" ({exc.hint})" if exc.hint else "")
            self.say(self.problem, types.MessageType.Error)
            return
        if self.termbase is not None:
            self.termbase.close()
        self.termbase, self.settings, self.problem = termbase, settings, None
        self.analyses.clear()

    def current(self) -> Termbase | None:
        """The open glossary, opened again first when ``gloss add``, ``remove`` or ``build``
        changed its records (a ``stat`` of each record file)."""
        if self.termbase is None:
            return None
        try:
            if self.termbase.refresh():
                self.analyses.clear()
                for uri in list(self.workspace.text_documents):
                    self.schedule(uri)
        except GlossError as exc:
            self.say(f"the glossary could not be read again: {exc.message}")
        return self.termbase

    def document(self, uri: str) -> _Document | None:
        """The analysis of an open document, made when its text or the glossary changed."""
        termbase = self.current()
        if termbase is None or uri not in self.workspace.text_documents:
            return None
        doc = self.workspace.get_text_document(uri)
        text = doc.source
        known = self.analyses.get(uri)
        if (
            known is not None
            and known.generation == termbase.generation
            and known.version == doc.version
            and known.text == text
        ):
            return known
        kind = kind_of(uri, doc.language_id or "")
        encoding = str(self.workspace.position_encoding or "utf-16")
        analysis = termbase.analyze(text, kind)
        made = _Document(
            doc.version, termbase.generation, text, kind, Lines(text, encoding), analysis
        )
        self.analyses[uri] = made
        return made

    def schedule(self, uri: str) -> None:
        """Publish a document's diagnostics once the messages already read are handled, so
        that a burst of changes costs one analysis."""
        if uri in self.pending:
            return
        self.pending.add(uri)
        asyncio.get_running_loop().call_soon(self.publish, uri)

    def publish(self, uri: str) -> None:
        """Publish a document's diagnostics (``textDocument/publishDiagnostics``)."""
        self.pending.discard(uri)
        made = _guarded(self, lambda: self.document(uri), None)
        if made is None:
            return
        diagnostics = [
            types.Diagnostic(
                range=_range(made.lines, f.start, f.end),
                message=f.message,
                severity=SEVERITY[f.kind],
                code=f.kind,
                source=SOURCE,
                data={"use": f.use, "id": f.id} if f.use is not None else {"id": f.id},
            )
            for f in made.analysis.findings
        ]
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=diagnostics, version=made.version)
        )


def _guarded(server: GlossServer, work: Callable[[], _T], default: _T) -> _T:
    """``work()``, or ``default`` when it fails: a GlossError is said, anything else (a bug)
    logged with its traceback; the server goes on."""
    try:
        return work()
    except GlossError as exc:
        server.say(exc.message)
    except Exception as exc:  # the server's boundary: a bug must not end the session
        server.window_log_message(
            types.LogMessageParams(
                type=types.MessageType.Error,
                message=f"gloss: internal error: {exc!r}\n{traceback.format_exc()}",
            )
        )
    return default


def _range(lines: Lines, start: int, end: int) -> types.Range:
    a, b = lines.position(start), lines.position(end)
    return types.Range(
        start=types.Position(line=a[0], character=a[1]),
        end=types.Position(line=b[0], character=b[1]),
    )


def _offset(made: _Document, position: types.Position) -> int:
    return made.lines.offset(position.line, position.character)


def file_uri(path: str) -> str:
    """A ``file:`` URI of an absolute path (RFC 8089), as LSP locations give files.

    >>> file_uri("/data/sources/a b.txt")
    'file:///data/sources/a%20b.txt'
    """
    from pathlib import Path

    return Path(path).as_uri() if Path(path).is_absolute() else "file://" + quote(path)


def make_server(base: Settings, env: Mapping[str, str] | None = None) -> GlossServer:
    """The server with its features (LSP 3.17 §3.15 "Language Features", §3.16 "Workspace
    Features").

    Args:
        base: the settings of the command line (``gloss lsp --data DIR``).
        env: the environment (``GLOSS_DATA``, ``GLOSS_CACHE``…); ``None``: the process's.
    """
    server = GlossServer(base, env)

    @server.feature(types.INITIALIZE)
    def initialize(ls: GlossServer, params: types.InitializeParams) -> None:
        try:
            settings = settings_of(params.initialization_options, ls.base)
        except GlossError as exc:
            ls.problem = exc.message
            settings = ls.base
        ls.settings = settings

    @server.feature(types.INITIALIZED)
    def initialized(ls: GlossServer, params: types.InitializedParams) -> None:
        problem = ls.problem
        ls.configure(ls.settings)
        if problem is not None:
            ls.say(f"the settings were not read: {problem}")

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def configuration(ls: GlossServer, params: types.DidChangeConfigurationParams) -> None:
        try:
            settings = settings_of(params.settings, ls.base)
        except GlossError as exc:
            ls.say(f"the settings were not read: {exc.message}")
            return
        if settings != ls.settings or ls.termbase is None:
            ls.configure(settings)
            for uri in list(ls.workspace.text_documents):
                ls.schedule(uri)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: GlossServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: GlossServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: GlossServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: GlossServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        ls.analyses.pop(uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: GlossServer, params: types.HoverParams) -> types.Hover | None:
        def work() -> types.Hover | None:
            made = ls.document(params.text_document.uri)
            if made is None or ls.termbase is None:
                return None
            found = made.analysis.at(_offset(made, params.position))
            concept = ls.termbase.concept(found.id) if found is not None else None
            if found is None or concept is None:
                return None
            value = card(concept, ls.termbase.langs, found)
            return types.Hover(
                contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=value),
                range=_range(made.lines, found.start, found.end),
            )

        return _guarded(ls, work, None)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: GlossServer, params: types.DefinitionParams) -> types.Location | None:
        def work() -> types.Location | None:
            made = ls.document(params.text_document.uri)
            if made is None or ls.termbase is None:
                return None
            found = made.analysis.at(_offset(made, params.position))
            where = ls.termbase.definition(found) if found is not None else None
            if where is None:
                return None
            line = types.Position(line=max(0, where.line - 1), character=0)
            return types.Location(
                uri=file_uri(str(where.path)), range=types.Range(start=line, end=line)
            )

        return _guarded(ls, work, None)

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]),
    )
    def code_action(ls: GlossServer, params: types.CodeActionParams) -> list[types.CodeAction]:
        def work() -> list[types.CodeAction]:
            made = ls.document(params.text_document.uri)
            if made is None:
                return []
            start = _offset(made, params.range.start)
            end = _offset(made, params.range.end)
            sent = [d for d in params.context.diagnostics if d.source == SOURCE]
            out = []
            for f in made.analysis.findings:
                if f.kind != "deprecated" or not f.use or f.end < start or f.start > end:
                    continue
                where = _range(made.lines, f.start, f.end)
                edit = types.TextEdit(range=where, new_text=f.put or f.use)
                out.append(
                    types.CodeAction(
                        title=f"Replace with {f.put or f.use}",
                        kind=types.CodeActionKind.QuickFix,
                        diagnostics=[d for d in sent if d.range == where] or None,
                        # a fix that had to drop the text's affixes is offered, not preferred
                        is_preferred=f.kept_form,
                        edit=types.WorkspaceEdit(changes={params.text_document.uri: [edit]}),
                    )
                )
            return out

        return _guarded(ls, work, [])

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions())
    def completion(ls: GlossServer, params: types.CompletionParams) -> types.CompletionList:
        def work() -> types.CompletionList:
            made = ls.document(params.text_document.uri)
            empty = types.CompletionList(is_incomplete=False, items=[])
            if made is None or ls.termbase is None:
                return empty
            offset = _offset(made, params.position)
            start, prefix = word_before(made.text, offset)
            if not prefix:
                return empty
            langs = _completion_langs(made, offset, prefix)
            found = ls.termbase.complete(prefix, langs, COMPLETIONS + 1)
            where = _range(made.lines, start, offset)
            items = [
                types.CompletionItem(
                    label=c.text,
                    kind=types.CompletionItemKind.Text,
                    detail=f"{c.headword} ({c.lang}{', ' + c.status if c.status else ''})",
                    filter_text=c.text,
                    text_edit=types.TextEdit(range=where, new_text=c.text),
                    data={"id": c.id},
                )
                for c in found[:COMPLETIONS]
            ]
            return types.CompletionList(is_incomplete=len(found) > COMPLETIONS, items=items)

        return _guarded(ls, work, types.CompletionList(is_incomplete=False, items=[]))

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    def resolve(ls: GlossServer, item: types.CompletionItem) -> types.CompletionItem:
        def work() -> types.CompletionItem:
            cid = item.data.get("id") if isinstance(item.data, dict) else None
            concept = ls.termbase.concept(cid) if ls.termbase and cid else None
            if concept is not None:
                value = card(concept, ls.termbase.langs if ls.termbase else ())
                item.documentation = types.MarkupContent(
                    kind=types.MarkupKind.Markdown, value=value
                )
            return item

        return _guarded(ls, work, item)

    return server


def _completion_langs(made: _Document, offset: int, prefix: str) -> tuple[str, ...]:
    """The language completed at ``offset``: in a PO or XLIFF document, the target language
    in a target text and the source language elsewhere; in other documents, the language the
    script of the word typed says, when it says one other than Latin's (a Latin word in a
    Bengali text may be an English term)."""
    analysis = made.analysis
    if analysis.source_lang and analysis.target_lang:
        lang = analysis.target_lang if analysis.in_target(offset) else analysis.source_lang
        return (lang,)
    from glossary_cli.scripts.writing import text_language

    said = text_language(prefix)
    return (said,) if said is not None and said != "en" else ()


def serve(
    base: Settings,
    stdin: BinaryIO | None = None,
    stdout: BinaryIO | None = None,
    env: Mapping[str, str] | None = None,
) -> None:
    """Run the server over the given binary streams (standard input and output when
    ``None``) until the client asks it to exit."""
    make_server(base, env).start_io(stdin, stdout)
