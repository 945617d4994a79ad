//===--- reference.h - trusted wave64 reference reductions and GEMMs -------===//
///
/// \file
/// The reference results a user's kernel output is compared with
/// (wavesan::diff_reduction / diff_gemm, diff.h). Three backends compute
/// the same thing:
///
/// - Backend::Cpu: the reference kernels of sanitizer/src/reference/kernels/kernels.hip
///   (written once in HIP, wave64, warpSize-generic) run on wavesan's CPU
///   emulator, at the spec's wavefront size. Slow, but the same code as on a
///   GPU: reductions fold in the same order as on gfx942.
/// - Backend::Host: a fast host reference (OpenBLAS / fp64),
///   hostReferenceReduce / hostReferenceGemm.
/// - Backend::Hip: the same kernels on a real AMD GPU through the HIP runtime
///   (hipReferenceReduce / hipReferenceGemm).
///
/// Errors: a spec that cannot be computed throws std::invalid_argument naming
/// the field and what was expected; a backend that is not built or has no
/// device, or a failed launch, throws std::runtime_error. docs/wavesan-reference.md
/// describes the kernels and their entry points.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/dtype.h"
#include "wavesan/reference_abi.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace wavesan {

/// The reduction operator. Min and Max ignore NaN inputs (IEEE minNum/maxNum,
/// as fmin/fmax and gfx942's v_min_f32/v_max_f32); Sum propagates NaN.
enum class ReduceOp : uint8_t { Sum, Min, Max };

/// What one result covers: a wavefront (WaveSize consecutive elements), a
/// workgroup (BlockSize consecutive elements) or the whole input.
enum class ReduceScope : uint8_t { Wave, Block, Device };

/// Storage order of a matrix: row-major (element (r, c) at r * cols + c) or
/// column-major (at r + c * rows). Leading dimensions are the natural ones.
enum class Layout : uint8_t { RowMajor, ColMajor };

/// Where a reference is computed (see the file comment).
enum class Backend : uint8_t { Host, Cpu, Hip };

/// A reduction of N elements of type In, accumulated in Acc.
struct ReduceSpec {
  ReduceOp Op = ReduceOp::Sum;
  ReduceScope Scope = ReduceScope::Device;
  DType In = DType::F32;   ///< I32, F32 or F64
  DType Acc = DType::F64;  ///< F32 or F64
  unsigned WaveSize = 64;  ///< 64 (gfx942) or 32
  unsigned BlockSize = 256; ///< threads per workgroup: a multiple of WaveSize, <= 1024
};

/// C = Alpha * ScaleA * ScaleB * op(A) * op(B) + Beta * C, fp32 accumulation.
/// Shapes: op(A) is M x K (stored K x M when TransA), op(B) is K x N (stored
/// N x K when TransB), C is M x N; each stored matrix in its Layout with the
/// natural leading dimension. AType/BType: F32, F16, BF16 or one of the four
/// FP8 formats; CType: F32, BF16 or F16. ScaleA/ScaleB are per-tensor
/// dequantisation scales (value = decoded element * scale). Beta == 0 does not
/// read C (BLAS convention: NaN in C is ignored).
struct GemmSpec {
  size_t M = 0, N = 0, K = 0;
  bool TransA = false, TransB = false;
  Layout A = Layout::RowMajor, B = Layout::RowMajor, C = Layout::RowMajor;
  DType AType = DType::F32, BType = DType::F32, CType = DType::F32;
  float Alpha = 1, Beta = 0, ScaleA = 1, ScaleB = 1;
};

/// The number of results a reduction of \p N elements gives: ceil(N /
/// WaveSize) for Wave, ceil(N / BlockSize) for Block, 1 for Device.
size_t reduceResultCount(const ReduceSpec &Spec, size_t N);

/// Throws std::invalid_argument naming the first field of \p Spec that the
/// reference kernels cannot compute and what was expected.
void validateReduceSpec(const ReduceSpec &Spec);
/// As validateReduceSpec, for GEMMs (types, sizes; M, N, K may be 0).
void validateGemmSpec(const GemmSpec &Spec);

/// Reduces \p In (N elements of Spec.In, host memory) on \p Where.
/// \returns reduceResultCount(Spec, N) results as double: result w covers
///          elements [w * S, (w + 1) * S) for S = WaveSize (Wave) or
///          BlockSize (Block); Device gives one. Elements past N count as the
///          identity (0, +inf, -inf); Device with N == 0 gives the identity.
std::vector<double> referenceReduce(Backend Where, const ReduceSpec &Spec, const void *In,
                                    size_t N);

/// Computes the GEMM of \p Spec on \p Where. \p A, \p B, \p C are host memory
/// in the spec's types and layouts; C (M x N) is read when Beta != 0 and
/// overwritten with the result in Spec.CType.
void referenceGemm(Backend Where, const GemmSpec &Spec, const void *A, const void *B, void *C);

/// The kernel arguments of \p Spec for the given device pointers (strides
/// from the layouts and transposes, NumXcds 8). Used by the cpu and hip backends.
WavesanGemmArgs makeGemmArgs(const GemmSpec &Spec, const void *A, const void *B, void *C);

/// The entry point of kernels.hip that computes \p Spec: "wavesan_gemm_bf16",
/// "wavesan_gemm_f16", "wavesan_gemm_fp8" when both inputs are of that kind,
/// else "wavesan_gemm_generic".
const char *gemmKernelName(const GemmSpec &Spec);

/// The reduction entry point: "wavesan_reduce_<wave|block>_<in>_<acc>" for
/// Scope Wave or Block/Device (Device launches the block kernel twice).
std::string reduceKernelName(const ReduceSpec &Spec);

/// Workgroups of the first device-wide reduction pass: min(ceil(N / BlockSize),
/// 1216 = 4 per CU of gfx942's 304).
size_t devicePartialCount(const ReduceSpec &Spec, size_t N);

// Backend implementations (same contracts as referenceReduce/referenceGemm).
/// Backend::Cpu: the kernels on wavesan's emulator (sanitizer/src/reference/emulator/).
std::vector<double> cpuReferenceReduce(const ReduceSpec &, const void *In, size_t N);
void cpuReferenceGemm(const GemmSpec &, const void *A, const void *B, void *C);
/// Backend::Host (sanitizer/src/reference/host/).
std::vector<double> hostReferenceReduce(const ReduceSpec &, const void *In, size_t N);
void hostReferenceGemm(const GemmSpec &, const void *A, const void *B, void *C);
/// Backend::Hip (sanitizer/src/reference/hip/): throws std::runtime_error when no device.
std::vector<double> hipReferenceReduce(const ReduceSpec &, const void *In, size_t N);
void hipReferenceGemm(const GemmSpec &, const void *A, const void *B, void *C);

/// "host", "cpu", "hip".
const char *backendName(Backend B);

} // namespace wavesan
