// Aspect: negatives-448-unrelated. 448 and 240 in a translation unit that
// mentions no FP8 (image sizes, a video line count): no finding on any target.
// RUN-ARGS: --checks=-*,fp8-format-target-mismatch --offload-arch=gfx942,gfx950
#include <hip/hip_runtime.h>

__global__ void resize(const float *in, float *out, int w) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (x >= 448 || w > 448)
    return;
  float u = fminf(x * (w / 448.f), 447.f);
  out[x] = in[int(u)];
}

__global__ void to_field(float *rows, int h) { rows[threadIdx.x] *= h / 240.0f; }

int lines_per_field() { return 480 / 2 == 240 ? 240 : 0; }
