// Stub of the pre-1.9 LibTorch c10d::ProcessGroup, as fastrl uses it (nested Work).
#pragma once
#include <torch/torch.h>
#include <vector>
namespace c10d {
class Store {
public:
  explicit Store(const std::string &path);
};
class ProcessGroup {
public:
  class Work : public c10::intrusive_ptr_target {
  public:
    bool wait();
  };
  virtual ~ProcessGroup();
  int getRank() const;
  int getSize() const;
  c10::intrusive_ptr<Work> allreduce(std::vector<at::Tensor> &tensors);
  c10::intrusive_ptr<Work> gather(std::vector<std::vector<at::Tensor>> &outputs,
                                  std::vector<at::Tensor> &inputs);
};
} // namespace c10d
