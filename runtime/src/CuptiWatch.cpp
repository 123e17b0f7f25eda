//===- CuptiWatch.cpp - Raw CUDA resources through CUPTI's callback API ---===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
// RawCuda.h says what it does.
//
// CUPTI is loaded with dlopen, never linked: a program without it (or
// without a CUDA driver) runs as before and the report says "no-cupti". The
// callback ids and the parameter fields that hold each handle come from
// CuptiApiTable.inc, which runtime/cmake/gen_cupti_table.py writes from
// checks/CudaApis.def and the CUPTI headers. Only those ids are enabled, so
// no other CUDA call ever reaches this code. A callback copies the handle,
// takes the stack (backtrace into a fixed array) and makes one locked
// hash-map insert or erase (RawTracker); it never throws.
//
// Runtime calls are recorded at the runtime level: a tracked driver call
// made while a tracked runtime call of the same thread runs (cudaMalloc ->
// cuMemAlloc_v2) is the same resource and is skipped.
//
//===----------------------------------------------------------------------===//
#include "gpuleak/RawCuda.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <execinfo.h>
#include <mutex>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#if GPULEAK_HAVE_CUPTI
#include <cstddef>
#include <cupti.h>
#include <type_traits>
#endif

#include <torch/csrc/profiler/unwind/unwind.h>

namespace gpuleak {
namespace {

const char *env(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V ? V : nullptr;
}

struct Watch {
  RawTracker Tracker;
  std::atomic<bool> Recording{false};
  std::mutex Mu; // start and section
  bool Started = false;
  std::string Status = "off";
  std::string Message;
};

Watch &watch() {
  static Watch *W = new Watch(); // never destroyed: callbacks may come late
  return *W;
}

/// The libraries whose frames need file and line from addr2line: the
/// program and its own libraries, not CUDA's, torch's, the C/C++ runtime's
/// or ours (their names come from dladdr).
bool needsLines(const std::string &Path) {
  const size_t Slash = Path.find_last_of('/');
  const std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  static const char *const System[] = {
      "libcuda.", "libcupti", "libcudart", "libcublas", "libcudnn", "libcufft", "libcusparse",
      "libcusolver", "libcurand", "libnccl", "libnvrtc", "libnvJitLink", "libtorch", "libc10",
      "libc.so", "libc-", "libstdc++", "libgcc_s", "ld-linux", "libpthread", "libdl",
      "libgpuleak", "libm.so", "libgomp", "libpython"};
  for (const char *S : System)
    if (Base.compare(0, std::strlen(S), S) == 0)
      return false;
  return !Path.empty();
}

/// dladdr for library and dynamic symbol, torch's symbolizer (addr2line,
/// as for the allocator's stacks) for file and line of the program's frames.
std::vector<RawFrameInfo> symbolizeRaw(const std::vector<void *> &Pcs) {
  std::vector<RawFrameInfo> Out(Pcs.size());
  std::vector<void *> Wanted;
  std::vector<size_t> WantedAt;
  for (size_t I = 0; I < Pcs.size(); ++I) {
    // A return address: the call is the byte before it.
    void *Call = static_cast<char *>(Pcs[I]) - 1;
    Dl_info Info;
    if (dladdr(Call, &Info)) {
      if (Info.dli_fname)
        Out[I].library = Info.dli_fname;
      if (Info.dli_sname)
        Out[I].symbol = Info.dli_sname;
    }
    if (needsLines(Out[I].library)) {
      Wanted.push_back(Call);
      WantedAt.push_back(I);
    }
  }
  if (Wanted.empty())
    return Out;
  try {
    const std::vector<torch::unwind::Frame> Frames =
        torch::unwind::symbolize(Wanted, torch::unwind::Mode::addr2line);
    for (size_t K = 0; K < Frames.size() && K < WantedAt.size(); ++K) {
      Frame &F = Out[WantedAt[K]].frame;
      F.filename = Frames[K].filename;
      F.line = static_cast<int64_t>(Frames[K].lineno);
      F.name = Frames[K].funcname;
    }
  } catch (const std::exception &E) {
    std::fprintf(stderr, "gpuleak runtime: cannot symbolize raw CUDA stacks: %s\n", E.what());
  } catch (...) {
  }
  return Out;
}

#if GPULEAK_HAVE_CUPTI
enum class Role : uint8_t { Create, Register, Release };

struct Api {
  CUpti_CallbackDomain Domain;
  CUpti_CallbackId Cbid;
  const char *Name;
  Role R;
  RawKind Kind;
  uint32_t HandleOffset; // of the handle field in the parameter struct
  uint32_t HandleSize;   // Create: of the handle the out-parameter points to
  uint32_t SizeOffset, SizeSize; // of the size field; SizeSize 0: none
  uint32_t MemberOffset; // Create into a struct (cudaPitchedPtr::ptr)
};

template <typename T> constexpr uint32_t pointeeSize() {
  return sizeof(std::remove_pointer_t<T>);
}

#define GPULEAK_SIZE(Params, Field)                                                         \
  static_cast<uint32_t>(offsetof(Params, Field)),                                           \
      static_cast<uint32_t>(sizeof(std::declval<Params &>().Field))
#define GPULEAK_NOSIZE 0u, 0u
#define GPULEAK_MEMBER(Type, Field) static_cast<uint32_t>(offsetof(Type, Field)), \
      static_cast<uint32_t>(sizeof(std::declval<Type &>().Field))
#define GPULEAK_NOMEMBER 0u, 0u
#define GPULEAK_DOMAIN_RUNTIME CUPTI_CB_DOMAIN_RUNTIME_API
#define GPULEAK_DOMAIN_DRIVER CUPTI_CB_DOMAIN_DRIVER_API

/// Builds a table entry; MemberOffset/MemberSize replace the handle size
/// for a handle inside a struct.
constexpr Api makeApi(CUpti_CallbackDomain D, CUpti_CallbackId C, const char *N, Role R,
                      RawKind K, uint32_t HOff, uint32_t HSize, uint32_t SOff, uint32_t SSize,
                      uint32_t MOff, uint32_t MSize) {
  return Api{D, C, N, R, K, HOff, MSize ? MSize : HSize, SOff, SSize, MOff};
}

#define GPULEAK_CUPTI_CREATE(Dom, Cbid, Name, Kind, Params, Field, Size, Member)            \
  makeApi(GPULEAK_DOMAIN_##Dom, Cbid, Name, Role::Create, RawKind::Kind,                    \
          static_cast<uint32_t>(offsetof(Params, Field)),                                   \
          pointeeSize<decltype(std::declval<Params &>().Field)>(), Size, Member),
#define GPULEAK_CUPTI_REGISTER(Dom, Cbid, Name, Kind, Params, Field, Size, Member)          \
  makeApi(GPULEAK_DOMAIN_##Dom, Cbid, Name, Role::Register, RawKind::Kind,                  \
          static_cast<uint32_t>(offsetof(Params, Field)),                                   \
          static_cast<uint32_t>(sizeof(std::declval<Params &>().Field)), Size, Member),
#define GPULEAK_CUPTI_RELEASE(Dom, Cbid, Name, Kind, Params, Field, Size, Member)           \
  makeApi(GPULEAK_DOMAIN_##Dom, Cbid, Name, Role::Release, RawKind::Kind,                   \
          static_cast<uint32_t>(offsetof(Params, Field)),                                   \
          static_cast<uint32_t>(sizeof(std::declval<Params &>().Field)), Size, Member),

const Api Apis[] = {
#include "CuptiApiTable.inc"
};

/// Per domain, for each callback id, the range of Apis entries (the
/// generator writes one id's entries together).
struct Range {
  uint16_t Begin = 0, End = 0;
};
std::vector<Range> RuntimeIndex, DriverIndex;

/// Tracked runtime calls running on this thread: their driver calls are
/// the same resources.
thread_local int RuntimeDepth = 0;

uint64_t readValue(const void *At, uint32_t Size) {
  uint64_t V = 0;
  if (Size > sizeof V)
    Size = sizeof V;
  std::memcpy(&V, At, Size);
  return V;
}

void CUPTIAPI onCallback(void *, CUpti_CallbackDomain Domain, CUpti_CallbackId Cbid,
                         const void *Data) {
  Watch &W = watch();
  const auto *CB = static_cast<const CUpti_CallbackData *>(Data);
  const bool Runtime = Domain == CUPTI_CB_DOMAIN_RUNTIME_API;
  if (Runtime) {
    if (CB->callbackSite == CUPTI_API_ENTER) {
      ++RuntimeDepth;
      return;
    }
    if (RuntimeDepth > 0)
      --RuntimeDepth;
  } else if (Domain != CUPTI_CB_DOMAIN_DRIVER_API || RuntimeDepth > 0 ||
             CB->callbackSite != CUPTI_API_EXIT) {
    return;
  }
  if (!W.Recording.load(std::memory_order_relaxed) || !CB->functionParams ||
      !CB->functionReturnValue)
    return;
  // cudaSuccess and CUDA_SUCCESS are 0.
  if (readValue(CB->functionReturnValue, Runtime ? sizeof(cudaError_t) : sizeof(CUresult)) != 0)
    return;
  const std::vector<Range> &Index = Runtime ? RuntimeIndex : DriverIndex;
  if (Cbid >= Index.size())
    return;
  const char *Params = static_cast<const char *>(CB->functionParams);
  for (uint16_t I = Index[Cbid].Begin; I < Index[Cbid].End; ++I) {
    const Api &A = Apis[I];
    uint64_t Handle = 0;
    if (A.R == Role::Create) {
      const void *Out = nullptr;
      std::memcpy(&Out, Params + A.HandleOffset, sizeof Out);
      if (!Out)
        continue;
      Handle = readValue(static_cast<const char *>(Out) + A.MemberOffset, A.HandleSize);
    } else {
      Handle = readValue(Params + A.HandleOffset, A.HandleSize);
    }
    if (A.R == Role::Release) {
      W.Tracker.release(A.Kind, Handle);
      continue;
    }
    if (!Handle)
      continue;
    const uint64_t Bytes = A.SizeSize ? readValue(Params + A.SizeOffset, A.SizeSize) : 0;
    void *Pcs[kRawMaxFrames];
    const int N = backtrace(Pcs, kRawMaxFrames);
    W.Tracker.create(A.Kind, A.Name, Handle, Bytes, Pcs, N);
  }
}

template <typename Fn> Fn symbol(void *Lib, const char *Name) {
  return reinterpret_cast<Fn>(dlsym(Lib, Name));
}

/// The process's CUPTI: GPULEAK_CUPTI_LIB when set (and then only it), else
/// one already loaded (torch's libtorch_cpu links libcupti.so.13), else the
/// toolkit's.
void *loadCupti(std::string &Tried) {
  std::vector<std::string> Candidates;
  if (const char *V = env("GPULEAK_CUPTI_LIB")) {
    // This library and no other.
    if (void *L = dlopen(V, RTLD_NOW | RTLD_GLOBAL))
      return L;
    Tried = V;
    return nullptr;
  }
  static const char *const Loaded[] = {"libcupti.so.13", "libcupti.so.12", "libcupti.so"};
  for (const char *Name : Loaded)
    if (void *L = dlopen(Name, RTLD_NOW | RTLD_NOLOAD))
      return L;
  for (const char *Name : Loaded)
    Candidates.push_back(Name);
  std::string Cuda = env("CUDA_HOME") ? env("CUDA_HOME") : "/usr/local/cuda";
  for (const char *Sub : {"/extras/CUPTI/lib64/libcupti.so", "/lib64/libcupti.so",
                          "/lib/libcupti.so", "/targets/x86_64-linux/lib/libcupti.so"})
    Candidates.push_back(Cuda + Sub);
  for (const std::string &C : Candidates) {
    if (void *L = dlopen(C.c_str(), RTLD_NOW | RTLD_GLOBAL))
      return L;
    Tried += (Tried.empty() ? "" : ", ") + C;
  }
  return nullptr;
}

void start(Watch &W) {
  std::string Tried;
  void *Lib = loadCupti(Tried);
  if (!Lib) {
    W.Status = "no-cupti";
    W.Message = "no CUPTI library could be loaded (tried " + Tried +
                "; set GPULEAK_CUPTI_LIB): raw CUDA resources are not watched";
    return;
  }
  auto Subscribe2 = symbol<decltype(&cuptiSubscribe_v2)>(Lib, "cuptiSubscribe_v2");
  auto Subscribe = symbol<decltype(&cuptiSubscribe)>(Lib, "cuptiSubscribe");
  auto Enable = symbol<decltype(&cuptiEnableCallback)>(Lib, "cuptiEnableCallback");
  auto ResultString = symbol<decltype(&cuptiGetResultString)>(Lib, "cuptiGetResultString");
  if ((!Subscribe2 && !Subscribe) || !Enable) {
    W.Status = "no-cupti";
    W.Message = "the CUPTI library has no callback API (cuptiSubscribe, cuptiEnableCallback)";
    return;
  }
  // Index the table by callback id.
  for (size_t I = 0; I < sizeof(Apis) / sizeof(Apis[0]); ++I) {
    std::vector<Range> &Index =
        Apis[I].Domain == CUPTI_CB_DOMAIN_RUNTIME_API ? RuntimeIndex : DriverIndex;
    if (Apis[I].Cbid >= Index.size())
      Index.resize(Apis[I].Cbid + 1);
    Range &R = Index[Apis[I].Cbid];
    if (R.End == 0)
      R.Begin = static_cast<uint16_t>(I);
    R.End = static_cast<uint16_t>(I + 1);
  }
  // Warm backtrace() up: its first call loads libgcc_s (malloc, dlopen),
  // which must not happen inside a callback.
  void *Warm[4];
  backtrace(Warm, 4);

  CUpti_SubscriberHandle Sub = nullptr;
  char Other[CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN + 1] = {0};
  CUptiResult Res;
  if (Subscribe2) {
    CUpti_SubscriberParams SP{};
    SP.structSize = CUpti_SubscriberParams_STRUCT_SIZE;
    SP.subscriberName = "gpuleak";
    SP.oldSubscriberName = Other;
    SP.oldSubscriberSize = CUPTI_OLD_SUBSCRIBER_NAME_MIN_LEN;
    Res = Subscribe2(&Sub, &onCallback, nullptr, &SP);
  } else {
    Res = Subscribe(&Sub, &onCallback, nullptr);
  }
  auto Describe = [&](CUptiResult R) {
    const char *S = nullptr;
    if (ResultString)
      ResultString(R, &S);
    return std::string(S ? S : "CUPTI error ") + (S ? "" : std::to_string(static_cast<int>(R)));
  };
  if (Res == CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED) {
    W.Status = "busy";
    W.Message = std::string("another CUPTI subscriber is attached (") +
                (Other[0] ? Other : "a profiler or debugger") +
                "): raw CUDA resources are not watched";
    return;
  }
  if (Res != CUPTI_SUCCESS) {
    W.Status = "no-cupti";
    W.Message = "CUPTI did not start (" + Describe(Res) + "): raw CUDA resources are not watched";
    return;
  }
  int Enabled = 0;
  for (const Api &A : Apis)
    Enabled += Enable(1, Sub, A.Domain, A.Cbid) == CUPTI_SUCCESS;
  W.Status = "ok";
  W.Message = "";
  W.Recording.store(true);
  if (env("GPULEAK_CUPTI_VERBOSE"))
    std::fprintf(stderr, "gpuleak runtime: CUPTI watch on: %d of %zu callbacks enabled\n", Enabled,
                 sizeof(Apis) / sizeof(Apis[0]));
}
#endif // GPULEAK_HAVE_CUPTI

} // namespace

void startRawCudaWatch() noexcept {
  try {
    Watch &W = watch();
    std::lock_guard<std::mutex> Lock(W.Mu);
    if (W.Started)
      return;
    W.Started = true;
    if (const char *V = env("GPULEAK_CUPTI"); V && std::strcmp(V, "0") == 0) {
      W.Status = "off";
      W.Message = "turned off by GPULEAK_CUPTI=0";
      return;
    }
#if GPULEAK_HAVE_CUPTI
    start(W);
#else
    W.Status = "no-cupti";
    W.Message = "the runtime was built without the CUPTI headers: raw CUDA resources are not watched";
#endif
    if (W.Status != "ok")
      std::fprintf(stderr, "gpuleak runtime: %s\n", W.Message.c_str());
  } catch (...) {
  }
}

bool rawCudaWatchStarted() noexcept {
  try {
    Watch &W = watch();
    std::lock_guard<std::mutex> Lock(W.Mu);
    return W.Started;
  } catch (...) {
    return false;
  }
}

void rawCudaBoundary() noexcept {
  Watch &W = watch();
  if (W.Recording.load(std::memory_order_relaxed))
    W.Tracker.boundary();
}

RawCudaSection rawCudaSection(bool WithSites) noexcept {
  RawCudaSection S;
  try {
    Watch &W = watch();
    std::lock_guard<std::mutex> Lock(W.Mu);
    if (W.Status == "ok")
      S = W.Tracker.section(WithSites ? RawSymbolizer(symbolizeRaw) : RawSymbolizer(), WithSites);
    S.status = W.Status;
    S.message = W.Message;
  } catch (const std::exception &E) {
    S.status = "error";
    S.message = std::string("cannot report raw CUDA resources: ") + E.what();
  } catch (...) {
    S.status = "error";
    S.message = "cannot report raw CUDA resources";
  }
  return S;
}

void stopRawCudaWatch() noexcept { watch().Recording.store(false); }

} // namespace gpuleak
