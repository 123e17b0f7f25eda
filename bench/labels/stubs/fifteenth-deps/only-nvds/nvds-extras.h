// Stub for the fifteenth labelled set (nvdsvideotemplate), force-included into its units: the
// OpenCV names (imgproc, core types) and DeepStream constants the library uses beyond what
// stubs/opencv and the other only-nvds headers declare. Declarations only.
#pragma once
#include <opencv2/opencv.hpp>
#include <ostream>
#include <vector>
#ifndef CV_MAKE_TYPE
#define CV_MAKE_TYPE(depth, cn) ((depth) + (((cn) - 1) << 3))
#endif
#ifndef CV_16F
#define CV_16F 7
#endif
#define CV_16FC1 CV_MAKE_TYPE(CV_16F, 1)
#define CV_8SC1 CV_MAKE_TYPE(CV_8S, 1)
namespace cv {
typedef Vec<int, 4> Vec4i;
enum { THRESH_BINARY = 0 };
enum { RETR_EXTERNAL = 0 };
enum { CHAIN_APPROX_SIMPLE = 2 };
float intersectConvexConvex(const std::vector<Point2i> &p1, const std::vector<Point2i> &p2, std::vector<Point2f> &p12, bool handleNested = true);
Rect boundingRect(const std::vector<Point2f> &points);
Rect boundingRect(const std::vector<Point2i> &points);
double threshold(const Mat &src, Mat &dst, double thresh, double maxval, int type);
void dilate(const Mat &src, Mat &dst, const Mat &kernel);
void findContours(const Mat &image, std::vector<std::vector<Point2i>> &contours, std::vector<Vec4i> &hierarchy, int mode, int method);
void convexHull(const std::vector<Point2i> &points, std::vector<Point2i> &hull);
template <typename T> std::ostream &operator<<(std::ostream &out, const Rect_<T> &r);
template <typename T> std::ostream &operator<<(std::ostream &out, const std::vector<Point_<T>> &v);
}
#define NVBUFSURF_TRANSFORM_CROP_SRC 1
#define NVBUFSURF_TRANSFORM_CROP_DST 2
#define UNTRACKED_OBJECT_ID 0xFFFFFFFFFFFFFFFF
