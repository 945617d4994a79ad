// Aspect (negative only): a local named 'lane' that holds data, not a lane id:
// a random factor dimension below 32 picks one bit of a 32-bit flip mask.
// Its initialiser decides what it is, not its name.
// RUN-ARGS: --checks=-*,wave64-lane-mask-width
#include <hip/hip_runtime.h>
#include <cstdint>

__host__ __device__ uint32_t flip_one(uint32_t random, uint8_t dims) {
  const uint32_t lane = random % dims;
  return 1 << lane;
}

__global__ void flips(const uint32_t *rng, uint32_t *masks, uint8_t dims) {
  masks[threadIdx.x] = flip_one(rng[threadIdx.x], dims);
}
