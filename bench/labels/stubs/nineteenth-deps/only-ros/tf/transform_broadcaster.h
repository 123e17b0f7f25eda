#pragma once
#include <ros/ros.h>
namespace tf {
class Transform {};
class StampedTransform : public Transform {};
class TransformBroadcaster {
 public:
  TransformBroadcaster();
  void sendTransform(const StampedTransform& transform);
};
}  // namespace tf
