#pragma once
#include <NvInfer.h>
namespace nvinfer1 { class IPluginCreator; }
extern "C" bool initLibNvInferPlugins(void* logger, const char* libNamespace);
