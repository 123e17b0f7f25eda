// Declarations-only stand-in for an OpenCV CUDA module header (twenty-second set,
// cyrusbehr/tensorrt-cpp-api; the installed OpenCV is built without CUDA), with OpenCV's
// signatures. No bodies.
#pragma once
#include <opencv2/core/cuda.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>
namespace cv { namespace cuda {
void split(InputArray src, std::vector<GpuMat> &dst, Stream &stream = Stream::Null());
void subtract(InputArray src1, InputArray src2, OutputArray dst, InputArray mask = noArray(), int dtype = -1, Stream &stream = Stream::Null());
void divide(InputArray src1, InputArray src2, OutputArray dst, double scale = 1, int dtype = -1, Stream &stream = Stream::Null());
} }
