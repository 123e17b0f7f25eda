#pragma once
#include <opencv2/opencv.hpp>
#include <sensor_msgs/Image.h>
#include <sensor_msgs/image_encodings.h>
#include <stdexcept>
namespace cv_bridge {
class Exception : public std::runtime_error {
 public:
  Exception(const std::string& description);
};
class CvImage {
 public:
  CvImage();
  CvImage(const std_msgs::Header& header, const std::string& encoding,
          const cv::Mat& image = cv::Mat());
  sensor_msgs::ImagePtr toImageMsg() const;
  void toImageMsg(sensor_msgs::Image& ros_image) const;
  std_msgs::Header header;
  std::string encoding;
  cv::Mat image;
};
typedef std::shared_ptr<CvImage> CvImagePtr;
typedef std::shared_ptr<const CvImage> CvImageConstPtr;
CvImagePtr toCvCopy(const sensor_msgs::ImageConstPtr& source,
                    const std::string& encoding = std::string());
CvImagePtr toCvCopy(const sensor_msgs::Image& source, const std::string& encoding = std::string());
CvImageConstPtr toCvShare(const sensor_msgs::ImageConstPtr& source,
                          const std::string& encoding = std::string());
}  // namespace cv_bridge
