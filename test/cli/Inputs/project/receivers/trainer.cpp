#include "trainer.h"

void Trainer::step(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  sink_.add(loss);
}
void Trainer::stepSingleton(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  Registry::instance().record(loss);
}
void Trainer::stepHost(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  sink_.add(loss.detach().cpu());
}
void Trainer::stepSetter(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  sink_.set(loss);
}
void Trainer::stepWindow(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  window_.add(loss);
}
void Trainer::stepOnce(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  sink_.add(loss);
}
void Trainer::stepLocal(const torch::Tensor &x) {
  MetricsSink sink;
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  sink.add(loss);
}
void Trainer::evalStep(const torch::Tensor &x) {
  torch::NoGradGuard off;
  sink_.add(net_.forward(x));
}
void Trainer::stepInline(const torch::Tensor &x) {
  torch::Tensor loss = net_.forward(x).sum();
  loss.backward();
  inline_.add(loss);
}
void Trainer::endEpoch() { window_.reset(); }
