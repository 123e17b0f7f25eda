// Declarations-only stand-in for TensorRT's NvInfer.h (twenty-second set): the TensorRT 8.x
// binding API (LCH1238/bevdet-tensorrt-cpp, NNDam/TensorRT-CPP) and the TensorRT 10 named-tensor
// API (cyrusbehr/tensorrt-cpp-api) that the labelled trees use. On -I ahead of stubs/tensorrt.
// No bodies: nothing here allocates, frees or creates a CUDA resource.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cuda_runtime_api.h>

namespace nvinfer1 {
class Dims64 {
public:
  static constexpr int32_t MAX_DIMS = 8;
  int32_t nbDims = 0;
  int64_t d[MAX_DIMS] = {};
};
using Dims = Dims64;
using Dims32 = Dims64;
class Dims2 : public Dims { public: Dims2(); Dims2(int64_t d0, int64_t d1); };
class Dims3 : public Dims { public: Dims3(); Dims3(int64_t d0, int64_t d1, int64_t d2); };
class Dims4 : public Dims { public: Dims4(); Dims4(int64_t d0, int64_t d1, int64_t d2, int64_t d3); };
enum class DataType : int32_t { kFLOAT = 0, kHALF = 1, kINT8 = 2, kINT32 = 3, kBOOL = 4, kUINT8 = 5,
                                kFP8 = 6, kBF16 = 7, kINT64 = 8 };
enum class TensorIOMode : int32_t { kNONE = 0, kINPUT = 1, kOUTPUT = 2 };
enum class BuilderFlag : int32_t { kFP16 = 0, kINT8 = 1, kTF32 = 7 };
enum class NetworkDefinitionCreationFlag : int32_t { kEXPLICIT_BATCH = 0 };
enum class OptProfileSelector : int32_t { kMIN = 0, kOPT = 1, kMAX = 2 };
enum class CalibrationAlgoType : int32_t { kLEGACY_CALIBRATION = 0, kENTROPY_CALIBRATION = 1,
                                           kENTROPY_CALIBRATION_2 = 2, kMINMAX_CALIBRATION = 3 };

class ILogger {
public:
  enum class Severity : int32_t { kINTERNAL_ERROR = 0, kERROR = 1, kWARNING = 2, kINFO = 3, kVERBOSE = 4 };
  virtual void log(Severity severity, const char *msg) noexcept = 0;
  virtual ~ILogger() = default;
};
class IHostMemory {
public:
  virtual ~IHostMemory() = default;
  void *data() const noexcept;
  std::size_t size() const noexcept;
  void destroy() noexcept;
};
class ITensor {
public:
  const char *getName() const noexcept;
  Dims getDimensions() const noexcept;
};
class INetworkDefinition {
public:
  virtual ~INetworkDefinition() = default;
  ITensor *getInput(int32_t index) const noexcept;
  ITensor *getOutput(int32_t index) const noexcept;
  int32_t getNbInputs() const noexcept;
  int32_t getNbOutputs() const noexcept;
  void destroy() noexcept;
};
class IOptimizationProfile {
public:
  bool setDimensions(const char *inputName, OptProfileSelector select, Dims dims) noexcept;
};
class IInt8Calibrator {
public:
  virtual ~IInt8Calibrator() = default;
  virtual int32_t getBatchSize() const noexcept = 0;
  virtual bool getBatch(void *bindings[], const char *names[], int32_t nbBindings) noexcept = 0;
  virtual const void *readCalibrationCache(std::size_t &length) noexcept = 0;
  virtual void writeCalibrationCache(const void *ptr, std::size_t length) noexcept = 0;
  virtual CalibrationAlgoType getAlgorithm() noexcept = 0;
};
class IInt8EntropyCalibrator2 : public IInt8Calibrator {
public:
  CalibrationAlgoType getAlgorithm() noexcept override;
};
class IBuilderConfig {
public:
  virtual ~IBuilderConfig() = default;
  void setFlag(BuilderFlag flag) noexcept;
  void setMaxWorkspaceSize(std::size_t size) noexcept;
  int32_t addOptimizationProfile(const IOptimizationProfile *profile) noexcept;
  void setInt8Calibrator(IInt8Calibrator *calibrator) noexcept;
  bool setProfileStream(const cudaStream_t stream) noexcept;
  void destroy() noexcept;
};
class ICudaEngine;
class IExecutionContext {
public:
  virtual ~IExecutionContext() = default;
  bool setBindingDimensions(int32_t bindingIndex, Dims dimensions) noexcept;
  Dims getBindingDimensions(int32_t bindingIndex) const noexcept;
  bool setOptimizationProfile(int32_t profileIndex) noexcept;
  bool allInputDimensionsSpecified() const noexcept;
  bool setInputShape(const char *tensorName, const Dims &dims) noexcept;
  bool setTensorAddress(const char *tensorName, void *data) noexcept;
  bool enqueue(int32_t batchSize, void *const *bindings, cudaStream_t stream, cudaEvent_t *inputConsumed) noexcept;
  bool enqueueV2(void *const *bindings, cudaStream_t stream, cudaEvent_t *inputConsumed) noexcept;
  bool enqueueV3(cudaStream_t stream) noexcept;
  bool executeV2(void *const *bindings) noexcept;
  const ICudaEngine &getEngine() const noexcept;
  void destroy() noexcept;
};
class ICudaEngine {
public:
  virtual ~ICudaEngine() = default;
  IExecutionContext *createExecutionContext() noexcept;
  IHostMemory *serialize() const noexcept;
  int32_t getNbBindings() const noexcept;
  Dims getBindingDimensions(int32_t bindingIndex) const noexcept;
  bool bindingIsInput(int32_t bindingIndex) const noexcept;
  int32_t getBindingIndex(const char *name) const noexcept;
  const char *getBindingName(int32_t bindingIndex) const noexcept;
  DataType getBindingDataType(int32_t bindingIndex) const noexcept;
  int32_t getMaxBatchSize() const noexcept;
  int32_t getNbIOTensors() const noexcept;
  const char *getIOTensorName(int32_t index) const noexcept;
  TensorIOMode getTensorIOMode(const char *tensorName) const noexcept;
  Dims getTensorShape(const char *tensorName) const noexcept;
  DataType getTensorDataType(const char *tensorName) const noexcept;
  void destroy() noexcept;
};
class IBuilder {
public:
  virtual ~IBuilder() = default;
  IBuilderConfig *createBuilderConfig() noexcept;
  INetworkDefinition *createNetworkV2(uint32_t flags) noexcept;
  IOptimizationProfile *createOptimizationProfile() noexcept;
  void setMaxBatchSize(int32_t batchSize) noexcept;
  bool platformHasFastFp16() const noexcept;
  bool platformHasFastInt8() const noexcept;
  ICudaEngine *buildEngineWithConfig(INetworkDefinition &network, IBuilderConfig &config) noexcept;
  IHostMemory *buildSerializedNetwork(INetworkDefinition &network, IBuilderConfig &config) noexcept;
  void destroy() noexcept;
};
class IRuntime {
public:
  virtual ~IRuntime() = default;
  ICudaEngine *deserializeCudaEngine(const void *blob, std::size_t size, void *pluginFactory) noexcept;
  ICudaEngine *deserializeCudaEngine(const void *blob, std::size_t size) noexcept;
  void destroy() noexcept;
};
IBuilder *createInferBuilder(ILogger &logger) noexcept;
IRuntime *createInferRuntime(ILogger &logger) noexcept;
} // namespace nvinfer1
