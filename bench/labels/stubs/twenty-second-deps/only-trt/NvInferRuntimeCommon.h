// Forwarding stand-in for TensorRT's NvInferRuntimeCommon.h (twenty-second set): the ILogger
// that NNDam/TensorRT-CPP's logging.h names is declared in NvInfer.h here.
#pragma once
#include "NvInfer.h"
