// gpuleak bench stub (crim-ca/crim-libtorch-extensions): forced include adding cv::RNG, which
// the shared OpenCV stub (stubs/opencv) does not declare.
#pragma once
#include <cstdint>
#include <opencv2/opencv.hpp>
namespace cv {
class RNG {
public:
  RNG();
  RNG(uint64_t state);
  int uniform(int a, int b);
  float uniform(float a, float b);
  double uniform(double a, double b);
  double gaussian(double sigma);
  operator int();
  operator float();
  operator double();
  uint64_t state;
};
}
// TestBench.cpp picks a level at run time (`show_info ? WARN : ERROR`), names that only its
// plog branch of logger.h defines; under USE_LOG_COUT (used here, plog is absent) LOGGER drops
// its argument, so any values do.
enum CrimStubLogLevel { VERBOSE, DEBUG, INFO, WARN, ERROR, FATAL };
