#pragma once
#include <std_msgs/Header.h>
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace sensor_msgs {
struct CameraInfo {
  std_msgs::Header header;
  uint32_t height, width; std::string distortion_model; std::vector<double> D; std::array<double, 9> K; std::array<double, 9> R; std::array<double, 12> P;
};
typedef std::shared_ptr<CameraInfo> CameraInfoPtr;
typedef std::shared_ptr<const CameraInfo> CameraInfoConstPtr;
}  // namespace sensor_msgs
