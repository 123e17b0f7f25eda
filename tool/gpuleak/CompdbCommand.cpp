//===--- CompdbCommand.cpp - `gpuleak compdb` -----------------------------===//

#include "CompdbCommand.h"
#include "CompileDatabase.h"
#include "ChangedLines.h"
#include "CheckCommand.h"
#include "NvccCommand.h"
#include "OutputGuard.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

using namespace llvm;

namespace gpuleak {

static cl::SubCommand
    CompdbCmd("compdb",
              "Write a copy of the compile database with nvcc commands as "
              "clang CUDA ones, for stock clang-tidy, run-clang-tidy and "
              "clangd");

cl::SubCommand &compdbSubcommand() { return CompdbCmd; }

static cl::OptionCategory CompdbCategory("gpuleak compdb options");

cl::OptionCategory &compdbCategory() { return CompdbCategory; }

static cl::opt<std::string>
    BuildPath("p",
              cl::desc("Build directory holding compile_commands.json, or "
                       "the compile database file itself"),
              cl::value_desc("build-dir"), cl::sub(CompdbCmd),
              cl::cat(CompdbCategory));

static cl::opt<std::string>
    OutputDir("output",
              cl::desc("Directory to write compile_commands.json into "
                       "(created if missing)"),
              cl::value_desc("dir"), cl::sub(CompdbCmd),
              cl::cat(CompdbCategory));
static cl::alias OutputDirShort("o", cl::desc("Alias for --output"),
                                cl::aliasopt(OutputDir), cl::NotHidden,
                                cl::cat(CompdbCategory));

static cl::opt<std::string> BuildConfig(
    "build-config",
    cl::desc("Write the compile commands of this build configuration only "
             "(CMake's Ninja Multi-Config database lists each file once per "
             "configuration, and clangd takes the first)"),
    cl::value_desc("name"), cl::sub(CompdbCmd), cl::cat(CompdbCategory));

static int fail(const Twine &Message) {
  WithColor::error(errs(), "gpuleak") << Message << '\n';
  return ExitError;
}

int runCompdb() {
  if (BuildPath.empty())
    return fail("no build directory; pass -p BUILD_DIR");
  if (OutputDir.empty())
    return fail("no output directory; pass -o DIR");
  SmallString<256> DBPath;
  Expected<std::unique_ptr<clang::tooling::CompilationDatabase>> Loaded =
      gpuleak::loadCompileDatabase(BuildPath, DBPath);
  if (!Loaded)
    return fail(toString(Loaded.takeError()));
  std::unique_ptr<clang::tooling::CompilationDatabase> DB = std::move(*Loaded);
  if (!BuildConfig.empty())
    if (Error Err =
            selectBuildConfig(DB, DBPath, BuildConfig, buildConfigsOf(*DB)))
      return fail(toString(std::move(Err)));
  // The project's include folders given as system ones, as `gpuleak check`
  // reads them: at or under the git work tree of the sources, holding
  // files the repository tracks (CompileDatabase.h,
  // withProjectIncludeFolders).
  {
    SmallString<256> DBDir(sys::path::parent_path(DBPath));
    sys::fs::make_absolute(DBDir);
    std::string Root =
        gitTopLevel(sourceFolder(DB->getAllFiles(), std::string(DBDir)));
    DB = withProjectIncludeFolders(std::move(DB), Root);
  }

  if (sys::fs::exists(OutputDir) && !sys::fs::is_directory(OutputDir))
    return fail("cannot write into '" + OutputDir + "': not a directory");
  SmallString<256> OutPath(OutputDir);
  sys::path::append(OutPath, "compile_commands.json");
  if (std::optional<std::string> Err = outputOverwritesInput(
          OutPath, {{std::string(DBPath), "the compile database"}},
          DB->getAllFiles(), DBPath))
    return fail(*Err);
  if (std::error_code EC = sys::fs::create_directories(OutputDir))
    return fail("cannot create '" + OutputDir + "': " + EC.message());

  // Every command in the database's order; only nvcc's change.
  json::Array Entries;
  size_t Translated = 0;
  std::vector<clang::tooling::CompileCommand> Commands =
      DB->getAllCompileCommands();
  for (const clang::tooling::CompileCommand &C : Commands) {
    std::vector<std::string> Args = C.CommandLine;
    if (std::optional<std::vector<std::string>> Clang =
            translateNvccCommand(Args)) {
      Args = std::move(*Clang);
      ++Translated;
    }
    json::Object Entry{{"directory", C.Directory},
                       {"file", C.Filename},
                       {"arguments", json::Array(Args)}};
    if (!C.Output.empty())
      Entry["output"] = C.Output;
    Entries.push_back(std::move(Entry));
  }
  auto Write = [&](raw_ostream &OS) {
    json::OStream J(OS, /*IndentSize=*/1);
    J.value(json::Value(std::move(Entries)));
    OS << '\n';
    return;
  };
  if (Error Err = writeOutput(OutPath, Write))
    return fail("cannot write '" + OutPath +
                "': " + errorToErrorCode(std::move(Err)).message());
  errs() << "gpuleak: " << Commands.size() << " compile command"
         << (Commands.size() == 1 ? "" : "s") << " (" << Translated
         << " of nvcc, as clang CUDA commands) written to '" << OutPath
         << "'\n";
  return ExitClean;
}

} // namespace gpuleak
