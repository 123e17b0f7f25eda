//===--- Verify.cpp - `gpuleak verify` ------------------------------------===//
//
// Joins static findings with runtime reports (schema in docs/runtime.md):
//
//   confirmed     runtime evidence of the kind and mechanism the check
//                 predicts touches the finding's line or one of its notes'
//                 lines (the allocator names the line that produced the
//                 memory, which the finding carries as a note)
//   held by another finding
//                 memory on its lines grows, but another finding's mechanism
//                 holds those blocks (a store keeps them; a carried graph
//                 keeps what a forward allocated)
//   not observed  the code ran (its lines or function appear in the recorded
//                 stacks) but no such evidence was attributed to it
//   not executed  no recorded stack touches the finding's function
//
// Growth evidence that no finding covers is listed as runtime-only growth,
// and so are raw CUDA resources that grow per step and no finding covers.
// A gpuleak-cuda-unreleased finding is confirmed by the report's raw_cuda
// section (the CUPTI watch, runtime/include/gpuleak/RawCuda.h): resources of
// the finding's kind created through one of its lines that are still live at
// the end of the run or grow per step.
// Paths are matched by their longest common suffix, since findings and
// reports are often made on different machines.
//
//===----------------------------------------------------------------------===//

#include "Verify.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

using namespace llvm;

namespace gpuleak {
namespace {

/// Reports larger than this are refused (a report is a few hundred KB).
constexpr uint64_t MaxInputBytes = 256ull << 20;
/// The runtime report schemas this reader understands: 1, and 2 (1 plus
/// the raw_cuda section).
constexpr int64_t ReportSchemaVersion = 2;
constexpr int64_t OldestReportSchemaVersion = 1;
/// Reports from this torch major.minor are understood (frames, actions).
constexpr StringLiteral SupportedTorch = "2.11";

struct Location {
  std::string File;
  int64_t Line = 0;
  int64_t Column = 0;
  int64_t EndLine = 0; // last line of the flagged expression; 0 when unknown
  std::string Message;
};

struct Finding {
  std::string Check;
  std::string Severity;
  Location Loc;
  std::vector<Location> Notes;
};

struct Frame {
  std::string File;
  int64_t Line = 0;
  std::string Function;
};

struct Evidence {
  std::string Kind; // growth | graph-retention | cache-flush
  std::vector<Frame> Frames; // user frames, innermost first
  uint64_t Bytes = 0;
  uint64_t Blocks = 0;
  int64_t Steps = 0;
  double BytesPerStep = 0;
  size_t Report = 0; // index into Reports
  // graph-retention: how the blocks ended; absent from reports written
  // before the runtime recorded it (docs/runtime.md)
  std::optional<uint64_t> FreedByGraph;      // freed by an autograd graph's teardown
  std::optional<uint64_t> FreedByLaterGraph; // ... after outliving 2+ step boundaries
  // cache-flush: steps whose flush was followed by a segment_alloc
  std::optional<uint64_t> ReallocatedSteps;
  // raw-cuda (the report's raw_cuda sites): Blocks is the live count
  std::string ResourceKind; // CudaApis.def kind (DeviceMemory, Stream, ...)
  std::string Owner, OwnerKind; // library call that created it (cublasCreate_v2, Cublas)
  std::string Api;          // a creating call seen for it
  bool Grows = false;
  double LivePerStep = 0;
};

struct Covered {
  std::string File;
  std::string Function;
  std::vector<int64_t> Lines;
};

struct RuntimeReport {
  std::string Path;
  std::string Status;
  std::string Mode;
  bool Growth = false;
  int64_t HistoryWindows = 0;
  std::vector<Evidence> Evidences;
  std::vector<Covered> Coverage;
  std::string RawStatus; // raw_cuda.status; "" in a version 1 report
  std::string RawMessage;
  uint64_t RawCreates = 0, RawReleases = 0;
  std::vector<Evidence> RawSites; // Kind "raw-cuda"
};

enum class Label { Confirmed, HeldByOther, NotObserved, NotExecuted };
constexpr unsigned NumLabels = 4;

struct Verdict {
  Label L = Label::NotExecuted;
  std::string Reason;
  /// Confirmed: the confirming evidence. HeldByOther: the growth on the
  /// finding's lines that the holder keeps.
  std::vector<const Evidence *> Confirming;
  double BytesPerStep = 0;
  /// HeldByOther: index of the finding whose mechanism holds the memory.
  size_t HeldBy = 0;
};

/// A one-line user-facing failure (exit code 2).
Error fail(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Inputs handed to the readers: a file's name and its bytes (the fuzzer
/// passes bytes directly).
struct Input {
  std::string Path;
  std::string Text;
};

Expected<Input> readInput(StringRef Path, StringRef What) {
  uint64_t Size = 0;
  if (std::error_code EC = sys::fs::file_size(Path, Size))
    return fail(What + " " + Path + ": " + EC.message());
  if (Size > MaxInputBytes)
    return fail(What + " " + Path + ": larger than " + Twine(MaxInputBytes) +
                " bytes");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return fail(What + " " + Path + ": " + Buf.getError().message());
  return Input{Path.str(), (*Buf)->getBuffer().str()};
}

Expected<json::Value> parseJSON(const Input &In, StringRef What) {
  StringRef Path = In.Path;
  if (!jsonNestingWithin(In.Text))
    return fail(What + " " + Path + " nests arrays or objects deeper than " +
                Twine(MaxJSONNesting) + " levels");
  Expected<json::Value> V = json::parse(In.Text);
  if (!V) {
    std::string Msg = toString(V.takeError());
    return fail(What + " " + Path + " is not valid JSON (truncated?): " + Msg);
  }
  return V;
}

//===--- Paths ------------------------------------------------------------===//

std::string stripFileURI(StringRef URI) {
  if (!URI.consume_front("file://"))
    return URI.str();
  // file:///abs/path, file://host/abs/path
  if (!URI.starts_with("/")) {
    size_t Slash = URI.find('/');
    URI = Slash == StringRef::npos ? StringRef() : URI.substr(Slash);
  }
  std::string Out;
  for (size_t I = 0; I < URI.size(); ++I) {
    if (URI[I] == '%' && I + 2 < URI.size() && isHexDigit(URI[I + 1]) &&
        isHexDigit(URI[I + 2])) {
      Out += static_cast<char>(hexFromNibbles(URI[I + 1], URI[I + 2]));
      I += 2;
      continue;
    }
    Out += URI[I];
  }
  return Out;
}

SmallVector<StringRef, 16> components(StringRef Path) {
  SmallVector<StringRef, 16> C;
  for (auto It = sys::path::begin(Path, sys::path::Style::posix),
            E = sys::path::end(Path);
       It != E; ++It)
    if (*It != "/" && *It != ".")
      C.push_back(*It);
  return C;
}

/// Number of trailing path components A and B share (0: different basenames).
unsigned commonSuffix(StringRef A, StringRef B) {
  SmallVector<StringRef, 16> CA = components(A), CB = components(B);
  unsigned N = 0;
  while (N < CA.size() && N < CB.size() &&
         CA[CA.size() - 1 - N] == CB[CB.size() - 1 - N])
    ++N;
  return N;
}

/// Resolves which runtime paths each finding path stands for.
class PathMatcher {
public:
  PathMatcher(std::vector<std::pair<std::string, std::string>> Maps)
      : Maps(std::move(Maps)) {}

  void addRuntimePath(StringRef P) { RuntimePaths.insert(P.str()); }

  std::string mapped(StringRef FindingPath) const {
    for (const auto &[Old, New] : Maps)
      if (StringRef(FindingPath).starts_with(Old))
        return New + FindingPath.substr(Old.size()).str();
    return FindingPath.str();
  }

  /// Computes the runtime paths a finding path matches; returns an error for
  /// ambiguous matches and for files that moved since the findings were made.
  Error resolve(StringRef FindingPath) {
    std::string F = mapped(FindingPath);
    if (Resolved.count(F))
      return Error::success();
    std::set<std::string> &Out = Resolved[F];
    const bool FindingExists = sys::fs::exists(F);
    unsigned Best = 0;
    std::vector<std::string> BestPaths;
    for (const std::string &R : RuntimePaths) {
      if (R == F) {
        Out.insert(R);
        return Error::success();
      }
      unsigned N = commonSuffix(F, R);
      if (N == 0)
        continue;
      const bool RuntimeExists = sys::fs::exists(R);
      if (RuntimeExists && FindingExists && !sys::fs::equivalent(R, F))
        continue; // two different files of this tree
      if (RuntimeExists && !FindingExists)
        return fail("findings name " + F + ", which no longer exists, but the "
                    "runtime ran " + R + " (files moved?); re-run `gpuleak "
                    "check` or pass --path-map " + F + "=" + R);
      if (N > Best) {
        Best = N;
        BestPaths.clear();
      }
      if (N == Best)
        BestPaths.push_back(R);
    }
    if (BestPaths.size() > 1)
      return fail("findings path " + F + " matches both " + BestPaths[0] +
                  " and " + BestPaths[1] + " by path suffix; pass "
                  "--path-map OLD=NEW to say which");
    Out.insert(BestPaths.begin(), BestPaths.end());
    return Error::success();
  }

  bool matches(StringRef FindingPath, StringRef RuntimePath) const {
    auto It = Resolved.find(mapped(FindingPath));
    return It != Resolved.end() && It->second.count(RuntimePath.str());
  }

private:
  std::vector<std::pair<std::string, std::string>> Maps;
  std::set<std::string> RuntimePaths;
  std::map<std::string, std::set<std::string>> Resolved;
};

//===--- Reading findings -------------------------------------------------===//

Expected<Location> readGpuleakLocation(const json::Object &O, const std::string &Where) {
  Location L;
  std::optional<StringRef> File = O.getString("file");
  std::optional<int64_t> Line = O.getInteger("line");
  if (!File || File->empty() || !Line || *Line < 1)
    return fail(Where + " has no file and line");
  L.File = stripFileURI(*File);
  L.Line = *Line;
  L.Column = O.getInteger("column").value_or(0);
  L.EndLine = O.getInteger("end_line").value_or(0);
  L.Message = O.getString("message").value_or("").str();
  return L;
}

/// \p BaseIds: the run's originalUriBaseIds (may be null). A relative uri
/// with a uriBaseId (gpuleak check's %SRCROOT%) is resolved against it.
Expected<Location> readSarifLocation(const json::Object &O, const std::string &Where,
                                     const json::Object *BaseIds = nullptr) {
  const json::Object *Phys = O.getObject("physicalLocation");
  const json::Object *Art = Phys ? Phys->getObject("artifactLocation") : nullptr;
  const json::Object *Region = Phys ? Phys->getObject("region") : nullptr;
  std::optional<StringRef> URI = Art ? Art->getString("uri") : std::nullopt;
  std::optional<int64_t> Line =
      Region ? Region->getInteger("startLine") : std::nullopt;
  if (!URI || URI->empty() || !Line || *Line < 1)
    return fail(Where + " has no artifact uri and startLine");
  std::string Full = URI->str();
  if (std::optional<StringRef> Base = Art->getString("uriBaseId"))
    if (const json::Object *B = BaseIds ? BaseIds->getObject(*Base) : nullptr)
      if (std::optional<StringRef> BaseURI = B->getString("uri"))
        Full = (*BaseURI + *URI).str();
  Location L;
  L.File = stripFileURI(Full);
  L.Line = *Line;
  L.Column = Region->getInteger("startColumn").value_or(0);
  L.EndLine = Region->getInteger("endLine").value_or(0);
  if (const json::Object *Msg = O.getObject("message"))
    L.Message = Msg->getString("text").value_or("").str();
  return L;
}

/// A findings file: its findings, and how many inputs its `errors[]` lists
/// (translation units that failed to parse, whose findings are missing).
struct FindingsRead {
  std::vector<Finding> Findings;
  size_t UnanalysedInputs = 0;
};

Expected<FindingsRead> parseFindings(const Input &In) {
  StringRef Path = In.Path;
  Expected<json::Value> V = parseJSON(In, "findings");
  if (!V)
    return V.takeError();
  const json::Object *Top = V->getAsObject();
  if (!Top)
    return fail("findings " + Path + ": expected a JSON object");
  FindingsRead Out;
  if (const json::Array *Runs = Top->getArray("runs")) { // SARIF 2.1.0
    for (const json::Value &Run : *Runs) {
      const json::Object *RO = Run.getAsObject();
      const json::Array *Results = RO ? RO->getArray("results") : nullptr;
      if (!Results)
        continue;
      for (size_t I = 0; I < Results->size(); ++I) {
        const json::Object *R = (*Results)[I].getAsObject();
        const std::string Where = ("findings " + Path + ": result " + Twine(I)).str();
        if (!R)
          return fail(Where + " is not an object");
        const json::Array *Locs = R->getArray("locations");
        if (!Locs || Locs->empty() || !(*Locs)[0].getAsObject())
          return fail(Where + " has no location");
        const json::Object *BaseIds = RO->getObject("originalUriBaseIds");
        Expected<Location> L =
            readSarifLocation(*(*Locs)[0].getAsObject(), Where, BaseIds);
        if (!L)
          return L.takeError();
        Finding F;
        F.Check = R->getString("ruleId").value_or("").str();
        F.Severity = R->getString("level").value_or("warning").str();
        F.Loc = std::move(*L);
        if (const json::Object *Msg = R->getObject("message"))
          F.Loc.Message = Msg->getString("text").value_or("").str();
        if (const json::Array *Rel = R->getArray("relatedLocations"))
          for (const json::Value &RL : *Rel)
            if (const json::Object *RLO = RL.getAsObject()) {
              Expected<Location> N =
                  readSarifLocation(*RLO, Where + " related location", BaseIds);
              if (!N)
                return N.takeError();
              F.Notes.push_back(std::move(*N));
            }
        Out.Findings.push_back(std::move(F));
      }
    }
    return Out;
  }
  const json::Array *Findings = Top->getArray("findings");
  if (!Findings)
    return fail("findings " + Path + ": neither gpuleak JSON (\"findings\") "
                "nor SARIF (\"runs\")");
  // docs/findings-format.md: written by gpuleak; a new major version may
  // change what the keys mean.
  if (Top->getString("tool") != StringRef("gpuleak"))
    return fail("findings " + Path + " were not written by gpuleak (\"tool\" is not \"gpuleak\")");
  StringRef Version = Top->getString("version").value_or("");
  if (Version.split('.').first != StringRef(GPULEAK_VERSION).split('.').first)
    return fail("findings " + Path + " have format version '" + Version +
                "'; this gpuleak reads " + StringRef(GPULEAK_VERSION).split('.').first + ".x");
  if (const json::Array *Errors = Top->getArray("errors"))
    Out.UnanalysedInputs = Errors->size();
  for (size_t I = 0; I < Findings->size(); ++I) {
    const json::Object *O = (*Findings)[I].getAsObject();
    const std::string Where = ("findings " + Path + ": finding " + Twine(I)).str();
    if (!O)
      return fail(Where + " is not an object");
    Expected<Location> L = readGpuleakLocation(*O, Where);
    if (!L)
      return L.takeError();
    Finding F;
    F.Check = O->getString("check").value_or("").str();
    F.Severity = O->getString("severity").value_or("warning").str();
    F.Loc = std::move(*L);
    if (const json::Array *Notes = O->getArray("notes"))
      for (const json::Value &NV : *Notes) {
        const json::Object *NO = NV.getAsObject();
        if (!NO)
          return fail(Where + ": a note is not an object");
        Expected<Location> N = readGpuleakLocation(*NO, Where + " note");
        if (!N)
          return N.takeError();
        F.Notes.push_back(std::move(*N));
      }
    Out.Findings.push_back(std::move(F));
  }
  return Out;
}

//===--- Reading runtime reports ------------------------------------------===//

Expected<Frame> readFrame(const json::Object &O, const std::string &Where) {
  Frame F;
  std::optional<StringRef> File = O.getString("file");
  std::optional<int64_t> Line = O.getInteger("line");
  if (!File || !Line)
    return fail(Where + ": a frame has no file and line");
  F.File = File->str();
  F.Line = *Line;
  F.Function = O.getString("function").value_or("").str();
  return F;
}

/// Appends the frames of \p O's "frames" array (if any) to \p Out.
Error readFrames(const json::Object &O, const std::string &Where,
                 std::vector<Frame> &Out) {
  if (const json::Array *Frames = O.getArray("frames"))
    for (const json::Value &FV : *Frames) {
      const json::Object *FO = FV.getAsObject();
      if (!FO)
        return fail(Where + ": a frame is not an object");
      Expected<Frame> F = readFrame(*FO, Where);
      if (!F)
        return F.takeError();
      Out.push_back(std::move(*F));
    }
  return Error::success();
}

Expected<RuntimeReport> parseReport(const Input &In, size_t Index) {
  StringRef Path = In.Path;
  Expected<json::Value> V = parseJSON(In, "runtime report");
  if (!V)
    return V.takeError();
  const json::Object *Top = V->getAsObject();
  const std::string Where = ("runtime report " + Path).str();
  if (!Top || Top->getString("schema") != StringRef("gpuleak-runtime-report"))
    return fail(Where + " is not a gpuleak runtime report");
  std::optional<int64_t> Version = Top->getInteger("version");
  if (!Version || *Version < OldestReportSchemaVersion || *Version > ReportSchemaVersion)
    return fail(Where + (Version ? " has schema version " + Twine(*Version)
                                 : Twine(" has no integer schema \"version\"")) +
                "; this gpuleak reads versions " + Twine(OldestReportSchemaVersion) + " to " +
                Twine(ReportSchemaVersion));
  StringRef Torch = Top->getString("torch_version").value_or("");
  if (Torch != SupportedTorch && !Torch.starts_with((SupportedTorch + ".").str()))
    return fail(Where + " was made with torch " + (Torch.empty() ? "?" : Torch) +
                "; this gpuleak reads reports from torch " + SupportedTorch);
  RuntimeReport R;
  R.Path = Path.str();
  R.Status = Top->getString("status").value_or("").str();
  R.Mode = Top->getString("mode").value_or("").str();
  if (const json::Object *H = Top->getObject("history"))
    R.HistoryWindows = H->getInteger("windows").value_or(0);
  if (const json::Array *Loops = Top->getArray("loops"))
    for (const json::Value &L : *Loops)
      if (const json::Object *LO = L.getAsObject())
        if (const json::Object *G = LO->getObject("growth"))
          R.Growth |= G->getBoolean("detected").value_or(false);
  const json::Array *Evidence = Top->getArray("evidence");
  if (!Evidence)
    return fail(Where + " has no evidence list (truncated?)");
  for (const json::Value &EV : *Evidence) {
    const json::Object *EO = EV.getAsObject();
    if (!EO)
      return fail(Where + ": an evidence entry is not an object");
    gpuleak::Evidence E;
    E.Kind = EO->getString("kind").value_or("").str();
    E.Bytes = EO->getInteger("bytes").value_or(0);
    E.Blocks = EO->getInteger("blocks").value_or(0);
    E.Steps = EO->getInteger("steps").value_or(0);
    E.BytesPerStep = EO->getNumber("bytes_per_step").value_or(0);
    E.Report = Index;
    // Counts; a negative or non-integer one is taken as not given.
    auto Count = [&](StringRef Key) -> std::optional<uint64_t> {
      if (std::optional<int64_t> N = EO->getInteger(Key); N && *N >= 0)
        return static_cast<uint64_t>(*N);
      return std::nullopt;
    };
    E.FreedByGraph = Count("freed_by_graph");
    E.FreedByLaterGraph = Count("freed_by_later_graph");
    E.ReallocatedSteps = Count("reallocated_steps");
    if (Error Err = readFrames(*EO, Where, E.Frames))
      return std::move(Err);
    if (E.Frames.empty())
      return fail(Where + ": an evidence entry has no frames");
    R.Evidences.push_back(std::move(E));
  }
  if (const json::Array *Cov = Top->getArray("coverage"))
    for (const json::Value &CV : *Cov) {
      const json::Object *CO = CV.getAsObject();
      if (!CO)
        return fail(Where + ": a coverage entry is not an object");
      Covered C;
      std::optional<StringRef> File = CO->getString("file");
      const json::Array *Lines = CO->getArray("lines");
      if (!File || File->empty() || !Lines)
        return fail(Where + ": a coverage entry has no file and lines");
      C.File = File->str();
      C.Function = CO->getString("function").value_or("").str();
      for (const json::Value &LV : *Lines) {
        std::optional<int64_t> L = LV.getAsInteger();
        if (!L)
          return fail(Where + ": a coverage entry's lines are not integers");
        C.Lines.push_back(*L);
      }
      R.Coverage.push_back(std::move(C));
    }
  if (const json::Object *Raw = Top->getObject("raw_cuda")) {
    R.RawStatus = Raw->getString("status").value_or("").str();
    R.RawMessage = Raw->getString("message").value_or("").str();
    R.RawCreates = static_cast<uint64_t>(std::max<int64_t>(0, Raw->getInteger("creates").value_or(0)));
    R.RawReleases = static_cast<uint64_t>(std::max<int64_t>(0, Raw->getInteger("releases").value_or(0)));
    if (const json::Array *Sites = Raw->getArray("sites"))
      for (const json::Value &SV : *Sites) {
        const json::Object *SO = SV.getAsObject();
        if (!SO)
          return fail(Where + ": a raw_cuda site is not an object");
        gpuleak::Evidence E;
        E.Kind = "raw-cuda";
        E.ResourceKind = SO->getString("kind").value_or("").str();
        E.Owner = SO->getString("owner").value_or("").str();
        E.OwnerKind = SO->getString("owner_kind").value_or("").str();
        E.Api = SO->getString("api").value_or("").str();
        E.Blocks = static_cast<uint64_t>(std::max<int64_t>(0, SO->getInteger("live").value_or(0)));
        E.Bytes = static_cast<uint64_t>(std::max<int64_t>(0, SO->getInteger("live_bytes").value_or(0)));
        E.Steps = SO->getInteger("steps").value_or(0);
        E.Grows = SO->getBoolean("grows").value_or(false);
        E.LivePerStep = SO->getNumber("live_per_step").value_or(0);
        E.BytesPerStep = SO->getNumber("bytes_per_step").value_or(0);
        E.Report = Index;
        if (Error Err = readFrames(*SO, Where, E.Frames))
          return std::move(Err);
        if (E.Frames.empty() || E.ResourceKind.empty())
          return fail(Where + ": a raw_cuda site has no kind or no frames");
        R.RawSites.push_back(std::move(E));
      }
  }
  return R;
}

Expected<FindingsRead> readFindings(StringRef Path) {
  Expected<Input> In = readInput(Path, "findings");
  if (!In)
    return In.takeError();
  return parseFindings(*In);
}

Expected<RuntimeReport> readReport(StringRef Path, size_t Index) {
  Expected<Input> In = readInput(Path, "runtime report");
  if (!In)
    return In.takeError();
  return parseReport(*In, Index);
}

//===--- The join ---------------------------------------------------------===//

/// The resource kind (a CUDA_KIND id of checks/CudaApis.def) of a
/// cuda-unreleased finding: the creating call its message names ("device
/// memory allocated by 'cudaMalloc' ..."); "" when it names none.
std::string findingResourceKind(StringRef Message) {
  static const std::pair<StringRef, StringRef> Creators[] = {
#define CUDA_CREATOR(Name, HandleArg, Kind, Field) {#Name, #Kind},
#define CUDA_REGISTRAR(Name, HandleArg, Kind) {#Name, #Kind},
#include "CudaApis.def"
  };
  size_t At = Message.find(" by '");
  if (At == StringRef::npos)
    return "";
  StringRef Call = Message.substr(At + 5);
  Call = Call.take_until([](char C) { return C == '\'' || C == '<' || C == '('; });
  for (const auto &[Name, Kind] : Creators)
    if (Call == Name)
      return Kind.str();
  return "";
}

StringRef checkName(StringRef Check) {
  Check.consume_front("gpuleak-");
  return Check;
}

/// retained-tensor's second kind (checks/RetainedTensorCheck.cpp): device
/// storage kept in a container without a graph. Its blocks are allocated at
/// the forward line its note names, not at the store.
bool keepsStorageOnly(const Finding &F) {
  return checkName(F.Check) == "retained-tensor" &&
         StringRef(F.Loc.Message).contains("keeps a tensor from every iteration");
}

/// True when E shows the mechanism that the check predicts (docs/runtime.md,
/// "What confirms each check"). A count the report does not give (written
/// before the runtime recorded it) shows nothing.
bool showsMechanism(const Evidence &E, StringRef Check) {
  Check = checkName(Check);
  if (E.Kind == "growth") // live blocks from several steps, never freed
    return Check == "retained-tensor" || Check == "missing-detach" ||
           Check == "create-graph-cycle";
  if (E.Kind == "graph-retention") {
    if (Check == "missing-no-grad") // a graph existed: its teardown freed blocks
      return E.FreedByGraph.value_or(0) > 0;
    if (Check == "missing-detach") // a graph chained across steps
      return E.FreedByLaterGraph.value_or(0) > 0;
    return false;
  }
  if (E.Kind == "cache-flush") // segments freed and reserved again, per step
    return Check == "empty-cache-in-loop" && E.Steps >= 2 &&
           E.ReallocatedSteps.value_or(0) >= 2;
  return false;
}

/// Which finding holds growing memory that two findings explain: a store
/// that is never cleared keeps every step's tensors, and whatever their
/// graphs saved, for as long as it lives, so it holds them before a carried
/// graph does. Only the checks that growth confirms are ranked.
unsigned holdRank(StringRef Check) {
  return checkName(Check) == "retained-tensor" ? 0 : 1;
}

/// True when a store's growth Store can hold the blocks of Other: the same
/// report, Other allocated directly in a function from which the stored
/// value's forward was called (its graph saves the inputs it was given
/// there), and no more steps or blocks than the store kept, one for one.
bool storeCanHold(const Evidence &Store, const Evidence &Other) {
  if (&Store == &Other || Store.Report != Other.Report || Other.Steps > Store.Steps ||
      Other.Blocks > Store.Blocks)
    return false;
  const Frame &Site = Other.Frames.front();
  return !Site.Function.empty() && any_of(Store.Frames, [&](const Frame &S) {
    return S.File == Site.File && S.Function == Site.Function;
  });
}

struct Join {
  const std::vector<Finding> &Findings;
  const std::vector<RuntimeReport> &Reports;
  const PathMatcher &Paths;

  std::vector<Location> linesOf(const Finding &F) const {
    std::vector<Location> L{F.Loc};
    L.insert(L.end(), F.Notes.begin(), F.Notes.end());
    return L;
  }

  /// The lines whose frames tie evidence to F: its own and its notes', or
  /// only its notes' for storage kept without a graph.
  std::vector<Location> evidenceLines(const Finding &F) const {
    return keepsStorageOnly(F) ? F.Notes : linesOf(F);
  }

  bool hits(const Evidence &E, const std::vector<Location> &Lines) const {
    return any_of(E.Frames, [&](const Frame &Fr) { return frameHits(Fr, Lines); });
  }

  bool frameHits(const Frame &Fr, const std::vector<Location> &Lines) const {
    for (const Location &L : Lines)
      // A call spread over lines is named in a stack by one of its lines
      // (GCC names the last), so any line of the expression matches.
      if (Fr.Line >= L.Line && Fr.Line <= std::max(L.Line, L.EndLine) &&
          Paths.matches(L.File, Fr.File))
        return true;
    return false;
  }

  bool executed(const Finding &F, std::string &Why) const {
    const std::vector<Location> Lines = linesOf(F);
    bool FileRan = false;
    for (const RuntimeReport &R : Reports) {
      for (const Evidence &E : R.Evidences)
        for (const Frame &Fr : E.Frames)
          if (frameHits(Fr, Lines)) {
            Why = "its line ran";
            return true;
          }
      for (const Covered &C : R.Coverage) {
        if (!Paths.matches(F.Loc.File, C.File) || C.Lines.empty())
          continue;
        FileRan = true;
        for (const Location &L : Lines)
          if (Paths.matches(L.File, C.File) &&
              any_of(C.Lines, [&](int64_t Ran) {
                return Ran >= L.Line && Ran <= std::max(L.Line, L.EndLine);
              })) {
            Why = "its line ran";
            return true;
          }
        // The function that holds the finding ran (its recorded lines
        // surround the finding's line).
        if (C.Lines.front() <= F.Loc.Line && F.Loc.Line <= C.Lines.back()) {
          Why = "its function " + C.Function + " ran";
          return true;
        }
      }
    }
    // Optimized code loses frames to inlining: a file whose code ran counts.
    if (FileRan)
      Why = "code of its file ran (its function's own lines were not in a "
            "recorded stack)";
    return FileRan;
  }

  /// Each finding's evidence of its own mechanism (showsMechanism) on its
  /// lines, before deciding who holds shared growth.
  std::vector<std::vector<const Evidence *>> ownEvidence() const {
    std::vector<std::vector<const Evidence *>> Own(Findings.size());
    for (size_t I = 0; I < Findings.size(); ++I) {
      const std::vector<Location> Lines = evidenceLines(Findings[I]);
      for (const RuntimeReport &R : Reports)
        for (const Evidence &E : R.Evidences)
          if (showsMechanism(E, Findings[I].Check) && hits(E, Lines))
            Own[I].push_back(&E);
    }
    return Own;
  }

  /// For each growth evidence that a finding explains, the findings that hold
  /// it: of those whose mechanism it shows, and of the confirmed stores whose
  /// growth can hold it (storeCanHold), the ones of the best holdRank.
  std::map<const Evidence *, std::vector<size_t>>
  holders(const std::vector<std::vector<const Evidence *>> &Own) const {
    std::map<const Evidence *, std::vector<size_t>> Explained;
    for (size_t I = 0; I < Findings.size(); ++I)
      for (const Evidence *E : Own[I]) {
        if (E->Kind != "growth")
          continue;
        Explained[E].push_back(I);
        if (holdRank(Findings[I].Check) != 0)
          continue;
        for (const RuntimeReport &R : Reports)
          for (const Evidence &Other : R.Evidences)
            if (Other.Kind == "growth" && storeCanHold(*E, Other))
              Explained[&Other].push_back(I);
      }
    for (auto &[E, Is] : Explained) {
      llvm::sort(Is);
      Is.erase(std::unique(Is.begin(), Is.end()), Is.end());
      unsigned Best = holdRank(Findings[Is.front()].Check);
      for (size_t I : Is)
        Best = std::min(Best, holdRank(Findings[I].Check));
      llvm::erase_if(Is, [&](size_t I) { return holdRank(Findings[I].Check) != Best; });
    }
    return Explained;
  }

  std::vector<Verdict> judgeAll() const {
    const std::vector<std::vector<const Evidence *>> Own = ownEvidence();
    const std::map<const Evidence *, std::vector<size_t>> Holders = holders(Own);
    auto HeldByOthers = [&](const Evidence *E, size_t I) -> const std::vector<size_t> * {
      auto It = Holders.find(E);
      if (It == Holders.end() || is_contained(It->second, I))
        return nullptr;
      return &It->second;
    };
    std::vector<Verdict> Out;
    for (size_t I = 0; I < Findings.size(); ++I) {
      Verdict V;
      if (checkName(Findings[I].Check) == "cuda-unreleased") {
        Out.push_back(judgeRawCuda(Findings[I]));
        continue;
      }
      for (const Evidence *E : Own[I])
        if (!HeldByOthers(E, I)) {
          V.Confirming.push_back(E);
          V.BytesPerStep += E->BytesPerStep;
        }
      if (!V.Confirming.empty()) {
        V.L = Label::Confirmed;
        Out.push_back(std::move(V));
        continue;
      }
      // Memory on its lines grows, but another finding holds it.
      const std::vector<Location> Lines = evidenceLines(Findings[I]);
      for (const RuntimeReport &R : Reports)
        for (const Evidence &E : R.Evidences)
          if (const std::vector<size_t> *By = HeldByOthers(&E, I);
              By && E.Kind == "growth" && hits(E, Lines)) {
            if (V.Confirming.empty())
              V.HeldBy = By->front();
            V.Confirming.push_back(&E);
            V.BytesPerStep += E.BytesPerStep;
          }
      if (!V.Confirming.empty()) {
        const Finding &H = Findings[V.HeldBy];
        V.L = Label::HeldByOther;
        V.Reason = ("memory on this line grows, held by " + H.Check + " at " + H.Loc.File +
                    ":" + Twine(H.Loc.Line) + ":" + Twine(H.Loc.Column))
                       .str();
        Out.push_back(std::move(V));
        continue;
      }
      Out.push_back(judgeUnconfirmed(Findings[I]));
    }
    return Out;
  }

  /// A cuda-unreleased finding: confirmed by raw resources of its kind
  /// (or created inside a library call of its kind: cublasCreate's memory and
  /// events for a cuBLAS handle) created through one of its lines and still
  /// live at the end of the run, or growing per step.
  Verdict judgeRawCuda(const Finding &F) const {
    Verdict V;
    const std::string Kind = findingResourceKind(F.Loc.Message);
    const std::vector<Location> Lines = linesOf(F);
    bool Watched = false, OtherKind = false;
    std::string NotWatched;
    uint64_t Creates = 0, Releases = 0;
    for (const RuntimeReport &R : Reports) {
      if (R.RawStatus == "ok") {
        Watched = true;
        Creates += R.RawCreates;
        Releases += R.RawReleases;
      } else if (NotWatched.empty()) {
        NotWatched = R.RawStatus.empty()
                         ? "the report " + R.Path + " has no raw_cuda section (written before "
                           "the runtime watched raw CUDA calls; run the program again)"
                         : "the raw CUDA watch did not run in " + R.Path + " (" + R.RawStatus +
                               (R.RawMessage.empty() ? "" : ": " + R.RawMessage) + ")";
      }
      for (const Evidence &E : R.RawSites) {
        if (!hits(E, Lines) || (E.Blocks == 0 && !E.Grows))
          continue;
        if (!Kind.empty() && E.ResourceKind != Kind && E.OwnerKind != Kind) {
          OtherKind = true;
          continue;
        }
        V.Confirming.push_back(&E);
        V.BytesPerStep += E.BytesPerStep;
      }
    }
    if (!V.Confirming.empty()) {
      V.L = Label::Confirmed;
      return V;
    }
    V.L = Label::NotObserved;
    if (!Watched) {
      V.Reason = NotWatched.empty() ? "no runtime report" : NotWatched;
      return V;
    }
    V.Reason = "no " + (Kind.empty() ? std::string("raw CUDA resource") : Kind) +
               " created through its lines was live at the end of the run or grew per step "
               "(the raw CUDA watch saw " + std::to_string(Creates) + " creations and " +
               std::to_string(Releases) + " releases in the reports)";
    if (OtherKind)
      V.Reason += "; resources of another kind created there are live";
    return V;
  }

  /// What the evidence on F's lines lacks, when it does not show F's
  /// mechanism; the default when none touches them.
  std::string lacking(const Finding &F) const {
    const StringRef Check = checkName(F.Check);
    const std::vector<Location> Lines = evidenceLines(F);
    const char *Rerun = " (the report was written before the runtime recorded it; run "
                        "the program again)";
    std::string Grows; // said only when no retention evidence says more
    for (const RuntimeReport &R : Reports)
      for (const Evidence &E : R.Evidences) {
        if (!hits(E, Lines))
          continue;
        if (Check == "missing-no-grad" && E.Kind == "graph-retention") {
          if (!E.FreedByGraph)
            return "the report does not say whether an autograd graph's teardown freed "
                   "the blocks kept past the call" + std::string(Rerun);
          return "the " + std::to_string(E.Blocks) + " blocks kept past the call at " +
                 E.Frames.front().File + ":" + std::to_string(E.Frames.front().Line) +
                 " were never freed by an autograd graph's teardown: no graph was "
                 "recorded (inference mode or no-grad)";
        }
        if (Check == "missing-no-grad" && E.Kind == "growth")
          Grows = "memory on this line grows and no autograd graph's teardown freed any "
                  "of it";
        if (Check == "empty-cache-in-loop" && E.Kind == "cache-flush") {
          if (!E.ReallocatedSteps)
            return "the report does not say whether the allocator reserved segments "
                   "again after emptyCache" + std::string(Rerun);
          return "emptyCache returned segments in " + std::to_string(E.Steps) +
                 " steps and the allocator reserved segments again after " +
                 std::to_string(*E.ReallocatedSteps) + " of them: no per-step churn";
        }
      }
    if (!Grows.empty())
      return Grows;
    if (Check == "missing-no-grad")
      return "no activations freed by an autograd graph's teardown were attributed to it";
    if (Check == "missing-detach")
      return "no memory growth or graph chained across steps was attributed to it";
    if (Check == "empty-cache-in-loop")
      return "no segments freed by emptyCache and reserved again per step were "
             "attributed to it";
    return "no memory growth was attributed to it";
  }

  Verdict judgeUnconfirmed(const Finding &F) const {
    Verdict V;
    bool AnyHistory = false;
    for (const RuntimeReport &R : Reports)
      AnyHistory |= R.HistoryWindows > 0 || !R.Coverage.empty();
    std::string Why;
    if (executed(F, Why)) {
      V.L = Label::NotObserved;
      V.Reason = Why + ", but " + lacking(F);
      return V;
    }
    if (!AnyHistory) {
      V.L = Label::NotObserved;
      V.Reason = "no allocation history was recorded, so whether it ran is unknown "
                 "(run with GPULEAK_HISTORY=start)";
      return V;
    }
    V.L = Label::NotExecuted;
    V.Reason = "no recorded stack touches its function";
    return V;
  }

  /// Growth evidence no finding explains: none whose check predicts growth
  /// has it on its lines, and no store can hold it (holders()). Growth on
  /// the line of a finding that predicts no growth (missing-no-grad) is
  /// still unexplained. Evidence allocated directly in the function of a
  /// frame that confirmed a finding is that finding's (e.g. the forward's
  /// inputs, saved by the graph the finding retains), not new.
  std::vector<const Evidence *>
  runtimeOnly(const std::vector<Verdict> &Verdicts) const {
    std::set<std::pair<std::string, std::string>> ConfirmedFunctions;
    for (size_t I = 0; I < Findings.size(); ++I) {
      if (Verdicts[I].L != Label::Confirmed)
        continue;
      for (const Evidence *E : Verdicts[I].Confirming)
        for (const Frame &Fr : E->Frames)
          if (frameHits(Fr, linesOf(Findings[I])))
            ConfirmedFunctions.insert({Fr.File, Fr.Function});
    }
    const std::map<const Evidence *, std::vector<size_t>> Holders = holders(ownEvidence());
    std::vector<const Evidence *> Out;
    for (const RuntimeReport &R : Reports)
      for (const Evidence &E : R.Evidences) {
        if (E.Kind != "growth")
          continue;
        bool Covered = Holders.count(&E) > 0;
        const Frame &Site = E.Frames.front();
        Covered |= ConfirmedFunctions.count({Site.File, Site.Function}) > 0;
        if (!Covered)
          Out.push_back(&E);
      }
    // Raw CUDA resources that grow per step and that no finding's verdict
    // used. Resources merely live at the end are not listed: a program
    // stopped by GPULEAK_STOP_AFTER, or objects with static storage released
    // after the report is written, leave correct code's resources live
    // there (docs/runtime.md).
    std::set<const Evidence *> Used;
    for (const Verdict &V : Verdicts)
      Used.insert(V.Confirming.begin(), V.Confirming.end());
    for (const RuntimeReport &R : Reports)
      for (const Evidence &E : R.RawSites)
        if (E.Grows && !Used.count(&E))
          Out.push_back(&E);
    return Out;
  }
};

std::string describe(const Evidence &E);

/// The rule id and the sentence of a runtime-only entry.
StringRef runtimeOnlyRule(const Evidence &E) {
  return E.Kind == "raw-cuda" ? "gpuleak-runtime-raw-cuda" : "gpuleak-runtime-growth";
}
std::string runtimeOnlyText(const Evidence &E) {
  if (E.Kind != "raw-cuda")
    return "live memory grows and no finding covers it; " + describe(E);
  return "raw CUDA resources grow per step and no finding covers them; " + describe(E);
}

//===--- Output -----------------------------------------------------------===//

StringRef labelName(Label L) {
  switch (L) {
  case Label::Confirmed:
    return "confirmed";
  case Label::HeldByOther:
    return "held by another finding";
  case Label::NotObserved:
    return "not observed";
  case Label::NotExecuted:
    return "not executed";
  }
  llvm_unreachable("unknown label");
}

std::string human(double Bytes) {
  const char *Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int U = 0;
  while (Bytes >= 1024 && U < 4) {
    Bytes /= 1024;
    ++U;
  }
  std::string S;
  raw_string_ostream OS(S);
  OS << format("%.1f", Bytes) << " " << Units[U];
  return S;
}

std::string describe(const Evidence &E) {
  std::string S;
  raw_string_ostream OS(S);
  const Frame &Site = E.Frames.front();
  if (E.Kind == "raw-cuda") {
    OS << E.Blocks << " live of kind " << E.ResourceKind << " at the end of the run";
    if (E.Bytes)
      OS << " (" << human(static_cast<double>(E.Bytes)) << ")";
    if (E.Grows)
      OS << ", " << format("%.1f", E.LivePerStep) << " more per step";
    if (!E.Owner.empty())
      OS << ", made by " << E.Owner;
    OS << ", created at " << Site.File << ":" << Site.Line;
    if (!Site.Function.empty())
      OS << " in " << Site.Function;
    return S;
  }
  if (E.Kind == "growth")
    OS << human(E.BytesPerStep) << " per step (" << E.Blocks << " blocks from "
       << E.Steps << " steps)";
  else if (E.Kind == "cache-flush")
    OS << E.Blocks << " segments (" << human(static_cast<double>(E.Bytes))
       << ") returned to the device by emptyCache in " << E.Steps << " steps";
  else
    OS << E.Blocks << " blocks (" << human(static_cast<double>(E.Bytes))
       << ") stay alive after the call";
  OS << ", allocated at " << Site.File << ":" << Site.Line;
  if (!Site.Function.empty())
    OS << " in " << Site.Function;
  return S;
}

json::Array framesJSON(const Evidence &E) {
  json::Array A;
  for (const Frame &F : E.Frames)
    A.push_back(json::Object{{"file", F.File}, {"line", F.Line}, {"function", F.Function}});
  return A;
}

json::Object evidenceJSON(const Evidence &E, const std::vector<RuntimeReport> &Reports) {
  json::Object O{{"kind", E.Kind},
                 {"file", E.Frames.front().File},
                 {"line", E.Frames.front().Line},
                 {"function", E.Frames.front().Function},
                 {"bytes", static_cast<int64_t>(E.Bytes)},
                 {"blocks", static_cast<int64_t>(E.Blocks)},
                 {"steps", E.Steps},
                 {"bytes_per_step", E.BytesPerStep},
                 {"report", Reports[E.Report].Path},
                 {"frames", framesJSON(E)}};
  if (E.FreedByGraph)
    O["freed_by_graph"] = static_cast<int64_t>(*E.FreedByGraph);
  if (E.FreedByLaterGraph)
    O["freed_by_later_graph"] = static_cast<int64_t>(*E.FreedByLaterGraph);
  if (E.ReallocatedSteps)
    O["reallocated_steps"] = static_cast<int64_t>(*E.ReallocatedSteps);
  if (E.Kind == "raw-cuda") {
    O["resource_kind"] = E.ResourceKind;
    O["owner"] = E.Owner;
    O["owner_kind"] = E.OwnerKind;
    O["api"] = E.Api;
    O["live"] = static_cast<int64_t>(E.Blocks);
    O["grows"] = E.Grows;
    O["live_per_step"] = E.LivePerStep;
  }
  return O;
}

void printText(raw_ostream &OS, const std::vector<Finding> &Findings,
               const std::vector<Verdict> &Verdicts,
               const std::vector<const Evidence *> &RuntimeOnly) {
  unsigned Counts[NumLabels] = {0, 0, 0, 0};
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    const Verdict &V = Verdicts[I];
    ++Counts[static_cast<int>(V.L)];
    OS << F.Loc.File << ":" << F.Loc.Line << ":" << F.Loc.Column << ": "
       << labelName(V.L) << ": " << F.Loc.Message << " [" << F.Check << "]\n";
    if (!V.Reason.empty())
      OS << "  " << V.Reason << "\n";
    for (const Evidence *E : V.Confirming)
      OS << "  evidence: " << E->Kind << ": " << describe(*E) << "\n";
  }
  for (const Evidence *E : RuntimeOnly)
    OS << E->Frames.front().File << ":" << E->Frames.front().Line
       << ": runtime only: " << runtimeOnlyText(*E) << " [" << runtimeOnlyRule(*E) << "]\n";
  OS << Findings.size() << " findings: " << Counts[0] << " confirmed, " << Counts[1]
     << " held by another finding, " << Counts[2] << " not observed, " << Counts[3]
     << " not executed; " << RuntimeOnly.size()
     << " runtime-only\n";
}

/// The join: runtime paths registered, each finding's paths resolved (an
/// error when a file moved or is ambiguous), each finding judged, and the
/// runtime-only evidence listed. Verdicts and RuntimeOnly point into Reports.
struct Joined {
  std::vector<Verdict> Verdicts;
  std::vector<const Evidence *> RuntimeOnly;
};

Expected<Joined> joinFindings(const std::vector<Finding> &Findings,
                              const std::vector<RuntimeReport> &Reports,
                              const std::vector<std::pair<std::string, std::string>> &PathMaps) {
  PathMatcher Paths(PathMaps);
  for (const RuntimeReport &R : Reports) {
    for (const Evidence &E : R.Evidences)
      for (const Frame &F : E.Frames)
        Paths.addRuntimePath(F.File);
    for (const Covered &C : R.Coverage)
      Paths.addRuntimePath(C.File);
    for (const Evidence &E : R.RawSites)
      for (const Frame &F : E.Frames)
        Paths.addRuntimePath(F.File);
  }
  for (const Finding &F : Findings) {
    if (Error E = Paths.resolve(F.Loc.File))
      return std::move(E);
    for (const Location &N : F.Notes)
      if (Error E = Paths.resolve(N.File))
        return std::move(E);
  }
  Join J{Findings, Reports, Paths};
  Joined Out;
  Out.Verdicts = J.judgeAll();
  Out.RuntimeOnly = J.runtimeOnly(Out.Verdicts);
  return Out;
}

json::Value toJSON(const std::vector<Finding> &Findings,
                   const std::vector<Verdict> &Verdicts,
                   const std::vector<const Evidence *> &RuntimeOnly,
                   const std::vector<RuntimeReport> &Reports) {
  json::Array FA;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    const Verdict &V = Verdicts[I];
    json::Array Notes, Ev;
    for (const Location &N : F.Notes)
      Notes.push_back(json::Object{{"message", N.Message}, {"file", N.File},
                                   {"line", N.Line}, {"column", N.Column}});
    for (const Evidence *E : V.Confirming)
      Ev.push_back(evidenceJSON(*E, Reports));
    json::Value HeldBy = nullptr;
    if (V.L == Label::HeldByOther) {
      const Finding &H = Findings[V.HeldBy];
      HeldBy = json::Object{{"check", H.Check}, {"file", H.Loc.File},
                            {"line", H.Loc.Line}, {"column", H.Loc.Column}};
    }
    FA.push_back(json::Object{{"check", F.Check},
                              {"severity", F.Severity},
                              {"message", F.Loc.Message},
                              {"file", F.Loc.File},
                              {"line", F.Loc.Line},
                              {"column", F.Loc.Column},
                              {"notes", std::move(Notes)},
                              {"label", labelName(V.L)},
                              {"reason", V.Reason},
                              {"bytes_per_step", V.BytesPerStep},
                              {"held_by", std::move(HeldBy)},
                              {"evidence", std::move(Ev)}});
  }
  json::Array RO;
  for (const Evidence *E : RuntimeOnly)
    RO.push_back(evidenceJSON(*E, Reports));
  json::Array RA;
  for (const RuntimeReport &R : Reports)
    RA.push_back(json::Object{{"path", R.Path},
                              {"status", R.Status},
                              {"mode", R.Mode},
                              {"growth_detected", R.Growth},
                              {"history_windows", R.HistoryWindows}});
  return json::Object{{"tool", "gpuleak"},
                      {"command", "verify"},
                      {"version", GPULEAK_VERSION},
                      {"findings", std::move(FA)},
                      {"runtime_only", std::move(RO)},
                      {"reports", std::move(RA)}};
}

json::Object sarifLocation(StringRef File, int64_t Line, int64_t Column,
                           StringRef Message) {
  json::Object Region{{"startLine", Line}};
  if (Column > 0)
    Region["startColumn"] = Column;
  std::string URI = File.starts_with("/") ? ("file://" + File).str() : File.str();
  json::Object L{{"physicalLocation",
                  json::Object{{"artifactLocation", json::Object{{"uri", URI}}},
                               {"region", std::move(Region)}}}};
  if (!Message.empty())
    L["message"] = json::Object{{"text", Message.str()}}; // json::Value does not copy a StringRef
  return L;
}

json::Value toSARIF(const std::vector<Finding> &Findings,
                    const std::vector<Verdict> &Verdicts,
                    const std::vector<const Evidence *> &RuntimeOnly,
                    const std::vector<RuntimeReport> &Reports) {
  json::Array Results;
  std::set<std::string> Rules;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const Finding &F = Findings[I];
    const Verdict &V = Verdicts[I];
    Rules.insert(F.Check);
    json::Array Related;
    for (const Location &N : F.Notes)
      Related.push_back(sarifLocation(N.File, N.Line, N.Column, N.Message));
    json::Array Ev;
    for (const Evidence *E : V.Confirming) {
      const Frame &Site = E->Frames.front();
      Related.push_back(
          sarifLocation(Site.File, Site.Line, 0, "runtime evidence: " + describe(*E)));
      Ev.push_back(evidenceJSON(*E, Reports));
    }
    if (V.L == Label::HeldByOther) {
      const Finding &H = Findings[V.HeldBy];
      Related.push_back(sarifLocation(H.Loc.File, H.Loc.Line, H.Loc.Column,
                                      "holds the memory that grows: " + H.Check));
    }
    std::string Text = "[" + labelName(V.L).str() + "] " + F.Loc.Message;
    if (V.L == Label::Confirmed)
      Text += "; confirmed at run time: " + describe(*V.Confirming.front());
    else if (V.L == Label::HeldByOther)
      Text += "; " + V.Reason + ": " + describe(*V.Confirming.front());
    Results.push_back(json::Object{
        {"ruleId", F.Check},
        {"level", V.L == Label::Confirmed ? "error" : StringRef(F.Severity) == "error" ? "error" : "warning"},
        {"message", json::Object{{"text", Text}}},
        {"locations", json::Array{sarifLocation(F.Loc.File, F.Loc.Line, F.Loc.Column, "")}},
        {"relatedLocations", std::move(Related)},
        {"properties", json::Object{{"gpuleak.verify.label", labelName(V.L)},
                                    {"gpuleak.verify.reason", V.Reason},
                                    {"gpuleak.verify.bytesPerStep", V.BytesPerStep},
                                    {"gpuleak.verify.evidence", std::move(Ev)}}}});
  }
  for (const Evidence *E : RuntimeOnly) {
    Rules.insert(runtimeOnlyRule(*E).str());
    const Frame &Site = E->Frames.front();
    json::Array Related;
    for (size_t K = 1; K < E->Frames.size(); ++K)
      Related.push_back(sarifLocation(E->Frames[K].File, E->Frames[K].Line, 0,
                                      "called from " + E->Frames[K].Function));
    Results.push_back(json::Object{
        {"ruleId", runtimeOnlyRule(*E)},
        {"level", "warning"},
        {"message", json::Object{{"text", runtimeOnlyText(*E)}}},
        {"locations", json::Array{sarifLocation(Site.File, Site.Line, 0, "")}},
        {"relatedLocations", std::move(Related)},
        {"properties", json::Object{{"gpuleak.verify.label", "runtime only"},
                                    {"gpuleak.verify.evidence",
                                     json::Array{evidenceJSON(*E, Reports)}}}}});
  }
  json::Array RuleArray;
  for (const std::string &R : Rules)
    RuleArray.push_back(json::Object{{"id", R}});
  return json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{json::Object{
                   {"tool", json::Object{{"driver", json::Object{{"name", "gpuleak verify"},
                                                                  {"version", GPULEAK_VERSION},
                                                                  {"rules", std::move(RuleArray)}}}}},
                   {"results", std::move(Results)}}}}};
}

//===--- Command line -----------------------------------------------------===//

// `gpuleak verify` is an llvm::cl subcommand; main() (tool/gpuleak) parses
// the command line and calls runVerify() when this subcommand is chosen.
cl::SubCommand &verifyCommand() {
  static cl::SubCommand Cmd(
      "verify",
      "Label static findings with runtime evidence (confirmed, not observed, "
      "not executed) and list growth that no finding covers (runtime-only)");
  return Cmd;
}
cl::OptionCategory &verifyOptions() {
  static cl::OptionCategory Cat("gpuleak verify options");
  return Cat;
}

cl::opt<std::string> FindingsFile(
    "findings", cl::value_desc("file"),
    cl::desc("Findings from `gpuleak check --format=json` or --format=sarif"),
    cl::sub(verifyCommand()), cl::cat(verifyOptions()));
cl::list<std::string> ReportFiles(
    "runtime", cl::CommaSeparated, cl::value_desc("report,..."),
    cl::desc("Runtime reports (<output>.json) written by the runtime verifier"),
    cl::sub(verifyCommand()), cl::cat(verifyOptions()));
enum class OutputFormat { Text, Json, Sarif };
cl::opt<OutputFormat> Format(
    "format", cl::desc("Output format:"), cl::init(OutputFormat::Text),
    cl::values(clEnumValN(OutputFormat::Text, "text", "one line per finding (default)"),
               clEnumValN(OutputFormat::Json, "json", "gpuleak verify JSON"),
               clEnumValN(OutputFormat::Sarif, "sarif", "SARIF 2.1.0 with evidence")),
    cl::sub(verifyCommand()), cl::cat(verifyOptions()));
cl::opt<std::string> OutputFile(
    "o", cl::init("-"), cl::value_desc("file"),
    cl::desc("Write the result to <file> (atomically) instead of stdout"),
    cl::sub(verifyCommand()), cl::cat(verifyOptions()));
cl::alias OutputFileLong("output", cl::desc("Alias for -o"),
                         cl::aliasopt(OutputFile), cl::cat(verifyOptions()));
cl::list<std::string> PathMapArgs(
    "path-map", cl::value_desc("OLD=NEW"),
    cl::desc("Read findings paths starting with OLD as starting with NEW "
             "(sources moved or built elsewhere); repeatable"),
    cl::sub(verifyCommand()), cl::cat(verifyOptions()));

struct Options {
  std::string Findings;
  std::vector<std::string> Reports;
  std::string Format = "text";
  std::string Output = "-";
  std::vector<std::pair<std::string, std::string>> PathMaps;
};

Expected<Options> optionsFromCommandLine() {
  // Checked here rather than with cl::Required, which prints one line per
  // missing option.
  if (FindingsFile.empty() || ReportFiles.empty())
    return fail("--findings and --runtime are required");
  Options O;
  O.Findings = FindingsFile;
  O.Reports.assign(ReportFiles.begin(), ReportFiles.end());
  O.Format = Format == OutputFormat::Json    ? "json"
             : Format == OutputFormat::Sarif ? "sarif"
                                             : "text";
  O.Output = OutputFile;
  for (StringRef Map : PathMapArgs) {
    auto [Old, New] = Map.split('=');
    if (Old.empty() || New.empty())
      return fail("--path-map expects OLD=NEW, got '" + Map + "'");
    O.PathMaps.push_back({Old.str(), New.str()});
  }
  return O;
}

int verifyMain() {
  Expected<Options> O = optionsFromCommandLine();
  if (!O) {
    errs() << "gpuleak verify: error: " << toString(O.takeError()) << "\n";
    return 2;
  }
  auto Fail = [](Error E) {
    errs() << "gpuleak verify: error: " << toString(std::move(E)) << "\n";
    return 2;
  };
  Expected<FindingsRead> File = readFindings(O->Findings);
  if (!File)
    return Fail(File.takeError());
  if (File->UnanalysedInputs)
    errs() << "gpuleak verify: warning: findings " << O->Findings << " list "
           << File->UnanalysedInputs
           << " input(s) that could not be analysed; their findings are missing\n";
  const std::vector<Finding> *Findings = &File->Findings;
  std::vector<RuntimeReport> Reports;
  for (size_t I = 0; I < O->Reports.size(); ++I) {
    Expected<RuntimeReport> R = readReport(O->Reports[I], I);
    if (!R)
      return Fail(R.takeError());
    Reports.push_back(std::move(*R));
  }
  Expected<Joined> J = joinFindings(*Findings, Reports, O->PathMaps);
  if (!J)
    return Fail(J.takeError());
  for (const RuntimeReport &R : Reports)
    if (R.Status != "ok")
      errs() << "gpuleak verify: warning: " << R.Path << ": the runtime verifier "
             << "did not run (status " << R.Status << ")\n";
  const std::vector<Verdict> &Verdicts = J->Verdicts;
  const std::vector<const Evidence *> &RuntimeOnly = J->RuntimeOnly;

  std::error_code EC;
  raw_fd_ostream OS(O->Output, EC);
  if (EC)
    return Fail(fail("cannot write " + O->Output + ": " + EC.message()));
  if (O->Format == "text")
    printText(OS, *Findings, Verdicts, RuntimeOnly);
  else if (O->Format == "json")
    OS << formatv("{0:2}", toJSON(*Findings, Verdicts, RuntimeOnly, Reports)) << "\n";
  else
    OS << formatv("{0:2}", toSARIF(*Findings, Verdicts, RuntimeOnly, Reports)) << "\n";
  return 0;
}

} // namespace

bool jsonNestingWithin(StringRef Text, unsigned Max) {
  unsigned Depth = 0;
  bool InString = false;
  for (size_t I = 0, N = Text.size(); I < N; ++I) {
    const char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I; // the escaped character
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"')
      InString = true;
    else if (C == '[' || C == '{') {
      if (++Depth > Max)
        return false;
    } else if ((C == ']' || C == '}') && Depth > 0)
      --Depth;
  }
  return true;
}

int runVerify() { return verifyMain(); }
llvm::cl::SubCommand &verifySubcommand() { return verifyCommand(); }
llvm::cl::OptionCategory &verifyCategory() { return verifyOptions(); }

} // namespace gpuleak
