//===--- gemm_mfma.h - the MFMA path of the reference GEMM (gfx942) --------===//
///
/// \file
/// One 16x16 output tile per 64-lane wavefront with gfx942's matrix
/// instructions: v_mfma_f32_16x16x16_bf16 (`__builtin_amdgcn_mfma_f32_16x16x16bf16_1k`),
/// v_mfma_f32_16x16x16_f16 (`..._16x16x16f16`) and v_mfma_f32_16x16x32_{fp8,bf8}_{fp8,bf8}
/// (`..._16x16x32_fp8_fp8` and its three siblings). Compiled when the target is
/// gfx942 (`__gfx942__`), or, on the emulator, when WAVESAN_REFERENCE_SOFT_MFMA
/// is defined: then a software MFMA built from __shfl computes the same
/// instruction from the same register layout, so the emulator tests run the
/// gfx942 path's loads, K steps, edges and stores (the instruction itself is
/// trusted to match its documentation).
///
/// Register layout (AMD's matrix instruction calculator for these
/// instructions, CDNA3 ISA guide section 7): with lane l, R = l % 16 and
/// G = l / 16, and P operands per lane (4 for bf16/f16, K step 16; 8 FP8 bytes
/// for fp8, K step 32), lane l holds A(R, G*P + t) and B(G*P + t, R) for
/// t < P, and receives D(4*G + q, R) in accumulator q < 4.
///
/// FP8 on gfx942 is FNUZ only (HIP FP8 docs; docs/hardware.md): an OCP operand is converted byte by
/// byte with fp8OcpToFnuz (the same byte reads as half the value) and its scale
/// doubled; OCP NaN bytes become the FNUZ NaN 0x80, and so do E5M2 OCP
/// infinities (FNUZ has none), so an infinite input gives NaN on this path.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "gemm_tile.h"

#if defined(__gfx942__) || defined(WAVESAN_REFERENCE_SOFT_MFMA)
#define WAVESAN_REF_HAVE_MFMA 1

namespace wavesan_ref {

enum class MfmaKind { Bf16, F16, Fp8 };

/// Operands per lane and K step of one instruction.
template <MfmaKind Kd> struct MfmaShape {
  static constexpr int PerLane = Kd == MfmaKind::Fp8 ? 8 : 4;
  static constexpr int KStep = 4 * PerLane;
};

/// The four accumulators of a lane.
struct Acc4 {
  float V[4];
};

/// Raw operand bits: uint16_t for bf16/f16, uint8_t for FP8 (FNUZ bytes).
template <bool Byte> struct BitsOf {
  using type = uint16_t;
};
template <> struct BitsOf<true> {
  using type = uint8_t;
};
template <MfmaKind Kd> using OperandBits = typename BitsOf<Kd == MfmaKind::Fp8>::type;

#if defined(__gfx942__)
typedef short Short4 __attribute__((ext_vector_type(4)));
typedef _Float16 Half4 __attribute__((ext_vector_type(4)));
typedef float Float4 __attribute__((ext_vector_type(4)));

/// Acc += A * B for one K step, on the matrix core.
template <MfmaKind Kd>
__device__ inline void mfmaStep(const OperandBits<Kd> (&A)[MfmaShape<Kd>::PerLane],
                                const OperandBits<Kd> (&B)[MfmaShape<Kd>::PerLane], bool AE5M2,
                                bool BE5M2, Acc4 &Acc) {
  Float4 C = {Acc.V[0], Acc.V[1], Acc.V[2], Acc.V[3]};
  if constexpr (Kd == MfmaKind::Bf16) {
    const Short4 Av = {short(A[0]), short(A[1]), short(A[2]), short(A[3])};
    const Short4 Bv = {short(B[0]), short(B[1]), short(B[2]), short(B[3])};
    C = __builtin_amdgcn_mfma_f32_16x16x16bf16_1k(Av, Bv, C, 0, 0, 0);
  } else if constexpr (Kd == MfmaKind::F16) {
    const Half4 Av = {__builtin_bit_cast(_Float16, A[0]), __builtin_bit_cast(_Float16, A[1]),
                      __builtin_bit_cast(_Float16, A[2]), __builtin_bit_cast(_Float16, A[3])};
    const Half4 Bv = {__builtin_bit_cast(_Float16, B[0]), __builtin_bit_cast(_Float16, B[1]),
                      __builtin_bit_cast(_Float16, B[2]), __builtin_bit_cast(_Float16, B[3])};
    C = __builtin_amdgcn_mfma_f32_16x16x16f16(Av, Bv, C, 0, 0, 0);
  } else {
    uint64_t Ap = 0, Bp = 0; // byte t holds K offset t
    for (int T = 0; T < 8; ++T) {
      Ap |= uint64_t(A[T]) << (8 * T);
      Bp |= uint64_t(B[T]) << (8 * T);
    }
    const long Av = long(Ap), Bv = long(Bp);
    // fp8 = E4M3 FNUZ, bf8 = E5M2 FNUZ on gfx942.
    if (!AE5M2 && !BE5M2)
      C = __builtin_amdgcn_mfma_f32_16x16x32_fp8_fp8(Av, Bv, C, 0, 0, 0);
    else if (!AE5M2)
      C = __builtin_amdgcn_mfma_f32_16x16x32_fp8_bf8(Av, Bv, C, 0, 0, 0);
    else if (!BE5M2)
      C = __builtin_amdgcn_mfma_f32_16x16x32_bf8_fp8(Av, Bv, C, 0, 0, 0);
    else
      C = __builtin_amdgcn_mfma_f32_16x16x32_bf8_bf8(Av, Bv, C, 0, 0, 0);
  }
  for (int Q = 0; Q < 4; ++Q)
    Acc.V[Q] = C[Q];
}
#else
/// The operand's value (FP8 bytes are FNUZ here).
template <MfmaKind Kd> inline float softDecode(OperandBits<Kd> Bits, bool E5M2) {
  if constexpr (Kd == MfmaKind::Bf16)
    return wavesan::decodeBf16(Bits);
  else if constexpr (Kd == MfmaKind::F16)
    return wavesan::decodeFp16(Bits);
  else
    return wavesan::decodeFp8(Bits, E5M2 ? wavesan::Fp8Format::E5M2Fnuz
                                         : wavesan::Fp8Format::E4M3Fnuz);
}

/// The software instruction (emulator, 64-lane wavefronts): D(i, j) = C(i, j) +
/// sum over the K step of A(i, k) B(k, j), each operand fetched with __shfl
/// from the lane the layout above puts it in.
template <MfmaKind Kd>
inline void mfmaStep(const OperandBits<Kd> (&A)[MfmaShape<Kd>::PerLane],
                     const OperandBits<Kd> (&B)[MfmaShape<Kd>::PerLane], bool AE5M2, bool BE5M2,
                     Acc4 &Acc) {
  constexpr int P = MfmaShape<Kd>::PerLane;
  float Af[P], Bf[P];
  for (int T = 0; T < P; ++T) {
    Af[T] = softDecode<Kd>(A[T], AE5M2);
    Bf[T] = softDecode<Kd>(B[T], BE5M2);
  }
  const int Lane = int(threadIdx.x % 64), R = Lane % 16, G = Lane / 16;
  for (int K = 0; K < 4 * P; ++K) {
    const int Slot = K % P, Src = 16 * (K / P);
    const float Bv = __shfl(Bf[Slot], R + Src);
    for (int Q = 0; Q < 4; ++Q)
      Acc.V[Q] += __shfl(Af[Slot], 4 * G + Q + Src) * Bv;
  }
}
#endif

/// Operand bits of element \p Index: bf16/f16 bits unchanged; FP8 bytes as
/// FNUZ. \p Ocp: 0 for FNUZ input, 1 for E4M3 OCP, 2 for E5M2 OCP, whose
/// bytes are converted (fp8OcpToFnuz; NaN and inf bytes become 0x80, see the
/// file comment).
template <MfmaKind Kd>
__device__ inline OperandBits<Kd> loadBits(const void *Base, int64_t Index, int Ocp) {
  if constexpr (Kd == MfmaKind::Fp8) {
    const uint8_t B = static_cast<const uint8_t *>(Base)[Index];
    if (Ocp == 0)
      return B;
    const wavesan::Fp8Format F =
        Ocp == 1 ? wavesan::Fp8Format::E4M3Ocp : wavesan::Fp8Format::E5M2Ocp;
    return wavesan::fp8IsNan(B, F) || wavesan::fp8IsInf(B, F) ? uint8_t(0x80)
                                                              : wavesan::fp8OcpToFnuz(B);
  } else {
    return static_cast<const uint16_t *>(Base)[Index];
  }
}

/// The tile of this workgroup on the matrix core path. Requires blockDim.x ==
/// 64 == warpSize (the caller checks). K tails and M/N edges load zeros (0 is
/// +0 in bf16, f16 and FNUZ FP8) and skip the stores outside C.
template <MfmaKind Kd> __device__ inline void gemmTileMfma(const WavesanGemmArgs &A) {
  constexpr int P = MfmaShape<Kd>::PerLane, KStep = MfmaShape<Kd>::KStep;
  const TileCoord T = tileOf(A);
  const int Lane = int(threadIdx.x), R = Lane % 16, G = Lane / 16;
  const int64_t I = T.Row0 + R, J = T.Col0 + R;
  float Scale = A.Alpha * A.ScaleA * A.ScaleB;
  bool AE5M2 = false, BE5M2 = false;
  int AOcp = 0, BOcp = 0; // 0 FNUZ, 1 E4M3 OCP, 2 E5M2 OCP
  if constexpr (Kd == MfmaKind::Fp8) {
    AE5M2 = A.AType == code(DType::E5M2Ocp) || A.AType == code(DType::E5M2Fnuz);
    BE5M2 = A.BType == code(DType::E5M2Ocp) || A.BType == code(DType::E5M2Fnuz);
    AOcp = A.AType == code(DType::E4M3Ocp) ? 1 : A.AType == code(DType::E5M2Ocp) ? 2 : 0;
    BOcp = A.BType == code(DType::E4M3Ocp) ? 1 : A.BType == code(DType::E5M2Ocp) ? 2 : 0;
    if (AOcp)
      Scale *= 2.0f; // OCP -> FNUZ reinterprets the byte, scale x2 (bias 7 -> 8)
    if (BOcp)
      Scale *= 2.0f;
  }
  Acc4 Acc = {{0.0f, 0.0f, 0.0f, 0.0f}};
  for (int64_t K0 = 0; K0 < A.K; K0 += KStep) {
    OperandBits<Kd> Av[P], Bv[P];
    for (int Tt = 0; Tt < P; ++Tt) {
      const int64_t K = K0 + G * P + Tt;
      const bool KIn = K < A.K;
      Av[Tt] = KIn && I < A.M ? loadBits<Kd>(A.A, I * A.StrideAI + K * A.StrideAK, AOcp) : 0;
      Bv[Tt] = KIn && J < A.N ? loadBits<Kd>(A.B, K * A.StrideBK + J * A.StrideBJ, BOcp) : 0;
    }
    mfmaStep<Kd>(Av, Bv, AE5M2, BE5M2, Acc);
  }
  for (int Q = 0; Q < 4; ++Q) {
    const int64_t Row = T.Row0 + 4 * G + Q;
    if (Row < A.M && J < A.N)
      storeC(A, Row, J, Scale, Acc.V[Q]);
  }
}

} // namespace wavesan_ref
#endif
