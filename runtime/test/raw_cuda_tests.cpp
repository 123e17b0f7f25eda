//===- raw_cuda_tests.cpp - The raw CUDA bookkeeping, without a GPU -------===//
//
// RawTracker (RawCuda.h) fed by fake callback records and a fake
// symbolizer; the report's raw_cuda section; and the CUPTI watch where it
// cannot watch (no driver on the CI machine, a CUPTI library that cannot be
// loaded, GPULEAK_CUPTI=0): one line, a status, no crash.
//
//   gpuleak_raw_cuda_tests            the tracker and the report
//   gpuleak_raw_cuda_tests watch      the watch in this process (environment decides)
//
//===----------------------------------------------------------------------===//
#include "Expect.h"
#include "gpuleak/RawCuda.h"
#include "gpuleak/Report.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using namespace gpuleak;

namespace {

// Fake program counters: 0x1xxx are the CUDA library's, 0x2xxx the
// program's, 0x3xxx torch's, 0x4xxx cuBLAS's.
void *pc(uintptr_t V) { return reinterpret_cast<void *>(V); }

RawFrameInfo frameOf(void *P) {
  const uintptr_t V = reinterpret_cast<uintptr_t>(P);
  RawFrameInfo F;
  switch (V >> 12) {
  case 1:
    F.library = "/usr/lib/x86_64-linux-gnu/libcuda.so.1";
    break;
  case 2:
    F.library = "/src/prog";
    F.frame.filename = "/src/leak.cu";
    F.frame.line = static_cast<int64_t>(V & 0xfff);
    F.frame.name = V == 0x2000 + 30 ? "render_frame" : "main";
    break;
  case 3:
    F.library = "/opt/torch/lib/libc10_cuda.so";
    F.symbol = "_ZN3c104cuda20CUDACachingAllocator6Native13mallocEv";
    break;
  case 4:
    F.library = "/usr/local/cuda/lib64/libcublas.so.13";
    F.symbol = "cublasCreate_v2";
    break;
  }
  return F;
}

std::vector<RawFrameInfo> fakeSymbolize(const std::vector<void *> &Pcs) {
  std::vector<RawFrameInfo> Out;
  for (void *P : Pcs)
    Out.push_back(frameOf(P));
  return Out;
}

int Symbolized = 0;
std::vector<RawFrameInfo> countingSymbolize(const std::vector<void *> &Pcs) {
  Symbolized += static_cast<int>(Pcs.size());
  return fakeSymbolize(Pcs);
}

const RawSite *findSite(const RawCudaSection &S, const std::string &Kind, int64_t Line) {
  for (const RawSite &R : S.sites)
    if (R.kind == Kind && !R.chain.empty() && R.chain.front().line == Line)
      return &R;
  return nullptr;
}

void testKinds() {
  EXPECT(std::string(rawKindName(RawKind::DeviceMemory)) == "DeviceMemory");
  EXPECT(std::string(rawKindDescription(RawKind::Stream)) == "CUDA stream");
  EXPECT(rawKindOfCreator("cudaMalloc") == RawKind::DeviceMemory);
  EXPECT(rawKindOfCreator("cuMemAlloc_v2") == RawKind::DeviceMemory);
  EXPECT(rawKindOfCreator("cublasCreate_v2") == RawKind::Cublas);
  EXPECT(rawKindOfCreator("cudnnCreate") == RawKind::Cudnn);
  EXPECT(rawKindOfCreator("cudnnCreateTensorDescriptor") != RawKind::Cudnn);
  EXPECT(rawKindOfCreator("cudaMallocX") == RawKind::NumKinds);
  EXPECT(rawKindOfCreator("cudaMalloc_vx") == RawKind::NumKinds);
  EXPECT(rawKindOfCreator("cudaFree") == RawKind::NumKinds);
}

/// cudaMalloc in a loop at :30 (leaks, 2 per step), a fixed twin at :40
/// (freed in the same step), a stream created once at :50 (live, flat).
void testLeakAndTwin() {
  RawTracker T;
  void *Leak[] = {pc(0x1001), pc(0x2000 + 30), pc(0x2000 + 60)};
  void *Twin[] = {pc(0x1001), pc(0x2000 + 40), pc(0x2000 + 61)};
  void *Stream[] = {pc(0x1002), pc(0x2000 + 50)};
  T.create(RawKind::Stream, "cudaStreamCreate", 0xabc, 0, Stream, 2);
  uint64_t H = 0x7f0000000000;
  for (int Step = 0; Step < 10; ++Step) {
    for (int K = 0; K < 2; ++K)
      T.create(RawKind::DeviceMemory, "cudaMalloc", H++, 12, Leak, 3);
    T.create(RawKind::DeviceMemory, "cudaMalloc", 0x1000, 4096, Twin, 3);
    T.release(RawKind::DeviceMemory, 0x1000);
    T.boundary();
  }
  const RawCudaSection S = T.section(fakeSymbolize);
  EXPECT(S.status == "ok");
  EXPECT(S.creates == 31);
  EXPECT(S.releases == 10);
  EXPECT(S.unmatched_releases == 0);
  EXPECT(S.boundaries == 10);
  EXPECT(S.sites.size() == 2); // the twin has nothing live and does not grow
  const RawSite *L = findSite(S, "DeviceMemory", 30);
  EXPECT(L != nullptr);
  if (L) {
    EXPECT(L->api == "cudaMalloc");
    EXPECT(L->live == 20);
    EXPECT(L->live_bytes == 240);
    EXPECT(L->created == 20);
    EXPECT(L->released == 0);
    EXPECT(L->grows);
    EXPECT(L->live_per_step == 2.0);
    EXPECT(L->bytes_per_step == 24.0);
    EXPECT(L->steps == 10);
    EXPECT(L->chain.size() == 2);
    EXPECT(L->chain.size() == 2 && L->chain[0].name == "render_frame" && L->chain[1].line == 60);
    EXPECT(L->owner.empty());
  }
  const RawSite *St = findSite(S, "Stream", 50);
  EXPECT(St != nullptr);
  if (St) {
    EXPECT(St->live == 1);
    EXPECT(!St->grows);
    EXPECT(St->live_per_step == 0.0);
  }
  EXPECT(findSite(S, "DeviceMemory", 40) == nullptr);
  EXPECT(S.sites.size() == 2 && S.sites[0].live == 20); // most live first
}

/// Torch's own resources (the caching allocator's segment), a cuBLAS
/// handle's memory (owner cublasCreate_v2, attributed to the program's
/// line), memory with no user frame, and a release of a handle never seen.
void testOwnersAndLibraries() {
  RawTracker T;
  void *Torch[] = {pc(0x1001), pc(0x3001), pc(0x2000 + 12)};
  void *Cublas[] = {pc(0x1001), pc(0x4001), pc(0x2000 + 70)};
  void *NoUser[] = {pc(0x1001), pc(0x1003)};
  T.create(RawKind::DeviceMemory, "cudaMalloc", 1, 2 << 20, Torch, 3);
  T.create(RawKind::DeviceMemory, "cudaMalloc", 2, 4096, Cublas, 3);
  T.create(RawKind::Event, "cudaEventCreate", 3, 0, Cublas, 3);
  T.create(RawKind::DeviceMemory, "cuMemAlloc_v2", 4, 64, NoUser, 2);
  T.release(RawKind::DeviceMemory, 99);
  T.release(RawKind::Stream, 2); // another kind with the same handle
  const RawCudaSection S = T.section(fakeSymbolize);
  EXPECT(S.library_live == 1);
  EXPECT(S.library_bytes == (2u << 20));
  EXPECT(S.unattributed_live == 1);
  EXPECT(S.unattributed_bytes == 64);
  EXPECT(S.unmatched_releases == 2);
  EXPECT(S.sites.size() == 2);
  const RawSite *M = findSite(S, "DeviceMemory", 70);
  EXPECT(M && M->owner == "cublasCreate_v2" && M->owner_kind == "Cublas" && M->live == 1);
  const RawSite *E = findSite(S, "Event", 70);
  EXPECT(E && E->owner_kind == "Cublas");
}

/// Bounds: the live table, the stack table, a handle created twice.
void testBounds() {
  RawTracker::Options O;
  O.max_live = 3;
  O.max_sites = 2;
  RawTracker T(O);
  void *A[] = {pc(0x2000 + 1)}, *B[] = {pc(0x2000 + 2)}, *C[] = {pc(0x2000 + 3)};
  T.create(RawKind::DeviceMemory, "cudaMalloc", 1, 8, A, 1);
  T.create(RawKind::DeviceMemory, "cudaMalloc", 2, 8, B, 1);
  T.create(RawKind::DeviceMemory, "cudaMalloc", 3, 8, C, 1); // third stack: overflow site
  T.create(RawKind::DeviceMemory, "cudaMalloc", 4, 8, A, 1); // table full: dropped
  T.create(RawKind::DeviceMemory, "cudaMalloc", 1, 16, B, 1); // handle 1 again (moved to B)
  const RawCudaSection S = T.section(fakeSymbolize);
  EXPECT(S.dropped == 1);
  EXPECT(S.creates == 4);
  EXPECT(S.unattributed_live == 1); // the overflow site has no frames
  const RawSite *SA = findSite(S, "DeviceMemory", 1);
  EXPECT(SA == nullptr); // its one resource was created again at B
  const RawSite *SB = findSite(S, "DeviceMemory", 2);
  EXPECT(SB && SB->live == 2 && SB->live_bytes == 24);
  // The series is bounded: 1000 boundaries keep series_len samples.
  RawTracker::Options O2;
  O2.series_len = 8;
  RawTracker T2(O2);
  for (int I = 0; I < 1000; ++I) {
    T2.create(RawKind::Event, "cudaEventCreate", 1000 + I, 0, A, 1);
    T2.boundary();
  }
  const RawCudaSection S2 = T2.section(fakeSymbolize);
  const RawSite *E = findSite(S2, "Event", 1);
  EXPECT(E && E->grows && E->live_per_step == 1.0 && E->live == 1000 && E->steps == 1000);
}

/// Growth needs rising counts: a sawtooth (create 5, free 5) and a flat
/// count do not grow; only the stacks with something live or growing are
/// symbolized; without sites nothing is symbolized.
void testGrowthRuleAndSymbolizing() {
  RawTracker T;
  void *A[] = {pc(0x2000 + 5)}, *B[] = {pc(0x2000 + 6)};
  for (int Step = 0; Step < 12; ++Step) {
    for (int K = 0; K < 5; ++K)
      T.create(RawKind::DeviceMemory, "cudaMalloc", 100 + K, 1, A, 1);
    if (Step % 2)
      for (int K = 0; K < 5; ++K)
        T.release(RawKind::DeviceMemory, 100 + K);
    T.create(RawKind::Event, "cudaEventCreate", 500, 0, B, 1);
    T.release(RawKind::Event, 500);
    T.boundary();
  }
  Symbolized = 0;
  const RawCudaSection Counters = T.section(countingSymbolize, /*WithSites=*/false);
  EXPECT(Symbolized == 0 && Counters.sites.empty() && Counters.creates == 72);
  const RawCudaSection S = T.section(countingSymbolize);
  EXPECT(Symbolized == 0); // nothing live at the end, nothing grows
  EXPECT(S.sites.empty());
  T.create(RawKind::DeviceMemory, "cudaMalloc", 7, 1, A, 1);
  const RawCudaSection S2 = T.section(countingSymbolize);
  EXPECT(Symbolized == 1);
  EXPECT(S2.sites.size() == 1 && !S2.sites[0].grows && S2.sites[0].live == 1);
}

void testReportJson() {
  Report R;
  R.torch_version = "2.11";
  R.raw_cuda.status = "ok";
  R.raw_cuda.creates = 3;
  R.raw_cuda.boundaries = 4;
  RawSite S;
  S.kind = "Stream";
  S.api = "cudaStreamCreate";
  S.chain = {Frame{"segmented_sort(float*, int const*, int)", "/src/021.cu", 26}};
  S.created = 3;
  S.live = 3;
  S.steps = 4;
  S.grows = true;
  S.live_per_step = 1;
  R.raw_cuda.sites.push_back(S);
  const std::string J = reportToJson(R);
  EXPECT(J.find("\"version\": 2,") != std::string::npos);
  const char *Want =
      "  \"raw_cuda\": {\"status\": \"ok\", \"message\": \"\", \"creates\": 3, \"releases\": 0, "
      "\"unmatched_releases\": 0, \"dropped\": 0, \"boundaries\": 4,\n"
      "    \"unattributed\": {\"live\": 0, \"bytes\": 0}, \"library\": {\"live\": 0, \"bytes\": 0},\n"
      "    \"sites\": [\n"
      "      {\"kind\": \"Stream\", \"api\": \"cudaStreamCreate\", \"owner\": \"\", \"owner_kind\": \"\", "
      "\"file\": \"/src/021.cu\", \"line\": 26, \"function\": \"segmented_sort(float*, int const*, int)\",\n"
      "       \"created\": 3, \"released\": 0, \"live\": 3, \"live_bytes\": 0, \"steps\": 4, "
      "\"grows\": true, \"live_per_step\": 1.0, \"bytes_per_step\": 0.0,\n"
      "       \"frames\": [{\"file\": \"/src/021.cu\", \"line\": 26, \"function\": "
      "\"segmented_sort(float*, int const*, int)\"}]}\n"
      "    ]},\n";
  EXPECT(J.find(Want) != std::string::npos);
  if (J.find(Want) == std::string::npos)
    std::fprintf(stderr, "%s\n", J.c_str());
  const std::string Sum = reportSummary(R);
  EXPECT(Sum.find("  raw CUDA (CUPTI): 3 created, 0 released, 1 sites live or growing\n"
                  "  raw Stream: 021.cu:26 (segmented_sort(float*, int const*, int)) 3 live; "
                  "GROWTH 1.0/step\n") != std::string::npos);
  Report Off;
  Off.torch_version = "2.11";
  EXPECT(reportToJson(Off).find("  \"raw_cuda\": {\"status\": \"off\", \"message\": \"\", "
                                "\"creates\": 0") != std::string::npos);
  EXPECT(reportToJson(Off).find("\"sites\": []},\n") != std::string::npos);
}

/// The watch in this process: prints "status|message" for the caller
/// (the ctest entries set the environment and check the line).
int watchMode() {
  EXPECT(!rawCudaWatchStarted());
  EXPECT(rawCudaSection().status == "off");
  startRawCudaWatch();
  startRawCudaWatch(); // once per process
  EXPECT(rawCudaWatchStarted());
  rawCudaBoundary();
  const RawCudaSection S = rawCudaSection();
  std::printf("%s|%s\n", S.status.c_str(), S.message.c_str());
  stopRawCudaWatch();
  const char *Want = std::getenv("EXPECT_STATUS");
  EXPECT(!Want || S.status == Want);
  EXPECT(S.sites.empty());
  return gpuleak_test::Failures ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && std::strcmp(argv[1], "watch") == 0)
    return watchMode();
  testKinds();
  testLeakAndTwin();
  testOwnersAndLibraries();
  testBounds();
  testGrowthRuleAndSymbolizing();
  testReportJson();
  std::printf("raw cuda tests: %d checks, %d failures\n", gpuleak_test::Checks,
              gpuleak_test::Failures);
  return gpuleak_test::Failures ? 1 : 0;
}
