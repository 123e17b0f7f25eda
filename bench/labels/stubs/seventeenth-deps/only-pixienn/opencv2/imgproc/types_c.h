// Stub (seventeenth set, trieck/pixienn): OpenCV 3's C-API types header, only included.
#pragma once
#include <opencv2/imgproc.hpp>
