#pragma once
#include <opencv2/highgui.hpp>
