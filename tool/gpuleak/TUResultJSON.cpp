//===--- TUResultJSON.cpp - one translation unit's result as JSON ---------===//

#include "TUResultJSON.h"
#include "summaries/Summaries.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;
using clang::tidy::gpuleak::FunctionSummary;

namespace gpuleak {

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
  json::Object O{{"callee_usr", S.CalleeUSR},
                      {"callee_name", S.CalleeName},
                      {"callee_qualified_name", S.CalleeQualifiedName},
                      {"param", S.Param},
                      {"call", placeJSON(S.Call)},
                      {"origin", placeJSON(S.Origin)},
                      {"assumed_usr", S.AssumedUSR},
                      {"assumed_graph_usr", S.AssumedGraphUSR},
                      {"silenced", S.Silenced},
                      {"severity", S.Severity}};
  if (S.Device)
    O["device"] = true;
  if (S.DeviceStoresOnly)
    O["device_stores_only"] = true;
  if (S.PerCall)
    O["per_call"] = true;
  if (!S.RepeatedByUSR.empty())
    O["repeated_by_usr"] = S.RepeatedByUSR;
  if (S.CarriedBy) {
    O["carried_by"] = placeJSON(*S.CarriedBy);
    O["carried_member"] = S.CarriedMember;
    if (!S.CarriedReader.empty())
      O["carried_reader"] = S.CarriedReader;
  }
  if (!S.AssumedOuterUSRs.empty()) {
    json::Array Outer;
    for (const std::string &U : S.AssumedOuterUSRs)
      Outer.push_back(U);
    O["assumed_outer_usrs"] = std::move(Outer);
  }
  return O;
}

json::Object tuResultJSON(const TUResult &TU) {
  json::Array Findings, Summaries, Sites;
  for (const Finding &F : TU.Findings)
    Findings.push_back(findingJSON(F));
  for (const FunctionSummary &S : TU.Summaries)
    Summaries.push_back(S.toJSON());
  for (const OpenSite &S : TU.Sites)
    Sites.push_back(siteJSON(S));
  json::Object O{{"findings", std::move(Findings)},
                 {"summaries", std::move(Summaries)},
                 {"sites", std::move(Sites)}};
  if (TU.Error)
    O["error"] = *TU.Error;
  if (!TU.FilteredHeaderFindings.empty())
    O["filtered_header_findings"] = json::Array(TU.FilteredHeaderFindings);
  if (TU.HeaderFilterMatched)
    O["header_filter_matched"] = true;
  return O;
}

namespace {
/// Reads what tuResultJSON() wrote; the first error is recorded at its
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
    return readJSONString(O, Key, Out, Path);
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
    S.Device = O->getBoolean("device").value_or(false);
    S.DeviceStoresOnly = O->getBoolean("device_stores_only").value_or(false);
    S.PerCall = O->getBoolean("per_call").value_or(false);
    S.RepeatedByUSR = O->getString("repeated_by_usr").value_or("").str();
    if (const json::Array *Outer = O->getArray("assumed_outer_usrs"))
      for (const json::Value &U : *Outer)
        if (std::optional<llvm::StringRef> Str = U.getAsString())
          S.AssumedOuterUSRs.push_back(Str->str());
    if (const json::Value *C = O->get("carried_by")) {
      S.CarriedBy.emplace();
      if (!place(C, *S.CarriedBy, Path.field("carried_by")) ||
          !string(*O, "carried_member", S.CarriedMember, Path))
        return false;
      S.CarriedReader = O->getString("carried_reader").value_or("").str();
    }
    return string(*O, "callee_usr", S.CalleeUSR, Path) &&
           string(*O, "callee_name", S.CalleeName, Path) &&
           string(*O, "callee_qualified_name", S.CalleeQualifiedName, Path) &&
           string(*O, "assumed_usr", S.AssumedUSR, Path) &&
           string(*O, "assumed_graph_usr", S.AssumedGraphUSR, Path) &&
           string(*O, "severity", S.Severity, Path) &&
           place(O->get("call"), S.Call, Path.field("call")) &&
           place(O->get("origin"), S.Origin, Path.field("origin"));
  }

  bool result(const json::Object &O, TUResult &TU, json::Path Path) {
    if (const json::Value *E = O.get("error")) {
      if (!E->getAsString())
        return fail(Path.field("error"), "expected a string");
      TU.Error = E->getAsString()->str();
    }
    if (const json::Value *M = O.get("header_filter_matched")) {
      if (!M->getAsBoolean())
        return fail(Path.field("header_filter_matched"), "expected a boolean");
      TU.HeaderFilterMatched = *M->getAsBoolean();
    }
    if (const json::Value *F = O.get("filtered_header_findings")) {
      const json::Array *A = F->getAsArray();
      if (!A)
        return fail(Path.field("filtered_header_findings"),
                    "expected an array");
      for (size_t I = 0; I < A->size(); ++I) {
        if (!(*A)[I].getAsString())
          return fail(Path.field("filtered_header_findings").index(I),
                      "expected a string");
        TU.FilteredHeaderFindings.push_back((*A)[I].getAsString()->str());
      }
    }
    auto Each = [&](StringLiteral Key, auto Read) {
      const json::Array *A = O.getArray(Key);
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

bool readJSONString(const json::Object &O, StringLiteral Key, std::string &Out,
                    json::Path Path) {
  std::optional<StringRef> S = O.getString(Key);
  if (!S) {
    Path.field(Key).report("expected a string");
    return false;
  }
  Out = S->str();
  return true;
}

std::optional<json::Value> readJSONFile(StringRef File) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Text = MemoryBuffer::getFile(File);
  if (!Text)
    return std::nullopt;
  Expected<json::Value> Parsed = json::parse((*Text)->getBuffer());
  if (!Parsed) {
    consumeError(Parsed.takeError());
    return std::nullopt;
  }
  return std::move(*Parsed);
}

bool readTUResult(const json::Object &O, TUResult &TU, json::Path Path) {
  return Reader().result(O, TU, Path);
}

} // namespace gpuleak
