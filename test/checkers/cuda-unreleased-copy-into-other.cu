// RUN: %check_tidy %s gpuleak-cuda-unreleased %t -- -std=c++17 %cuda_flags

// A member copied into a member of another object (`layer->tmp_ = tmp_;`)
// is handed on only when that member is looked after: released by its
// class's destructor or a release method, released through the object
// (`cudaFree(l->tmp_)`), or handed on. A borrowed pointer, which nothing
// releases, stays the object's, and a destructor that releases the other
// members and not this one forgets it. Before, any copy counted as handing
// the member on (the fifteenth labelled set's zzzc18/resnet_cudnn
// `network.cu:392`, `d_temp_grad_features_` lent to every layer). Without
// the index, a class with a method defined in another file may release the
// member there: the copy hands it on.

#include <cuda_runtime.h>
#include <vector>

// Borrows the scratch buffer: nothing of it releases `scratch_`.
struct Layer {
  void backward(int n) { cudaMemset(scratch_, 0, n); }
  ~Layer() { cudaFree(weights_); }
  float *scratch_ = nullptr;
  float *weights_ = nullptr;
};

// Owns what it is given.
struct Owner {
  ~Owner() { cudaFree(buf_); }
  float *buf_ = nullptr;
};

// Released by a function of the translation unit, through the object.
struct Slot {
  float *buf_ = nullptr;
};
static void freeSlot(Slot *s) { cudaFree(s->buf_); }

// A method defined in another file may release it.
struct Remote {
  void drop();
  float *buf_ = nullptr;
};

// ---- positives ----

class PositiveNetwork {
public:
  void allocate(std::vector<Layer *> &layers, int n) {
    if (features_)
      cudaFree(features_);
    cudaMalloc(&features_, n);
    if (scratch_)
      cudaFree(scratch_);
    cudaMalloc(&scratch_, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: the device memory allocated by 'cudaMalloc' into member 'scratch_' is never released: the destructor of 'PositiveNetwork' releases other members but not 'scratch_'; release it with 'cudaFree' there [gpuleak-cuda-unreleased]
    // CHECK-MESSAGES: :[[@LINE+4]]:3: note: destructor of 'PositiveNetwork' is here
    for (Layer *layer : layers)
      layer->scratch_ = scratch_;
  }
  ~PositiveNetwork() { cudaFree(features_); }

private:
  float *features_ = nullptr;
  float *scratch_ = nullptr;
};

// ---- negatives ----

class NegativeGivenToOwner {
public:
  NegativeGivenToOwner(Owner *o, int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
    o->buf_ = b_;
  }
  ~NegativeGivenToOwner() { cudaFree(a_); }

private:
  float *a_ = nullptr, *b_ = nullptr;
};

class NegativeGivenToSlot {
public:
  NegativeGivenToSlot(Slot &s, int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
    s.buf_ = b_;
  }
  ~NegativeGivenToSlot() { cudaFree(a_); }

private:
  float *a_ = nullptr, *b_ = nullptr;
};

class NegativeGivenToRemote {
public:
  NegativeGivenToRemote(Remote &r, int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
    r.buf_ = b_;
  }
  ~NegativeGivenToRemote() { cudaFree(a_); }

private:
  float *a_ = nullptr, *b_ = nullptr;
};

// The object's own other member: the destructor releases that one.
class NegativeOwnAlias {
public:
  NegativeOwnAlias(int n) {
    cudaMalloc(&a_, n);
    cudaMalloc(&b_, n);
    alias_ = b_;
  }
  ~NegativeOwnAlias() {
    cudaFree(a_);
    cudaFree(alias_);
  }

private:
  float *a_ = nullptr, *b_ = nullptr, *alias_ = nullptr;
};

void useSlot(Slot *s) { freeSlot(s); }
