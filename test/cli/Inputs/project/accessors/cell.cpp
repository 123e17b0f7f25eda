#include "cell.h"
torch::Tensor Cell::state() const { return state_; }
torch::Tensor Cell::snapshot() const { return state_.detach(); }
void Cell::update(const torch::Tensor &s) { state_ = s; }
void Cell::record(const torch::Tensor &s) { seen_.push_back(s); }
void Cell::restart() { state_ = torch::zeros({1, 4}); }
