// Stub of TensorRT's version header for bench/labels (tkDNN's utils.h reads
// the major version to choose `noexcept`). No TensorRT code is here.
#pragma once
#define NV_TENSORRT_MAJOR 8
#define NV_TENSORRT_MINOR 6
#define NV_TENSORRT_PATCH 1
