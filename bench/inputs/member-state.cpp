// Input of bench/check-overhead.py: a translation unit whose per-member rules
// must not cost a walk of the whole TU (LibTorch's headers) per member or per
// call: 16 recurrent states, each with a lazy first value, a setter, a reset
// called under `if (!h.defined())` and by an episode loop, and virtual steps
// with overriders. Not a test: its findings do not matter, only the time.
#include <torch/torch.h>

#include <memory>
#include <vector>

#define STATE(N)                                                               \
  torch::Tensor h##N##_;                                                       \
  void set##N(const torch::Tensor &t) { h##N##_ = t; }                         \
  void reset##N(int64_t n) { h##N##_ = torch::zeros({n, 32}); }                \
  void lazy##N(int64_t n) {                                                    \
    if (!h##N##_.defined())                                                    \
      reset##N(n);                                                             \
  }                                                                            \
  torch::Tensor step##N(const torch::Tensor &x) {                              \
    if (!h##N##_.defined())                                                    \
      h##N##_ = torch::zeros_like(x);                                          \
    h##N##_ = torch::tanh(x + h##N##_).detach();                               \
    return h##N##_;                                                            \
  }

struct Stepper {
  virtual ~Stepper() = default;
  virtual torch::Tensor step(const torch::Tensor &x) = 0;
};

struct Cell : Stepper, torch::nn::Module {
  STATE(0) STATE(1) STATE(2) STATE(3) STATE(4) STATE(5) STATE(6) STATE(7)
  STATE(8) STATE(9) STATE(10) STATE(11) STATE(12) STATE(13) STATE(14) STATE(15)
  torch::Tensor step(const torch::Tensor &x) override {
    return step0(x) + step1(x) + step2(x) + step3(x) + step4(x) + step5(x) +
           step6(x) + step7(x) + step8(x) + step9(x) + step10(x) + step11(x) +
           step12(x) + step13(x) + step14(x) + step15(x);
  }
};

struct Other : Stepper {
  torch::Tensor last_;
  torch::Tensor step(const torch::Tensor &x) override { return last_ = x * 2; }
};

double episodes(std::vector<std::unique_ptr<Stepper>> &steppers, Cell &cell,
                const torch::Tensor &obs, int n) {
  double total = 0;
  for (int e = 0; e < n; ++e) {
    cell.reset0(4); cell.reset1(4); cell.reset2(4); cell.reset3(4);
    cell.lazy4(4); cell.lazy5(4); cell.lazy6(4); cell.lazy7(4);
    for (auto &s : steppers)
      total += s->step(obs).sum().item<double>();
    cell.set8(obs); cell.set9(obs);
  }
  return total;
}
