// Stub (eighteenth set, khersham/drl_cpp, force-included): the tree's drl.h wraps
// at::normal(mean, std, Generator*), the LibTorch 1.4 signature; LibTorch 2.x takes an
// optional<Generator>. The old overload is declared so that the wrapper parses.
#pragma once
#include <ATen/ATen.h>
namespace at {
Tensor normal(const Tensor &mean, const Tensor &std, Generator *generator);
}
