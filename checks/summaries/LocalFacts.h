//===--- LocalFacts.h - summary facts read from one function body -*- C++ -*-===//
//
// The facts of a function summary (summaries/Summaries.h) about grad mode and
// forward passes, read from a function's body in the translation unit that
// defines it. Stores and results come from the provenance analysis
// (TensorStores.h), which owns the data flow.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_CHECKS_SUMMARIES_LOCALFACTS_H
#define GPULEAK_CHECKS_SUMMARIES_LOCALFACTS_H

#include "Summaries.h"
#include "clang/AST/ASTContext.h"
#include <optional>

namespace clang::tidy::gpuleak {

/// Where \p FD (defined in this TU) runs a forward pass with the grad mode
/// its caller set: a forward call in its body that no grad-disabling guard
/// of the body covers, or a call, so uncovered, of a function that runs one
/// (defined in this TU, at most 4 calls deep, or known to \p Index). Forward
/// calls inside lambdas are not counted: a lambda may run anywhere.
std::optional<SourceLocation> forwardRunBy(const FunctionDecl *FD,
                                           ASTContext &Ctx,
                                           const ProjectIndex *Index = nullptr);

/// \p L (its expansion) as a place: the file's path made absolute against
/// the working directory of the TU, without `.` and `..`, as clang-tidy's
/// diagnostics name it (gpuleak check matches notes by place); an empty place
/// for a location in no file.
SummaryPlace placeOf(SourceLocation L, const SourceManager &SM);

/// The location of \p P in \p SM, loading its file if the TU did not;
/// invalid when the file cannot be read.
SourceLocation locationOf(const SummaryPlace &P, SourceManager &SM);

/// Whether grad mode is off for the whole body of \p FD: a guard that
/// disables it is declared in the body's outermost block before any call.
bool disablesGradForBody(const FunctionDecl *FD, ASTContext &Ctx);

} // namespace clang::tidy::gpuleak

#endif
