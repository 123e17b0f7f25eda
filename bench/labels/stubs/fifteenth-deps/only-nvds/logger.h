// Stub for the fifteenth labelled set (nvdsvideotemplate): TensorRT 8's samples/common/logger.h
// (sample::gLogger and the log streams), declarations only.
#pragma once
#include "NvInfer.h"
#include <ostream>
namespace sample {
class Logger : public nvinfer1::ILogger {
public:
  void log(Severity severity, const char *msg) noexcept override;
  nvinfer1::ILogger &getTRTLogger() noexcept { return *this; }
  void setReportableSeverity(Severity severity) noexcept;
};
extern Logger gLogger;
extern std::ostream &gLogVerbose, &gLogInfo, &gLogWarning, &gLogError, &gLogFatal;
}
