#include <cuda_runtime.h>

#include <memory>

// The shape of bytedance/lightseq's GptEncoder (a template without a
// destructor, whose init_buffer allocates its own buffers) and Gpt (which
// frees only what it allocated), split like lightseq's model/ and pywrapper/.
template <typename T> class Encoder {
public:
  explicit Encoder(int n) : n_(n) {}
  void init_buffer();

private:
  int n_;
  T *state_ = nullptr;
};

class Model {
public:
  explicit Model(int n);
  ~Model();

private:
  cudaStream_t stream_;
  float *input_ = nullptr;
  std::shared_ptr<Encoder<float>> encoder_;
};

// A part whose buffer its holder releases through a method of the part
// (cache.cpp): nothing to report.
class Cache {
public:
  void init();
  void drop();

private:
  void *buf_ = nullptr;
};

class Service {
public:
  Service();
  ~Service();

private:
  void *own_ = nullptr;
  Cache cache_;
};
