// The LibTorch 1.0 API (2018-19) that lingtengqiu/pytorch_cpp, JuliusSuryaS/pytorch_cpp_example
// and shotahirama/pytorch_cpp_samples use, declared over LibTorch 2 (force-included; bench/labels
// only, declarations only, no bodies):
//  - torch::jit::load returned std::shared_ptr<script::Module> (LibTorch 1.2 made it return
//    Module by value). `jit` is mapped to torch::jit_compat, which holds that one declaration
//    and sees everything else of torch::jit through a using-directive (qualified lookup finds
//    jit_compat::load first, so no overload is ambiguous); the module type stays
//    torch::jit::Module.
//  - ::Reduction (at::Reduction, global in 1.0: `Reduction::Mean`).
#pragma once
#include <memory>
#include <string>
#include <torch/script.h>
#include <torch/torch.h>
namespace torch {
namespace jit_compat {
using namespace ::torch::jit;
namespace script = ::torch::jit;
std::shared_ptr<::torch::jit::Module> load(const std::string& filename,
                                           std::optional<c10::Device> device = std::nullopt);
}  // namespace jit_compat
}  // namespace torch
namespace Reduction = at::Reduction;
#define jit jit_compat
