//===--- ResultCache.h - gpuleak check's cache of TU results ----*- C++ -*-===//
//
// `gpuleak check` keeps each translation unit's result -- its findings and
// errors before the project step, and its part of the project index (the
// function summaries, bounded targets and open call sites) -- in a cache
// folder, and a later run takes it from there instead of parsing the TU
// again, when nothing that determines it changed (docs/cli.md, "The result
// cache"):
//
//   - the key (the entry's file name) hashes gpuleak itself (the running
//     executable's bytes, its version, clang's version, the index format
//     version), the TU's path, its compile commands, the effective
//     configuration (checks and options after .clang-tidy files and
//     --checks), the resource directory and the include-path environment;
//   - the entry lists every file the parse read (the SourceManager's files,
//     after the parse: the include closure as the preprocessor resolved it)
//     with a hash of the bytes clang read, and the paths whose absence the
//     include resolution relied on (for each `#include` and `__has_include`,
//     the candidates in the includer's folder and the search directories
//     that came before the file it found, and the search directories that
//     did not exist, which clang leaves out); a hit needs each file to hash the
//     same today and each absent path to be still absent, so a new header
//     that an `#include` would now find first makes the entry stale;
//   - the folder `pch/` holds the precompiled headers of shared headers
//     (SharedHeaders.h), kept for later runs;
//   - the folder `commands/` holds, per translation unit, the hash of the
//     compile commands the last run over the whole database analysed it
//     with, which `--changed-since` compares with today's (recordCommand).
//
// The project step (ProjectFindings.h) runs on every run over the cached and
// fresh results alike, so the report is the same byte for byte as without
// the cache. An entry that cannot be read (truncated, foreign, another
// version) is ignored and rewritten; the run says so in one warning.
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_RESULTCACHE_H
#define GPULEAK_TOOL_GPULEAK_RESULTCACHE_H

#include "TranslationUnitRunner.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include <atomic>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>

namespace clang {
class CompilerInstance;
} // namespace clang

namespace gpuleak {

/// 32 hex digits of the XXH3-128 hash of \p Bytes: the hash of the result
/// cache's file list and of a shard's run identity.
std::string hashOf(llvm::StringRef Bytes);

/// hashOf the running executable's bytes ("unknown:PATH" when it cannot be
/// read): a rebuilt gpuleak under the same version number may decide
/// differently. The result cache keys on it; `--version` prints it.
std::string executableHash();

/// \p Options as text that is the same for the same effective
/// configuration (check options sorted by name): part of the cache key and
/// of a shard's run identity.
std::string configurationText(const clang::tidy::ClangTidyOptions &Options);

/// What the parse of one translation unit read.
struct TUInputs {
  /// Each file read (absolute path as clang named it) -> hash of its bytes.
  std::map<std::string, std::string> Files;
  /// Paths that an `#include` or `__has_include` searched and found absent
  /// before the file it found (or before giving up), and must stay absent.
  std::set<std::string> Absent;
  /// False when an `#include` was not found: the result then depends on a
  /// file that does not exist yet, and is not cached.
  bool Cacheable = true;
  /// Files a `__has_include` found, which the parse may never have entered;
  /// collectInputs hashes them.
  std::vector<std::string> Probed;
};

/// Records, on \p CI's preprocessor, the `__has_include` lookups and the
/// includes that are not found into \p Into. Call it before the parse (in
/// CreateASTConsumer).
void recordInputs(clang::CompilerInstance &CI, TUInputs &Into);
/// Adds every file \p CI's SourceManager read to \p Into, but \p Skip (a
/// file that exists in memory only). Call it after the parse
/// (EndSourceFileAction).
void collectInputs(clang::CompilerInstance &CI, TUInputs &Into,
                   llvm::StringRef Skip = "");

/// The cache folder of one run. Thread-safe.
class ResultCache {
public:
  /// The format of the entries; an entry of another is not read.
  /// 2: the result in the shard files' form (TUResultJSON.h).
  static constexpr int FormatVersion = 2;
  /// The default folder's name, next to compile_commands.json.
  static constexpr char DefaultDirName[] = "gpuleak-cache";

  explicit ResultCache(std::string Dir);

  const std::string &dir() const { return Dir; }

  /// The key of \p File (absolute) analysed with \p Commands under the
  /// effective options \p Options.
  std::string
  keyOf(llvm::StringRef File,
        llvm::ArrayRef<const clang::tooling::CompileCommand *> Commands,
        const clang::tidy::ClangTidyOptions &Options,
        const RunSettings &Settings) const;

  /// The cached result for \p Key, when its entry exists and its inputs
  /// are unchanged; then \p Inputs, when given, receives the files and
  /// absent paths the entry lists.
  bool lookup(llvm::StringRef Key, TUResult &Result,
              TUInputs *Inputs = nullptr);
  /// Whether lookup(\p Key) would find a result; reports no problem and
  /// counts no hit.
  bool has(llvm::StringRef Key);

  /// Writes the entry for \p Key (atomically: a reader sees the old entry
  /// or the new one). Does nothing when \p Inputs is not cacheable.
  void store(llvm::StringRef Key, llvm::StringRef File, const TUInputs &Inputs,
             const TUResult &Result);

  /// Translation units whose result came from the cache.
  size_t hits() const { return Hits; }

  /// hashOf the compile commands \p Commands of a translation unit, as the
  /// run analyses them (directory and arguments, --extra-arg included).
  static std::string
  commandHash(llvm::ArrayRef<clang::tooling::CompileCommand> Commands);
  /// Records that the last run over the whole compile database analysed
  /// \p File with the commands of \p Hash (commandHash): the entry
  /// `commands/<hashOf(File)>.json` of the folder. `--changed-since`
  /// compares it with today's commands (recordedCommand).
  void recordCommand(llvm::StringRef File, llvm::StringRef Hash);
  /// The hash recordCommand recorded for \p File in the cache folder
  /// \p Dir, or std::nullopt.
  static std::optional<std::string> recordedCommand(llvm::StringRef Dir,
                                                    llvm::StringRef File);

  /// How the inputs an entry (of the cache or a stored PCH, SharedHeaders.h)
  /// lists, under "inputs" and "absent", compare with the files today.
  enum class InputsAre { Unchanged, Changed, Malformed };
  /// Compares; \p Read, when given, receives the inputs listed.
  InputsAre checkInputs(const llvm::json::Object &Entry,
                        TUInputs *Read = nullptr);
  /// Adds \p Inputs to \p Entry as "inputs" and "absent".
  static void addInputs(llvm::json::Object &Entry, const TUInputs &Inputs);

  /// What a result depends on besides its inputs and its command, for
  /// keys: gpuleak's and clang's versions, the running executable's bytes,
  /// the include-path environment variables.
  std::string toolText() const;

  /// Makes the folder (and its CACHEDIR.TAG), once; false (with a
  /// problem recorded) when it cannot be.
  bool ensureDir();

  /// Records a problem with the cache for warning(): the first one's
  /// wording, and how many more.
  void problem(const llvm::Twine &What);

  /// The one warning of the run about the cache (entries that could not be
  /// read, a folder or entry that could not be written), or std::nullopt.
  std::optional<std::string> warning() const;

private:
  /// lookup(), with \p Result null for has(); \p Report: record problems.
  bool read(llvm::StringRef Key, TUResult *Result, bool Report,
            TUInputs *Inputs = nullptr);
  /// The hash of \p Path's bytes now, computed once per run; std::nullopt
  /// when it cannot be read.
  std::optional<std::string> currentHash(const std::string &Path);
  std::string entryPath(llvm::StringRef Key) const;

  const std::string Dir;
  /// Hash of the running gpuleak executable (a rebuilt gpuleak may decide
  /// differently under the same version number).
  std::string ToolHash;
  std::atomic<size_t> Hits{0};

  std::mutex Lock; // guards what follows
  std::map<std::string, std::optional<std::string>> Hashes;
  std::optional<bool> DirReady;
  size_t Problems = 0;
  std::string FirstProblem;
};

} // namespace gpuleak

#endif
