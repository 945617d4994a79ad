#include <hip/hip_runtime.h>

#include "common.h"

// Inclusive scan of one value per lane.
__device__ __forceinline__ float wave_inclusive_scan(float x, int lane) {
  for (int d = 1; d < 32; d *= 2) {
    const float y = __shfl_up(x, d);
    if (lane >= d) x += y;
  }
  return x;
}

// Block-wide inclusive scan; each block also stores its total for the carry pass.
__global__ void block_scan_kernel(const float* __restrict__ in, float* __restrict__ out,
                                  float* __restrict__ block_totals, int n) {
  extern __shared__ float wave_totals[];
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int num_waves = blockDim.x / warpSize;

  float x = gid < n ? in[gid] : 0.0f;
  x = wave_inclusive_scan(x, lane);
  const float wave_total = __shfl(x, 31);
  if (lane == 0) wave_totals[wave] = wave_total;
  __syncthreads();

  if (wave == 0) {
    float t = lane < num_waves ? wave_totals[lane] : 0.0f;
    t = wave_inclusive_scan(t, lane);
    if (lane < num_waves) wave_totals[lane] = t;
  }
  __syncthreads();

  if (wave > 0) x += wave_totals[wave - 1];
  if (gid < n) out[gid] = x;
  if (threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = x;
}

// Adds the scanned totals of all preceding blocks.
__global__ void add_carry_kernel(float* __restrict__ out, const float* __restrict__ carry, int n) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (blockIdx.x > 0 && gid < n) out[gid] += carry[blockIdx.x - 1];
}

// Two-level scan; supports n <= 256 * 256.
hipError_t inclusive_scan(const float* in, float* out, int n, hipStream_t stream) {
  int warp_size = 0;
  HIP_RETURN_IF_ERROR(device_warp_size(&warp_size));
  const int threads = 256;
  const int blocks = ceil_div(n, threads);
  if (blocks > threads) return hipErrorInvalidValue;
  const size_t lds = (threads / warp_size) * sizeof(float);

  float* scratch = nullptr;
  HIP_RETURN_IF_ERROR(hipMalloc(&scratch, (2 * blocks + 1) * sizeof(float)));
  float* totals = scratch;
  float* carry = scratch + blocks;
  hipLaunchKernelGGL(block_scan_kernel, dim3(blocks), dim3(threads), lds, stream,
                     in, out, totals, n);
  hipLaunchKernelGGL(block_scan_kernel, dim3(1), dim3(threads), lds, stream,
                     totals, carry, scratch + 2 * blocks, blocks);
  hipLaunchKernelGGL(add_carry_kernel, dim3(blocks), dim3(threads), 0, stream, out, carry, n);
  HIP_RETURN_IF_ERROR(hipGetLastError());
  HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  return hipFree(scratch);
}
