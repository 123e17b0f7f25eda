//===--- VerifyFuzzer.cpp - libFuzzer target for gpuleak verify's readers -===//
//
// Build: cmake -DGPULEAK_VERIFY_FUZZ=ON (clang++-22, -fsanitize=fuzzer,address).
// The input is "<findings JSON>\0<runtime report JSON>": both are parsed as
// users hand them around, and when both parse, the join and all three output
// formats run. Nothing may crash, hang or leak.
//
//===----------------------------------------------------------------------===//

// The readers live in Verify.cpp's anonymous namespace; the harness is a unity
// build of it so that the fuzzer reaches them without a file system.
#include "Verify.cpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  using namespace gpuleak;
  StringRef All(reinterpret_cast<const char *>(Data), Size);
  auto [FindingsText, ReportText] = All.split('\0');
  Expected<std::vector<Finding>> Findings =
      parseFindings(Input{"findings.json", FindingsText.str()});
  Expected<RuntimeReport> Report = parseReport(Input{"report.json", ReportText.str()}, 0);
  if (!Findings || !Report) {
    consumeError(Findings.takeError());
    consumeError(Report.takeError());
    return 0;
  }
  std::vector<RuntimeReport> Reports{std::move(*Report)};
  PathMatcher Paths({});
  for (const Evidence &E : Reports[0].Evidences)
    for (const Frame &F : E.Frames)
      Paths.addRuntimePath(F.File);
  for (const Covered &C : Reports[0].Coverage)
    Paths.addRuntimePath(C.File);
  for (const Finding &F : *Findings) {
    if (Error E = Paths.resolve(F.Loc.File)) {
      consumeError(std::move(E));
      return 0;
    }
    for (const Location &N : F.Notes)
      if (Error E = Paths.resolve(N.File)) {
        consumeError(std::move(E));
        return 0;
      }
  }
  Join J{*Findings, Reports, Paths};
  std::vector<Verdict> Verdicts;
  for (const Finding &F : *Findings)
    Verdicts.push_back(J.judge(F));
  std::vector<const Evidence *> RuntimeOnly = J.runtimeOnly(Verdicts);
  std::string Out;
  raw_string_ostream OS(Out);
  printText(OS, *Findings, Verdicts, RuntimeOnly);
  OS << formatv("{0}", toJSON(*Findings, Verdicts, RuntimeOnly, Reports));
  OS << formatv("{0}", toSARIF(*Findings, Verdicts, RuntimeOnly, Reports));
  return 0;
}
