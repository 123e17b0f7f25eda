// runtime-shared-libstdcxx (CMakeLists.txt): a library that uses iostreams,
// linked with -static-libstdc++ and the runtime's libstdc++ link option; it
// must need libstdc++.so.6.
#include <sstream>
#include <string>

std::string gpuleakFormat(long X) {
  std::ostringstream O;
  O << X;
  return O.str();
}
