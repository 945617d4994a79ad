#include <hip/hip_runtime.h>
#include <cstdint>

#include "common.h"

// Stream compaction: writes the indices of positive values, one atomic per wavefront.
__global__ void compact_positive_kernel(const float* __restrict__ values, int* __restrict__ out_idx,
                                        int* __restrict__ out_count, int n) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  const int lane = threadIdx.x % warpSize;
  const bool keep = gid < n && values[gid] > 0.0f;

  const unsigned long long kept = __ballot(keep);
  const unsigned long long lower = (1ull << lane) - 1;
  int base = 0;
  if (lane == 0) base = atomicAdd(out_count, static_cast<int>(__popcll(kept)));
  base = __shfl(base, 0);
  if (keep) out_idx[base + __popcll(kept & lower)] = gid;
}

// Block sum; every thread gets the total. wave_partials holds one float per wavefront.
__device__ float block_sum(float v, float* wave_partials) {
  const int lane = threadIdx.x % warpSize;
  const int wave = threadIdx.x / warpSize;
  const int num_waves = blockDim.x / warpSize;
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) v += __shfl_xor(v, offset);
  if (lane == 0) wave_partials[wave] = v;
  __syncthreads();
  v = lane < num_waves ? wave_partials[lane] : 0.0f;
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) v += __shfl_xor(v, offset);
  return v;
}

__global__ void mean_kernel(const float* __restrict__ x, float* __restrict__ mean, int n) {
  extern __shared__ float wave_partials[];
  float acc = 0.0f;
  for (int i = threadIdx.x; i < n; i += blockDim.x) acc += x[i];
  acc = block_sum(acc, wave_partials);
  if (threadIdx.x == 0) *mean = acc / n;
}

// Bitset of seen keys, 32 bits per word.
__global__ void bitset_insert_kernel(const uint32_t* __restrict__ keys, uint32_t* __restrict__ bits,
                                     int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const uint32_t key = keys[i];
    atomicOr(&bits[key / 32], 1u << (key % 32));
  }
}

__global__ void bitset_count_kernel(const uint32_t* __restrict__ bits, int num_words,
                                    unsigned int* __restrict__ count) {
  unsigned int c = 0;
  for (int w = blockIdx.x * blockDim.x + threadIdx.x; w < num_words; w += gridDim.x * blockDim.x) {
    c += __popc(bits[w]);
  }
  for (int offset = warpSize / 2; offset > 0; offset >>= 1) c += __shfl_down(c, offset);
  if (threadIdx.x % warpSize == 0) atomicAdd(count, c);
}

hipError_t mean_of(const float* x, int n, float* result, hipStream_t stream) {
  int warp_size = 0;
  HIP_RETURN_IF_ERROR(device_warp_size(&warp_size));
  const int threads = 1024;
  const size_t lds = (threads / warp_size) * sizeof(float);
  hipLaunchKernelGGL(mean_kernel, dim3(1), dim3(threads), lds, stream, x, result, n);
  return hipGetLastError();
}

hipError_t count_distinct(const uint32_t* keys, int n, uint32_t max_key, unsigned int* count,
                          hipStream_t stream) {
  const int num_words = static_cast<int>(max_key / 32 + 1);
  uint32_t* bits = nullptr;
  HIP_RETURN_IF_ERROR(hipMalloc(&bits, num_words * sizeof(uint32_t)));
  HIP_RETURN_IF_ERROR(hipMemsetAsync(bits, 0, num_words * sizeof(uint32_t), stream));
  HIP_RETURN_IF_ERROR(hipMemsetAsync(count, 0, sizeof(unsigned int), stream));
  hipLaunchKernelGGL(bitset_insert_kernel, dim3(256), dim3(256), 0, stream, keys, bits, n);
  hipLaunchKernelGGL(bitset_count_kernel, dim3(64), dim3(256), 0, stream, bits, num_words, count);
  HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  return hipFree(bits);
}
