// wavesan-cc test program for a lane that overflows its fiber stack
// (tests/sanitizer/CcTest.cpp, LargeLocalArrayIsAStackOverflowReport). Each lane of
// `scratch` waits at a barrier (so that all 64 lanes have a stack of their own), then
// takes a 1 MiB local array: more than the lane's 256 KiB fiber stack and the 256 KiB
// guard below it. wavesan-cc compiles with -fstack-clash-protection, so the frame's
// pages are probed top down and the first probe past the stack faults in the guard: one
// kernel-fault report (stack overflow), then the process ends with SIGSEGV. Without the
// probes, the store would land 1 MiB below the stack's top, past the guard, possibly in
// another lane's stack.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void scratch(int *out, int index) {
  __syncthreads();
  volatile char big[1 << 20];
  big[index] = static_cast<char>(threadIdx.x);
  out[threadIdx.x] = big[index];
}

int main() {
  int *d_out = nullptr;
  hipMalloc(&d_out, 64 * sizeof(int));
  hipLaunchKernelGGL(scratch, dim3(1), dim3(64), 0, 0, d_out, 0);
  std::printf("no fault\n");
  hipFree(d_out);
  return 0;
}
