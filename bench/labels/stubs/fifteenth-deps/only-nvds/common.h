// Stub for the fifteenth labelled set (nvdsvideotemplate): TensorRT 8's samples/common/common.h
// (the tree's copy, nvdsvideotemplate/trt/common.h, needs the whole TensorRT 8 API), reduced to the
// samplesCommon helpers customlib_trt.cpp calls; the rest of TensorRT comes from stubs/tensorrt.
#pragma once
#include "NvInfer.h"
// the standard headers the real common.h brings in
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>
#include <numeric>
#include <functional>
namespace samplesCommon {
struct InferDeleter { template <typename T> void operator()(T *obj) const { delete obj; } };
inline int64_t volume(const nvinfer1::Dims &d) {
  return std::accumulate(d.d, d.d + d.nbDims, int64_t{1}, std::multiplies<int64_t>());
}
inline uint32_t getElementSize(nvinfer1::DataType t) noexcept {
  switch (t) { case nvinfer1::DataType::kINT32: return 4; case nvinfer1::DataType::kFLOAT: return 4;
               case nvinfer1::DataType::kHALF: return 2; default: return 1; }
}
}
