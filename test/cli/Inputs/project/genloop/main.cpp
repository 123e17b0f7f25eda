#include "lm.h"
int main(int argc, char **) {
  auto m = std::make_shared<Net>();
  Gen g(m);
  if (argc > 1) {
    finetune(m, g);
    return 0;
  }
  if (argc > 2)
    serve_guarded(g, torch::ones({8}));
  if (argc > 3)
    serve_safe(g, torch::ones({8}));
  if (argc > 4)
    serve_cached(g, torch::ones({8}));
  serve(g, torch::ones({8}));
}
