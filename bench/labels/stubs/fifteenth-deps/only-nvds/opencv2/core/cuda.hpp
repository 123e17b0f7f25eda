// Stub for the fifteenth labelled set (nvdsvideotemplate): cv::cuda::GpuMat as the library uses it.
#pragma once
#include <opencv2/core.hpp>
namespace cv { namespace cuda {
class GpuMat {
public:
  GpuMat() {}
  GpuMat(int rows, int cols, int type, void *data, size_t step = 0) : rows(rows), cols(cols), data((unsigned char *)data), step(step) {}
  GpuMat(int rows, int cols, int type) : rows(rows), cols(cols) {}
  explicit GpuMat(const cv::Mat &m) {}
  void upload(const cv::Mat &m) {}
  void download(cv::Mat &m) const {}
  template <typename T> T *ptr(int y = 0) { return (T *)data; }
  int rows = 0, cols = 0; unsigned char *data = nullptr; size_t step = 0;
};
}}
