// Aspect: ballot-narrowing. A 64-bit mask from __ballot/__ballot_sync/__activemask
// kept in fewer than 64 bits: variable initialiser, assignment, cast, argument, return.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

__device__ int votes_below(unsigned int mask, int lane);
__device__ int store_votes(unsigned long long mask);

__global__ void init_forms(const float *x, int *out) {
  const int lane = threadIdx.x % warpSize;
  const uint32_t pos = __ballot(x[threadIdx.x] > 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: '__ballot' returns a 64-bit lane mask; storing it in 'uint32_t' drops lanes 32-63 of the wavefront [wave64-lane-mask-width]
  unsigned active = __activemask();
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '__activemask' returns a 64-bit lane mask; storing it in 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  int neg = __ballot(x[threadIdx.x] < 0.0f);
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: '__ballot' returns a 64-bit lane mask; storing it in 'int' drops lanes 32-63 [wave64-lane-mask-width]
  std::uint32_t nan = __ballot(x[threadIdx.x] != x[threadIdx.x]) | 0u;
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: '__ballot' returns a 64-bit lane mask; storing it in 'std::uint32_t' drops lanes 32-63 [wave64-lane-mask-width]
  unsigned short few = __ballot(lane < 4);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: warning: '__ballot' returns a 64-bit lane mask; storing it in 'unsigned short' drops lanes 16-63 [wave64-lane-mask-width]
  out[threadIdx.x] = (int)(pos ^ active ^ neg ^ nan ^ few);
}

__global__ void assignment_forms(const int *flags, unsigned *per_wave) {
  __shared__ unsigned wave_bits[16];
  const int wave = threadIdx.x / warpSize;
  unsigned bits = 0;
  bits = __ballot(flags[threadIdx.x] != 0);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__ballot' returns a 64-bit lane mask; assigning it to 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  wave_bits[wave] = __ballot(flags[threadIdx.x] > 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '__ballot' returns a 64-bit lane mask; assigning it to 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  __syncthreads();
  per_wave[threadIdx.x] = bits | wave_bits[wave];
}

__global__ void cast_forms(const int *flags, unsigned *out) {
  const bool f = flags[threadIdx.x] != 0;
  out[0] = (unsigned)__ballot(f);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: '__ballot' returns a 64-bit lane mask; casting it to 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  auto a = static_cast<uint32_t>(__ballot(!f));
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: '__ballot' returns a 64-bit lane mask; casting it to 'uint32_t' drops lanes 32-63 [wave64-lane-mask-width]
  unsigned b = (unsigned)__activemask();
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: '__activemask' returns a 64-bit lane mask; casting it to 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  auto c = uint32_t(__ballot(f));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '__ballot' returns a 64-bit lane mask; casting it to 'uint32_t' drops lanes 32-63 [wave64-lane-mask-width]
  auto d = unsigned(__ballot(f));
  // CHECK-MESSAGES: :[[@LINE-1]]:21: warning: '__ballot' returns a 64-bit lane mask; casting it to 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  out[1] = a ^ b ^ c ^ d;
}

__device__ unsigned vote_mask(bool p) {
  return __ballot(p);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: '__ballot' returns a 64-bit lane mask; returning it as 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
}

__global__ void argument_forms(const int *flags, int *out) {
  const int lane = threadIdx.x % warpSize;
  out[threadIdx.x] = votes_below(__ballot(flags[threadIdx.x] != 0), lane);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: warning: '__ballot' returns a 64-bit lane mask; passing it as 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  unsigned int *total = reinterpret_cast<unsigned int *>(out);
  atomicOr(total, __ballot_sync(__activemask(), flags[threadIdx.x] > 2));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: warning: '__ballot_sync' returns a 64-bit lane mask; passing it as 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  out[0] += store_votes(__ballot(flags[threadIdx.x] == 3));
}

// A 64-bit variable holding a mask, narrowed later: reported at the variable.
__global__ void variable_source(const int *flags, unsigned *out) {
  unsigned long long voted = __ballot(flags[threadIdx.x] != 0);
  unsigned low = voted;
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: 'voted' holds a 64-bit lane mask; storing it in 'unsigned int' drops lanes 32-63 [wave64-lane-mask-width]
  out[threadIdx.x] = low;
}

// Not narrowing: 64-bit or deduced destinations, bool, a result that fits in
// 32 bits by construction, and a deliberate lo/hi split.
__global__ void negatives(const int *flags, unsigned *out, unsigned long long *wide) {
  const int lane = threadIdx.x % warpSize;
  const bool f = flags[threadIdx.x] != 0;
  unsigned long long a = __ballot(f);
  uint64_t b = __ballot_sync(__activemask(), f);
  auto c = __activemask();
  bool any = __ballot(f);
  unsigned mine = (__ballot(f) >> lane) & 1u;
  unsigned low_byte = __ballot(f) & 0xffu;
  unsigned lo = static_cast<unsigned>(a);
  unsigned hi = static_cast<unsigned>(a >> 32);
  unsigned long long widened = (unsigned long long)__ballot(f);
  wide[threadIdx.x] = a ^ b ^ c ^ widened;
  out[threadIdx.x] = any + mine + low_byte + __popc(lo) + __popc(hi);
}
