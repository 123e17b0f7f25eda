#pragma once
#include <std_msgs/Header.h>
#include <memory>
#include <string>
#include <vector>

namespace std_msgs {
struct Float32MultiArray {
  std_msgs::Header header;
  std::vector<float> data;
};
typedef std::shared_ptr<Float32MultiArray> Float32MultiArrayPtr;
typedef std::shared_ptr<const Float32MultiArray> Float32MultiArrayConstPtr;
}  // namespace std_msgs
