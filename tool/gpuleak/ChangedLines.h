//===--- ChangedLines.h - `gpuleak check --changed-since=REF` --*- C++ -*-===//
//
// Only changed code, as clang-tidy-diff.py does it for clang-tidy: the lines
// `git diff REF` adds or changes, the translation units that include a
// changed file, and of their findings only those on a changed line. Which
// translation unit includes which file is asked of the preprocessor itself:
// each translation unit is preprocessed (no parse, no checks) with its own
// compile command, and the files it enters are its include list, so a header
// is mapped to the translation units that really include it, whatever the
// names (docs/cli.md, "Only changed code").
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_CHANGEDLINES_H
#define GPULEAK_TOOL_GPULEAK_CHANGEDLINES_H

#include "Findings.h"
#include "TranslationUnitRunner.h"
#include "llvm/ADT/StringSet.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/Error.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace gpuleak {

/// The lines of each file that a diff adds or changes (1-based, inclusive
/// ranges of the new side), by real path (llvm::sys::fs::real_path: a file
/// reached through a symbolic link is the file it links to; the path as
/// the diff names it when it does not exist). A file changed only by
/// deleting lines has no range but is still changed. Every file under a
/// submodule whose commit changed (a gitlink: "Subproject commit" lines) is
/// changed on every line.
struct ChangedLines {
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Files;
  /// Where a hunk removed or rewrote lines, by real path: the new-side
  /// lines {L, L} of a rewrite's first line, {L, L + 1} around a deletion
  /// after line L. A removed release or guard makes a finding lines away,
  /// in the same function (keepChangedFindings).
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Removals;
  /// The submodules whose commit changed (real paths of their folders).
  std::vector<std::string> Submodules;
  /// The files the build generates from a changed file (real paths: a
  /// source or header that add_custom_command makes of a changed template;
  /// filesBuiltFrom), changed on every line, and the changed file each is
  /// made from. Not in the diff themselves.
  std::map<std::string, std::string> BuiltFrom;

  /// Whether \p File (any path of it) is changed, or on \p Line of it.
  bool changed(llvm::StringRef File) const;
  bool changed(llvm::StringRef File, unsigned Line) const;
  /// changed(\p Real), for a path that is already real (includedFiles').
  bool changedRealPath(llvm::StringRef Real) const;

private:
  /// The ranges of \p File (its real path), or null; \p All is set when the
  /// file is under a changed submodule.
  const std::vector<std::pair<unsigned, unsigned>> *
  rangesOf(llvm::StringRef File, bool &All, bool IsReal) const;
};

/// \p Path's real path (symbolic links resolved), or \p Path itself when it
/// has none (it does not exist).
std::string realPathOr(llvm::StringRef Path);

/// Runs `git diff --unified=0 REF` in the git work tree that holds \p Dir and
/// reads the lines it adds or changes, or says why it cannot (one line).
/// \p Ref "-" reads a unified diff from stdin instead, its file names
/// relative to the working directory or to the top of the git work tree
/// (of the working directory, or of \p Dir); a name that names no file
/// there is an error.
llvm::Expected<ChangedLines> changedSince(llvm::StringRef Ref,
                                          llvm::StringRef Dir);

/// The deepest folder that holds every one of \p Files (absolute), or "".
std::string commonFolder(llvm::ArrayRef<std::string> Files);

/// The folders at or under \p Root (a real path) that hold a file the git
/// repository of \p Root tracks (`git ls-files`, one run), as real paths,
/// \p Root itself among them; a submodule's files are not the
/// repository's (its gitlink is left out), nor are untracked or ignored
/// ones (a LibTorch unpacked into the tree). std::nullopt when git cannot
/// list them (no repository).
std::optional<std::set<std::string>> trackedFolders(llvm::StringRef Root);

/// The files at or under \p Root (a real path) that its git repository
/// tracks, as trackedFolders lists them (the same one `git ls-files` run),
/// absolute; std::nullopt when git cannot list them.
std::optional<std::vector<std::string>> trackedFiles(llvm::StringRef Root);

/// The top of the git work tree that holds \p Dir, as git finds it
/// (`git rev-parse --show-toplevel`: GIT_CEILING_DIRECTORIES and
/// GIT_DIR apply), as a real path; "" when there is none.
std::string gitTopLevel(llvm::StringRef Dir);
/// Why git cannot name the work tree that holds \p Dir ("git is not
/// installed", its first line of stderr: "fatal: detected dubious
/// ownership ..."), or "" when it can.
std::string gitProblem(llvm::StringRef Dir);

/// The folder whose git work tree holds the sources: the deepest folder
/// that holds every one of \p Files (translation units, absolute) when it
/// is in a git work tree (or below a `.git` that git cannot look into),
/// else \p Fallback (the compile database's folder).
std::string sourceFolder(llvm::ArrayRef<std::string> Files,
                         llvm::StringRef Fallback);

/// Two git work trees: that of the sources and another.
struct OtherCheckout {
  /// The top levels of the sources' work tree and of the other.
  std::string Sources, Other;
  /// Empty when git says they are checkouts of one repository; else why
  /// git cannot tell (its message: "git is not installed", ...).
  std::string Unknown;
};

/// When \p Other (default: the working directory) is in a git work tree
/// other than the one that holds \p Dir, of the same repository (a `git
/// worktree`, a clone, a shallow clone: a root commit in common, a commit
/// of the start of one history in the other, or a remote in common), or
/// when git cannot tell (it is not installed, or refuses one of them; the
/// work trees found by their `.git`). std::nullopt otherwise (the same work
/// tree, another repository, no git work tree, no commit).
std::optional<OtherCheckout> otherCheckout(llvm::StringRef Dir,
                                           llvm::StringRef Other = "");

/// The state of a git work tree: what `gpuleak merge` compares between the
/// checkouts of the shards and its own.
struct CheckoutState {
  /// The top level of the work tree.
  std::string Top;
  /// The commit checked out (`git rev-parse HEAD`).
  std::string Commit;
  /// XXH3-128 of the uncommitted changes to tracked files: the path of each
  /// file `git diff HEAD` names, with the hash of its bytes in the work tree
  /// ("absent" when deleted; a submodule's, its commit). Untracked files
  /// are not in it.
  std::string Changes;
};

/// The state of the git work tree that holds \p Dir, or std::nullopt
/// outside one (or without git, or before the first commit).
std::optional<CheckoutState> checkoutState(llvm::StringRef Dir);

/// The file that \p Name (the new side's name of a diff: `b/src/a.cpp`,
/// `src/a.cpp`, `new/src/a.cpp`) names under the first of \p Roots that
/// has it, tried as it is and without its first folder (first without it
/// when that is git's `b/`), or only as it is when \p Prefixed is false
/// (git's `rename to NAME`); std::nullopt when none has it.
std::optional<std::string> resolveDiffName(llvm::StringRef Name,
                                           llvm::ArrayRef<std::string> Roots,
                                           bool Prefixed = true);

/// Parses a unified diff (`git diff --unified=0`, POSIX `diff -u`) or a
/// combined one (`diff --cc`, a merge: the lines with a `+` column), naming
/// files by resolveDiffName against \p Roots. A name that resolves nowhere
/// is an error when \p MustResolve is set, else taken relative to the
/// first root. A file that is the new side of more than one section (a
/// patch series) is an error. The new side of a rename or a copy (git's
/// `rename to B`, `copy to B`, with or without hunks) is changed on every
/// line. With \p CheckLines (a diff on stdin), each unified hunk's context
/// and `+` lines must be the file's lines at their new-side positions (text
/// equal but for trailing blanks and CR), else it is an error naming the
/// file and the line: the diff does not match the work tree.
llvm::Expected<ChangedLines> parseUnifiedDiff(llvm::StringRef Diff,
                                              llvm::ArrayRef<std::string> Roots,
                                              bool MustResolve,
                                              bool CheckLines = false);

/// The files (real paths) that the preprocessor enters for \p File with
/// \p Commands (nvcc commands translated, \p ResourceDir added as for the
/// analysis), \p File included; std::nullopt when the preprocessor cannot
/// run or fails (an error: the list may be short of files it would enter).
std::optional<std::set<std::string>>
includedFiles(llvm::StringRef File,
              const std::vector<clang::tooling::CompileCommand> &Commands,
              llvm::StringRef ResourceDir);

/// What translationUnitsIncluding learns of the changed files besides the
/// translation units to analyse.
struct ChangedFileSurvey {
  /// Changed CMake configure_file templates (real paths: `include/x.h.in`)
  /// and the files generated from them that translation units include (the
  /// real path of an `x.h` in the build folder, or wherever CMake wrote
  /// it), whose lines are taken as changed as the template's are
  /// (configure_file keeps lines 1:1).
  std::vector<std::pair<std::string, std::string>> Generated;
  /// Changed templates for which no translation unit includes such a file.
  std::vector<std::string> Ungenerated;
  /// Changed C, C++ or CUDA sources (`.cpp`, `.cu`, ...) that are no
  /// translation unit and that none includes: the compile database does not
  /// know them (CMake not re-run).
  std::vector<std::string> Unbuilt;
  /// Changed headers of those given that no translation unit includes
  /// (real paths): analysed as translation units of their own. None when a
  /// translation unit's preprocessing failed (it may include them).
  std::vector<std::string> Unincluded;
  /// The files of ChangedLines::BuiltFrom that a translation unit it
  /// preprocessed includes.
  std::set<std::string> IncludedBuilt;
  /// For each file that the preprocessed translation units include and
  /// that \p Keep (of translationUnitsIncluding) takes (real path), the
  /// indices in its \p Files of those that include it: the translation
  /// units that may call a function defined in a header.
  std::map<std::string, std::vector<unsigned>> Includers;
};

/// The files of \p Files (translation units, absolute) that are changed,
/// include a changed file, or whose preprocessing failed (they are
/// analysed, so that the failure is reported), in order, by their include
/// lists (includedFiles, \p Jobs at a time; \p CommandsOf gives a file's
/// compile commands). \p Failed receives those whose preprocessing failed.
/// A changed template `X.in` or `X.cmake` (X a C, C++ or CUDA file name)
/// selects the translation units that include a file named X that CMake
/// generated from it: under \p BuildDir, listed among CMake's outputs
/// (\p BuildDir/CMakeFiles/Makefile.cmake), next to the template, or whose
/// text the template makes; the file is added to \p Changed with the
/// template's lines. \p Survey says which were found, and which changed
/// sources no translation unit is or includes, which changed files of
/// \p Headers (real paths) no translation unit includes, and which
/// translation units include each file that \p Keep takes.
std::vector<std::string> translationUnitsIncluding(
    llvm::ArrayRef<std::string> Files,
    llvm::function_ref<std::vector<clang::tooling::CompileCommand>(
        llvm::StringRef)>
        CommandsOf,
    llvm::StringRef ResourceDir, unsigned Jobs, ChangedLines &Changed,
    llvm::StringRef BuildDir, std::vector<std::string> &Failed,
    ChangedFileSurvey &Survey, const std::set<std::string> &Headers = {},
    llvm::function_ref<bool(llvm::StringRef)> Keep = nullptr);

/// Whether \p Path is named as a C, C++ or CUDA source (a translation
/// unit: `.c`, `.cc`, `.cpp`, `.cxx`, `.c++`, `.cu`, C++ modules' units).
bool isSourceFileName(llvm::StringRef Path);

/// The CMake preset files of the build that wrote the compile database
/// \p DBPath (CMakePresets.json, CMakeUserPresets.json of its source
/// folder, and the files they include), when one of their configure
/// presets has the database's folder as its binaryDir (its own or a base
/// preset's; `${sourceDir}`, `${sourceParentDir}`, `${sourceDirName}`,
/// `${presetName}`, `${fileDir}` expanded): cmake --preset read them, so a
/// later edit of one makes the database stale. Empty otherwise.
std::vector<std::string> presetFilesOfBuild(llvm::StringRef DBPath);

/// Whether \p Path names a CI system's configuration file, which may run
/// cmake with other options (`-DCMAKE_CXX_FLAGS=...`) or set CXXFLAGS:
/// `.gitlab-ci.yml`, `Jenkinsfile`, `azure-pipelines.yml`, `.travis.yml`, ...,
/// and the YAML files of `.github/workflows/`, `.github/actions/` (and
/// Gitea's and Forgejo's), `.gitlab/`, `.circleci/`, `.buildkite/`,
/// `.woodpecker/`. For --changed-since, a build file whatever wrote the
/// compile database.
bool isCIConfigFileName(llvm::StringRef Path);

/// Whether \p Path is named as a file of a build system that says how the
/// sources are compiled: CMake's `CMakeLists.txt`, `*.cmake`,
/// `CMakePresets.json`, `CMakeUserPresets.json`; Meson's `meson.build`,
/// `meson_options.txt`, `meson.options`; Make's `Makefile`, `makefile`,
/// `GNUmakefile`, `*.mk`, Automake's `Makefile.am` and Autoconf's
/// `configure.ac`; Bazel's `BUILD`, `BUILD.bazel`, `*.bzl`, `WORKSPACE`,
/// `WORKSPACE.bazel`, `MODULE.bazel`, `.bazelrc`. A CMake configure_file
/// template of a C, C++ or CUDA file (`config.h.cmake`) is not: it makes
/// a header, not flags.
bool isBuildFileName(llvm::StringRef Path);

/// The changed files of \p Changed that say how the translation units of
/// the compile database \p DBPath are compiled, sorted: when CMake wrote
/// the database, those its run read (cmakeInputs: what the build tool
/// re-runs cmake for), but configure_file templates of C, C++ or CUDA
/// files (their generated files are followed instead), and the preset
/// files, which cmake reads from its command line; otherwise those
/// isBuildFileName takes; the preset files that the CMakePresets.json or
/// CMakeUserPresets.json of the build's source folder include (`"include"`,
/// recursively); and the compile database itself when the
/// repository tracks it. A flag they set can change any finding of any
/// translation unit. \p Why says how the first was recognized (`build.ninja
/// lists it among CMake's inputs`).
std::vector<std::string> changedBuildFiles(const ChangedLines &Changed,
                                           llvm::StringRef DBPath,
                                           std::string &Why);

/// Whether \p Generated, the file CMake's configure_file made of
/// \p Template, is older than it (CMake was not re-run since the template
/// changed) and says something else: a line of the template that no line
/// of it can be made from, a substitution (`@VAR@`, `${VAR}`) standing for
/// any text and a `#cmakedefine` line for any line. configure_file
/// rewrites its output only when the text differs, so a template newer
/// than an unchanged output is not stale by itself.
bool generatedIsStale(llvm::StringRef Template, llvm::StringRef Generated);

/// The USRs of the functions that \p TUs define (their summaries) in a
/// changed file.
llvm::StringSet<> functionsDefinedIn(llvm::ArrayRef<TUResult> TUs,
                                     const ChangedLines &Changed);

/// Whether \p S calls one of \p USRs.
bool callsAny(const clang::tidy::gpuleak::FunctionSummary &S,
              const llvm::StringSet<> &USRs);

/// The lines of each function definition that \p TUs summarized, by the
/// real path of its file: [first line, last line] of the definition.
using FunctionExtents =
    std::map<std::string, std::vector<std::pair<unsigned, unsigned>>>;
FunctionExtents functionExtents(llvm::ArrayRef<TUResult> TUs);

/// Removes from \p R the findings not on a changed line; returns how many.
/// A finding is kept when its line or one of its notes' lines changed, or
/// when a hunk removed or rewrote lines inside the function definition
/// (\p Extents, the innermost) that holds its line or one of its notes'
/// (a deleted `cudaStreamDestroy`, a deleted guard).
size_t keepChangedFindings(Results &R, const ChangedLines &Changed,
                           const FunctionExtents &Extents = {});

} // namespace gpuleak

#endif
