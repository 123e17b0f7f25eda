#!/usr/bin/env python3
"""Drives gpuleak-clangd over stdio with pygls's LSP client, step by step.

Usage: lsp-steps.py CLANGD ROOT STEP... [-- CLANGD-ARG...]

ROOT is the workspace folder. Each STEP is one of:
  open:FILE        didOpen FILE (relative to ROOT); prints its diagnostics
  touch:FILE       didChange FILE to its own text plus a newline (clangd
                   rebuilds its AST); prints its diagnostics
  change:FILE:SRC  didChange FILE's buffer to the text of SRC (relative to
                   ROOT), without saving it: an unsaved edit; prints FILE's
                   diagnostics
  quiet-change:FILE:SRC   the same, printing nothing
  run:CMD          runs the shell command CMD in ROOT and waits for it
  fixes:FILE       codeAction on each of FILE's last diagnostics; prints
                   the quick fixes' titles and whether preferred
The diagnostics of a file are the first publishDiagnostics for its current
version: `FILE vN: []` when there are none, else for each diagnostic
`FILE vN: L:C-L:C CODE: MESSAGE` (1-based lines and columns) followed by a
line `  note FILE:L:C: MESSAGE` per related information, files relative to
ROOT; with GPULEAK_LSP_LINKS set, a line `  link HREF` (the diagnostic's
codeDescription) comes before the notes.
With GPULEAK_LSP_TIMES set, each open/touch/change also prints to stderr the
seconds from the notification to its diagnostics. clangd's log goes to
ROOT/clangd.log. pygls and lsprotocol come from PyPI (scripts/setup.sh puts
them in .cache/python; lit puts that on PYTHONPATH).
"""
import asyncio
import os
import subprocess
import sys
import time

from lsprotocol import types
from pygls.lsp.client import LanguageClient

from lsp_common import client_capabilities

TIMEOUT_S = 600  # a loaded 2-core machine parses LibTorch slowly

LANGUAGES = {".c": "c", ".cu": "cuda-cpp", ".h": "cpp"}


class Session:
    def __init__(self, root):
        self.root = root
        self.client = LanguageClient("gpuleak-lsp-steps", "1")
        self.queue = asyncio.Queue()
        self.versions = {}
        self.texts = {}
        self.last = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params):
            self.queue.put_nowait(params)

    def uri(self, rel):
        return "file://" + os.path.join(self.root, rel)

    def rel(self, uri):
        return os.path.relpath(uri[len("file://"):], self.root)

    def show(self, label, d):
        pos = lambda p: "%d:%d" % (p.line + 1, p.character + 1)
        print("%s %s-%s %s: %s" % (label, pos(d.range.start), pos(d.range.end),
                                   d.code, d.message), flush=True)
        if os.environ.get("GPULEAK_LSP_LINKS") and d.code_description:
            print("  link %s" % d.code_description.href, flush=True)
        for r in d.related_information or []:
            print("  note %s:%s: %s" % (self.rel(r.location.uri),
                                         pos(r.location.range.start), r.message),
                  flush=True)

    async def published(self, rel):
        want = (self.uri(rel), self.versions[rel])
        while True:
            p = await asyncio.wait_for(self.queue.get(), TIMEOUT_S)
            if (p.uri, p.version) == want:
                return p

    async def report(self, rel, start, quiet=False):
        p = await self.published(rel)
        if os.environ.get("GPULEAK_LSP_TIMES"):
            print("time %s v%d: %.1f s" % (rel, p.version, time.monotonic() - start),
                  file=sys.stderr, flush=True)
        self.last[rel] = p.diagnostics
        if quiet:
            return
        label = "%s v%d:" % (rel, p.version)
        if not p.diagnostics:
            print(label, "[]", flush=True)
        for d in p.diagnostics:
            self.show(label, d)

    def change(self, rel, text):
        self.versions[rel] += 1
        self.texts[rel] = text
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(
                uri=self.uri(rel), version=self.versions[rel]),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))

    async def step(self, step):
        kind, _, arg = step.partition(":")
        start = time.monotonic()
        if kind == "open":
            with open(os.path.join(self.root, arg)) as f:
                self.texts[arg] = f.read()
            self.versions[arg] = 1
            lang = LANGUAGES.get(os.path.splitext(arg)[1], "cpp")
            self.client.text_document_did_open(types.DidOpenTextDocumentParams(
                text_document=types.TextDocumentItem(
                    uri=self.uri(arg), language_id=lang, version=1,
                    text=self.texts[arg])))
            await self.report(arg, start)
        elif kind == "touch":
            self.change(arg, self.texts[arg] + "\n")
            await self.report(arg, start)
        elif kind in ("change", "quiet-change"):
            rel, _, src = arg.partition(":")
            with open(os.path.join(self.root, src)) as f:
                self.change(rel, f.read())
            await self.report(rel, start, quiet=kind == "quiet-change")
        elif kind == "run":
            subprocess.run(arg, shell=True, cwd=self.root, check=True,
                           stdout=subprocess.DEVNULL)
        elif kind == "fixes":
            for d in self.last[arg]:
                actions = await asyncio.wait_for(
                    self.client.text_document_code_action_async(types.CodeActionParams(
                        text_document=types.TextDocumentIdentifier(uri=self.uri(arg)),
                        range=d.range,
                        context=types.CodeActionContext(diagnostics=[d]))), TIMEOUT_S)
                for a in actions or []:
                    if isinstance(a, types.CodeAction) and a.kind == types.CodeActionKind.QuickFix:
                        print("%s %d:%d fix: %s%s" % (
                            arg, d.range.start.line + 1, d.range.start.character + 1,
                            a.title, " (preferred)" if a.is_preferred else ""), flush=True)
        else:
            raise SystemExit("unknown step: " + step)


async def main(clangd, root, steps, args):
    s = Session(root)
    log = os.path.join(root, "clangd.log")
    await s.client.start_io("/bin/sh", "-c", 'exec "$0" "$@" 2>"$LOG"', clangd, *args,
                            env=dict(os.environ, LOG=log))
    caps = client_capabilities()
    await asyncio.wait_for(s.client.initialize_async(types.InitializeParams(
        capabilities=caps, root_uri="file://" + root,
        workspace_folders=[types.WorkspaceFolder(uri="file://" + root, name="root")])),
        TIMEOUT_S)
    s.client.initialized(types.InitializedParams())
    for step in steps:
        await s.step(step)
    await asyncio.wait_for(s.client.shutdown_async(None), TIMEOUT_S)
    s.client.exit(None)
    await asyncio.wait_for(s.client.stop(), TIMEOUT_S)


if __name__ == "__main__":
    argv = sys.argv[1:]
    args = argv[argv.index("--") + 1:] if "--" in argv else []
    argv = argv[:argv.index("--")] if "--" in argv else argv
    asyncio.run(main(argv[0], os.path.abspath(argv[1]), argv[2:], args))
