// gpuleak bench stub (zachoines/HomeMonitor): opencv_contrib tracking, names only
#pragma once
#include <opencv2/opencv.hpp>
#include <memory>
namespace cv {
template <typename T> using Ptr = std::shared_ptr<T>;
class Tracker {
public:
  virtual ~Tracker() {}
  bool init(InputArray image, const Rect2d &box);
  bool update(InputArray image, Rect2d &box);
};
struct TrackerCSRT : Tracker { static Ptr<Tracker> create(); };
struct TrackerMOSSE : Tracker { static Ptr<Tracker> create(); };
struct TrackerGOTURN : Tracker { static Ptr<Tracker> create(); };
struct TrackerKCF : Tracker { static Ptr<Tracker> create(); };
class CascadeClassifier {
public:
  CascadeClassifier();
  bool load(const std::string &f);
  void detectMultiScale(InputArray image, std::vector<Rect> &objects, double scaleFactor = 1.1,
                        int minNeighbors = 3, int flags = 0, Size minSize = Size(), Size maxSize = Size());
};
void equalizeHist(InputArray src, OutputArray dst);
std::string format(const char *fmt, ...);
namespace dnn {
class Net {
public:
  void setInput(InputArray blob, const std::string &name = "", double scalefactor = 1.0, const Scalar &mean = Scalar());
  Mat forward(const std::string &outputName = std::string());
  void setPreferableBackend(int);
  void setPreferableTarget(int);
  bool empty() const;
};
Net readNetFromCaffe(const std::string &prototxt, const std::string &caffeModel = std::string());
Net readNetFromTensorflow(const std::string &model, const std::string &config = std::string());
Mat blobFromImage(InputArray image, double scalefactor = 1.0, const Size &size = Size(), const Scalar &mean = Scalar(),
                  bool swapRB = false, bool crop = false, int ddepth = 5);
enum { DNN_BACKEND_OPENCV = 3, DNN_TARGET_CPU = 0, DNN_TARGET_OPENCL = 1 };
}
}
