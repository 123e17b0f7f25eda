// Stub for bench/labels, twenty-fourth set (chenjianqu/RAFT_CPP): the TensorRT 7-era API that
// RAFT.cpp and the TensorRT sample helpers it bundles (common.h, logger.h, logging.h) name:
// implicit-batch enqueue, binding indices, destroy(), IProfiler, layer iteration, DLA settings.
// Searched before the shared stubs/tensorrt, which it replaces for this tree. Declarations only;
// not TensorRT, no behaviour.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cuda_runtime_api.h>

#define NV_TENSORRT_MAJOR 7
#define NV_TENSORRT_MINOR 2
#define NV_TENSORRT_PATCH 3
#define NV_TENSORRT_BUILD 4
#define NV_TENSORRT_VERSION ((NV_TENSORRT_MAJOR * 1000) + (NV_TENSORRT_MINOR * 100) + NV_TENSORRT_PATCH)

namespace nvinfer1 {
struct Dims {
    static constexpr int MAX_DIMS = 8;
    int32_t nbDims = 0;
    int32_t d[MAX_DIMS] = {};
};
struct Dims2 : Dims { Dims2() {} Dims2(int32_t a, int32_t b) { nbDims = 2; d[0] = a; d[1] = b; } };
struct Dims3 : Dims { Dims3() {} Dims3(int32_t a, int32_t b, int32_t c) { nbDims = 3; d[0] = a; d[1] = b; d[2] = c; } };
struct Dims4 : Dims { Dims4() {} Dims4(int32_t a, int32_t b, int32_t c, int32_t e) { nbDims = 4; d[0] = a; d[1] = b; d[2] = c; d[3] = e; } };
enum class DataType : int32_t { kFLOAT = 0, kHALF = 1, kINT8 = 2, kINT32 = 3, kBOOL = 4 };
enum class BuilderFlag : int32_t { kFP16 = 0, kINT8 = 1, kDEBUG = 2, kGPU_FALLBACK = 3, kSTRICT_TYPES = 4, kREFIT = 5, kTF32 = 7 };
enum class DeviceType : int32_t { kGPU = 0, kDLA = 1 };
enum class LayerType : int32_t { kCONVOLUTION = 0, kFULLY_CONNECTED = 1, kACTIVATION = 2, kPOOLING = 3 };
enum class NetworkDefinitionCreationFlag : int32_t { kEXPLICIT_BATCH = 0 };
enum class OptProfileSelector : int32_t { kMIN = 0, kOPT = 1, kMAX = 2 };

class ILogger {
public:
    enum class Severity : int32_t { kINTERNAL_ERROR = 0, kERROR = 1, kWARNING = 2, kINFO = 3, kVERBOSE = 4 };
    virtual void log(Severity severity, const char* msg) noexcept = 0;
    virtual ~ILogger() = default;
};
class IProfiler {
public:
    virtual void reportLayerTime(const char* layerName, float ms) noexcept = 0;
    virtual ~IProfiler() = default;
};
class IHostMemory {
public:
    void* data() const noexcept;
    std::size_t size() const noexcept;
    void destroy() noexcept;
};
class ITensor {
public:
    const char* getName() const noexcept;
    Dims getDimensions() const noexcept;
    bool setDynamicRange(float min, float max) noexcept;
    bool dynamicRangeIsSet() const noexcept;
};
class ILayer {
public:
    LayerType getType() const noexcept;
    const char* getName() const noexcept;
    int32_t getNbInputs() const noexcept;
    int32_t getNbOutputs() const noexcept;
    ITensor* getInput(int32_t index) const noexcept;
    ITensor* getOutput(int32_t index) const noexcept;
};
class INetworkDefinition {
public:
    int32_t getNbLayers() const noexcept;
    ILayer* getLayer(int32_t index) const noexcept;
    ITensor* getInput(int32_t index) const noexcept;
    ITensor* getOutput(int32_t index) const noexcept;
    int32_t getNbInputs() const noexcept;
    int32_t getNbOutputs() const noexcept;
    void destroy() noexcept;
};
class IOptimizationProfile {
public:
    bool setDimensions(const char* inputName, OptProfileSelector select, Dims dims) noexcept;
};
class IBuilderConfig {
public:
    void setFlag(BuilderFlag flag) noexcept;
    bool getFlag(BuilderFlag flag) const noexcept;
    void setMaxWorkspaceSize(std::size_t size) noexcept;
    void setDefaultDeviceType(DeviceType deviceType) noexcept;
    void setDLACore(int32_t dlaCore) noexcept;
    int32_t addOptimizationProfile(const IOptimizationProfile* profile) noexcept;
    void destroy() noexcept;
};
class IExecutionContext {
public:
    bool enqueue(int32_t batchSize, void** bindings, cudaStream_t stream, cudaEvent_t* inputConsumed) noexcept;
    bool execute(int32_t batchSize, void** bindings) noexcept;
    bool enqueueV2(void** bindings, cudaStream_t stream, cudaEvent_t* inputConsumed) noexcept;
    bool executeV2(void** bindings) noexcept;
    void setProfiler(IProfiler* profiler) noexcept;
    void destroy() noexcept;
};
class ICudaEngine {
public:
    IExecutionContext* createExecutionContext() noexcept;
    IHostMemory* serialize() const noexcept;
    int32_t getNbBindings() const noexcept;
    Dims getBindingDimensions(int32_t bindingIndex) const noexcept;
    bool bindingIsInput(int32_t bindingIndex) const noexcept;
    int32_t getBindingIndex(const char* name) const noexcept;
    DataType getBindingDataType(int32_t bindingIndex) const noexcept;
    int32_t getMaxBatchSize() const noexcept;
    void destroy() noexcept;
};
class IBuilder {
public:
    IBuilderConfig* createBuilderConfig() noexcept;
    INetworkDefinition* createNetworkV2(uint32_t flags) noexcept;
    IOptimizationProfile* createOptimizationProfile() noexcept;
    void setMaxBatchSize(int32_t batchSize) noexcept;
    bool platformHasFastFp16() const noexcept;
    bool platformHasFastInt8() const noexcept;
    int32_t getNbDLACores() const noexcept;
    ICudaEngine* buildEngineWithConfig(INetworkDefinition& network, IBuilderConfig& config) noexcept;
    void destroy() noexcept;
};
class IRuntime {
public:
    ICudaEngine* deserializeCudaEngine(const void* blob, std::size_t size, void* pluginFactory = nullptr) noexcept;
    void destroy() noexcept;
};
IBuilder* createInferBuilder(ILogger& logger) noexcept;
IRuntime* createInferRuntime(ILogger& logger) noexcept;
namespace plugin {}
}  // namespace nvinfer1
