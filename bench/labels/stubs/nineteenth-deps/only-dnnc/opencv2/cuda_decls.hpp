#pragma once
#include <opencv2/opencv.hpp>
namespace cv {
namespace cuda {
class GpuMat {
 public:
  GpuMat();
  explicit GpuMat(const Mat& m);
  void upload(const Mat& m);
  void download(Mat& m) const;
  void convertTo(GpuMat& dst, int rtype, double alpha = 1, double beta = 0) const;
  int channels() const;
  operator Mat() const;
  int rows, cols;
  unsigned char* data;
  size_t step;
};
void cvtColor(const GpuMat& src, GpuMat& dst, int code, int dcn = 0);
void resize(const GpuMat& src, GpuMat& dst, Size dsize, double fx = 0, double fy = 0,
            int interpolation = 1);
}  // namespace cuda
}  // namespace cv
