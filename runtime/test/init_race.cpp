//===- init_race.cpp - Reading the allocator while the host initializes it ===//
//
//   gpuleak_init_race naive|gpuleak
//
// Run on the GPU machine by scripts/gpu-run.sh (many processes at once, exit
// status counted). A second thread polls, without sleeping, for the moment
// the CUDA caching allocator can be read, then calls getDeviceStats(0) at
// once, while the main thread makes the program's first CUDA tensor:
//   naive    polls CUDAAllocator::initialized(), as gpuleak's sampler did
//            until case 017 crashed (rc 139) in a parallel batch;
//   gpuleak  polls gpuleak::allocatorReady(0) (Monitor.h says why).
// Exit 0 when the read succeeded; a crash is the finding.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Monitor.h"

#include <c10/cuda/CUDACachingAllocator.h>
#include <torch/torch.h>

#include <atomic>
#include <cstdio>
#include <cstring>
#include <thread>

int main(int argc, char **argv) {
  const bool Naive = argc > 1 && !std::strcmp(argv[1], "naive");
  std::atomic<bool> Done{false};
  std::atomic<long> Allocated{-1};
  std::thread Poller([&] {
    while (!Done.load(std::memory_order_relaxed)) {
      bool Ready;
      if (Naive) {
        auto *A = c10::cuda::CUDACachingAllocator::get();
        Ready = A && A->initialized();
      } else {
        Ready = gpuleak::allocatorReady(0);
      }
      if (Ready) {
        const auto S = c10::cuda::CUDACachingAllocator::getDeviceStats(0);
        Allocated = S.allocated_bytes[0].current;
        return;
      }
    }
  });
  torch::Tensor T = torch::ones({256}, torch::kCUDA);
  torch::cuda::synchronize();
  while (Allocated.load() < 0)
    std::this_thread::yield();
  Done = true;
  Poller.join();
  std::printf("%s: allocated %ld bytes when first read\n", Naive ? "naive" : "gpuleak",
              Allocated.load());
  return 0;
}
