#include "timer.h"

Timer::Timer() {
  cudaEventCreate(&start_);
  cudaEventCreate(&stop_);
}

void Timer::start() { cudaEventRecord(start_, 0); }

float Timer::stop() {
  float ms = 0;
  cudaEventRecord(stop_, 0);
  cudaEventSynchronize(stop_);
  cudaEventElapsedTime(&ms, start_, stop_);
  return ms;
}

Scratch::Scratch(int n) { cudaMalloc(&buf, n * sizeof(float)); }
