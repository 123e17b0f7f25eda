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
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

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

/// What one shard produced.
struct ShardContents {
  ShardSpec Spec;
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
  /// Errors of .clang-tidy files and --checks met while analysing them.
  std::vector<InputError> ConfigErrors;
};

/// The version of the shard file format.
constexpr int64_t ShardVersion = 1;

/// Writes \p C as a shard file (JSON, docs/cli.md).
void writeShard(llvm::raw_ostream &OS, const ShardContents &C);

/// Reads the shard file \p Path, or says why it cannot (one line).
llvm::Expected<ShardContents> readShard(llvm::StringRef Path);

/// Reads the shard files \p Paths and checks that they are the N shards of
/// one run (same N, same database, each K once), or says why not (one line).
/// The result holds every translation unit, in the order of a single run
/// (sorted by file); Spec is {0, N}.
llvm::Expected<ShardContents> readAllShards(llvm::ArrayRef<std::string> Paths);

} // namespace gpuleak

#endif
