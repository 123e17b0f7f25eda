#pragma once
#include <string>
namespace sensor_msgs {
namespace image_encodings {
extern const std::string RGB8, BGR8, MONO8, MONO16, TYPE_32FC1, TYPE_8UC1, TYPE_16UC1;
}
}  // namespace sensor_msgs
