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
  Expected<FindingsRead> File = parseFindings(Input{"findings.json", FindingsText.str()});
  Expected<RuntimeReport> Report = parseReport(Input{"report.json", ReportText.str()}, 0);
  if (!File || !Report) {
    consumeError(File.takeError());
    consumeError(Report.takeError());
    return 0;
  }
  std::vector<RuntimeReport> Reports{std::move(*Report)};
  Expected<Joined> J = joinFindings(File->Findings, Reports, {});
  if (!J) {
    consumeError(J.takeError());
    return 0;
  }
  std::string Out;
  raw_string_ostream OS(Out);
  printText(OS, File->Findings, J->Verdicts, J->RuntimeOnly);
  OS << formatv("{0}", toJSON(File->Findings, J->Verdicts, J->RuntimeOnly, Reports));
  OS << formatv("{0}", toSARIF(File->Findings, J->Verdicts, J->RuntimeOnly, Reports));
  return 0;
}
