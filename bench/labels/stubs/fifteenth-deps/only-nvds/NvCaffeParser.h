// Stub for the fifteenth labelled set (nvdsvideotemplate): TensorRT 8's Caffe parser (removed in
// TensorRT 9), the names trt_inference.cpp uses.
#pragma once
#include "NvInfer.h"
namespace nvcaffeparser1 {
class IBlobNameToTensor { public: virtual nvinfer1::ITensor *find(const char *name) const = 0; virtual ~IBlobNameToTensor() {} };
class ICaffeParser {
public:
  virtual const IBlobNameToTensor *parse(const char *deploy, const char *model, nvinfer1::INetworkDefinition &network,
                                         nvinfer1::DataType weightType) = 0;
  virtual void destroy() = 0;
  virtual ~ICaffeParser() {}
};
ICaffeParser *createCaffeParser();
void shutdownProtobufLibrary();
}
