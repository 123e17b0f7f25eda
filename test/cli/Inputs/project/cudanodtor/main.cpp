#include "timer.h"

float measure(int n) {
  Timer timer;
  timer.start();
  return timer.stop() * n;
}

int main() {
  float total = 0;
  for (int n = 1; n < 10; ++n)
    total += measure(n);
  return total > 0;
}
