#include "predictor.h"

int main() {
  NetPredictor net;
  float v = searchValue(net, 100);
  {
    torch::NoGradGuard no_grad;
    v += rolloutValue(net, 10);
  }
  return v > 0;
}
