//===- Report.cpp - The runtime report (JSON) and console summary --------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Report.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <type_traits>
#include <unistd.h>

namespace gpuleak {

std::string jsonEscape(const std::string &S) {
  std::string Out;
  Out.reserve(S.size() + 2);
  for (unsigned char C : S) {
    switch (C) {
    case '"': Out += "\\\""; break;
    case '\\': Out += "\\\\"; break;
    case '\n': Out += "\\n"; break;
    case '\r': Out += "\\r"; break;
    case '\t': Out += "\\t"; break;
    default:
      if (C < 0x20 || C == 0x7f) {
        char Buf[8];
        std::snprintf(Buf, sizeof(Buf), "\\u%04x", C);
        Out += Buf;
      } else {
        Out += static_cast<char>(C);
      }
    }
  }
  // Invalid UTF-8 would make the file unreadable: replace stray high bytes.
  std::string Clean;
  Clean.reserve(Out.size());
  for (size_t I = 0; I < Out.size();) {
    unsigned char C = Out[I];
    size_t Len = C < 0x80 ? 1 : (C >> 5) == 6 ? 2 : (C >> 4) == 14 ? 3 : (C >> 3) == 30 ? 4 : 0;
    bool Ok = Len > 0 && I + Len <= Out.size();
    for (size_t K = 1; Ok && K < Len; ++K)
      Ok = (static_cast<unsigned char>(Out[I + K]) >> 6) == 2;
    if (!Ok) {
      Clean += '?';
      ++I;
      continue;
    }
    Clean.append(Out, I, Len);
    I += Len;
  }
  return Clean;
}

namespace {
/// The report's text, built without iostreams. A std::ostringstream formats
/// numbers through the stream's locale facets, and in a Python process
/// (libgpuleak_runtime.so loaded by ctypes, next to the interpreter's own
/// libstdc++) that crashed with SIGSEGV at the first number written
/// (issue 13, part 2: every Python fixture, rc 139). Integers go through
/// std::to_chars, text is appended.
class Text {
public:
  Text &operator<<(const std::string &V) {
    S += V;
    return *this;
  }
  Text &operator<<(const char *V) {
    S += V;
    return *this;
  }
  Text &operator<<(char V) {
    S += V;
    return *this;
  }
  template <typename T, std::enable_if_t<std::is_integral_v<T> && !std::is_same_v<T, char> &&
                                             !std::is_same_v<T, bool>,
                                         int> = 0>
  Text &operator<<(T V) {
    char Buf[24];
    const auto R = std::to_chars(Buf, Buf + sizeof Buf, V);
    S.append(Buf, R.ptr);
    return *this;
  }
  const std::string &str() const { return S; }

private:
  std::string S;
};
} // namespace

static std::string q(const std::string &S) { return "\"" + jsonEscape(S) + "\""; }

static std::string num(double D) {
  char Buf[64];
  std::snprintf(Buf, sizeof(Buf), "%.1f", D);
  return Buf;
}

static void writeFrame(Text &O, const Frame &F) {
  O << "{\"file\": " << q(F.filename) << ", \"line\": " << F.line
    << ", \"function\": " << q(F.name) << "}";
}

/// The `raw_cuda` section (docs/runtime.md).
static void writeRawCuda(Text &O, const RawCudaSection &C) {
  O << "  \"raw_cuda\": {\"status\": " << q(C.status) << ", \"message\": " << q(C.message)
    << ", \"creates\": " << C.creates << ", \"releases\": " << C.releases
    << ", \"unmatched_releases\": " << C.unmatched_releases << ", \"dropped\": " << C.dropped
    << ", \"boundaries\": " << C.boundaries << ",\n"
    << "    \"unattributed\": {\"live\": " << C.unattributed_live
    << ", \"bytes\": " << C.unattributed_bytes << "}, \"library\": {\"live\": " << C.library_live
    << ", \"bytes\": " << C.library_bytes << "},\n"
    << "    \"sites\": [";
  for (size_t I = 0; I < C.sites.size(); ++I) {
    const RawSite &S = C.sites[I];
    const Frame Site = S.chain.empty() ? Frame() : S.chain.front();
    O << (I ? ",\n" : "\n") << "      {\"kind\": " << q(S.kind) << ", \"api\": " << q(S.api)
      << ", \"owner\": " << q(S.owner) << ", \"owner_kind\": " << q(S.owner_kind)
      << ", \"file\": " << q(Site.filename) << ", \"line\": " << Site.line
      << ", \"function\": " << q(Site.name) << ",\n       \"created\": " << S.created
      << ", \"released\": " << S.released << ", \"live\": " << S.live
      << ", \"live_bytes\": " << S.live_bytes << ", \"steps\": " << S.steps
      << ", \"grows\": " << (S.grows ? "true" : "false")
      << ", \"live_per_step\": " << num(S.live_per_step)
      << ", \"bytes_per_step\": " << num(S.bytes_per_step) << ",\n       \"frames\": [";
    for (size_t K = 0; K < S.chain.size(); ++K) {
      O << (K ? ", " : "");
      writeFrame(O, S.chain[K]);
    }
    O << "]}";
  }
  O << (C.sites.empty() ? "]},\n" : "\n    ]},\n");
}

std::string reportToJson(const Report &R) {
  Text O;
  O << "{\n";
  O << "  \"schema\": \"gpuleak-runtime-report\",\n";
  O << "  \"version\": " << Report::kSchemaVersion << ",\n";
  O << "  \"status\": " << q(R.status) << ",\n";
  O << "  \"status_message\": " << q(R.status_message) << ",\n";
  O << "  \"torch_version\": " << q(R.torch_version) << ",\n";
  O << "  \"mode\": " << q(R.mode) << ",\n";
  O << "  \"program\": " << q(R.program) << ",\n";
  O << "  \"device\": " << R.device << ",\n";
  O << "  \"created_unix\": " << R.created_unix << ",\n";
  O << "  \"settings\": {\"warmup_steps\": " << R.growth.warmup_steps
    << ", \"window_steps\": " << R.growth.window_steps
    << ", \"threshold_bytes_per_step\": " << R.growth.threshold_bytes_per_step
    << ", \"min_rising_fraction\": " << num(R.growth.min_rising_fraction)
    << ", \"attribution_min_steps\": " << R.attribution.min_steps
    << ", \"history_policy\": " << q(R.history_policy)
    << ", \"history_max_entries\": " << R.history_max_entries << "},\n";
  O << "  \"history\": {\"windows\": " << R.history_windows
    << ", \"seconds\": " << num(R.history_seconds)
    << ", \"wrapped\": " << R.history_wrapped << "},\n";
  O << "  \"loops\": [";
  for (size_t I = 0; I < R.loops.size(); ++I) {
    const LoopReport &L = R.loops[I];
    O << (I ? ",\n" : "\n") << "    {\"name\": " << q(L.name) << ", \"unit\": " << q(L.unit)
      << ", \"steps_total\": " << L.steps_total
      << ", \"growth\": {\"detected\": " << (L.growth_detected ? "true" : "false")
      << ", \"first_step\": " << L.growth_step
      << ", \"bytes_per_step\": " << num(L.growth_bytes_per_step);
    if (L.growth_one_time_bytes)
      O << ", \"one_time_bytes\": " << L.growth_one_time_bytes;
    O << "},\n"
      << "     \"steps\": [";
    for (size_t K = 0; K < L.steps.size(); ++K) {
      const StepStats &S = L.steps[K];
      O << (K ? ",\n       " : "\n       ") << "{\"step\": " << S.step
        << ", \"time_us\": " << S.time_us << ", \"allocated\": " << S.allocated
        << ", \"reserved\": " << S.reserved << ", \"active\": " << S.active
        << ", \"blocks\": " << S.blocks << ", \"device_frees\": " << S.device_frees << "}";
    }
    O << "]}";
  }
  O << "\n  ],\n";
  O << "  \"evidence\": [";
  for (size_t I = 0; I < R.evidence.size(); ++I) {
    const Evidence &E = R.evidence[I];
    const Frame Site = E.chain.empty() ? Frame() : E.chain.front();
    O << (I ? ",\n" : "\n") << "    {\"kind\": " << q(E.kind) << ", \"file\": " << q(Site.filename)
      << ", \"line\": " << Site.line << ", \"function\": " << q(Site.name)
      << ", \"bytes\": " << E.bytes << ", \"blocks\": " << E.blocks
      << ", \"steps\": " << E.steps << ", \"bytes_per_step\": " << num(E.bytes_per_step);
    if (E.kind == "graph-retention")
      O << ", \"freed_by_graph\": " << E.freed_by_graph
        << ", \"freed_by_later_graph\": " << E.freed_by_later_graph
        << ", \"alive_at_snapshot\": " << E.alive_at_snapshot;
    else if (E.kind == "cache-flush")
      O << ", \"reallocated_steps\": " << E.reallocated_steps;
    O << ",\n     \"frames\": [";
    for (size_t K = 0; K < E.chain.size(); ++K) {
      O << (K ? ", " : "");
      writeFrame(O, E.chain[K]);
    }
    O << "]}";
  }
  O << "\n  ],\n";
  O << "  \"unattributed_bytes\": " << R.unattributed_bytes << ",\n";
  O << "  \"coverage\": [";
  for (size_t I = 0; I < R.coverage.size(); ++I) {
    const CoveredFunction &C = R.coverage[I];
    O << (I ? ",\n" : "\n") << "    {\"file\": " << q(C.file) << ", \"function\": " << q(C.function)
      << ", \"lines\": [";
    for (size_t K = 0; K < C.lines.size(); ++K)
      O << (K ? ", " : "") << C.lines[K];
    O << "]}";
  }
  O << "\n  ],\n";
  writeRawCuda(O, R.raw_cuda);
  O << "  \"snapshots\": [";
  for (size_t I = 0; I < R.snapshots.size(); ++I)
    O << (I ? ", " : "") << q(R.snapshots[I]);
  O << "]\n}\n";
  return O.str();
}

static std::string human(double Bytes) {
  const char *Units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int U = 0;
  double V = Bytes < 0 ? -Bytes : Bytes;
  while (V >= 1024 && U < 4) {
    V /= 1024;
    ++U;
  }
  char Buf[48];
  std::snprintf(Buf, sizeof(Buf), "%s%.1f %s", Bytes < 0 ? "-" : "", V, Units[U]);
  return Buf;
}

static std::string baseName(const std::string &P) {
  size_t S = P.find_last_of('/');
  return S == std::string::npos ? P : P.substr(S + 1);
}

BoundedSteps::BoundedSteps(size_t Capacity, size_t KeepFirst)
    : Cap(std::max<size_t>(32, Capacity)), Keep(std::min(KeepFirst, Cap / 2)) {
  First.reserve(Keep);
  Ring.reserve(Cap - Keep); // one allocation: push() never reallocates
}

void BoundedSteps::push(const StepStats &S) {
  if (First.size() < Keep) {
    First.push_back(S);
    return;
  }
  const size_t RingCap = Cap - Keep;
  if (Count < RingCap) {
    if (Ring.size() < RingCap)
      Ring.push_back(S); // within the reserved capacity
    else
      Ring[Count] = S;
    ++Count;
    return;
  }
  Ring[Head] = S; // overwrite the oldest
  Head = (Head + 1) % RingCap;
}

std::vector<StepStats> BoundedSteps::toVector() const {
  std::vector<StepStats> V;
  V.reserve(size());
  V.insert(V.end(), First.begin(), First.end());
  for (size_t I = 0; I < Count; ++I)
    V.push_back(Ring[(Head + I) % Ring.size()]);
  return V;
}

std::string reportSummary(const Report &R) {
  Text O;
  O << "gpuleak runtime: ";
  if (R.status != "ok") {
    O << R.status << ": " << R.status_message << "\n";
    return O.str();
  }
  O << R.mode << " mode, device " << R.device << ", torch " << R.torch_version << "\n";
  for (const LoopReport &L : R.loops) {
    O << "  " << L.name << ": " << L.steps_total << " " << L.unit << "s";
    if (!L.steps.empty())
      O << ", allocated " << human(static_cast<double>(L.steps.front().allocated)) << " -> "
        << human(static_cast<double>(L.steps.back().allocated));
    if (L.growth_detected)
      O << "; GROWTH " << human(L.growth_bytes_per_step) << "/" << L.unit << " from "
        << L.unit << " " << L.growth_step;
    else if (L.steps_total < R.growth.warmup_steps + R.growth.window_steps)
      // Detection needs the warm-up and one full window after it.
      O << "; too few " << L.unit << "s to judge growth (" << L.steps_total << " < "
        << R.growth.warmup_steps << " warm-up + " << R.growth.window_steps << ")";
    else
      O << "; no growth";
    O << "\n";
  }
  size_t Shown = 0;
  for (const Evidence &E : R.evidence) {
    if (Shown++ == 12) {
      O << "  ... " << (R.evidence.size() - 12) << " more in the JSON report\n";
      break;
    }
    const Frame Site = E.chain.empty() ? Frame() : E.chain.front();
    O << "  " << E.kind << ": " << baseName(Site.filename) << ":" << Site.line << " ("
      << Site.name << ") ";
    if (E.kind == "growth")
      O << human(E.bytes_per_step) << "/step, " << E.blocks << " blocks from " << E.steps
        << " steps";
    else if (E.kind == "cache-flush")
      O << E.blocks << " segments (" << human(static_cast<double>(E.bytes))
        << ") returned to the device in " << E.steps << " steps";
    else
      O << E.blocks << " blocks, " << human(static_cast<double>(E.bytes))
        << " kept past the call";
    if (E.chain.size() > 1)
      O << " <- " << baseName(E.chain[1].filename) << ":" << E.chain[1].line;
    O << "\n";
  }
  if (R.unattributed_bytes)
    O << "  unattributed (no user frame): " << human(static_cast<double>(R.unattributed_bytes))
      << "\n";
  const RawCudaSection &C = R.raw_cuda;
  if (C.status != "off" && C.status != "ok")
    O << "  raw CUDA (CUPTI): " << C.status << ": " << C.message << "\n";
  else if (C.status == "ok") {
    O << "  raw CUDA (CUPTI): " << C.creates << " created, " << C.releases << " released, "
      << C.sites.size() << " sites live or growing\n";
    size_t Raw = 0;
    for (const RawSite &S : C.sites) {
      if (Raw++ == 8) {
        O << "  ... " << (C.sites.size() - 8) << " more in the JSON report\n";
        break;
      }
      const Frame Site = S.chain.empty() ? Frame() : S.chain.front();
      O << "  raw " << S.kind << (S.owner.empty() ? "" : " (" + S.owner + ")") << ": "
        << baseName(Site.filename) << ":" << Site.line << " (" << Site.name << ") " << S.live
        << " live";
      if (S.live_bytes)
        O << ", " << human(static_cast<double>(S.live_bytes));
      if (S.grows)
        O << "; GROWTH " << num(S.live_per_step) << "/step";
      O << "\n";
    }
  }
  for (const std::string &S : R.snapshots)
    O << "  snapshot: " << S << " (open in https://pytorch.org/memory_viz)\n";
  return O.str();
}

bool writeFileAtomic(const std::string &Path, const std::string &Data,
                     std::string &Error) {
  const std::string Tmp = Path + ".tmp." + std::to_string(::getpid());
  int Fd = ::open(Tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (Fd < 0) {
    Error = "cannot create " + Tmp + ": " + std::strerror(errno);
    return false;
  }
  size_t Done = 0;
  while (Done < Data.size()) {
    ssize_t N = ::write(Fd, Data.data() + Done, Data.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Error = "cannot write " + Tmp + ": " + std::strerror(errno);
      ::close(Fd);
      ::unlink(Tmp.c_str());
      return false;
    }
    Done += static_cast<size_t>(N);
  }
  if (::fsync(Fd) != 0 || ::close(Fd) != 0) {
    Error = "cannot flush " + Tmp + ": " + std::strerror(errno);
    ::unlink(Tmp.c_str());
    return false;
  }
  if (::rename(Tmp.c_str(), Path.c_str()) != 0) {
    Error = "cannot rename to " + Path + ": " + std::strerror(errno);
    ::unlink(Tmp.c_str());
    return false;
  }
  return true;
}

} // namespace gpuleak
