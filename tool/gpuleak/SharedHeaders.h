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
//     first), when it has at least two members. The candidates are all the
//     run's translation units, those whose result the result cache holds
//     included, so that a group and its prefix -- the longest run of leading
//     includes that all of them share -- stay the same from run to run;
//   - a group with a TU to parse gets a PCH of its prefix: the one stored by
//     an earlier run (below), when it is valid; else, when at least two of
//     its TUs are parsed, the first of them to be parsed builds it (a header
//     holding those lines, compiled with that TU's own compiler invocation,
//     clang's GeneratePCHAction; one build at a time per run, its freed
//     memory handed back), the others wait for it; every TU of the group
//     parsed in this run is then parsed with it as -include-pch. The TU's
//     own copies of those #include lines are then no-ops, which is why a
//     PCH is used only when every header the prefix includes directly is
//     include-guarded or `#pragma once` (checked after the build); a PCH
//     that fails to build or to check is not used, and its TUs are parsed
//     as without sharing;
//   - the files the PCH build read are added to each TU's inputs for the
//     result cache (ResultCache.h): the cache key and the checked inputs
//     stay what determines the result.
//
// With the result cache, the PCHs are kept in its folder `pch/` for later
// runs, as KEY.pch and KEY.json:
//
//   - KEY hashes what determines the PCH besides its headers' bytes: the
//     prefix's lines, the group's flags key (directory and command line,
//     with the resource directory), the main file's directory for a quoted
//     prefix, gpuleak (ResultCache::toolText: versions, the executable's
//     bytes, the include-path variables);
//   - KEY.json lists the files the build read with their hashes and the
//     paths that must stay absent (as a result cache entry does), and the
//     hash of the PCH's bytes. A stored PCH is used only when every input
//     hashes the same today and its bytes hash as stored; an entry that
//     cannot be read, or a PCH whose bytes differ (corrupt, foreign), is
//     ignored with the cache's one warning of the run, and built again
//     (when two TUs of the group are parsed) over it. Clang validates the
//     PCH's inputs itself too (by content, not time: a checkout's new
//     times keep a PCH valid). Should a TU parsed with a stored PCH still
//     fail, it is parsed again without it, and the PCH is not used again in
//     the run (with the warning, when the failure was the PCH's);
//   - at the end of a run, when the folder holds more than MaxStoredBytes,
//     the PCHs that no group of the run names are deleted, least recently
//     used first, until it holds no more (those of the run are kept).
//
// Without the result cache, the PCHs live in a folder of their own for the
// run (unique, so parallel runs never share one), removed at the end.
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
#include <set>
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
  /// Whether it is parsed in this run (false: the result cache has its
  /// result; it still shapes its group's prefix).
  bool Parsed = true;
};

/// The precompiled prefix of one group of translation units.
class SharedPrefix {
public:
  /// \p Header: where the prefix header seems to be (the TU's directory
  /// when the prefix has a quoted include, so that it is looked up there
  /// first, as from the TU); \p Path: the PCH; \p Parsed: the group's TUs
  /// parsed in this run; \p Store: the result cache, when the PCH is kept
  /// for later runs (then \p Path is its stored place).
  /// \p BuildLock: held while a PCH is built (one at a time per run, so
  /// that two builds, the costliest parses in memory, never add up).
  SharedPrefix(std::vector<std::string> Includes, std::string Header,
               std::string Path, size_t Parsed, ResultCache *Store,
               std::mutex &BuildLock);

  /// The prefix header, which exists only in memory: a file system that
  /// holds it, to lay over a TU's (one per TU: the layers of an overlay
  /// share its working directory).
  llvm::IntrusiveRefCntPtr<llvm::vfs::InMemoryFileSystem> headerFS() const;
  const std::string &headerPath() const { return Header; }

  /// Makes \p TU (a translation unit's invocation) use the PCH: the stored
  /// one, or one built first from a copy of \p TU over \p FS (the TU's file
  /// system, with headerFS() laid over it) when no TU of the group did yet
  /// (other threads wait for that). False when there is none to use: \p TU
  /// is then left as it was.
  bool applyTo(clang::CompilerInvocation &TU,
               llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);

  /// The files the PCH's build read (for the result cache); valid after
  /// applyTo returned true.
  const TUInputs &inputs() const { return Inputs; }

  /// Whether the PCH is one stored by an earlier run.
  bool stored() const { return From == Source::Stored; }
  /// A TU parsed with the stored PCH failed, and parsed without it: the
  /// PCH is not used again in this run; \p Blame: the failure was the
  /// PCH's (the parse without it succeeded), which the run's cache warning
  /// then says, once, and the entry is deleted.
  void reject(bool Blame);

  /// Whether the PCH was built and checked in this run; loaded from an
  /// earlier one (and not rejected); translation units that used it.
  bool built() const { return From == Source::Built; }
  bool loaded() const { return From == Source::Stored && !Rejected; }
  size_t uses() const { return Uses; }

  /// The stored entry of \p PCH (its KEY.json).
  static std::string entryOf(llvm::StringRef PCH);

private:
  /// The stored PCH, when its entry and bytes are valid.
  bool load();
  bool build(const clang::CompilerInvocation &TU,
             llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS);
  /// Writes the entry of the PCH just built.
  void store();
  /// Reports \p Why about the stored PCH, as the cache's warning.
  void ignore(const llvm::Twine &Why);

  const std::vector<std::string> Includes;
  const std::string Header, Text;
  /// The PCH file.
  const std::string Path;
  const size_t Parsed;
  ResultCache *const Store;
  std::mutex &BuildLock;
  std::once_flag Once;
  enum class Source { None, Built, Stored };
  Source From = Source::None;
  std::atomic<bool> Rejected{false};
  std::atomic<size_t> Uses{0};
  TUInputs Inputs;
};

/// The groups of one run.
class SharedHeaders {
public:
  /// Stored PCHs of no group of a run are deleted when the folder holds
  /// more (docs/cli.md, "Shared headers").
  static constexpr uint64_t MaxStoredBytes = uint64_t(2) << 30;

  /// \p Store: the result cache, whose folder keeps the PCHs (null: they
  /// go to a folder of the run under \p Dir, removed at the end).
  SharedHeaders(std::string Dir, ResultCache *Store)
      : ParentDir(std::move(Dir)), Store(Store) {}
  /// Removes the run's folder, or prunes the stored PCHs.
  ~SharedHeaders();

  /// Forms the groups of \p Candidates (indexed like the run's translation
  /// units; std::nullopt for one that does not take part). Returns the
  /// prefix of each TU to parse, or null.
  std::vector<std::shared_ptr<SharedPrefix>>
  plan(const std::vector<std::optional<SharingCandidate>> &Candidates);

  /// For --stats: `shared headers: G groups, B PCHs built, S stored PCHs
  /// used, T translation units parsed with one` (G: the groups with a TU
  /// to parse).
  std::string stats() const;

private:
  /// The folder of the PCHs, made on first use; empty when none can be.
  std::string pchDir();
  void prune();

  const std::string ParentDir;
  ResultCache *const Store;
  std::mutex Lock;
  std::optional<std::string> Dir;
  /// Whether Dir is the cache's, whose PCHs are kept.
  bool Keep = false;
  std::vector<std::shared_ptr<SharedPrefix>> Planned;
  /// The stored PCHs of this run's groups (their paths), kept by prune().
  std::set<std::string> Live;
  std::mutex BuildLock;
};

} // namespace gpuleak

#endif
