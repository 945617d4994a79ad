// wavesan-cc test input: a header, found through -I, whose helper launches a template
// kernel with the triple-chevron syntax (line 14) and a launch written in a macro's
// definition (line 17; reports name the line where the macro is used). Block sizes
// above 1024 make the emulator report each launch with its line.
#pragma once
#include <hip/hip_runtime.h>

template <typename T> __global__ void fill(T *out, T value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = value;
}

template <typename T> void fill_on_device(T *out, T value, int n, int block) {
  fill<<<(n + block - 1) / block, block>>>(out, value, n);
}

#define FILL_ONE_BLOCK(out, value, n, block) \
  fill<<<1, block>>>(out, value, n)
