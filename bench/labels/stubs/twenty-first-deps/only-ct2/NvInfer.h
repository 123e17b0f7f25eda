// Declarations only: the TensorRT 6 API (2019) that OpenNMT/CTranslate2's src/cuda/utils.{h,cc}
// and its TensorRT TopK layer use; stubs/tensorrt declares a later API (noexcept logger,
// IGpuAllocator gone). On -I for CTranslate2 only, ahead of stubs/tensorrt.
#pragma once
#include <cstdint>
#include <cuda_runtime_api.h>

namespace nvinfer1 {
enum class DataType : int32_t { kFLOAT = 0, kHALF = 1, kINT8 = 2, kINT32 = 3, kBOOL = 4 };
enum class TopKOperation : int32_t { kMAX = 0, kMIN = 1 };
enum class OptProfileSelector : int32_t { kMIN = 0, kOPT = 1, kMAX = 2 };
enum class NetworkDefinitionCreationFlag : int32_t { kEXPLICIT_BATCH = 0, kEXPLICIT_PRECISION = 1 };

class Dims {
public:
  static const int MAX_DIMS = 8;
  int nbDims;
  int d[MAX_DIMS];
  int type[MAX_DIMS];
};

class ILogger {
public:
  enum class Severity : int32_t { kINTERNAL_ERROR = 0, kERROR = 1, kWARNING = 2, kINFO = 3, kVERBOSE = 4 };
  virtual void log(Severity severity, const char* msg) = 0;
  virtual ~ILogger() {}
};

class IGpuAllocator {
public:
  virtual void* allocate(uint64_t size, uint64_t alignment, uint32_t flags) = 0;
  virtual void free(void* memory) = 0;
  virtual ~IGpuAllocator() {}
};

class ITensor {
public:
  virtual void setName(const char* name) = 0;
  virtual Dims getDimensions() const = 0;
  virtual void setType(DataType type) = 0;
protected:
  virtual ~ITensor() {}
};

class ILayer {
public:
  virtual ITensor* getOutput(int32_t index) const = 0;
protected:
  virtual ~ILayer() {}
};

class ITopKLayer : public ILayer {
protected:
  virtual ~ITopKLayer() {}
};

class INetworkDefinition {
public:
  virtual ITensor* addInput(const char* name, DataType type, Dims dimensions) = 0;
  virtual void markOutput(ITensor& tensor) = 0;
  virtual ITopKLayer* addTopK(ITensor& input, TopKOperation op, int32_t k, uint32_t reduceAxes) = 0;
  virtual void destroy() = 0;
protected:
  virtual ~INetworkDefinition() {}
};

class IOptimizationProfile {
public:
  virtual bool setDimensions(const char* inputName, OptProfileSelector select, Dims dims) = 0;
protected:
  virtual ~IOptimizationProfile() {}
};

class IBuilderConfig {
public:
  virtual void setMaxWorkspaceSize(std::size_t workspaceSize) = 0;
  virtual int32_t addOptimizationProfile(const IOptimizationProfile* profile) = 0;
  virtual void destroy() = 0;
protected:
  virtual ~IBuilderConfig() {}
};

class IExecutionContext {
public:
  virtual bool enqueueV2(void** bindings, cudaStream_t stream, cudaEvent_t* inputConsumed) = 0;
  virtual bool setBindingDimensions(int32_t bindingIndex, Dims dimensions) = 0;
  virtual void destroy() = 0;
protected:
  virtual ~IExecutionContext() {}
};

class ICudaEngine {
public:
  virtual IExecutionContext* createExecutionContext() = 0;
  virtual void destroy() = 0;
protected:
  virtual ~ICudaEngine() {}
};

class IBuilder {
public:
  virtual bool platformHasFastFp16() const = 0;
  virtual bool platformHasFastInt8() const = 0;
  virtual void setGpuAllocator(IGpuAllocator* allocator) = 0;
  virtual INetworkDefinition* createNetworkV2(uint32_t flags) = 0;
  virtual IOptimizationProfile* createOptimizationProfile() = 0;
  virtual IBuilderConfig* createBuilderConfig() = 0;
  virtual ICudaEngine* buildEngineWithConfig(INetworkDefinition& network, IBuilderConfig& config) = 0;
  virtual void destroy() = 0;
protected:
  virtual ~IBuilder() {}
};

IBuilder* createInferBuilder(ILogger& logger);
}  // namespace nvinfer1
