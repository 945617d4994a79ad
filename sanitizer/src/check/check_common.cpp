//===--- check_common.cpp - comparison, histogram and report text ---------===//
#include "check_common.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
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

namespace check_detail {

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
  if (Worst == 0)
    return false;
  Element E{Index, User, Ref, Ulp, Tol};
  if (Heap.size() < Worst) {
    Heap.push_back(E);
    std::push_heap(Heap.begin(), Heap.end(), worse);
  } else if (worse(E, Heap.front())) {
    std::pop_heap(Heap.begin(), Heap.end(), worse);
    Heap.back() = E;
    std::push_heap(Heap.begin(), Heap.end(), worse);
  }
  return false;
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

void finishFailure(CheckResult &R, ReportKind Kind, const std::string &Details,
                   const CheckOptions &O) {
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

void validateOptions(const CheckOptions &O, const char *Caller) {
  if (!(O.ToleranceScale >= 0) || std::isinf(O.ToleranceScale))
    throw std::invalid_argument(fmt::format(
        "wavesan: {}: CheckOptions::ToleranceScale is {}; expected a finite number >= 0",
        Caller, O.ToleranceScale));
}

} // namespace check_detail
} // namespace wavesan
