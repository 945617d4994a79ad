// wavesan: `cond ? __ballot(p) : 0` mixes the 64-bit mask with an int. On HIP the
// expression is 64-bit; a C++ class cannot make it so while `int m = __ballot(p)` still
// compiles, so the emulator makes it a compile error (this file must not compile).
// `cond ? __ballot(p) : 0ull` is the portable spelling.
#include <hip/hip_runtime.h>
#include <cstdint>

__global__ void pick(uint64_t *out, int flag) {
  uint64_t mask = flag ? __ballot(1) : 0;
  out[threadIdx.x] = mask;
}
