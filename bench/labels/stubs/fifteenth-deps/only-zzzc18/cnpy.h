// Stub for the fifteenth labelled set (zzzc18/resnet_cudnn): the declaration of cnpy's npy_save
// that src/blob.h calls (cnpy is linked as -lcnpy from /usr/local; not installed here).
#pragma once
#include <string>
#include <vector>
#include <cstddef>
namespace cnpy {
template <typename T>
void npy_save(std::string fname, const T *data, const std::vector<size_t> shape, std::string mode = "w");
}
