// Stub for the fifteenth labelled set (zzzc18/resnet_cudnn): OpenCV's old-style
// opencv2/highgui/highgui.hpp, forwarding to the opencv2/highgui.hpp stub of stubs/opencv.
#pragma once
#include <opencv2/highgui.hpp>
