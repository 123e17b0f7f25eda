// Force-included (after nothing: it includes the OpenCV stub itself) into the units of trees
// written against OpenCV 3, whose C-API constants and the calls below the OpenCV stub
// (stubs/opencv) does not declare, and OpenCV's global int64. Declarations only.
#pragma once
#include <opencv2/opencv.hpp>
#include <cstdint>
#include <string>
#define CV_16F 7
#define CV_16FC1 7
#define CV_BGR2RGB 4
#define CV_RGB2BGR 4
#define CV_GRAY2BGR 8
#define CV_BGR2GRAY 6
#define CV_THRESH_BINARY 0
#define CV_THRESH_BINARY_INV 1
#define CV_THRESH_TRUNC 2
#define CV_THRESH_TOZERO 3
#define CV_THRESH_TOZERO_INV 4
typedef int64_t int64;
namespace cv {
std::string format(const char* fmt, ...);
double threshold(InputArray src, OutputArray dst, double thresh, double maxval, int type);
void LUT(InputArray src, InputArray lut, OutputArray dst);
enum { MORPH_RECT = 0, MORPH_CROSS = 1, MORPH_ELLIPSE = 2 };
enum { RETR_EXTERNAL = 0, RETR_LIST = 1, RETR_TREE = 3, CHAIN_APPROX_NONE = 1, CHAIN_APPROX_SIMPLE = 2 };
Mat getStructuringElement(int shape, Size ksize, Point anchor = Point(-1, -1));
void erode(InputArray src, OutputArray dst, InputArray kernel, Point anchor = Point(-1, -1),
           int iterations = 1);
void dilate(InputArray src, OutputArray dst, InputArray kernel, Point anchor = Point(-1, -1),
            int iterations = 1);
class RotatedRect {
 public:
  RotatedRect();
  Point2f center;
  Size_<float> size;
  float angle;
  void points(Point2f pts[]) const;
};
RotatedRect minAreaRect(InputArray points);
void findContours(InputArray image, OutputArrayOfArrays contours, int mode, int method,
                  Point offset = Point());
}  // namespace cv
