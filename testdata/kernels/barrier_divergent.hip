// Family: __syncthreads inside a branch that not every thread of the block takes (runtime
// kind barrier-deadlock).
//
// tile_sum writes, for every block of 256 elements, the sum of its elements: threads stage
// their element in shared memory, wait at a barrier, and thread 0 adds the tile up.
//
// correct: the bounds check guards the load only; every thread reaches the barrier.
// buggy:   the bounds check wraps the load *and* the barrier, a common pattern when a
//          grid-wide `if (i < n)` is put around the whole body. In the last block the
//          threads with i >= n skip the barrier and exit, and the others wait for them
//          forever (CUDA and HIP leave it undefined; a GPU may hang or go on with stale
//          data). The bug does not depend on the wave size.
//
// Input: n = 100003, x[i] = (i % 13) - 6; 391 blocks of 256 threads, the last block holds
// 163 elements.
// Expected:
//   correct, wave 32 and 64: out[b] = sum of x[256 b .. min(256 b + 256, n)); no report.
//   buggy, wave 32 and 64: barrier-deadlock is reported at the marked line (naming the
//                          waiting and the missing threads) and the run ends instead of
//                          hanging: the program gets an error from hipGetLastError or
//                          hipDeviceSynchronize (kernel_error 1) and exits normally.
#include "harness.h"

__global__ void tile_sum_correct(const float *x, float *out, int n) {
  __shared__ float tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  tile[threadIdx.x] = i < n ? x[i] : 0.0f;
  __syncthreads();
  if (threadIdx.x == 0) {
    float s = 0.0f;
    for (unsigned t = 0; t < blockDim.x; ++t) s += tile[t];
    out[blockIdx.x] = s;
  }
}

__global__ void tile_sum_buggy(const float *x, float *out, int n) {
  __shared__ float tile[256];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    tile[threadIdx.x] = x[i];
    __syncthreads(); // wavesan-expect: barrier-deadlock
    if (threadIdx.x == 0) {
      float s = 0.0f;
      for (unsigned t = 0; t < blockDim.x && blockIdx.x * blockDim.x + t < unsigned(n); ++t)
        s += tile[t];
      out[blockIdx.x] = s;
    }
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int n = 100003;
  const int blocks = (n + 255) / 256;
  std::vector<float> x(n);
  for (int i = 0; i < n; ++i) x[i] = static_cast<float>(i % 13 - 6);
  float *d_x = kernels_to_device(x);
  float *d_out = kernels_zeros<float>(blocks);
  if (buggy)
    hipLaunchKernelGGL(tile_sum_buggy, dim3(blocks), dim3(256), 0, 0, d_x, d_out, n);
  else
    hipLaunchKernelGGL(tile_sum_correct, dim3(blocks), dim3(256), 0, 0, d_x, d_out, n);
  // A kernel that fails (the emulator abandons a deadlocked block) surfaces as an error
  // from hipGetLastError or the synchronisation; the program goes on and says so.
  const hipError_t launch = hipGetLastError();
  const hipError_t sync = hipDeviceSynchronize();
  std::printf("kernel_error %d\n", launch == hipSuccess && sync == hipSuccess ? 0 : 1);
  const std::vector<float> out = kernels_to_host(d_out, blocks);
  double total = 0.0;
  for (float v : out) total += v;
  std::printf("blocks %d\n", blocks);
  std::printf("first %.1f\n", out[0]);
  std::printf("last %.1f\n", out[blocks - 1]);
  std::printf("total %.1f\n", total);
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
