#include <hip/hip_runtime.h>

constexpr int kRowsPerBlock = 8;

// CSR sparse matrix-vector product: each row is handled by a tile of 32 threads.
__global__ void spmv_csr_tile32(const int* __restrict__ row_ptr, const int* __restrict__ col_idx,
                                const float* __restrict__ vals, const float* __restrict__ x,
                                float* __restrict__ y, int rows) {
  const int lane = threadIdx.x % 32;
  const int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  if (row >= rows) return;

  int start = 0;
  int end = 0;
  if (lane == 0) {
    start = row_ptr[row];
    end = row_ptr[row + 1];
  }
  start = __shfl(start, 0, 32);
  end = __shfl(end, 0, 32);

  float sum = 0.0f;
  for (int k = start + lane; k < end; k += 32) sum += vals[k] * x[col_idx[k]];
  for (int offset = 16; offset > 0; offset >>= 1) {
    sum += __shfl_down(sum, offset, 32);
  }
  if (lane == 0) y[row] = sum;
}

hipError_t spmv_csr(const int* row_ptr, const int* col_idx, const float* vals, const float* x,
                    float* y, int rows, hipStream_t stream) {
  const dim3 block(kRowsPerBlock * 32);
  const dim3 grid((rows + kRowsPerBlock - 1) / kRowsPerBlock);
  hipLaunchKernelGGL(spmv_csr_tile32, grid, block, 0, stream, row_ptr, col_idx, vals, x, y, rows);
  return hipGetLastError();
}
