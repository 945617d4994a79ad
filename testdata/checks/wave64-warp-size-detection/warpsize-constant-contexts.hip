// Aspect: 'warpSize' where a constant expression is required. ROCm 7 made it a
// run-time value, so these no longer compile; the fix-it writes the target's
// wave size (option ConstantWaveSize).
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

template <int Lanes> struct WaveTile {
  float v[Lanes];
};
template <int Lanes> __device__ float sumTile(const WaveTile<Lanes> &t) {
  float s = 0.f;
  for (int i = 0; i < Lanes; ++i)
    s += t.v[i];
  return s;
}

__shared__ float stage[warpSize * 4];
// CHECK-MESSAGES: :[[@LINE-1]]:24: warning: 'warpSize' is not a constant expression since ROCm 7; as an array extent it compiled with ROCm 6 headers, where it was constexpr, and is an error with ROCm 7 [wave64-warp-size-detection]

__global__ void partials(const float *in, float *out, int mode) {
  static_assert(warpSize == 64, "kernel written for wave64");
// CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 'warpSize' is not a constant expression since ROCm 7; as a 'static_assert' condition it compiled [wave64-warp-size-detection]
  __shared__ float perLane[warpSize];
// CHECK-MESSAGES: :[[@LINE-1]]:28: warning: 'warpSize' is not a constant expression since ROCm 7; as an array extent it compiled [wave64-warp-size-detection]
  WaveTile<warpSize> tile;
// CHECK-MESSAGES: :[[@LINE-1]]:12: warning: 'warpSize' is not a constant expression since ROCm 7; as a template argument it compiled [wave64-warp-size-detection]
  constexpr int kHalf = warpSize / 2;
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: 'warpSize' is not a constant expression since ROCm 7; as a 'constexpr' initialiser it compiled [wave64-warp-size-detection]
  float s = sumTile<warpSize>(tile);
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: 'warpSize' is not a constant expression since ROCm 7; as a template argument it compiled [wave64-warp-size-detection]
  switch (mode) {
  case warpSize:
// CHECK-MESSAGES: :[[@LINE-1]]:8: warning: 'warpSize' is not a constant expression since ROCm 7; as a case label it compiled [wave64-warp-size-detection]
    s += 1.f;
    break;
  default:
    break;
  }
  int lane = threadIdx.x % warpSize; // a run-time use: fine
  perLane[lane] = in[threadIdx.x] + s + kHalf;
  stage[threadIdx.x] = perLane[lane];
  out[threadIdx.x] = stage[threadIdx.x];
}
