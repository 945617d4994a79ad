// Aspect: a low-bits lane mask `(1 << w) - 1` computed in 32-bit `int` (or
// `unsigned`) and only then stored into, or combined with, a 64-bit lane
// mask. For w >= 32 the shift is undefined (AMD GPUs take the amount modulo
// 32: `1 << 32` gives 1, the mask 0), and a group mask shifted on to its base
// (`<< 32` for the upper 32-lane group) loses every bit. The fix-it builds the
// mask in 64 bits. Not reported: masks built in 64 bits, shifts by constants
// below 32, and a 64-bit value that is no lane mask.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

__global__ void firstLanes(const int *x, unsigned long long *out, int w) {
  unsigned long long low = (1 << w) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:29: warning: lane mask built in 32 bits ('(1 << w) - 1') and widened to 64 bits only afterwards; shifting by 32 or more is undefined there (AMD GPUs take the amount modulo 32), so lanes 32-63 of the wave64 wavefront never get a bit [wave64-lane-mask-width]
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  out[blockIdx.x] = b & low;
}

__global__ void groupVotes(const int *x, unsigned long long *out, int groupWidth) {
  int lane = threadIdx.x % warpSize;
  int base = lane / groupWidth * groupWidth;
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = b & (((1u << groupWidth) - 1) << base);
  // CHECK-MESSAGES: :[[@LINE-1]]:55: warning: lane mask built in 32 bits ('((1u << groupWidth) - 1) << base') [wave64-lane-mask-width]
}

// Assigned after its declaration and compared with a ballot; the shift amount
// comes through a lambda.
__global__ void groupVotesLambda(const int *x, unsigned long long *out, int w) {
  auto lowBits = [](int n) { return n; };
  unsigned long long m;
  m = (1 << lowBits(w)) - 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:8: warning: lane mask built in 32 bits ('(1 << lowBits(w)) - 1') [wave64-lane-mask-width]
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  if (b == m)
    out[blockIdx.x] = 1;
}

// Not reported: built in 64 bits.
__global__ void firstLanesWide(const int *x, unsigned long long *out, int w) {
  unsigned long long low = (1ull << w) - 1;
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  out[blockIdx.x] = b & low;
}

// Not reported: a 16-lane group mask shifted by at most 16 stays in 32 bits.
__global__ void halfGroups(const int *x, unsigned long long *out) {
  int sub = (threadIdx.x % warpSize) & 16;
  unsigned long long b = __ballot(x[blockIdx.x * blockDim.x + threadIdx.x] > 3);
  out[blockIdx.x * blockDim.x + threadIdx.x] = b & (((1u << 16) - 1) << sub);
}

// Not reported: a 64-bit value of low bits that is data, not a lane mask.
__global__ void lowBitsOfData(const unsigned long long *x, unsigned long long *out, int bits) {
  unsigned long long keep = (1u << bits) - 1;
  out[blockIdx.x] = x[blockIdx.x] + keep;
}
