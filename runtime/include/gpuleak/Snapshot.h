//===- Snapshot.h - The caching allocator's pickled snapshot ----*- C++ -*-===//
//
// Part of gpuleak's runtime verifier (links LibTorch, never LLVM).
//
// A plain in-memory model of the pickle that torch::cuda::_memory_snapshot_pickled()
// (and torch.cuda.memory._snapshot() in Python) produce, and a reader that never
// throws. Field names follow the pickled keys verbatim.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace gpuleak {

/// One stack frame as the allocator pickles it: {name, filename, line}.
struct Frame {
  std::string name;     // demangled function name, or "??"
  std::string filename; // absolute source path, a bare file name, or "??"
  int64_t line = 0;     // 1-based source line; 0 when unknown
};

/// A block: a sub-range of a segment handed to (or cached for) a client.
struct Block {
  uint64_t address = 0;        // device address of the block
  uint64_t size = 0;           // bytes, rounded by the allocator
  uint64_t requested_size = 0; // bytes the client asked for (unrounded)
  std::string state;           // "active_allocated", "active_pending_free" or "inactive"
  std::vector<uint32_t> frames; // indices into Snapshot::frames; innermost first
};

/// A segment: one cudaMalloc (or mapped range) owned by the allocator.
struct Segment {
  int64_t device = 0;          // CUDA device index
  uint64_t address = 0;        // device address of the segment
  uint64_t total_size = 0;     // bytes reserved from the device
  uint64_t allocated_size = 0; // bytes in active_allocated blocks
  uint64_t active_size = 0;    // bytes in active (allocated or pending free) blocks
  uint64_t requested_size = 0; // unrounded bytes requested by clients
  std::string segment_type;    // "small" or "large"
  std::vector<Block> blocks;
};

/// One entry of a device's allocation history.
struct TraceEntry {
  std::string action; // alloc, free_requested, free_completed, segment_alloc, ...
  uint64_t addr = 0;  // device address (for oom: free bytes)
  uint64_t size = 0;  // bytes
  int64_t time_us = 0; // approximate wall clock, microseconds since the epoch
  std::vector<uint32_t> frames; // indices into Snapshot::frames; innermost first
};

/// An external annotation (torch's recordAnnotation): a time and key/values.
struct Annotation {
  int64_t device = -1;
  int64_t time_us = 0;
  std::map<std::string, std::string> metadata;
};

/// The whole snapshot. Frames are interned: blocks and trace entries refer to
/// Snapshot::frames by index, since the same frames repeat thousands of times.
struct Snapshot {
  std::vector<Frame> frames;
  std::vector<Segment> segments;
  std::vector<std::vector<TraceEntry>> device_traces; // one list per device
  std::vector<Annotation> external_annotations;
};

/// Limits that keep a hostile or corrupt file from exhausting memory.
struct ReadLimits {
  size_t max_bytes = size_t(1) << 30;      // refuse pickles larger than 1 GiB
  size_t max_entries = size_t(20) << 20;   // blocks + trace entries + frames
};

/// Parses a pickled snapshot. Returns false and sets Error (one line) on
/// truncated, corrupt or unexpected input; never throws.
bool readSnapshot(const char *Data, size_t Size, Snapshot &Out,
                  std::string &Error, const ReadLimits &Limits = {});

/// Reads a file and parses it as above.
bool readSnapshotFile(const std::string &Path, Snapshot &Out,
                      std::string &Error, const ReadLimits &Limits = {});

} // namespace gpuleak
