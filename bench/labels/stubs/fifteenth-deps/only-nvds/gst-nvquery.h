// Stub for the fifteenth labelled set (nvdsvideotemplate): DeepStream's gst-nvquery.h (unused names).
#pragma once
#include <gst/gst.h>
