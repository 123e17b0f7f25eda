// test/cli/cache.test: defines what a.cpp's loop calls.
#include "collector.h"
void Collector::add(const torch::Tensor &t) { items_.push_back(t); }
