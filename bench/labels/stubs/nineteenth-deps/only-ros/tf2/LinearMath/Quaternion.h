#pragma once
namespace tf2 {
class Quaternion {
 public:
  Quaternion();
  void setRPY(double roll, double pitch, double yaw);
  Quaternion& normalize();
  double x() const; double y() const; double z() const; double w() const;
};
}  // namespace tf2
