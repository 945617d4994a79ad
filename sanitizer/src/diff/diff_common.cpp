//===--- diff_common.cpp - comparison, histogram and report text ---------===//
#include "diff_common.h"
#include "bulk.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <limits>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <stdexcept>
#include <unistd.h>

namespace wavesan {

double gamma(double N, double U) {
  double NU = N * U;
  return NU >= 1 ? std::numeric_limits<double>::infinity() : NU / (1 - NU);
}

double unitRoundoff(DType T) {
  switch (T) {
  case DType::F32: return std::ldexp(1.0, -24);
  case DType::F64: return std::ldexp(1.0, -53);
  case DType::F16: return std::ldexp(1.0, -11);
  case DType::BF16: return std::ldexp(1.0, -8);
  case DType::E4M3Ocp:
  case DType::E4M3Fnuz: return std::ldexp(1.0, -4);
  case DType::E5M2Ocp:
  case DType::E5M2Fnuz: return std::ldexp(1.0, -3);
  case DType::I32: return 0;
  }
  return 0;
}

namespace {
/// Precision p (significand bits, implicit bit included) and the exponent of
/// the smallest normal number, from IEEE 754-2019 table 3.5 and the OCP 8-bit
/// floating point specification v1.0 (FNUZ: docs/hardware.md).
struct Format {
  int P, EMin;
};
Format formatOf(DType T) {
  switch (T) {
  case DType::F32: return {24, -126};
  case DType::F64: return {53, -1022};
  case DType::F16: return {11, -14};
  case DType::BF16: return {8, -126};
  case DType::E4M3Ocp: return {4, -6};
  case DType::E4M3Fnuz: return {4, -7};
  case DType::E5M2Ocp: return {3, -14};
  case DType::E5M2Fnuz: return {3, -15};
  default: return {0, 0};
  }
}
} // namespace

double ulpDistance(double User, double Ref, DType T) {
  bool UN = std::isnan(User), RN = std::isnan(Ref);
  if (UN || RN)
    return UN && RN ? 0 : std::numeric_limits<double>::infinity();
  if (std::isinf(User) || std::isinf(Ref))
    return User == Ref ? 0 : std::numeric_limits<double>::infinity();
  if (T == DType::I32)
    return std::fabs(User - Ref);
  Format F = formatOf(T);
  int E = F.EMin;
  if (Ref != 0) {
    std::frexp(Ref, &E); // Ref = m * 2^E, m in [0.5, 1): floor(log2 |Ref|) = E - 1
    E -= 1;
  }
  E = std::max(E, F.EMin);
  return std::fabs(User - Ref) / std::ldexp(1.0, E - F.P + 1);
}

namespace diff_detail {

bool within(double User, double Ref, double Tol) {
  if (std::isnan(User) || std::isnan(Ref))
    return std::isnan(User) && std::isnan(Ref);
  if (std::isinf(User) || std::isinf(Ref))
    return User == Ref;
  return std::fabs(User - Ref) <= Tol;
}

namespace {
bool worse(const Element &A, const Element &B) { // heap order: the least bad on top
  if (A.Ulp != B.Ulp)
    return A.Ulp > B.Ulp;
  return A.Index < B.Index;
}
} // namespace

Tally::Tally(DType UlpType, size_t Worst) : UlpType(UlpType), Worst(Worst) {
  Format F = formatOf(UlpType);
  P = F.P;
  EMin = F.EMin;
}

void Tally::insertWorst(const Element &E) {
  if (Heap.size() < Worst) {
    Heap.push_back(E);
    std::push_heap(Heap.begin(), Heap.end(), worse);
  } else if (worse(E, Heap.front())) {
    std::pop_heap(Heap.begin(), Heap.end(), worse);
    Heap.back() = E;
    std::push_heap(Heap.begin(), Heap.end(), worse);
  }
}

bool Tally::add(size_t Index, double User, double Ref, double Tol) {
  ++Compared;
  double Ulp = ulpDistance(User, Ref, UlpType);
  size_t Bin = Ulp == 0          ? 0
               : Ulp <= 1        ? 1
               : Ulp <= 4        ? 2
               : Ulp <= 16       ? 3
               : Ulp <= 256      ? 4
               : Ulp <= 65536    ? 5
               : std::isinf(Ulp) ? 7
                                 : 6;
  ++Histogram[Bin];
  if (within(User, Ref, Tol))
    return true;
  ++Mismatches;
  MaxUlp = std::max(MaxUlp, Ulp);
  if (Worst > 0)
    insertWorst(Element{Index, User, Ref, Ulp, Tol});
  return false;
}

namespace {

/// Counts of the elements [0, Count) that add() would only put in a histogram bin
/// (finite, within tolerance): In (all of them) and, among them, those with
/// distance != 0, > 1, > 4, > 16, > 256, > 65536 and == inf. \p Int: the distance
/// is |User - Ref| (i32); else |User - Ref| / (max(2^floor(log2 |Ref|), MinNormal)
/// * ToUlp), where 2^floor(log2 |Ref|) is Ref with its sign and significand bits
/// cleared (0 for zero and subnormals): the power of two ulpDistance() divides by,
/// so the same quotient.
struct FastCounts {
  uint64_t In = 0, NZ = 0, G1 = 0, G4 = 0, G16 = 0, G256 = 0, G64K = 0, GInf = 0;
};

constexpr uint64_t ExpBits = 0x7ff0000000000000ull;
constexpr double Inf = std::numeric_limits<double>::infinity();

void countScalar(FastCounts &C, size_t Begin, size_t End, const double *User, const double *Ref,
                 const double *Tol, bool Int, double MinNormal, double ToUlp) {
  for (size_t I = Begin; I < End; ++I) {
    const double D = std::fabs(User[I] - Ref[I]);
    const double Pow = std::bit_cast<double>(std::bit_cast<uint64_t>(Ref[I]) & ExpBits);
    const double Ulp = Int ? D : D / (std::max(Pow, MinNormal) * ToUlp);
    const uint64_t In = (D <= Tol[I]) & (D <= DBL_MAX); // NaN, inf: not counted here
    C.In += In;
    C.NZ += In & (Ulp != 0);
    C.G1 += In & (Ulp > 1);
    C.G4 += In & (Ulp > 4);
    C.G16 += In & (Ulp > 16);
    C.G256 += In & (Ulp > 256);
    C.G64K += In & (Ulp > 65536);
    C.GInf += In & (Ulp == Inf);
  }
}

#if defined(__SSE2__)
/// countScalar on two elements at a time (SSE2, every x86-64): the compiler does not
/// vectorise the scalar loop (the comparisons feed integer counters). Returns the
/// number of elements done (Count rounded down to even).
template <bool Int, bool Recip>
size_t countSse2(FastCounts &C, size_t Count, const double *User, const double *Ref,
                 const double *Tol, double MinNormal, double ToUlp) {
  const __m128d AbsMask = _mm_castsi128_pd(_mm_set1_epi64x(0x7fffffffffffffffll));
  const __m128d ExpMask = _mm_castsi128_pd(_mm_set1_epi64x(static_cast<long long>(ExpBits)));
  const __m128d Max = _mm_set1_pd(DBL_MAX), MinN = _mm_set1_pd(MinNormal),
                To = _mm_set1_pd(ToUlp), Zero = _mm_setzero_pd(), One = _mm_set1_pd(1),
                Four = _mm_set1_pd(4), T16 = _mm_set1_pd(16), T256 = _mm_set1_pd(256),
                T64K = _mm_set1_pd(65536), InfV = _mm_set1_pd(Inf);
  // 2^-e has the exponent field 2046 - (e + 1023) when 2^e has e + 1023.
  const __m128i RecipBits = _mm_set1_epi64x(2046ll << 52);
  __m128i In = _mm_setzero_si128(), NZ = In, G1 = In, G4 = In, G16 = In, G256 = In, G64K = In,
          GInf = In;
  // A true comparison is all ones (-1 as int64): subtracting it counts one.
  auto Add = [](__m128i &Acc, __m128d Mask) { Acc = _mm_sub_epi64(Acc, _mm_castpd_si128(Mask)); };
  size_t I = 0;
  for (; I + 2 <= Count; I += 2) {
    const __m128d R = _mm_loadu_pd(Ref + I);
    const __m128d D = _mm_and_pd(_mm_sub_pd(_mm_loadu_pd(User + I), R), AbsMask);
    const __m128d M = _mm_and_pd(_mm_cmple_pd(D, _mm_loadu_pd(Tol + I)), _mm_cmple_pd(D, Max));
    __m128d U = D;
    if constexpr (!Int) {
      const __m128d Den = _mm_mul_pd(_mm_max_pd(_mm_and_pd(R, ExpMask), MinN), To);
      if constexpr (Recip) // Den = 2^e, e in [-1022, 1022]: D * 2^-e is D / Den, exactly
        U = _mm_mul_pd(D, _mm_castsi128_pd(_mm_sub_epi64(RecipBits, _mm_castpd_si128(Den))));
      else
        U = _mm_div_pd(D, Den);
    }
    Add(In, M);
    Add(NZ, _mm_and_pd(M, _mm_cmpneq_pd(U, Zero)));
    Add(G1, _mm_and_pd(M, _mm_cmpgt_pd(U, One)));
    Add(G4, _mm_and_pd(M, _mm_cmpgt_pd(U, Four)));
    Add(G16, _mm_and_pd(M, _mm_cmpgt_pd(U, T16)));
    Add(G256, _mm_and_pd(M, _mm_cmpgt_pd(U, T256)));
    Add(G64K, _mm_and_pd(M, _mm_cmpgt_pd(U, T64K)));
    Add(GInf, _mm_and_pd(M, _mm_cmpeq_pd(U, InfV)));
  }
  auto Sum = [](__m128i V) {
    uint64_t L[2];
    _mm_storeu_si128(reinterpret_cast<__m128i *>(L), V);
    return L[0] + L[1];
  };
  C.In += Sum(In);
  C.NZ += Sum(NZ);
  C.G1 += Sum(G1);
  C.G4 += Sum(G4);
  C.G16 += Sum(G16);
  C.G256 += Sum(G256);
  C.G64K += Sum(G64K);
  C.GInf += Sum(GInf);
  return I;
}
#endif

} // namespace

void Tally::addBlock(size_t Begin, size_t Count, const double *User, const double *Ref,
                     const double *Tol) {
  // For finite User and Ref with |User - Ref| <= Tol, add() counts the element in the
  // histogram bin of ulpDistance() and does nothing else: count those without branches,
  // then hand the others (NaN, inf, beyond tolerance) to add().
  const bool Int = UlpType == DType::I32;
  const double MinNormal = std::ldexp(1.0, EMin), ToUlp = std::ldexp(1.0, 1 - P);
  FastCounts C;
  size_t Done = 0;
#if defined(__SSE2__)
  // Recip: every divisor (>= MinNormal * ToUlp = 2^(emin + 1 - p), <= 2^(1023 + 1 - p))
  // is a normal power of two whose reciprocal is one too: not for f64 (2^-1074).
  const bool Recip = EMin + 1 - P >= -1022;
  Done = Int     ? countSse2<true, false>(C, Count, User, Ref, Tol, MinNormal, ToUlp)
         : Recip ? countSse2<false, true>(C, Count, User, Ref, Tol, MinNormal, ToUlp)
                 : countSse2<false, false>(C, Count, User, Ref, Tol, MinNormal, ToUlp);
#endif
  countScalar(C, Done, Count, User, Ref, Tol, Int, MinNormal, ToUlp);
  Compared += C.In;
  Histogram[0] += C.In - C.NZ;
  Histogram[1] += C.NZ - C.G1;
  Histogram[2] += C.G1 - C.G4;
  Histogram[3] += C.G4 - C.G16;
  Histogram[4] += C.G16 - C.G256;
  Histogram[5] += C.G256 - C.G64K;
  Histogram[6] += C.G64K - C.GInf;
  Histogram[7] += C.GInf;
  if (C.In == Count)
    return;
  for (size_t I = 0; I < Count; ++I) {
    const double D = std::fabs(User[I] - Ref[I]);
    if (!(D <= Tol[I] && D <= DBL_MAX))
      add(Begin + I, User[I], Ref[I], Tol[I]);
  }
}

void Tally::merge(const Tally &O) {
  Compared += O.Compared;
  Mismatches += O.Mismatches;
  MaxUlp = std::max(MaxUlp, O.MaxUlp);
  for (size_t I = 0; I < Bins; ++I)
    Histogram[I] += O.Histogram[I];
  for (const Element &E : O.Heap)
    insertWorst(E);
}

Tally compareAll(size_t Count, DType UlpType, size_t Worst, unsigned Threads,
                 const CompareFill &Fill) {
  const unsigned W = workerCount(Threads);
  std::vector<Tally> Parts(W, Tally(UlpType, Worst));
  forChunks(Count, CompareChunk, W, [&](size_t B, size_t E, unsigned K) {
    double U[CompareBlock], R[CompareBlock], T[CompareBlock];
    for (size_t X = B; X < E; X += CompareBlock) {
      const size_t Y = std::min(E, X + CompareBlock);
      Fill(X, Y, U, R, T);
      Parts[K].addBlock(X, Y - X, U, R, T);
    }
  });
  for (size_t K = 1; K < Parts.size(); ++K)
    Parts[0].merge(Parts[K]);
  return std::move(Parts[0]);
}

std::vector<Element> Tally::worst() const {
  std::vector<Element> Out = Heap;
  std::sort(Out.begin(), Out.end(), worse);
  return Out;
}

std::string histogramLine(const Tally &T) {
  static const char *const Names[Tally::Bins] = {"0",     "<=1",      "<=4",    "<=16",
                                                 "<=256", "<=65536", ">65536", "nan/inf"};
  std::string S;
  for (size_t I = 0; I < Tally::Bins; ++I)
    S += fmt::format("{}{}: {}", I ? ", " : "", Names[I], T.Histogram[I]);
  return S;
}

std::string value(double V, DType T) {
  if (T == DType::F64 || T == DType::I32)
    return fmt::format("{}", V);
  return fmt::format("{}", static_cast<float>(V));
}

std::string ulpText(double Ulp) {
  if (std::isinf(Ulp))
    return "inf";
  if (Ulp < 1e9 && Ulp == std::floor(Ulp))
    return fmt::format("{:.0f}", Ulp);
  return fmt::format("{:.3g}", Ulp);
}

void finishFailure(DiffResult &R, ReportKind Kind, const std::string &Details,
                   const DiffOptions &O) {
  R.Pass = false;
  R.Kind = kindName(Kind);
  R.Rule = ruleId(Kind);
  ReportLocation W;
  std::string Function = plainFunctionName(O.Function ? O.Function : O.Where.function_name());
  W.File = O.File ? O.File : O.Where.file_name();
  W.Line = O.File ? O.Line : O.Where.line();
  W.Kernel = O.Label;
  W.Function = Function.empty() ? nullptr : Function.c_str();
  W.Scope = ReportScope::Launch;
  R.Report = formatReport(Kind, W, Details, ReportFormat::Text, static_cast<long>(getpid()));
  if (O.Emit)
    report(Kind, W, Details);
}

void validateOptions(const DiffOptions &O, const char *Caller) {
  if (!(O.ToleranceScale >= 0) || std::isinf(O.ToleranceScale))
    throw std::invalid_argument(fmt::format(
        "wavesan: {}: DiffOptions::ToleranceScale is {}; expected a finite number >= 0",
        Caller, O.ToleranceScale));
}

} // namespace diff_detail
} // namespace wavesan
