//===--- CompileDatabase.cpp - finding and loading -p's compile database --===//

#include "CompileDatabase.h"
#include "BuildGraph.h"
#include "ChangedLines.h"
#include "NvccCommand.h"
#include "Verify.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>
#include <mutex>

using namespace llvm;

namespace gpuleak {

namespace {
using clang::tooling::CompilationDatabase;
using clang::tooling::CompileCommand;

/// A database whose commands are those of \p Base, each rewritten by
/// rewrite(): the layers loadCompileDatabase and withProjectIncludeFolders
/// stack.
class RewritingDatabase : public CompilationDatabase {
public:
  explicit RewritingDatabase(std::unique_ptr<CompilationDatabase> Base)
      : Base(std::move(Base)) {}
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }
  std::vector<CompileCommand>
  getCompileCommands(StringRef FilePath) const override {
    return rewriteAll(Base->getCompileCommands(FilePath));
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return rewriteAll(Base->getAllCompileCommands());
  }

protected:
  virtual void rewrite(CompileCommand &C) const = 0;
  std::unique_ptr<CompilationDatabase> Base;

private:
  std::vector<CompileCommand> rewriteAll(std::vector<CompileCommand> Cmds) const {
    for (CompileCommand &C : Cmds)
      rewrite(C);
    return Cmds;
  }
};

/// nvcc's response files as clang's: `--options-file F,G` becomes `@F @G`
/// when both exist (expandResponseFiles then reads them); otherwise it is
/// left as it is, for missingResponseFile.
class NvccOptionsFilesDatabase : public RewritingDatabase {
public:
  using RewritingDatabase::RewritingDatabase;

private:
  void rewrite(CompileCommand &C) const override {
    C.CommandLine =
        gpuleak::nvccOptionsFilesAsResponseFiles(C.CommandLine, C.Directory);
  }
};

/// CMake's precompiled-header wrapper (target_precompile_headers) replaced
/// by the headers it lists, after the response files are read
/// (NvccCommand.h, expandCMakePchWrapper): through the wrapper's `#pragma
/// GCC system_header` the project's own headers would be system headers.
/// And LibTorch's and CUDA's include folders given with `-I` made system
/// folders again (libraryIncludesAsSystem).
class CMakePchDatabase : public RewritingDatabase {
public:
  using RewritingDatabase::RewritingDatabase;
  /// Less the sources that only build the precompiled header
  /// (`cmake_pch.hxx.cxx`): they hold no code, and each header they list is
  /// parsed by the translation units that use it.
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files = Base->getAllFiles();
    llvm::erase_if(Files, [](const std::string &F) { return isCMakePchSource(F); });
    return Files;
  }

private:
  void rewrite(CompileCommand &C) const override {
    C.CommandLine = gpuleak::expandCMakePchWrapper(C.CommandLine, C.Directory);
    // LibTorch's and CUDA's folders given with -I: library code still.
    C.CommandLine = gpuleak::libraryIncludesAsSystem(C.CommandLine, C.Directory);
  }
};

/// withProjectIncludeFolders' database.
class ProjectIncludesDatabase : public RewritingDatabase {
public:
  ProjectIncludesDatabase(std::unique_ptr<CompilationDatabase> Base,
                          std::set<std::string> Tracked)
      : RewritingDatabase(std::move(Base)), Tracked(std::move(Tracked)) {}
  /// Whether \p Dir (as a command names it, in \p Directory) is a tracked
  /// folder of the project.
  bool isProjectFolder(StringRef Dir, StringRef Directory) const {
    std::string Full = inDirectory(Dir, Directory);
    std::lock_guard<std::mutex> Guard(Lock);
    auto [It, New] = Known.try_emplace(Full, false);
    // LibTorch or the CUDA toolkit stays library code, even tracked.
    if (New)
      It->second = Tracked.count(realPathOr(Full)) > 0 &&
                   !isLibraryIncludeFolder(Full);
    return It->second;
  }
  std::set<std::string> converted() const {
    std::lock_guard<std::mutex> Guard(Lock);
    std::set<std::string> Out;
    for (const auto &[Dir, Yes] : Known)
      if (Yes)
        Out.insert(realPathOr(Dir));
    return Out;
  }

private:
  void rewrite(CompileCommand &C) const override {
    std::vector<std::string> &Args = C.CommandLine;
    for (size_t I = 1; I < Args.size(); ++I) {
      StringRef A = Args[I];
      if ((A == "-isystem" || A == "--system-include") && I + 1 < Args.size()) {
        if (isProjectFolder(Args[I + 1], C.Directory))
          Args[I] = "-I";
        ++I;
        continue;
      }
      for (StringRef Prefix : {"-isystem=", "--system-include=", "-isystem"})
        if (A.starts_with(Prefix) && A.size() > Prefix.size()) {
          if (isProjectFolder(A.drop_front(Prefix.size()), C.Directory))
            Args[I] = (Prefix.ends_with("=") ? "-I=" : "-I") +
                      A.drop_front(Prefix.size()).str();
          break;
        }
    }
  }
  std::set<std::string> Tracked;
  mutable std::mutex Lock;
  mutable std::map<std::string, bool> Known;
};
} // namespace

std::unique_ptr<CompilationDatabase>
withProjectIncludeFolders(std::unique_ptr<CompilationDatabase> Base,
                          StringRef Root, std::set<std::string> *Converted) {
  std::optional<std::set<std::string>> Tracked;
  if (!Root.empty())
    Tracked = trackedFolders(Root);
  if (!Tracked || Tracked->empty())
    return Base;
  auto DB = std::make_unique<ProjectIncludesDatabase>(std::move(Base),
                                                      std::move(*Tracked));
  if (Converted) {
    DB->getAllCompileCommands();
    *Converted = DB->converted();
  }
  return DB;
}

std::string buildConfigOf(const CompileCommand &Command) {
  const std::vector<std::string> &Args = Command.CommandLine;
  for (size_t I = 1; I < Args.size(); ++I) {
    StringRef A = Args[I];
    // `-DCMAKE_INTDIR="Debug"`, `-D CMAKE_INTDIR=...`, cl's `/D`.
    if (A == "-D" || A == "/D") {
      if (I + 1 == Args.size())
        break;
      A = Args[++I];
    } else if (!A.consume_front("-D") && !A.consume_front("/D")) {
      continue;
    }
    if (!A.consume_front("CMAKE_INTDIR="))
      continue;
    if (A.size() >= 2 && A.front() == '"' && A.back() == '"')
      A = A.drop_front().drop_back();
    return A.str();
  }
  return "";
}

std::vector<std::string> buildConfigsOf(const CompilationDatabase &DB) {
  std::vector<std::string> Configs;
  for (const CompileCommand &C : DB.getAllCompileCommands()) {
    std::string Config = buildConfigOf(C);
    if (!Config.empty() && !llvm::is_contained(Configs, Config))
      Configs.push_back(std::move(Config));
  }
  return Configs;
}

namespace {
/// withBuildConfig's database.
class BuildConfigDatabase : public CompilationDatabase {
public:
  BuildConfigDatabase(std::unique_ptr<CompilationDatabase> Base, StringRef Name)
      : Base(std::move(Base)), Name(Name.str()) {}
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Files = Base->getAllFiles();
    llvm::erase_if(Files, [&](const std::string &F) {
      return getCompileCommands(F).empty();
    });
    return Files;
  }
  std::vector<CompileCommand>
  getCompileCommands(StringRef FilePath) const override {
    return select(Base->getCompileCommands(FilePath));
  }
  std::vector<CompileCommand> getAllCompileCommands() const override {
    return select(Base->getAllCompileCommands());
  }

private:
  std::vector<CompileCommand> select(std::vector<CompileCommand> Cmds) const {
    llvm::erase_if(Cmds, [&](const CompileCommand &C) {
      std::string Config = buildConfigOf(C);
      return !Config.empty() && !StringRef(Config).equals_insensitive(Name);
    });
    return Cmds;
  }
  std::unique_ptr<CompilationDatabase> Base;
  std::string Name;
};
} // namespace

std::unique_ptr<CompilationDatabase>
withBuildConfig(std::unique_ptr<CompilationDatabase> Base, StringRef Name) {
  return std::make_unique<BuildConfigDatabase>(std::move(Base), Name);
}

Error selectBuildConfig(std::unique_ptr<CompilationDatabase> &DB,
                        StringRef DBPath, StringRef Name,
                        ArrayRef<std::string> Configs) {
  SmallString<256> Abs(DBPath);
  sys::fs::make_absolute(Abs);
  std::string Start = ("--build-config=" + Name + ": the compile database '" +
                       Abs + "' ")
                          .str();
  if (Configs.empty()) {
    // A single-configuration generator's: CMAKE_BUILD_TYPE is its one.
    std::string BuildType = cmakeCacheValue(DBPath, "CMAKE_BUILD_TYPE");
    if (!BuildType.empty() && StringRef(BuildType).equals_insensitive(Name))
      return Error::success();
    if (!BuildType.empty())
      return createStringError(Start + "is of the build configuration '" +
                               BuildType +
                               "' only (CMAKE_BUILD_TYPE in its "
                               "CMakeCache.txt)");
    return createStringError(
        Start + "names no build configuration (no command defines "
                "CMAKE_INTDIR, as those of CMake's multi-configuration "
                "generators do, and no CMAKE_BUILD_TYPE in a CMakeCache.txt "
                "next to it)");
  }
  if (llvm::none_of(Configs, [&](const std::string &C) {
        return StringRef(C).equals_insensitive(Name);
      }))
    return createStringError(Start + "has no build configuration '" + Name +
                             "'; its configurations: " +
                             llvm::join(Configs, ", "));
  DB = withBuildConfig(std::move(DB), Name);
  return Error::success();
}

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

std::map<std::string, std::vector<std::string>>
responseFilesOf(StringRef DBPath) {
  std::map<std::string, std::vector<std::string>> Out;
  std::string Err;
  std::unique_ptr<clang::tooling::JSONCompilationDatabase> Raw =
      clang::tooling::JSONCompilationDatabase::loadFromFile(
          DBPath, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!Raw)
    return Out;
  // nvcc's options files as `@F` first, as the analysis reads them.
  NvccOptionsFilesDatabase DB(std::move(Raw));
  for (const CompileCommand &C : DB.getAllCompileCommands()) {
    std::vector<std::string> Files;
    for (size_t I = 1; I < C.CommandLine.size(); ++I) {
      StringRef A = C.CommandLine[I];
      if (A.size() > 1 && A.front() == '@')
        Files.push_back(inDirectory(A.drop_front(), C.Directory));
    }
    if (Files.empty())
      continue;
    std::vector<std::string> &Into = Out[inDirectory(C.Filename, C.Directory)];
    Into.insert(Into.end(), Files.begin(), Files.end());
  }
  return Out;
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
  return std::make_unique<CMakePchDatabase>(clang::tooling::expandResponseFiles(
      std::make_unique<NvccOptionsFilesDatabase>(std::move(DB)),
      vfs::getRealFileSystem()));
}

namespace {
/// The explicit and implicit inputs of the build statement of \p Ninja
/// (build.ninja's text) whose rule is RERUN_CMAKE; order-only inputs
/// (after `||`) are not inputs the rule compares.
std::vector<std::string> rerunCMakeInputs(StringRef Ninja) {
  for (BuildStatement &S : ninjaBuildStatements(Ninja))
    if (S.Rule == "RERUN_CMAKE")
      return std::move(S.Inputs);
  return {};
}
} // namespace

std::vector<std::string> cmakeInputs(StringRef DBPath, std::string &Recorder) {
  Recorder.clear();
  SmallString<256> Real;
  if (sys::fs::real_path(DBPath, Real))
    return {};
  SmallString<256> Dir = sys::path::parent_path(Real);
  // Ninja Multi-Config writes the RERUN_CMAKE statement into
  // CMakeFiles/common.ninja, which build.ninja includes (CI trial 12).
  for (StringRef Name : {"build.ninja", "CMakeFiles/common.ninja",
                         "CMakeFiles/Makefile.cmake"}) {
    SmallString<256> Path = Dir;
    sys::path::append(Path, Name);
    ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
    if (!Text)
      continue;
    std::vector<std::string> Inputs =
        Name.ends_with(".ninja") ? rerunCMakeInputs((*Text)->getBuffer())
                                 : cmakeSetStrings((*Text)->getBuffer(),
                                                   "CMAKE_MAKEFILE_DEPENDS");
    if (Inputs.empty())
      continue;
    for (std::string &Input : Inputs)
      if (!sys::path::is_absolute(Input)) {
        SmallString<256> Abs = Dir;
        sys::path::append(Abs, Input);
        Input = std::string(Abs);
      }
    Recorder = Name.str();
    return Inputs;
  }
  return {};
}

std::string cmakeCacheValue(StringRef DBPath, StringRef Name) {
  SmallString<256> Cache;
  if (sys::fs::real_path(DBPath, Cache))
    return "";
  sys::path::remove_filename(Cache);
  sys::path::append(Cache, "CMakeCache.txt");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Cache);
  if (!Text)
    return "";
  SmallVector<StringRef, 0> Lines;
  (*Text)->getBuffer().split(Lines, '\n');
  // NAME:TYPE=VALUE
  for (StringRef Line : Lines)
    if (Line.consume_front(Name) && Line.consume_front(":"))
      return Line.split('=').second.rtrim("\r").str();
  return "";
}

std::string cmakeSourceDir(StringRef DBPath) {
  return cmakeCacheValue(DBPath, "CMAKE_HOME_DIRECTORY");
}

std::optional<NewerCMakeInput> newerCMakeInput(StringRef DBPath) {
  SmallString<256> Real;
  if (sys::fs::real_path(DBPath, Real))
    return std::nullopt;
  SmallString<256> Dir = sys::path::parent_path(Real);
  std::string RecorderName;
  std::vector<std::string> Inputs = cmakeInputs(DBPath, RecorderName);
  if (Inputs.empty())
    return std::nullopt;
  SmallString<256> Recorder = Dir;
  sys::path::append(Recorder, RecorderName);
  sys::fs::file_status DBStatus, RecorderStatus;
  if (sys::fs::status(Real, DBStatus) ||
      sys::fs::status(Recorder, RecorderStatus))
    return std::nullopt;
  auto Written = std::max(DBStatus.getLastModificationTime(),
                          RecorderStatus.getLastModificationTime());
  std::optional<NewerCMakeInput> Newest;
  auto NewestTime = Written;
  // The preset files that `cmake --preset` read for this build folder,
  // which the build tool does not re-run cmake for (CI trial 17, D6).
  const std::vector<std::string> Presets = presetFilesOfBuild(DBPath);
  const std::vector<std::string> *Lists[] = {&Inputs, &Presets};
  for (const std::vector<std::string> *List : Lists)
    for (const std::string &Path : *List) {
      sys::fs::file_status Status;
      if (sys::fs::status(Path, Status) || !sys::fs::exists(Status))
        continue;
      if (Status.getLastModificationTime() > NewestTime) {
        NewestTime = Status.getLastModificationTime();
        Newest = NewerCMakeInput{
            Path, List == &Inputs
                      ? RecorderName + " lists it"
                      : "a configure preset of it names the build folder as "
                        "its binaryDir"};
      }
    }
  return Newest;
}

} // namespace gpuleak
