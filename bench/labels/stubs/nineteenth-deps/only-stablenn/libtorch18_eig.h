// Force-included into StableNN's units: written against LibTorch <= 1.8, whose torch::eig
// (general eigenvalues, removed in 2.0 for torch::linalg::eig) stability.hpp and stability.cpp
// call, and c10::holds_alternative (c10::variant was its own type then; now std::variant).
// Declarations only.
#pragma once
#include <torch/torch.h>
#include <tuple>
#include <variant>
namespace c10 {
using std::holds_alternative;
}  // namespace c10
namespace torch {
std::tuple<at::Tensor, at::Tensor> eig(const at::Tensor& self, bool eigenvectors = false);
}  // namespace torch
