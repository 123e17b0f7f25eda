// Stub (seventeenth set, Cper0/Rein): the names of OpenCV's CUDA module that the tree uses.
#pragma once
#include <opencv2/opencv.hpp>
namespace cv { namespace cuda {
class GpuMat {
public:
  GpuMat();
  void upload(InputArray arr);
  void download(OutputArray dst) const;
};
void resize(const GpuMat& src, GpuMat& dst, Size dsize, double fx = 0, double fy = 0, int interpolation = INTER_LINEAR);
void cvtColor(const GpuMat& src, GpuMat& dst, int code, int dcn = 0);
} }
