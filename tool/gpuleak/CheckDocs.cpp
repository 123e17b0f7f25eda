//===--- CheckDocs.cpp - what gpuleak tells about each check --------------===//

#include "CheckDocs.h"
#include "llvm/ADT/Twine.h"

namespace gpuleak {

// Keep each Summary equal to the first sentence of docs/checks/<name>.md
// (which is also the check class's `///` summary); rules-table.test compares.
static constexpr CheckDoc Docs[] = {
    {"gpuleak-create-graph-cycle",
     "Finds backward() calls with create_graph=true into leaves inside a "
     "loop, which build a leaf-grad-graph-leaf reference cycle that is never "
     "freed."},
    {"gpuleak-empty-cache-in-loop",
     "Finds calls that flush the CUDA caching allocator's cache on every "
     "iteration of a loop, directly or through functions of the same "
     "translation unit that the loop calls."},
    {"gpuleak-missing-detach",
     "Finds graph-attached tensors that are carried to the next iteration, or "
     "kept where only their value is needed, without detach()."},
    {"gpuleak-missing-no-grad",
     "Finds forward passes on inference or evaluation paths that run with "
     "grad mode on."},
    {"gpuleak-retained-tensor",
     "Finds tensors that carry autograd history or hold CUDA storage and are "
     "stored where they outlive their loop iteration."},
};

llvm::ArrayRef<CheckDoc> checkDocs() { return Docs; }

std::string docsPage(llvm::StringRef CheckName) {
  CheckName.consume_front("gpuleak-");
  return (llvm::Twine(CheckName) + ".md").str();
}

} // namespace gpuleak
