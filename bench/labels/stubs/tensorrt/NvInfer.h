// gpuleak bench stub: a few TensorRT-like declarations, enough for the labelled files to
// parse. Not TensorRT, no behaviour.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cuda_runtime_api.h>

namespace nvinfer1 {
struct Dims {
    static constexpr int MAX_DIMS = 8;
    int32_t nbDims = 0;
    int64_t d[MAX_DIMS] = {};
};
struct Dims2 : Dims { Dims2() {} Dims2(int64_t a, int64_t b) { nbDims = 2; d[0] = a; d[1] = b; } };
struct Dims3 : Dims { Dims3() {} Dims3(int64_t a, int64_t b, int64_t c) { nbDims = 3; d[0] = a; d[1] = b; d[2] = c; } };
struct Dims4 : Dims { Dims4() {} Dims4(int64_t a, int64_t b, int64_t c, int64_t e) { nbDims = 4; d[0] = a; d[1] = b; d[2] = c; d[3] = e; } };
enum class DataType : int32_t { kFLOAT = 0, kHALF = 1, kINT8 = 2, kINT32 = 3, kBOOL = 4 };
enum class BuilderFlag : int32_t { kFP16 = 0, kINT8 = 1, kTF32 = 7 };
enum class NetworkDefinitionCreationFlag : int32_t { kEXPLICIT_BATCH = 0 };
enum class OptProfileSelector : int32_t { kMIN = 0, kOPT = 1, kMAX = 2 };

class ILogger {
public:
    enum class Severity : int32_t { kINTERNAL_ERROR = 0, kERROR = 1, kWARNING = 2, kINFO = 3, kVERBOSE = 4 };
    virtual void log(Severity severity, const char* msg) noexcept = 0;
    virtual ~ILogger() = default;
};
class IHostMemory {
public:
    virtual ~IHostMemory() = default;
    void* data() const noexcept;
    std::size_t size() const noexcept;
};
class ITensor {
public:
    const char* getName() const noexcept;
    Dims getDimensions() const noexcept;
};
class INetworkDefinition {
public:
    virtual ~INetworkDefinition() = default;
    ITensor* getInput(int32_t index) const noexcept;
    ITensor* getOutput(int32_t index) const noexcept;
    int32_t getNbInputs() const noexcept;
    int32_t getNbOutputs() const noexcept;
};
class IOptimizationProfile {
public:
    bool setDimensions(const char* inputName, OptProfileSelector select, Dims dims) noexcept;
};
class IBuilderConfig {
public:
    virtual ~IBuilderConfig() = default;
    void setFlag(BuilderFlag flag) noexcept;
    void setMaxWorkspaceSize(std::size_t size) noexcept;
    int32_t addOptimizationProfile(const IOptimizationProfile* profile) noexcept;
};
class IExecutionContext {
public:
    virtual ~IExecutionContext() = default;
    bool setBindingDimensions(int32_t bindingIndex, Dims dimensions) noexcept;
    bool allInputDimensionsSpecified() const noexcept;
    bool enqueueV2(void* const* bindings, cudaStream_t stream, cudaEvent_t* inputConsumed) noexcept;
    bool executeV2(void* const* bindings) noexcept;
};
class ICudaEngine {
public:
    virtual ~ICudaEngine() = default;
    IExecutionContext* createExecutionContext() noexcept;
    IHostMemory* serialize() const noexcept;
    int32_t getNbBindings() const noexcept;
    Dims getBindingDimensions(int32_t bindingIndex) const noexcept;
    bool bindingIsInput(int32_t bindingIndex) const noexcept;
    int32_t getBindingIndex(const char* name) const noexcept;
    DataType getBindingDataType(int32_t bindingIndex) const noexcept;
};
class IBuilder {
public:
    virtual ~IBuilder() = default;
    IBuilderConfig* createBuilderConfig() noexcept;
    INetworkDefinition* createNetworkV2(uint32_t flags) noexcept;
    IOptimizationProfile* createOptimizationProfile() noexcept;
    void setMaxBatchSize(int32_t batchSize) noexcept;
    ICudaEngine* buildEngineWithConfig(INetworkDefinition& network, IBuilderConfig& config) noexcept;
    IHostMemory* buildSerializedNetwork(INetworkDefinition& network, IBuilderConfig& config) noexcept;
};
class IRuntime {
public:
    virtual ~IRuntime() = default;
    ICudaEngine* deserializeCudaEngine(const void* blob, std::size_t size, void* pluginFactory = nullptr) noexcept;
};
IBuilder* createInferBuilder(ILogger& logger) noexcept;
IRuntime* createInferRuntime(ILogger& logger) noexcept;
}  // namespace nvinfer1
