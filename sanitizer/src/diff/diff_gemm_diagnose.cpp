//===--- diff_gemm_diagnose.cpp - known signatures of wrong GEMM output ---===//
///
/// \file
/// Each signature is a model of a real bug, computed on the same inputs, and is
/// named only when it explains EVERY element of the kernel's C within the
/// tolerance (docs/wavesan-check.md, "Diagnoses"):
///   1. an FP8 operand read in the other encoding of its width (OCP <-> FNUZ):
///      the GEMM recomputed with A, B or both decoded that way
///      (fp8-format-target-mismatch; docs/hardware.md: the same byte is half the value
///      in FNUZ, OCP -0 = 0x80 is NaN there);
///   2. C off by exactly 2x, 4x, 0.5x or 0.25x (a dequantisation scale doubled
///      or dropped; fp8-format-target-mismatch when an operand is FP8);
///   3. C stored in the other layout (transposed store);
///   4. the K steps past the last multiple of 16, 32, 64, 128 or 256 missing;
///   5. C all zero: never written (gemm-mismatch with that diagnosis; checked
///      before 4, whose K = 0 would otherwise "explain" it);
///   6. wrong or missing 16x16 tiles while all other tiles are right.
///
//===----------------------------------------------------------------------===//
#include "gemm_internal.h"

#include <fmt/format.h>

#include <cmath>
#include <set>

namespace wavesan::diff_detail {
namespace {

/// The other encoding of the same FP8 width, or the type itself.
DType swapped(DType T) {
  switch (T) {
  case DType::E4M3Ocp: return DType::E4M3Fnuz;
  case DType::E4M3Fnuz: return DType::E4M3Ocp;
  case DType::E5M2Ocp: return DType::E5M2Fnuz;
  case DType::E5M2Fnuz: return DType::E5M2Ocp;
  default: return T;
  }
}

std::string formatSwap(const GemmContext &C) {
  const GemmSpec &S = C.Spec;
  const bool FA = dtypeIsFp8(S.AType), FB = dtypeIsFp8(S.BType);
  struct Try {
    bool A, B;
  };
  const Try Tries[] = {{true, false}, {false, true}, {true, true}};
  bool Match[3] = {false, false, false};
  for (int I = 0; I < 3; ++I) {
    const Try &T = Tries[I];
    if ((T.A && !FA) || (T.B && !FB) || (I == 2 && (Match[0] || Match[1])))
      continue;
    std::vector<float> MA, MB;
    if (T.A)
      MA = decodeToF32(swapped(S.AType), C.ARaw, S.M * S.K, "A");
    if (T.B)
      MB = decodeToF32(swapped(S.BType), C.BRaw, S.K * S.N, "B");
    // The tolerance from the model's own operands: the declared decoding may hold NaN
    // (FNUZ 0x80) where this one is finite (OCP -0), and |values| differ up to 4x.
    const std::vector<float> &UA = T.A ? MA : C.A, &UB = T.B ? MB : C.B;
    const FloatBuffer Abs = C.absProduct(UA, UB);
    Match[I] = C.explains(C.model(UA, UB, S.K).data(), 1, Abs.data());
  }
  if (!Match[0] && !Match[1] && !Match[2])
    return "";
  auto One = [](const char *Name, DType Data) {
    return fmt::format("{}'s {} bytes were read as {}", Name, dtypeName(Data),
                       dtypeName(swapped(Data)));
  };
  std::string What;
  if (Match[0] && Match[1]) // e.g. both halve C: the data cannot tell which operand
    What = S.AType == S.BType
               ? fmt::format("A's or B's {} bytes were read as {} (either gives this C)",
                             dtypeName(S.AType), dtypeName(swapped(S.AType)))
               : One("A", S.AType) + " or " + One("B", S.BType) + " (either gives this C)";
  else if (Match[2])
    What = One("A", S.AType) + " and " + One("B", S.BType);
  else
    What = Match[0] ? One("A", S.AType) : One("B", S.BType);
  DType Misread = Match[1] && !Match[0] ? S.BType : S.AType;
  bool ToFnuz = !fp8IsFnuz(dtypeFp8Format(Misread));
  return fmt::format(
      "C matches the GEMM in which {}: {}", What,
      ToFnuz ? "an OCP byte read as FNUZ is half its value (FNUZ's bias is one larger) and OCP "
               "-0 (0x80) is FNUZ's NaN, as when OCP data reaches a gfx942 FP8 kernel"
             : "an FNUZ byte read as OCP is twice its value and FNUZ's NaN (0x80) becomes -0, "
               "as when FNUZ data reaches an OCP (gfx950, gfx12) FP8 kernel");
}

std::string ratio(const GemmContext &C, bool &Fp8) {
  const GemmSpec &S = C.Spec;
  Fp8 = dtypeIsFp8(S.AType) || dtypeIsFp8(S.BType);
  for (double F : {2.0, 4.0, 0.5, 0.25}) {
    std::vector<float> M(C.User.size());
    for (size_t I = 0; I < M.size(); ++I) {
      double BetaC = static_cast<double>(S.Beta) * C.c0(I);
      M[I] = roundTo(S.CType, static_cast<float>(F * (C.Ref[I] - BetaC) + BetaC));
    }
    if (!C.explains(M.data(), F))
      continue;
    std::string Times = fmt::format("{}x", F);
    if (Fp8)
      return fmt::format("every element of alpha * op(A) * op(B) is exactly {} the reference: "
                         "FP8 values decoded with the other format's exponent bias (OCP read as "
                         "FNUZ halves a value, FNUZ read as OCP doubles it) or an OCP -> FNUZ "
                         "conversion without (or with twice) the x2 scale",
                         Times);
    return fmt::format("every element of alpha * op(A) * op(B) is exactly {} the reference: a "
                       "scale or alpha applied twice or not at all",
                       Times);
  }
  return "";
}

bool transposed(const GemmContext &C) {
  const GemmSpec &S = C.Spec;
  if (S.M < 2 || S.N < 2)
    return false;
  std::vector<float> M(C.User.size());
  // The kernel's buffer read in the other layout, compared with the reference.
  for (size_t I = 0; I < M.size(); ++I) {
    size_t R = C.row(I), Col = C.col(I);
    size_t Other = S.C == Layout::RowMajor ? R + Col * S.M : R * S.N + Col;
    M[I] = C.User[Other];
  }
  for (size_t I = 0; I < M.size(); ++I)
    if (!within(M[I], C.Ref[I], C.tolerance(I, C.Ref[I])))
      return false;
  return true;
}

std::string kTail(const GemmContext &C) {
  const GemmSpec &S = C.Spec;
  std::set<size_t> Tried;
  for (size_t Tile : {16, 32, 64, 128, 256}) {
    size_t K = S.K / Tile * Tile;
    // K = 0 would "explain" a C that was never written (all zero, or beta * C): that is
    // no dropped tail (allZero names it).
    if (K == 0 || K == S.K || !Tried.insert(K).second)
      continue;
    if (C.explains(C.model(C.A, C.B, K).data()))
      return fmt::format("C matches the GEMM over the first {} of K = {} steps: the last {} K "
                         "steps (K mod {}) are missing, as when the K loop runs K / {} full "
                         "tiles and drops the remainder",
                         K, S.K, S.K - K, Tile, Tile);
  }
  return "";
}

/// Every element of C is zero although the reference is not: the kernel never wrote C
/// (not launched, wrong buffer, or an early return), C kept the zeros it was cleared to.
std::string allZero(const GemmContext &C) {
  for (float V : C.User)
    if (V != 0)
      return "";
  return fmt::format("C is all zero: never written (all {} elements are 0 and the reference is "
                     "not), as when the kernel was not launched, returned early or wrote to "
                     "another buffer",
                     C.User.size());
}

std::string tiles(const GemmContext &C) {
  const GemmSpec &S = C.Spec;
  const size_t TR = (S.M + 15) / 16, TC = (S.N + 15) / 16, NT = TR * TC;
  std::vector<size_t> Bad(NT, 0), Size(NT, 0), Zero(NT, 0), Nan(NT, 0);
  for (size_t I = 0; I < C.User.size(); ++I) {
    size_t T = C.row(I) / 16 * TC + C.col(I) / 16;
    ++Size[T];
    Zero[T] += C.User[I] == 0;
    Nan[T] += std::isnan(C.User[I]);
    Bad[T] += !within(C.User[I], C.Ref[I], C.tolerance(I, C.Ref[I]));
  }
  std::vector<size_t> Wrong;
  for (size_t T = 0; T < NT; ++T) {
    if (!Bad[T])
      continue;
    if (2 * Bad[T] < Size[T]) // a few bad elements: not a tile-shaped error
      return "";
    Wrong.push_back(T);
  }
  if (Wrong.empty() || Wrong.size() == NT)
    return "";
  auto Name = [&](size_t T) {
    size_t R0 = T / TC * 16, C0 = T % TC * 16;
    return fmt::format("rows {}-{}, columns {}-{}", R0, std::min(S.M, R0 + 16) - 1, C0,
                       std::min(S.N, C0 + 16) - 1);
  };
  // A wrong tile that holds another tile's reference values: a tile index mix-up.
  auto Source = [&](size_t T) -> std::string {
    if (Wrong.size() > 16 || NT > 4096)
      return "";
    for (size_t U = 0; U < NT; ++U) {
      if (U == T || Size[U] != Size[T])
        continue;
      bool Same = true;
      for (size_t I = 0; I < C.User.size() && Same; ++I) {
        if (C.row(I) / 16 * TC + C.col(I) / 16 != T)
          continue;
        size_t R = C.row(I) - T / TC * 16 + U / TC * 16, Col = C.col(I) - T % TC * 16 + U % TC * 16;
        if (R >= S.M || Col >= S.N) {
          Same = false;
          break;
        }
        size_t J = S.C == Layout::RowMajor ? R * S.N + Col : R + Col * S.M;
        Same = within(C.User[I], C.Ref[J], C.tolerance(J, C.Ref[J]));
      }
      if (Same)
        return " (it holds the reference of tile " + Name(U) + ")";
    }
    return "";
  };
  std::string List;
  for (size_t K = 0; K < Wrong.size() && K < 4; ++K) {
    size_t T = Wrong[K];
    const char *State = Zero[T] == Size[T] ? "all zero"
                        : Nan[T] == Size[T] ? "all NaN"
                                            : "wrong values";
    List += fmt::format("{}{} ({}{})", K ? "; " : "", Name(T), State,
                        Zero[T] == Size[T] || Nan[T] == Size[T] ? "" : Source(T));
  }
  if (Wrong.size() > 4)
    List += fmt::format("; and {} more", Wrong.size() - 4);
  return fmt::format("{} of the {} 16x16 tiles of C {} wrong and every other tile matches: {}; "
                     "a tile was never written or written from the wrong tile index",
                     Wrong.size(), NT, Wrong.size() == 1 ? "is" : "are", List);
}

} // namespace

GemmDiagnosis diagnoseGemm(const GemmContext &C) {
  GemmDiagnosis D;
  if (std::string T = formatSwap(C); !T.empty())
    return {ReportKind::GemmFp8Format, T};
  bool Fp8 = false;
  if (std::string T = ratio(C, Fp8); !T.empty())
    return {Fp8 ? ReportKind::GemmFp8Format : ReportKind::GemmMismatch, T};
  if (transposed(C))
    return {ReportKind::GemmTransposedOutput,
            C.Spec.M == C.Spec.N
                ? fmt::format("C holds the transpose of the reference: element (i, j) was "
                              "stored at (j, i), as when a {} C is written in {} order",
                              C.Spec.C == Layout::RowMajor ? "row-major" : "column-major",
                              C.Spec.C == Layout::RowMajor ? "column-major" : "row-major")
                : fmt::format("C was stored {} although it is {}: the buffer read in the other "
                              "layout matches the reference",
                              C.Spec.C == Layout::RowMajor ? "column-major" : "row-major",
                              C.Spec.C == Layout::RowMajor ? "row-major" : "column-major")};
  if (std::string T = allZero(C); !T.empty())
    return {ReportKind::GemmMismatch, T};
  if (std::string T = kTail(C); !T.empty())
    return {ReportKind::GemmKTailMissing, T};
  if (std::string T = tiles(C); !T.empty())
    return {ReportKind::GemmTileMismatch, T};
  return D;
}

} // namespace wavesan::diff_detail
