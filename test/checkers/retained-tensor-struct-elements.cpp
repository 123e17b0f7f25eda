// RUN: %check_tidy %s gpuleak-retained-tensor %t -- -std=c++17 %mocks

// A container whose element is a struct holding tensors keeps what was
// stored into the element's fields: `h.state = out; archive_.push_back(h)`
// keeps `out` as `states_.push_back(out)` does (CI trial 17, D4: a streaming
// decoder's archive of best hypotheses was missed).

#include <torch/torch.h>

#include <optional>
#include <string>
#include <vector>

struct Net : torch::nn::Module {
  torch::Tensor forward(const torch::Tensor &x) { return fc->forward(x); }
  torch::nn::Linear fc{nullptr};
};

bool more();

struct Hyp {
  std::vector<int64_t> tokens;
  torch::Tensor state;
  double score = 0;
};

struct Scored {
  Scored(std::vector<int64_t> tokens, torch::Tensor out)
      : tokens(std::move(tokens)), out(std::move(out)) {}
  std::vector<int64_t> tokens;
  torch::Tensor out;
};

struct Frames {
  std::vector<torch::Tensor> states;
  std::optional<torch::Tensor> cached;
};

struct Step {
  Hyp hyp;
  int64_t t = 0;
};

struct Meta {
  std::vector<int64_t> tokens;
  std::string text;
  double score = 0;
};

class Decoder {
public:
  // A field of a local struct given a forward pass's output under
  // InferenceMode, the struct appended to a member on every call.
  void positiveField(const torch::Tensor &x) {
    torch::InferenceMode guard;
    Hyp h;
    h.state = net_.forward(x);
    h.tokens.push_back(1);
    archive_.push_back(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'archive_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'archive_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+85]]:5: note: 'positiveField' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-5]]:15: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

  // Built in place by a constructor that takes the tensor.
  void positiveEmplaced(const torch::Tensor &x) {
    torch::NoGradGuard no_grad;
    auto out = net_.forward(x);
    std::vector<int64_t> tokens{1, 2};
    scored_.emplace_back(tokens, out);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'scored_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'scored_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+75]]:5: note: 'positiveEmplaced' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-5]]:16: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

  // A member vector and an optional of the element, and a nested struct.
  void positiveNested(const torch::Tensor &x) {
    torch::InferenceMode guard;
    auto out = net_.forward(x).detach();
    Frames f;
    f.states.push_back(out);
    frames_.push_back(f);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'frames_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'frames_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+64]]:5: note: 'positiveNested' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-6]]:16: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    Frames g;
    g.cached = out.argmax(1);
    cachedFrames_.push_back(g);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'cachedFrames_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'cachedFrames_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+58]]:5: note: 'positiveNested' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-12]]:16: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
    Step s;
    s.hyp.state = out;
    steps_.push_back(s);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'steps_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'steps_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+52]]:5: note: 'positiveNested' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-18]]:16: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

  // A beam search: this call's hypotheses, filled from forward passes,
  // swapped into the beam (bounded), and a copy of the best kept in an
  // archive that nothing clears (trial 17's L9).
  void positiveBestOfBeam(const torch::Tensor &x, int beam) {
    torch::InferenceMode guard;
    for (int t = 0; t < 4; ++t) {
      std::vector<Hyp> next;
      for (const auto &hyp : beam_) {
        Hyp nh = hyp;
        nh.state = net_.forward(x);
        next.push_back(std::move(nh));
      }
      if (static_cast<int>(next.size()) > beam)
        next.resize(beam);
      beam_.swap(next);
    }
    best_.push_back(beam_.front());
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'best_' keeps a tensor from every call and is never cleared or bounded, so the device memory it holds grows for the rest of the run; store a CPU copy (.cpu()) or a number (.item<double>()), or bound 'best_' [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE+31]]:5: note: 'positiveBestOfBeam' is called in a loop here
    // CHECK-MESSAGES: :[[@LINE-10]]:20: note: the kept tensor is computed here; it carries no graph, but its storage stays on the device
  }

  // With grad mode on, the element keeps the forward pass's graph.
  void positiveGraph(const torch::Tensor &x) {
    Hyp h;
    h.state = net_.forward(x);
    graphs_.push_back(h);
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: storing a tensor that carries autograd history in 'graphs_' keeps every call's graph alive; store a number (.item<double>()) or a detached tensor (.detach()) [gpuleak-retained-tensor]
    // CHECK-MESSAGES: :[[@LINE-3]]:15: note: the graph it keeps alive is built here
  }

  void negativeFields(const torch::Tensor &x);
  void negativeBounded(const torch::Tensor &x);

private:
  Net net_;
  std::vector<Hyp> archive_, beam_, best_, graphs_, perCall_, capped_;
  std::vector<Scored> scored_;
  std::vector<Frames> frames_, cachedFrames_;
  std::vector<Step> steps_;
  std::vector<Meta> meta_;
  std::vector<Hyp> hostArchive_;
};

void runForever(Decoder &d, const torch::Tensor &x) {
  while (true) {
    d.positiveField(x);
    d.positiveEmplaced(x);
    d.positiveNested(x);
    d.positiveBestOfBeam(x, 4);
    d.positiveGraph(x);
    d.negativeFields(x);
    d.negativeBounded(x);
  }
}

// ---- negatives ----------------------------------------------------------

// Metadata only (tokens, text, a score), or a tensor field given a number,
// a host copy of a detached value, or a CPU tensor made from data.
void Decoder::negativeFields(const torch::Tensor &x) {
  torch::InferenceMode guard;
  auto out = net_.forward(x);
  Meta m;
  m.tokens.push_back(out.argmax(1).item<int64_t>());
  m.text = "best";
  m.score = out.sum().item<double>();
  meta_.push_back(m);
  Hyp h;
  h.score = out.mean().item<double>();
  h.state = out.detach().cpu();
  hostArchive_.push_back(h);
  Hyp d;
  d.state = torch::zeros({1, 4});
  hostArchive_.push_back(d);
}

// Cleared on every call, or cut to the beam size after the append.
void Decoder::negativeBounded(const torch::Tensor &x) {
  torch::InferenceMode guard;
  perCall_.clear();
  Hyp h;
  h.state = net_.forward(x);
  perCall_.push_back(h);
  capped_.push_back(h);
  if (capped_.size() > 4)
    capped_.resize(4);
}

// A local vector of structs returned to the caller.
std::vector<Hyp> negativeReturned(Net &net, const torch::Tensor &x) {
  torch::InferenceMode guard;
  std::vector<Hyp> hyps;
  while (true) {
    Hyp h;
    h.state = net.forward(x);
    hyps.push_back(h);
    if (!more())
      break;
  }
  return hyps;
}

void report(const std::vector<Hyp> &hyps);

// Appends under a loop that ends by its condition: one finite pass.
void negativeFinitePass(Net &net, const torch::Tensor &x) {
  torch::InferenceMode guard;
  std::vector<Hyp> hyps;
  while (more()) {
    Hyp h;
    h.state = net.forward(x);
    hyps.push_back(h);
  }
  report(hyps);
}
