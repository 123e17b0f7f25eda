#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>

namespace sensor_msgs {
struct CompressedImage {
  std_msgs::Header header;
  std::string format; std::vector<uint8_t> data;
};
typedef std::shared_ptr<CompressedImage> CompressedImagePtr;
typedef std::shared_ptr<const CompressedImage> CompressedImageConstPtr;
}  // namespace sensor_msgs
