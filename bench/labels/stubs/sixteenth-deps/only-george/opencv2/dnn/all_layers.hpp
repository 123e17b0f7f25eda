// gpuleak bench stub: stands for OpenCV's opencv2/dnn/all_layers.hpp, which yolov8_seg_tensorRT's
// yolo_infer.cpp includes without using it.
#pragma once
#include <opencv2/opencv.hpp>
