// gpuleak bench stub: a few TensorRT ONNX-parser-like declarations. Not TensorRT.
#pragma once
#include "NvInfer.h"
namespace nvonnxparser {
class IParser {
public:
    virtual ~IParser() = default;
    bool parseFromFile(const char* onnxModelFile, int verbosity) noexcept;
    bool parse(const void* serialized_onnx_model, std::size_t serialized_onnx_model_size) noexcept;
};
IParser* createParser(nvinfer1::INetworkDefinition& network, nvinfer1::ILogger& logger) noexcept;
}  // namespace nvonnxparser
