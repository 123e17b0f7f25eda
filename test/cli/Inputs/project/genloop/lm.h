#include <torch/torch.h>
#include <cstdint>
#include <vector>
struct Net : torch::nn::Module {
  torch::nn::Linear fc{nullptr};
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
};
// A generator of another file: runs the model once per token, returns ids
// and writes the last logits through a reference. It holds a tensor member
// (a KV cache) that generate() never writes.
class Gen {
public:
  explicit Gen(std::shared_ptr<Net> m) : m_(m) {}
  std::vector<int64_t> generate(const torch::Tensor &p, torch::Tensor &last);
  // The same, under its own guard.
  std::vector<int64_t> generate_safe(const torch::Tensor &p, torch::Tensor &last);
  // The same, but it keeps each step's logits (with their graph) in cache_.
  std::vector<int64_t> generate_cached(const torch::Tensor &p, torch::Tensor &last);
  void reset() { cache_ = torch::Tensor(); }
private:
  std::shared_ptr<Net> m_;
  torch::Tensor cache_;
};
void serve(Gen &g, const torch::Tensor &x);
void serve_guarded(Gen &g, const torch::Tensor &x);
void serve_safe(Gen &g, const torch::Tensor &x);
void serve_cached(Gen &g, const torch::Tensor &x);
void finetune(std::shared_ptr<Net> m, Gen &g);
