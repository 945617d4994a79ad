//===--- reduce.h - wave and block reductions of the reference kernels -----===//
///
/// \file
/// Device templates behind the wavesan_reduce_* entry points of kernels.hip.
/// Included by kernels.hip only, after <hip/hip_runtime.h> (the real HIP
/// headers under clang -x hip, wavesan's emulator headers otherwise).
///
/// Every ladder starts at warpSize / 2 and halves down to 1 (6 steps on a
/// 64-lane gfx942 wavefront, 5 on 32 lanes), so all lanes fold in; nothing
/// assumes a wavefront width (ladders starting at 16, a bug family of CUDA
/// ports, drop lanes 32-63 on wave64: rules/wave64-partial-reduction.md).
///
//===----------------------------------------------------------------------===//
#pragma once

#include "wavesan/reference_abi.h"

#include <stdint.h>

namespace wavesan_ref {

/// +inf / -inf without <cmath> (device-safe): the binary32/binary64 bit patterns.
template <class Acc> __device__ inline Acc infinity();
template <> __device__ inline float infinity<float>() {
  return __builtin_bit_cast(float, 0x7F800000u);
}
template <> __device__ inline double infinity<double>() {
  return __builtin_bit_cast(double, 0x7FF0000000000000ull);
}

/// The identity of \p Op: 0 (sum), +inf (min), -inf (max).
template <class Acc> __device__ inline Acc identity(uint32_t Op) {
  return Op == WavesanReduceSum ? Acc(0)
         : Op == WavesanReduceMin ? infinity<Acc>()
                                  : -infinity<Acc>();
}

/// A op B. Min/max are IEEE minNum/maxNum: a NaN operand yields the other one
/// (as fmin/fmax and v_min_f32/v_max_f32 on gfx9); sum propagates NaN.
template <class Acc> __device__ inline Acc combine(uint32_t Op, Acc A, Acc B) {
  if (Op == WavesanReduceSum)
    return A + B;
  if (A != A)
    return B;
  if (B != B)
    return A;
  if (Op == WavesanReduceMin)
    return B < A ? B : A;
  return B > A ? B : A;
}

/// Reduces \p V over the lanes of the calling wavefront; lane 0 gets the
/// result (other lanes hold partial folds). Every lane of the wavefront must
/// call it (the workgroup size is a multiple of warpSize). Offsets warpSize/2,
/// warpSize/4, ..., 1: __shfl_down leaves a lane's own value when lane + offset
/// falls outside the wavefront, and lane 0 never reads such a lane.
template <class Acc> __device__ inline Acc waveReduce(uint32_t Op, Acc V) {
  for (int Offset = int(warpSize) / 2; Offset > 0; Offset /= 2)
    V = combine(Op, V, __shfl_down(V, Offset));
  return V;
}

/// Reduces \p V over the workgroup; thread 0 gets the result. Each wavefront
/// folds with waveReduce, lane 0 stores its partial in LDS, and after one
/// barrier the first wavefront folds the partials. blockDim.x must be a
/// multiple of warpSize and at most 1024 (at most 32 wavefronts, the LDS size).
template <class Acc> __device__ inline Acc blockReduce(uint32_t Op, Acc V) {
  __shared__ Acc Partials[WavesanMaxWavesPerBlock];
  const unsigned Lanes = warpSize;
  const unsigned Lane = threadIdx.x % Lanes;
  const unsigned Wave = threadIdx.x / Lanes;
  const unsigned Waves = blockDim.x / Lanes;
  V = waveReduce(Op, V);
  if (Lane == 0)
    Partials[Wave] = V;
  __syncthreads();
  if (Wave == 0) {
    V = Lane < Waves ? Partials[Lane] : identity<Acc>(Op);
    V = waveReduce(Op, V);
  }
  return V;
}

/// One result per wavefront: element i = blockIdx.x * blockDim.x + threadIdx.x
/// (the identity past \p N); Out[i / warpSize] from each wavefront's lane 0
/// whose first element is below N.
template <class In, class Acc>
__device__ inline void reduceWave(const In *Data, uint64_t N, uint32_t Op, Acc *Out) {
  const uint64_t I = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x;
  Acc V = I < N ? Acc(Data[I]) : identity<Acc>(Op);
  V = waveReduce(Op, V);
  const unsigned Lanes = warpSize;
  if (threadIdx.x % Lanes == 0 && I < N)
    Out[I / Lanes] = V;
}

/// One result per workgroup: each thread folds elements threadIdx.x +
/// blockIdx.x * blockDim.x + t * gridDim.x * blockDim.x (a grid-stride loop),
/// then blockReduce; Out[blockIdx.x]. With gridDim.x = ceil(N / blockDim.x)
/// workgroup b covers elements [b * blockDim.x, (b + 1) * blockDim.x).
template <class In, class Acc>
__device__ inline void reduceBlock(const In *Data, uint64_t N, uint32_t Op, Acc *Out) {
  Acc V = identity<Acc>(Op);
  const uint64_t Stride = uint64_t(gridDim.x) * blockDim.x;
  for (uint64_t I = uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; I < N; I += Stride)
    V = combine(Op, V, Acc(Data[I]));
  V = blockReduce(Op, V);
  if (threadIdx.x == 0)
    Out[blockIdx.x] = V;
}

} // namespace wavesan_ref
