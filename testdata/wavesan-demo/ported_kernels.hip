// wavesan demo (scripts/demo): two kernels as they come out of a CUDA -> HIP port, run on
// wavesan's CPU emulator with gfx942's 64-lane wavefronts. Each writes its inputs and its
// output as .npy files (what a user dumps from PyTorch or NumPy on an MI300X), which
// `wavesan diff` then compares with the wave64 reference. See README.md here.
//
//   ported_kernels <out-dir>   writes x.npy, block_sums.npy (block_sum) and a.npy, b.npy,
//                              c.npy (gemm_fp8) into <out-dir>
#include <hip/hip_runtime.h>

#include "wavesan/numeric.h"

#include <xtensor/xarray.hpp>
#include <xtensor/xnpy.hpp>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#define DEMO_HIP_CHECK(Expr)                                                                  \
  do {                                                                                        \
    if (hipError_t E_ = (Expr); E_ != hipSuccess) {                                           \
      std::fprintf(stderr, "ported_kernels: %s failed: %s\n", #Expr, hipGetErrorString(E_));   \
      std::exit(2);                                                                           \
    }                                                                                         \
  } while (0)

// Bug 1, kept from the CUDA original: the shuffle ladder starts at offset 16, right for a
// 32-lane warp. On a 64-lane wavefront lanes 32-63 are never folded in: lane 0 ends with
// the sum of lanes 0-31 only, and each block's result misses half of its elements.
__global__ void block_sum(const float *X, float *BlockSums, int N) {
  __shared__ float WaveSums[1024 / 32];
  const int I = blockIdx.x * blockDim.x + threadIdx.x;
  float V = I < N ? X[I] : 0.0f;
  for (int Offset = 16; Offset > 0; Offset /= 2)
    V += __shfl_down(V, Offset);
  if (threadIdx.x % warpSize == 0)
    WaveSums[threadIdx.x / warpSize] = V;
  __syncthreads();
  if (threadIdx.x == 0) {
    float S = 0;
    for (unsigned W = 0; W < blockDim.x / warpSize; ++W)
      S += WaveSums[W];
    BlockSums[blockIdx.x] = S;
  }
}

// Bug 2: the inputs were quantised to OCP E4M3 (PyTorch's float8_e4m3fn), but gfx942's
// FP8 hardware reads FNUZ E4M3, whose exponent bias is one larger: every OCP byte is read
// as half its value, so C comes out a quarter of the right product. The kernel decodes
// with the FNUZ codec, as the MFMA instructions of gfx942 do.
__global__ void gemm_fp8(const uint8_t *A, const uint8_t *B, float *C, int M, int N, int K) {
  const int Row = blockIdx.y * blockDim.y + threadIdx.y;
  const int Col = blockIdx.x * blockDim.x + threadIdx.x;
  if (Row >= M || Col >= N)
    return;
  float Acc = 0;
  for (int KI = 0; KI < K; ++KI)
    Acc += wavesan::decodeFp8(A[Row * K + KI], wavesan::Fp8Format::E4M3Fnuz) *
           wavesan::decodeFp8(B[KI * N + Col], wavesan::Fp8Format::E4M3Fnuz);
  C[Row * N + Col] = Acc;
}

template <class T> T *toDevice(const std::vector<T> &Host) {
  T *D = nullptr;
  DEMO_HIP_CHECK(hipMalloc(&D, Host.size() * sizeof(T)));
  DEMO_HIP_CHECK(hipMemcpy(D, Host.data(), Host.size() * sizeof(T), hipMemcpyHostToDevice));
  return D;
}

template <class T> xt::xarray<T> toHost(const T *D, std::vector<size_t> Shape) {
  xt::xarray<T> H = xt::zeros<T>(Shape);
  DEMO_HIP_CHECK(hipMemcpy(H.data(), D, H.size() * sizeof(T), hipMemcpyDeviceToHost));
  return H;
}

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: ported_kernels <out-dir>\n");
    return 2;
  }
  const std::string Dir = Argv[1];

  // block_sum: 304 blocks of 256 threads (one per CU of gfx942); x[i] = i % 7.
  const int Blocks = 304, Threads = 256, N = Blocks * Threads;
  std::vector<float> X(N);
  for (int I = 0; I < N; ++I)
    X[I] = static_cast<float>(I % 7);
  float *DX = toDevice(X), *DSums = nullptr;
  DEMO_HIP_CHECK(hipMalloc(&DSums, Blocks * sizeof(float)));
  hipLaunchKernelGGL(block_sum, dim3(Blocks), dim3(Threads), 0, 0, DX, DSums, N);
  DEMO_HIP_CHECK(hipDeviceSynchronize());
  xt::dump_npy(Dir + "/x.npy", xt::adapt(X, {static_cast<size_t>(N)}));
  xt::dump_npy(Dir + "/block_sums.npy", toHost(DSums, {static_cast<size_t>(Blocks)}));
  std::printf("block_sum: %d workgroups of %d threads on the emulator -> x.npy, block_sums.npy\n",
              Blocks, Threads);

  // gemm_fp8: C (128 x 160) = A (128 x 32) * B (32 x 160), the inputs quantised to OCP
  // E4M3: small whole numbers and halves, all exact in E4M3. One 8 x 8 tile (one
  // wavefront) per workgroup: 16 x 20 = 320 workgroups, enough for gfx942's 304 CUs.
  const int M = 128, GN = 160, K = 32;
  std::vector<uint8_t> A(M * K), B(K * GN);
  for (int I = 0; I < M * K; ++I)
    A[I] = wavesan::encodeFp8(static_cast<float>(I % 9 - 4) * 0.5f,
                              wavesan::Fp8Format::E4M3Ocp, true);
  for (int I = 0; I < K * GN; ++I)
    B[I] = wavesan::encodeFp8(static_cast<float>(I % 5 - 2), wavesan::Fp8Format::E4M3Ocp, true);
  uint8_t *DA = toDevice(A), *DB = toDevice(B);
  float *DC = nullptr;
  DEMO_HIP_CHECK(hipMalloc(&DC, M * GN * sizeof(float)));
  hipLaunchKernelGGL(gemm_fp8, dim3(GN / 8, M / 8), dim3(8, 8), 0, 0, DA, DB, DC, M, GN, K);
  DEMO_HIP_CHECK(hipDeviceSynchronize());
  xt::dump_npy(Dir + "/a.npy", xt::adapt(A, {size_t(M), size_t(K)}));
  xt::dump_npy(Dir + "/b.npy", xt::adapt(B, {size_t(K), size_t(GN)}));
  xt::dump_npy(Dir + "/c.npy", toHost(DC, {size_t(M), size_t(GN)}));
  std::printf("gemm_fp8: C %dx%d = A %dx%d * B %dx%d (E4M3 OCP bytes) on the emulator -> "
              "a.npy, b.npy, c.npy\n", M, GN, M, K, K, GN);
  DEMO_HIP_CHECK(hipFree(DX));
  DEMO_HIP_CHECK(hipFree(DSums));
  DEMO_HIP_CHECK(hipFree(DA));
  DEMO_HIP_CHECK(hipFree(DB));
  DEMO_HIP_CHECK(hipFree(DC));
  return 0;
}
