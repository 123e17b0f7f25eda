// Stub: fastrl.h includes it for c10d::Store (declared with the ProcessGroup stub).
#pragma once
#include <c10d/ProcessGroup.hpp>
