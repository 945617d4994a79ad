//===--- host_internal.h - pieces of the host reference the diff reuses ----===//
///
/// \file
/// Internal to wavesan-reference's host backend (sanitizer/src/reference/host/),
/// and reused by the diff (sanitizer/src/diff/): decoding of operands to fp32, the
/// mapping of a GemmSpec onto cblas_sgemm, and per-group reductions over a lane
/// range (the host reference itself and the models the diagnosis compares
/// with). Not installed.
///
//===----------------------------------------------------------------------===//
#pragma once

#include "bulk.h"
#include "wavesan/reference.h"

#include <cstddef>
#include <vector>

namespace wavesan::host_detail {

/// Rows and columns of a GEMM operand as stored: A is M x K (K x M when
/// TransA), B is K x N (N x K when TransB).
struct Stored {
  size_t Rows, Cols;
};
Stored storedA(const GemmSpec &S);
Stored storedB(const GemmSpec &S);

/// Decodes \p Count elements of type \p T at \p Data to fp32 (exact for f16,
/// bf16 and the FP8 formats, whose values are all binary32 values). F32 is
/// copied. Throws std::invalid_argument for a type a GEMM cannot read (i32, f64)
/// naming \p What ("A", "B", "C").
std::vector<float> decodeToF32(DType T, const void *Data, size_t Count, const char *What);
/// As decodeToF32, into \p Out (Count floats).
void decodeInto(DType T, const void *Data, size_t Count, float *Out, const char *What);

/// Element-wise |x| of \p V.
std::vector<float> absolute(const std::vector<float> &V);

/// C (fp32, M x N in Spec.C's layout) = Alpha * op(A) * op(B) + Beta * C through
/// cblas_sgemm, with A and B already decoded to fp32 in their stored layouts and
/// only the first \p K columns of op(A) / rows of op(B) used (K <= Spec.K; the
/// leading dimensions stay those of Spec). Beta == 0 does not read C.
void sgemmDecoded(const GemmSpec &Spec, const float *A, const float *B, float *C, float Alpha,
                  float Beta, size_t K);

/// Alpha * ScaleA * ScaleB, computed in double and rounded once to float: the
/// alpha handed to sgemm (the scales are exact powers of two in the usual
/// per-tensor FP8 scaling, and then this product is exact too).
float effectiveAlpha(const GemmSpec &Spec);

/// Rounds \p V to \p T (f32: unchanged; bf16 / f16: RNE through numeric.h) and
/// returns the rounded value.
float roundTo(DType T, float V);

/// Encodes fp32 \p Src (Count elements) into a buffer of type \p T (F32, BF16, F16).
void encodeFromF32(DType T, const float *Src, size_t Count, void *Dst);

/// Validates a GemmSpec for the host reference; throws std::invalid_argument
/// naming the field.
void validateHostGemm(const GemmSpec &S, const void *A, const void *B, const void *C,
                      const char *Caller);
/// Validates a ReduceSpec for the host reference (In: i32, f32, f64, f16, bf16,
/// FP8; Acc: f32 or f64; WaveSize 32 or 64; BlockSize a multiple of WaveSize,
/// at most 1024).
void validateHostReduce(const ReduceSpec &S, const void *In, size_t N, const char *Caller);

/// Elements per result: WaveSize, BlockSize, or N (Device; at least 1).
size_t groupSize(const ReduceSpec &S, size_t N);
/// Results of a reduction of N elements: ceil(N / groupSize), 1 for Device.
size_t groupCount(const ReduceSpec &S, size_t N);

/// Per-group reduction of the elements whose lane (index within the group,
/// modulo \p WaveSize) lies in [LaneBegin, LaneEnd): Sum with compensated
/// (Neumaier) fp64 accumulation (exact int64 for i32), Min/Max exact, ignoring
/// NaN (fmin/fmax). \p Group elements per result, \p Groups results; elements
/// past N are the identity. AbsSum (optional) receives sum |x_i| per group.
/// The groups are spread over workerCount(\p Threads) threads (bulk.h), each
/// group summed by one thread in one fixed order: the same results for any
/// thread count.
Doubles reduceGroups(ReduceOp Op, DType In, const void *Data, size_t N, size_t Group,
                     size_t Groups, unsigned WaveSize, unsigned LaneBegin, unsigned LaneEnd,
                     Doubles *AbsSum = nullptr, unsigned Threads = 0);
/// Elements per chunk of reduceGroups' threads (whole groups; at least one group).
constexpr size_t ReduceChunk = size_t(1) << 16;

} // namespace wavesan::host_detail
