"""What the two LSP drivers of these tests (lsp-session.py, lsp-steps.py)
announce to gpuleak-clangd: an editor's client capabilities, with related
information, code descriptions, versions and quick-fix code actions."""

from lsprotocol import types


def client_capabilities():
    return types.ClientCapabilities(
        text_document=types.TextDocumentClientCapabilities(
            publish_diagnostics=types.PublishDiagnosticsClientCapabilities(
                related_information=True, version_support=True,
                code_description_support=True),
            code_action=types.CodeActionClientCapabilities(
                code_action_literal_support=types.ClientCodeActionLiteralOptions(
                    code_action_kind=types.ClientCodeActionKindOptions(
                        value_set=[types.CodeActionKind.QuickFix,
                                   types.CodeActionKind.Refactor])),
                is_preferred_support=True)))
