/* gpuleak bench stub (FFmpeg). */
#pragma once
#include "avutil.h"
