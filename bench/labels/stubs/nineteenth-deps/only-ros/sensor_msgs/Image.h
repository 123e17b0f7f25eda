#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <vector>
namespace sensor_msgs {
struct Image {
  std_msgs::Header header;
  uint32_t height, width;
  std::string encoding;
  uint8_t is_bigendian;
  uint32_t step;
  std::vector<uint8_t> data;
};
typedef std::shared_ptr<Image> ImagePtr;
typedef std::shared_ptr<const Image> ImageConstPtr;
}  // namespace sensor_msgs
