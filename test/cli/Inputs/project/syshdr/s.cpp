#include <vend/flush.h>

int main() {
  vend::flushEach(3);
  return 0;
}
