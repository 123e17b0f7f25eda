// RUN: %check_tidy %s gpuleak-missing-detach %t -- -std=c++17 %mocks

// A state carried through a helper of the same file that wraps it (a tuple
// holding an optional vector of tuples, converted through c10::IValue), and
// through objects that hold tensors: a struct's field, a container of
// structs (a streaming recognizer's encoder state and beam hypotheses).

#include <torch/torch.h>

#include <optional>
#include <tuple>
#include <vector>

using State = std::vector<std::tuple<at::Tensor, at::Tensor>>;
using OState = std::optional<State>;

// The TorchScript encoder's state comes back as a list of (h, c) tuples.
State toState(c10::IValue raw) {
  State s;
  std::vector<c10::IValue> v = raw.toList().vec();
  for (std::vector<c10::IValue>::iterator it = v.begin(); it != v.end(); ++it) {
    auto h = (*it).toTuple()->elements()[0].toTensor();
    auto c = (*it).toTuple()->elements()[1].toTensor();
    s.push_back(std::make_tuple(h, c));
  }
  return s;
}

std::tuple<at::Tensor, OState> runEncoder(torch::jit::Module encoder,
                                          at::Tensor x, OState state) {
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(x);
  inputs.push_back(state);
  auto out = encoder.forward(inputs).toTuple()->elements();
  at::Tensor output = out[0].toTensor();
  auto next = OState(toState(out[1]));
  return std::make_tuple(output, next);
}

// The same helper's state detached element by element.
OState detachState(const OState &state) {
  State out;
  if (state)
    for (const auto &hc : *state)
      out.push_back(std::make_tuple(std::get<0>(hc).detach(), std::get<1>(hc).detach()));
  return out.empty() ? OState() : OState(out);
}

// A helper whose result does not depend on the state it is given: it
// returns a fresh state of its own (the argument is only checked).
std::tuple<at::Tensor, OState> runFresh(torch::jit::Module encoder,
                                        at::Tensor x, OState state) {
  std::vector<torch::jit::IValue> inputs;
  inputs.push_back(x);
  auto out = encoder.forward(inputs).toTuple()->elements();
  OState fresh = state ? OState(toState(out[1])) : OState();
  return std::make_tuple(out[0].toTensor(), fresh);
}

// The member is read into a local, the local is replaced by the helper's
// result computed from it, and stored back: the first value of the local
// does not reach the store, the second does.
struct PositiveChunker {
  torch::jit::Module encoder;
  OState state_;
  std::vector<at::Tensor> step(at::Tensor chunk) {
    auto state = this->state_;
    auto tpl = runEncoder(encoder, chunk, state);
    auto out = std::get<0>(tpl);
    state = std::get<1>(tpl);
    this->state_ = state;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'state_' is carried into the next call with its autograd graph, so the graphs of all calls stay reachable; detach it where it is carried over [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-5]]:16: note: the graph it keeps reachable is built here, from the carried value
    return {out};
  }
};

struct Hypothesis {
  std::vector<int> prediction;
  float score = 0;
  OState hidden;
};

// A struct held by a member: a copy of it gets the new state in its field
// and is stored back.
struct PositiveGreedy {
  torch::jit::Module predictor;
  Hypothesis hyp_;
  std::vector<int> step(at::Tensor frame) {
    auto hyp = this->hyp_;
    auto state = hyp.hidden;
    for (int j = 0; j < 4; ++j) {
      int cls = frame[j].item<int>();
      if (cls == 0)
        break;
      hyp.prediction.push_back(cls);
      auto tpl = runEncoder(predictor, frame, state);
      state = std::get<1>(tpl);
    }
    hyp.hidden = state;
    this->hyp_ = hyp;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'hyp_' is carried into the next call with its autograd graph{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-6]]:18: note: the graph it keeps reachable is built here, from the carried value
    return hyp.prediction;
  }
};

// A beam of hypotheses: each new hypothesis holds a state computed from an
// old one's, and the new beam replaces the member.
struct PositiveBeam {
  torch::jit::Module predictor;
  std::vector<Hypothesis> beams_;
  void step(at::Tensor frame) {
    std::vector<Hypothesis> next;
    for (const Hypothesis &b : beams_) {
      auto tpl = runEncoder(predictor, frame, b.hidden);
      Hypothesis h;
      h.prediction = b.prediction;
      h.hidden = std::get<1>(tpl);
      next.push_back(h);
    }
    this->beams_ = next;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'beams_' is carried into the next call with its autograd graph{{.*}} [gpuleak-missing-detach]
    // CHECK-MESSAGES: :[[@LINE-8]]:18: note: the graph it keeps reachable is built here, from the carried value
  }
};

// The state is detached by a helper of the file before it is stored.
struct NegativeDetachedChunker {
  torch::jit::Module encoder;
  OState state_;
  std::vector<at::Tensor> step(at::Tensor chunk) {
    auto state = this->state_;
    auto tpl = runEncoder(encoder, chunk, state);
    state = detachState(std::get<1>(tpl));
    this->state_ = state;
    return {std::get<0>(tpl)};
  }
};

// Each chunk starts from a fresh state: nothing of the member's old value
// reaches the new one.
struct NegativeFreshEachChunk {
  torch::jit::Module encoder;
  OState state_;
  std::vector<at::Tensor> step(at::Tensor chunk) {
    auto state = this->state_;
    state = OState();
    auto tpl = runEncoder(encoder, chunk, state);
    this->state_ = std::get<1>(tpl);
    return {std::get<0>(tpl)};
  }
};

// The helper's result does not depend on the state handed to it.
struct NegativeHelperIgnoresState {
  torch::jit::Module encoder;
  OState state_;
  std::vector<at::Tensor> step(at::Tensor chunk) {
    auto tpl = runFresh(encoder, chunk, this->state_);
    this->state_ = std::get<1>(tpl);
    return {std::get<0>(tpl)};
  }
};

// The TorchScript module runs under a guard: no graph is recorded.
struct NegativeGuardedChunker {
  torch::jit::Module encoder;
  OState state_;
  std::vector<at::Tensor> step(at::Tensor chunk) {
    torch::NoGradGuard guard;
    auto state = this->state_;
    auto tpl = runEncoder(encoder, chunk, state);
    state = std::get<1>(tpl);
    this->state_ = state;
    return {std::get<0>(tpl)};
  }
};

// The same chunker as PositiveChunker, whose every call in the file holds a
// guard: its step records no graph.
struct NegativeGuardedByCaller {
  torch::jit::Module encoder;
  OState state_;
  std::vector<at::Tensor> step(at::Tensor chunk) {
    auto state = this->state_;
    auto tpl = runEncoder(encoder, chunk, state);
    state = std::get<1>(tpl);
    this->state_ = state;
    return {std::get<0>(tpl)};
  }
};

void streamGuarded(NegativeGuardedByCaller &chunker, std::vector<at::Tensor> &chunks) {
  c10::InferenceMode guard;
  for (auto &c : chunks)
    chunker.step(c);
}

// A beam rebuilt every step from detached states.
struct NegativeDetachedBeam {
  torch::jit::Module predictor;
  std::vector<Hypothesis> beams_;
  void step(at::Tensor frame) {
    std::vector<Hypothesis> next;
    for (const Hypothesis &b : beams_) {
      auto tpl = runEncoder(predictor, frame, b.hidden);
      Hypothesis h;
      h.hidden = detachState(std::get<1>(tpl));
      next.push_back(h);
    }
    this->beams_ = next;
  }
};

// A decoder whose hidden state is carried from call to call, but whose
// every call in the file runs under a guard of its caller: no graph is
// recorded, nothing is carried.
class NegativeDecoderGuardedByCaller {
public:
  torch::Tensor step(const torch::Tensor &frame) {
    auto out = gru_->forward(frame, hidden_);
    hidden_ = std::get<1>(out);
    return std::get<0>(out);
  }

private:
  torch::nn::GRU gru_{nullptr};
  torch::Tensor hidden_;
};

void decodeStream(NegativeDecoderGuardedByCaller &dec, const std::vector<torch::Tensor> &frames) {
  torch::NoGradGuard guard;
  for (const auto &f : frames)
    dec.step(f);
}

// A constructor runs once per object: the first state it computes from the
// member's initial value is not carried from an earlier call.
class NegativeWarmedUpInConstructor {
public:
  explicit NegativeWarmedUpInConstructor(torch::nn::GRU gru) : gru_(gru) {
    auto out = gru_->forward(torch::zeros({1, 1, 8}), hidden_);
    hidden_ = std::get<1>(out);
  }

private:
  torch::nn::GRU gru_{nullptr};
  torch::Tensor hidden_ = torch::zeros({1, 8});
};
