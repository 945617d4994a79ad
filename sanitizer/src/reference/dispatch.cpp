//===--- dispatch.cpp - reference.h: specs, kernel arguments, backends -----===//
///
/// \file
/// Validation of reduction and GEMM specs, the kernels' argument layout
/// (strides from layouts and transposes) and the dispatch of referenceReduce /
/// referenceGemm to the backends of this library: Backend::Cpu (emulator/),
/// Backend::Host (host/) and Backend::Hip (hip/). A backend is called when the
/// library holds it (WAVESAN_HAVE_HOST_REFERENCE, WAVESAN_HAVE_HIP_BACKEND, set
/// by reference.cmake); otherwise asking for it throws.
///
//===----------------------------------------------------------------------===//
#include "wavesan/reference.h"

#include <stdexcept>
#include <wavecommon/targets.h>
#include <string>

namespace wavesan {
namespace {

[[noreturn]] void bad(const std::string &What) {
  throw std::invalid_argument("wavesan: " + What);
}

bool isGemmInput(DType T) {
  return T == DType::F32 || T == DType::F16 || T == DType::BF16 || dtypeIsFp8(T);
}

} // namespace

const char *backendName(Backend B) {
  switch (B) {
  case Backend::Host: return "host";
  case Backend::Cpu: return "cpu";
  case Backend::Hip: return "hip";
  }
  return "unknown-backend";
}

void validateReduceSpec(const ReduceSpec &S) {
  if (static_cast<unsigned>(S.Op) > 2)
    bad("ReduceSpec.Op = " + std::to_string(unsigned(S.Op)) + ": expected Sum, Min or Max");
  if (static_cast<unsigned>(S.Scope) > 2)
    bad("ReduceSpec.Scope = " + std::to_string(unsigned(S.Scope)) +
        ": expected Wave, Block or Device");
  if (S.In != DType::I32 && S.In != DType::F32 && S.In != DType::F64)
    bad(std::string("ReduceSpec.In = ") + dtypeName(S.In) + ": expected i32, f32 or f64");
  if (S.Acc != DType::F32 && S.Acc != DType::F64)
    bad(std::string("ReduceSpec.Acc = ") + dtypeName(S.Acc) + ": expected f32 or f64");
  if (S.WaveSize != 32 && S.WaveSize != 64)
    bad("ReduceSpec.WaveSize = " + std::to_string(S.WaveSize) + ": expected 64 (gfx942) or 32");
  if (S.BlockSize == 0 || S.BlockSize > WavesanMaxBlockThreads || S.BlockSize % S.WaveSize)
    bad("ReduceSpec.BlockSize = " + std::to_string(S.BlockSize) +
        ": expected a multiple of WaveSize (" + std::to_string(S.WaveSize) +
        ") between " + std::to_string(S.WaveSize) + " and 1024");
}

void validateGemmSpec(const GemmSpec &S) {
  if (!isGemmInput(S.AType))
    bad(std::string("GemmSpec.AType = ") + dtypeName(S.AType) +
        ": expected f32, f16, bf16, e4m3-ocp, e4m3-fnuz, e5m2-ocp or e5m2-fnuz");
  if (!isGemmInput(S.BType))
    bad(std::string("GemmSpec.BType = ") + dtypeName(S.BType) +
        ": expected f32, f16, bf16, e4m3-ocp, e4m3-fnuz, e5m2-ocp or e5m2-fnuz");
  if (S.CType != DType::F32 && S.CType != DType::BF16 && S.CType != DType::F16)
    bad(std::string("GemmSpec.CType = ") + dtypeName(S.CType) + ": expected f32, bf16 or f16");
  for (auto [Name, Layout] : {std::pair{"A", S.A}, {"B", S.B}, {"C", S.C}})
    if (Layout != Layout::RowMajor && Layout != Layout::ColMajor)
      bad(std::string("GemmSpec.") + Name + " = " + std::to_string(unsigned(Layout)) +
          ": expected RowMajor or ColMajor");
  constexpr size_t Max = size_t(1) << 31;
  for (auto [Name, V] : {std::pair{"M", S.M}, {"N", S.N}, {"K", S.K}})
    if (V > Max)
      bad(std::string("GemmSpec.") + Name + " = " + std::to_string(V) +
          ": expected at most 2^31");
}

size_t reduceResultCount(const ReduceSpec &S, size_t N) {
  switch (S.Scope) {
  case ReduceScope::Wave: return S.WaveSize ? (N + S.WaveSize - 1) / S.WaveSize : 0;
  case ReduceScope::Block: return S.BlockSize ? (N + S.BlockSize - 1) / S.BlockSize : 0;
  case ReduceScope::Device: return 1;
  }
  return 0;
}

size_t devicePartialCount(const ReduceSpec &S, size_t N) {
  const size_t Blocks = S.BlockSize ? (N + S.BlockSize - 1) / S.BlockSize : 0;
  return Blocks < WavesanDevicePartialsMax ? Blocks : WavesanDevicePartialsMax;
}

std::string reduceKernelName(const ReduceSpec &S) {
  return std::string("wavesan_reduce_") + (S.Scope == ReduceScope::Wave ? "wave_" : "block_") +
         dtypeName(S.In) + "_" + dtypeName(S.Acc);
}

const char *gemmKernelName(const GemmSpec &S) {
  if (S.AType == DType::BF16 && S.BType == DType::BF16)
    return "wavesan_gemm_bf16";
  if (S.AType == DType::F16 && S.BType == DType::F16)
    return "wavesan_gemm_f16";
  if (dtypeIsFp8(S.AType) && dtypeIsFp8(S.BType))
    return "wavesan_gemm_fp8";
  return "wavesan_gemm_generic";
}

WavesanGemmArgs makeGemmArgs(const GemmSpec &S, const void *A, const void *B, void *C) {
  WavesanGemmArgs R{};
  R.A = A;
  R.B = B;
  R.C = C;
  R.M = int64_t(S.M);
  R.N = int64_t(S.N);
  R.K = int64_t(S.K);
  // op(A) is M x K; stored M x K (or K x M when transposed) in its layout.
  const bool ARowsAreI = (S.A == Layout::RowMajor) != S.TransA;
  R.StrideAI = ARowsAreI ? R.K : 1;
  R.StrideAK = ARowsAreI ? 1 : R.M;
  // op(B) is K x N; stored K x N (or N x K when transposed).
  const bool BRowsAreK = (S.B == Layout::RowMajor) != S.TransB;
  R.StrideBK = BRowsAreK ? R.N : 1;
  R.StrideBJ = BRowsAreK ? 1 : R.K;
  R.StrideCI = S.C == Layout::RowMajor ? R.N : 1;
  R.StrideCJ = S.C == Layout::RowMajor ? 1 : R.M;
  R.AType = static_cast<uint32_t>(S.AType);
  R.BType = static_cast<uint32_t>(S.BType);
  R.CType = static_cast<uint32_t>(S.CType);
  R.NumXcds = wavecommon::Gfx942.NumXcds; // gfx942's XCDs (the target table)
  R.Alpha = S.Alpha;
  R.Beta = S.Beta;
  R.ScaleA = S.ScaleA;
  R.ScaleB = S.ScaleB;
  return R;
}

std::vector<double> referenceReduce(Backend Where, const ReduceSpec &Spec, const void *In,
                                    size_t N) {
  switch (Where) {
  case Backend::Cpu: return cpuReferenceReduce(Spec, In, N);
  case Backend::Host:
#if defined(WAVESAN_HAVE_HOST_REFERENCE)
    return hostReferenceReduce(Spec, In, N);
#else
    throw std::runtime_error("wavesan: Backend::Host is not built (this reference library "
                             "has Backend::Cpu only)");
#endif
  case Backend::Hip:
#if defined(WAVESAN_HAVE_HIP_BACKEND)
    return hipReferenceReduce(Spec, In, N);
#else
    throw std::runtime_error("wavesan: Backend::Hip is not built (wavesan-reference needs "
                             "libamdhip64 at configure time)");
#endif
  }
  bad("referenceReduce: Backend = " + std::to_string(unsigned(Where)) +
      ": expected Host, Cpu or Hip");
}

void referenceGemm(Backend Where, const GemmSpec &Spec, const void *A, const void *B, void *C) {
  switch (Where) {
  case Backend::Cpu: return cpuReferenceGemm(Spec, A, B, C);
  case Backend::Host:
#if defined(WAVESAN_HAVE_HOST_REFERENCE)
    return hostReferenceGemm(Spec, A, B, C);
#else
    throw std::runtime_error("wavesan: Backend::Host is not built (this reference library "
                             "has Backend::Cpu only)");
#endif
  case Backend::Hip:
#if defined(WAVESAN_HAVE_HIP_BACKEND)
    return hipReferenceGemm(Spec, A, B, C);
#else
    throw std::runtime_error("wavesan: Backend::Hip is not built (wavesan-reference needs "
                             "libamdhip64 at configure time)");
#endif
  }
  bad("referenceGemm: Backend = " + std::to_string(unsigned(Where)) +
      ": expected Host, Cpu or Hip");
}

} // namespace wavesan
