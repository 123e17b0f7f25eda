//===--- CompileDatabase.h - finding and loading -p's compile database ----===//
//
// `-p` names the folder of compile_commands.json, as for clang-tidy, or the
// file itself, whatever its name. Shared by `gpuleak check`/`baseline`/
// `merge` and `gpuleak compdb`.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_COMPILEDATABASE_H
#define GPULEAK_TOOL_COMPILEDATABASE_H

#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Error.h"
#include <memory>

namespace gpuleak {

/// Loads the database that \p BuildPath names into \p DBPath's file. LLVM's
/// loader reads it with a YAML parser that prints syntax errors and still
/// returns what it read (a truncated file loads), so the text is checked as
/// JSON first: a malformed database is an error. The error's message is the
/// one line to print after "gpuleak: error: ".
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(llvm::StringRef BuildPath, llvm::SmallString<256> &DBPath);

} // namespace gpuleak

#endif
