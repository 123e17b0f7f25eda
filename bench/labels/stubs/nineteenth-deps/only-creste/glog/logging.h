#pragma once
#include <ostream>
namespace google {
void InitGoogleLogging(const char* argv0);
}
