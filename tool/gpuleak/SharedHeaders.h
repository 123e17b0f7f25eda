//===--- SharedHeaders.h - one precompiled header per group of TUs -*- C++ -*-===//
//
// `gpuleak check` parses the headers that translation units share once per
// group of them (docs/cli.md, "Shared headers"):
//
//   - a candidate is a C++ translation unit with one compile command that
//     does not already include anything from its command line (-include,
//     -include-pch, -imacros); its *flags key* is its directory and its
//     command line as the parse gets it (after every argument adjuster) with
//     the file's name left out, and its *leading includes* are the
//     `#include <...>` / `#include "..."` lines that open its main file
//     (comments and blank lines aside), up to the first line that is
//     anything else (a #define, an #if, code);
//   - candidates with the same flags key and the same first include form a
//     group (those whose leading includes contain a quoted include also need
//     the same directory of the main file: `"x.h"` is looked up there
//     first), when at least two of them are analysed in this run; its
//     prefix is the longest run of leading includes that all of them share;
//   - the first translation unit of a group to be parsed builds a PCH of its
//     prefix (a header holding those lines, compiled with that TU's own
//     compiler invocation, clang's GeneratePCHAction; one build at a time
//     per run, its freed memory handed back), the others wait for it;
//     every TU of the group is then parsed with it as -include-pch. The
//     TU's own copies of those #include lines are then no-ops, which is why
//     a PCH is used only when every header the prefix includes directly is
//     include-guarded or `#pragma once` (checked after the build); a PCH
//     that fails to build or to check is not used, and its TUs are parsed
//     as without sharing;
//   - the files the PCH build read are added to each TU's inputs for the
//     result cache (ResultCache.h): the cache key and the checked inputs
//     stay what determines the result.
//
// The PCHs live in a folder of their own for the run (unique, so parallel
// runs never share one), removed at the end.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_SHAREDHEADERS_H
#define GPULEAK_TOOL_GPULEAK_SHAREDHEADERS_H

#include "ResultCache.h"
#include "llvm/ADT/IntrusiveRefCntPtr.h"
#include "llvm/ADT/StringRef.h"
#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
} // namespace clang
namespace llvm::vfs {
class FileSystem;
class InMemoryFileSystem;
} // namespace llvm::vfs

namespace gpuleak {

/// The `#include` lines that open \p Source (a main file's text), each
/// normalized to `#include <x>` or `#include "x"`, up to the first line that
/// is not an #include (comments and blank lines are skipped).
std::vector<std::string> leadingIncludes(llvm::StringRef Source);

/// What one translation unit offers to share.
struct SharingCandidate {
  /// Everything of its compile command that is not its file's name.
  std::string FlagsKey;
  /// The directory of the main file (quoted includes are looked up there).
  std::string MainDir;
  std::vector<std::string> Includes;
};

/// The precompiled prefix of one group of translation units.
class SharedPrefix {
public:
  /// \p Header: where the prefix header seems to be (the TU's directory
  /// when the prefix has a quoted include, so that it is looked up there
  /// first, as from the TU); \p Path: the PCH.
  /// \p BuildLock: held while a PCH is built (one at a time per run, so
  /// that two builds, the costliest parses in memory, never add up).
  SharedPrefix(std::vector<std::string> Includes, std::string Header,
               std::string Path, std::mutex &BuildLock);

  /// The prefix header, which exists only in memory: a file system that
  /// holds it, to lay over a TU's (one per TU: the layers of an overlay
  /// share its working directory).
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> headerFS() const;
  const std::string &headerPath() const { return Header; }

  /// Makes \p TU (a translation unit's invocation) use the PCH, building it
  /// first from a copy of \p TU over \p FS (the TU's file system, with
  /// headerFS() laid over it) when no TU of the group did yet (other threads
  /// wait for that). False when the PCH could not be built or checked: \p TU
  /// is then left as it was.
  bool applyTo(clang::CompilerInvocation &TU,
               llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

  /// The files the PCH's build read (for the result cache); valid after
  /// applyTo returned true.
  const TUInputs &inputs() const { return Inputs; }

  const std::vector<std::string> &includes() const { return Includes; }

  /// Whether the PCH was built and checked; translation units that used it.
  bool built() const { return Usable; }
  size_t uses() const { return Uses; }

private:
  bool build(const clang::CompilerInvocation &TU,
             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

  const std::vector<std::string> Includes;
  const std::string Header, Text;
  /// The PCH file.
  const std::string Path;
  std::mutex &BuildLock;
  std::once_flag Once;
  bool Usable = false;
  std::atomic<size_t> Uses{0};
  TUInputs Inputs;
};

/// The groups of one run.
class SharedHeaders {
public:
  /// \p Dir: the folder under which the run's PCH folder is made.
  explicit SharedHeaders(std::string Dir) : ParentDir(std::move(Dir)) {}
  ~SharedHeaders();

  /// Forms the groups of \p Candidates (indexed like the run's translation
  /// units; std::nullopt for one that does not take part or needs no
  /// parse). Returns each TU's prefix, or null.
  std::vector<std::shared_ptr<SharedPrefix>>
  plan(const std::vector<std::optional<SharingCandidate>> &Candidates);

  /// For --stats: `shared headers: G groups, P PCHs built, T translation
  /// units parsed with one`.
  std::string stats() const;

private:
  /// The run's own folder, made on first use; empty when none can be.
  std::string runDir();

  const std::string ParentDir;
  std::mutex Lock;
  std::optional<std::string> RunDir;
  std::vector<std::shared_ptr<SharedPrefix>> Planned;
  std::mutex BuildLock;
};

} // namespace gpuleak

#endif
