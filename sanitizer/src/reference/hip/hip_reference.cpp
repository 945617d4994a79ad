//===--- hip_reference.cpp - the reference kernels' launches on a GPU -----===//
///
/// \file
/// hipReferenceReduce / hipReferenceGemm (Backend::Hip): upload the inputs,
/// launch the entry points of sanitizer/src/reference/kernels/kernels.hip from the gfx942
/// code object with the grids documented in docs/wavesan-reference.md (and
/// reference.h: reduceKernelName, devicePartialCount, gemmKernelName,
/// makeGemmArgs), download the results. The same launch plan as the cpu
/// backend, so both backends fold in the same order.
///
//===----------------------------------------------------------------------===//
#include "hip_api.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace wavesan {
namespace {

using hip_detail::DeviceMemory;
using hip_detail::LaunchDims;

/// ceil(A / B) for B > 0.
size_t ceilDiv(size_t A, size_t B) { return (A + B - 1) / B; }

/// A * B, or std::invalid_argument naming \p What when it overflows size_t.
size_t checkedMul(size_t A, size_t B, const char *What) {
  if (B != 0 && A > std::numeric_limits<size_t>::max() / B)
    throw std::invalid_argument(std::string("wavesan hip backend: ") + What +
                                " overflows size_t (expected a buffer that fits in memory)");
  return A * B;
}

/// A grid dimension for hipModuleLaunchKernel (at most 2^31 - 1 workgroups in x, HIP's limit).
unsigned gridSize(size_t Blocks, const char *What) {
  if (Blocks > static_cast<size_t>(std::numeric_limits<int32_t>::max()))
    throw std::invalid_argument(std::string("wavesan hip backend: ") + What + " needs " +
                                std::to_string(Blocks) +
                                " workgroups (expected at most 2^31 - 1, HIP's grid limit)");
  return static_cast<unsigned>(Blocks);
}

/// The identity of \p Op as a result (reference.h: 0, +inf, -inf).
double reduceIdentity(ReduceOp Op) {
  switch (Op) {
  case ReduceOp::Sum: return 0.0;
  case ReduceOp::Min: return std::numeric_limits<double>::infinity();
  case ReduceOp::Max: return -std::numeric_limits<double>::infinity();
  }
  return 0.0;
}

/// Downloads \p Count accumulators of type \p Acc (F32 or F64) as doubles.
std::vector<double> downloadResults(const DeviceMemory &Out, DType Acc, size_t Count) {
  std::vector<double> R(Count);
  if (Acc == DType::F32) {
    std::vector<float> F(Count);
    Out.download(F.data(), Count * sizeof(float));
    for (size_t I = 0; I < Count; ++I)
      R[I] = F[I];
  } else {
    Out.download(R.data(), Count * sizeof(double));
  }
  return R;
}

/// Checks that the device runs the spec's wavefront size: gfx942 has 64-lane
/// wavefronts only, so a 32-lane reference cannot be computed there.
void requireWaveSize(unsigned WaveSize) {
  int DeviceWave = hipBackendStatus().WarpSize;
  if (static_cast<int>(WaveSize) != DeviceWave)
    throw std::invalid_argument("wavesan hip backend: ReduceSpec.WaveSize is " +
                                std::to_string(WaveSize) + " but the device's wavefront is " +
                                std::to_string(DeviceWave) +
                                " lanes (use Backend::Cpu for another wavefront size)");
}

} // namespace

std::vector<double> hipReferenceReduce(const ReduceSpec &Spec, const void *In, size_t N) {
  validateReduceSpec(Spec);
  if (N > 0 && !In)
    throw std::invalid_argument("wavesan hip backend: hipReferenceReduce: In is null but N is " +
                                std::to_string(N) + " (expected N elements of host memory)");
  hip_detail::requireDevice();
  requireWaveSize(Spec.WaveSize);
  const size_t InBytes = checkedMul(N, dtypeBytes(Spec.In), "ReduceSpec input size N * element size");
  const size_t AccBytes = dtypeBytes(Spec.Acc);
  const size_t Count = reduceResultCount(Spec, N);
  if (N == 0)
    return std::vector<double>(Count, reduceIdentity(Spec.Op));

  DeviceMemory DIn(InBytes);
  DIn.upload(In, InBytes);
  uint64_t N64 = N;
  uint32_t Op = static_cast<uint32_t>(Spec.Op);
  const void *InPtr = DIn.get();
  LaunchDims Dims;
  Dims.BlockX = Spec.BlockSize;
  Dims.GridX = gridSize(ceilDiv(N, Spec.BlockSize), "the reduction");
  const std::string First = reduceKernelName(Spec);

  if (Spec.Scope != ReduceScope::Device) {
    // Wave: one result per wavefront of each workgroup; Block: one per workgroup.
    DeviceMemory DOut(checkedMul(Count, AccBytes, "reduction output"));
    void *OutPtr = DOut.get();
    hip_detail::launch(First.c_str(), Dims, {&InPtr, &N64, &Op, &OutPtr});
    return downloadResults(DOut, Spec.Acc, Count);
  }

  // Device: G workgroups write partials, then one workgroup folds them (no atomics,
  // so the result is deterministic). Plan as documented in reference.h.
  const size_t G = devicePartialCount(Spec, N);
  DeviceMemory DPartial(checkedMul(G, AccBytes, "device-wide partials"));
  DeviceMemory DOut(AccBytes);
  void *PartialPtr = DPartial.get();
  Dims.GridX = gridSize(G, "the device-wide reduction");
  hip_detail::launch(First.c_str(), Dims, {&InPtr, &N64, &Op, &PartialPtr});

  ReduceSpec Fold = Spec;
  Fold.In = Spec.Acc;
  Fold.Scope = ReduceScope::Block;
  const std::string Second = reduceKernelName(Fold);
  uint64_t G64 = G;
  const void *PartialIn = PartialPtr;
  void *OutPtr = DOut.get();
  Dims.GridX = 1;
  hip_detail::launch(Second.c_str(), Dims, {&PartialIn, &G64, &Op, &OutPtr});
  return downloadResults(DOut, Spec.Acc, 1);
}

void hipReferenceGemm(const GemmSpec &Spec, const void *A, const void *B, void *C) {
  validateGemmSpec(Spec);
  const size_t ABytes = checkedMul(checkedMul(Spec.M, Spec.K, "GemmSpec M * K"),
                                   dtypeBytes(Spec.AType), "A's size in bytes");
  const size_t BBytes = checkedMul(checkedMul(Spec.K, Spec.N, "GemmSpec K * N"),
                                   dtypeBytes(Spec.BType), "B's size in bytes");
  const size_t CBytes = checkedMul(checkedMul(Spec.M, Spec.N, "GemmSpec M * N"),
                                   dtypeBytes(Spec.CType), "C's size in bytes");
  auto requirePointer = [](const void *P, size_t Bytes, const char *Name) {
    if (Bytes > 0 && !P)
      throw std::invalid_argument(std::string("wavesan hip backend: hipReferenceGemm: ") + Name +
                                  " is null (expected " + std::to_string(Bytes) +
                                  " bytes of host memory)");
  };
  requirePointer(A, ABytes, "A");
  requirePointer(B, BBytes, "B");
  requirePointer(C, CBytes, "C");
  hip_detail::requireDevice();
  if (CBytes == 0)
    return; // M == 0 or N == 0: no output element.

  DeviceMemory DA(ABytes), DB(BBytes), DC(CBytes);
  DA.upload(A, ABytes);
  DB.upload(B, BBytes);
  if (Spec.Beta != 0)
    DC.upload(C, CBytes);
  else
    DC.fill(0); // not read by the kernel (BLAS convention); defined bytes for the download
  WavesanGemmArgs Args = makeGemmArgs(Spec, DA.get(), DB.get(), DC.get());
  LaunchDims Dims;
  // One 16x16 output tile per workgroup of one wavefront (reference_abi.h).
  Dims.BlockX = static_cast<unsigned>(hipBackendStatus().WarpSize);
  Dims.GridX = gridSize(checkedMul(ceilDiv(Spec.M, WavesanGemmTile),
                                   ceilDiv(Spec.N, WavesanGemmTile), "GEMM tile count"),
                        "the GEMM");
  hip_detail::launch(gemmKernelName(Spec), Dims, {&Args});
  DC.download(C, CBytes);
}

} // namespace wavesan
