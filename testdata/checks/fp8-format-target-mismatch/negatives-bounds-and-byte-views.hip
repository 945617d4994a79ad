// Aspect (negative): bounds chosen by the header's format macro, a limits
// trait with one specialisation per format (each naming its own type and
// bound), a byte pointer viewed as the format it came from, a buffer
// converted in place through its byte pointer, and a 'void *' that is
// pointed elsewhere before the cast: silent for gfx942 and gfx950, in
// both passes.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx942 --offload-arch=gfx950 --passes=host,device
#include <hip/hip_fp8.h>
#include <stdint.h>

#if HIP_FP8_TYPE_OCP
using fp8_t = __hip_fp8_e4m3;
constexpr float kClampMax = 448.0f;
#else
using fp8_t = __hip_fp8_e4m3_fnuz;
constexpr float kClampMax = 240.0f;
#endif

__global__ void quantise(const float *x, fp8_t *y) {
  float v = fminf(fmaxf(x[threadIdx.x], -kClampMax), kClampMax);
  y[threadIdx.x] = fp8_t(v);
}

template <typename T> struct limits_of;
template <> struct limits_of<__hip_fp8_e4m3> {
  static constexpr float max = 448.0f;
};
template <> struct limits_of<__hip_fp8_e4m3_fnuz> {
  static constexpr float max = 240.0f;
};

template <typename T> __device__ T saturate(float v) {
  return T(fminf(fmaxf(v, -limits_of<T>::max), limits_of<T>::max));
}
__global__ void quantiseTrait(const float *x, fp8_t *y) { y[threadIdx.x] = saturate<fp8_t>(x[threadIdx.x]); }

// Bytes viewed as plain storage, a local byte pointer over one format
// viewed as that same format, and a buffer converted in place through the
// byte pointer before it is viewed as the other format.
__global__ void sameFormat(const fp8_t *in, fp8_t *out) {
  const uint8_t *p = reinterpret_cast<const uint8_t *>(in);
  out[threadIdx.x] = *reinterpret_cast<const fp8_t *>(p + threadIdx.x);
}

__device__ uint8_t ocpToFnuzByte(uint8_t b) {
  if (b == 0x80) return 0;
  return b; // scale handled by the caller (a doubled exponent bias)
}
__global__ void convertInPlace(__hip_fp8_e4m3 *buf, float *out) {
  uint8_t *p = reinterpret_cast<uint8_t *>(buf);
  p[threadIdx.x] = ocpToFnuzByte(p[threadIdx.x]);
  const __hip_fp8_e4m3_fnuz *f = reinterpret_cast<const __hip_fp8_e4m3_fnuz *>(p);
  out[threadIdx.x] = 0.5f * float(f[threadIdx.x]);
}

__global__ void pointerReplaced(const __hip_fp8_e4m3 *ocp, const __hip_fp8_e4m3_fnuz *fnuz, float *out, bool useFnuz) {
  const void *raw = ocp;
  if (useFnuz)
    raw = fnuz;
  out[threadIdx.x] = useFnuz ? float(static_cast<const __hip_fp8_e4m3_fnuz *>(raw)[threadIdx.x]) : 0.f;
}

// 448 for the OCP type on gfx950 is right; so is the OCP trait member.
#if defined(__gfx950__)
constexpr float kOcpMax = 448.0f;
__global__ void quantiseOcp(const float *x, __hip_fp8_e4m3 *y) {
  y[threadIdx.x] = __hip_fp8_e4m3(fminf(x[threadIdx.x], kOcpMax));
}
#endif
