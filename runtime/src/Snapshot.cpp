//===- Snapshot.cpp - Reading the allocator's pickled snapshot -----------===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
//===----------------------------------------------------------------------===//
#include "gpuleak/Snapshot.h"

#include <torch/csrc/jit/serialization/pickle.h>

#include <fstream>
#include <sstream>
#include <unordered_map>

namespace gpuleak {
namespace {

using torch::jit::IValue;

/// Thrown inside the reader only; readSnapshot() turns it into an error line.
struct FormatError {
  std::string Message;
};

[[noreturn]] void fail(const std::string &Message) { throw FormatError{Message}; }

class Reader {
public:
  Reader(Snapshot &Out, const ReadLimits &Limits) : Out(Out), Limits(Limits) {}

  void readTop(const IValue &Top) {
    if (!Top.isGenericDict())
      fail("snapshot is not a dict (not a torch memory snapshot?)");
    const auto Dict = Top.toGenericDict();
    const IValue *Segments = find(Dict, "segments");
    if (!Segments)
      fail("snapshot has no 'segments' (not a torch memory snapshot?)");
    for (const IValue &S : listOf(*Segments, "segments"))
      Out.segments.push_back(readSegment(S));
    if (const IValue *Traces = find(Dict, "device_traces"))
      for (const IValue &T : listOf(*Traces, "device_traces")) {
        std::vector<TraceEntry> Entries;
        for (const IValue &E : listOf(T, "device trace"))
          Entries.push_back(readTraceEntry(E));
        Out.device_traces.push_back(std::move(Entries));
      }
    if (const IValue *Annotations = find(Dict, "external_annotations"))
      if (!Annotations->isNone())
        for (const IValue &A : listOf(*Annotations, "external_annotations"))
          Out.external_annotations.push_back(readAnnotation(A));
  }

private:
  Snapshot &Out;
  const ReadLimits &Limits;
  size_t Entries = 0;
  std::unordered_map<std::string, uint32_t> FrameIndex;

  void count() {
    if (++Entries > Limits.max_entries)
      fail("snapshot has more than " + std::to_string(Limits.max_entries) +
           " entries");
  }

  static const IValue *find(const c10::Dict<IValue, IValue> &Dict,
                            const char *Key) {
    for (const auto &KV : Dict)
      if (KV.key().isString() && KV.key().toStringRef() == Key)
        return &KV.value();
    return nullptr;
  }

  static c10::ArrayRef<IValue> listOf(const IValue &V, const char *What) {
    if (V.isList())
      return V.toListRef();
    if (V.isTuple())
      return V.toTupleRef().elements();
    fail(std::string("'") + What + "' is not a list");
  }

  static c10::Dict<IValue, IValue> dictOf(const IValue &V, const char *What) {
    if (!V.isGenericDict())
      fail(std::string("'") + What + "' is not a dict");
    return V.toGenericDict();
  }

  static int64_t intOr(const c10::Dict<IValue, IValue> &D, const char *Key,
                       int64_t Default) {
    const IValue *V = find(D, Key);
    if (!V || V->isNone())
      return Default;
    if (V->isInt())
      return V->toInt();
    if (V->isBool())
      return V->toBool();
    if (V->isDouble())
      return static_cast<int64_t>(V->toDouble());
    fail(std::string("'") + Key + "' is not a number");
  }

  static uint64_t uintOr(const c10::Dict<IValue, IValue> &D, const char *Key) {
    return static_cast<uint64_t>(intOr(D, Key, 0));
  }

  static std::string strOr(const c10::Dict<IValue, IValue> &D, const char *Key) {
    const IValue *V = find(D, Key);
    if (!V || V->isNone())
      return {};
    if (!V->isString())
      fail(std::string("'") + Key + "' is not a string");
    return V->toStringRef();
  }

  std::vector<uint32_t> readFrames(const c10::Dict<IValue, IValue> &D) {
    std::vector<uint32_t> Result;
    const IValue *Frames = find(D, "frames");
    if (!Frames || Frames->isNone())
      return Result;
    for (const IValue &F : listOf(*Frames, "frames")) {
      count();
      const auto FD = dictOf(F, "frame");
      Frame Fr;
      Fr.name = strOr(FD, "name");
      Fr.filename = strOr(FD, "filename");
      Fr.line = intOr(FD, "line", 0);
      std::string Key = Fr.name;
      Key += '\0';
      Key += Fr.filename;
      Key += '\0';
      Key += std::to_string(Fr.line);
      auto [It, Inserted] =
          FrameIndex.emplace(std::move(Key), static_cast<uint32_t>(Out.frames.size()));
      if (Inserted)
        Out.frames.push_back(std::move(Fr));
      Result.push_back(It->second);
    }
    return Result;
  }

  Segment readSegment(const IValue &V) {
    count();
    const auto D = dictOf(V, "segment");
    Segment S;
    S.device = intOr(D, "device", 0);
    S.address = uintOr(D, "address");
    S.total_size = uintOr(D, "total_size");
    S.allocated_size = uintOr(D, "allocated_size");
    S.active_size = uintOr(D, "active_size");
    S.requested_size = uintOr(D, "requested_size");
    S.segment_type = strOr(D, "segment_type");
    if (const IValue *Blocks = find(D, "blocks"))
      for (const IValue &B : listOf(*Blocks, "blocks")) {
        count();
        const auto BD = dictOf(B, "block");
        Block Bl;
        Bl.address = uintOr(BD, "address");
        Bl.size = uintOr(BD, "size");
        Bl.requested_size = uintOr(BD, "requested_size");
        Bl.state = strOr(BD, "state");
        Bl.frames = readFrames(BD);
        S.blocks.push_back(std::move(Bl));
      }
    return S;
  }

  TraceEntry readTraceEntry(const IValue &V) {
    count();
    const auto D = dictOf(V, "trace entry");
    TraceEntry E;
    E.action = strOr(D, "action");
    E.addr = uintOr(D, "addr");
    E.size = uintOr(D, "size");
    E.time_us = intOr(D, "time_us", 0);
    E.frames = readFrames(D);
    return E;
  }

  Annotation readAnnotation(const IValue &V) {
    count();
    const auto D = dictOf(V, "annotation");
    Annotation A;
    A.device = intOr(D, "device", -1);
    A.time_us = intOr(D, "time_us", 0);
    for (const auto &KV : D) {
      if (!KV.key().isString())
        continue;
      const std::string &K = KV.key().toStringRef();
      if (K == "device" || K == "time_us")
        continue;
      if (KV.value().isString())
        A.metadata[K] = KV.value().toStringRef();
      else if (KV.value().isInt())
        A.metadata[K] = std::to_string(KV.value().toInt());
      else if (KV.value().isGenericDict())
        for (const auto &Inner : KV.value().toGenericDict())
          if (Inner.key().isString() && Inner.value().isString())
            A.metadata[Inner.key().toStringRef()] = Inner.value().toStringRef();
    }
    return A;
  }
};

std::string oneLine(std::string S) {
  for (char &C : S)
    if (C == '\n' || C == '\r')
      C = ' ';
  if (S.size() > 300)
    S.resize(300);
  return S;
}

/// Walks the opcode stream before torch's unpickler sees it, so that a
/// hostile file cannot make it allocate without bound: every argument must
/// fit in the input, memo ids must be small (the unpickler resizes its memo
/// table to the largest id it sees), and only opcodes a snapshot uses (plus
/// harmless ones) may appear. Returns false with a reason.
bool validateOpcodes(const unsigned char *D, size_t N, std::string &Error) {
  size_t I = 0, Ops = 0;
  auto Need = [&](size_t K) {
    if (K > N - I) {
      Error = "truncated pickle (argument of opcode at byte " + std::to_string(I) + ")";
      return false;
    }
    return true;
  };
  auto Le = [&](size_t K) {
    uint64_t V = 0;
    for (size_t B = 0; B < K; ++B)
      V |= static_cast<uint64_t>(D[I + B]) << (8 * B);
    return V;
  };
  auto Line = [&]() {
    while (I < N && D[I] != '\n')
      ++I;
    if (I == N) {
      Error = "truncated pickle (unterminated line)";
      return false;
    }
    ++I;
    return true;
  };
  auto MemoId = [&](uint64_t Id) {
    if (Id > Ops + 16) {
      Error = "corrupt pickle (memo id " + std::to_string(Id) + " at byte " +
              std::to_string(I) + ")";
      return false;
    }
    return true;
  };
  while (I < N) {
    const unsigned char Op = D[I++];
    ++Ops;
    switch (Op) {
    case '.': // STOP
      if (I != N) {
        Error = "corrupt pickle (data after STOP)";
        return false;
      }
      return true;
    case '(': case 't': case ')': case ']': case 'e': case 'a': case '}':
    case 'u': case 's': case 'N': case 0x88: case 0x89: case 0x85: case 0x86:
    case 0x87: case 'R': case 'b': case 0x81: case '0': case '1': case '2':
    case 0x94: // MEMOIZE
      break;
    case 0x80: // PROTO
    case 'K':  // BININT1
      if (!Need(1)) return false;
      I += 1;
      break;
    case 'M': // BININT2
      if (!Need(2)) return false;
      I += 2;
      break;
    case 'J': // BININT
      if (!Need(4)) return false;
      I += 4;
      break;
    case 'G': // BINFLOAT
    case 0x95: // FRAME
      if (!Need(8)) return false;
      I += 8;
      break;
    case 0x8a: { // LONG1
      if (!Need(1)) return false;
      const size_t K = D[I++];
      if (K > 8) {
        Error = "corrupt pickle (integer wider than 64 bits)";
        return false;
      }
      if (!Need(K)) return false;
      I += K;
      break;
    }
    case 'X': case 'B': { // BINUNICODE, BINBYTES
      if (!Need(4)) return false;
      const uint64_t K = Le(4);
      I += 4;
      if (!Need(K)) return false;
      I += K;
      break;
    }
    case 0x8c: case 'C': case 'U': { // SHORT_BINUNICODE, SHORT_BINBYTES, SHORT_BINSTRING
      if (!Need(1)) return false;
      const size_t K = D[I++];
      if (!Need(K)) return false;
      I += K;
      break;
    }
    case 'q': case 'h': // BINPUT, BINGET
      if (!Need(1) || !MemoId(D[I])) return false;
      I += 1;
      break;
    case 'r': case 'j': // LONG_BINPUT, LONG_BINGET
      if (!Need(4) || !MemoId(Le(4))) return false;
      I += 4;
      break;
    case 'c': // GLOBAL module\nname\n
      if (!Line() || !Line()) return false;
      break;
    default:
      Error = "corrupt pickle (unexpected opcode 0x" +
              std::string(1, "0123456789abcdef"[Op >> 4]) +
              std::string(1, "0123456789abcdef"[Op & 15]) + " at byte " +
              std::to_string(I - 1) + ")";
      return false;
    }
  }
  Error = "truncated pickle (no STOP)";
  return false;
}

} // namespace

bool readSnapshot(const char *Data, size_t Size, Snapshot &Out,
                  std::string &Error, const ReadLimits &Limits) {
  Out = Snapshot();
  if (Size == 0) {
    Error = "snapshot is empty";
    return false;
  }
  if (Size > Limits.max_bytes) {
    Error = "snapshot is larger than " + std::to_string(Limits.max_bytes) + " bytes";
    return false;
  }
  // Protocol-2+ pickles start with PROTO (0x80) and end with STOP ('.'); check
  // cheaply before handing the bytes to the unpickler.
  if (static_cast<unsigned char>(Data[0]) != 0x80 || Data[Size - 1] != '.') {
    Error = "not a pickle (truncated or corrupt snapshot)";
    return false;
  }
  if (!validateOpcodes(reinterpret_cast<const unsigned char *>(Data), Size, Error))
    return false;
  try {
    IValue Top = torch::jit::unpickle(Data, Size);
    Reader(Out, Limits).readTop(Top);
    return true;
  } catch (const FormatError &E) {
    Error = E.Message;
  } catch (const c10::Error &E) {
    Error = "corrupt snapshot: " + oneLine(E.what_without_backtrace());
  } catch (const std::exception &E) {
    Error = "corrupt snapshot: " + oneLine(E.what());
  } catch (...) {
    Error = "corrupt snapshot";
  }
  Out = Snapshot();
  return false;
}

bool readSnapshotFile(const std::string &Path, Snapshot &Out,
                      std::string &Error, const ReadLimits &Limits) {
  std::ifstream In(Path, std::ios::binary);
  if (!In) {
    Error = "cannot open " + Path;
    return false;
  }
  std::ostringstream Buf;
  Buf << In.rdbuf();
  const std::string Data = Buf.str();
  if (!readSnapshot(Data.data(), Data.size(), Out, Error, Limits)) {
    Error = Path + ": " + Error;
    return false;
  }
  return true;
}

} // namespace gpuleak
