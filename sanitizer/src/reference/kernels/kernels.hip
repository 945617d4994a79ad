//===--- kernels.hip - wavesan's reference wave64 kernels ------------------===//
///
/// \file
/// The trusted reductions and GEMMs a user's kernel output is compared with,
/// written once in HIP. One source, two compilers:
///
/// - wavesan's emulator (Backend::Cpu): compiled as C++20 against
///   sanitizer/include/hip/hip_runtime.h, library wavesan-reference;
/// - clang for AMD GPUs (Backend::Hip, and the ISA test), e.g.
///     clang++-22 -x hip --cuda-device-only -nogpulib --offload-arch=gfx942
///       -D__AMDGCN_WAVEFRONT_SIZE=64 -O3 -iquote sanitizer/include
///       -iquote checker/include -S sanitizer/src/reference/kernels/kernels.hip
///   (-iquote, not -I: <hip/hip_runtime.h> must stay the real HIP header; the
///   -D is needed by Debian's HIP 5.2 headers under clang 22, which no longer
///   defines __AMDGCN_WAVEFRONT_SIZE).
///
/// Entry points (extern "C", so a HIP module finds them by these names; the
/// argument contracts are in docs/wavesan-reference.md and reference_abi.h):
///
///   wavesan_reduce_wave_<in>_<acc>(const In *in, uint64_t n, uint32_t op, Acc *out)
///   wavesan_reduce_block_<in>_<acc>(const In *in, uint64_t n, uint32_t op, Acc *out)
///     <in>: i32 (int32_t), f32 (float), f64 (double); <acc>: f32, f64;
///     op: WavesanReduceSum/Min/Max. Workgroup size: a multiple of the
///     wavefront size, at most 1024.
///   wavesan_gemm_generic / _bf16 / _f16 / _fp8 (WavesanGemmArgs args)
///     one 16x16 output tile per workgroup of one wavefront (64 lanes on
///     gfx942), grid ceil(M/16) * ceil(N/16).
///
//===----------------------------------------------------------------------===//
#include <hip/hip_runtime.h>

#include "reduce.h"
#include "gemm_tile.h"
#include "gemm_mfma.h"

#define WAVESAN_REDUCE_ENTRY(InName, In, AccName, Acc)                                   \
  extern "C" __global__ void wavesan_reduce_wave_##InName##_##AccName(                   \
      const In *Data, uint64_t N, uint32_t Op, Acc *Out) {                               \
    wavesan_ref::reduceWave<In, Acc>(Data, N, Op, Out);                                  \
  }                                                                                      \
  extern "C" __global__ void wavesan_reduce_block_##InName##_##AccName(                  \
      const In *Data, uint64_t N, uint32_t Op, Acc *Out) {                               \
    wavesan_ref::reduceBlock<In, Acc>(Data, N, Op, Out);                                 \
  }

WAVESAN_REDUCE_ENTRY(i32, int32_t, f32, float)
WAVESAN_REDUCE_ENTRY(i32, int32_t, f64, double)
WAVESAN_REDUCE_ENTRY(f32, float, f32, float)
WAVESAN_REDUCE_ENTRY(f32, float, f64, double)
WAVESAN_REDUCE_ENTRY(f64, double, f32, float)
WAVESAN_REDUCE_ENTRY(f64, double, f64, double)
#undef WAVESAN_REDUCE_ENTRY

/// Any input types (each element decoded by its run-time DType), portable.
extern "C" __global__ void wavesan_gemm_generic(WavesanGemmArgs Args) {
  wavesan_ref::gemmTilePortable(Args, wavesan_ref::LoadRuntime{Args.A, Args.AType},
                                wavesan_ref::LoadRuntime{Args.B, Args.BType});
}

/// True when this launch can use the matrix core path: one 64-lane wavefront
/// per workgroup (always on gfx942 with the documented launch).
#if defined(WAVESAN_REF_HAVE_MFMA)
#define WAVESAN_REF_USE_MFMA() (int(warpSize) == 64 && blockDim.x == 64)
#endif

/// A and B bf16.
extern "C" __global__ void wavesan_gemm_bf16(WavesanGemmArgs Args) {
#if defined(WAVESAN_REF_HAVE_MFMA)
  if (WAVESAN_REF_USE_MFMA())
    return wavesan_ref::gemmTileMfma<wavesan_ref::MfmaKind::Bf16>(Args);
#endif
  wavesan_ref::gemmTilePortable(Args, wavesan_ref::LoadBf16{static_cast<const uint16_t *>(Args.A)},
                                wavesan_ref::LoadBf16{static_cast<const uint16_t *>(Args.B)});
}

/// A and B fp16 (IEEE binary16).
extern "C" __global__ void wavesan_gemm_f16(WavesanGemmArgs Args) {
#if defined(WAVESAN_REF_HAVE_MFMA)
  if (WAVESAN_REF_USE_MFMA())
    return wavesan_ref::gemmTileMfma<wavesan_ref::MfmaKind::F16>(Args);
#endif
  wavesan_ref::gemmTilePortable(Args, wavesan_ref::LoadF16{static_cast<const uint16_t *>(Args.A)},
                                wavesan_ref::LoadF16{static_cast<const uint16_t *>(Args.B)});
}

/// A and B FP8, each in any of the four formats.
extern "C" __global__ void wavesan_gemm_fp8(WavesanGemmArgs Args) {
#if defined(WAVESAN_REF_HAVE_MFMA)
  if (WAVESAN_REF_USE_MFMA())
    return wavesan_ref::gemmTileMfma<wavesan_ref::MfmaKind::Fp8>(Args);
#endif
  // Portable path: decode each operand's 256 byte values once per workgroup into LDS
  // (decodeFp8 per element costs ~4x a table load in the emulator).
  __shared__ float TableA[256], TableB[256];
  const wavesan::Fp8Format FA = wavesan_ref::fp8FormatOf(Args.AType),
                           FB = wavesan_ref::fp8FormatOf(Args.BType);
  for (unsigned B = threadIdx.x; B < 256; B += blockDim.x) {
    TableA[B] = wavesan::decodeFp8(uint8_t(B), FA);
    TableB[B] = wavesan::decodeFp8(uint8_t(B), FB);
  }
  __syncthreads();
  wavesan_ref::gemmTilePortable(
      Args, wavesan_ref::LoadFp8Table{static_cast<const uint8_t *>(Args.A), TableA},
      wavesan_ref::LoadFp8Table{static_cast<const uint8_t *>(Args.B), TableB});
}
