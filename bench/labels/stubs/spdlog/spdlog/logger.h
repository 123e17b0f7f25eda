// Stub for bench/labels (tenth set): see spdlog.h.
#pragma once
#include "spdlog.h"
