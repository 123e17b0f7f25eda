//===- snapshot_report.cpp - A runtime report from a pickled snapshot ----===//
//
//   gpuleak-snapshot-report SNAPSHOT.pickle [--run-id ID] [--steps B0,B1,...]
//
// Reads an allocator snapshot (from the Monitor, gpuleak-run, or Python's
// torch.cuda.memory._dump_snapshot) and prints the evidence the runtime
// verifier finds in it, as a report (JSON on stdout, summary on stderr).
// Step boundaries come from the monitor's annotations, or --steps (time_us).
// Exit status: 0, or 2 with a one-line error for unreadable input.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Analysis.h"
#include "gpuleak/Report.h"
#include "gpuleak/Snapshot.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

static std::vector<int64_t> parseList(char *P) {
  std::vector<int64_t> Result;
  while (*P) {
    Result.push_back(std::strtoll(P, &P, 10));
    if (*P != ',')
      break;
    ++P;
  }
  return Result;
}

int main(int argc, char **argv) {
  // --series V0,V1,... [WARMUP]: judge a series of live allocated bytes.
  if (argc >= 3 && !std::strcmp(argv[1], "--series")) {
    gpuleak::GrowthOptions G;
    if (argc >= 4)
      G.warmup_steps = std::atoi(argv[3]);
    std::vector<uint64_t> V;
    for (int64_t X : parseList(argv[2]))
      V.push_back(static_cast<uint64_t>(X));
    gpuleak::GrowthVerdict Verdict = gpuleak::detectGrowth(V, G);
    std::printf("%s %.1f\n", Verdict.growing ? "growth" : "flat", Verdict.bytes_per_step);
    return 0;
  }
  if (argc < 2) {
    std::fprintf(stderr, "usage: gpuleak-snapshot-report SNAPSHOT.pickle [--run-id ID] "
                         "[--steps B0,B1,...]\n");
    return 2;
  }
  std::string RunId;
  std::vector<int64_t> Steps;
  for (int I = 2; I + 1 < argc; I += 2) {
    if (!std::strcmp(argv[I], "--run-id"))
      RunId = argv[I + 1];
    else if (!std::strcmp(argv[I], "--steps"))
      Steps = parseList(argv[I + 1]);
  }
  gpuleak::Snapshot S;
  std::string Error;
  if (!gpuleak::readSnapshotFile(argv[1], S, Error)) {
    std::fprintf(stderr, "gpuleak-snapshot-report: error: %s\n", Error.c_str());
    return 2;
  }
  if (Steps.empty())
    Steps = gpuleak::annotatedBoundaries(S, RunId);
  gpuleak::Report R;
  R.mode = "snapshot";
  R.program = argv[1];
  gpuleak::AttributionOptions O;
  R.evidence = gpuleak::attributeGrowth(S, Steps, O, &R.unattributed_bytes);
  for (auto &E : gpuleak::findGraphRetention(S, O, Steps))
    R.evidence.push_back(E);
  for (auto &E : gpuleak::findCacheFlushes(S, Steps, O))
    R.evidence.push_back(E);
  R.coverage = gpuleak::coverage(S);
  size_t Entries = 0;
  for (const auto &T : S.device_traces)
    Entries += T.size();
  std::fprintf(stderr, "%zu segments, %zu trace entries, %zu frames, %zu boundaries\n",
               S.segments.size(), Entries, S.frames.size(), Steps.size());
  std::fputs(gpuleak::reportToJson(R).c_str(), stdout);
  std::fputs(gpuleak::reportSummary(R).c_str(), stderr);
  return 0;
}
