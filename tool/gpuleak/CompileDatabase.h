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
#include <map>
#include <set>
#include <memory>

namespace gpuleak {

/// Loads the database that \p BuildPath names into \p DBPath's file. LLVM's
/// loader reads it with a YAML parser that prints syntax errors and still
/// returns what it read (a truncated file loads), so the text is checked as
/// JSON first: a malformed database is an error. The error's message is the
/// one line to print after "gpuleak: error: ".
///
/// Its commands come with their response files expanded, by clang tooling's
/// expandResponseFiles (llvm::cl::ExpansionContext): `@flags.rsp`, and
/// nvcc's `--options-file F` / `-optf F` (CMake's include paths of the CUDA
/// language), read relative to the command's directory, so that the result
/// cache's key holds their content. A response file that does not exist is
/// left in the command: missingResponseFile names it.
llvm::Expected<std::unique_ptr<clang::tooling::CompilationDatabase>>
loadCompileDatabase(llvm::StringRef BuildPath, llvm::SmallString<256> &DBPath);

/// The build configuration of \p Command: the value of the macro
/// CMAKE_INTDIR that CMake's multi-configuration generators define in every
/// compile command (`-DCMAKE_INTDIR="Release"`; Ninja Multi-Config writes
/// one entry per configuration for each file), or "" when it defines none.
std::string buildConfigOf(const clang::tooling::CompileCommand &Command);

/// The build configurations of \p DB's commands (buildConfigOf), each once,
/// in the order of their first command.
std::vector<std::string>
buildConfigsOf(const clang::tooling::CompilationDatabase &DB);

/// \p Base with the commands of the build configuration \p Name only (its
/// name matched ignoring case, as CMake's `$<CONFIG:...>` matches it), and
/// those of none (a command that CMake did not write); a file left with no
/// command is not among its files. `--build-config`: one configuration's
/// entries of a multi-configuration database.
std::unique_ptr<clang::tooling::CompilationDatabase>
withBuildConfig(std::unique_ptr<clang::tooling::CompilationDatabase> Base,
                llvm::StringRef Name);

/// `--build-config=NAME` on the database \p DB of the file \p DBPath, whose
/// build configurations are \p Configs (buildConfigsOf): \p DB becomes
/// withBuildConfig's. A database of none (a single-configuration
/// generator's) is kept whole when its CMakeCache.txt's CMAKE_BUILD_TYPE is
/// \p Name. Otherwise the one line that says which configurations it has.
llvm::Error
selectBuildConfig(std::unique_ptr<clang::tooling::CompilationDatabase> &DB,
                  llvm::StringRef DBPath, llvm::StringRef Name,
                  llvm::ArrayRef<std::string> Configs);

/// The project's own include folders given as system ones, made user ones:
/// `-isystem DIR` becomes `-I DIR` (also `-isystemDIR`, and nvcc's
/// `-isystem=DIR` / `--system-include DIR`) when DIR's real path is at or
/// under \p Root, the source root, and holds a file that the git repository
/// there tracks (trackedFolders: one `git ls-files` per run). A LibTorch
/// unpacked into the tree (untracked or ignored), a submodule's or a
/// generated folder stays a system one. Through `-isystem` (CMake's
/// `SYSTEM` include folders, imported targets, `add_subdirectory(...
/// SYSTEM)`) the project's headers were system headers: their findings were
/// not reported and the checks took the functions declared in them for
/// library code, so that findings in the main files that call them
/// vanished too. \p Converted (when given) receives the folders made user
/// ones. \p Base unchanged (wrapped) when \p Root is empty or no folder
/// qualifies.
std::unique_ptr<clang::tooling::CompilationDatabase>
withProjectIncludeFolders(std::unique_ptr<clang::tooling::CompilationDatabase> Base,
                          llvm::StringRef Root,
                          std::set<std::string> *Converted = nullptr);

/// The response files that each translation unit's compile command of the
/// database \p DBPath names (`@flags.rsp`, nvcc's `--options-file F`; not
/// those that a response file names), as absolute paths, by the absolute
/// path of the unit's file. For --changed-since: a changed response file
/// changes the flags of each unit that names it. Empty when the database
/// cannot be read.
std::map<std::string, std::vector<std::string>>
responseFilesOf(llvm::StringRef DBPath);

/// The response file of \p Command that was not expanded because it does
/// not exist (`@flags.rsp`, nvcc's `--options-file F`), as the one line
/// that says so; std::nullopt when there is none.
std::optional<std::string>
missingResponseFile(const clang::tooling::CompileCommand &Command);

/// A CMake input newer than the compile database \p DBPath that CMake
/// wrote: what the build tool would re-run cmake for.
struct NewerCMakeInput {
  std::string Input;    ///< the newest input that is newer, absolute
  std::string Recorder; ///< why it is an input: "build.ninja lists it" (the
                        ///< file that lists it, relative to the database's
                        ///< folder), or that a CMake preset of it has the
                        ///< build folder as its binaryDir
};

/// Whether the compile database \p DBPath is older than an input of the
/// CMake run that wrote it: the inputs that the build tool compares to
/// decide to re-run cmake, read from the build folder of the database (its
/// real path's folder): the RERUN_CMAKE build statement of `build.ninja`
/// (Ninja), or CMAKE_MAKEFILE_DEPENDS of `CMakeFiles/Makefile.cmake`
/// (Makefiles). An input is newer when its modification time is later than
/// both the database's and that file's (CMake rewrites both when it runs).
/// std::nullopt when no input is newer, or the folder holds neither file (a
/// database not written by CMake). Inputs that do not exist are skipped, as
/// the build tools skip them.
std::optional<NewerCMakeInput> newerCMakeInput(llvm::StringRef DBPath);

/// The inputs of the CMake run that wrote the compile database \p DBPath,
/// as newerCMakeInput reads them (absolute, as CMake wrote them), and in
/// \p Recorder the file that lists them (`build.ninja`); empty when its
/// folder holds none of those files (a database not written by CMake).
std::vector<std::string> cmakeInputs(llvm::StringRef DBPath,
                                     std::string &Recorder);

/// The value of the entry \p Name of the CMakeCache.txt in the real path's
/// folder of the compile database \p DBPath (`NAME:TYPE=VALUE`), or "" when
/// there is none.
std::string cmakeCacheValue(llvm::StringRef DBPath, llvm::StringRef Name);

/// The source folder of the CMake build that wrote the compile database
/// \p DBPath (CMAKE_HOME_DIRECTORY of the CMakeCache.txt in its real path's
/// folder), or "" when there is none.
std::string cmakeSourceDir(llvm::StringRef DBPath);

} // namespace gpuleak

#endif
