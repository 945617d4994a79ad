//===--- cpu_backend.cpp - Backend::Cpu: the reference kernels, emulated ---===//
///
/// \file
/// Launches the kernels of sanitizer/src/reference/kernels/kernels.hip (compiled into this
/// library against the emulator headers) with hipLaunchKernelGGL on wavesan's
/// CPU emulator. Reductions run at the spec's wavefront size (the process's
/// wave size is restored afterwards); GEMMs at the process's wave size with one
/// wavefront per workgroup.
///
//===----------------------------------------------------------------------===//
#include "wavesan/reference.h"

#include <hip/hip_runtime.h>

#include "wavesan/options.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>

#define WAVESAN_DECLARE_REDUCE(InName, In, AccName, Acc)                                 \
  extern "C" __global__ void wavesan_reduce_wave_##InName##_##AccName(const In *, uint64_t, \
                                                                      uint32_t, Acc *);  \
  extern "C" __global__ void wavesan_reduce_block_##InName##_##AccName(const In *, uint64_t, \
                                                                       uint32_t, Acc *);
WAVESAN_DECLARE_REDUCE(i32, int32_t, f32, float)
WAVESAN_DECLARE_REDUCE(i32, int32_t, f64, double)
WAVESAN_DECLARE_REDUCE(f32, float, f32, float)
WAVESAN_DECLARE_REDUCE(f32, float, f64, double)
WAVESAN_DECLARE_REDUCE(f64, double, f32, float)
WAVESAN_DECLARE_REDUCE(f64, double, f64, double)
#undef WAVESAN_DECLARE_REDUCE
extern "C" __global__ void wavesan_gemm_generic(WavesanGemmArgs);
extern "C" __global__ void wavesan_gemm_bf16(WavesanGemmArgs);
extern "C" __global__ void wavesan_gemm_f16(WavesanGemmArgs);
extern "C" __global__ void wavesan_gemm_fp8(WavesanGemmArgs);

namespace wavesan {
namespace {

/// Throws std::runtime_error naming the HIP call and its error.
void check(hipError_t E, const char *What) {
  if (E != hipSuccess)
    throw std::runtime_error(std::string("wavesan cpu backend: ") + What + " failed: " +
                             hipGetErrorName(E) + " (" + hipGetErrorString(E) + ")");
}

/// A device buffer of the emulator (freed on scope exit).
struct RefBuffer {
  void *Ptr = nullptr;
  explicit RefBuffer(size_t Bytes) {
    check(hipMalloc(&Ptr, std::max<size_t>(Bytes, 1)), "hipMalloc");
  }
  ~RefBuffer() { (void)hipFree(Ptr); }
  RefBuffer(const RefBuffer &) = delete;
  RefBuffer &operator=(const RefBuffer &) = delete;
  template <class T> T *as() const { return static_cast<T *>(Ptr); }
};

/// Sets the process's emulated wave size for one scope.
struct WaveSizeScope {
  unsigned Saved;
  explicit WaveSizeScope(unsigned Lanes) : Saved(options().wave_size) {
    if (Lanes != Saved)
      setWaveSize(Lanes);
  }
  ~WaveSizeScope() {
    if (options().wave_size != Saved)
      setWaveSize(Saved);
  }
};

/// Runs one reduction kernel pair of types (In, Acc) and returns the results.
template <class In, class Acc>
std::vector<double> runReduce(const ReduceSpec &S, const void *Host, size_t N,
                              void (*Wave)(const In *, uint64_t, uint32_t, Acc *),
                              void (*Block)(const In *, uint64_t, uint32_t, Acc *),
                              void (*Finish)(const Acc *, uint64_t, uint32_t, Acc *)) {
  const size_t Count = reduceResultCount(S, N);
  const uint32_t Op = static_cast<uint32_t>(S.Op);
  RefBuffer DIn(N * sizeof(In));
  if (N)
    check(hipMemcpy(DIn.Ptr, Host, N * sizeof(In), hipMemcpyHostToDevice), "hipMemcpy (input)");
  RefBuffer DOut(Count * sizeof(Acc));
  WaveSizeScope Lanes(S.WaveSize);
  const size_t Blocks = (N + S.BlockSize - 1) / S.BlockSize;
  if (S.Scope == ReduceScope::Wave) {
    if (Blocks)
      check(hipLaunchKernelGGL(Wave, dim3(unsigned(Blocks)), dim3(S.BlockSize), 0, 0,
                               DIn.as<const In>(), uint64_t(N), Op, DOut.as<Acc>()),
            "wave reduction launch");
  } else if (S.Scope == ReduceScope::Block) {
    if (Blocks)
      check(hipLaunchKernelGGL(Block, dim3(unsigned(Blocks)), dim3(S.BlockSize), 0, 0,
                               DIn.as<const In>(), uint64_t(N), Op, DOut.as<Acc>()),
            "block reduction launch");
  } else {
    const size_t Partials = devicePartialCount(S, N);
    RefBuffer DPart(Partials * sizeof(Acc));
    if (Partials)
      check(hipLaunchKernelGGL(Block, dim3(unsigned(Partials)), dim3(S.BlockSize), 0, 0,
                               DIn.as<const In>(), uint64_t(N), Op, DPart.as<Acc>()),
            "device reduction launch (pass 1: workgroup partials)");
    check(hipLaunchKernelGGL(Finish, dim3(1), dim3(S.BlockSize), 0, 0, DPart.as<const Acc>(),
                             uint64_t(Partials), Op, DOut.as<Acc>()),
          "device reduction launch (pass 2: one workgroup over the partials)");
  }
  check(hipDeviceSynchronize(), "hipDeviceSynchronize");
  std::vector<Acc> Out(Count);
  if (Count)
    check(hipMemcpy(Out.data(), DOut.Ptr, Count * sizeof(Acc), hipMemcpyDeviceToHost),
          "hipMemcpy (results)");
  return std::vector<double>(Out.begin(), Out.end());
}

} // namespace

std::vector<double> cpuReferenceReduce(const ReduceSpec &S, const void *In, size_t N) {
  validateReduceSpec(S);
  const QuietLaunchNotes Quiet; // the grid is ours, not the user's
  if (In == nullptr && N != 0)
    throw std::invalid_argument("wavesan: referenceReduce: input buffer is null but N = " +
                                std::to_string(N) + " (expected N elements of " +
                                dtypeName(S.In) + ")");
#define WAVESAN_RUN(InName, InT, AccName, AccT)                                            \
  return runReduce<InT, AccT>(S, In, N, wavesan_reduce_wave_##InName##_##AccName,          \
                              wavesan_reduce_block_##InName##_##AccName,                   \
                              wavesan_reduce_block_##AccName##_##AccName)
  const bool F64 = S.Acc == DType::F64;
  switch (S.In) {
  case DType::I32:
    if (F64) WAVESAN_RUN(i32, int32_t, f64, double);
    WAVESAN_RUN(i32, int32_t, f32, float);
  case DType::F32:
    if (F64) WAVESAN_RUN(f32, float, f64, double);
    WAVESAN_RUN(f32, float, f32, float);
  default:
    if (F64) WAVESAN_RUN(f64, double, f64, double);
    WAVESAN_RUN(f64, double, f32, float);
  }
#undef WAVESAN_RUN
}

void cpuReferenceGemm(const GemmSpec &S, const void *A, const void *B, void *C) {
  validateGemmSpec(S);
  const QuietLaunchNotes Quiet; // the grid is ours, not the user's
  const size_t ABytes = S.M * S.K * dtypeBytes(S.AType), BBytes = S.K * S.N * dtypeBytes(S.BType),
               CBytes = S.M * S.N * dtypeBytes(S.CType);
  if ((A == nullptr && ABytes) || (B == nullptr && BBytes) || (C == nullptr && CBytes))
    throw std::invalid_argument(std::string("wavesan: referenceGemm: ") +
                                (A == nullptr && ABytes   ? "A"
                                 : B == nullptr && BBytes ? "B"
                                                          : "C") +
                                " is null (expected host memory of the spec's shape)");
  if (CBytes == 0)
    return;
  RefBuffer DA(ABytes), DB(BBytes), DC(CBytes);
  if (ABytes)
    check(hipMemcpy(DA.Ptr, A, ABytes, hipMemcpyHostToDevice), "hipMemcpy (A)");
  if (BBytes)
    check(hipMemcpy(DB.Ptr, B, BBytes, hipMemcpyHostToDevice), "hipMemcpy (B)");
  if (S.Beta != 0.0f)
    check(hipMemcpy(DC.Ptr, C, CBytes, hipMemcpyHostToDevice), "hipMemcpy (C)");
  const WavesanGemmArgs Args = makeGemmArgs(S, DA.Ptr, DB.Ptr, DC.Ptr);
  const size_t Tiles = ((S.M + WavesanGemmTile - 1) / WavesanGemmTile) *
                       ((S.N + WavesanGemmTile - 1) / WavesanGemmTile);
  if (Tiles > 0xFFFFFFFFull)
    throw std::invalid_argument("wavesan: referenceGemm: " + std::to_string(Tiles) +
                                " output tiles (expected at most 2^32 - 1 workgroups)");
  const dim3 Grid{unsigned(Tiles)}, Block{unsigned(options().wave_size)};
  const std::string Name = gemmKernelName(S);
  hipError_t E;
  if (Name == "wavesan_gemm_bf16")
    E = hipLaunchKernelGGL(wavesan_gemm_bf16, Grid, Block, 0, 0, Args);
  else if (Name == "wavesan_gemm_f16")
    E = hipLaunchKernelGGL(wavesan_gemm_f16, Grid, Block, 0, 0, Args);
  else if (Name == "wavesan_gemm_fp8")
    E = hipLaunchKernelGGL(wavesan_gemm_fp8, Grid, Block, 0, 0, Args);
  else
    E = hipLaunchKernelGGL(wavesan_gemm_generic, Grid, Block, 0, 0, Args);
  check(E, "GEMM launch");
  check(hipDeviceSynchronize(), "hipDeviceSynchronize");
  check(hipMemcpy(C, DC.Ptr, CBytes, hipMemcpyDeviceToHost), "hipMemcpy (C result)");
}

} // namespace wavesan
