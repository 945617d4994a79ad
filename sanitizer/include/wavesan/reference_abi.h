//===--- reference_abi.h - argument layout of the reference kernels --------===//
///
/// \file
/// What a host launches the reference kernels of sanitizer/src/reference/kernels/kernels.hip
/// with. Plain C++ (no HIP runtime needed), included by the kernels themselves
/// (emulator and clang-22 HIP device compiles) and by the cpu and hip backends,
/// so both sides agree on one layout. The entry points are listed in
/// docs/wavesan-reference.md.
///
//===----------------------------------------------------------------------===//
#ifndef WAVESAN_REFERENCE_ABI_H
#define WAVESAN_REFERENCE_ABI_H

#include <stdint.h>

/// Reduction operator codes, the values of wavesan::ReduceOp.
enum : uint32_t { WavesanReduceSum = 0, WavesanReduceMin = 1, WavesanReduceMax = 2 };

/// Workgroups of the first pass of a device-wide reduction at most: 4 per CU
/// of gfx942's 304 CUs (MI300X data sheet; docs/hardware.md).
constexpr uint32_t WavesanDevicePartialsMax = 1216;

/// Threads per workgroup at most (HIP's limit, gfx942), hence wavefronts per
/// workgroup at most 1024 / 32 = 32 (the smallest wavefront is 32 lanes): the
/// size of the block reductions' LDS array of per-wave partials.
constexpr uint32_t WavesanMaxBlockThreads = 1024;
constexpr uint32_t WavesanMaxWavesPerBlock = 32;

/// Side of the square output tile one GEMM workgroup (one wavefront) computes:
/// the M and N of the 16x16xK MFMA instructions.
constexpr uint32_t WavesanGemmTile = 16;

/// Arguments of the wavesan_gemm_* kernels, passed by value (HIP module
/// launches: kernelParams = { &args }). Element addresses, in elements of the
/// tensor's type (signed, so a negative stride would work):
///   op(A)(i, k) = A[i * StrideAI + k * StrideAK]   (0 <= i < M, 0 <= k < K)
///   op(B)(k, j) = B[k * StrideBK + j * StrideBJ]   (0 <= j < N)
///   C(i, j)     = C[i * StrideCI + j * StrideCJ]
/// C = Alpha * ScaleA * ScaleB * sum_k op(A)(i,k) op(B)(k,j) + Beta * C (C read
/// only when Beta != 0). AType, BType, CType are wavesan::DType values.
/// NumXcds: XCDs the workgroup ids are remapped over (remap_pid_for_xcds), 8
/// on gfx942; 0 or 1 leaves the ids as dispatched.
struct WavesanGemmArgs {
  const void *A;
  const void *B;
  void *C;
  int64_t M, N, K;
  int64_t StrideAI, StrideAK, StrideBK, StrideBJ, StrideCI, StrideCJ;
  uint32_t AType, BType, CType, NumXcds;
  float Alpha, Beta, ScaleA, ScaleB;
};

#endif // WAVESAN_REFERENCE_ABI_H
