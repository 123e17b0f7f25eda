#pragma once
#include <memory>
#include <vector>
#include <pcl/point_types.h>
namespace pcl {
struct PCLHeader { uint32_t seq; uint64_t stamp; std::string frame_id; };
template <class PointT> class PointCloud {
 public:
  typedef std::shared_ptr<PointCloud<PointT>> Ptr;
  typedef std::shared_ptr<const PointCloud<PointT>> ConstPtr;
  PointCloud();
  std::vector<PointT> points;
  uint32_t width, height;
  bool is_dense;
  PCLHeader header;
  void push_back(const PointT& pt);
  std::size_t size() const;
  bool empty() const;
  PointT& operator[](std::size_t i);
  const PointT& operator[](std::size_t i) const;
  typename std::vector<PointT>::iterator begin();
  typename std::vector<PointT>::iterator end();
};
}  // namespace pcl
