// Aspect (negative only): 'warpSize' in code the parser never sees as an
// expression (the arguments of a macro that drops them), in a subscript or a
// comparison. Neither is a constant context: a subscript is no array extent
// and '<' there compares, it opens no template arguments.
// RUN-ARGS: --checks=-*,wave64-warp-size-detection
#include <hip/hip_runtime.h>

#define DEVICE_ASSERT(cond)
#define UNUSED_EXPR(e)

__global__ void stage(unsigned *s_data, int n) {
  const int tid = threadIdx.x;
  DEVICE_ASSERT(tid < n / warpSize && n > 0);
  UNUSED_EXPR(&s_data[n * warpSize]);
  s_data[tid] = n;
}
