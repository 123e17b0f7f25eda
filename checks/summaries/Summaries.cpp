//===--- Summaries.cpp - function summaries and the project index ---------===//

#include "Summaries.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Index/USRGeneration.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include <atomic>
#include <functional>
#include <mutex>
#include <tuple>

namespace clang::tidy::gpuleak {

using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

std::string usrOf(const Decl *D) {
  llvm::SmallString<128> Buf;
  if (!D || index::generateUSRForDecl(D, Buf))
    return "";
  // Two files may each have an internal `helper` (static, or in an anonymous
  // namespace): their USRs can be equal, their functions are not.
  if (const auto *ND = dyn_cast<NamedDecl>(D); ND && !ND->isExternallyVisible()) {
    const SourceManager &SM = D->getASTContext().getSourceManager();
    if (OptionalFileEntryRef FE = SM.getFileEntryRefForID(
            SM.getFileID(SM.getExpansionLoc(D->getLocation()))))
      return (FE->getName() + "@" + Buf).str();
  }
  return std::string(Buf);
}

// ---- JSON -------------------------------------------------------------------

static Value placeJSON(const SummaryPlace &P) {
  return Object{{"file", P.File}, {"line", P.Line}, {"column", P.Column}};
}

static std::optional<SummaryPlace> placeFrom(const Value *V) {
  const Object *O = V ? V->getAsObject() : nullptr;
  if (!O)
    return std::nullopt;
  SummaryPlace P;
  std::optional<llvm::StringRef> File = O->getString("file");
  std::optional<int64_t> Line = O->getInteger("line");
  std::optional<int64_t> Column = O->getInteger("column");
  if (!File || !Line || !Column || *Line <= 0 || *Column < 0)
    return std::nullopt;
  P.File = File->str();
  P.Line = *Line;
  P.Column = *Column;
  return P;
}

static llvm::StringRef resultName(FunctionSummary::Result R) {
  switch (R) {
  case FunctionSummary::Result::Graph:
    return "graph";
  case FunctionSummary::Result::Cut:
    return "cut";
  case FunctionSummary::Result::Unknown:
    break;
  }
  return "unknown";
}

/// O[Key] = the elements of \p List, unless it is empty (the index leaves
/// empty lists out).
template <typename Range>
static void putList(Object &O, llvm::StringRef Key, const Range &List) {
  if (List.empty())
    return;
  Array A;
  for (const auto &E : List)
    A.push_back(E);
  O[Key] = std::move(A);
}

Value FunctionSummary::toJSON() const {
  Array StoresJ;
  for (const ParamStore &S : Stores) {
    Array ViaJ;
    for (const SummaryCall &C : S.Via)
      ViaJ.push_back(Object{{"callee", C.Callee}, {"at", placeJSON(C.At)}});
    Object SO{{"param", S.Param},
              {"target", S.Target},
              {"target_usr", S.TargetUSR},
              {"at", placeJSON(S.At)},
              {"function", S.Function},
              {"via", std::move(ViaJ)}};
    if (S.Overwrites)
      SO["overwrites"] = true;
    if (S.InPlace)
      SO["in_place"] = true;
    if (S.Device)
      SO["device"] = true;
    StoresJ.push_back(std::move(SO));
  }
  Array CallsJ;
  for (const Call &C : Calls) {
    Array Args;
    for (int A : C.ArgParams)
      Args.push_back(A);
    Object CO{{"usr", C.CalleeUSR},
              {"name", C.CalleeName},
              {"at", placeJSON(C.At)},
              {"arg_params", std::move(Args)},
              {"no_grad", C.NoGrad}};
    if (C.Loop != Call::LoopKind::None) {
      CO["loop"] = C.Loop == Call::LoopKind::Run ? "run" : "finite";
      CO["loops"] = C.Loops;
    }
    CallsJ.push_back(std::move(CO));
  }
  Object O{{"usr", USR},
           {"name", Name},
           {"def", placeJSON(Def)},
           {"stores", std::move(StoresJ)},
           {"result", resultName(Returns)},
           {"no_grad", DisablesGrad},
           {"calls", std::move(CallsJ)}};
  if (DefLines.first)
    O["def_lines"] = Array{DefLines.first, DefLines.second};
  if (Forward)
    O["forward"] = placeJSON(*Forward);
  if (Backward)
    O["backward"] = placeJSON(*Backward);
  if (GuardedIndirectCall)
    O["guarded_indirect_call"] = placeJSON(*GuardedIndirectCall);
  putList(O, "returns_of", ReturnsOf);
  putList(O, "differentiates", Differentiates);
  if (!ReleasesMembers.empty()) {
    Array M;
    for (const auto &[U, N] : ReleasesMembers)
      M.push_back(Object{{"usr", U}, {"name", N}});
    O["releases_members"] = std::move(M);
  }
  if (!LooksAfterMembers.empty()) {
    Array M;
    for (const auto &[U, N] : LooksAfterMembers)
      M.push_back(Object{{"usr", U}, {"name", N}});
    O["looks_after_members"] = std::move(M);
  }
  if (!HandsOnIf.empty()) {
    Array M;
    for (const HandOnIf &H : HandsOnIf)
      M.push_back(Object{{"usr", H.MemberUSR},
                         {"name", H.MemberName},
                         {"callee", H.Callee},
                         {"param", int64_t(H.Param)}});
    O["hands_on_if"] = std::move(M);
  }
  if (!HandsOnResults.empty()) {
    Array M;
    for (const auto &[U, N] : HandsOnResults)
      M.push_back(Object{{"usr", U}, {"name", N}});
    O["hands_on_results"] = std::move(M);
  }
  if (!ReleasesParamMembers.empty()) {
    Array M;
    for (const auto &[P, U, N] : ReleasesParamMembers)
      M.push_back(Object{{"param", P}, {"usr", U}, {"name", N}});
    O["releases_param_members"] = std::move(M);
  }
  if (!Constructs.empty()) {
    Array C;
    for (const Construction &K : Constructs) {
      Object KO{{"usr", K.ClassUSR}, {"name", K.ClassName}, {"at", placeJSON(K.At)}};
      if (K.Loop)
        KO["loop"] = true;
      C.push_back(std::move(KO));
    }
    O["constructs"] = std::move(C);
  }
  if (!OwnsParts.empty()) {
    Array C;
    for (const OwnedPart &K : OwnsParts)
      C.push_back(Object{{"usr", K.ClassUSR},
                         {"name", K.ClassName},
                         {"field", K.Field},
                         {"at", placeJSON(K.At)}});
    O["owns_parts"] = std::move(C);
  }
  putList(O, "object_calls", ObjectCalls);
  putList(O, "resets_members", ResetsMembers);
  if (!ReadsMembers.empty()) {
    Array M;
    for (const auto &[U, N] : ReadsMembers)
      M.push_back(Object{{"usr", U}, {"name", N}});
    O["reads_members"] = std::move(M);
  }
  if (MembersUnknown)
    O["members_unknown"] = true;
  if (DropsDevice)
    O["drops_device"] = true;
  if (Throws)
    O["throws"] = placeJSON(*Throws);
  if (EndsProcess)
    O["ends_process"] = true;
  if (!ParamUses.empty()) {
    Array U;
    for (const auto &[I, PU] : ParamUses)
      U.push_back(Object{{"param", I},
                         {"use", PU == ParamUse::Read      ? "read"
                                 : PU == ParamUse::Release ? "release"
                                                           : "keep"}});
    O["param_uses"] = std::move(U);
  }
  if (!ReturnsCreated.empty())
    O["returns_created"] = ReturnsCreated;
  if (!ReturnsMember.empty())
    O["returns_member"] = ReturnsMember;
  if (!ReturnsMemberName.empty())
    O["returns_member_name"] = ReturnsMemberName;
  if (!Grows.empty()) {
    Array G;
    for (const DeviceGrowth &D : Grows)
      G.push_back(Object{{"target", D.Target},
                         {"target_usr", D.TargetUSR},
                         {"at", placeJSON(D.At)}});
    O["grows"] = std::move(G);
  }
  putList(O, "writes_graph", WritesGraph);
  if (KeepsGraph)
    O["keeps_graph"] = placeJSON(*KeepsGraph);
  if (!KeepsGraphIf.empty()) {
    Array K;
    for (const KeepsIf &I : KeepsGraphIf)
      K.push_back(Object{{"usr", I.CalleeUSR}, {"param", I.Param}, {"at", placeJSON(I.At)}});
    O["keeps_graph_if"] = std::move(K);
  }
  putList(O, "overrides", Overrides);
  putList(O, "bounds", Bounds);
  if (Entry)
    O["entry"] = true;
  if (!Invokes.empty()) {
    Array I;
    for (const ParamInvoke &P : Invokes) {
      Object PO{{"param", P.Param}, {"at", placeJSON(P.At)}};
      if (P.Guard)
        PO["guard"] = placeJSON(*P.Guard);
      if (P.InLoop)
        PO["loop"] = true;
      I.push_back(std::move(PO));
    }
    O["invokes"] = std::move(I);
  }
  return O;
}

/// Appends the strings of the list \p Key of \p O (if any) to \p Out;
/// false when an element is not a string.
static bool getStrings(const llvm::json::Object &O, llvm::StringRef Key,
                       std::vector<std::string> &Out) {
  if (const llvm::json::Array *A = O.getArray(Key))
    for (const llvm::json::Value &V : *A) {
      std::optional<llvm::StringRef> S = V.getAsString();
      if (!S)
        return false;
      Out.push_back(S->str());
    }
  return true;
}

/// Appends the members of the list \p Key of \p O (if any), each
/// `{usr, name}`, to \p Out; false when an element has no `usr`.
static bool getMembers(const llvm::json::Object &O, llvm::StringRef Key,
                       std::vector<std::pair<std::string, std::string>> &Out) {
  if (const llvm::json::Array *A = O.getArray(Key))
    for (const llvm::json::Value &V : *A) {
      const llvm::json::Object *M = V.getAsObject();
      std::optional<llvm::StringRef> U = M ? M->getString("usr") : std::nullopt;
      if (!U)
        return false;
      Out.push_back({U->str(), M->getString("name").value_or("").str()});
    }
  return true;
}

std::optional<FunctionSummary> FunctionSummary::fromJSON(const Value &V) {
  const Object *O = V.getAsObject();
  if (!O)
    return std::nullopt;
  FunctionSummary S;
  std::optional<llvm::StringRef> USR = O->getString("usr");
  std::optional<SummaryPlace> Def = placeFrom(O->get("def"));
  if (!USR || USR->empty() || !Def)
    return std::nullopt;
  S.USR = USR->str();
  S.Name = O->getString("name").value_or("").str();
  S.Def = *Def;
  if (const Array *L = O->getArray("def_lines")) {
    std::optional<int64_t> B = L->size() == 2 ? (*L)[0].getAsInteger() : std::nullopt,
                           E = L->size() == 2 ? (*L)[1].getAsInteger() : std::nullopt;
    if (!B || !E || *B < 1 || *E < *B || *E > UINT32_MAX)
      return std::nullopt;
    S.DefLines = {unsigned(*B), unsigned(*E)};
  }
  if (const Array *Stores = O->getArray("stores"))
    for (const Value &SV : *Stores) {
      const Object *SO = SV.getAsObject();
      std::optional<SummaryPlace> At = placeFrom(SO ? SO->get("at") : nullptr);
      std::optional<int64_t> Param = SO ? SO->getInteger("param") : std::nullopt;
      if (!At || !Param || *Param < 0)
        return std::nullopt;
      ParamStore PS;
      PS.Param = *Param;
      PS.Target = SO->getString("target").value_or("").str();
      PS.TargetUSR = SO->getString("target_usr").value_or("").str();
      PS.At = *At;
      PS.Function = SO->getString("function").value_or("").str();
      PS.Overwrites = SO->getBoolean("overwrites").value_or(false);
      PS.InPlace = SO->getBoolean("in_place").value_or(false);
      PS.Device = SO->getBoolean("device").value_or(false);
      if (const Array *Via = SO->getArray("via"))
        for (const Value &CV : *Via) {
          const Object *CO = CV.getAsObject();
          std::optional<SummaryPlace> CAt =
              placeFrom(CO ? CO->get("at") : nullptr);
          if (!CAt)
            return std::nullopt;
          PS.Via.push_back({CO->getString("callee").value_or("").str(), *CAt});
        }
      S.Stores.push_back(std::move(PS));
    }
  if (const Value *F = O->get("forward")) {
    S.Forward = placeFrom(F);
    if (!S.Forward)
      return std::nullopt;
  }
  if (const Value *G = O->get("guarded_indirect_call")) {
    S.GuardedIndirectCall = placeFrom(G);
    if (!S.GuardedIndirectCall)
      return std::nullopt;
  }
  if (const Value *B = O->get("backward")) {
    S.Backward = placeFrom(B);
    if (!S.Backward)
      return std::nullopt;
  }
  llvm::StringRef R = O->getString("result").value_or("unknown");
  S.Returns = R == "graph" ? Result::Graph
              : R == "cut" ? Result::Cut
                           : Result::Unknown;
  S.DisablesGrad = O->getBoolean("no_grad").value_or(false);
  if (!getStrings(*O, "returns_of", S.ReturnsOf))
    return std::nullopt;
  if (const Array *D = O->getArray("differentiates"))
    for (const Value &P : *D) {
      std::optional<int64_t> PI = P.getAsInteger();
      if (!PI || *PI < 0)
        return std::nullopt;
      S.Differentiates.push_back(*PI);
    }
  if (!getMembers(*O, "releases_members", S.ReleasesMembers))
    return std::nullopt;
  if (!getMembers(*O, "reads_members", S.ReadsMembers))
    return std::nullopt;
  if (!getMembers(*O, "looks_after_members", S.LooksAfterMembers))
    return std::nullopt;
  if (!getMembers(*O, "hands_on_results", S.HandsOnResults))
    return std::nullopt;
  if (const Array *A = O->getArray("releases_param_members"))
    for (const Value &MV : *A) {
      const Object *MO = MV.getAsObject();
      std::optional<int64_t> P = MO ? MO->getInteger("param") : std::nullopt;
      std::optional<llvm::StringRef> U = MO ? MO->getString("usr") : std::nullopt;
      if (!P || *P < 0 || !U)
        return std::nullopt;
      S.ReleasesParamMembers.push_back(
          {unsigned(*P), U->str(), MO->getString("name").value_or("").str()});
    }
  if (const Array *C = O->getArray("constructs"))
    for (const Value &CV : *C) {
      const Object *CO = CV.getAsObject();
      std::optional<SummaryPlace> At = placeFrom(CO ? CO->get("at") : nullptr);
      std::optional<llvm::StringRef> U = CO ? CO->getString("usr") : std::nullopt;
      if (!At || !U)
        return std::nullopt;
      S.Constructs.push_back({U->str(), CO->getString("name").value_or("").str(),
                              *At, CO->getBoolean("loop").value_or(false)});
    }
  if (const Array *C = O->getArray("hands_on_if"))
    for (const Value &HV : *C) {
      const Object *HO = HV.getAsObject();
      std::optional<llvm::StringRef> U = HO ? HO->getString("usr") : std::nullopt;
      std::optional<llvm::StringRef> Callee =
          HO ? HO->getString("callee") : std::nullopt;
      std::optional<int64_t> P = HO ? HO->getInteger("param") : std::nullopt;
      if (!U || !Callee || !P || *P < 0)
        return std::nullopt;
      S.HandsOnIf.push_back({U->str(), HO->getString("name").value_or("").str(),
                             Callee->str(), unsigned(*P)});
    }
  if (const Array *C = O->getArray("owns_parts"))
    for (const Value &CV : *C) {
      const Object *CO = CV.getAsObject();
      std::optional<SummaryPlace> At = placeFrom(CO ? CO->get("at") : nullptr);
      std::optional<llvm::StringRef> U = CO ? CO->getString("usr") : std::nullopt;
      std::optional<llvm::StringRef> F = CO ? CO->getString("field") : std::nullopt;
      if (!At || !U || !F)
        return std::nullopt;
      S.OwnsParts.push_back({U->str(), CO->getString("name").value_or("").str(),
                             F->str(), *At});
    }
  if (!getStrings(*O, "object_calls", S.ObjectCalls))
    return std::nullopt;
  if (!getStrings(*O, "resets_members", S.ResetsMembers))
    return std::nullopt;
  if (!getStrings(*O, "bounds", S.Bounds))
    return std::nullopt;
  S.MembersUnknown = O->getBoolean("members_unknown").value_or(false);
  S.Entry = O->getBoolean("entry").value_or(false);
  if (const Array *W = O->getArray("writes_graph"))
    for (const Value &P : *W) {
      std::optional<int64_t> PI = P.getAsInteger();
      if (!PI || *PI < 0)
        return std::nullopt;
      S.WritesGraph.push_back(*PI);
    }
  if (const Value *K = O->get("keeps_graph")) {
    S.KeepsGraph = placeFrom(K);
    if (!S.KeepsGraph)
      return std::nullopt;
  }
  if (const Array *K = O->getArray("keeps_graph_if"))
    for (const Value &KV : *K) {
      const Object *KO = KV.getAsObject();
      std::optional<llvm::StringRef> U = KO ? KO->getString("usr") : std::nullopt;
      std::optional<int64_t> P = KO ? KO->getInteger("param") : std::nullopt;
      std::optional<SummaryPlace> At = placeFrom(KO ? KO->get("at") : nullptr);
      if (!U || !P || *P < -1 || !At)
        return std::nullopt;
      S.KeepsGraphIf.push_back({U->str(), int(*P), *At});
    }
  if (const Array *Ov = O->getArray("overrides"))
    for (const Value &U : *Ov) {
      std::optional<llvm::StringRef> US = U.getAsString();
      if (!US)
        return std::nullopt;
      S.Overrides.push_back(US->str());
    }
  if (const Array *I = O->getArray("invokes"))
    for (const Value &IV : *I) {
      const Object *IO = IV.getAsObject();
      std::optional<SummaryPlace> At = placeFrom(IO ? IO->get("at") : nullptr);
      std::optional<int64_t> Param = IO ? IO->getInteger("param") : std::nullopt;
      if (!At || !Param || *Param < 0)
        return std::nullopt;
      ParamInvoke PI;
      PI.Param = *Param;
      PI.At = *At;
      if (const Value *G = IO->get("guard")) {
        PI.Guard = placeFrom(G);
        if (!PI.Guard)
          return std::nullopt;
      }
      PI.InLoop = IO->getBoolean("loop").value_or(false);
      S.Invokes.push_back(std::move(PI));
    }
  S.DropsDevice = O->getBoolean("drops_device").value_or(false);
  if (const Value *T = O->get("throws")) {
    S.Throws = placeFrom(T);
    if (!S.Throws)
      return std::nullopt;
  }
  S.EndsProcess = O->getBoolean("ends_process").value_or(false);
  if (const Array *U = O->getArray("param_uses"))
    for (const Value &UV : *U) {
      const Object *UO = UV.getAsObject();
      std::optional<int64_t> Param = UO ? UO->getInteger("param") : std::nullopt;
      std::optional<llvm::StringRef> Use = UO ? UO->getString("use") : std::nullopt;
      if (!Param || *Param < 0 || !Use)
        return std::nullopt;
      S.ParamUses.push_back({unsigned(*Param), *Use == "read" ? ParamUse::Read
                                               : *Use == "release"
                                                   ? ParamUse::Release
                                                   : ParamUse::Keep});
    }
  S.ReturnsCreated = O->getString("returns_created").value_or("").str();
  S.ReturnsMember = O->getString("returns_member").value_or("").str();
  S.ReturnsMemberName =
      O->getString("returns_member_name").value_or("").str();
  if (const Array *G = O->getArray("grows"))
    for (const Value &GV : *G) {
      const Object *GO = GV.getAsObject();
      std::optional<SummaryPlace> At = placeFrom(GO ? GO->get("at") : nullptr);
      std::optional<llvm::StringRef> U =
          GO ? GO->getString("target_usr") : std::nullopt;
      if (!At || !U)
        return std::nullopt;
      S.Grows.push_back({GO->getString("target").value_or("").str(), U->str(), *At});
    }
  if (const Array *Calls = O->getArray("calls"))
    for (const Value &CV : *Calls) {
      const Object *CO = CV.getAsObject();
      std::optional<SummaryPlace> At = placeFrom(CO ? CO->get("at") : nullptr);
      std::optional<llvm::StringRef> CU = CO ? CO->getString("usr") : std::nullopt;
      if (!At || !CU)
        return std::nullopt;
      Call C;
      C.CalleeUSR = CU->str();
      C.CalleeName = CO->getString("name").value_or("").str();
      C.At = *At;
      C.NoGrad = CO->getBoolean("no_grad").value_or(false);
      if (std::optional<llvm::StringRef> L = CO->getString("loop")) {
        if (*L != "run" && *L != "finite")
          return std::nullopt;
        C.Loop = *L == "run" ? Call::LoopKind::Run : Call::LoopKind::Finite;
        C.Loops = std::max<int64_t>(1, CO->getInteger("loops").value_or(1));
      }
      if (const Array *Args = CO->getArray("arg_params"))
        for (const Value &A : *Args)
          C.ArgParams.push_back(A.getAsInteger().value_or(-1));
      S.Calls.push_back(std::move(C));
    }
  return S;
}

std::string formatNote(llvm::StringRef Format,
                       llvm::ArrayRef<std::string> Args) {
  std::string Out;
  while (!Format.empty()) {
    size_t At = Format.find('%');
    unsigned N = 0;
    if (At == llvm::StringRef::npos || At + 1 >= Format.size() ||
        !llvm::isDigit(Format[At + 1]) ||
        (N = Format[At + 1] - '0') >= Args.size()) {
      Out += Format.take_front(At == llvm::StringRef::npos ? Format.size()
                                                            : At + 1);
      Format = Format.drop_front(At == llvm::StringRef::npos ? Format.size()
                                                              : At + 1);
      continue;
    }
    Out += Format.take_front(At);
    Out += "'" + Args[N] + "'";
    Format = Format.drop_front(At + 2);
  }
  return Out;
}

std::vector<std::pair<std::string, SummaryPlace>>
calledInLoopNotes(llvm::ArrayRef<SummaryCall> Chain) {
  std::vector<std::pair<std::string, SummaryPlace>> Notes;
  for (size_t I = 0; I < Chain.size(); ++I)
    Notes.push_back(
        {I == 0 ? formatNote(CalledInLoopNote, {Chain[I].Callee})
                : formatNote(CallsNote, {Chain[I - 1].Callee, Chain[I].Callee}),
         Chain[I].At});
  return Notes;
}

// ---- the index ----------------------------------------------------------------

bool ProjectIndex::add(FunctionSummary S) {
  if (S.USR.empty())
    return false;
  // A function defined in a header is summarized by every TU that includes
  // it, identically; the first one stays. Definitions elsewhere (two
  // programs' `main`) are kept apart.
  auto [B, E] = Functions.equal_range(S.USR);
  for (auto It = B; It != E; ++It)
    if (It->second.Def == S.Def)
      return false;
  Functions.emplace_hint(E, S.USR, std::move(S));
  return true;
}

const FunctionSummary *ProjectIndex::lookup(llvm::StringRef USR) const {
  auto It = Functions.find(USR.str());
  if (It == Functions.end())
    return nullptr;
  if (auto M = Merged.find(USR.str()); M != Merged.end())
    return &M->second;
  return &It->second;
}

/// Appends to \p Out the elements of \p From it lacks.
template <typename T>
static void unite(std::vector<T> &Out, const std::vector<T> &From) {
  for (const T &E : From)
    if (!llvm::is_contained(Out, E))
      Out.push_back(E);
}

/// One summary of several definitions of one USR, for lookup(): a fact that
/// can make a finding holds when every definition has it, one that settles
/// or drops a finding when one of them has it; calls are the union.
static FunctionSummary
mergeDefinitions(llvm::ArrayRef<const FunctionSummary *> Defs) {
  using Result = FunctionSummary::Result;
  FunctionSummary M = *Defs.front();
  for (const FunctionSummary *D : Defs.drop_front()) {
    // Facts that can make a finding: every definition's.
    if (!D->Forward)
      M.Forward.reset();
    if (!D->Throws)
      M.Throws.reset();
    if (D->ReturnsCreated != M.ReturnsCreated)
      M.ReturnsCreated.clear();
    if (D->ReturnsMember != M.ReturnsMember) {
      M.ReturnsMember.clear();
      M.ReturnsMemberName.clear();
    }
    llvm::erase_if(M.WritesGraph, [&](unsigned P) {
      return !llvm::is_contained(D->WritesGraph, P);
    });
    llvm::erase_if(M.Stores, [&](const ParamStore &S) {
      return llvm::none_of(D->Stores, [&](const ParamStore &T) {
        return T.Param == S.Param && T.TargetUSR == S.TargetUSR &&
               T.Overwrites == S.Overwrites && T.InPlace == S.InPlace &&
               T.Device == S.Device;
      });
    });
    llvm::erase_if(M.Grows, [&](const DeviceGrowth &G) {
      return llvm::none_of(D->Grows, [&](const DeviceGrowth &H) {
        return H.TargetUSR == G.TargetUSR;
      });
    });
    llvm::erase_if(M.ParamUses, [&](const auto &PU) {
      return llvm::none_of(D->ParamUses,
                           [&](const auto &Q) { return Q.first == PU.first; });
    });
    for (auto &[P, Use] : M.ParamUses)
      for (const auto &[Q, Other] : D->ParamUses)
        if (Q == P && Other != Use)
          Use = Use == FunctionSummary::ParamUse::Keep ||
                        Other == FunctionSummary::ParamUse::Keep
                    ? FunctionSummary::ParamUse::Keep
                    : FunctionSummary::ParamUse::Release;
    // A result: a graph when every one returns one, cut when one cuts it.
    if (M.Returns == Result::Cut || D->Returns == Result::Cut)
      M.Returns = Result::Cut;
    else if (D->Returns != M.Returns)
      M.Returns = Result::Unknown;
    // Facts that settle or drop a finding: any definition's.
    if (!M.Backward)
      M.Backward = D->Backward;
    if (!M.GuardedIndirectCall)
      M.GuardedIndirectCall = D->GuardedIndirectCall;
    if (!M.KeepsGraph)
      M.KeepsGraph = D->KeepsGraph;
    llvm::append_range(M.KeepsGraphIf, D->KeepsGraphIf);
    M.DropsDevice |= D->DropsDevice;
    M.DisablesGrad |= D->DisablesGrad;
    M.EndsProcess |= D->EndsProcess;
    M.MembersUnknown |= D->MembersUnknown;
    M.Entry |= D->Entry;
    unite(M.ReturnsOf, D->ReturnsOf);
    unite(M.Differentiates, D->Differentiates);
    llvm::sort(M.Differentiates);
    unite(M.ResetsMembers, D->ResetsMembers);
    unite(M.Overrides, D->Overrides);
    unite(M.ReleasesMembers, D->ReleasesMembers);
    unite(M.ObjectCalls, D->ObjectCalls);
    unite(M.ReadsMembers, D->ReadsMembers);
    unite(M.LooksAfterMembers, D->LooksAfterMembers);
    unite(M.HandsOnResults, D->HandsOnResults);
    unite(M.ReleasesParamMembers, D->ReleasesParamMembers);
    unite(M.Bounds, D->Bounds);
    for (const ParamInvoke &I : D->Invokes) {
      auto It = llvm::find_if(M.Invokes, [&](const ParamInvoke &J) {
        return J.Param == I.Param;
      });
      if (It == M.Invokes.end())
        M.Invokes.push_back(I);
      else if (!It->Guard && I.Guard)
        *It = I;
    }
    llvm::append_range(M.Constructs, D->Constructs);
    llvm::append_range(M.OwnsParts, D->OwnsParts);
    llvm::append_range(M.HandsOnIf, D->HandsOnIf);
    llvm::append_range(M.Calls, D->Calls);
  }
  return M;
}

void ProjectIndex::mergeDefinitions() {
  Merged.clear();
  for (auto It = Functions.begin(); It != Functions.end();) {
    auto End = Functions.upper_bound(It->first);
    if (std::next(It) != End) {
      std::vector<const FunctionSummary *> Defs;
      for (auto D = It; D != End; ++D)
        Defs.push_back(&D->second);
      Merged.emplace(It->first, gpuleak::mergeDefinitions(Defs));
    }
    It = End;
  }
}

const FunctionSummary *ProjectIndex::dispatched(llvm::StringRef USR) const {
  auto It = Dispatched.find(USR.str());
  return It == Dispatched.end() ? lookup(USR) : &It->second;
}

/// The summary of a virtual call that may run any of \p Targets (their
/// order: the definition of the method called first, then its overriders
/// by USR).
static FunctionSummary
mergeDispatchTargets(llvm::StringRef USR,
                     llvm::ArrayRef<const FunctionSummary *> Targets) {
  using Result = FunctionSummary::Result;
  FunctionSummary M;
  M.USR = USR.str();
  M.Name = Targets.front()->Name;
  M.Def = Targets.front()->Def;
  M.Forward = Targets.front()->Forward;
  M.Returns = Targets.front()->Returns;
  M.WritesGraph = Targets.front()->WritesGraph;
  M.DisablesGrad = true;
  for (const FunctionSummary *T : Targets) {
    if (!T->Forward)
      M.Forward.reset();
    if (T->Returns != M.Returns)
      M.Returns = Result::Unknown;
    llvm::erase_if(M.WritesGraph, [&](unsigned P) {
      return !llvm::is_contained(T->WritesGraph, P);
    });
    M.DisablesGrad &= T->DisablesGrad;
    if (!M.Backward)
      M.Backward = T->Backward;
    llvm::append_range(M.Stores, T->Stores);
    if (!M.KeepsGraph)
      M.KeepsGraph = T->KeepsGraph;
  }
  return M;
}

void ProjectIndex::deriveProjectFacts() {
  mergeDefinitions();
  Dispatched.clear();
  std::map<std::string, std::vector<const FunctionSummary *>> Overriders;
  for (const auto &[USR, F] : Functions)
    for (const std::string &O : F.Overrides)
      Overriders[O].push_back(&F);
  for (auto &[USR, Targets] : Overriders) {
    if (const FunctionSummary *Own = lookup(USR))
      Targets.insert(Targets.begin(), Own);
    Dispatched.emplace(USR, mergeDispatchTargets(USR, Targets));
  }
  CallersOf.clear();
  CallsOf.clear();
  NoTraining.reset();
  AnyGuardedIndirectCall = false;
  bool Trains = false;
  for (const auto &[USR, F] : Functions) {
    llvm::StringRef Name = F.Name;
    Trains |= F.Backward || Name.starts_with("PyInit_") ||
              Name.starts_with("pybind11_init_") ||
              Name.starts_with("TORCH_LIBRARY_");
    if (Name == "main")
      NoTraining = F.Def;
    AnyGuardedIndirectCall |= F.GuardedIndirectCall.has_value();
    for (size_t I = 0; I < F.Calls.size(); ++I) {
      const FunctionSummary::Call &C = F.Calls[I];
      CallersOf[C.CalleeUSR].push_back({USR, C.NoGrad || F.DisablesGrad});
      CallsOf[C.CalleeUSR].push_back({&F, I});
    }
  }
  // A fact about the whole project needs every file: a file whose entries
  // were dropped as stale (changed since the index was written, or marked
  // stale by a partial run) may be the one that trains.
  bool Incomplete = !StaleFiles.empty() ||
                    llvm::any_of(Files, [](const auto &F) { return F.second.Stale; });
  if (Trains || Incomplete)
    NoTraining.reset();
  // A virtual call names the method called, not what it runs: a call of a
  // method that an overrider overrides is a call of the overrider too (a
  // battle's `player.GetActions(trees)` through an `IPlayer &`).
  std::vector<std::pair<std::string, std::pair<std::string, bool>>> Dispatch;
  for (const auto &[USR, F] : Functions)
    for (const std::string &O : F.Overrides)
      if (auto It = CallersOf.find(O); It != CallersOf.end())
        for (const auto &Caller : It->second)
          Dispatch.push_back({USR, Caller});
  for (auto &[USR, Caller] : Dispatch)
    CallersOf[USR].push_back(std::move(Caller));
  // A bound counts where it runs: a `reset()` that nothing calls bounds
  // nothing (CI trial 16, L1).
  Bounded.clear();
  for (const auto &[USR, F] : Functions)
    if (!F.Bounds.empty() && reached(USR))
      for (const std::string &B : F.Bounds)
        Bounded.insert(B);
}

bool ProjectIndex::reached(llvm::StringRef USR) const {
  if (CallersOf.count(USR))
    return true;
  const FunctionSummary *F = lookup(USR);
  return F && F->Entry;
}

bool ProjectIndex::guardedByCallers(llvm::StringRef USR) const {
  // For each function on the way: whether every call of it is guarded
  // (All), and whether one of them is guarded for real (Some) rather than
  // by recursion, which only defers to the other calls: a function called
  // by nothing but itself is not guarded.
  struct Answer {
    bool All, Some;
  };
  llvm::StringSet<> Visiting;
  std::function<Answer(llvm::StringRef, unsigned)> Guarded =
      [&](llvm::StringRef U, unsigned Depth) -> Answer {
    auto It = CallersOf.find(U);
    if (It == CallersOf.end() || Depth > 8)
      return {false, false};
    if (!Visiting.insert(U).second)
      return {true, false}; // recursion: the other calls decide
    Answer A{true, false};
    for (const auto &[Caller, Off] : It->second) {
      Answer C = Off ? Answer{true, true} : Guarded(Caller, Depth + 1);
      A.Some |= C.Some;
      if (!C.All) {
        A.All = false;
        break;
      }
    }
    Visiting.erase(U);
    return A;
  };
  Answer A = Guarded(USR, 0);
  return A.All && A.Some;
}

std::vector<SummaryCall>
ProjectIndex::unguardedCalls(llvm::StringRef USR) const {
  std::vector<SummaryCall> Out;
  auto It = CallsOf.find(USR);
  if (It == CallsOf.end())
    return Out;
  for (const auto &[CallerDef, I] : It->second) {
    const FunctionSummary::Call &C = CallerDef->Calls[I];
    if (C.NoGrad || CallerDef->DisablesGrad || CallerDef->USR == USR ||
        guardedByCallers(CallerDef->USR))
      continue;
    Out.push_back({C.CalleeName, C.At});
  }
  llvm::sort(Out, [](const SummaryCall &A, const SummaryCall &B) {
    return std::tie(A.At.File, A.At.Line, A.At.Column) <
           std::tie(B.At.File, B.At.Line, B.At.Column);
  });
  Out.erase(std::unique(Out.begin(), Out.end(),
                        [](const SummaryCall &A, const SummaryCall &B) {
                          return A.At == B.At;
                        }),
            Out.end());
  return Out;
}

std::optional<std::vector<SummaryCall>>
ProjectIndex::calledInLoop(llvm::StringRef USR, unsigned MaxDepth) const {
  // Breadth first over the callers, so that the shortest chain is found:
  // each entry is a function and the calls from it down to USR.
  struct Step {
    std::string Function;
    std::vector<SummaryCall> Down;
  };
  std::vector<Step> Level{{USR.str(), {}}};
  llvm::StringSet<> Seen{USR};
  for (unsigned Depth = 0; Depth <= MaxDepth && !Level.empty(); ++Depth) {
    std::vector<Step> Next;
    for (const Step &S : Level) {
      auto It = CallsOf.find(S.Function);
      if (It == CallsOf.end())
        continue;
      for (const auto &[CallerDef, I] : It->second) {
        const std::string &Caller = CallerDef->USR;
        if (Caller == S.Function)
          continue; // recursion repeats nothing that a caller does not
        const FunctionSummary::Call &C = CallerDef->Calls[I];
        std::vector<SummaryCall> Chain{{C.CalleeName, C.At}};
        Chain.insert(Chain.end(), S.Down.begin(), S.Down.end());
        if (C.Loop != FunctionSummary::Call::LoopKind::None)
          return Chain;
        if (Seen.insert(Caller).second)
          Next.push_back({Caller, std::move(Chain)});
      }
    }
    Level = std::move(Next);
  }
  return std::nullopt;
}

bool ProjectIndex::neverTrainedOn(llvm::StringRef USR) const {
  if (!NoTraining || guardedByCallers(USR))
    return false;
  const FunctionSummary *F = lookup(USR);
  bool Called = CallersOf.count(USR);
  // Returned to callers in the project: those calls are reported instead.
  if (Called && F && F->Returns == FunctionSummary::Result::Graph)
    return false;
  // Called by no one the index sees (through a pointer, by a pool): a
  // guarded indirect call anywhere in the project may be what runs it.
  return Called || !AnyGuardedIndirectCall;
}

const FunctionSummary *ProjectIndex::definedAt(const SummaryPlace &Def) const {
  for (const auto &[USR, F] : Functions)
    if (F.Def == Def)
      return &F;
  return nullptr;
}

const FunctionSummary *ProjectIndex::named(llvm::StringRef Name) const {
  const FunctionSummary *Found = nullptr;
  for (const auto &[USR, F] : Functions)
    if (F.Name == Name) {
      if (Found && Found->USR != USR)
        return nullptr; // two functions of that name: neither is known
      Found = &F;
    }
  return Found ? lookup(Found->USR) : nullptr; // one USR, maybe defined twice
}

bool ProjectIndex::handedOn(const FunctionSummary::HandOnIf &H) const {
  const FunctionSummary *G = lookup(H.Callee);
  return !G || llvm::none_of(G->ParamUses, [&](const auto &PU) {
    return PU.first == H.Param && PU.second == FunctionSummary::ParamUse::Read;
  });
}

bool ProjectIndex::memberLookedAfter(llvm::StringRef Name) const {
  for (const auto &[USR, F] : Functions) {
    if (F.MembersUnknown)
      continue;
    for (const auto &M : {&F.LooksAfterMembers, &F.ReleasesMembers})
      for (const auto &[MU, MN] : *M)
        if (MN == Name)
          return true;
    for (const FunctionSummary::HandOnIf &H : F.HandsOnIf)
      if (H.MemberName == Name && handedOn(H))
        return true;
    for (const auto &[GU, GN] : F.HandsOnResults)
      if (const FunctionSummary *G = lookup(GU);
          G && !G->MembersUnknown && G->ReturnsMemberName == Name)
        return true;
  }
  return false;
}

/// \p Name without the template arguments of its last component: a
/// diagnostic names a specialization `ns::Encoder<float>`, a summary its
/// class `ns::Encoder`.
static llvm::StringRef classTemplateName(llvm::StringRef Name) {
  if (!Name.ends_with(">"))
    return Name;
  size_t Depth = 0;
  for (size_t I = Name.size(); I-- > 0;) {
    if (Name[I] == '>')
      ++Depth;
    else if (Name[I] == '<' && --Depth == 0)
      return Name.take_front(I);
  }
  return Name;
}

std::optional<std::vector<std::pair<std::string, SummaryPlace>>>
ProjectIndex::madeRepeatedly(llvm::StringRef ClassName) const {
  ClassName = classTemplateName(ClassName);
  std::optional<std::vector<std::pair<std::string, SummaryPlace>>> Best;
  for (const auto &[USR, F] : Functions)
    for (const FunctionSummary::Construction &K : F.Constructs) {
      if (classTemplateName(K.ClassName) != ClassName)
        continue;
      std::vector<std::pair<std::string, SummaryPlace>> Notes;
      if (!K.Loop) {
        auto Chain = calledInLoop(USR);
        if (!Chain)
          continue;
        Notes = calledInLoopNotes(*Chain);
      }
      Notes.push_back(
          {formatNote(K.Loop ? MadeInLoopNote : MadeHereNote, {K.ClassName}),
           K.At});
      if (!Best || Notes.size() < Best->size())
        Best = std::move(Notes);
    }
  return Best;
}

std::optional<ProjectIndex::Holder>
ProjectIndex::heldByReleasingOwner(llvm::StringRef ClassName) const {
  ClassName = classTemplateName(ClassName);
  std::optional<Holder> Best;
  for (const auto &[USR, F] : Functions)
    for (const FunctionSummary::OwnedPart &K : F.OwnsParts) {
      if (classTemplateName(K.ClassName) != ClassName)
        continue;
      llvm::StringSet<> USRs, Names;
      if (!membersReleasedBy(USR, USRs, Names) || USRs.empty())
        continue;
      // `ns::Holder::part_`: the holder is what precedes the member; the
      // message names it as a diagnostic names a class, unqualified.
      auto [HolderName, Member] = llvm::StringRef(K.Field).rsplit("::");
      llvm::StringRef Unqualified = HolderName;
      for (size_t I = 0, Depth = 0; I + 1 < HolderName.size(); ++I)
        if (HolderName[I] == '<')
          ++Depth;
        else if (HolderName[I] == '>')
          --Depth;
        else if (!Depth && HolderName.substr(I, 2) == "::")
          Unqualified = HolderName.drop_front(I + 2);
      Holder H{Unqualified.str(),
               {{formatNote(HoldsPartNote,
                            {HolderName.str(), K.ClassName, Member.str()}),
                 K.At},
                {formatNote(DestructorOfNote, {HolderName.str()}), F.Def}}};
      // The first by name and place, whatever the order of the map.
      if (!Best || std::tie(H.Name, H.Notes[0].second.File,
                            H.Notes[0].second.Line) <
                       std::tie(Best->Name, Best->Notes[0].second.File,
                                Best->Notes[0].second.Line))
        Best = std::move(H);
    }
  return Best;
}

bool ProjectIndex::membersReleasedBy(llvm::StringRef USR,
                                     llvm::StringSet<> &USRs,
                                     llvm::StringSet<> &Names) const {
  llvm::StringSet<> Seen;
  std::function<bool(llvm::StringRef, unsigned)> Visit =
      [&](llvm::StringRef U, unsigned Depth) {
        if (!Seen.insert(U).second)
          return true;
        const FunctionSummary *F = lookup(U);
        if (!F || F->MembersUnknown)
          return false;
        for (const auto &[MU, MN] : F->ReleasesMembers) {
          USRs.insert(MU);
          Names.insert(MN);
        }
        for (const FunctionSummary::HandOnIf &H : F->HandsOnIf)
          if (handedOn(H)) {
            USRs.insert(H.MemberUSR);
            Names.insert(H.MemberName);
          }
        // A function handed the object (`destroyPlan(this)`): the members
        // of the objects its parameters point to.
        if (Depth == 0)
          for (const auto &[P, MU, MN] : F->ReleasesParamMembers) {
            USRs.insert(MU);
            Names.insert(MN);
          }
        if (Depth == 3)
          return true;
        return llvm::all_of(F->ObjectCalls, [&](const std::string &C) {
          return Visit(C, Depth + 1);
        });
      };
  return Visit(USR, 0);
}

static std::optional<std::pair<uint64_t, int64_t>> stampOf(llvm::StringRef File) {
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(File, St))
    return std::nullopt;
  return std::make_pair(
      St.getSize(),
      static_cast<int64_t>(llvm::sys::toTimeT(St.getLastModificationTime())));
}

/// The xxh3_64bits of \p File's content, or std::nullopt when it cannot be
/// read.
static std::optional<uint64_t> contentHashOf(llvm::StringRef File) {
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return std::nullopt;
  return llvm::xxh3_64bits(llvm::arrayRefFromStringRef((*Buf)->getBuffer()));
}

void ProjectIndex::stampFile(llvm::StringRef File) {
  if (auto S = stampOf(File))
    Files[File.str()] = {S->first, S->second, contentHashOf(File)};
}

std::vector<std::string> ProjectIndex::freshFiles() const {
  std::vector<std::string> Out;
  for (const auto &[File, S] : Files)
    if (!S.Stale)
      Out.push_back(File);
  return Out;
}

void ProjectIndex::markStale(llvm::StringRef File) {
  Stamp S;
  S.Stale = true;
  Files[File.str()] = S;
}

unsigned ProjectIndex::solve() {
  constexpr unsigned MaxRounds = 64;
  unsigned Round = 0;
  for (bool Changed = true; Changed && Round < MaxRounds; ++Round) {
    Changed = false;
    mergeDefinitions(); // lookup() of a USR defined in several places
    for (auto &[USR, F] : Functions) {
      // It returns what a function of another file returns: a graph when
      // that one's is.
      if (F.Returns == FunctionSummary::Result::Unknown)
        for (const std::string &U : F.ReturnsOf)
          if (const FunctionSummary *G = lookup(U);
              G && G != &F && G->Returns == FunctionSummary::Result::Graph) {
            F.Returns = FunctionSummary::Result::Graph;
            Changed = true;
            break;
          }
      // A graph of its own making handed to a callee that keeps that
      // parameter, or a callee that keeps one of its own (also one the
      // index does not know: what it does is not known).
      if (!F.KeepsGraph)
        for (const FunctionSummary::KeepsIf &K : F.KeepsGraphIf) {
          const FunctionSummary *G = lookup(K.CalleeUSR);
          if (G == &F)
            continue;
          if (!G || G->KeepsGraph ||
              (K.Param >= 0 && llvm::any_of(G->Stores, [&](const ParamStore &S) {
                 return S.Param == unsigned(K.Param);
               }))) {
            F.KeepsGraph = K.At;
            Changed = true;
            break;
          }
        }
      if (!F.KeepsGraph)
        for (const FunctionSummary::Call &C : F.Calls)
          if (const FunctionSummary *G = lookup(C.CalleeUSR);
              G && G != &F && G->KeepsGraph && !C.NoGrad) {
            F.KeepsGraph = C.At;
            Changed = true;
            break;
          }
      for (const FunctionSummary::Call &C : F.Calls) {
        const FunctionSummary *G = lookup(C.CalleeUSR);
        if (!G || G == &F)
          continue;
        // A forward pass in the callee runs in the caller's grad mode.
        if (!F.Forward && G->Forward && !C.NoGrad && !G->DisablesGrad &&
            !F.DisablesGrad) {
          F.Forward = C.At;
          Changed = true;
        }
        // So does a backward pass, whatever the grad mode.
        if (!F.Backward && G->Backward) {
          F.Backward = C.At;
          Changed = true;
        }
        // A parameter passed on to one the callee differentiates.
        for (unsigned P : G->Differentiates) {
          if (P >= C.ArgParams.size() || C.ArgParams[P] < 0)
            continue;
          unsigned Mine = C.ArgParams[P];
          if (!llvm::is_contained(F.Differentiates, Mine)) {
            F.Differentiates.push_back(Mine);
            llvm::sort(F.Differentiates);
            Changed = true;
          }
        }
        // A parameter passed on to a parameter the callee keeps is kept.
        for (const ParamStore &S : G->Stores) {
          if (S.Param >= C.ArgParams.size() || C.ArgParams[S.Param] < 0)
            continue;
          unsigned Mine = C.ArgParams[S.Param];
          bool Known = llvm::any_of(F.Stores, [&](const ParamStore &K) {
            return K.Param == Mine && K.TargetUSR == S.TargetUSR;
          });
          if (Known)
            continue;
          ParamStore New = S;
          New.Param = Mine;
          New.Via.insert(New.Via.begin(), SummaryCall{G->Name, C.At});
          F.Stores.push_back(std::move(New));
          Changed = true;
        }
      }
    }
  }
  deriveProjectFacts();
  return Round;
}

Value ProjectIndex::toJSON() const {
  Object FilesJ;
  for (const auto &[File, S] : Files) {
    Object Entry{{"size", S.Stale ? int64_t(-1) : static_cast<int64_t>(S.Size)},
                 {"mtime", S.MTime}};
    if (S.Hash)
      Entry["hash"] = llvm::utohexstr(*S.Hash, /*LowerCase=*/true, 16);
    FilesJ[File] = std::move(Entry);
  }
  Array FunctionsJ;
  for (const auto &[USR, F] : Functions)
    FunctionsJ.push_back(F.toJSON());
  Array BoundedJ;
  for (std::string &S : boundedTargets())
    BoundedJ.push_back(std::move(S));
  return Object{{"version", IndexVersion},
                {"files", std::move(FilesJ)},
                {"functions", std::move(FunctionsJ)},
                {"bounded", std::move(BoundedJ)}};
}

llvm::Error ProjectIndex::write(llvm::StringRef Path) const {
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  {
    // Not formatv: the plugin must load into a foreign clang-tidy far enough
    // to refuse it (plugin/version-guard.test).
    llvm::json::OStream J(OS, /*IndentSize=*/1);
    J.value(toJSON());
  }
  OS << '\n';
  llvm::SmallString<256> Tmp(Path);
  Tmp += ".tmp";
  {
    std::error_code EC;
    llvm::raw_fd_ostream Out(Tmp, EC);
    if (EC)
      return llvm::createStringError(EC, EC.message());
    Out << Text;
    if (Out.has_error())
      return llvm::createStringError(Out.error(), Out.error().message());
  }
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Path))
    return llvm::createStringError(EC, EC.message());
  return llvm::Error::success();
}

bool ProjectIndex::looksLikeIndex(llvm::StringRef Text) {
  llvm::Expected<Value> Parsed = llvm::json::parse(Text);
  if (!Parsed) {
    llvm::consumeError(Parsed.takeError());
    // A truncated index starts as write() starts one: `{`, then its first
    // key ("bounded" now; older versions began with another of these), or
    // nothing more. Nothing else that is not JSON does.
    llvm::StringRef Rest = Text.ltrim();
    if (!Rest.consume_front("{"))
      return Rest.empty(); // an empty file holds nothing to lose
    Rest = Rest.ltrim();
    if (Rest.empty())
      return true;
    for (llvm::StringRef Key :
         {"\"bounded\"", "\"files\"", "\"functions\"", "\"version\""})
      if (Rest.starts_with(Key) || Key.starts_with(Rest))
        return true;
    return false;
  }
  const Object *O = Parsed->getAsObject();
  return O && O->get("version") && O->get("functions");
}

llvm::Expected<ProjectIndex> ProjectIndex::read(llvm::StringRef Path) {
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return llvm::createStringError(Buf.getError(), Buf.getError().message());
  llvm::Expected<Value> Parsed = llvm::json::parse((*Buf)->getBuffer());
  if (!Parsed)
    return Parsed.takeError();
  const Object *O = Parsed->getAsObject();
  if (!O)
    return llvm::createStringError("not a gpuleak index: expected an object");
  if (O->getInteger("version") != IndexVersion)
    return llvm::createStringError("index version is not %d", IndexVersion);
  ProjectIndex Index;
  // Files whose size or time changed since the index was written.
  llvm::StringSet<> StaleFiles;
  if (const Object *Files = O->getObject("files"))
    for (const auto &[File, V] : *Files) {
      const Object *S = V.getAsObject();
      auto Now = stampOf(File);
      Index.SeenAtRead.emplace_back(File.str(), Now);
      // Size and time first; then the content, which a same-size edit
      // that keeps the second of the time (`cp -p`, `rsync -a`, `tar`)
      // changes alone. An entry without `hash` (an older writer) is judged
      // by size and time, as it was.
      std::optional<uint64_t> Hash;
      bool Fresh = S && Now &&
                   S->getInteger("size") == static_cast<int64_t>(Now->first) &&
                   S->getInteger("mtime") == Now->second;
      if (Fresh)
        if (std::optional<llvm::StringRef> Stored = S->getString("hash")) {
          Hash = contentHashOf(File);
          uint64_t Value = 0;
          Fresh = Hash && !Stored->getAsInteger(16, Value) && Value == *Hash;
        }
      if (!Fresh) {
        StaleFiles.insert(File);
        Index.StaleFiles.push_back(File.str());
        continue;
      }
      Index.Files[File.str()] = {Now->first, Now->second, Hash};
    }
  if (const Array *Functions = O->getArray("functions"))
    for (const Value &V : *Functions) {
      std::optional<FunctionSummary> S = FunctionSummary::fromJSON(V);
      if (!S)
        return llvm::createStringError("malformed function summary");
      // An entry is only as fresh as every file it names.
      bool Stale = StaleFiles.count(S->Def.File) || !Index.Files.count(S->Def.File);
      for (const ParamStore &PS : S->Stores)
        Stale |= !Index.Files.count(PS.At.File);
      if (Stale) {
        ++Index.Stale;
        continue;
      }
      Index.add(std::move(*S));
    }
  // `bounded` is written for people: the bounds that count are those of
  // the fresh summaries (deriveProjectFacts), which go stale with their
  // files.
  llvm::sort(Index.StaleFiles);
  Index.deriveProjectFacts();
  return Index;
}

bool ProjectIndex::filesChangedSinceRead() const {
  for (const auto &[File, Seen] : SeenAtRead)
    if (stampOf(File) != Seen)
      return true;
  return false;
}

/// Reads \p Path once per process while its size and time stay the same,
/// and so do those of the files it names (whose entries a change makes stale).
static std::shared_ptr<const ProjectIndex> readCached(llvm::StringRef Path,
                                                      std::string *Problem) {
  static std::mutex Lock;
  struct Entry {
    std::pair<uint64_t, int64_t> Stamp;
    std::shared_ptr<const ProjectIndex> Index;
  };
  static llvm::StringMap<Entry> Cache;
  auto Stamp = stampOf(Path);
  if (!Stamp) {
    if (Problem)
      *Problem = ("'" + Path + "': no such file").str();
    return nullptr;
  }
  std::lock_guard<std::mutex> Guard(Lock);
  auto It = Cache.find(Path);
  if (It != Cache.end() && It->second.Stamp == *Stamp &&
      !(It->second.Index && It->second.Index->filesChangedSinceRead()))
    return It->second.Index;
  std::shared_ptr<const ProjectIndex> Result;
  llvm::Expected<ProjectIndex> Read = ProjectIndex::read(Path);
  if (Read) {
    Result = std::make_shared<const ProjectIndex>(std::move(*Read));
  } else {
    std::string Why = llvm::toString(Read.takeError());
    if (Problem) // said once: later TUs find it in the cache
      *Problem = ("'" + Path + "': " + Why).str();
  }
  Cache[Path] = {*Stamp, Result};
  return Result;
}

static void noIndexToStderr(llvm::StringRef Line) {
  llvm::errs() << "gpuleak: " << Line << "\n";
}
static std::atomic<ProjectIndex::NoIndexSink> NoIndexSay{noIndexToStderr};

void ProjectIndex::setNoIndexSink(NoIndexSink Sink) { NoIndexSay = Sink; }

/// Says, once per process, that no index was found for \p MainFile, whose
/// compile database is in \p BuildDB ("" when none was found from the
/// compile command's folder).
static void sayNoIndex(llvm::StringRef BuildDB, llvm::StringRef MainFile) {
  static std::once_flag Once;
  std::call_once(Once, [&] {
    // clangd sets no build folder: its compile database is the first it
    // finds above the file, in a folder or its build/, unless a
    // compile_flags.txt comes first.
    std::string DBDir = BuildDB.str();
    bool Flags = false;
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(MainFile);
         DBDir.empty() && !Flags && !Dir.empty();
         Dir = llvm::sys::path::parent_path(Dir)) {
      for (llvm::StringRef Sub : {"", "build"}) {
        llvm::SmallString<256> P(Dir);
        llvm::sys::path::append(P, Sub, "compile_commands.json");
        if (llvm::sys::fs::exists(P)) {
          DBDir = llvm::sys::path::parent_path(P).str();
          break;
        }
      }
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, "compile_flags.txt");
      Flags = llvm::sys::fs::exists(P);
    }
    llvm::SmallString<256> DB(DBDir);
    llvm::sys::path::append(DB, "compile_commands.json");
    std::string Where =
        DBDir.empty() ? ("for '" + MainFile + "'").str()
                      : ("next to '" + DB + "'").str();
    NoIndexSay.load()(
        ("no project index (" + llvm::Twine(IndexFileName) + ") " + Where +
         ": findings that depend on other files are not reported, and some "
         "that other files would settle are; run 'gpuleak check -p " +
         (DBDir.empty() ? "BUILD" : DBDir) +
         "' first (GpuleakIndex: none analyses each file alone without "
         "this line)")
            .str());
  });
}

std::shared_ptr<const ProjectIndex>
ProjectIndex::find(llvm::StringRef Option, llvm::StringRef BuildDir,
                   llvm::StringRef MainFile, std::string *Problem) {
  if (Option == "none" || deferredToProject(Option))
    return nullptr;
  // A relative GpuleakIndex (`build/gpuleak-index.json` in the project's
  // .clang-tidy) is looked for from the working directory, the compile
  // command's directory and each folder above the file, the first that
  // holds it; named but found nowhere, it is said, and the index is looked
  // for as without the option (CI trial 13: it was read from the compile
  // command's directory alone, and the index found otherwise was dropped).
  std::string NamedProblem;
  if (!Option.empty()) {
    if (llvm::sys::path::is_absolute(Option))
      return readCached(Option, Problem);
    llvm::SmallVector<std::string, 8> Tried;
    auto Try = [&](llvm::StringRef Dir) {
      llvm::SmallString<256> P(Dir);
      llvm::sys::path::append(P, Option);
      llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
      if (!llvm::is_contained(Tried, std::string(P)))
        Tried.push_back(std::string(P));
      return llvm::sys::fs::exists(P);
    };
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd) && Try(Cwd))
      return readCached(Tried.back(), Problem);
    if (!BuildDir.empty() && Try(BuildDir))
      return readCached(Tried.back(), Problem);
    for (llvm::StringRef Dir = llvm::sys::path::parent_path(MainFile);
         !Dir.empty(); Dir = llvm::sys::path::parent_path(Dir))
      if (Try(Dir))
        return readCached(Tried.back(), Problem);
    NamedProblem = ("'" + Option + "': no such file (looked for '" +
                    Tried.front() + "'" +
                    (Tried.size() > 1 ? " and in " + llvm::Twine(Tried.size() - 1) +
                                            " other folders (the compile "
                                            "command's, those above the file)"
                                      : llvm::Twine("")) +
                    ")")
                       .str();
  }
  // Said when the index found below is used, or when none is found.
  auto Found = [&](std::shared_ptr<const ProjectIndex> I) {
    if (Problem && !NamedProblem.empty() && Problem->empty())
      *Problem = NamedProblem;
    return I;
  };
  auto At = [](llvm::StringRef Dir, llvm::StringRef Sub) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, Sub, IndexFileName);
    return P;
  };
  auto HasDatabase = [](llvm::StringRef Dir) {
    llvm::SmallString<256> P(Dir);
    llvm::sys::path::append(P, "compile_commands.json");
    return llvm::sys::fs::exists(P);
  };
  llvm::StringRef DBDir;
  for (llvm::StringRef Dir = BuildDir; !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir)) {
    if (llvm::sys::fs::exists(At(Dir, "")))
      return Found(readCached(At(Dir, ""), Problem));
    if (HasDatabase(Dir)) {
      DBDir = Dir;
      break;
    }
  }
  for (llvm::StringRef Dir = llvm::sys::path::parent_path(MainFile); !Dir.empty();
       Dir = llvm::sys::path::parent_path(Dir))
    for (llvm::StringRef Sub : {"", "build"})
      if (llvm::sys::fs::exists(At(Dir, Sub)))
        return Found(readCached(At(Dir, Sub), Problem));
  // A GpuleakIndex that names no file is said by the checks (Problem).
  if (NamedProblem.empty())
    sayNoIndex(DBDir, MainFile);
  return Found(nullptr);
}

} // namespace clang::tidy::gpuleak
