//===--- ProjectFindings.h - findings that need the whole project -*- C++ -*-===//
//
// `gpuleak check`'s step after the last translation unit: it gathers every
// TU's function summaries into the project index (checks/summaries/), solves
// them over the project's call graph, writes the index next to the compile
// database, and then decides what one TU could not:
//   - an open call site (a graph handed, in a loop, to a function defined in
//     another TU) becomes a gpuleak-retained-tensor finding when the callee
//     keeps that parameter, with notes down the chain to the store;
//   - a finding that rests on an assumption about such a callee (its note
//     "assuming 'f', defined in another file, returns its argument's graph")
//     is dropped when the callee's summary says it cuts the graph.
// Each TU is still parsed once.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_PROJECTFINDINGS_H
#define GPULEAK_TOOL_GPULEAK_PROJECTFINDINGS_H

#include "Findings.h"
#include "TranslationUnitRunner.h"
#include "llvm/Support/Error.h"

namespace gpuleak {

/// What the project step did, for the summary line and the benchmarks.
struct ProjectStats {
  size_t Functions = 0;  ///< summaries in the index
  unsigned Rounds = 0;   ///< rounds of the fixpoint
  size_t Added = 0;      ///< findings from open call sites
  size_t Dropped = 0;    ///< findings whose assumption the index refuted
  double SolveSeconds = 0; ///< merging, solving and deciding (not writing)
};

/// Merges \p TUs (in order) into an index, with the entries of
/// \p Previous (an earlier run's index, may be null) for functions not
/// summarized now, solves it, adds to and removes from \p R's findings as
/// above, and writes the index to \p IndexPath unless it is empty. An error
/// is returned only for the write; \p R is complete either way.
/// \p Analysed are the translation units of \p TUs (the same order), stamped
/// in the index's `files` (those that parsed) so that a later run knows
/// which it holds; \p Others are the compile database's translation units
/// that the run did not analyse (a run over some of them). When there are
/// such, each of them that \p Previous did not hold fresh, and each file
/// of \p Previous whose entries were stale, is written as stale
/// (`size: -1`) unless a summary of the run points into it: a later run
/// then does not take the index as holding the whole project.
llvm::Error applyProjectIndex(std::vector<TUResult> &TUs, Results &R,
                              const clang::tidy::gpuleak::ProjectIndex *Previous,
                              llvm::StringRef IndexPath,
                              llvm::ArrayRef<std::string> Analysed,
                              llvm::ArrayRef<std::string> Others,
                              ProjectStats &Stats);

} // namespace gpuleak

#endif
