//===- Expect.h - The check macro of the runtime's CPU-only tests ---------===//
//
// EXPECT(Cond) counts a check and, when Cond is false, a failure, printing
// file:line and the condition. A test's main() reports Checks and Failures
// and returns non-zero when Failures > 0.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cstdio>

namespace gpuleak_test {
inline int Failures = 0;
inline int Checks = 0;
} // namespace gpuleak_test

#define EXPECT(Cond)                                                           \
  do {                                                                         \
    ++gpuleak_test::Checks;                                                    \
    if (!(Cond)) {                                                             \
      ++gpuleak_test::Failures;                                                \
      std::fprintf(stderr, "%s:%d: FAILED: %s\n", __FILE__, __LINE__, #Cond);  \
    }                                                                          \
  } while (0)
