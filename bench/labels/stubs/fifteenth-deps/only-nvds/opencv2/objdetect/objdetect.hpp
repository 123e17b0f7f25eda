// Stub for the fifteenth labelled set (nvdsvideotemplate): old opencv2/objdetect/objdetect.hpp path.
#pragma once
#include <opencv2/core.hpp>
