// Force-included (it includes the OpenCV stub itself) into the units of the nineteenth set's
// trees that call OpenCV functions the shared stub (stubs/opencv) does not declare:
// vigilant-driving, PointPainting, creste_realtime, dnn_c, monodepth2. Declarations only (the Vec operators
// return their left operand: no stub body runs a forward pass, stores a tensor or opens a guard).
#pragma once
#include <opencv2/opencv.hpp>
#include <string>
namespace cv {
typedef std::string String;
enum { COLORMAP_AUTUMN = 0, COLORMAP_BONE = 1, COLORMAP_JET = 2, COLORMAP_WINTER = 3,
       COLORMAP_RAINBOW = 4, COLORMAP_OCEAN = 5, COLORMAP_SUMMER = 6, COLORMAP_SPRING = 7,
       COLORMAP_COOL = 8, COLORMAP_HSV = 9, COLORMAP_PINK = 10, COLORMAP_HOT = 11,
       COLORMAP_PARULA = 12, COLORMAP_MAGMA = 13, COLORMAP_INFERNO = 14, COLORMAP_PLASMA = 15,
       COLORMAP_VIRIDIS = 16 };
enum { CAP_ANY = 0, CAP_V4L2 = 200, CAP_GSTREAMER = 1800, CAP_FFMPEG = 1900 };
enum { CAP_PROP_BRIGHTNESS = 10, CAP_PROP_AUTOFOCUS = 39, CAP_PROP_FOCUS = 28,
       CAP_PROP_BUFFERSIZE = 38 };
void applyColorMap(InputArray src, OutputArray dst, int colormap);
void applyColorMap(InputArray src, OutputArray dst, InputArray userColor);
void addWeighted(InputArray src1, double alpha, InputArray src2, double beta, double gamma,
                 OutputArray dst, int dtype = -1);
void add(InputArray src1, InputArray src2, OutputArray dst, InputArray mask = noArray(), int dtype = -1);
void subtract(InputArray src1, InputArray src2, OutputArray dst, InputArray mask = noArray(),
              int dtype = -1);
void multiply(InputArray src1, InputArray src2, OutputArray dst, double scale = 1, int dtype = -1);
void divide(InputArray src1, InputArray src2, OutputArray dst, double scale = 1, int dtype = -1);
void divide(double scale, InputArray src2, OutputArray dst, int dtype = -1);
void initUndistortRectifyMap(InputArray cameraMatrix, InputArray distCoeffs, InputArray R,
                             InputArray newCameraMatrix, Size size, int m1type, OutputArray map1,
                             OutputArray map2);
void remap(InputArray src, OutputArray dst, InputArray map1, InputArray map2, int interpolation,
           int borderMode = BORDER_CONSTANT, const Scalar& borderValue = Scalar());
template <typename T, int n> Vec<T, n> operator+(const Vec<T, n>& a, const Vec<T, n>&) { return a; }
template <typename T, int n> Vec<T, n> operator-(const Vec<T, n>& a, const Vec<T, n>&) { return a; }
template <typename T, int n> Vec<T, n> operator*(const Vec<T, n>& a, double) { return a; }
template <typename T, int n> Vec<T, n> operator*(double, const Vec<T, n>& a) { return a; }
template <typename T, int n> Vec<T, n> operator/(const Vec<T, n>& a, double) { return a; }
template <typename T, int n> Vec<T, n>& operator+=(Vec<T, n>& a, const Vec<T, n>&) { return a; }
template <typename T, int n> Vec<T, n>& operator-=(Vec<T, n>& a, const Vec<T, n>&) { return a; }
template <typename T, int n> Vec<T, n>& operator*=(Vec<T, n>& a, double) { return a; }
template <typename T, int n> Vec<T, n>& operator/=(Vec<T, n>& a, double) { return a; }
template <typename T, int n> bool operator==(const Vec<T, n>&, const Vec<T, n>&);
template <typename T, int n> bool operator!=(const Vec<T, n>&, const Vec<T, n>&);
namespace dnn {
Mat blobFromImages(InputArrayOfArrays images, double scalefactor = 1.0, Size size = Size(),
                   const Scalar& mean = Scalar(), bool swapRB = false, bool crop = false,
                   int ddepth = CV_32F);
}  // namespace dnn
}  // namespace cv
