#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>

namespace sensor_msgs {
struct CameraInfo {
  std_msgs::Header header;
  uint32_t height, width; std::string distortion_model; std::vector<double> D; double K[9]; double R[9]; double P[12];
};
typedef std::shared_ptr<CameraInfo> CameraInfoPtr;
typedef std::shared_ptr<const CameraInfo> CameraInfoConstPtr;
}  // namespace sensor_msgs
