//===- snapshot_fuzzer.cpp - libFuzzer target for the snapshot reader -----===//
//
// Build with clang++ (-DGPULEAK_RUNTIME_FUZZ=ON, see runtime/ci-test.sh --fuzz).
// Reads arbitrary bytes as a pickled snapshot, then runs every analysis on
// what was read. Must never crash, hang or throw.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Analysis.h"
#include "gpuleak/Report.h"
#include "gpuleak/Snapshot.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  gpuleak::Snapshot S;
  std::string Error;
  gpuleak::ReadLimits Limits;
  Limits.max_bytes = 1 << 20;
  Limits.max_entries = 1 << 16;
  if (!gpuleak::readSnapshot(reinterpret_cast<const char *>(Data), Size, S, Error, Limits))
    return 0;
  gpuleak::AttributionOptions O;
  gpuleak::Report R;
  const std::vector<int64_t> Steps = gpuleak::annotatedBoundaries(S, "");
  R.evidence = gpuleak::attributeGrowth(S, Steps, O, &R.unattributed_bytes);
  for (auto &E : gpuleak::findGraphRetention(S, O, Steps))
    R.evidence.push_back(E);
  R.coverage = gpuleak::coverage(S);
  (void)gpuleak::reportToJson(R);
  (void)gpuleak::reportSummary(R);
  return 0;
}
