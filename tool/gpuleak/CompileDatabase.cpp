//===--- CompileDatabase.cpp - finding and loading -p's compile database --===//

#include "CompileDatabase.h"
#include "NvccCommand.h"
#include "Verify.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace gpuleak {

namespace {
using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

/// \p Path (of a response file) relative to \p Directory, when relative.
std::string inDirectory(StringRef Path, StringRef Directory) {
  SmallString<256> P(Path);
  if (!sys::path::is_absolute(P)) {
    P = Directory;
    sys::path::append(P, Path);
  }
  return std::string(P);
}

/// nvcc's response files as clang's: `--options-file F,G` becomes `@F @G`
/// when both exist (expandResponseFiles then reads them); otherwise it is
/// left as it is, for missingResponseFile.
class NvccOptionsFilesDatabase : public CompilationDatabase {
public:
  explicit NvccOptionsFilesDatabase(std::unique_ptr<CompilationDatabase> Base)
      : Base(std::move(Base)) {}
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }
  std::vector<CompileCommand>
  getCompileCommands(StringRef FilePath) const override {
    return rewrite(Base->getCompileCommands(FilePath));
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return rewrite(Base->getAllCompileCommands());
  }

private:
  static std::vector<CompileCommand> rewrite(std::vector<CompileCommand> Cmds) {
    for (CompileCommand &C : Cmds)
      C.CommandLine =
          gpuleak::nvccOptionsFilesAsResponseFiles(C.CommandLine, C.Directory);
    return Cmds;
  }
  std::unique_ptr<CompilationDatabase> Base;
};
} // namespace

std::optional<std::string> missingResponseFile(const CompileCommand &C) {
  const std::vector<std::string> &Args = C.CommandLine;
  auto Missing = [&](StringRef File, StringRef How) -> std::optional<std::string> {
    if (sys::fs::exists(inDirectory(File, C.Directory)))
      return std::nullopt;
    return ("its compile command's response file '" + File + "' (" + How +
            ") does not exist" +
            (sys::path::is_absolute(File) ? "" : " in '" + C.Directory + "'"))
        .str();
  };
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    if (A.size() > 1 && A.front() == '@')
      if (std::optional<std::string> M = Missing(A.drop_front(), A))
        return M;
    std::vector<std::string> Files;
    bool TookNext;
    if (isNvcc(Args[0]) &&
        nvccOptionsFiles(Args[I], I + 1 < Args.size() ? &Args[I + 1] : nullptr,
                         Files, TookNext))
      for (const std::string &F : Files)
        if (std::optional<std::string> M = Missing(F, "nvcc " + StringRef(Args[I]).split('=').first.str()))
          return M;
  }
  return std::nullopt;
}

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
  // clang's JSONCompilationDatabase keys an entry by `directory` joined with
  // `file`, as written; when both are relative the key is too, and
  // FileMatchTrie holds no relative path, so getCompileCommands never finds
  // it: clang-tidy says "Skipping ... Compile command not found." and
  // analyses nothing. Such an entry would be counted and not analysed.
  // (A relative `directory` with an absolute `file` is found, and ClangTool
  // enters the directory from the working directory, as the analysis does.)
  std::vector<std::pair<std::string, std::string>> Unreachable;
  for (const json::Value &Entry : *Parsed->getAsArray())
    if (const json::Object *O = Entry.getAsObject()) {
      std::optional<StringRef> Dir = O->getString("directory"),
                               File = O->getString("file");
      if (Dir && File && sys::path::is_relative(*Dir) &&
          sys::path::is_relative(*File))
        Unreachable.emplace_back(Dir->str(), File->str());
    }
  if (!Unreachable.empty()) {
    std::string More =
        Unreachable.size() > 1
            ? " (and " + std::to_string(Unreachable.size() - 1) + " more)"
            : "";
    return createStringError(
        "'" + DBPath + "': the entry of '" + Unreachable.front().second +
        "'" + More + " has the relative directory '" + Unreachable.front().first +
        "': clang's compile database finds no entry whose directory and "
        "file are both relative (clang-tidy skips it: \"Compile command not "
        "found\"); make 'directory' absolute");
  }
  return clang::tooling::expandResponseFiles(
      std::make_unique<NvccOptionsFilesDatabase>(std::move(DB)),
      vfs::getRealFileSystem());
}

} // namespace gpuleak
