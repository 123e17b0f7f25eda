#pragma once
#include <cstdint>
namespace pcl {
struct PointXYZ { float x, y, z; PointXYZ(); PointXYZ(float x, float y, float z); };
struct PointXYZI { float x, y, z, intensity; };
struct PointXYZRGB { float x, y, z; uint8_t r, g, b; uint32_t rgb; };
}  // namespace pcl
