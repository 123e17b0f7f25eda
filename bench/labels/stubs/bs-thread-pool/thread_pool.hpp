// Stub of bshoshany/thread-pool v2 (thread_pool.hpp) for jakkes/rl-cpp: the class the
// trainers construct, push_task and wait_for_tasks. No behaviour.
#pragma once
#include <cstdint>
#include <functional>
#include <future>
class thread_pool {
  public:
    explicit thread_pool(std::uint_fast32_t = 0) {}
    template <typename F, typename... A> void push_task(const F &, const A &...) {}
    template <typename F, typename... A> auto submit(const F &, const A &...) -> std::future<void> { return {}; }
    void wait_for_tasks() {}
    std::uint_fast32_t get_thread_count() const { return 1; }
};
