// Stub (seventeenth set, trieck/pixienn): forwards to the shared OpenCV stub.
#pragma once
#include <opencv2/opencv.hpp>
