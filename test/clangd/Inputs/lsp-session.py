#!/usr/bin/env python3
"""Drives gpuleak-clangd over stdio as an editor does, with pygls's LSP client.

Usage: lsp-session.py CLANGD ROOT

ROOT holds leak/a.cpp (mock LibTorch headers, compile_flags.txt, no .clangd
and no .clang-tidy anywhere above it), leak/fixed.cpp (the text an editor
has after the quick fix) nvcc/timing.cu with an nvcc compile_commands.json, and c/a.c, a C file.
The session:
  1. initialize (the capabilities VS Code's clangd extension announces for
     diagnostics and code actions), initialized;
  2. didOpen leak/a.cpp; prints its publishDiagnostics;
  3. codeAction on the first diagnostic's range; prints the quick fixes;
  4. applies the first quick fix's edit, checks it gives leak/fixed.cpp,
     didChange to that text; prints the new publishDiagnostics;
  5. didOpen nvcc/timing.cu; prints its publishDiagnostics;
  6. didOpen c/a.c, didChange it (two AST builds); prints its last
     publishDiagnostics;
  7. shutdown, exit; prints clangd's exit status, then the lines of clangd's
     log that gpuleak-clangd wrote (sorted, without the time).
Each message is printed as one line of JSON with sorted keys and ROOT's URI
written as ROOT, for FileCheck. clangd's log goes to ROOT/clangd.log.
pygls and lsprotocol come from PyPI (scripts/setup.sh installs them into
.cache/python; lit puts that folder on PYTHONPATH).
"""
import asyncio
import json
import os
import sys

from lsprotocol import converters, types
from pygls.lsp.client import LanguageClient

from lsp_common import client_capabilities

TIMEOUT_S = 300  # a loaded 2-core CI machine parses CUDA headers slowly


def uri(path):
    return "file://" + path


class Client(LanguageClient):
    """Keeps the server's exit status (pygls calls server_exit on exit)."""
    returncode = None

    async def server_exit(self, server):
        self.returncode = server.returncode


class Session:
    def __init__(self, root):
        self.root = root
        self.client = Client("gpuleak-lsp-test", "1")
        self.converter = converters.get_converter()
        self.diagnostics = asyncio.Queue()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params):
            self.diagnostics.put_nowait(params)

    def show(self, label, value):
        text = json.dumps(self.converter.unstructure(value), sort_keys=True)
        print(label, text.replace(uri(self.root), "ROOT"), flush=True)

    async def published(self, path, version):
        """The first publishDiagnostics for `path` at `version`."""
        while True:
            params = await asyncio.wait_for(self.diagnostics.get(), TIMEOUT_S)
            if params.uri == uri(path) and params.version == version:
                return params

    def open(self, path, language):
        with open(path) as f:
            text = f.read()
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri(path), language_id=language, version=1, text=text)))
        return text


def apply_edits(text, edits):
    """`text` with LSP TextEdits applied (UTF-16 columns equal bytes here)."""
    lines = text.split("\n")

    def offset(pos):
        return sum(len(l) + 1 for l in lines[:pos.line]) + pos.character

    for e in sorted(edits, key=lambda e: offset(e.range.start), reverse=True):
        text = text[:offset(e.range.start)] + e.new_text + text[offset(e.range.end):]
    return text


async def main(clangd, root):
    s = Session(root)
    log = os.path.join(root, "clangd.log")
    # pygls reads clangd's stdout; its stderr (the log) goes to a file so
    # that a full pipe cannot stall clangd.
    await s.client.start_io("/bin/sh", "-c", 'exec "$0" "$@" 2>"$LOG"', clangd,
                            "--background-index=false",
                            env=dict(os.environ, LOG=log,
                                     XDG_CONFIG_HOME=os.path.join(root, "xdg")))
    caps = client_capabilities()
    await asyncio.wait_for(s.client.initialize_async(types.InitializeParams(
        capabilities=caps, root_uri=uri(root),
        workspace_folders=[types.WorkspaceFolder(uri=uri(root), name="root")])),
        TIMEOUT_S)
    s.client.initialized(types.InitializedParams())

    a = os.path.join(root, "leak", "a.cpp")
    text = s.open(a, "cpp")
    first = await s.published(a, 1)
    for d in first.diagnostics:
        s.show("a.cpp v1:", d)
    assert first.diagnostics, "no diagnostic for leak/a.cpp"

    diag = first.diagnostics[0]
    actions = await asyncio.wait_for(s.client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri(a)),
            range=diag.range,
            context=types.CodeActionContext(diagnostics=[diag]))), TIMEOUT_S)
    fixes = [x for x in actions or [] if isinstance(x, types.CodeAction)
             and x.kind == types.CodeActionKind.QuickFix]
    for x in fixes:
        s.show("quickfix:", x)
    assert fixes, "no quick fix for the first diagnostic"

    fixed = apply_edits(text, fixes[0].edit.changes[uri(a)])
    with open(os.path.join(root, "leak", "fixed.cpp")) as f:
        assert fixed == f.read(), "the quick fix gives:\n" + fixed
    s.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(a), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=fixed)]))
    second = await s.published(a, 2)
    s.show("a.cpp v2:", second.diagnostics)

    cu = os.path.join(root, "nvcc", "timing.cu")
    s.open(cu, "cuda-cpp")
    for d in (await s.published(cu, 1)).diagnostics:
        s.show("timing.cu v1:", d)

    c = os.path.join(root, "c", "a.c")
    c_text = s.open(c, "c")
    await s.published(c, 1)
    s.client.text_document_did_change(types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri(c), version=2),
        content_changes=[types.TextDocumentContentChangeWholeDocument(
            text=c_text + "\n")]))
    s.show("a.c v2:", (await s.published(c, 2)).diagnostics)

    await asyncio.wait_for(s.client.shutdown_async(None), TIMEOUT_S)
    s.client.exit(None)
    await asyncio.wait_for(s.client.stop(), TIMEOUT_S)
    print("clangd exit status:", s.client.returncode, flush=True)
    with open(log) as f:
        said = [l.split("] ", 1)[1].rstrip("\n") for l in f
                if "] gpuleak-clangd: " in l]
    for l in sorted(said):
        print("log:", l)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], os.path.abspath(sys.argv[2])))
