// Aspect: a wave size picked by a gfx list that misses gfx942, not in a macro
// but in C++: a constexpr function whose return statement the list chooses,
// and a trait whose static member the list chooses, each read by a
// wave-size constant (device pass).
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

__host__ __device__ constexpr int waveSizeForArch() {
#if defined(__gfx90a__) || defined(__gfx908__)
  return 64;
#else
  return 32;
#endif
}
constexpr int kWarpSize = waveSizeForArch();
// CHECK-MESSAGES: :[[@LINE-1]]:27: warning: 'kWarpSize' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: it is computed from 'waveSizeForArch', and the #if at line 9 chooses that from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]

struct ArchTraits {
#if defined(__gfx90a__) || defined(__gfx908__)
  static constexpr bool kWave64 = true;
#else
  static constexpr bool kWave64 = false;
#endif
};
constexpr int WARP_THREADS = ArchTraits::kWave64 ? 64 : 32;
// CHECK-MESSAGES: :[[@LINE-1]]:30: warning: 'WARP_THREADS' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: it is computed from 'ArchTraits::kWave64', and the #if at line 19 chooses that from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]

__global__ void laneSums(const float *in, float *out) {
  int lane = threadIdx.x % kWarpSize;
  float v = in[threadIdx.x];
  for (int off = WARP_THREADS / 2; off > 0; off /= 2)
    v += __shfl_down(v, off);
  if (lane == 0)
    out[threadIdx.x / kWarpSize] = v;
}

// The same through a lambda called where it is written.
constexpr int kWaveWidth = [] {
#if defined(__gfx90a__)
  return 64;
#else
  return 32;
#endif
}();
// CHECK-MESSAGES: :[[@LINE-7]]:28: warning: 'kWaveWidth' resolves to 32 for gfx942 (device pass), whose wavefronts have 64 lanes: it is computed by a lambda, and the #if at line 39 chooses that from a list of gfx targets that does not include gfx942 [wave64-warp-size-detection]

__global__ void widthUser(float *out) { out[threadIdx.x % kWaveWidth] = 0.f; }
