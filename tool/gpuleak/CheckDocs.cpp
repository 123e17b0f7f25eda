//===--- CheckDocs.cpp - what gpuleak tells about each check --------------===//

#include "CheckDocs.h"

namespace gpuleak {

// One row per docs/checks/<name>.md, generated at build time from the page's
// first sentence (gen-check-docs.py), so SARIF's rule descriptions cannot
// drift from the docs; rules-table.test checks that every registered check
// has a row.
static constexpr CheckDoc Docs[] = {
#include "CheckDocs.inc"
};

llvm::ArrayRef<CheckDoc> checkDocs() { return Docs; }

} // namespace gpuleak
