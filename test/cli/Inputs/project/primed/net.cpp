#include "net.h"
std::tuple<torch::Tensor, Memory> DecoderImpl::forward(const torch::Tensor &x, Memory mem) {
  auto [y, next] = rnn->forward(x, mem);
  return {head->forward(y), next};
}
Memory DecoderImpl::blank(int64_t batch) const {
  return {torch::zeros({1, batch, 8}), torch::zeros({1, batch, 8})};
}
torch::Tensor DecoderImpl::warm(const torch::Tensor &x) { return head->forward(x); }
torch::Tensor advance(Decoder &dec, const torch::Tensor &x, Memory &mem) {
  auto [logits, next] = dec->forward(x, mem);
  mem = next;
  return logits.argmax(-1);
}
torch::Tensor advanceTied(Decoder &dec, const torch::Tensor &x, Memory &mem) {
  torch::Tensor logits;
  Memory next;
  std::tie(logits, next) = dec->forward(x, mem);
  std::tie(std::get<0>(mem), std::get<1>(mem)) = next;
  return logits.argmax(-1);
}
torch::Tensor advanceGets(Decoder &dec, const torch::Tensor &x, Memory &mem) {
  auto out = dec->forward(x, mem);
  std::get<0>(mem) = std::get<0>(std::get<1>(out));
  std::get<1>(mem) = std::get<1>(std::get<1>(out));
  return std::get<0>(out).argmax(-1);
}
torch::Tensor advanceBound(Decoder &dec, const torch::Tensor &x, Memory &mem) {
  auto [logits, next] = dec->forward(x, mem);
  auto &[h, c] = mem;
  std::tie(h, c) = next;
  return logits.argmax(-1);
}
torch::Tensor advanceRepacked(Decoder &dec, const torch::Tensor &x, Memory &mem) {
  auto [logits, next] = dec->forward(x, mem);
  auto [h, c] = next;
  mem = std::make_tuple(h, c);
  return logits.argmax(-1);
}
torch::Tensor advanceCut(Decoder &dec, const torch::Tensor &x, Memory &mem) {
  auto [logits, next] = dec->forward(x, mem);
  auto [h, c] = next;
  mem = std::make_tuple(h.detach(), c.detach());
  return logits.argmax(-1);
}
