//===--- CheckDocs.h - what gpuleak tells about each check ----------------===//
//
// The rule metadata written into SARIF: one row per gpuleak-* check, with the
// first sentence of its docs page, docs/checks/<name>.md, generated at build
// time (gen-check-docs.py) and compiled in so that the binary needs no docs at
// run time; test/cli/rules-table.test fails when a registered check has no row.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_CHECKDOCS_H
#define GPULEAK_TOOL_GPULEAK_CHECKDOCS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"
#include <string>

namespace gpuleak {

struct CheckDoc {
  llvm::StringRef Name;    ///< "gpuleak-empty-cache-in-loop"
  llvm::StringRef Summary; ///< first sentence of docs/checks/<name>.md
};

/// All gpuleak checks, sorted by name.
llvm::ArrayRef<CheckDoc> checkDocs();

/// The docs page of \p CheckName relative to the docs base URL
/// (GPULEAK_DOCS_URL): the name without "gpuleak-", plus ".md". Inline, so
/// that gpuleak-clangd links its diagnostics to the same pages without
/// linking the rule table.
inline std::string docsPage(llvm::StringRef CheckName) {
  CheckName.consume_front("gpuleak-");
  return (llvm::Twine(CheckName) + ".md").str();
}

} // namespace gpuleak

#endif
