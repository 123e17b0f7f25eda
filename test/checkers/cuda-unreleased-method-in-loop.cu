// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A method that creates into a member without releasing what the member
// holds, called on one object on every iteration of a loop (the workspace
// `resize` of a training step): each call after the first loses the last
// one's resource, whatever the destructor does at the end (a new user's
// project, session 21: `Workspace::resize` called per step from a free
// function's loop was missed; only calls from other methods counted).

#include <cuda_runtime.h>

#include <cstddef>

struct Workspace {
  void *ptr_ = nullptr;
  void resize(size_t n) { cudaMalloc(&ptr_, n); }
  // CHECK-MESSAGES: :[[@LINE-1]]:27: warning: the device memory allocated by 'cudaMalloc' into member 'ptr_' loses the one 'ptr_' already holds, when 'resize' runs again; release it with 'cudaFree' first [gpuleak-cuda-unreleased]
  void release() {
    cudaFree(ptr_);
    ptr_ = nullptr;
  }
  ~Workspace() { cudaFree(ptr_); }
};

void positiveStepLoop(int steps, size_t n) {
  Workspace ws;
  for (int i = 0; i < steps; ++i) {
    ws.resize(n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: note: 'resize' is called here on the same object on every iteration of this loop
  }
}

struct Grown {
  void *ptr_ = nullptr;
  // Releases what it holds first: nothing is lost.
  void resize(size_t n) {
    if (ptr_)
      cudaFree(ptr_);
    cudaMalloc(&ptr_, n);
  }
  ~Grown() { cudaFree(ptr_); }
};

struct Scratch {
  void *ptr_ = nullptr;
  void make(size_t n) { cudaMalloc(&ptr_, n); }
  void drop() { cudaFree(ptr_); }
  ~Scratch() { cudaFree(ptr_); }
};
void consume(Scratch &s);

struct Once {
  void *ptr_ = nullptr;
  void make(size_t n) { cudaMalloc(&ptr_, n); }
  ~Once() { cudaFree(ptr_); }
};

void negativeLoops(int steps, size_t n, bool grow) {
  Grown g;
  for (int i = 0; i < steps; ++i)
    g.resize(n);
  // A new object each iteration: its destructor releases it.
  for (int i = 0; i < steps; ++i) {
    Scratch s;
    s.make(n);
  }
  // Released by another method on the same object in the same iteration.
  Scratch d;
  for (int i = 0; i < steps; ++i) {
    d.make(n);
    d.drop();
  }
  // Handed to a function that may release it.
  Scratch h;
  for (int i = 0; i < steps; ++i) {
    h.make(n);
    consume(h);
  }
  // Created once, before the loop.
  Once o;
  o.make(n);
  for (int i = 0; i < steps; ++i)
    (void)o.ptr_;
}
