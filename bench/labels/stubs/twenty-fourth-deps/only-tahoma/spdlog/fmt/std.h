#pragma once
#include <fmt/std.h>
