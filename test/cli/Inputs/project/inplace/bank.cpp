#include "bank.h"

void FeatureBank::add(torch::Tensor feat) { store[next++ % 100] = feat; }
