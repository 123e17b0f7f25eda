//===--- Shard.h - `check --shard=K/N` and `gpuleak merge` -----*- C++ -*-===//
//
// A CI matrix splits `gpuleak check` over runners: `--shard=K/N` analyses
// every Nth translation unit of the sorted list (the Kth of each N) and
// writes a shard file instead of a report; `gpuleak merge` reads the N shard
// files and makes the report that one run over all translation units makes,
// byte for byte. A shard file therefore holds what each translation unit
// produced before the step after the last one (its findings with fix-its
// and notes, its parse error, its function summaries and open call sites),
// not a finished report: the project index, the findings that need the whole
// project, header findings seen by several shards, fingerprints and the
// baseline are decided by the merge, with the same code as a single run
// (docs/cli.md, "Splitting a run over CI runners").
//
//===----------------------------------------------------------------------===//

#ifndef GPULEAK_TOOL_GPULEAK_SHARD_H
#define GPULEAK_TOOL_GPULEAK_SHARD_H

#include "TranslationUnitRunner.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include <set>

namespace gpuleak {

/// `--shard=K/N`: K in 1..N.
struct ShardSpec {
  unsigned K = 0;
  unsigned N = 0;
};

/// Parses `K/N` (1 <= K <= N), or says why not (one line).
llvm::Expected<ShardSpec> parseShardSpec(llvm::StringRef Text);

/// The translation units of shard \p S among \p Files (sorted): the I-th file
/// (0-based) belongs to shard I % N + 1.
std::vector<size_t> shardMembers(size_t NumFiles, ShardSpec S);

/// What makes the shards of one run one run: every shard of
/// `check --shard=K/N` records it, and `gpuleak merge` refuses shards whose
/// identities differ, or that differ from the checkout it runs in (the
/// merge reads the sources again, for the fingerprints).
struct RunIdentity {
  /// gpuleak's and clang's versions, e.g. "gpuleak 0.1.0, clang 22.1.0".
  std::string Gpuleak;
  /// The hash of every entry of the compile database, as the file has them.
  std::string Database;
  /// The hash of the analysis options (--extra-arg, --extra-arg-before,
  /// --resource-dir) and of the effective configuration of every
  /// translation unit (--checks, --warnings-as-errors, the header filters,
  /// --config-file and the .clang-tidy files, as they were applied).
  std::string Configuration;
  /// Every translation unit of the run (all shards) -> the hash of its
  /// bytes ("" when it could not be read).
  std::map<std::string, std::string> Sources;
  /// What the shard's own translation units read: every file their parses
  /// read (the include closure, as the result cache records it) -> the hash
  /// of its bytes, and every path their include searches found absent ->
  /// "". The merge refuses two shards that disagree on a path both list.
  std::map<std::string, std::string> Inputs;
  /// The git work tree of the sources (checkoutState): its commit and the
  /// hash of its uncommitted changes; both "" outside a git work tree.
  std::string Commit;
  std::string Changes;
  /// The hash of the list of headers that no translation unit may include
  /// (docs/cli.md, "Headers that no translation unit includes"), which the
  /// shards divide among themselves; "" when there are none.
  std::string Headers;
};

/// "gpuleak VERSION, clang VERSION".
std::string gpuleakVersionText();
/// The hash of the entries of \p DB (directory, file and arguments of each
/// compile command, in its order).
std::string databaseHash(const clang::tooling::CompilationDatabase &DB);
/// The hash of the options that decide the analysis of \p Files besides
/// their compile commands: \p Options' configuration of each file, and
/// \p Args (the extra arguments and the resource directory).
std::string configurationHash(llvm::ArrayRef<std::string> Files,
                              clang::tidy::ClangTidyOptionsProvider &Options,
                              llvm::ArrayRef<std::string> Args);
/// Each of \p Files -> the hash of its bytes now ("" when unreadable).
std::map<std::string, std::string>
sourceHashes(llvm::ArrayRef<std::string> Files);
/// What differs between the runs of \p A and \p B, in words ("they were
/// made with different configurations ..."), or std::nullopt.
std::optional<std::string> runDifference(const RunIdentity &A,
                                         const RunIdentity &B);

/// What one shard produced.
struct ShardContents {
  ShardSpec Spec;
  RunIdentity Run;
  /// The compile database (absolute) and how many translation units the
  /// whole run has (all shards together).
  std::string Database;
  size_t TotalFiles = 0;
  /// The run was over the whole database (no FILE given): the merge checks
  /// that the shards hold exactly the database's translation units.
  bool WholeDatabase = false;
  /// The shard's translation units, with their results.
  std::vector<std::string> Files;
  std::vector<TUResult> TUs;
  /// The headers that no translation unit may include that this shard
  /// analysed on their own (the Kth of each N of the run's list, but those
  /// its own translation units read), with their results: the merge keeps
  /// those that no shard's translation units read, as a single run
  /// analyses them. Of the shards read together (readAllShards): those
  /// kept, sorted.
  std::vector<std::string> Headers;
  std::vector<TUResult> HeaderTUs;
  /// The headers of the run's list that the shard's translation units read
  /// (real paths).
  std::set<std::string> IncludedHeaders;
  /// Errors of .clang-tidy files and --checks met while analysing them.
  std::vector<InputError> ConfigErrors;
  /// Of the shards read together (readAllShards): each path of Run.Inputs
  /// -> the first shard file that lists it, and the shard files.
  std::map<std::string, std::string> ReadBy;
  std::vector<std::string> Paths;
};

/// The version of the shard file format.
/// 2: the run identity ("run").
/// 3: the files the shard's translation units read ("run": {"inputs"}).
/// 4: the git commit and uncommitted changes ("run": {"commit", "changes"}).
/// 5: the headers that no translation unit may include ("run": {"headers"},
///    "headers", "included_headers").
constexpr int64_t ShardVersion = 5;

/// Of \p Headers (sorted), those of shard \p S: the I-th (0-based) belongs
/// to shard I % N + 1, as translation units do (shardMembers).
std::vector<std::string> shardHeaders(const std::set<std::string> &Headers,
                                      ShardSpec S);

/// Writes \p C as a shard file (JSON, docs/cli.md).
void writeShard(llvm::raw_ostream &OS, const ShardContents &C);

/// Reads the shard file \p Path, or says why it cannot (one line).
llvm::Expected<ShardContents> readShard(llvm::StringRef Path);

/// Reads the shard files \p Paths and checks that they are the N shards of
/// one run (same N, same database, each K once, the same bytes of every
/// file two shards read), or says why not (one line).
/// The result holds every translation unit, in the order of a single run
/// (sorted by file), in Headers those that no shard's translation units
/// read (sorted), and in Run.Inputs what all shards read; Spec is {0, N}.
llvm::Expected<ShardContents> readAllShards(llvm::ArrayRef<std::string> Paths);

} // namespace gpuleak

#endif
