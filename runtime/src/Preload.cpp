//===- Preload.cpp - Zero-code mode: `gpuleak run -- ./program` -----------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// Loaded with LD_PRELOAD by gpuleak-run (runtime/bin/gpuleak-run). When
// GPULEAK_RUN=1 it starts one gpuleak::Sampler (Sampler.h) configured from
// the GPULEAK_* variables: a background thread that waits for the program's
// CUDA caching allocator, samples it, records history with stacks per
// GPULEAK_HISTORY, and writes the report at exit or after
// GPULEAK_STOP_AFTER seconds (then _exit(GPULEAK_STOP_STATUS)). Before it,
// the raw CUDA watch subscribes to CUPTI (RawCuda.h; GPULEAK_CUPTI=0: off),
// so the program's own cudaMalloc, streams, events and library handles are
// seen from its first call.
//
// Exit ordering: this constructor runs after torch's libraries (our
// dependencies) were initialized, and the sampler's exit hook is registered
// here and renewed after each history window (ExitHooks.h), so the sampler
// stops and the report is written before any torch static is destroyed.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/RawCuda.h"
#include "gpuleak/Sampler.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

__attribute__((constructor)) void gpuleakPreloadInit() {
  const char *On = std::getenv("GPULEAK_RUN");
  if (!On || std::strcmp(On, "1") != 0)
    return;
  // Children (e.g. a shell in front of the program) inherit LD_PRELOAD; only
  // the first process samples.
  unsetenv("GPULEAK_RUN");
  // CUPTI first, before the program's first CUDA call (RawCuda.h).
  gpuleak::startRawCudaWatch();
  // Never destroyed: the exit hook stops it (exit ordering).
  new gpuleak::Sampler(gpuleak::SamplerOptions::fromEnvironment());
}

} // namespace
