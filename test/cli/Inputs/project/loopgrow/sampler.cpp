#include "sampler.h"

void Sampler::sweep(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    outs_.push_back(policy_.forward(probe_));
}
void Sampler::sweepOnce(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    once_.push_back(policy_.forward(probe_));
}
void Sampler::sweepHost(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    host_.push_back(policy_.forward(probe_).cpu());
}
void Sampler::sweepCapped(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    if (capped_.size() < 16)
      capped_.push_back(policy_.forward(probe_));
}
void Sampler::sweepDrained(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    drained_.push_back(policy_.forward(probe_).detach());
}
void Sampler::sweepInner(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    inner_.push_back(policy_.forward(probe_).detach());
}
void Sampler::round() { sweepInner(3); }
void Sampler::shelve(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    shelf_.put(policy_.forward(probe_));
}
void Sampler::shelveRing(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    ring_.put(policy_.forward(probe_));
}
void Sampler::shelveLocal(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i) {
    Shelf scratch;
    scratch.put(policy_.forward(probe_));
  }
}
void Sampler::shelveNumber(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    shelf_.put(policy_.forward(probe_).cpu());
}
void Sampler::sweepViaHost(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    viaHost_.push_back(toHost(policy_.forward(probe_)));
}
void Sampler::sweepViaFreeze(int n) {
  torch::NoGradGuard off;
  for (int i = 0; i < n; ++i)
    frozen_.push_back(freeze(policy_.forward(probe_)));
}
void Sampler::drainRing() { ring_.drain(); }
