#pragma once
#include <string>
#include <pcl/point_cloud.h>
namespace pcl {
namespace io {
template <class PointT> int loadPCDFile(const std::string& file_name, PointCloud<PointT>& cloud);
template <class PointT>
int savePCDFileASCII(const std::string& file_name, const PointCloud<PointT>& cloud);
}  // namespace io
}  // namespace pcl
