#pragma once
#include "Vector3.h"
namespace geometry_msgs {
struct Pose {
  Point position;
  Quaternion orientation;
  typedef boost::shared_ptr<Pose> Ptr;
  typedef boost::shared_ptr<const Pose> ConstPtr;
};
}  // namespace geometry_msgs
