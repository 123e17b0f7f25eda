// Mock of the parts of LibTorch 2.11 that gpuleak's checks look at. Names,
// namespaces, inheritance and default arguments follow the real headers (the
// header each entity comes from is given); bodies are empty. Tests in
// test/libtorch/ run the same checks on the real headers, so these mocks
// cannot drift unnoticed.
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace c10 {
using DeviceIndex = int8_t;
enum class DeviceType : int8_t { CPU = 0, CUDA = 1 };
constexpr DeviceType kCPU = DeviceType::CPU;
constexpr DeviceType kCUDA = DeviceType::CUDA;
struct Device {
  Device(DeviceType t, DeviceIndex i = -1) {}
  DeviceIndex index() const { return 0; }
};
enum class ScalarType : int8_t { Byte, Int, Long, Float, Double, Bool };
constexpr ScalarType kInt = ScalarType::Int;
constexpr ScalarType kLong = ScalarType::Long;
constexpr ScalarType kFloat = ScalarType::Float;
constexpr ScalarType kBool = ScalarType::Bool;
struct Scalar {
  Scalar() = default;
  Scalar(double) {}
  Scalar(int) {}
  template <typename T> T to() const { return T(); }
};
template <typename T> class ArrayRef {
public:
  ArrayRef() {}
  ArrayRef(const std::vector<T> &) {}
  ArrayRef(std::initializer_list<T>) {}
  const T *begin() const { return nullptr; }
  const T *end() const { return nullptr; }
  std::vector<T> vec() const { return {}; }
};
using IntArrayRef = ArrayRef<int64_t>;
// c10/util/ArrayRef.h
template <typename T> std::ostream &operator<<(std::ostream &, ArrayRef<T>);
using MempoolId_t = std::pair<uint64_t, uint64_t>;

// c10/core/Allocator.h, c10/core/CachingDeviceAllocator.h
struct Allocator {
  virtual ~Allocator() = default;
};
struct DeviceAllocator : public Allocator {
  virtual void emptyCache(MempoolId_t mempool_id = {0, 0}) = 0;
};

// c10/core/GradMode.h
struct AutoGradMode {
  AutoGradMode(bool enabled) {}
  ~AutoGradMode() {}
};
struct NoGradGuard : public AutoGradMode {
  NoGradGuard() : AutoGradMode(false) {}
};
// c10/core/InferenceMode.h
struct InferenceMode {
  InferenceMode(bool enabled = true) {}
  ~InferenceMode() {}
};
} // namespace c10

namespace at {
using namespace c10;
class Tensor;
using TensorList = c10::ArrayRef<Tensor>;
// ATen/TensorIndexing.h
namespace indexing {
struct Slice {
  Slice(std::optional<int64_t> start = std::nullopt,
        std::optional<int64_t> stop = std::nullopt,
        std::optional<int64_t> step = std::nullopt) {}
};
struct TensorIndex {
  TensorIndex(int64_t) {}
  TensorIndex(int) {}
  TensorIndex(Slice) {}
  TensorIndex(const Tensor &);
};
} // namespace indexing
struct TensorOptions {
  TensorOptions() {}
  TensorOptions(c10::DeviceType) {}
  TensorOptions device(c10::Device) const { return *this; }
  TensorOptions dtype(c10::ScalarType) const { return *this; }
  TensorOptions requires_grad(bool) const { return *this; }
};

// ATen/core/TensorBase.h
class TensorBase {
public:
  TensorBase() = default;
  int64_t size(int64_t dim) const { return 0; }
  int64_t numel() const { return 0; }
  bool defined() const { return true; }
  bool requires_grad() const { return false; }
  c10::Device device() const { return c10::Device(c10::kCPU); }
  TensorOptions options() const { return {}; }
  c10::ScalarType scalar_type() const { return c10::ScalarType::Float; }
  int64_t dim() const { return 0; }
  void reset() {} // gpuleak-create-graph-cycle
};

// ATen/core/TensorBody.h
class Tensor : public TensorBase {
public:
  Tensor() = default;
  Tensor(const Tensor &) = default;
  Tensor(Tensor &&) = default;
  void backward(const Tensor &gradient = {},
                std::optional<bool> retain_graph = std::nullopt,
                bool create_graph = false,
                std::optional<TensorList> inputs = std::nullopt) const {}
  Tensor detach() const { return *this; }
  Tensor &detach_() { return *this; }
  c10::Scalar item() const { return {}; }
  template <typename T> T item() const { return T(); }
  Tensor clone() const { return *this; }
  Tensor operator[](int64_t index) const { return *this; }
  Tensor to(c10::Device d) const { return *this; }
  Tensor to(c10::DeviceType d) const { return *this; }
  Tensor to(TensorOptions o) const { return *this; }
  Tensor to(c10::ScalarType t) const { return *this; }
  Tensor toType(c10::ScalarType t) const { return *this; }
  Tensor cpu() const { return *this; }
  Tensor cuda() const { return *this; }
  Tensor &grad() { return *this; }
  const Tensor &grad() const { return *this; }
  Tensor &mutable_grad() const { return const_cast<Tensor &>(*this); } // gpuleak-create-graph-cycle
  Tensor &requires_grad_(bool r = true) { return *this; }
  Tensor sum() const { return *this; }
  Tensor mean() const { return *this; }
  Tensor argmax(int64_t dim) const { return *this; }
  c10::IntArrayRef sizes() const { return {}; }
  Tensor reshape(c10::IntArrayRef) const { return *this; }
  Tensor view(c10::IntArrayRef) const { return *this; }
  Tensor slice(int64_t, int64_t, int64_t) const { return *this; }
  Tensor t() const { return *this; }
  Tensor &add_(const Tensor &other) { return *this; }
  Tensor &zero_() { return *this; }
  Tensor &operator+=(const Tensor &other) { return *this; }
  Tensor &operator+=(double other) { return *this; }
  Tensor &operator=(const Tensor &) & = default;
  Tensor &operator=(Tensor &&) & = default;
  // `t[i] = v`, `t.slice(...) = v`: an in-place copy into what t views.
  Tensor &operator=(const Tensor &rhs) && { return copy_(rhs); }
  Tensor &operator=(Tensor &&rhs) && { return copy_(rhs); }
  Tensor &operator=(const c10::Scalar &v) && { return *this; }
  // In-place writes (ATen/core/TensorBody.h).
  Tensor &copy_(const Tensor &src, bool non_blocking = false) { return *this; }
  Tensor &index_put_(c10::ArrayRef<indexing::TensorIndex> indices,
                     const Tensor &rhs) { return *this; }
  Tensor &index_put_(c10::ArrayRef<indexing::TensorIndex> indices,
                     const c10::Scalar &v) { return *this; }
  Tensor &index_copy_(int64_t dim, const Tensor &index, const Tensor &source) {
    return *this;
  }
  Tensor &masked_scatter_(const Tensor &mask, const Tensor &source) {
    return *this;
  }
  Tensor &masked_fill_(const Tensor &mask, const Tensor &value) { return *this; }
  Tensor &fill_(const c10::Scalar &value) { return *this; }
  Tensor &fill_(const Tensor &value) { return *this; }
  Tensor &index_add_(int64_t dim, const Tensor &index, const Tensor &source) {
    return *this;
  }
  Tensor narrow(int64_t dim, int64_t start, int64_t length) const { return *this; }
  Tensor select(int64_t dim, int64_t index) const { return *this; }
  Tensor index(c10::ArrayRef<indexing::TensorIndex> indices) const { return *this; }
  template <typename T> T *data_ptr() const { return nullptr; }
  // For gpuleak-retained-tensor / gpuleak-missing-detach tests.
  Tensor softmax(int64_t dim) const { return *this; }
  Tensor multinomial(int64_t num_samples, bool replacement = false) const {
    return *this;
  }
};
Tensor operator+(const Tensor &, const Tensor &);
Tensor operator-(const Tensor &, const Tensor &);
Tensor operator*(const Tensor &, const Tensor &);
Tensor operator*(double, const Tensor &);
Tensor operator*(const Tensor &, double);
Tensor operator/(const Tensor &, double);
Tensor operator-(const Tensor &);
Tensor randn(c10::IntArrayRef, TensorOptions = {});
Tensor zeros(c10::IntArrayRef, TensorOptions = {});
Tensor ones(c10::IntArrayRef, TensorOptions = {});
Tensor rand(c10::IntArrayRef, TensorOptions = {});
Tensor empty(c10::IntArrayRef, TensorOptions = {});
Tensor full(c10::IntArrayRef, double, TensorOptions = {});
Tensor zeros_like(const Tensor &, TensorOptions = {});
Tensor tanh(const Tensor &);
Tensor matmul(const Tensor &, const Tensor &);
Tensor mse_loss(const Tensor &, const Tensor &);
Tensor not_equal(const Tensor &, const Tensor &);
// ATen/TensorOperators.h, ATen/core/Formatting.h
Tensor operator==(const Tensor &, const Tensor &);
std::ostream &operator<<(std::ostream &, const Tensor &);
Tensor nll_loss(const Tensor &, const Tensor &);
Tensor sum(const Tensor &);
Tensor cat(TensorList, int64_t dim = 0);
Tensor stack(TensorList, int64_t dim = 0);

// ATen/DeviceAccelerator.h
namespace accelerator {
inline void emptyCache() {}
} // namespace accelerator
inline c10::DeviceAllocator *getDeviceAllocator(c10::DeviceType) {
  return nullptr;
}

// ATen/core/CachingHostAllocator.h
struct HostAllocator : public c10::Allocator {
  virtual void empty_cache() = 0;
};
inline HostAllocator *getHostAllocator(c10::DeviceType) { return nullptr; }
namespace cuda {
inline void CachingHostAllocator_emptyCache() {}
} // namespace cuda

// ATen/core/grad_mode.h
using NoGradGuard = c10::NoGradGuard;
using AutoGradMode = c10::AutoGradMode;
} // namespace at

// c10/cuda/CUDACachingAllocator.h
namespace c10::cuda::CUDACachingAllocator {
class CUDAAllocator : public DeviceAllocator {
public:
  void emptyCache(MempoolId_t mempool_id = {0, 0}) override {}
};
inline CUDAAllocator *get() { return nullptr; }
inline void emptyCache(MempoolId_t mempool_id = {0, 0}) {
  get()->emptyCache(mempool_id);
}
} // namespace c10::cuda::CUDACachingAllocator

// ATen/core/ivalue.h
namespace c10 {
struct IValue;
namespace ivalue {
struct Tuple {
  const std::vector<IValue> &elements() const;
};
} // namespace ivalue
struct IValue {
  IValue() {}
  IValue(const at::Tensor &) {}
  // ivalue.h: lists and optionals of IValue-convertible values.
  template <typename T> IValue(const std::vector<T> &) {}
  template <typename T> IValue(const std::optional<T> &) {}
  bool isTensor() const { return true; }
  bool isTuple() const { return false; }
  // ivalue.h: the rvalue overload is not const.
  at::Tensor toTensor() && { return {}; }
  at::Tensor &toTensor() & { return t_; }
  const at::Tensor &toTensor() const & { return t_; }
  at::Tensor t_;
  std::shared_ptr<ivalue::Tuple> toTuple() const { return nullptr; }
  // ATen/core/List.h: c10::List<IValue>, read back with vec().
  struct GenericList {
    std::vector<IValue> vec() const;
  };
  GenericList toList() const { return {}; }
};
} // namespace c10

namespace torch {
// torch/csrc/api/include/torch/types.h
using namespace at; // NOLINT
constexpr auto kInt64 = at::kLong;
constexpr auto kFloat32 = at::kFloat;
// torch/csrc/api/include/torch/utils.h
using NoGradGuard = at::NoGradGuard;

namespace autograd {
using Variable = at::Tensor;
using variable_list = std::vector<Variable>;
// torch/csrc/autograd/autograd.h
variable_list grad(const variable_list &outputs, const variable_list &inputs,
                   const variable_list &grad_outputs = {},
                   std::optional<bool> retain_graph = std::nullopt,
                   bool create_graph = false, bool allow_unused = false);
void backward(const variable_list &tensors,
              const variable_list &grad_tensors = {},
              std::optional<bool> retain_graph = std::nullopt,
              bool create_graph = false, const variable_list &inputs = {});
} // namespace autograd

namespace nn {
// torch/csrc/api/include/torch/nn/module.h
class Module {
public:
  virtual ~Module() = default;
  void eval() {}
  void train(bool on = true) {}
  bool is_training() const { return true; }
  std::vector<at::Tensor> parameters() const { return {}; }
  void to(c10::Device) {}
  void zero_grad(bool set_to_none = true) {}
  template <typename M> std::shared_ptr<M> register_module(std::string, std::shared_ptr<M> m) { return m; }
  at::Tensor &register_parameter(std::string name, at::Tensor tensor,
                                 bool requires_grad = true);
};
template <typename Derived> class Cloneable : public Module {};
// torch/csrc/api/include/torch/nn/pimpl.h
template <typename Contained> class ModuleHolder {
public:
  ModuleHolder(std::nullptr_t) {}
  template <typename... Args> ModuleHolder(Args &&...args) {}
  Contained *operator->() { return impl_.get(); }
  const Contained *operator->() const { return impl_.get(); }
  template <typename... Args> auto operator()(Args &&...args) {
    return impl_->forward(std::forward<Args>(args)...);
  }
  std::shared_ptr<Contained> ptr() const { return impl_; }

protected:
  std::shared_ptr<Contained> impl_;
};
class LinearImpl : public Cloneable<LinearImpl> {
public:
  LinearImpl(int64_t in, int64_t out) {}
  at::Tensor forward(const at::Tensor &input) { return input; }
  at::Tensor weight;
  at::Tensor bias;
};
struct Linear : ModuleHolder<LinearImpl> {
  using ModuleHolder<LinearImpl>::ModuleHolder;
};
// torch/csrc/api/include/torch/nn/modules/loss.h
class MSELossImpl : public Cloneable<MSELossImpl> {
public:
  at::Tensor forward(const at::Tensor &input, const at::Tensor &target) { return input; }
};
struct MSELoss : ModuleHolder<MSELossImpl> {
  using ModuleHolder<MSELossImpl>::ModuleHolder;
};
class ReLUImpl : public Cloneable<ReLUImpl> {
public:
  at::Tensor forward(at::Tensor input) { return input; }
};
struct ReLU : ModuleHolder<ReLUImpl> {
  using ModuleHolder<ReLUImpl>::ModuleHolder;
};
class LSTMImpl : public Cloneable<LSTMImpl> {
public:
  LSTMImpl(int64_t in, int64_t hidden) {}
  std::tuple<at::Tensor, std::tuple<at::Tensor, at::Tensor>>
  forward(const at::Tensor &input,
          std::optional<std::tuple<at::Tensor, at::Tensor>> hx = {}) {
    return {};
  }
};
struct LSTM : ModuleHolder<LSTMImpl> {
  using ModuleHolder<LSTMImpl>::ModuleHolder;
};
class GRUImpl : public Cloneable<GRUImpl> {
public:
  GRUImpl(int64_t in, int64_t hidden) {}
  std::tuple<at::Tensor, at::Tensor> forward(const at::Tensor &input,
                                             at::Tensor hx = {}) {
    return {};
  }
};
struct GRU : ModuleHolder<GRUImpl> {
  using ModuleHolder<GRUImpl>::ModuleHolder;
};
// torch/csrc/api/include/torch/nn/modules/container/sequential.h
class SequentialImpl : public Cloneable<SequentialImpl> {
public:
  template <typename... M> SequentialImpl(M &&...modules) {}
  template <typename ReturnType = at::Tensor, typename... InputTypes>
  ReturnType forward(InputTypes &&...inputs) { return ReturnType(); }
};
struct Sequential : ModuleHolder<SequentialImpl> {
  using ModuleHolder<SequentialImpl>::ModuleHolder;
};
// torch/csrc/api/include/torch/nn/modules/container/any.h
class AnyModule {
public:
  template <typename M> AnyModule(M m) {}
  template <typename... A> at::Tensor forward(A &&...a) { return {}; }
};
namespace functional {
at::Tensor cross_entropy(const at::Tensor &input, const at::Tensor &target);
at::Tensor mse_loss(const at::Tensor &input, const at::Tensor &target);
} // namespace functional
} // namespace nn

namespace optim {
struct Optimizer {
  void zero_grad(bool set_to_none = true) {}
  void step() {}
};
struct SGDOptions { SGDOptions(double lr) {} };
struct SGD : Optimizer {
  SGD(std::vector<at::Tensor> params, SGDOptions o) {}
};
struct AdamOptions { AdamOptions(double lr = 1e-3) {} };
struct Adam : Optimizer {
  Adam(std::vector<at::Tensor> params, AdamOptions o = {}) {}
};
} // namespace optim

namespace jit {
using IValue = c10::IValue;
using Kwargs = std::unordered_map<std::string, IValue>;
// torch/csrc/jit/api/method.h
struct Method {
  IValue operator()(std::vector<IValue> stack, const Kwargs &kwargs = Kwargs()) const {
    return {};
  }
};
// torch/csrc/jit/api/module.h
struct Module {
  Method get_method(const std::string &name) const { return {}; }
  // torch/csrc/jit/api/object.h (Object::run_method)
  template <typename... Types>
  IValue run_method(const std::string &method_name, Types &&...args) {
    return {};
  }
  IValue forward(std::vector<IValue> inputs, const Kwargs &kwargs = Kwargs()) {
    return {};
  }
  IValue operator()(std::vector<IValue> inputs) { return {}; } // gpuleak-missing-no-grad
  void eval() {}
  void train(bool on = true) {}
  void to(c10::Device) {}
};
Module load(const std::string &filename);
Module load(const std::string &filename, c10::Device device);
} // namespace jit
} // namespace torch

// --- gpuleak-missing-no-grad / gpuleak-create-graph-cycle ---
namespace c10 {
// c10/core/GradMode.h
struct GradMode {
  static bool is_enabled();
  static void set_enabled(bool enabled);
};
} // namespace c10
// ATen/core/grad_mode.h, torch/csrc/autograd/grad_mode.h
namespace at {
using GradMode = c10::GradMode;
} // namespace at
namespace torch::autograd {
using GradMode = at::GradMode;
} // namespace torch::autograd
namespace at {
// ATen/core/LegacyTypeDispatch.h
struct AutoDispatchBelowAutograd {
  AutoDispatchBelowAutograd() {}
  ~AutoDispatchBelowAutograd() {}
};
} // namespace at
namespace torch {
// torch/csrc/api/include/torch/utils.h
using AutoGradMode = at::AutoGradMode;
// torch/csrc/api/include/torch/serialize.h
template <typename Value, typename... SaveToArgs>
void save(const Value &value, SaveToArgs &&...args) {}
} // namespace torch
// --- end gpuleak-missing-no-grad / gpuleak-create-graph-cycle ---
