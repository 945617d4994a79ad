// Aspect (negative only): a port's compatibility typedef that names CUDA's
// OCP type by HIP's OCP type (the same format, so the port is faithful), and
// a software encoder that builds the byte of a storage format itself (it
// returns the 8-bit code): its 448 belongs to the format it writes, not to
// the FP8 format of the target's hardware.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch
#include <hip/hip_runtime.h>
#include <hip/hip_fp8.h>
#include <cstdint>
#include <cstring>

typedef __hip_fp8_e4m3 __nv_fp8_e4m3;

static inline uint8_t encode_scale_e4m3(float x) {
  if (!(x > 0.0f))
    return 0;
  if (x > 448.0f)
    x = 448.0f;
  uint32_t bits;
  memcpy(&bits, &x, 4);
  int exp = int((bits >> 23) & 0xff) - 127 + 7;
  return exp <= 0 ? 0 : uint8_t((exp << 3) | ((bits >> 20) & 0x7));
}
