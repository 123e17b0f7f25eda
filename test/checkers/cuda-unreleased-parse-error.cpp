// RUN: not %gpuleak_tidy %s -checks='-*,gpuleak-cuda-unreleased' --quiet -- -std=c++17 -isystem /usr/local/cuda/include 2>&1 | FileCheck %s --implicit-check-not='warning:'

// A function whose body has an error (in real projects, a header missing
// from the compile flags, here a container type that is not declared) has
// holes in its CFG: the check says nothing about it rather than guess.

#include <cuda_runtime.h>

struct Mipmaps {
  SurfaceList<cudaSurfaceObject_t> levels;
  // CHECK: :[[@LINE-1]]:3: error: no template named 'SurfaceList'
  void import(int n, const cudaResourceDesc &desc) {
    for (int i = 0; i < n; ++i) {
      cudaSurfaceObject_t surface;
      cudaCreateSurfaceObject(&surface, &desc);
      levels.push_back(surface);
    }
  }
};
