#include <hip/hip_runtime.h>
#include <cstdint>

#include "common.h"

constexpr int kNumExperts = 8;

// Counts the routed (token, expert) pairs per expert.
__global__ void moe_count_tokens(const int32_t* __restrict__ topk_ids,
                                 int32_t* __restrict__ expert_counts, int numel) {
  __shared__ int counts[32][kNumExperts];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / 32;
  const int num_warps = blockDim.x / 32;

  for (int k = threadIdx.x; k < num_warps * kNumExperts; k += blockDim.x) {
    counts[k / kNumExperts][k % kNumExperts] = 0;
  }
  __syncthreads();

  const int stride = gridDim.x * blockDim.x;
  for (int base = blockIdx.x * blockDim.x; base < numel; base += stride) {
    const int i = base + threadIdx.x;
    const int expert = i < numel ? topk_ids[i] : -1;
    for (int e = 0; e < kNumExperts; ++e) {
      const unsigned long long hits = __ballot(expert == e);
      if (lane == 0) counts[warp][e] += __popcll(hits);
    }
  }
  __syncthreads();

  if (threadIdx.x < kNumExperts) {
    int total = 0;
    for (int w = 0; w < num_warps; ++w) total += counts[w][threadIdx.x];
    atomicAdd(&expert_counts[threadIdx.x], total);
  }
}

// Pads every expert to a multiple of block_size and writes the start offsets.
__global__ void moe_align_offsets(const int32_t* __restrict__ expert_counts,
                                  int32_t* __restrict__ offsets, int block_size) {
  if (blockIdx.x != 0 || threadIdx.x != 0) return;
  int32_t acc = 0;
  for (int e = 0; e < kNumExperts; ++e) {
    offsets[e] = acc;
    acc += ceil_div(expert_counts[e], block_size) * block_size;
  }
  offsets[kNumExperts] = acc;
}

hipError_t moe_align(const int32_t* topk_ids, int numel, int block_size,
                     int32_t** offsets_out, hipStream_t stream) {
  int32_t* counts = nullptr;
  int32_t* offsets = nullptr;
  HIP_RETURN_IF_ERROR(hipMalloc(&counts, kNumExperts * sizeof(int32_t)));
  HIP_RETURN_IF_ERROR(hipMalloc(&offsets, (kNumExperts + 1) * sizeof(int32_t)));
  HIP_RETURN_IF_ERROR(hipMemsetAsync(counts, 0, kNumExperts * sizeof(int32_t), stream));

  const int threads = 256;
  int blocks = ceil_div(numel, threads);
  if (blocks > 1024) blocks = 1024;
  if (blocks < 1) blocks = 1;
  hipLaunchKernelGGL(moe_count_tokens, dim3(blocks), dim3(threads), 0, stream,
                     topk_ids, counts, numel);
  hipLaunchKernelGGL(moe_align_offsets, dim3(1), dim3(1), 0, stream, counts, offsets, block_size);
  HIP_RETURN_IF_ERROR(hipGetLastError());
  HIP_RETURN_IF_ERROR(hipStreamSynchronize(stream));
  *offsets_out = offsets;
  return hipFree(counts);
}
