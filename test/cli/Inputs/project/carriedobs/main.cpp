#include "controller.h"

#include <functional>

// The steps run on a timer's thread: no loop of the project calls them.
void every(double seconds, std::function<void()> f);

void Controller::start() {
  every(0.02, [this] { step(); });
  every(0.02, [this] { stepDetached(); });
}
