#include <torch/script.h>

#include <vector>

// A policy engine whose members hold the last forward pass's output.
class Engine {
public:
  float predict(float x);
  float predictKept(float x);
  float report() const;
  torch::Tensor last() const;

private:
  torch::jit::Module module_;
  torch::Tensor out_, kept_;
};
