// gpuleak bench stub: stands for TensorRT's samples/common/buffers.h (samplesCommon
// buffers); a few declarations, no behaviour.
#pragma once
#include <cstddef>
#include "NvInfer.h"
namespace samplesCommon {
class GenericBuffer {
public:
    GenericBuffer(nvinfer1::DataType type = nvinfer1::DataType::kFLOAT) {}
    void* data();
    const void* data() const;
    std::size_t size() const;
    std::size_t nbBytes() const;
    void resize(std::size_t newSize);
    void resize(const nvinfer1::Dims& dims);
};
typedef GenericBuffer DeviceBuffer;
typedef GenericBuffer HostBuffer;
class ManagedBuffer {
public:
    DeviceBuffer deviceBuffer;
    HostBuffer hostBuffer;
};
}  // namespace samplesCommon
