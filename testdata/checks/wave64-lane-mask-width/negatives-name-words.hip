// Aspect (negative only): names are matched as whole words. 'plane', 'planes',
// 'airplane' and 'laneway' contain "lane" but name no lane, and 'num_lanes' is
// a count: shifting a 32-bit value by them builds no lane mask.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>

// Bit-plane coding: plane p of each pixel goes to bit p of a 32-bit word.
__global__ void bit_planes(const unsigned char *pixels, unsigned *planes_out, int n,
                           int num_planes) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned word = 0;
  for (int plane = 0; plane < num_planes; ++plane)
    if ((pixels[i] >> plane) & 1u)
      word |= 1u << plane;
  for (int planeIdx = 0; planeIdx < num_planes; ++planeIdx)
    word ^= 1u << planeIdx;
  planes_out[i] = word;
}

__device__ unsigned more_bits(int airplane, int laneway, int planes) {
  return (1u << airplane) | (1u << laneway) | (1u << planes);
}

__device__ unsigned low_bits(int num_lanes) { return (1u << num_lanes) - 1; }
