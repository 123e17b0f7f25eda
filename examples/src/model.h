// A small image classifier and a word-level language model, with the data
// types the training, evaluation and inference code share.
#pragma once

#include <torch/torch.h>

#include <cstdint>
#include <tuple>
#include <vector>

struct ClassifierImpl : torch::nn::Module {
  ClassifierImpl(int64_t in_features, int64_t classes)
      : fc1(register_module("fc1", torch::nn::Linear(in_features, 512))),
        fc2(register_module("fc2", torch::nn::Linear(512, classes))) {}

  torch::Tensor forward(const torch::Tensor& x) {
    return torch::log_softmax(fc2->forward(torch::relu(fc1->forward(x))), /*dim=*/1);
  }

  torch::nn::Linear fc1;
  torch::nn::Linear fc2;
};
TORCH_MODULE(Classifier);

using LstmState = std::tuple<torch::Tensor, torch::Tensor>;

struct LanguageModelImpl : torch::nn::Module {
  explicit LanguageModelImpl(int64_t vocab)
      : embed(register_module("embed", torch::nn::Embedding(vocab, 128))),
        lstm(register_module("lstm", torch::nn::LSTM(torch::nn::LSTMOptions(128, 256)))),
        decoder(register_module("decoder", torch::nn::Linear(256, vocab))) {}

  std::tuple<torch::Tensor, LstmState> forward(const torch::Tensor& tokens, const LstmState& state) {
    auto [out, next] = lstm->forward(embed->forward(tokens), state);
    return {decoder->forward(out), next};
  }

  torch::nn::Embedding embed;
  torch::nn::LSTM lstm;
  torch::nn::Linear decoder;
};
TORCH_MODULE(LanguageModel);

struct Batch {
  torch::Tensor data;    // [N, features], float
  torch::Tensor target;  // [N], int64 class labels
};

/// Synthetic data so the example runs anywhere: `count` batches of `size` rows.
std::vector<Batch> make_batches(int count, int64_t size, int64_t features, int64_t classes);

double train_epoch(Classifier& model, torch::optim::Optimizer& optimizer, const std::vector<Batch>& batches,
                   const torch::Device& device);
double train_epoch_logged(Classifier& model, torch::optim::Optimizer& optimizer,
                          const std::vector<Batch>& batches, const torch::Device& device);
void train_language_model(LanguageModel& lm, torch::optim::Optimizer& optimizer, const torch::Tensor& corpus,
                          int64_t window);
void train_language_model_tbptt(LanguageModel& lm, torch::optim::Optimizer& optimizer,
                                const torch::Tensor& corpus, int64_t window);
double input_curvature(Classifier& model, const Batch& batch, int rounds);
double input_curvature_safe(Classifier& model, const Batch& batch, int rounds);

double evaluate(Classifier& model, const std::vector<Batch>& batches, const torch::Device& device);
double evaluate_guarded(Classifier& model, const std::vector<Batch>& batches, const torch::Device& device);

std::vector<int64_t> predict(Classifier& model, const std::vector<torch::Tensor>& requests);
std::vector<int64_t> predict_guarded(Classifier& model, const std::vector<torch::Tensor>& requests);

torch::Tensor upload_batch_leaky(const std::vector<float>& host);
torch::Tensor upload_batch(const std::vector<float>& host);
