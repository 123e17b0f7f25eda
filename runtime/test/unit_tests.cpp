//===- unit_tests.cpp - CPU-only tests of the runtime verifier's core -----===//
//
//   gpuleak_runtime_tests FIXTURE_DIR
//
// Runs without a GPU (CI): reads the snapshots recorded on the GPU machine
// (fixtures/README.md says how), checks growth detection, attribution, graph
// retention, the report writer, and that corrupt input is refused cleanly.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Analysis.h"
#include "gpuleak/Report.h"
#include "gpuleak/Snapshot.h"
#include "Expect.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace {
using gpuleak_test::Checks;
using gpuleak_test::Failures;

std::string Dir;
const char *const SourceFile = "record_fixtures.cpp";

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::ostringstream S;
  S << In.rdbuf();
  return S.str();
}

/// The line of record_fixtures.cpp that carries Marker.
int64_t markerLine(const char *Marker) {
  std::ifstream In(Dir + "/../" + SourceFile);
  std::string Line;
  for (int64_t N = 1; std::getline(In, Line); ++N)
    if (Line.find(Marker) != std::string::npos)
      return N;
  return -1;
}

bool chainHas(const gpuleak::Evidence &E, const std::string &FileSuffix, int64_t Line) {
  for (const gpuleak::Frame &F : E.chain)
    if (F.line == Line && F.filename.size() >= FileSuffix.size() &&
        F.filename.compare(F.filename.size() - FileSuffix.size(), FileSuffix.size(),
                           FileSuffix) == 0)
      return true;
  return false;
}

gpuleak::Snapshot load(const std::string &Name) {
  gpuleak::Snapshot S;
  std::string Error;
  bool Ok = gpuleak::readSnapshotFile(Dir + "/" + Name, S, Error);
  if (!Ok)
    std::fprintf(stderr, "%s: %s\n", Name.c_str(), Error.c_str());
  EXPECT(Ok);
  return S;
}

void testGrowthDetector() {
  gpuleak::GrowthOptions O; // warm-up 5, window 8, 512 B/step
  std::vector<uint64_t> Flat(40, 40899072);
  EXPECT(!gpuleak::detectGrowth(Flat, O).growing);
  std::vector<uint64_t> Leak;
  for (int I = 0; I < 40; ++I)
    Leak.push_back(40899072 + 2097664ull * I);
  gpuleak::GrowthVerdict V = gpuleak::detectGrowth(Leak, O);
  EXPECT(V.growing);
  EXPECT(V.bytes_per_step > 2097000 && V.bytes_per_step < 2098000);
  // One scalar (512 B, the allocator's rounding) per step is a leak too.
  std::vector<uint64_t> Small;
  for (int I = 0; I < 40; ++I)
    Small.push_back(1000000 + 512ull * I);
  EXPECT(gpuleak::detectGrowth(Small, O).growing);
  // Below the threshold: not reported.
  O.threshold_bytes_per_step = 4096;
  EXPECT(!gpuleak::detectGrowth(Small, O).growing);
  O = gpuleak::GrowthOptions();
  // Transient noise around a flat level (caching, a step's temporaries).
  std::vector<uint64_t> Noisy;
  for (int I = 0; I < 40; ++I)
    Noisy.push_back(50000000 + (I % 3 == 0 ? 1 << 20 : 0) + (I % 2) * 512);
  EXPECT(!gpuleak::detectGrowth(Noisy, O).growing);
  // A warm-up ramp (optimizer state, workspaces) then flat.
  std::vector<uint64_t> Ramp = {0, 1 << 20, 2 << 20, 3 << 20, 4 << 20};
  for (int I = 0; I < 30; ++I)
    Ramp.push_back(5 << 20);
  EXPECT(!gpuleak::detectGrowth(Ramp, O).growing);
  // The streaming detector agrees and keeps only its window.
  gpuleak::GrowthDetector D(O);
  bool Seen = false;
  for (uint64_t X : Leak)
    Seen |= D.feed(X).growing;
  EXPECT(Seen);
  gpuleak::GrowthDetector D2(O);
  Seen = false;
  for (uint64_t X : Noisy)
    Seen |= D2.feed(X).growing;
  EXPECT(!Seen);
}

/// Interval minima recorded by `gpuleak run` on the GPU machine (handed cases,
/// H200), from the first interval with an allocation on: the sampling-mode
/// detector (warm-up 10) must call 017 and 010 growing and 109 and 101 flat.
void testRecordedSeries() {
  gpuleak::GrowthOptions O;
  O.warmup_steps = 10;
  const std::vector<uint64_t> Neg109 = {
      16547840,  25198592,  123112960, 155330048, 116296704, 144084480,
      190221824, 116296704, 190221824, 190221824, 118852608, 190221824,
      190221824, 190221824, 190221824, 190221824, 190221824, 190221824,
      190221824, 190221824, 160197120, 190221824, 190221824};
  EXPECT(!gpuleak::detectGrowth(Neg109, O).growing);
  const std::vector<uint64_t> Neg101 = {
      34845184, 34851840, 68476928, 68423168, 68500992, 68500992, 68500992, 68500992,
      68500992, 68500992, 68500992, 68500992, 68500480, 68500992, 68500992, 68500992,
      68500992, 68500992, 68500992, 68500992, 68500992, 68500992};
  EXPECT(!gpuleak::detectGrowth(Neg101, O).growing);
  const std::vector<uint64_t> Pos017 = {
      33792,    2982400,  8110592,  11847168, 12568064, 13059584, 13354496, 13616640,
      13846016, 14108160, 14337536, 14566912, 14829056, 15058432, 15255040, 23119360,
      23152128, 23381504, 23626752, 23873024, 24102400, 24364544, 24593920, 24856064};
  EXPECT(gpuleak::detectGrowth(Pos017, O).growing);
  const std::vector<uint64_t> Pos010 = {
      25728000,  25728000,  25728000,  80536576,  81856512,  104624640, 114419200,
      122254848, 128131584, 135967232, 134619136, 151748096, 157624832, 165460480,
      168158208, 367666688, 367666688, 375721472, 383557120, 391392768, 399228416,
      397880320, 412940800, 420776448, 428612096, 436447744, 442324480, 450379264,
      458208256, 458825728, 471927296, 479762944, 487598592};
  EXPECT(gpuleak::detectGrowth(Pos010, O).growing);
}

void testUserFrames() {
  using gpuleak::Frame;
  EXPECT(gpuleak::isUserFrame(Frame{"main", "/home/u/train.cpp", 68}));
  EXPECT(!gpuleak::isUserFrame(Frame{"main", "train.cpp", 68}));
  EXPECT(!gpuleak::isUserFrame(Frame{"main", "/home/u/train.cpp", 0}));
  EXPECT(!gpuleak::isUserFrame(Frame{"at::full", "/torch/include/ATen/ops/full.h", 38}));
  EXPECT(!gpuleak::isUserFrame(Frame{"f", "/usr/include/c++/12/bits/stl_vector.h", 10}));
  EXPECT(!gpuleak::isUserFrame(Frame{"torch::unwind::unwind()", "/src/x.cpp", 3}));
  EXPECT(!gpuleak::isUserFrame(Frame{"??", "??", 0}));
}

void testLeakFixture() {
  gpuleak::Snapshot S = load("leak.1.pickle");
  EXPECT(!S.segments.empty());
  EXPECT(!S.device_traces.empty() && !S.device_traces[0].empty());
  std::vector<int64_t> B = gpuleak::annotatedBoundaries(S, "");
  EXPECT(B.size() >= 3);
  uint64_t Unattributed = 0;
  auto Ev = gpuleak::attributeGrowth(S, B, gpuleak::AttributionOptions(), &Unattributed);
  const int64_t Forward = markerLine("FIXTURE-LEAK-FORWARD");
  EXPECT(Forward > 0);
  bool Found = false;
  for (const auto &E : Ev)
    Found |= E.kind == "growth" && chainHas(E, SourceFile, Forward) && E.steps >= 2;
  EXPECT(Found);
  // Coverage names the loop's lines.
  bool Covered = false;
  for (const auto &C : gpuleak::coverage(S))
    for (int64_t L : C.lines)
      Covered |= L == Forward;
  EXPECT(Covered);
}

/// A history ring that wrapped (case 017 on the GPU: 60,000 entries over 30
/// intervals): one leaked 16 KiB block per step for 20 steps, but the trace
/// holds only the entries since step 16. Without trimming the boundaries to
/// what the trace covers, the site needs blocks from ceil(0.25 * 19) = 5
/// steps and finds 3 (16, 17 and 18; step 19 is after the cutoff). Trimmed,
/// the window is steps 17-19 and the site needs 2 (17 and 18).
void testWrappedHistory() {
  using namespace gpuleak;
  Snapshot S;
  S.frames.push_back(Frame{"main", "/src/leak.cpp", 12});
  Segment Seg;
  Seg.total_size = 2 << 20;
  std::vector<int64_t> B;
  for (int64_t I = 0; I <= 20; ++I)
    B.push_back(1000000 + I * 1000);
  S.device_traces.resize(1);
  for (int64_t I = 0; I < 20; ++I) {
    Block Bl;
    Bl.address = 0x1000 + static_cast<uint64_t>(I) * 0x4000;
    Bl.size = 16384;
    Bl.state = "active_allocated";
    Bl.frames = {0};
    Seg.blocks.push_back(Bl);
    if (I < 16)
      continue; // its alloc entry was overwritten
    TraceEntry T;
    T.action = "alloc";
    T.addr = Bl.address;
    T.size = Bl.size;
    T.time_us = B[I] + 500;
    T.frames = {0};
    S.device_traces[0].push_back(T);
    // A temporary: allocated and freed in the same step.
    T.addr = 0x900000;
    T.time_us = B[I] + 600;
    S.device_traces[0].push_back(T);
    T.action = "free_requested";
    T.time_us = B[I] + 700;
    S.device_traces[0].push_back(T);
  }
  S.segments.push_back(Seg);
  const size_t Capacity = S.device_traces[0].size(); // 12 entries: the ring is full
  EXPECT(Capacity == 12);
  EXPECT(attributeGrowth(S, B, AttributionOptions()).empty());
  const std::vector<int64_t> Covered = coveredBoundaries(S, B, Capacity);
  EXPECT(Covered == std::vector<int64_t>(B.begin() + 17, B.end()));
  auto Ev = attributeGrowth(S, Covered, AttributionOptions());
  EXPECT(Ev.size() == 1);
  if (Ev.size() == 1) {
    EXPECT(Ev[0].blocks == 2); // steps 17 and 18
    EXPECT(Ev[0].bytes == 32768);
    EXPECT(Ev[0].steps == 2);
    EXPECT(Ev[0].chain.size() == 1 && Ev[0].chain[0].line == 12);
  }
  // A ring that did not fill, or an unknown capacity, keeps every boundary.
  EXPECT(coveredBoundaries(S, B, Capacity + 1) == B);
  EXPECT(coveredBoundaries(S, B, 0) == B);
}

/// An op's workspaces are not a retained graph (case 014 on the GPU:
/// `torch::masked_select` under NoGradGuard allocated 6 blocks per call and
/// freed its 102,400-byte and 4-byte workspaces after 3 and 4 later
/// allocations of the same line, inside the op; the old rule reported 360
/// blocks, 17.6 MiB "kept past the call"). Blocks a graph keeps are freed by
/// the graph's teardown (recorded frees of noguard.1.pickle and case 004 pass
/// through ReluBackward0::release_variables and ~AutogradMeta).
void testWorkspaceIsNotRetention() {
  using namespace gpuleak;
  Snapshot S;
  S.frames.push_back(Frame{"main", "/src/detect.cpp", 19}); // image = rand(...)
  S.frames.push_back(Frame{"main", "/src/detect.cpp", 27}); // masked_select
  S.frames.push_back(Frame{"main", "/src/detect.cpp", 21}); // forward, grad on
  S.frames.push_back(Frame{"torch::autograd::generated::ReluBackward0::release_variables()", "", 0});
  S.frames.push_back(Frame{"torch::autograd::VariableType::(anonymous namespace)::masked_select("
                           "c10::DispatchKeySet, at::Tensor const&, at::Tensor const&)",
                           "VariableType_2.cpp", 0});
  S.device_traces.resize(1);
  auto &T = S.device_traces[0];
  uint64_t Addr = 0x10000;
  auto Alloc = [&](uint32_t Frame) {
    TraceEntry E;
    E.action = "alloc";
    E.addr = Addr += 0x1000;
    E.size = 4096;
    E.frames = {Frame};
    T.push_back(E);
    return E.addr;
  };
  auto Free = [&](uint64_t A, std::vector<uint32_t> Frames) {
    TraceEntry E;
    E.action = "free_requested";
    E.addr = A;
    E.size = 4096;
    E.frames = std::move(Frames);
    T.push_back(E);
  };
  std::vector<uint64_t> Activations;
  for (int I = 0; I < 10; ++I) {
    const uint64_t Image = Alloc(0);
    for (uint64_t A : Activations)
      Free(A, {3, 2}); // last iteration's graph dies when `out` is reassigned
    Activations.clear();
    for (int L = 0; L < 4; ++L)
      Activations.push_back(Alloc(2));
    const uint64_t W1 = Alloc(1), W2 = Alloc(1), Out = Alloc(1);
    const uint64_t W3 = Alloc(1);
    Free(W3, {4, 1});
    const uint64_t W4 = Alloc(1);
    Free(W4, {4, 1});
    Free(W2, {4, 1}); // after 3 later allocations of line 27, inside the op
    Free(W1, {4, 1}); // after 4
    Free(Out, {1});
    Free(Image, {0});
  }
  const auto Ev = findGraphRetention(S, AttributionOptions());
  EXPECT(Ev.size() == 1);
  if (Ev.size() == 1) {
    // Three activations of each forward outlive a later one: 30 of 40.
    EXPECT(Ev[0].chain.size() == 1 && Ev[0].chain[0].line == 21);
    EXPECT(Ev[0].blocks == 30);
    EXPECT(Ev[0].bytes == 30 * 4096);
  }
}

/// A synthetic trace for the graph-retention mechanism facts (issue 13): the
/// same forward, at line 30, run three ways for 6 steps of 4 activations
/// each, with step boundaries between the steps.
struct RetentionTrace {
  gpuleak::Snapshot S;
  std::vector<int64_t> Boundaries;
  uint64_t Addr = 0x10000;
  int64_t Now = 0;
  RetentionTrace() {
    S.frames.push_back(gpuleak::Frame{"main", "/src/loop.cpp", 30});
    S.frames.push_back(gpuleak::Frame{"torch::autograd::deleteNode(torch::autograd::Node*)", "", 0});
    S.frames.push_back(gpuleak::Frame{"c10::TensorImpl::~TensorImpl()", "", 0});
    S.device_traces.resize(1);
  }
  uint64_t alloc() {
    gpuleak::TraceEntry E;
    E.action = "alloc";
    E.addr = Addr += 0x1000;
    E.size = 4096;
    E.time_us = ++Now;
    E.frames = {0};
    S.device_traces[0].push_back(E);
    return E.addr;
  }
  void free(uint64_t A, uint32_t Frame) {
    gpuleak::TraceEntry E;
    E.action = "free_requested";
    E.addr = A;
    E.size = 4096;
    E.time_us = ++Now;
    E.frames = {Frame, 0};
    S.device_traces[0].push_back(E);
  }
  void boundary() { Boundaries.push_back(++Now); }
};

/// Under InferenceMode (or NoGradGuard) no graph exists: outputs kept in a
/// vector stay allocated, and nothing is freed by a graph's teardown. The
/// blocks still count as kept past their call (graph-retention, as on the
/// GPU), but the evidence says that no graph freed any of them, so `gpuleak
/// verify` does not take it for a forward with grad mode on.
void testRetentionWithoutGraph() {
  RetentionTrace T;
  T.boundary();
  for (int Step = 0; Step < 6; ++Step) {
    for (int L = 0; L < 4; ++L)
      T.alloc(); // kept in a vector, never freed
    T.boundary();
  }
  const auto Ev = gpuleak::findGraphRetention(T.S, gpuleak::AttributionOptions(), T.Boundaries);
  EXPECT(Ev.size() == 1);
  if (Ev.size() == 1) {
    EXPECT(Ev[0].blocks == 23); // the very last outlives no later allocation
    EXPECT(Ev[0].freed_by_graph == 0);
    EXPECT(Ev[0].freed_by_later_graph == 0);
    EXPECT(Ev[0].alive_at_snapshot == 23);
  }
}

/// A forward with grad mode on whose graph dies at the end of its own step
/// (missing-no-grad): every activation is freed by the graph's teardown
/// within one boundary of its allocation.
void testRetentionFreedByOwnGraph() {
  RetentionTrace T;
  T.boundary();
  for (int Step = 0; Step < 6; ++Step) {
    std::vector<uint64_t> Acts;
    for (int L = 0; L < 4; ++L)
      Acts.push_back(T.alloc());
    for (uint64_t A : Acts)
      T.free(A, 1); // deleteNode: the output died
    T.boundary();
  }
  const auto Ev = gpuleak::findGraphRetention(T.S, gpuleak::AttributionOptions(), T.Boundaries);
  EXPECT(Ev.size() == 1);
  if (Ev.size() == 1) {
    EXPECT(Ev[0].blocks == 18); // the last of each forward outlives no later one
    EXPECT(Ev[0].freed_by_graph == 18);
    EXPECT(Ev[0].freed_by_later_graph == 0);
    EXPECT(Ev[0].alive_at_snapshot == 0);
  }
}

/// A graph that chains across steps (missing-detach): each step's forward
/// saves the previous step's state, and the chain is cut every third step,
/// when its teardown frees the blocks of the two or three steps before.
/// A plain free (a temporary's destructor) is never a teardown.
void testRetentionChainedAcrossSteps() {
  RetentionTrace T;
  T.boundary();
  std::vector<uint64_t> Chain;
  for (int Step = 0; Step < 6; ++Step) {
    for (int L = 0; L < 4; ++L)
      Chain.push_back(T.alloc());
    T.free(T.alloc(), 2); // a temporary of the step
    if (Step % 3 == 2) {
      for (uint64_t A : Chain)
        T.free(A, 1); // the state was reset: the chain's graph dies
      Chain.clear();
    }
    T.boundary();
  }
  const auto Ev = gpuleak::findGraphRetention(T.S, gpuleak::AttributionOptions(), T.Boundaries);
  EXPECT(Ev.size() == 1);
  if (Ev.size() == 1) {
    EXPECT(Ev[0].blocks == 24);
    EXPECT(Ev[0].freed_by_graph == 24);
    // Steps 0 and 3 are freed two boundaries later; 1 and 4 one; 2 and 5 none.
    EXPECT(Ev[0].freed_by_later_graph == 8);
    EXPECT(Ev[0].alive_at_snapshot == 0);
  }
  // Without boundaries nothing can be placed in a step.
  const auto NoSteps = gpuleak::findGraphRetention(T.S, gpuleak::AttributionOptions());
  EXPECT(NoSteps.size() == 1 && NoSteps[0].freed_by_later_graph == 0);
}

/// emptyCache() in a loop (empty-cache-in-loop): each flush returns a
/// segment and the next step's allocation reserves one again (churn). The
/// last flush is followed by no segment_alloc.
void testCacheFlushReallocation() {
  using namespace gpuleak;
  Snapshot S;
  S.frames.push_back(Frame{"main", "/src/detect.cpp", 22});
  S.frames.push_back(Frame{"c10::cuda::CUDACachingAllocator::emptyCache()", "", 0});
  S.frames.push_back(Frame{"main", "/src/detect.cpp", 19});
  S.device_traces.resize(1);
  std::vector<int64_t> B;
  int64_t Now = 0;
  auto Entry = [&](const char *Action, std::vector<uint32_t> Frames) {
    TraceEntry E;
    E.action = Action;
    E.addr = 0x200000;
    E.size = 2 << 20;
    E.time_us = ++Now;
    E.frames = std::move(Frames);
    S.device_traces[0].push_back(E);
  };
  B.push_back(++Now);
  for (int Step = 0; Step < 4; ++Step) {
    if (Step > 0)
      Entry("segment_alloc", {2});
    Entry("segment_free", {1, 0});
    B.push_back(++Now);
  }
  const auto Ev = findCacheFlushes(S, B, AttributionOptions());
  EXPECT(Ev.size() == 1);
  if (Ev.size() == 1) {
    EXPECT(Ev[0].blocks == 4);
    EXPECT(Ev[0].steps == 4);
    EXPECT(Ev[0].reallocated_steps == 3);
  }
}

void testFlatFixture() {
  gpuleak::Snapshot S = load("flat.1.pickle");
  auto Ev = gpuleak::attributeGrowth(S, gpuleak::annotatedBoundaries(S, ""),
                                     gpuleak::AttributionOptions());
  EXPECT(Ev.empty());
}

void testRetentionFixtures() {
  gpuleak::Snapshot NoGuard = load("noguard.1.pickle");
  const int64_t NoGuardLine = markerLine("FIXTURE-NOGUARD-FORWARD");
  bool Found = false;
  for (const auto &E : gpuleak::findGraphRetention(NoGuard, gpuleak::AttributionOptions()))
    if (chainHas(E, SourceFile, NoGuardLine) && E.blocks >= 3) {
      Found = true;
      // The graph's teardown freed 8 of the 12 blocks (ReluBackward0's
      // release_variables, ~AutogradMeta); the last forward's 4 were alive.
      EXPECT(E.blocks == 12);
      EXPECT(E.freed_by_graph == 8);
      EXPECT(E.alive_at_snapshot == 4);
    }
  EXPECT(Found);
  gpuleak::Snapshot Guard = load("guard.1.pickle");
  const int64_t GuardLine = markerLine("FIXTURE-GUARD-FORWARD");
  for (const auto &E : gpuleak::findGraphRetention(Guard, gpuleak::AttributionOptions()))
    EXPECT(!chainHas(E, SourceFile, GuardLine));
  // Handed case 004 (zero-code mode): a TorchScript forward with grad on.
  gpuleak::Snapshot Case = load("case-004.1.pickle");
  Found = false;
  for (const auto &E : gpuleak::findGraphRetention(Case, gpuleak::AttributionOptions()))
    if (chainHas(E, "004-jit-forward-no-guard-oom.cpp", 22)) {
      Found = true;
      // All 7 were freed by the graph's teardown when `image` died.
      EXPECT(E.blocks == 7);
      EXPECT(E.freed_by_graph == 7);
      EXPECT(E.alive_at_snapshot == 0);
    }
  EXPECT(Found);
}

void testCorruptInput() {
  const std::string Good = readFile(Dir + "/leak.1.pickle");
  EXPECT(Good.size() > 1000);
  gpuleak::Snapshot S;
  std::string Error;
  EXPECT(!gpuleak::readSnapshot("", 0, S, Error));
  EXPECT(!Error.empty());
  EXPECT(!gpuleak::readSnapshot("not a pickle", 12, S, Error));
  // Truncated at many points: refused with one line, never a crash.
  for (size_t N = 1; N < Good.size(); N += 1 + Good.size() / 97) {
    Error.clear();
    bool Ok = gpuleak::readSnapshot(Good.data(), N, S, Error);
    EXPECT(!Ok);
    EXPECT(Error.find('\n') == std::string::npos);
  }
  // Flipped bytes: either read or refused, never a crash or a throw.
  uint64_t Seed = 12345;
  for (int I = 0; I < 200; ++I) {
    std::string Bad = Good;
    for (int K = 0; K < 4; ++K) {
      Seed = Seed * 6364136223846793005ull + 1442695040888963407ull;
      Bad[(Seed >> 33) % Bad.size()] = static_cast<char>(Seed >> 24);
    }
    gpuleak::readSnapshot(Bad.data(), Bad.size(), S, Error);
  }
  // A pickle of something else: refused.
  const char ListPickle[] = "\x80\x02]q\x00.";
  EXPECT(!gpuleak::readSnapshot(ListPickle, sizeof(ListPickle) - 1, S, Error));
  EXPECT(Error.find("not a dict") != std::string::npos);
  // A memo id of 2^31 made torch's unpickler resize its memo table to 30 GB
  // (found by the snapshot fuzzer); the opcode scan refuses it first.
  const char HugeMemo[] = "\x80\x02}r\xff\xff\xff\x7f.";
  EXPECT(!gpuleak::readSnapshot(HugeMemo, sizeof(HugeMemo) - 1, S, Error));
  EXPECT(Error.find("memo id") != std::string::npos);
  const std::string Crash = readFile(Dir + "/fuzz-memo-id.pickle");
  EXPECT(!Crash.empty());
  EXPECT(!gpuleak::readSnapshot(Crash.data(), Crash.size(), S, Error));
  // A string longer than the file.
  const char LongString[] = "\x80\x02X\xff\xff\xff\x00" "abc.";
  EXPECT(!gpuleak::readSnapshot(LongString, sizeof(LongString) - 1, S, Error));
  EXPECT(Error.find("truncated") != std::string::npos);
  // Limits.
  gpuleak::ReadLimits Tiny;
  Tiny.max_entries = 10;
  EXPECT(!gpuleak::readSnapshot(Good.data(), Good.size(), S, Error, Tiny));
}

void testReport() {
  gpuleak::Report R;
  R.torch_version = "2.11";
  R.program = "quote\" backslash\\ newline\n tab\t ctrl\x01 bad\xff utf8 \xc3\xa9";
  gpuleak::LoopReport L;
  L.name = "train";
  L.steps_total = 2;
  L.steps.push_back({0, 1, 100, 200, 100, 1, 0});
  L.steps.push_back({1, 2, 612, 2097152, 612, 2, 0});
  L.growth_detected = true;
  L.growth_bytes_per_step = 512;
  R.loops.push_back(L);
  gpuleak::Evidence E;
  E.kind = "growth";
  E.chain.push_back({"main", "/src/train.cpp", 68});
  E.bytes = 1024;
  E.blocks = 2;
  E.steps = 2;
  E.bytes_per_step = 512;
  R.evidence.push_back(E);
  const std::string J = gpuleak::reportToJson(R);
  EXPECT(J.find("\"schema\": \"gpuleak-runtime-report\"") != std::string::npos);
  EXPECT(J.find("quote\\\" backslash\\\\ newline\\n tab\\t ctrl\\u0001 bad? utf8 \xc3\xa9") !=
         std::string::npos);
  EXPECT(J.find("\"file\": \"/src/train.cpp\", \"line\": 68") != std::string::npos);
  const std::string Summary = gpuleak::reportSummary(R);
  EXPECT(Summary.find("GROWTH") != std::string::npos);
  EXPECT(Summary.find("train.cpp:68") != std::string::npos);
  // A loop too short for the warm-up plus one window is not called flat
  // (case 017 alone on the GPU: 11 intervals, "no growth" beside 31.8 MiB of
  // attributed growth); a long enough one is.
  gpuleak::Report Short;
  Short.growth.warmup_steps = 10;
  Short.growth.window_steps = 8;
  gpuleak::LoopReport P;
  P.name = "process";
  P.unit = "interval";
  P.steps_total = 11;
  Short.loops.push_back(P);
  P.name = "long";
  P.steps_total = 18;
  Short.loops.push_back(P);
  const std::string ShortSummary = gpuleak::reportSummary(Short);
  EXPECT(ShortSummary.find("  process: 11 intervals; too few intervals to judge growth "
                           "(11 < 10 warm-up + 8)\n") != std::string::npos);
  EXPECT(ShortSummary.find("  long: 18 intervals; no growth\n") != std::string::npos);
  // Atomic write: the file appears whole, no temporary is left.
  char Tmp[] = "/tmp/gpuleak-unit-XXXXXX";
  EXPECT(mkdtemp(Tmp) != nullptr);
  const std::string Path = std::string(Tmp) + "/r.json";
  std::string Error;
  EXPECT(gpuleak::writeFileAtomic(Path, J, Error));
  EXPECT(readFile(Path) == J);
  EXPECT(access((Path + ".tmp." + std::to_string(getpid())).c_str(), F_OK) != 0);
  EXPECT(!gpuleak::writeFileAtomic(std::string(Tmp) + "/no/such/dir/r.json", J, Error));
  EXPECT(!Error.empty());
  unlink(Path.c_str());
  rmdir(Tmp);
}
} // namespace

// Issue 13, part 4: two 32 MiB cuBLAS workspaces (one per handle, made at
// the first matmul of the forward and of the backward thread) inside the
// first window inflated a Python program's growth rate. A one-time jump is
// left out of the rate and reported as one-time bytes.
void testOneTimeJumpsLeftOutOfRate() {
  gpuleak::GrowthOptions O; // warm-up 5, window 8
  const uint64_t Leak = 2097664, Workspace = 32ull << 20;
  std::vector<uint64_t> Series;
  uint64_t A = 40899072;
  for (int I = 0; I < 14; ++I) {
    A += Leak;
    if (I == 9)
      A += 2 * Workspace; // both workspaces in one interval
    Series.push_back(A);
  }
  gpuleak::GrowthVerdict V = gpuleak::detectGrowth(Series, O);
  EXPECT(V.growing);
  EXPECT(std::abs(V.bytes_per_step - static_cast<double>(Leak)) < 1.0);
  EXPECT(V.one_time_bytes == 2 * Workspace);
  gpuleak::GrowthDetector D(O);
  gpuleak::GrowthVerdict Last;
  for (uint64_t X : Series)
    Last = D.feed(X);
  EXPECT(Last.growing);
  EXPECT(std::abs(Last.bytes_per_step - static_cast<double>(Leak)) < 1.0);
  // A flat program whose only change is the workspaces is not growing, and
  // a leak whose deltas are all alike has nothing left out.
  std::vector<uint64_t> Flat(14, 40899072);
  for (size_t I = 9; I < Flat.size(); ++I)
    Flat[I] += 2 * Workspace;
  EXPECT(!gpuleak::detectGrowth(Flat, O).growing);
  std::vector<uint64_t> Steady;
  for (int I = 0; I < 14; ++I)
    Steady.push_back(1000000 + Leak * I);
  EXPECT(gpuleak::detectGrowth(Steady, O).one_time_bytes == 0);
}

// Issue 13, part 4: the report speaks Python. A block allocated by
// `loss = criterion(model(x), y)` in train() of train.py, run by
// `python -m gpuleak run` (runpy, then gpuleak's __main__), with Python
// stacks (innermost first, as torch records them): the user chain is
// train.py's two frames, not runpy's or gpuleak's, and the summary names
// file.py:line and the function as for C++.
void testPythonFrames() {
  using gpuleak::Frame;
  gpuleak::Snapshot S;
  S.frames = {
      Frame{"forward", "/usr/local/lib/python3.12/dist-packages/torch/nn/modules/linear.py", 125},
      Frame{"train", "/home/u/proj/train.py", 14},
      Frame{"<module>", "/home/u/proj/train.py", 30},
      Frame{"_run_code", "/usr/lib/python3.12/runpy.py", 88},
      Frame{"run_path", "/usr/lib/python3.12/runpy.py", 287},
      Frame{"main", "/opt/gpuleak/lib/gpuleak/python/gpuleak/__main__.py", 90},
      Frame{"<module>", "/opt/gpuleak/lib/gpuleak/python/gpuleak/__main__.py", 103},
      Frame{"_run_module_as_main", "<frozen runpy>", 198},
      Frame{"step", "/home/u/venv/lib/python3.11/site-packages/gpuleak/__init__.py", 120}};
  const std::vector<Frame> Chain = gpuleak::userChain(S, {0, 1, 2, 3, 4, 5, 6, 7, 8});
  EXPECT(Chain.size() == 2);
  if (Chain.size() == 2) {
    EXPECT(Chain[0].filename == "/home/u/proj/train.py" && Chain[0].line == 14 &&
           Chain[0].name == "train");
    EXPECT(Chain[1].line == 30 && Chain[1].name == "<module>");
  }
  EXPECT(gpuleak::isUserFrame(Frame{"evaluate", "/home/u/lib/pyutils/eval.py", 7}));
  EXPECT(!gpuleak::isUserFrame(Frame{"run", "/opt/conda/lib/python3.11/threading.py", 982}));
  gpuleak::Report R;
  R.mode = "steps";
  gpuleak::LoopReport L;
  L.name = "train";
  L.steps_total = 40;
  L.growth_detected = true;
  L.growth_step = 13;
  L.growth_bytes_per_step = 512;
  R.loops.push_back(L);
  gpuleak::Evidence E;
  E.kind = "growth";
  E.chain = Chain;
  E.bytes = 4096;
  E.blocks = 8;
  E.steps = 8;
  E.bytes_per_step = 512;
  R.evidence.push_back(E);
  const std::string Text = gpuleak::reportSummary(R);
  EXPECT(Text.find("\n  growth: train.py:14 (train) 512.0 B/step, 8 blocks from 8 steps <- "
                   "train.py:30\n") != std::string::npos);
  if (Text.find("growth: train.py:14") == std::string::npos)
    std::fprintf(stderr, "%s", Text.c_str());
}

// The report's step list (BoundedSteps, a ring since issue 13) keeps exactly
// what the vector that erased its 17th element on every step kept: the first
// 16 steps and the most recent ones, oldest first.
void testBoundedSteps() {
  for (size_t Cap : {size_t(0), size_t(32), size_t(100), size_t(4096)}) {
    gpuleak::BoundedSteps Ring(Cap, 16);
    std::vector<gpuleak::StepStats> Old; // the algorithm before the ring
    const size_t Keep = std::max<size_t>(32, Cap);
    bool Same = true;
    for (int64_t I = 0; I < 10000; ++I) {
      gpuleak::StepStats S;
      S.step = I;
      S.allocated = static_cast<uint64_t>(I) * 512;
      Ring.push(S);
      if (Old.size() >= Keep)
        Old.erase(Old.begin() + 16);
      Old.push_back(S);
      if (I < 40 || I % 997 == 0 || I == 9999) {
        std::vector<gpuleak::StepStats> V = Ring.toVector();
        Same = Same && V.size() == Old.size();
        for (size_t K = 0; Same && K < V.size(); ++K)
          Same = V[K].step == Old[K].step && V[K].allocated == Old[K].allocated;
      }
    }
    EXPECT(Same);
    EXPECT(Ring.size() == Keep);
    EXPECT(Ring.capacity() == Keep);
    std::vector<gpuleak::StepStats> V = Ring.toVector();
    EXPECT(V.front().step == 0);
    EXPECT(V[15].step == 15);
    EXPECT(V[16].step == static_cast<int64_t>(10000 - (Keep - 16)));
    EXPECT(V.back().step == 9999);
  }
  gpuleak::BoundedSteps Empty(4096, 16);
  EXPECT(Empty.toVector().empty());
  gpuleak::StepStats S;
  S.step = 7;
  Empty.push(S);
  EXPECT(Empty.size() == 1 && Empty.toVector()[0].step == 7);
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: gpuleak_runtime_tests FIXTURE_DIR\n");
    return 2;
  }
  Dir = argv[1];
  testGrowthDetector();
  testRecordedSeries();
  testUserFrames();
  testLeakFixture();
  testFlatFixture();
  testWrappedHistory();
  testWorkspaceIsNotRetention();
  testRetentionWithoutGraph();
  testRetentionFreedByOwnGraph();
  testRetentionChainedAcrossSteps();
  testCacheFlushReallocation();
  testRetentionFixtures();
  testCorruptInput();
  testReport();
  testBoundedSteps();
  testPythonFrames();
  testOneTimeJumpsLeftOutOfRate();
  std::fprintf(stderr, "%d checks, %d failures\n", Checks, Failures);
  return Failures == 0 ? 0 : 1;
}
