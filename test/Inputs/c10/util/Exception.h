// Mock of c10/util/Exception.h (LibTorch 2.11): TORCH_CHECK and
// TORCH_INTERNAL_ASSERT as the real macros expand them without
// STRIP_ERROR_MESSAGES (C10_UNLIKELY_OR_CONST is in
// torch/headeronly/util/Exception.h, C10_UNLIKELY in
// torch/headeronly/macros/Macros.h); the message is the condition's text.
#pragma once
#include <cstdint>
#include <string>

#define C10_UNLIKELY(expr) (__builtin_expect(static_cast<bool>(expr), 0))
#define C10_UNLIKELY_OR_CONST(e) C10_UNLIKELY(e)

namespace c10::detail {
[[noreturn]] void torchCheckFail(const char *func, const char *file,
                                 uint32_t line, const std::string &msg);
[[noreturn]] void torchCheckFail(const char *func, const char *file,
                                 uint32_t line, const char *msg);
[[noreturn]] void torchInternalAssertFail(const char *func, const char *file,
                                          uint32_t line, const char *condMsg,
                                          const char *userMsg);
} // namespace c10::detail

#define TORCH_CHECK(cond, ...)                                                 \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {                                        \
    ::c10::detail::torchCheckFail(__func__, __FILE__,                          \
                                  static_cast<uint32_t>(__LINE__), #cond);     \
  }

#define TORCH_INTERNAL_ASSERT(cond, ...)                                       \
  if (C10_UNLIKELY_OR_CONST(!(cond))) {                                        \
    ::c10::detail::torchInternalAssertFail(                                    \
        __func__, __FILE__, static_cast<uint32_t>(__LINE__), #cond, "");       \
  }
