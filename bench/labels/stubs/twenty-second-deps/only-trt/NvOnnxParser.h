// Declarations-only stand-in for TensorRT's NvOnnxParser.h (twenty-second set,
// cyrusbehr/tensorrt-cpp-api). No bodies.
#pragma once
#include "NvInfer.h"
namespace nvonnxparser {
class IParser {
public:
  virtual ~IParser() = default;
  bool parse(const void *serialized_onnx_model, std::size_t serialized_onnx_model_size,
             const char *model_path = nullptr) noexcept;
  bool parseFromFile(const char *onnxModelFile, int verbosity) noexcept;
};
IParser *createParser(nvinfer1::INetworkDefinition &network, nvinfer1::ILogger &logger) noexcept;
} // namespace nvonnxparser
