#pragma once
#include <tf/transform_broadcaster.h>
namespace tf {
class TransformListener {
 public:
  TransformListener();
  void lookupTransform(const std::string& target, const std::string& source,
                       const ros::Time& time, StampedTransform& transform) const;
  bool waitForTransform(const std::string& target, const std::string& source,
                        const ros::Time& time, const ros::Duration& timeout) const;
};
}  // namespace tf
