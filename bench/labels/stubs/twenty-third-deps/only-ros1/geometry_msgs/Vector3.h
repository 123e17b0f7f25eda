#pragma once
#include <boost/shared_ptr.hpp>
namespace geometry_msgs {
struct Vector3 { double x, y, z; };
struct Point { double x, y, z; };
struct Quaternion { double x, y, z, w; };
}  // namespace geometry_msgs
