//===--- CompileDatabase.cpp - finding and loading -p's compile database --===//

#include "CompileDatabase.h"
#include "Verify.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpuleak {

Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(StringRef BuildPath, SmallString<256> &DBPath) {
  DBPath = BuildPath;
  if (sys::fs::is_directory(BuildPath)) {
    sys::path::append(DBPath, "compile_commands.json");
    if (!sys::fs::exists(DBPath))
      return createStringError("no compile_commands.json in '" + BuildPath + "'");
  } else if (!sys::fs::exists(BuildPath)) {
    return createStringError("no compile database at '" + BuildPath + "'");
  }
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(DBPath);
  if (!Text)
    return createStringError("cannot read '" + DBPath +
                             "': " + Text.getError().message());
  auto Malformed = [&](const Twine &Why) {
    return createStringError("malformed compile database '" + DBPath + "': " + Why);
  };
  if (!jsonNestingWithin((*Text)->getBuffer()))
    return Malformed("nests deeper than " + Twine(MaxJSONNesting) + " levels");
  Expected<json::Value> Parsed = json::parse((*Text)->getBuffer());
  if (!Parsed)
    return Malformed(toString(Parsed.takeError()));
  if (!Parsed->getAsArray())
    return Malformed("expected a JSON array of compile commands");
  std::string LoadError;
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          DBPath, LoadError, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return Malformed(StringRef(LoadError).split('\n').first.trim());
  return std::move(DB);
}

} // namespace gpuleak
