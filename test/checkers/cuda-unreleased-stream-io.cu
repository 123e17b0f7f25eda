// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A buffer handed to a read or write of a C++ library stream
// (`os.write(p, n)`, `is.read(p, n)`) is only read or written through: the
// stream copies bytes and keeps nothing, so a path that leaves afterwards
// still leaks it. Before, a pointer passed to any method counted as handed
// on, and such a write hid the early return (the fifteenth labelled set's
// nvdsvideotemplate-example `customlib_trt.cpp:957`, a pinned buffer
// written to an `std::ofstream` before a `return` that skips its
// `cudaFreeHost`). A stream that takes the buffer as its own
// (`pubsetbuf`), and a container that keeps the pointer, hand it on.

#include <cuda_runtime.h>

#include <fstream>
#include <vector>

int unmap();

// ---- positives ----

void positiveWrite(std::ofstream &os, int n) {
  void *buf = nullptr;
  cudaMallocHost(&buf, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the pinned host memory allocated by 'cudaMallocHost' is not released on every path; release it with 'cudaFreeHost' on every path out of the function [gpuleak-cuda-unreleased]
  os.write(reinterpret_cast<char *>(buf), n);
  if (unmap() != 0)
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this returns
  cudaFreeHost(buf);
}

void positiveRead(std::ifstream &is, int n) {
  char *buf = nullptr;
  cudaMallocHost(&buf, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: the pinned host memory allocated by 'cudaMallocHost' is not released on every path; release it with 'cudaFreeHost' on every path out of the function [gpuleak-cuda-unreleased]
  is.read(buf, n);
  if (is.gcount() != n)
    return;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: note: leaked when this returns
  is.getline(buf, n);
  cudaFreeHost(buf);
}

// ---- negatives ----

void negativeWriteReleased(std::ofstream &os, int n) {
  char *buf = nullptr;
  cudaMallocHost(&buf, n);
  os.write(buf, n);
  cudaFreeHost(buf);
}

// The stream buffers into it from now on: it is the stream's.
void negativeSetBuf(std::ofstream &os, int n) {
  char *buf = nullptr;
  cudaMallocHost(&buf, n);
  os.rdbuf()->pubsetbuf(buf, n);
  if (unmap() != 0)
    return;
  cudaFreeHost(buf);
}

void negativeKept(std::vector<void *> &keep, int n) {
  void *buf = nullptr;
  cudaMallocHost(&buf, n);
  keep.push_back(buf);
  if (unmap() != 0)
    return;
}
