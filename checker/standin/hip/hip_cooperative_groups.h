/* Stand-in header written for wavecheck; NOT the ROCm header of this name and
 * contains no ROCm code. Covers a small cooperative-groups subset:
 * thread_block (this_thread_block), grid_group (this_grid),
 * thread_block_tile<N> (tiled_partition<N>) and coalesced_group
 * (coalesced_threads) with shfl/shfl_down/shfl_up/
 * shfl_xor/ballot/any/all, and sync(). A tile of N lanes shuffles with width
 * N; on a wave64 target a tile of 32 is half a wavefront. From the public HIP
 * cooperative groups documentation (ROCm 6.x/7.x). */
#ifndef WAVECHECK_STANDIN_HIP_COOPERATIVE_GROUPS_H
#define WAVECHECK_STANDIN_HIP_COOPERATIVE_GROUPS_H

#include <hip/hip_runtime.h>

namespace cooperative_groups {

class thread_block {
public:
  __device__ void sync() const { __syncthreads(); }
  __device__ unsigned int thread_rank() const {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  }
  __device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
  __device__ unsigned int num_threads() const { return size(); }
};
__device__ inline thread_block this_thread_block() { return thread_block(); }

class grid_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
};
__device__ inline grid_group this_grid() { return grid_group(); }

template <unsigned int N> class thread_block_tile {
  static_assert(N != 0 && (N & (N - 1)) == 0 && N <= 64, "tile size: power of two <= 64");

public:
  static constexpr unsigned int num_threads() { return N; }
  static constexpr unsigned int size() { return N; }
  __device__ unsigned int thread_rank() const { return __lane_id() & (N - 1); }
  __device__ unsigned int meta_group_rank() const { return this_thread_block().thread_rank() / N; }
  __device__ unsigned int meta_group_size() const {
    return (this_thread_block().size() + N - 1) / N;
  }
  __device__ void sync() const { __syncwarp(); }
  template <class T> __device__ T shfl(T var, int srcRank) const {
    return __shfl_sync(~0ull, var, srcRank, N);
  }
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const {
    return __shfl_down_sync(~0ull, var, delta, N);
  }
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const {
    return __shfl_up_sync(~0ull, var, delta, N);
  }
  template <class T> __device__ T shfl_xor(T var, int laneMask) const {
    return __shfl_xor_sync(~0ull, var, laneMask, N);
  }
  /* Bits of this tile only, as a tile-relative mask. */
  __device__ unsigned long long ballot(int predicate) const {
    unsigned long long all = __ballot(predicate);
    unsigned int base = __lane_id() & ~(N - 1);
    return N == 64 ? all : (all >> base) & ((1ull << (N % 64)) - 1);
  }
  __device__ int any(int predicate) const { return ballot(predicate) != 0; }
  __device__ int all(int predicate) const {
    return ballot(predicate) == (N == 64 ? ~0ull : (1ull << (N % 64)) - 1);
  }
};
template <unsigned int N>
__device__ inline thread_block_tile<N> tiled_partition(const thread_block &) {
  return thread_block_tile<N>();
}
/* The lanes of the wavefront active at the call, ranked in lane order. */
class coalesced_group {
public:
  __device__ unsigned long long mask() const { return __ballot(1); }
  __device__ unsigned int size() const { return __popcll(mask()); }
  __device__ unsigned int num_threads() const { return size(); }
  __device__ unsigned int thread_rank() const {
    return __popcll(mask() & ((1ull << __lane_id()) - 1));
  }
  __device__ void sync() const { __syncwarp(); }
  template <class T> __device__ T shfl(T var, int srcRank) const;
  template <class T> __device__ T shfl_down(T var, unsigned int delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned int delta) const;
  __device__ unsigned long long ballot(int predicate) const;
  __device__ int any(int predicate) const { return ballot(predicate) != 0; }
  __device__ int all(int predicate) const { return ballot(predicate) == mask(); }
};
__device__ inline coalesced_group coalesced_threads() { return coalesced_group(); }
template <class Group> __device__ inline void sync(const Group &g) { g.sync(); }

} // namespace cooperative_groups

#endif
