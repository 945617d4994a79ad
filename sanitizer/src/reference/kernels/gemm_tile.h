//===--- gemm_tile.h - GEMM tiles: coordinates, loads, stores, portable ----===//
///
/// \file
/// Device templates behind the wavesan_gemm_* entry points of kernels.hip.
/// One workgroup of one wavefront computes one 16x16 output tile (the M and N
/// of gfx942's 16x16xK MFMA instructions). Included by kernels.hip only.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavecheck/xcd_remap.h"
#include "wavesan/dtype.h"
#include "wavesan/numeric.h"
#include "wavesan/reference_abi.h"

#include <stdint.h>

namespace wavesan_ref {

using wavesan::DType;

/// The DType code of the kernel arguments.
__device__ inline constexpr uint32_t code(DType T) { return static_cast<uint32_t>(T); }

/// The 16x16 output tile of this workgroup: the linear workgroup id goes
/// through the XCD remap (wavecheck/xcd_remap.h) first, so that each of the
/// NumXcds XCDs computes a contiguous run of tiles, then splits row-major over
/// the ceil(N / 16) tile columns.
struct TileCoord {
  int64_t Row0, Col0;
};
__device__ inline TileCoord tileOf(const WavesanGemmArgs &A) {
  const unsigned Pid = remap_pid_for_xcds(blockIdx.x, gridDim.x, A.NumXcds);
  const int64_t TilesN = (A.N + WavesanGemmTile - 1) / WavesanGemmTile;
  return {int64_t(Pid / TilesN) * WavesanGemmTile, int64_t(Pid % TilesN) * WavesanGemmTile};
}

/// Element \p Index of a tensor of type \p T, decoded to float (exact for every
/// input type but F64, which rounds). Types outside the GEMM inputs give 0 (the
/// host validates the spec first).
__device__ inline float loadAny(const void *Base, uint32_t T, int64_t Index) {
  switch (T) {
  case code(DType::F32): return static_cast<const float *>(Base)[Index];
  case code(DType::F16): return wavesan::decodeFp16(static_cast<const uint16_t *>(Base)[Index]);
  case code(DType::BF16): return wavesan::decodeBf16(static_cast<const uint16_t *>(Base)[Index]);
  case code(DType::E4M3Ocp):
    return wavesan::decodeFp8(static_cast<const uint8_t *>(Base)[Index], wavesan::Fp8Format::E4M3Ocp);
  case code(DType::E4M3Fnuz):
    return wavesan::decodeFp8(static_cast<const uint8_t *>(Base)[Index], wavesan::Fp8Format::E4M3Fnuz);
  case code(DType::E5M2Ocp):
    return wavesan::decodeFp8(static_cast<const uint8_t *>(Base)[Index], wavesan::Fp8Format::E5M2Ocp);
  case code(DType::E5M2Fnuz):
    return wavesan::decodeFp8(static_cast<const uint8_t *>(Base)[Index], wavesan::Fp8Format::E5M2Fnuz);
  case code(DType::F64): return float(static_cast<const double *>(Base)[Index]);
  case code(DType::I32): return float(static_cast<const int32_t *>(Base)[Index]);
  default: return 0.0f;
  }
}

/// Loaders with the type fixed at compile time (the portable path of the typed
/// kernels); LoadRuntime decodes by the run-time DType (wavesan_gemm_generic).
struct LoadRuntime {
  const void *Base;
  uint32_t T;
  __device__ float operator()(int64_t I) const { return loadAny(Base, T, I); }
};
struct LoadBf16 {
  const uint16_t *Base;
  __device__ float operator()(int64_t I) const { return wavesan::decodeBf16(Base[I]); }
};
struct LoadF16 {
  const uint16_t *Base;
  __device__ float operator()(int64_t I) const { return wavesan::decodeFp16(Base[I]); }
};

/// FP8 through a 256-entry table of decoded values (in LDS: the portable fp8
/// kernel fills one per operand, see kernels.hip).
struct LoadFp8Table {
  const uint8_t *Base;
  const float *Table;
  __device__ float operator()(int64_t I) const { return Table[Base[I]]; }
};

/// The FP8 format of an FP8 DType code (E4M3Ocp for anything else).
__device__ inline wavesan::Fp8Format fp8FormatOf(uint32_t T) {
  return T == code(DType::E4M3Fnuz)  ? wavesan::Fp8Format::E4M3Fnuz
         : T == code(DType::E5M2Ocp)  ? wavesan::Fp8Format::E5M2Ocp
         : T == code(DType::E5M2Fnuz) ? wavesan::Fp8Format::E5M2Fnuz
                                      : wavesan::Fp8Format::E4M3Ocp;
}

/// Writes C(i, j) = Scale * Acc + Beta * C(i, j) in CType (F32, or BF16/F16
/// rounded to nearest even); C is read only when Beta != 0. Scale is
/// Alpha * ScaleA * ScaleB (times 2 per OCP operand on gfx942's MFMA path).
__device__ inline void storeC(const WavesanGemmArgs &A, int64_t I, int64_t J, float Scale,
                              float Acc) {
  const int64_t Index = I * A.StrideCI + J * A.StrideCJ;
  float R = Scale * Acc;
  if (A.Beta != 0.0f)
    R += A.Beta * loadAny(A.C, A.CType, Index);
  if (A.CType == code(DType::BF16))
    static_cast<uint16_t *>(A.C)[Index] = wavesan::encodeBf16(R);
  else if (A.CType == code(DType::F16))
    static_cast<uint16_t *>(A.C)[Index] = wavesan::encodeFp16(R);
  else
    static_cast<float *>(A.C)[Index] = R;
}

/// The portable tile: the lanes of the workgroup take the 256 outputs of the
/// tile in turn (output e = threadIdx.x + t * blockDim.x is row e / 16, column
/// e % 16), each summing its K products in order in fp32. Edges: outputs past
/// M or N are skipped. Any wavefront size.
template <class LoadA, class LoadB>
__device__ inline void gemmTilePortable(const WavesanGemmArgs &A, LoadA La, LoadB Lb) {
  const TileCoord T = tileOf(A);
  const float Scale = A.Alpha * A.ScaleA * A.ScaleB;
  for (unsigned E = threadIdx.x; E < WavesanGemmTile * WavesanGemmTile; E += blockDim.x) {
    const int64_t I = T.Row0 + E / WavesanGemmTile, J = T.Col0 + E % WavesanGemmTile;
    if (I >= A.M || J >= A.N)
      continue;
    float Acc = 0.0f;
    for (int64_t K = 0; K < A.K; ++K)
      Acc += La(I * A.StrideAI + K * A.StrideAK) * Lb(K * A.StrideBK + J * A.StrideBJ);
    storeC(A, I, J, Scale, Acc);
  }
}

} // namespace wavesan_ref
