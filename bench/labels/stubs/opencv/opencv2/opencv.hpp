// gpuleak bench stub: a few OpenCV-like declarations, enough for the labelled files to
// parse. Written for gpuleak's scoring only; not OpenCV, no behaviour.
#pragma once
#include <cstddef>
#include <exception>
#include <ostream>
#include <string>
#include <vector>

#define CV_8U 0
#define CV_8S 1
#define CV_16U 2
#define CV_16S 3
#define CV_32S 4
#define CV_32F 5
#define CV_64F 6
#define CV_8UC1 0
#define CV_8UC3 16
#define CV_8UC4 24
#define CV_32FC1 5
#define CV_32FC3 21
#define CV_64FC1 6
#define CV_8UC(n) (((n) - 1) * 8)
#define CV_32FC(n) (5 + ((n) - 1) * 8)

// OpenCV declares uchar at global scope (core/hal/interface.h); cv code uses it unqualified.
typedef unsigned char uchar;

namespace cv {
using ::uchar;
typedef unsigned short ushort;

template <typename T> static inline T saturate_cast(double v) { return (T)v; }

template <typename T> struct Size_ {
    T width = 0, height = 0;
    Size_() {}
    Size_(T w, T h) : width(w), height(h) {}
    T area() const { return width * height; }
    bool empty() const { return width <= 0 || height <= 0; }
};
typedef Size_<int> Size;
typedef Size_<float> Size2f;
template <typename T> std::ostream &operator<<(std::ostream &out, const Size_<T> &size);

template <typename T> struct Point_ {
    T x = 0, y = 0;
    Point_() {}
    Point_(T x_, T y_) : x(x_), y(y_) {}
    template <typename U> operator Point_<U>() const { return Point_<U>((U)x, (U)y); }
};
typedef Point_<int> Point;
typedef Point_<int> Point2i;
typedef Point_<float> Point2f;
typedef Point_<double> Point2d;
template <typename T> Point_<T> operator+(const Point_<T>& a, const Point_<T>& b) { return Point_<T>(a.x + b.x, a.y + b.y); }
template <typename T> Point_<T> operator-(const Point_<T>& a, const Point_<T>& b) { return Point_<T>(a.x - b.x, a.y - b.y); }

template <typename T> struct Rect_ {
    T x = 0, y = 0, width = 0, height = 0;
    Rect_() {}
    Rect_(T x_, T y_, T w, T h) : x(x_), y(y_), width(w), height(h) {}
    Rect_(Point_<T> a, Point_<T> b) : x(a.x), y(a.y), width(b.x - a.x), height(b.y - a.y) {}
    Rect_(Point_<T> a, Size_<T> s) : x(a.x), y(a.y), width(s.width), height(s.height) {}
    template <typename U> operator Rect_<U>() const { return Rect_<U>((U)x, (U)y, (U)width, (U)height); }
    Point_<T> tl() const { return Point_<T>(x, y); }
    Point_<T> br() const { return Point_<T>(x + width, y + height); }
    Size_<T> size() const { return Size_<T>(width, height); }
    T area() const { return width * height; }
    bool empty() const { return width <= 0 || height <= 0; }
};
typedef Rect_<int> Rect;
typedef Rect_<float> Rect2f;
typedef Rect_<double> Rect2d;
template <typename T> Rect_<T> operator&(const Rect_<T>& a, const Rect_<T>&) { return a; }
template <typename T> Rect_<T> operator|(const Rect_<T>& a, const Rect_<T>&) { return a; }

template <typename T, int n> struct Vec {
    T val[n];
    Vec() : val() {}
    template <typename... A> Vec(A... a) : val{(T)a...} {}
    T& operator[](int i) { return val[i]; }
    const T& operator[](int i) const { return val[i]; }
    T& operator()(int i) { return val[i]; }
};
typedef Vec<uchar, 3> Vec3b;
typedef Vec<uchar, 4> Vec4b;
typedef Vec<float, 2> Vec2f;
typedef Vec<float, 3> Vec3f;
typedef Vec<float, 4> Vec4f;
typedef Vec<double, 3> Vec3d;
typedef Vec<int, 3> Vec3i;

struct Scalar : Vec<double, 4> {
    Scalar() {}
    Scalar(double a, double b = 0, double c = 0, double d = 0) { val[0] = a; val[1] = b; val[2] = c; val[3] = d; }
    static Scalar all(double v) { return Scalar(v, v, v, v); }
    template <typename T, int n> Scalar(const Vec<T, n>& v) {}
};

struct Range {
    int start = 0, end = 0;
    Range() {}
    Range(int s, int e) : start(s), end(e) {}
    static Range all() { return Range(); }
};

struct MatSize {
    int p[4];
    Size operator()() const { return Size(); }
    int operator[](int i) const { return p[i]; }
    int dims() const { return 2; }
};
struct MatStep { size_t p[4]; size_t operator[](int i) const { return p[i]; } operator size_t() const { return p[0]; } };

class MatExpr;
class Mat {
public:
    int flags = 0, dims = 0, rows = 0, cols = 0;
    uchar* data = nullptr;
    const uchar* datastart = nullptr;
    const uchar* dataend = nullptr;
    MatSize size;
    MatStep step;
    Mat() {}
    Mat(int rows, int cols, int type) {}
    Mat(int rows, int cols, int type, const Scalar& s) {}
    Mat(int rows, int cols, int type, void* data, size_t step = 0) {}
    Mat(Size size, int type) {}
    Mat(Size size, int type, const Scalar& s) {}
    Mat(Size size, int type, void* data, size_t step = 0) {}
    Mat(int ndims, const int* sizes, int type) {}
    Mat(int ndims, const int* sizes, int type, void* data, const size_t* steps = 0) {}
    Mat(const std::vector<int>& sizes, int type) {}
    Mat(const Mat& m, const Rect& roi) {}
    Mat(const Mat& m, const Range& r, const Range& c = Range::all()) {}
    template <typename T> explicit Mat(const std::vector<T>& v, bool copy = false) {}
    Mat(const MatExpr& e);
    Mat& operator=(const MatExpr& e);
    Mat& operator=(const Scalar& s);
    Mat operator()(const Rect& roi) const { return *this; }
    Mat operator()(const Range& r, const Range& c) const { return *this; }
    Mat row(int) const { return *this; }
    Mat col(int) const { return *this; }
    Mat rowRange(int, int) const { return *this; }
    Mat colRange(int, int) const { return *this; }
    Mat clone() const { return *this; }
    void copyTo(Mat&) const {}
    void copyTo(Mat&, const Mat&) const {}
    // into a temporary (a region, `m.copyTo(big(roi))`) and with a mask of another type
    template <typename T> void copyTo(T&&) const {}
    template <typename T, typename U> void copyTo(T&&, const U&) const {}
    void convertTo(Mat&, int, double alpha = 1, double beta = 0) const {}
    Mat reshape(int cn, int rows = 0) const { return *this; }
    Mat reshape(int cn, const std::vector<int>&) const { return *this; }
    MatExpr t() const;
    MatExpr inv(int method = 0) const;
    MatExpr mul(const Mat&, double scale = 1) const;
    void create(int rows, int cols, int type) {}
    void create(Size size, int type) {}
    void release() {}
    void push_back(const Mat&) {}
    void setTo(const Scalar&) {}
    template <typename M> void setTo(const Scalar&, const M&) {}
    bool isContinuous() const { return true; }
    size_t elemSize() const { return 1; }
    size_t elemSize1() const { return 1; }
    size_t total() const { return 0; }
    int type() const { return 0; }
    int depth() const { return 0; }
    int channels() const { return 1; }
    bool empty() const { return true; }
    uchar* ptr(int i = 0) { return data; }
    const uchar* ptr(int i = 0) const { return data; }
    template <typename T> T* ptr(int i = 0) { return (T*)data; }
    template <typename T> const T* ptr(int i = 0) const { return (const T*)data; }
    template <typename T> T& at(int i) { return *(T*)data; }
    template <typename T> const T& at(int i) const { return *(const T*)data; }
    template <typename T> T& at(int i, int j) { return *(T*)data; }
    template <typename T> const T& at(int i, int j) const { return *(const T*)data; }
    template <typename T> T& at(Point pt) { return *(T*)data; }
    template <typename T> const T& at(Point pt) const { return *(const T*)data; }
    static MatExpr zeros(int rows, int cols, int type);
    static MatExpr zeros(Size size, int type);
    static MatExpr ones(int rows, int cols, int type);
    static MatExpr ones(Size size, int type);
    static MatExpr eye(int rows, int cols, int type);
    static MatExpr eye(Size size, int type);
};
class MatExpr {
public:
    MatExpr t() const { return *this; }
    MatExpr inv(int method = 0) const { return *this; }
};
inline Mat::Mat(const MatExpr&) {}
inline Mat& Mat::operator=(const MatExpr&) { return *this; }
inline Mat& Mat::operator=(const Scalar&) { return *this; }
inline MatExpr Mat::t() const { return MatExpr(); }
inline MatExpr Mat::inv(int) const { return MatExpr(); }
inline MatExpr Mat::mul(const Mat&, double) const { return MatExpr(); }
inline MatExpr Mat::zeros(int, int, int) { return MatExpr(); }
inline MatExpr Mat::zeros(Size, int) { return MatExpr(); }
inline MatExpr Mat::ones(int, int, int) { return MatExpr(); }
inline MatExpr Mat::ones(Size, int) { return MatExpr(); }
inline MatExpr Mat::eye(int, int, int) { return MatExpr(); }
inline MatExpr Mat::eye(Size, int) { return MatExpr(); }
#define GPULEAK_STUB_MATOPS(op) \
    inline MatExpr operator op(const Mat&, const Mat&) { return MatExpr(); } \
    inline MatExpr operator op(const Mat&, double) { return MatExpr(); } \
    inline MatExpr operator op(double, const Mat&) { return MatExpr(); } \
    inline MatExpr operator op(const MatExpr&, const Mat&) { return MatExpr(); } \
    inline MatExpr operator op(const Mat&, const MatExpr&) { return MatExpr(); } \
    inline MatExpr operator op(const MatExpr&, double) { return MatExpr(); } \
    inline MatExpr operator op(const Mat&, const Scalar&) { return MatExpr(); }
GPULEAK_STUB_MATOPS(+)
GPULEAK_STUB_MATOPS(-)
GPULEAK_STUB_MATOPS(*)
GPULEAK_STUB_MATOPS(/)
GPULEAK_STUB_MATOPS(>)
GPULEAK_STUB_MATOPS(<)
GPULEAK_STUB_MATOPS(==)
#undef GPULEAK_STUB_MATOPS
inline Mat& operator+=(Mat& a, const Mat&) { return a; }
inline Mat& operator-=(Mat& a, const Mat&) { return a; }
inline Mat& operator*=(Mat& a, double) { return a; }
inline Mat& operator/=(Mat& a, double) { return a; }

// Any argument: the stub functions below take these.
struct _InputArray { _InputArray() {} template <typename T> _InputArray(const T&) {} };
struct _OutputArray { _OutputArray() {} template <typename T> _OutputArray(T&) {} template <typename T> _OutputArray(const T&) {} };
typedef const _InputArray& InputArray;
typedef const _OutputArray& OutputArray;
typedef const _OutputArray& InputOutputArray;
typedef InputArray InputArrayOfArrays;
typedef OutputArray OutputArrayOfArrays;
static inline _InputArray noArray() { return _InputArray(); }

enum { IMREAD_UNCHANGED = -1, IMREAD_GRAYSCALE = 0, IMREAD_COLOR = 1, IMREAD_ANYDEPTH = 2, IMREAD_ANYCOLOR = 4 };
enum { INTER_NEAREST = 0, INTER_LINEAR = 1, INTER_CUBIC = 2, INTER_AREA = 3, INTER_LANCZOS4 = 4 };
enum { BORDER_CONSTANT = 0, BORDER_REPLICATE = 1, BORDER_REFLECT = 2, BORDER_DEFAULT = 4 };
enum { COLOR_BGR2BGRA = 0, COLOR_BGR2RGB = 4, COLOR_RGB2BGR = 4, COLOR_BGR2GRAY = 6, COLOR_RGB2GRAY = 7,
       COLOR_GRAY2BGR = 8, COLOR_GRAY2RGB = 8, COLOR_BGR2HSV = 40, COLOR_HSV2BGR = 54, COLOR_RGB2HSV = 41,
       COLOR_HSV2RGB = 55, COLOR_BGRA2BGR = 1, COLOR_BGRA2RGB = 3 };
enum { FONT_HERSHEY_SIMPLEX = 0, FONT_HERSHEY_PLAIN = 1, FONT_HERSHEY_DUPLEX = 2, FONT_HERSHEY_COMPLEX = 3 };
enum { FILLED = -1, LINE_4 = 4, LINE_8 = 8, LINE_AA = 16 };
enum { WINDOW_NORMAL = 0, WINDOW_AUTOSIZE = 1, WINDOW_KEEPRATIO = 0, WINDOW_FREERATIO = 0x100 };
enum { CAP_PROP_POS_MSEC = 0, CAP_PROP_POS_FRAMES = 1, CAP_PROP_FRAME_WIDTH = 3, CAP_PROP_FRAME_HEIGHT = 4,
       CAP_PROP_FPS = 5, CAP_PROP_FOURCC = 6, CAP_PROP_FRAME_COUNT = 7 };
enum { NORM_INF = 1, NORM_L1 = 2, NORM_L2 = 4, NORM_MINMAX = 32 };

Mat imread(const std::string& filename, int flags = IMREAD_COLOR);
bool imwrite(const std::string& filename, InputArray img, const std::vector<int>& params = std::vector<int>());
Mat imdecode(InputArray buf, int flags);
bool imencode(const std::string& ext, InputArray img, std::vector<uchar>& buf, const std::vector<int>& params = std::vector<int>());
void imshow(const std::string& winname, InputArray mat);
int waitKey(int delay = 0);
void namedWindow(const std::string& winname, int flags = WINDOW_AUTOSIZE);
void destroyWindow(const std::string& winname);
void destroyAllWindows();
void resize(InputArray src, OutputArray dst, Size dsize, double fx = 0, double fy = 0, int interpolation = INTER_LINEAR);
void cvtColor(InputArray src, OutputArray dst, int code, int dstCn = 0);
void flip(InputArray src, OutputArray dst, int flipCode);
void split(InputArray m, OutputArrayOfArrays mv);
void merge(InputArrayOfArrays mv, OutputArray dst);
void normalize(InputArray src, InputOutputArray dst, double alpha = 1, double beta = 0, int norm_type = NORM_L2, int dtype = -1, InputArray mask = noArray());
void copyMakeBorder(InputArray src, OutputArray dst, int top, int bottom, int left, int right, int borderType, const Scalar& value = Scalar());
void warpAffine(InputArray src, OutputArray dst, InputArray M, Size dsize, int flags = INTER_LINEAR, int borderMode = BORDER_CONSTANT, const Scalar& borderValue = Scalar());
Mat getRotationMatrix2D(Point2f center, double angle, double scale);
void fillPoly(InputOutputArray img, InputArrayOfArrays pts, const Scalar& color, int lineType = LINE_8, int shift = 0, Point offset = Point());
void circle(InputOutputArray img, Point center, int radius, const Scalar& color, int thickness = 1, int lineType = LINE_8, int shift = 0);
void rectangle(InputOutputArray img, Point pt1, Point pt2, const Scalar& color, int thickness = 1, int lineType = LINE_8, int shift = 0);
void rectangle(InputOutputArray img, Rect rec, const Scalar& color, int thickness = 1, int lineType = LINE_8, int shift = 0);
void line(InputOutputArray img, Point pt1, Point pt2, const Scalar& color, int thickness = 1, int lineType = LINE_8, int shift = 0);
void putText(InputOutputArray img, const std::string& text, Point org, int fontFace, double fontScale, Scalar color, int thickness = 1, int lineType = LINE_8, bool bottomLeftOrigin = false);
Size getTextSize(const std::string& text, int fontFace, double fontScale, int thickness, int* baseLine);
void hconcat(InputArray src1, InputArray src2, OutputArray dst);
void vconcat(InputArray src1, InputArray src2, OutputArray dst);
void minMaxLoc(InputArray src, double* minVal, double* maxVal = 0, Point* minLoc = 0, Point* maxLoc = 0, InputArray mask = noArray());

class Exception : public std::exception {
public:
    std::string msg;
    const char* what() const noexcept override { return msg.c_str(); }
};

class VideoCapture {
public:
    VideoCapture() {}
    explicit VideoCapture(const std::string& filename, int apiPreference = 0) {}
    explicit VideoCapture(int index, int apiPreference = 0) {}
    bool open(const std::string& filename, int apiPreference = 0);
    bool open(int index, int apiPreference = 0);
    bool isOpened() const;
    void release();
    bool read(OutputArray image);
    VideoCapture& operator>>(Mat& image);
    double get(int propId) const;
    bool set(int propId, double value);
};

class VideoWriter {
public:
    VideoWriter() {}
    VideoWriter(const std::string& filename, int fourcc, double fps, Size frameSize, bool isColor = true) {}
    bool open(const std::string& filename, int fourcc, double fps, Size frameSize, bool isColor = true);
    bool isOpened() const;
    void release();
    void write(InputArray image);
    VideoWriter& operator<<(const Mat& image);
    static int fourcc(char c1, char c2, char c3, char c4);
};

class KalmanFilter {
public:
    KalmanFilter() {}
    KalmanFilter(int dynamParams, int measureParams, int controlParams = 0, int type = CV_32F) {}
    void init(int dynamParams, int measureParams, int controlParams = 0, int type = CV_32F);
    const Mat& predict(const Mat& control = Mat());
    const Mat& correct(const Mat& measurement);
    Mat statePre, statePost, transitionMatrix, controlMatrix, measurementMatrix,
        processNoiseCov, measurementNoiseCov, errorCovPre, gain, errorCovPost;
};
}  // namespace cv
