#include "state.h"

State cutBraced(const State &s) {
  return {std::get<0>(s).detach(), std::get<1>(s).detach()};
}
State cutMakeTuple(const State &s) {
  return std::make_tuple(std::get<0>(s).detach(), std::get<1>(s).detach());
}
State cutLocals(const State &s) {
  auto h = std::get<0>(s).detach();
  auto c = std::get<1>(s).detach();
  return State(h, c);
}
State cutFirstOnly(const State &s) {
  return {std::get<0>(s).detach(), std::get<1>(s)};
}
