// Aspect: 1-D streaming kernels: the workgroup id only scales a global index
// (also when that index is later split into row and column) or strides a
// grid loop; no tile decomposition of the id itself: silent.
// RUN-ARGS: --checks=-*,xcd-tile-order
#include <hip/hip_runtime.h>

__global__ void axpy(float alpha, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += alpha * x[i];
}

__global__ void scaleRows(const float *in, const float *rowScale, float *out, int rows,
                          int cols) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  int r = idx / cols;
  int c = idx % cols;
  if (r < rows)
    out[idx] = in[r * cols + c] * rowScale[r];
}

__global__ void gridStrideSum(const float *in, float *partial, int n) {
  float acc = 0.0f;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
    acc += in[i];
  partial[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void blockPerRow(const float *in, float *out, int cols) {
  const float *row = in + blockIdx.x * cols;
  float m = row[threadIdx.x];
  for (int c = threadIdx.x + blockDim.x; c < cols; c += blockDim.x)
    m = fmaxf(m, row[c]);
  out[blockIdx.x * blockDim.x + threadIdx.x] = m;
}
