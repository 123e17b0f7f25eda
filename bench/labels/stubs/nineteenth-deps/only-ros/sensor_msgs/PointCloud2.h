#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>

namespace sensor_msgs {
struct PointCloud2 {
  std_msgs::Header header;
  uint32_t height, width; uint32_t point_step, row_step; std::vector<uint8_t> data; bool is_dense;
};
typedef std::shared_ptr<PointCloud2> PointCloud2Ptr;
typedef std::shared_ptr<const PointCloud2> PointCloud2ConstPtr;
}  // namespace sensor_msgs
