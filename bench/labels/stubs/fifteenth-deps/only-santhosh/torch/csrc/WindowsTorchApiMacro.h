// Stub for the fifteenth labelled set: LibTorch 1.x's torch/csrc/WindowsTorchApiMacro.h (removed
// in 1.11), which only defined TORCH_API; today's headers define it in torch/csrc/Export.h.
#pragma once
#include <torch/csrc/Export.h>
