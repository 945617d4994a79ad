// a ported .cu file that still includes CUDA headers; parsed with -x hip
#include <cuda_runtime.h>
#include <cuda.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <device_launch_parameters.h>
#include <cooperative_groups.h>
#include <hip/hip_runtime.h>   // both families together: no clash
#include <hip/hip_fp8.h>
namespace cg = cooperative_groups;

#define FULL_MASK 0xffffffff

__global__ void to_fp8(const float* in, __nv_fp8_e4m3* out, __nv_fp8_e5m2* out2, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = fminf(fmaxf(in[i], -448.f), 448.f);
  out[i] = __nv_fp8_e4m3(v);
  out2[i] = __nv_fp8_e5m2(in[i]);
  __nv_fp8x2_e4m3 pair = make_float2(v, v);
  __nv_fp8_storage_t raw = __nv_cvt_float_to_fp8(v, __NV_SATFINITE, __NV_E4M3);
  float back = float(out[i]) + float2(pair).x + raw;
  float s = back;
  for (int off = 16; off > 0; off /= 2) s += __shfl_down_sync(FULL_MASK, s, off);
  unsigned mask = __ballot_sync(FULL_MASK, s > 0.f);
  int lane = threadIdx.x & 31;
  __half hv = __float2half(s); __nv_bfloat16 bv = __float2bfloat16(s);
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  float t = tile.shfl_down(s, 1) + tile.shfl_xor(s, 2) + tile.thread_rank() + tile.meta_group_rank();
  block.sync(); cg::sync(tile);
  if (lane == 0 && mask) out[i] = __nv_fp8_e4m3(__half2float(hv) + float(bv) + t);
}

static_assert(!__is_same(__nv_fp8_e4m3, __nv_fp8_e5m2), "distinct CUDA fp8 types");
static_assert(!__is_same(__nv_fp8_e4m3, __hip_fp8_e4m3), "distinct from HIP types");

int main() {
  int n = 1024;
  float* d_in; __nv_fp8_e4m3* d_out; __nv_fp8_e5m2* d_out2;
  cudaError_t err = cudaMalloc(&d_in, n * sizeof(float));
  if (err != cudaSuccess) { printf("%s\n", cudaGetErrorString(err)); return 1; }
  cudaMalloc((void**)&d_out, n);
  cudaMalloc(&d_out2, n);
  cudaMemset(d_in, 0, n * sizeof(float));
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  int ws = 0; cudaDeviceGetAttribute(&ws, cudaDevAttrWarpSize, 0);
  cudaStream_t st; cudaStreamCreate(&st);
  to_fp8<<<(n + 255) / 256, 256, 0, st>>>(d_in, d_out, d_out2, n);
  cudaDataType_t t = CUDA_R_8F_E4M3;
  CUdevice dev; CUresult r = cuInit(0); cuDeviceGet(&dev, 0);
  cudaDeviceSynchronize();
  cudaFree(d_in); cudaFree(d_out); cudaFree(d_out2);
  return (int)t + (r == CUDA_SUCCESS ? 0 : 1) + prop.warpSize * 0;
}
