// Family: CUDA's full-warp mask 0xffffffff passed to *_sync wave operations (rule
// wave64-lane-mask-width; runtime kind sync-mask-incomplete).
//
// row_max reduces each row of a rows x cols matrix to the maximum of its valid entries,
// one wave per row, and writes 0 for a row with no valid entry. It first asks the wave
// "does any lane hold a valid entry?" with __any_sync, then folds the maximum with an XOR
// ladder of __shfl_xor_sync from warpSize / 2.
//
// correct: the mask is __activemask(), taken where the whole wave is converged.
// buggy:   the mask is kCudaFullMask, CUDA's 0xffffffff held in a 64-bit constant (the type
//          was widened so ROCm's 8-byte static_assert passes; the value was not). HIP's
//          __any_sync ANDs the vote with the mask, so on wave64 it ignores lanes 32-63, and a
//          mask that does not cover the active lanes is undefined (debug HIP traps).
//
// Input: rows = 64, cols = 256, x(r, c) = (31 r + 17 c) % 101 - 50, valid(r, c) by r % 4:
//   0: every column; 1: none; 2: columns with c % 64 >= 32; 3: column 5 only.
// A wave reads columns lane, lane + warpSize, ..., so at wave 64 the row-type-2 entries sit
// in lanes 32-63 only. Grid: compute units x 256 threads, grid-stride over rows.
// Expected:
//   correct, wave 32 and 64: out[r] = max of the valid x(r, c), or 0 if none; no report.
//   buggy, wave 32: the same; no report (0xffffffff is the whole wave32).
//   buggy, wave 64: rows with r % 4 == 2 come out 0 (the vote misses lanes 32-63), the
//                   others are right; sync-mask-incomplete is reported at the marked lines.
#include "harness.h"

#include <cmath>

constexpr unsigned long long kCudaFullMask = 0xffffffff;

__global__ void row_max(const float *x, const unsigned char *valid, float *out, int rows,
                        int cols, bool buggy) {
  const int lane = threadIdx.x % warpSize;
  const int waves_per_block = blockDim.x / warpSize;
  const int first_row = blockIdx.x * waves_per_block + threadIdx.x / warpSize;
  // The row loop is uniform across a wave, so the wave stays converged at every wave op.
  for (int row = first_row; row < rows; row += gridDim.x * waves_per_block) {
    unsigned long long mask = kCudaFullMask;
    if (!buggy) mask = __activemask();
    float m = -INFINITY;
    bool any_valid = false;
    for (int c = lane; c < cols; c += warpSize) {
      if (valid[row * cols + c]) {
        m = fmaxf(m, x[row * cols + c]);
        any_valid = true;
      }
    }
    if (!__any_sync(mask, any_valid)) { // wavesan-expect: sync-mask-incomplete
      if (lane == 0) out[row] = 0.0f;
      continue;
    }
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
      m = fmaxf(m, __shfl_xor_sync(mask, m, offset)); // wavesan-expect: sync-mask-incomplete
    if (lane == 0) out[row] = m;
  }
}

int main(int argc, char **argv) {
  const bool buggy = kernels_buggy_variant(argc, argv);
  const int rows = 64, cols = 256;
  std::vector<float> x(rows * cols);
  std::vector<unsigned char> valid(rows * cols);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      x[r * cols + c] = static_cast<float>((31 * r + 17 * c) % 101 - 50);
      const int type = r % 4;
      valid[r * cols + c] = type == 0 || (type == 2 && c % 64 >= 32) || (type == 3 && c == 5);
    }
  }
  float *d_x = kernels_to_device(x);
  unsigned char *d_valid = kernels_to_device(valid);
  float *d_out = kernels_zeros<float>(rows);
  hipLaunchKernelGGL(row_max, dim3(kernels_compute_units()), dim3(256), 0, 0, d_x, d_valid,
                     d_out, rows, cols, buggy);
  KERNELS_HIP_CHECK(hipGetLastError());
  KERNELS_HIP_CHECK(hipDeviceSynchronize());
  const std::vector<float> out = kernels_to_host(d_out, rows);
  std::printf("rowmax");
  for (float v : out) std::printf(" %.1f", v);
  std::printf("\n");
  KERNELS_HIP_CHECK(hipFree(d_x));
  KERNELS_HIP_CHECK(hipFree(d_valid));
  KERNELS_HIP_CHECK(hipFree(d_out));
  return 0;
}
