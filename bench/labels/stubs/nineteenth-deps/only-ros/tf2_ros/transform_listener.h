#pragma once
#include <ros/ros.h>
namespace tf2_ros {
class Buffer {
 public:
  Buffer();
};
class TransformListener {
 public:
  explicit TransformListener(Buffer& buffer);
};
}  // namespace tf2_ros
