// wavesan-cc test program for AddressSanitizer on the engine's fiber stacks
// (tests/sanitizer/CcTest.cpp, AddressSanitizerKnowsFiberStacks). Built with
// -fsanitize=address, it must run clean apart from the wavesan reports:
//   1. `dead` deadlocks in every block (threads 0-31 return before the __syncthreads on
//      line 21): one barrier-deadlock report (reports are once per site), the launch
//      fails, and each block's suspended lanes are unwound on their fiber stacks
//      (frames with ASan redzones: `local`).
//   2. `after` then runs three times on the same pooled stacks; odd threads throw and
//      catch an exception (unwinding on a fiber stack). local[0] = t + (t odd), and
//      out[i] = that value of thread t ^ 1: t + 2 for even t, t - 1 for odd t, so a
//      256-thread block sums to 32640 + 128 = 32768 and 304 blocks to 9961472.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <stdexcept>

__global__ void dead(int *out) {
  int local[16];
  for (int i = 0; i < 16; ++i) local[i] = threadIdx.x + i;
  if (threadIdx.x < 32) return;
  __syncthreads(); // line 21: threads 0-31 never arrive
  out[threadIdx.x] = local[threadIdx.x % 16];
}

__global__ void after(int *out) {
  int local[16];
  for (int i = 0; i < 16; ++i) local[i] = threadIdx.x + i;
  try {
    if (threadIdx.x % 2) throw std::runtime_error("odd thread");
  } catch (const std::exception &) {
    local[0] += 1;
  }
  __syncthreads();
  out[blockIdx.x * blockDim.x + threadIdx.x] = __shfl_xor(local[0], 1);
}

int main() {
  const int n = 304 * 256;
  int *d = nullptr;
  if (hipMalloc(&d, n * sizeof(int)) != hipSuccess) return 3;
  hipLaunchKernelGGL(dead, dim3(304), dim3(64), 0, 0, d);
  std::printf("dead_failed %d\n", hipGetLastError() == hipErrorLaunchFailure ? 1 : 0);
  static int host[304 * 256];
  long sum = 0;
  for (int r = 0; r < 3; ++r) {
    hipMemset(d, 0, n * sizeof(int));
    hipLaunchKernelGGL(after, dim3(304), dim3(256), 0, 0, d);
    hipMemcpy(host, d, n * sizeof(int), hipMemcpyDeviceToHost);
    sum = 0;
    for (int i = 0; i < n; ++i) sum += host[i];
  }
  std::printf("sum %ld\n", sum);
  hipFree(d);
  return 0;
}
