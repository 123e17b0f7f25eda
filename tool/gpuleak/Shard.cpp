//===--- Shard.cpp - `check --shard=K/N` and `gpuleak merge` --------------===//

#include "Shard.h"
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

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

static json::Value placeJSON(const SourcePlace &P) {
  return json::Array{P.File, P.Line, P.Column, P.EndLine, P.EndColumn};
}

static json::Value fixesJSON(const std::vector<FixReplacement> &Fixes) {
  json::Array A;
  for (const FixReplacement &F : Fixes)
    A.push_back(json::Array{F.File, F.Offset, F.Length, F.Text});
  return A;
}

static json::Value findingJSON(const Finding &F) {
  json::Array Notes;
  for (const FindingNote &N : F.Notes)
    Notes.push_back(json::Object{{"message", N.Message},
                                 {"place", placeJSON(N.Place)},
                                 {"fixes", fixesJSON(N.Fixes)}});
  return json::Object{{"check", F.Check},
                      {"severity", F.Severity},
                      {"message", F.Message},
                      {"place", placeJSON(F.Place)},
                      {"notes", std::move(Notes)},
                      {"fixes", fixesJSON(F.Fixes)}};
}

static json::Value siteJSON(const OpenSite &S) {
  return json::Object{{"callee_usr", S.CalleeUSR},
                      {"callee_name", S.CalleeName},
                      {"callee_qualified_name", S.CalleeQualifiedName},
                      {"param", S.Param},
                      {"call", placeJSON(S.Call)},
                      {"origin", placeJSON(S.Origin)},
                      {"assumed_usr", S.AssumedUSR},
                      {"assumed_graph_usr", S.AssumedGraphUSR},
                      {"silenced", S.Silenced},
                      {"severity", S.Severity}};
}

static json::Value errorJSON(const InputError &E) {
  return json::Object{{"file", E.File}, {"message", E.Message}};
}

void writeShard(raw_ostream &OS, const ShardContents &C) {
  json::Array TUs;
  for (size_t I = 0; I < C.TUs.size(); ++I) {
    const TUResult &TU = C.TUs[I];
    json::Array Findings, Summaries, Sites;
    for (const Finding &F : TU.Findings)
      Findings.push_back(findingJSON(F));
    for (const FunctionSummary &S : TU.Summaries)
      Summaries.push_back(S.toJSON());
    for (const OpenSite &S : TU.Sites)
      Sites.push_back(siteJSON(S));
    json::Object O{{"file", C.Files[I]},
                   {"findings", std::move(Findings)},
                   {"summaries", std::move(Summaries)},
                   {"bounded", json::Array(TU.Bounded)},
                   {"sites", std::move(Sites)},
                   {"seconds", TU.Seconds},
                   {"summary_seconds", TU.SummarySeconds}};
    if (TU.Error)
      O["error"] = *TU.Error;
    TUs.push_back(std::move(O));
  }
  json::Array ConfigErrors;
  for (const InputError &E : C.ConfigErrors)
    ConfigErrors.push_back(errorJSON(E));
  json::OStream J(OS, /*IndentSize=*/1);
  J.value(json::Object{{"format", "gpuleak-shard"},
                       {"version", ShardVersion},
                       {"shard", C.Spec.K},
                       {"shards", C.Spec.N},
                       {"database", C.Database},
                       {"translation_units", int64_t(C.TotalFiles)},
                       {"whole_database", C.WholeDatabase},
                       {"tus", std::move(TUs)},
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
  bool place(const json::Value *V, SourcePlace &P, json::Path Path) {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A || A->size() != 5 || !(*A)[0].getAsString())
      return fail(Path, "expected [file, line, column, end line, end column]");
    P.File = (*A)[0].getAsString()->str();
    unsigned *Fields[] = {&P.Line, &P.Column, &P.EndLine, &P.EndColumn};
    for (size_t I = 0; I < 4; ++I) {
      std::optional<int64_t> N = (*A)[I + 1].getAsInteger();
      if (!N || *N < 0)
        return fail(Path.index(I + 1), "expected a number");
      *Fields[I] = unsigned(*N);
    }
    return true;
  }

  bool fixes(const json::Value *V, std::vector<FixReplacement> &Out,
             json::Path Path) {
    const json::Array *A = V ? V->getAsArray() : nullptr;
    if (!A)
      return fail(Path, "expected an array");
    for (size_t I = 0; I < A->size(); ++I) {
      const json::Array *F = (*A)[I].getAsArray();
      if (!F || F->size() != 4 || !(*F)[0].getAsString() ||
          !(*F)[1].getAsInteger() || !(*F)[2].getAsInteger() ||
          !(*F)[3].getAsString())
        return fail(Path.index(I), "expected [file, offset, length, text]");
      Out.push_back({(*F)[0].getAsString()->str(),
                     unsigned(*(*F)[1].getAsInteger()),
                     unsigned(*(*F)[2].getAsInteger()),
                     (*F)[3].getAsString()->str()});
    }
    return true;
  }

  bool string(const json::Object &O, StringLiteral Key, std::string &Out,
              json::Path Path) {
    std::optional<StringRef> S = O.getString(Key);
    if (!S)
      return fail(Path.field(Key), "expected a string");
    Out = S->str();
    return true;
  }

  bool finding(const json::Value &V, Finding &F, json::Path Path) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Path, "expected an object");
    if (!string(*O, "check", F.Check, Path) ||
        !string(*O, "severity", F.Severity, Path) ||
        !string(*O, "message", F.Message, Path) ||
        !place(O->get("place"), F.Place, Path.field("place")) ||
        !fixes(O->get("fixes"), F.Fixes, Path.field("fixes")))
      return false;
    const json::Array *Notes = O->getArray("notes");
    if (!Notes)
      return fail(Path.field("notes"), "expected an array");
    for (size_t I = 0; I < Notes->size(); ++I) {
      json::Path NP = Path.field("notes").index(I);
      const json::Object *N = (*Notes)[I].getAsObject();
      if (!N)
        return fail(NP, "expected an object");
      FindingNote Note;
      if (!string(*N, "message", Note.Message, NP) ||
          !place(N->get("place"), Note.Place, NP.field("place")) ||
          !fixes(N->get("fixes"), Note.Fixes, NP.field("fixes")))
        return false;
      F.Notes.push_back(std::move(Note));
    }
    return true;
  }

  bool site(const json::Value &V, OpenSite &S, json::Path Path) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Path, "expected an object");
    std::optional<int64_t> Param = O->getInteger("param");
    std::optional<bool> Silenced = O->getBoolean("silenced");
    if (!Param || *Param < 0)
      return fail(Path.field("param"), "expected a number");
    if (!Silenced)
      return fail(Path.field("silenced"), "expected a boolean");
    S.Param = unsigned(*Param);
    S.Silenced = *Silenced;
    return string(*O, "callee_usr", S.CalleeUSR, Path) &&
           string(*O, "callee_name", S.CalleeName, Path) &&
           string(*O, "callee_qualified_name", S.CalleeQualifiedName, Path) &&
           string(*O, "assumed_usr", S.AssumedUSR, Path) &&
           string(*O, "assumed_graph_usr", S.AssumedGraphUSR, Path) &&
           string(*O, "severity", S.Severity, Path) &&
           place(O->get("call"), S.Call, Path.field("call")) &&
           place(O->get("origin"), S.Origin, Path.field("origin"));
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

  bool tu(const json::Value &V, std::string &File, TUResult &TU,
          json::Path Path) {
    const json::Object *O = V.getAsObject();
    if (!O)
      return fail(Path, "expected an object");
    if (!string(*O, "file", File, Path))
      return false;
    if (const json::Value *E = O->get("error")) {
      if (!E->getAsString())
        return fail(Path.field("error"), "expected a string");
      TU.Error = E->getAsString()->str();
    }
    TU.Seconds = O->getNumber("seconds").value_or(0);
    TU.SummarySeconds = O->getNumber("summary_seconds").value_or(0);
    auto Each = [&](StringLiteral Key, auto Read) {
      const json::Array *A = O->getArray(Key);
      if (!A)
        return fail(Path.field(Key), "expected an array");
      for (size_t I = 0; I < A->size(); ++I)
        if (!Read((*A)[I], Path.field(Key).index(I)))
          return false;
      return true;
    };
    return Each("findings",
                [&](const json::Value &V, json::Path P) {
                  return finding(V, TU.Findings.emplace_back(), P);
                }) &&
           Each("summaries",
                [&](const json::Value &V, json::Path P) {
                  std::optional<FunctionSummary> S =
                      FunctionSummary::fromJSON(V);
                  if (!S)
                    return fail(P, "malformed function summary");
                  TU.Summaries.push_back(std::move(*S));
                  return true;
                }) &&
           Each("bounded",
                [&](const json::Value &V, json::Path P) {
                  if (!V.getAsString())
                    return fail(P, "expected a string");
                  TU.Bounded.push_back(V.getAsString()->str());
                  return true;
                }) &&
           Each("sites", [&](const json::Value &V, json::Path P) {
             return site(V, TU.Sites.emplace_back(), P);
           });
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
  bool OK = true;
  if (!K || !N || *N < 1 || *K < 1 || *K > *N)
    OK = R.fail(P.field("shard"), "expected 1 <= shard <= shards");
  else if (!DB)
    OK = R.fail(P.field("database"), "expected a string");
  else if (!Total || *Total < 0)
    OK = R.fail(P.field("translation_units"), "expected a number");
  else if (!TUs)
    OK = R.fail(P.field("tus"), "expected an array");
  if (OK) {
    C.Spec = {unsigned(*K), unsigned(*N)};
    C.Database = DB->str();
    C.TotalFiles = size_t(*Total);
    C.WholeDatabase = O->getBoolean("whole_database").value_or(false);
    for (size_t I = 0; OK && I < TUs->size(); ++I)
      OK = R.tu((*TUs)[I], C.Files.emplace_back(), C.TUs.emplace_back(),
                P.field("tus").index(I));
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
  ShardContents All;
  for (const std::string &Path : Paths) {
    Expected<ShardContents> C = readShard(Path);
    if (!C)
      return createStringError("cannot read the shard '" + Path +
                               "': " + toString(C.takeError()));
    if (Seen.empty()) {
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
  Sorted.WholeDatabase = All.WholeDatabase;
  Sorted.Spec = All.Spec;
  Sorted.Database = All.Database;
  Sorted.TotalFiles = All.TotalFiles;
  Sorted.ConfigErrors = std::move(All.ConfigErrors);
  for (size_t I : Order) {
    Sorted.Files.push_back(std::move(All.Files[I]));
    Sorted.TUs.push_back(std::move(All.TUs[I]));
  }
  return Sorted;
}

} // namespace gpuleak
