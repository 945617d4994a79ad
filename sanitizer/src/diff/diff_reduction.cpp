//===--- diff_reduction.cpp - diff_reduction and its diagnoses -----------===//
///
/// \file
/// Compares a kernel's reduction results with the reference of the same
/// inputs and, on a mismatch, tries the signatures of known wave64 porting
/// bugs (docs/wavesan-check.md, "Diagnoses"), each a reduction of the same
/// inputs over a different set of lanes:
///   lanes 0-31 of each wavefront  -> wave64-partial-reduction (ladder from 16)
///   lanes 0-15 of each wavefront  -> wave64-partial-reduction (ladder from 8)
///   one result per 32-lane half-wave (count x2, or slots shifted)
///                                 -> wave64-hardcoded-warp-size
///   lanes 32-63 only, lanes 0-31 twice, lanes 32-63 twice
///                                 -> wave64-hardcoded-warp-size
/// A signature is named only when it explains every result.
///
//===----------------------------------------------------------------------===//
#include "bulk.h"
#include "diff_common.h"
#include "host_internal.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>
#include <limits>

namespace wavesan {
using namespace diff_detail;

namespace {

const char *opWord(ReduceOp Op) {
  switch (Op) {
  case ReduceOp::Sum: return "sum";
  case ReduceOp::Min: return "minimum";
  case ReduceOp::Max: return "maximum";
  }
  return "?";
}

std::string scopeText(const ReduceSpec &S) {
  switch (S.Scope) {
  case ReduceScope::Wave:
    return fmt::format("one result per {}-lane wavefront", S.WaveSize);
  case ReduceScope::Block:
    return fmt::format("one result per workgroup of {} threads ({}-lane wavefronts)",
                       S.BlockSize, S.WaveSize);
  case ReduceScope::Device:
    return fmt::format("one result for the whole input ({}-lane wavefronts)", S.WaveSize);
  }
  return "";
}

bool inputWiderThanAcc(DType In, DType Acc) {
  if (Acc == DType::F64)
    return false;
  return In == DType::F64 || In == DType::I32; // i32 above 2^24 rounds in f32
}

/// True when storing a result in \p Out can round it: Out is coarser than the
/// type the result is exact in (Acc for sums; In for min/max, whose result is
/// an input element). i32 outputs never count (unitRoundoff(I32) = 0).
bool outputRounds(const ReduceSpec &S, DType Out) {
  const double UOut = unitRoundoff(Out);
  const DType Exact = S.Op == ReduceOp::Sum ? S.Acc : S.In;
  return UOut > 0 && (Exact == DType::I32 || UOut > unitRoundoff(Exact));
}

/// Half the smallest subnormal of \p T: the most rounding to T can lose near 0.
double halfMinSubnormal(DType T) {
  switch (T) {
  case DType::F32: return std::ldexp(1.0, -150);
  case DType::F16: return std::ldexp(1.0, -25);
  case DType::BF16: return std::ldexp(1.0, -134);
  default: return 0;
  }
}

/// Per-result tolerance (diff.h, docs/wavesan-check.md "Tolerances"). \p Out:
/// the dtype the kernel stored its results in (DiffOptions::OutType).
Doubles tolerances(const ReduceSpec &S, size_t N, const Doubles &Ref,
                               const Doubles &AbsSum, bool HostRef, double Scale,
                               DType Out, unsigned Threads) {
  const size_t G = groupSize(S, N);
  const double U = unitRoundoff(S.Acc), U64 = unitRoundoff(DType::F64);
  const double Tiny = S.Acc == DType::F32 ? std::ldexp(1.0, -149) : std::ldexp(1.0, -1074);
  // Storing the result in a coarser Out rounds it once more: |fl(x) - x| <= u_out |x|
  // (Higham 2002, Theorem 2.2), or half Out's smallest subnormal near 0.
  const bool Rounds = outputRounds(S, Out);
  const double UOut = Rounds ? unitRoundoff(Out) : 0, TinyOut = Rounds ? halfMinSubnormal(Out) : 0;
  Doubles Tol(Ref.size());
  forChunks(Ref.size(), CompareChunk, workerCount(Threads), [&](size_t B, size_t E, unsigned) {
    // gamma_n for the last n seen: all groups but the last have the same n.
    double LastNk = -1, GU = 0, G64 = 0;
    for (size_t K = B; K < E; ++K) {
      const double Sum = AbsSum[K];
      const double Begin = static_cast<double>(K * G);
      const double Nk = std::max(0.0, std::min(static_cast<double>(N), Begin + G) - Begin);
      if (Nk != LastNk) {
        LastNk = Nk;
        GU = gamma(Nk, U);
        G64 = gamma(Nk, U64);
      }
      double T = 0;
      if (S.Op == ReduceOp::Sum) {
        // The kernel: any order, gamma_n(u) sum|x| (Higham eq. 4.4; n terms incl.
        // the conversion of each input to Acc). The reference: fp64 (gamma_n(2^-53)
        // sum|x|), compensated for f64 inputs ((2u + n u^2) sum|x|, Higham eq. 4.9),
        // exact for i32; another backend rounds like the kernel.
        double RefErr = !HostRef                 ? GU * Sum
                        : S.In == DType::I32     ? 0
                        : S.In == DType::F64     ? (2 * U64 + Nk * U64 * U64) * Sum
                                                 : G64 * Sum;
        T = GU * Sum + RefErr + Nk * Tiny;
      } else if (inputWiderThanAcc(S.In, S.Acc)) {
        T = U * std::fabs(Ref[K]) * (HostRef ? 1 : 2); // one rounding of the result to Acc
      }
      if (std::isfinite(Ref[K]))
        T += UOut * std::fabs(Ref[K]) + TinyOut;
      Tol[K] = T * Scale;
    }
  });
  return Tol;
}

struct Model {
  const char *Rule; // only for the text; the kind decides the report's rule
  ReportKind Kind;
  std::string Diagnosis;
  Doubles Values, Tol;
};

bool explains(const Model &M, const double *User, size_t Count) {
  if (M.Values.size() < Count)
    return false;
  for (size_t K = 0; K < Count; ++K)
    if (!within(User[K], M.Values[K], M.Tol[K]))
      return false;
  return true;
}

} // namespace

DiffResult diff_reduction(const ReduceSpec &S, const void *In, size_t N, const float *User,
                            size_t Count, const DiffOptions &O) {
  if (!User && Count)
    throw std::invalid_argument("wavesan: diff_reduction: null UserOut with UserOutCount = " +
                                std::to_string(Count) + "; expected the kernel's results");
  Doubles D(User, User + Count);
  DiffOptions F = O;
  if (F.OutType == DType::F64) // fp32 values: stored in f32 at least
    F.OutType = DType::F32;
  return diff_reduction(S, In, N, D.data(), Count, F);
}

DiffResult diff_reduction(const ReduceSpec &S, const void *In, size_t N, const double *User,
                            size_t Count, const DiffOptions &O) {
  validateHostReduce(S, In, N, "diff_reduction");
  validateOptions(O, "diff_reduction");
  if (!dtypeValid(O.OutType) || dtypeIsFp8(O.OutType))
    throw std::invalid_argument(
        fmt::format("wavesan: diff_reduction: DiffOptions::OutType is {}; expected f64, f32, "
                    "f16, bf16 or i32",
                    dtypeValid(O.OutType) ? dtypeName(O.OutType) : "not a DType"));
  if (!User && Count)
    throw std::invalid_argument("wavesan: diff_reduction: null UserOut with UserOutCount = " +
                                std::to_string(Count) + "; expected the kernel's results");
  const size_t G = groupSize(S, N), Groups = groupCount(S, N);
  Doubles AbsSum;
  Doubles Ref =
      reduceGroups(S.Op, S.In, In, N, G, Groups, S.WaveSize, 0, S.WaveSize, &AbsSum, O.Threads);
  const bool HostRef = O.Reference == Backend::Host;
  if (!HostRef) {
    const std::vector<double> Other = referenceReduce(O.Reference, S, In, N);
    Ref.assign(Other.begin(), Other.end());
  }
  const Doubles Tol =
      tolerances(S, N, Ref, AbsSum, HostRef, O.ToleranceScale, O.OutType, O.Threads);

  DiffResult R;
  const size_t Common = std::min(Count, Groups);
  Tally T = compareAll(Common, S.Acc, O.Worst, O.Threads,
                       [&](size_t B, size_t E, double *U, double *RB, double *TB) {
                         std::copy(User + B, User + E, U);
                         std::copy(Ref.data() + B, Ref.data() + E, RB);
                         std::copy(Tol.data() + B, Tol.data() + E, TB);
                       });
  R.Compared = T.Compared;
  R.Mismatches = T.Mismatches + (Count > Groups ? Count - Groups : Groups - Count);
  R.MaxUlp = T.MaxUlp;
  const std::string What = fmt::format("{} of {} {} elements, {}, accumulated in {}",
                                       opWord(S.Op), N, dtypeName(S.In), scopeText(S),
                                       dtypeName(S.Acc));
  if (R.Mismatches == 0) {
    R.Report = fmt::format("wavesan: reduction ({}) matches the {} reference: {} results within "
                           "tolerance, max {} ulp of {}\n",
                           What, backendName(O.Reference), R.Compared, ulpText(R.MaxUlp),
                           dtypeName(S.Acc));
    return R;
  }

  // Signatures (wave64 only: they are the 32-lane assumptions of ported code).
  std::vector<Model> Models;
  // Each model is judged with the tolerance of its own values (accumulation over the
  // lanes it covers, plus the rounding into OutType of the model's result, not of the
  // reference's: a lanes 0-31 sum stored as f32 rounds at its own magnitude).
  Doubles LoAbs, HiAbs;
  auto Lanes = [&](unsigned B, unsigned E, Doubles *Abs) {
    return reduceGroups(S.Op, S.In, In, N, G, Groups, S.WaveSize, B, E, Abs, O.Threads);
  };
  auto Add = [&](ReportKind Kind, std::string Diag, Doubles V,
                 const Doubles &Abs) {
    Doubles MTol =
        tolerances(S, N, V, Abs, HostRef, O.ToleranceScale, O.OutType, O.Threads);
    Models.push_back({nullptr, Kind, std::move(Diag), std::move(V), std::move(MTol)});
  };
  const char *Op = opWord(S.Op);
  if (S.WaveSize == 64 && N > 32) {
    Doubles Lo = Lanes(0, 32, &LoAbs), Hi = Lanes(32, 64, &HiAbs), QuarterAbs;
    Doubles Quarter = Lanes(0, 16, &QuarterAbs);
    Add(ReportKind::ReductionPartialWave,
        fmt::format("every result equals the {} over lanes 0-31 of each 64-lane wavefront: lanes "
                    "32-63 never fold in, as with a shuffle ladder that starts at offset 16",
                    Op),
        Lo, LoAbs);
    Add(ReportKind::ReductionPartialWave,
        fmt::format("every result equals the {} over lanes 0-15 of each 64-lane wavefront: lanes "
                    "16-63 never fold in, as with a shuffle ladder that starts at offset 8",
                    Op),
        Quarter, QuarterAbs);
    if (S.Scope == ReduceScope::Wave) {
      Doubles HalfAbs;
      const size_t Halves = (N + 31) / 32;
      Model H{nullptr, ReportKind::ReductionHalfWave, "",
              reduceGroups(S.Op, S.In, In, N, 32, Halves, 32, 0, 32, &HalfAbs, O.Threads), {}};
      ReduceSpec HalfSpec = S;
      HalfSpec.WaveSize = 32;
      H.Tol = tolerances(HalfSpec, N, H.Values, HalfAbs, HostRef, O.ToleranceScale, O.OutType,
                         O.Threads);
      H.Diagnosis =
          Count == 2 * Groups
              ? fmt::format("the kernel returned {} results for {} wavefronts: result k is the {} "
                            "of elements 32k..32k+31, one per 32-lane half-wave, as when the "
                            "wave index is computed as threadIdx.x / 32",
                            Count, Groups, Op)
              : fmt::format("result k equals the {} of elements 32k..32k+31 (one 32-lane half-"
                            "wave), not of the 64-lane wavefront k: the wave index is computed as "
                            "threadIdx.x / 32, so each wavefront's second half-wave takes the "
                            "next result slot and the results of the later wavefronts are "
                            "missing",
                            Op);
      Models.push_back(std::move(H));
    }
    Add(ReportKind::ReductionHalfWave,
        fmt::format("every result equals the {} over lanes 32-63 of each wavefront only: both "
                    "half-waves store into the same result slot (a lane test such as "
                    "threadIdx.x % 32 == 0) and the second half-wave's store lands last",
                    Op),
        Hi, HiAbs);
    if (S.Op == ReduceOp::Sum) {
      Doubles LoTwice(Lo.size()), HiTwice(Lo.size()), LoTwiceAbs(Lo.size()),
          HiTwiceAbs(Lo.size());
      for (size_t K = 0; K < Lo.size(); ++K) {
        LoTwice[K] = 2 * Lo[K];
        HiTwice[K] = Lo[K] + 2 * Hi[K];
        LoTwiceAbs[K] = 2 * LoAbs[K];
        HiTwiceAbs[K] = LoAbs[K] + 2 * HiAbs[K];
      }
      Add(ReportKind::ReductionHalfWave,
          "every result equals twice the sum over lanes 0-31 of each wavefront: the second "
          "half-wave is missing and the first is counted twice, as when lanes 32-63 read the "
          "first half-wave's partials through an index taken modulo 32",
          LoTwice, LoTwiceAbs);
      Add(ReportKind::ReductionHalfWave,
          "every result counts lanes 32-63 of each wavefront twice: the second half-wave's "
          "partial is duplicated, as when lanes 0-31 and 32-63 both add the upper half's value "
          "(an index taken modulo 32 into a per-wave array)",
          HiTwice, HiTwiceAbs);
    }
  }

  const Model *Found = nullptr;
  if (Count > 0)
    for (const Model &M : Models) {
      bool CountOk = Count == Groups ||
                     (M.Kind == ReportKind::ReductionHalfWave && M.Values.size() == Count &&
                      Count == 2 * Groups);
      if (CountOk && explains(M, User, Count)) {
        Found = &M;
        break;
      }
    }

  std::string Details;
  if (Count != Groups)
    Details += fmt::format("the kernel returned {} results; expected {} ({} of {} elements)\n",
                           Count, Groups, scopeText(S), N);
  Details += fmt::format("{} of {} results differ from the {} reference beyond the tolerance "
                         "(max {} ulp of {})\n",
                         T.Mismatches, Common, backendName(O.Reference), ulpText(T.MaxUlp),
                         dtypeName(S.Acc));
  Details += fmt::format("reduction: {}\n", What);
  if (Found) {
    Details += "diagnosis: " + Found->Diagnosis + "\n";
    R.Diagnosis = Found->Diagnosis;
  }
  std::vector<Element> Worst = T.worst();
  if (!Worst.empty()) {
    Details += "worst results (index: user, reference, distance, tolerance):\n";
    for (const Element &E : Worst)
      Details += fmt::format("  [{}]: user {}, reference {}, {} ulp, tolerance {:.3g}\n", E.Index,
                             value(E.User, S.Acc), value(E.Ref, S.Acc), ulpText(E.Ulp), E.Tol);
  }
  Details += fmt::format("ulp histogram ({} results by distance in ulp of {}): {}\n", T.Compared,
                         dtypeName(S.Acc), histogramLine(T));
  Details += S.Op == ReduceOp::Sum
                 ? fmt::format("tolerance: gamma_n(u) * sum|x_i| over the n elements of each "
                               "result, u = 2^{} ({}), plus the reference's own error "
                               "(Higham 2002, eq. 4.4; docs/wavesan-check.md)",
                               S.Acc == DType::F32 ? -24 : -53, dtypeName(S.Acc))
                 : std::string("tolerance: none, a minimum or maximum never rounds "
                               "(docs/wavesan-check.md)");
  if (outputRounds(S, O.OutType))
    Details += fmt::format(", + the rounding of each result to the output dtype {}: "
                           "u_out * |reference| (Higham 2002, Theorem 2.2)",
                           dtypeName(O.OutType));
  finishFailure(R, Found ? Found->Kind : ReportKind::ReductionMismatch, Details, O);
  return R;
}

} // namespace wavesan
