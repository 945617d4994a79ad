// Device-compile check for wavesan/numeric.h (NumericDeviceTest.cpp): one __global__
// kernel that calls every WAVESAN_HD function, compiled with clang-22 for gfx942
// (--cuda-device-only -S -nogpulib). It is never run: it only has to compile to gfx942
// assembly with no calls left to functions the device cannot provide.
#if __has_include(<hip/hip_runtime.h>)
#include <hip/hip_runtime.h>  // Debian's HIP 5.2 headers (needs -D__AMDGCN_WAVEFRONT_SIZE=64)
#endif
#include "wavesan/numeric.h"

using namespace wavesan;

__global__ void wavesanNumericDeviceKernel(const uint8_t *Fp8, const uint16_t *Half,
                                           const float *In, float *Out, uint8_t *Bytes,
                                           uint16_t *Halves, bool *Flags) {
  const unsigned I = __builtin_amdgcn_workitem_id_x();
  const Fp8Format F = static_cast<Fp8Format>(I & 3u);
  Out[4 * I + 0] = decodeFp8(Fp8[I], F);
  Out[4 * I + 1] = decodeBf16(Half[I]);
  Out[4 * I + 2] = decodeFp16(Half[I]);
  Out[4 * I + 3] = fp8MaxFinite(F);
  Bytes[2 * I + 0] = encodeFp8(In[I], F, (I & 4u) != 0);
  Bytes[2 * I + 1] = fp8OcpToFnuz(Fp8[I]);
  Halves[2 * I + 0] = encodeBf16(In[I]);
  Halves[2 * I + 1] = encodeFp16(In[I]);
  Flags[3 * I + 0] = fp8IsNan(Fp8[I], F);
  Flags[3 * I + 1] = fp8IsInf(Fp8[I], F);
  Flags[3 * I + 2] = fp8IsFnuz(F);
}
