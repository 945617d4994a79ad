// Aspect: the stand-in HIP headers must let ordinary code parse: host code
// that calls fabsf (from the C math library, with no math header of its own)
// and device code that tests a float with isnan and isinf. A parse failure
// would hide the finding below.
// RUN-ARGS: --checks=-*,wave64-hardcoded-warp-size
#include <cmath>
#include <cstdio>
#include <hip/hip_runtime.h>

__device__ float clean(float x) {
  if (isnan(x) || isinf(x))
    return 0.0f;
  return x;
}

__global__ void sanitiseAndCount(const float *in, float *out, unsigned long long *masks) {
  float v = clean(in[threadIdx.x]);
  out[threadIdx.x] = v;
  unsigned long long m = __ballot(v != 0.0f);
  if (threadIdx.x % 32 == 0)
// CHECK-MESSAGES: :[[@LINE-1]]:21: warning: lane index computed with 32 ('threadIdx.x % 32') [wave64-hardcoded-warp-size]
    masks[threadIdx.x / 32] = m;
// CHECK-MESSAGES: :[[@LINE-1]]:25: warning: warp id computed with 32 ('threadIdx.x / 32') [wave64-hardcoded-warp-size]
}

static bool close(const float *a, const float *b, int n) {
  for (int i = 0; i < n; ++i)
    if (fabsf(a[i] - b[i]) > 1e-3f * fabsf(a[i]))
      return false;
  return true;
}

int main() { return close(nullptr, nullptr, 0) ? 0 : 1; }
