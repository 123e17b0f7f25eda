// Declarations-only stand-in for an OpenCV CUDA module header (twenty-second set,
// cyrusbehr/tensorrt-cpp-api; the installed OpenCV is built without CUDA), with OpenCV's
// signatures. No bodies.
#pragma once
#include <opencv2/core/cuda.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>
namespace cv { namespace cuda {
void resize(InputArray src, OutputArray dst, Size dsize, double fx = 0, double fy = 0, int interpolation = INTER_LINEAR, Stream &stream = Stream::Null());
} }
