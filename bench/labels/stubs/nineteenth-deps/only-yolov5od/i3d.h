// Declarations-only stand-in for the i3d class (the author's Kinect 3D-data holder) that
// libtorch-yolov5-od's od.h includes; the tree does not hold it. od::detect only passes a
// std::shared_ptr<i3d> through.
#pragma once
class i3d;
