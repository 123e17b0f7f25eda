//===--- Shard.cpp - `check --shard=K/N` and `gpuleak merge` --------------===//

#include "Shard.h"
#include "ResultCache.h"
#include "TUResultJSON.h"
#include "clang/Basic/Version.h"
#include <tuple>
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <numeric>

using namespace llvm;
using clang::tidy::gpuleak::FunctionSummary;

namespace gpuleak {

Expected<ShardSpec> parseShardSpec(StringRef Text) {
  auto [KText, NText] = Text.split('/');
  ShardSpec S;
  if (KText.getAsInteger(10, S.K) || NText.getAsInteger(10, S.N) || S.N == 0 ||
      S.K == 0 || S.K > S.N)
    return createStringError("--shard: expected K/N with 1 <= K <= N, e.g. "
                             "--shard=1/4, not '" +
                             Text + "'");
  return S;
}

std::vector<size_t> shardMembers(size_t NumFiles, ShardSpec S) {
  std::vector<size_t> Members;
  for (size_t I = S.K - 1; I < NumFiles; I += S.N)
    Members.push_back(I);
  return Members;
}

std::vector<std::string> shardHeaders(const std::set<std::string> &Headers,
                                      ShardSpec S) {
  std::vector<std::string> Mine;
  size_t I = 0;
  for (const std::string &H : Headers)
    if (I++ % S.N == S.K - 1)
      Mine.push_back(H);
  return Mine;
}

//===----------------------------------------------------------------------===//
// The run identity
//===----------------------------------------------------------------------===//

std::string gpuleakVersionText() {
  return "gpuleak " GPULEAK_VERSION ", " + clang::getClangFullVersion();
}

std::string databaseHash(const clang::tooling::CompilationDatabase &DB) {
  std::string Text;
  raw_string_ostream OS(Text);
  // Each part length-prefixed, so that no two lists run together.
  auto Part = [&](StringRef S) { OS << S.size() << ':' << S << '\n'; };
  for (const clang::tooling::CompileCommand &C : DB.getAllCompileCommands()) {
    Part(C.Directory);
    Part(C.Filename);
    OS << C.CommandLine.size() << '\n';
    for (const std::string &Arg : C.CommandLine)
      Part(Arg);
  }
  return hashOf(Text);
}

std::string configurationHash(ArrayRef<std::string> Files,
                              clang::tidy::ClangTidyOptionsProvider &Options,
                              ArrayRef<std::string> Args) {
  std::string Text;
  raw_string_ostream OS(Text);
  auto Part = [&](StringRef S) { OS << S.size() << ':' << S << '\n'; };
  OS << Args.size() << '\n';
  for (const std::string &Arg : Args)
    Part(Arg);
  for (const std::string &File : Files) {
    Part(File);
    Part(configurationText(Options.getOptions(File)));
  }
  return hashOf(Text);
}

std::map<std::string, std::string> sourceHashes(ArrayRef<std::string> Files) {
  std::map<std::string, std::string> Hashes;
  for (const std::string &File : Files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Bytes =
        MemoryBuffer::getFile(File, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    Hashes[File] = Bytes ? hashOf((*Bytes)->getBuffer()) : "";
  }
  return Hashes;
}

std::optional<std::string> runDifference(const RunIdentity &A,
                                         const RunIdentity &B) {
  if (A.Gpuleak != B.Gpuleak)
    return "made by " + A.Gpuleak + " and by " + B.Gpuleak;
  // Two commits are two runs, also when the files the shards read happen
  // to agree (a change that one shard's translation units would have read
  // had it been made on the other's commit).
  if (!A.Commit.empty() && !B.Commit.empty()) {
    if (A.Commit != B.Commit)
      return "made on different commits (" + A.Commit + " and " + B.Commit +
             ")";
    if (A.Changes != B.Changes)
      return "made on commit " + A.Commit +
             " with different uncommitted changes (git diff HEAD)";
  }
  for (const auto *Run : {&A, &B}) {
    const RunIdentity &Other = Run == &A ? B : A;
    for (const auto &Source : Run->Sources)
      if (!Other.Sources.count(Source.first))
        return "different lists of translation units ('" + Source.first +
               "' is in the " + (Run == &A ? "first" : "second") +
               "'s list only)";
  }
  if (A.Database != B.Database)
    return std::string("different compile databases (their entries differ)");
  if (A.Headers != B.Headers)
    return std::string(
        "different lists of headers that no translation unit may include "
        "(another --source-root, other tracked headers or header filters)");
  if (A.Configuration != B.Configuration)
    return std::string(
        "different configurations (--checks, --warnings-as-errors, the "
        "header filters, --config-file or --config, --extra-arg, "
        "--extra-arg-before, "
        "--resource-dir, --build-config or the .clang-tidy files)");
  for (const auto &[File, Hash] : A.Sources)
    if (B.Sources.at(File) != Hash)
      return "'" + File + "' differs between them (another commit or checkout)";
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

static json::Value errorJSON(const InputError &E) {
  return json::Object{{"file", E.File}, {"message", E.Message}};
}

/// The translation units \p Files with their results \p TUs.
static json::Array tusJSON(ArrayRef<std::string> Files,
                           ArrayRef<TUResult> TUs) {
  json::Array A;
  for (size_t I = 0; I < TUs.size(); ++I) {
    const TUResult &TU = TUs[I];
    json::Object O = tuResultJSON(TU);
    O["file"] = Files[I];
    O["seconds"] = TU.Seconds;
    O["summary_seconds"] = TU.SummarySeconds;
    A.push_back(std::move(O));
  }
  return A;
}

void writeShard(raw_ostream &OS, const ShardContents &C) {
  json::Array Included;
  for (const std::string &H : C.IncludedHeaders)
    Included.push_back(H);
  json::Array ConfigErrors;
  for (const InputError &E : C.ConfigErrors)
    ConfigErrors.push_back(errorJSON(E));
  json::Object Sources, Inputs;
  for (const auto &[File, Hash] : C.Run.Sources)
    Sources[File] = Hash;
  for (const auto &[File, Hash] : C.Run.Inputs)
    Inputs[File] = Hash;
  json::OStream J(OS, /*IndentSize=*/1);
  J.value(
      json::Object{{"format", "gpuleak-shard"},
                   {"version", ShardVersion},
                   {"shard", C.Spec.K},
                   {"shards", C.Spec.N},
                   {"run", json::Object{{"gpuleak", C.Run.Gpuleak},
                                        {"database", C.Run.Database},
                                        {"configuration", C.Run.Configuration},
                                        {"sources", std::move(Sources)},
                                        {"inputs", std::move(Inputs)},
                                        {"commit", C.Run.Commit},
                                        {"changes", C.Run.Changes},
                                        {"headers", C.Run.Headers}}},
                   {"database", C.Database},
                   {"translation_units", int64_t(C.TotalFiles)},
                   {"whole_database", C.WholeDatabase},
                   {"tus", tusJSON(C.Files, C.TUs)},
                   {"headers", tusJSON(C.Headers, C.HeaderTUs)},
                   {"included_headers", std::move(Included)},
                   {"config_errors", std::move(ConfigErrors)}});
  OS << '\n';
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

namespace {
/// Reads a shard file's parts; the first error is recorded at its
/// json::Path.
class Reader {
public:
  bool string(const json::Object &O, StringLiteral Key, std::string &Out,
              json::Path Path) {
    return readJSONString(O, Key, Out, Path);
  }

  bool errors(const json::Value *V, std::vector<InputError> &Out,
              json::Path Path) {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A)
      return fail(Path, "expected an array");
    for (size_t I = 0; I < A->size(); ++I) {
      const json::Object *O = (*A)[I].getAsObject();
      InputError E;
      if (!O)
        return fail(Path.index(I), "expected an object");
      if (!string(*O, "file", E.File, Path.index(I)) ||
          !string(*O, "message", E.Message, Path.index(I)))
        return false;
      Out.push_back(std::move(E));
    }
    return true;
  }

  bool run(const json::Value *V, RunIdentity &Run, json::Path Path) {
    const json::Object *O = V ? V->getAsObject() : nullptr;
    if (!O)
      return fail(Path, "expected an object");
    if (!string(*O, "gpuleak", Run.Gpuleak, Path) ||
        !string(*O, "database", Run.Database, Path) ||
        !string(*O, "configuration", Run.Configuration, Path) ||
        !string(*O, "commit", Run.Commit, Path) ||
        !string(*O, "changes", Run.Changes, Path) ||
        !string(*O, "headers", Run.Headers, Path))
      return false;
    return hashes(*O, "sources", Run.Sources, Path) &&
           hashes(*O, "inputs", Run.Inputs, Path);
  }

  /// The object \p Key of \p O: file -> hash.
  bool hashes(const json::Object &O, StringLiteral Key,
              std::map<std::string, std::string> &Out, json::Path Path) {
    const json::Object *Files = O.getObject(Key);
    if (!Files)
      return fail(Path.field(Key), "expected an object");
    for (const auto &[File, Hash] : *Files) {
      std::optional<StringRef> H = Hash.getAsString();
      if (!H)
        return fail(Path.field(Key).field(File), "expected a string");
      Out[File.str()] = H->str();
    }
    return true;
  }

  bool tu(const json::Value &V, std::string &File, TUResult &TU,
          json::Path Path) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Path, "expected an object");
    if (!string(*O, "file", File, Path))
      return false;
    TU.Seconds = O->getNumber("seconds").value_or(0);
    TU.SummarySeconds = O->getNumber("summary_seconds").value_or(0);
    return readTUResult(*O, TU, Path);
  }

  /// Records \p Message (a literal: json::Path keeps no copy) at \p Path.
  bool fail(json::Path Path, StringLiteral Message) {
    Path.report(Message);
    return false;
  }
};
} // namespace

Expected<ShardContents> readShard(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(Path);
  if (!Text)
    return createStringError(Text.getError().message());
  Expected<json::Value> Parsed = json::parse((*Text)->getBuffer());
  if (!Parsed)
    return createStringError("not valid JSON: " + toString(Parsed.takeError()));
  const json::Object *O = Parsed->getAsObject();
  if (!O || O->getString("format") != "gpuleak-shard")
    return createStringError("not a gpuleak shard file (written by 'gpuleak "
                             "check --shard=K/N')");
  if (std::optional<int64_t> V = O->getInteger("version"); V != ShardVersion)
    return createStringError("version " +
                             (V ? std::to_string(*V) : std::string("?")) +
                             " is not supported (this gpuleak reads version " +
                             std::to_string(ShardVersion) + ")");
  ShardContents C;
  json::Path::Root Root("shard");
  Reader R;
  json::Path P(Root);
  std::optional<int64_t> K = O->getInteger("shard"), N = O->getInteger("shards"),
                         Total = O->getInteger("translation_units");
  std::optional<StringRef> DB = O->getString("database");
  const json::Array *TUs = O->getArray("tus");
  const json::Array *Headers = O->getArray("headers");
  const json::Array *Included = O->getArray("included_headers");
  bool OK = true;
  if (!K || !N || *N < 1 || *K < 1 || *K > *N)
    OK = R.fail(P.field("shard"), "expected 1 <= shard <= shards");
  else if (!DB)
    OK = R.fail(P.field("database"), "expected a string");
  else if (!Total || *Total < 0)
    OK = R.fail(P.field("translation_units"), "expected a number");
  else if (!TUs)
    OK = R.fail(P.field("tus"), "expected an array");
  else if (!Headers)
    OK = R.fail(P.field("headers"), "expected an array");
  else if (!Included)
    OK = R.fail(P.field("included_headers"), "expected an array");
  else
    OK = R.run(O->get("run"), C.Run, P.field("run"));
  if (OK) {
    C.Spec = {unsigned(*K), unsigned(*N)};
    C.Database = DB->str();
    C.TotalFiles = size_t(*Total);
    C.WholeDatabase = O->getBoolean("whole_database").value_or(false);
    for (size_t I = 0; OK && I < TUs->size(); ++I)
      OK = R.tu((*TUs)[I], C.Files.emplace_back(), C.TUs.emplace_back(),
                P.field("tus").index(I));
    for (size_t I = 0; OK && I < Headers->size(); ++I)
      OK = R.tu((*Headers)[I], C.Headers.emplace_back(),
                C.HeaderTUs.emplace_back(), P.field("headers").index(I));
    for (size_t I = 0; OK && I < Included->size(); ++I) {
      std::optional<StringRef> H = (*Included)[I].getAsString();
      if (!H)
        OK = R.fail(P.field("included_headers").index(I), "expected a string");
      else
        C.IncludedHeaders.insert(H->str());
    }
    OK = OK && R.errors(O->get("config_errors"), C.ConfigErrors,
                        P.field("config_errors"));
  }
  if (!OK)
    return createStringError("not a gpuleak shard file: " +
                             toString(Root.getError()));
  return C;
}

Expected<ShardContents> readAllShards(ArrayRef<std::string> Paths) {
  std::map<unsigned, std::string> Seen; // K -> path
  // Every path a shard read -> its hash and the first shard that read it.
  std::map<std::string, std::pair<std::string, std::string>> Read;
  // The headers the shards analysed on their own, sorted.
  std::map<std::string, TUResult> HeaderResults;
  ShardContents All;
  for (const std::string &Path : Paths) {
    Expected<ShardContents> C = readShard(Path);
    if (!C)
      return createStringError("cannot read the shard '" + Path +
                               "': " + toString(C.takeError()));
    if (Seen.empty()) {
      All.Run = C->Run;
      All.Spec = {0, C->Spec.N};
      All.Database = C->Database;
      All.TotalFiles = C->TotalFiles;
      All.WholeDatabase = C->WholeDatabase;
    } else if (C->Spec.N != All.Spec.N || C->Database != All.Database ||
               C->TotalFiles != All.TotalFiles) {
      return createStringError(
          "'" + Path + "' is shard " + Twine(C->Spec.K) + "/" +
          Twine(C->Spec.N) + " of " + Twine(C->TotalFiles) +
          " translation units of '" + C->Database + "', '" +
          Seen.begin()->second + "' of " + Twine(All.Spec.N) + " shards of " +
          Twine(All.TotalFiles) + " of '" + All.Database +
          "': not shards of one run");
    } else if (std::optional<std::string> Differ =
                   runDifference(All.Run, C->Run)) {
      return createStringError("'" + Paths.front() + "' and '" + Path +
                               "' are not shards of one run: " + *Differ);
    }
    // The shards' translation units are one run's when every file that two
    // shards read has the same bytes in both (and a path that one found
    // absent, the other did not read): docs/cli.md says why that is enough.
    for (const auto &[File, Hash] : C->Run.Inputs) {
      auto [Earlier, First] = Read.try_emplace(File, Hash, Path);
      if (!First && Earlier->second.first != Hash)
        return createStringError(
            "'" + Earlier->second.second + "' and '" + Path +
            "' are not shards of one run: '" + File +
            "', which both read, differs between them (" +
            (Earlier->second.first.empty() || Hash.empty()
                 ? "one found it absent; "
                 : "") +
            "another commit or checkout)");
    }
    auto [It, New] = Seen.emplace(C->Spec.K, Path);
    if (!New)
      return createStringError("shard " + Twine(C->Spec.K) + "/" +
                               Twine(C->Spec.N) + " is given twice ('" +
                               It->second + "' and '" + Path + "')");
    std::move(C->Files.begin(), C->Files.end(), std::back_inserter(All.Files));
    std::move(C->TUs.begin(), C->TUs.end(), std::back_inserter(All.TUs));
    std::move(C->ConfigErrors.begin(), C->ConfigErrors.end(),
              std::back_inserter(All.ConfigErrors));
    for (size_t I = 0; I < C->Headers.size(); ++I)
      if (!HeaderResults.emplace(C->Headers[I], std::move(C->HeaderTUs[I]))
               .second)
        return createStringError("'" + C->Headers[I] +
                                 "' is a header of two shards: the shards "
                                 "were not made from one list of headers");
    All.IncludedHeaders.insert(C->IncludedHeaders.begin(),
                               C->IncludedHeaders.end());
  }
  for (unsigned K = 1; K <= All.Spec.N; ++K)
    if (!Seen.count(K))
      return createStringError("shard " + Twine(K) + "/" + Twine(All.Spec.N) +
                               " is missing");
  if (All.Files.size() != All.TotalFiles)
    return createStringError("the shards hold " + Twine(All.Files.size()) +
                             " translation units, not the run's " +
                             Twine(All.TotalFiles));
  // The order of a single run: sorted by file.
  std::vector<size_t> Order(All.Files.size());
  std::iota(Order.begin(), Order.end(), 0);
  // (Ties keep their order; not std::stable_sort, whose temporary buffer
  // libstdc++ 12 builds with a deprecated function.)
  llvm::sort(Order, [&](size_t A, size_t B) {
    return std::tie(All.Files[A], A) < std::tie(All.Files[B], B);
  });
  // Shards of one list of translation units hold each unit once (shards
  // made from two different FILE lists of the same length do not).
  for (size_t I = 1; I < Order.size(); ++I)
    if (All.Files[Order[I]] == All.Files[Order[I - 1]])
      return createStringError("'" + All.Files[Order[I]] +
                               "' is in two shards: the shards were not made "
                               "from one list of translation units");
  ShardContents Sorted;
  Sorted.Run = std::move(All.Run);
  // What all shards read together, and which read it.
  Sorted.Run.Inputs.clear();
  for (auto &[File, HashAndShard] : Read) {
    Sorted.Run.Inputs.emplace(File, std::move(HashAndShard.first));
    Sorted.ReadBy.emplace(File, std::move(HashAndShard.second));
  }
  Sorted.Paths = Paths;
  Sorted.WholeDatabase = All.WholeDatabase;
  Sorted.Spec = All.Spec;
  Sorted.Database = All.Database;
  Sorted.TotalFiles = All.TotalFiles;
  Sorted.ConfigErrors = std::move(All.ConfigErrors);
  for (size_t I : Order) {
    Sorted.Files.push_back(std::move(All.Files[I]));
    Sorted.TUs.push_back(std::move(All.TUs[I]));
  }
  // A header that a translation unit of another shard read is not one
  // that no translation unit includes: a single run does not analyse it on
  // its own.
  Sorted.IncludedHeaders = std::move(All.IncludedHeaders);
  for (auto &[Header, TU] : HeaderResults)
    if (!Sorted.IncludedHeaders.count(Header)) {
      Sorted.Headers.push_back(Header);
      Sorted.HeaderTUs.push_back(std::move(TU));
    }
  return Sorted;
}

} // namespace gpuleak
