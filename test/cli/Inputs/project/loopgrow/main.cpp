#include "sampler.h"

int main() {
  Sampler s;
  s.sweepOnce(8);
  for (int epoch = 0; epoch < 5; ++epoch) {
    s.sweep(8);
    s.sweepHost(8);
    s.sweepCapped(8);
    s.sweepDrained(8);
    s.round();
    s.shelve(8);
    s.shelveRing(8);
    s.shelveLocal(8);
    s.shelveNumber(8);
    s.sweepViaHost(8);
    s.sweepViaFreeze(8);
  }
  s.drained_.clear();
  s.drainRing();
  return 0;
}
