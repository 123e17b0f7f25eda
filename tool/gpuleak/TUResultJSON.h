//===--- TUResultJSON.h - one translation unit's result as JSON -*- C++ -*-===//
//
// The JSON of a TUResult (findings, open call sites, bounded targets,
// function summaries, and the error of a unit that did not parse), shared by
// the two files that keep results between runs or processes: shard files
// (`check --shard`, read by `gpuleak merge`) and result-cache entries.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_TURESULTJSON_H
#define GPULEAK_TOOL_GPULEAK_TURESULTJSON_H

#include "TranslationUnitRunner.h"
#include "llvm/Support/JSON.h"
#include <optional>

namespace gpuleak {

/// \p TU as a JSON object: "findings", "summaries", "bounded", "sites", and
/// "error" when it did not parse. (Timings are not part of a result.)
llvm::json::Object tuResultJSON(const TUResult &TU);

/// Reads into \p TU what tuResultJSON() wrote in \p O. On the first field
/// that is missing or of the wrong type, reports it at \p Path and returns
/// false.
bool readTUResult(const llvm::json::Object &O, TUResult &TU,
                  llvm::json::Path Path);

/// Reads the string field \p Key of \p O into \p Out; reports "expected a
/// string" at that field and returns false when it is not one. (Shared by the
/// readers of TU results and of shard files.)
bool readJSONString(const llvm::json::Object &O, llvm::StringLiteral Key,
                    std::string &Out, llvm::json::Path Path);

/// The parsed JSON file \p File, or std::nullopt when it cannot be read or
/// does not parse (for readers that treat a broken file as an absent one: a
/// CMake preset file, an entry of the result cache's `commands/`).
std::optional<llvm::json::Value> readJSONFile(llvm::StringRef File);

} // namespace gpuleak

#endif
