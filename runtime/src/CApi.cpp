//===- CApi.cpp - gpuleak's runtime verifier for other languages ----------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
// gpuleak/c_api.h documents each function.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/c_api.h"
#include "gpuleak/Monitor.h"
#include "gpuleak/Sampler.h"

#include <new>

extern "C" {

void *gpuleak_monitor_new(void) {
  try {
    return new gpuleak::Monitor(gpuleak::MonitorOptions::fromEnvironment());
  } catch (...) {
    return nullptr;
  }
}

int gpuleak_monitor_loop(void *M, const char *Name) {
  return M ? static_cast<gpuleak::Monitor *>(M)->loopId(Name ? Name : "train") : -1;
}

void gpuleak_monitor_end_step(void *M, int Loop) {
  if (M && Loop >= 0)
    static_cast<gpuleak::Monitor *>(M)->endStep(Loop);
}

int gpuleak_monitor_active(void *M) {
  return M && static_cast<gpuleak::Monitor *>(M)->active() ? 1 : 0;
}

int gpuleak_monitor_finish(void *M) {
  return M && static_cast<gpuleak::Monitor *>(M)->finish() ? 1 : 0;
}

void gpuleak_monitor_delete(void *M) {
  try {
    delete static_cast<gpuleak::Monitor *>(M);
  } catch (...) {
  }
}

void *gpuleak_sampler_new(void) {
  try {
    return new gpuleak::Sampler(gpuleak::SamplerOptions::fromEnvironment());
  } catch (...) {
    return nullptr;
  }
}

void gpuleak_sampler_delete(void *S) {
  try {
    delete static_cast<gpuleak::Sampler *>(S);
  } catch (...) {
  }
}

} // extern "C"
